/* demos.h: the registry of demos, one row each (plain C, no CUDA).
 *
 * Every list of demos is made from this table: the programs the build
 * makes and `make install` copies (demos/demos.mk reads each row's
 * first word), the names `cudakitchen demo` runs and `--help` lists, the
 * `demo:` and `block:` names lessons may use, the screens `open` knows,
 * the sizes each variant record must carry, and each screen's view and
 * sizes.  What belongs to one demo's ladder (the quiz's variant ids,
 * traffic models) is keyed by its row's enum, CK_DEMO_<id> (src/core/demo.h).  Nothing else names a demo: code that needs one
 * demo (the GPU map runs devinfo, the tiling block matmul) names its row's
 * enum, which stops compiling when the row goes.
 *
 * Adding a demo whose results one of the existing views draws: a row here,
 * its preset table below, and its folder demos/NAME/ (demos/README.md,
 * "Adding a demo").  The rows are in the course's order, which is the
 * order every list shows.
 *
 * The columns of a row, in order:
 *   id         the program's name, the screen's, the records' `demo:`
 *   view       which view draws its results (src/tui/screens/demo_ops.c):
 *              bars (bars of time, a roofline, sizes), attn (the bars
 *              and the attention ladder's memory line), curve (bandwidth
 *              against size), timeline (stream timelines), launch (block
 *              and grid sweeps), card (the device's figures), multi
 *              (the link grid, bus bandwidth by size, scaling bars)
 *   title      the screen's title, a message of src/core/i18n_msgs.h
 *   sizes      the size fields every variant record must carry
 *   size_text  how a record's size reads ("{m}x{n}x{k}": its fields);
 *              "" for views that say it their own way
 *   sweep      the recorded size sweep its `c` view draws, in
 *              demos/results/, or NULL
 *   name       the demo's name on its help page, a message: its id in
 *              English, a word in Chinese
 *
 * Keep each row on one line, starting with X, the bracket and the id and
 * its comma, no space between: the build reads the names from there
 * without a C compiler. */
#ifndef CK_DEMOS_H
#define CK_DEMOS_H

#define CK_DEMOS(X) \
X(matmul, bars, MSG_DEMO_MATMUL_TITLE, "m n k", "{m}x{n}x{k}", "h200-sweep.yaml", MSG_DN_MATMUL) \
X(conv, bars, MSG_DEMO_CONV_TITLE, "n c h w k r s", "N{n} C{c} H{h} W{w} K{k} {r}x{s}", NULL, MSG_DN_CONV) \
X(devinfo, card, MSG_DEMO_DEVINFO_TITLE, "", "", NULL, MSG_DN_DEVINFO) \
X(transfer, curve, MSG_DEMO_TRANSFER_TITLE, "bytes memory direction", "", NULL, MSG_DN_TRANSFER) \
X(streams, timeline, MSG_DEMO_STREAMS_TITLE, "streams chunks chunk_bytes flops_per_byte", "", NULL, MSG_DN_STREAMS) \
X(reduce, bars, MSG_DEMO_REDUCE_TITLE, "n", "N={n}", NULL, MSG_DN_REDUCE) \
X(launch, launch, MSG_DEMO_LAUNCH_TITLE, "n", "N={n}", NULL, MSG_DN_LAUNCH) \
X(attention, attn, MSG_DEMO_ATTENTION_TITLE, "b h s d causal", "B{b} H{h} S{s} D{d}", NULL, MSG_DN_ATTENTION) \
X(fusion, bars, MSG_DEMO_FUSION_TITLE, "m n k", "GEMM {m}x{n}x{k}", NULL, MSG_DN_FUSION) \
X(multigpu, multi, MSG_DEMO_MULTIGPU_TITLE, "", "", NULL, MSG_DN_MULTIGPU) \
	/* end of the registry */

/* The sizes a demo's screen offers, one table per demo, named
 * CK_PRESETS_<id>:  P(where, start, label, note, args)
 *   where  cpu, gpu or both: offered when the demos will run on the CPU
 *          (no driver, CUDA_VISIBLE_DEVICES empty) or on a GPU
 *   start  1: the size the screen first runs (one per where)
 *   label  the size as the demo prints it
 *   note   what the size is, a message (MSG_DEMO_QUICK...), or MSG_COUNT
 *   args   the demo's arguments, separated by spaces
 * Small enough on a CPU to finish in seconds; on a GPU up to the
 * benchmark sizes. */
#define CK_PRESETS_matmul(P) \
	P(cpu, 0, "128x128x128", MSG_COUNT, "--size 128") \
	P(cpu, 1, "256x256x256", MSG_DEMO_QUICK, "--quick") \
	P(cpu, 0, "384x384x384", MSG_COUNT, "--size 384") \
	P(cpu, 0, "512x512x512", MSG_COUNT, "--size 512") \
	P(gpu, 0, "256x256x256", MSG_DEMO_QUICK, "--quick") \
	P(gpu, 1, "1024x1024x1024", MSG_COUNT, "--size 1024") \
	P(gpu, 0, "2048x2048x2048", MSG_COUNT, "--size 2048") \
	P(gpu, 0, "4096x4096x4096", MSG_DEMO_BENCH, "--size 4096")
#define CK_CONV_28 "--c 32 --h 28 --w 28 --k 32 --r 3 --s 3 --pad 1"
#define CK_CONV_56 "--c 64 --h 56 --w 56 --k 64 --r 3 --s 3 --pad 1"
#define CK_PRESETS_conv(P) \
	P(cpu, 0, "N1 C32 28x28 K32 3x3", MSG_COUNT, "--n 1 " CK_CONV_28) \
	P(cpu, 1, "N4 C32 28x28 K32 3x3", MSG_DEMO_QUICK, "--quick") \
	P(cpu, 0, "N8 C32 28x28 K32 3x3", MSG_COUNT, "--n 8 " CK_CONV_28) \
	P(gpu, 0, "N4 C32 28x28 K32 3x3", MSG_DEMO_QUICK, "--quick") \
	P(gpu, 1, "N8 C64 56x56 K64 3x3", MSG_COUNT, "--n 8 " CK_CONV_56) \
	P(gpu, 0, "N32 C64 56x56 K64 3x3", MSG_DEMO_CONV2X, "--n 32 " CK_CONV_56)
#define CK_PRESETS_devinfo(P) \
	P(both, 1, "", MSG_COUNT, "")
#define CK_PRESETS_transfer(P) \
	P(cpu, 1, "4K .. 16M", MSG_DEMO_QUICK, "--quick") \
	P(cpu, 0, "4K .. 64M", MSG_COUNT, "--max-mib 64") \
	P(gpu, 0, "4K .. 16M", MSG_DEMO_QUICK, "--quick") \
	P(gpu, 1, "4K .. 256M", MSG_COUNT, "--max-mib 256") \
	P(gpu, 0, "4K .. 1G", MSG_DEMO_BENCH, "")
#define CK_PRESETS_streams(P) \
	P(cpu, 1, "4 MiB / 8, 4 FLOP/B", MSG_DEMO_QUICK, "--quick") \
	P(cpu, 0, "4 MiB / 8, 32 FLOP/B", MSG_COUNT, "--quick --flops-per-byte 32") \
	P(gpu, 0, "256 MiB / 16, 16 FLOP/B", MSG_ST_COPY_BOUND, "--flops-per-byte 16") \
	P(gpu, 1, "256 MiB / 16, 1024 FLOP/B", MSG_DEMO_BENCH, "") \
	P(gpu, 0, "256 MiB / 16, 4096 FLOP/B", MSG_ST_COMPUTE_BOUND, "--flops-per-byte 4096")
#define CK_PRESETS_reduce(P) \
	P(cpu, 1, "N=1048583", MSG_DEMO_QUICK, "--quick") \
	P(cpu, 0, "N=4194304", MSG_COUNT, "--n 4194304") \
	P(cpu, 0, "N=16777216", MSG_COUNT, "--n 16777216") \
	P(gpu, 0, "N=1048583", MSG_DEMO_QUICK, "--quick") \
	P(gpu, 0, "N=16777216", MSG_COUNT, "--n 16777216") \
	P(gpu, 1, "N=268435456", MSG_DEMO_BENCH, "--n 268435456")
#define CK_PRESETS_attention(P) \
	P(cpu, 1, "B1 H2 S128 D64", MSG_DEMO_QUICK, "--quick") \
	P(cpu, 0, "B1 H2 S256 D64", MSG_COUNT, "--b 1 --h 2 --s 256") \
	P(gpu, 0, "B1 H2 S128 D64", MSG_DEMO_QUICK, "--quick") \
	P(gpu, 1, "B4 H16 S1024 D64", MSG_COUNT, "") \
	P(gpu, 0, "B4 H16 S4096 D64", MSG_DEMO_BENCH, "--s 4096")
#define CK_FU_CONV(c, hw) "--c " #c " --h " #hw " --w " #hw " --k " #c " --r 3 --s 3 --pad 1"
#define CK_PRESETS_fusion(P) \
	P(cpu, 1, "conv N4 C32 28x28 K32", MSG_DEMO_QUICK, "--quick") \
	P(cpu, 0, "gemm 256x256x256", MSG_DEMO_QUICK, "--quick --op gemm") \
	P(gpu, 1, "conv N32 C64 56x56 K64", MSG_DEMO_FU_CONV2, "--n 32 " CK_FU_CONV(64, 56)) \
	P(gpu, 0, "conv N32 C128 28x28 K128", MSG_DEMO_FU_CONV3, "--n 32 " CK_FU_CONV(128, 28)) \
	P(gpu, 0, "conv N32 C256 14x14 K256", MSG_DEMO_FU_CONV4, "--n 32 " CK_FU_CONV(256, 14)) \
	P(gpu, 0, "conv N32 C512 7x7 K512", MSG_DEMO_FU_CONV5, "--n 32 " CK_FU_CONV(512, 7)) \
	P(gpu, 0, "gemm 8192x3072x768", MSG_DEMO_FU_MLP, "--op gemm --m 8192 --n 3072 --k 768") \
	P(gpu, 0, "gemm 4096x4096x4096", MSG_DEMO_BENCH, "--op gemm --m 4096 --n 4096 --k 4096")
#define CK_PRESETS_multigpu(P) \
	P(cpu, 1, "1G", MSG_MG_PRESET_MODEL, "--quick") \
	P(gpu, 0, "4K .. 16M, 2048^3", MSG_DEMO_QUICK, "--quick") \
	P(gpu, 1, "4K .. 1G, 8192^3", MSG_DEMO_BENCH, "")
#define CK_PRESETS_launch(P) \
	P(cpu, 1, "N=1048576", MSG_DEMO_QUICK, "--quick") \
	P(cpu, 0, "N=16777216", MSG_COUNT, "--n 16777216") \
	P(gpu, 0, "N=4194304", MSG_DEMO_QUICK, "--quick") \
	P(gpu, 1, "N=134217728", MSG_DEMO_BENCH, "--n 134217728")
#endif
