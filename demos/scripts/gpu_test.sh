#!/bin/sh
# gpu_test.sh [BIN_DIR]: the demos' acceptance run on a machine with a GPU
# (`make gpu-test`). Every GPU and CPU variant of matmul, conv, transfer,
# streams, reduce, fusion and attention is checked at odd sizes, and every launch series at odd
# n (correctness only: --reps 1); multigpu runs what one GPU can and, where
# there are two or more, what needs them; then the hand-written kernels (and CUB)
# run under compute-sanitizer memcheck, racecheck, initcheck and synccheck. Logs
# go to BIN_DIR/gpu-test (also packed into $OUT/gpu-test-logs.tgz when OUT is
# set); a short table is printed last.
# GPU_TEST_PARTS (default: all of them, in this order) runs some parts only,
# so that a machine whose commands stop at 10 minutes runs the whole test in
# several commands: checks memcheck racecheck initcheck synccheck multigpu
# drills profile. The last line names the parts run when they are not all.
# Exit 0 only if every step passed; 2 for a part that does not exist.
set -u
BIN=${1:-build/demos}
LOG=$BIN/gpu-test
mkdir -p "$LOG"
SUM=$LOG/summary.txt
: >"$SUM"
FAIL=0
SAN=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
ALL_PARTS="checks memcheck racecheck initcheck synccheck multigpu drills profile"
PARTS=" ${GPU_TEST_PARTS:-$ALL_PARTS} "
for p in $PARTS; do
    case " $ALL_PARTS " in
    *" $p "*) ;;
    *) echo "gpu_test: no part '$p' (GPU_TEST_PARTS takes: $ALL_PARTS)" >&2; exit 2 ;;
    esac
done
part() { case $PARTS in *" $1 "*) return 0 ;; esac; return 1; }

# table_rows FILE OPENING: the rows ("    {...") of the C table in FILE whose
# first line starts with OPENING, up to its closing "};"
table_rows() {
    sed -n "/^$2/,/^};/p" "$1" | grep -c '^    {'
}

record() { # name status detail
    printf '%-44s %-5s %s\n' "$1" "$2" "$3" >>"$SUM"
    [ "$2" = ok ] || FAIL=1
}

# run_demo NAME PROGRAM ARGS...: exit 0, a live device record, no ok: false
# (except cuDNN algorithms reported as not supported for the shape)
run_demo() {
    name=$1; shift
    "$@" --format yaml >"$LOG/$name.log" 2>&1
    rc=$?
    n=$(grep -c '^- {record: "variant"' "$LOG/$name.log")
    # a cuDNN algorithm that does not support the shape is reported, not failed
    bad=$(grep 'ok: false' "$LOG/$name.log" | grep -vc 'error: "not supported')
    live=$(grep -c '^- {record: "device".*live: true' "$LOG/$name.log")
    [ "$name" = devinfo ] && n=1 # the device record alone
    if [ "$rc" -eq 0 ] && [ "$bad" -eq 0 ] && [ "$live" -eq 1 ] && [ "$n" -gt 0 ]; then
        record "$name" ok "$n variants"
    else
        record "$name" FAIL "exit $rc, $bad failed, live=$live ($LOG/$name.log)"
    fi
}

# run_caught NAME HOOK WHAT PROGRAM ARGS...: the test hook CK_DEMO_CORRUPT=HOOK
# must be caught: exit 3 and a failed record whose error says WHAT
run_caught() {
    name=$1 hook=$2 what=$3; shift 3
    CK_DEMO_CORRUPT=$hook "$@" --format yaml >"$LOG/$name.log" 2>&1
    rc=$?
    if [ "$rc" -eq 3 ] && grep 'ok: false' "$LOG/$name.log" | grep -q "$what"; then
        record "$name" ok "CK_DEMO_CORRUPT=$hook caught"
    else
        record "$name" FAIL "CK_DEMO_CORRUPT=$hook: exit $rc ($LOG/$name.log)"
    fi
}

# sanitize TOOL NAME PROGRAM ARGS...: no hazards reported, program exit 0
sanitize() {
    tool=$1; name=$2; shift 2
    "$SAN" --tool "$tool" --error-exitcode 99 "$@" --format yaml \
        >"$LOG/san-$tool-$name.log" 2>&1
    rc=$?
    summary=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$LOG/san-$tool-$name.log" | tail -1)
    if [ "$rc" -eq 0 ]; then
        record "$tool $name" ok "${summary:-clean}"
    else
        record "$tool $name" FAIL "exit $rc: $summary"
    fi
}

# what the parts share: the programs, their hand-written rungs and the
# shapes the checks and the sanitizers both use
# the hand-written rungs, as the demos' own --list names them
hand_of() { "$1" --list 2>/dev/null | awk '$3 == "hand" {printf "%s%s", s, $1; s=","}'; }
MM_SAN_VARIANTS=$(hand_of "$BIN/matmul")
CONV=$BIN/conv
CONV_ODD="--n 2 --c 3 --h 17 --w 19 --k 5 --r 3 --s 3 --pad 2 --stride 2 --dil 2"
CONV_ONE="--n 1 --c 1 --h 1 --w 1 --k 1 --r 1 --s 1 --pad 0 --stride 1 --dil 1"
CONV_MID="--n 3 --c 17 --h 23 --w 29 --k 33 --r 5 --s 3 --pad 1 --stride 1 --dil 1"
# C a multiple of the slice depth: the implicit GEMM's fast (r, s, c) path
CONV_FAST="--n 1 --c 16 --h 13 --w 11 --k 70 --r 3 --s 3 --pad 2 --stride 2 --dil 2"
# 3x3, stride 1: the Winograd rung (odd P and Q cut its 2x2 tiles; C, K and
# the tile count off its padding)
CONV_WINO="--n 2 --c 19 --h 13 --w 11 --k 70 --r 3 --s 3 --pad 1 --stride 1 --dil 1"
CONV_WINO0="--n 3 --c 33 --h 8 --w 9 --k 5 --r 3 --s 3 --pad 0 --stride 1 --dil 1"
TF32_TUNE=$(dirname "$0")/../matmul/07_tf32_mma_tuning.cuh
TF32_NCFG=$(grep -c '^    {"' "$TF32_TUNE" 2>/dev/null || echo 0)
# the configuration that is the cp.async kernel, which the rung runs off sm_90
TF32_CP=$(grep '^    {"' "$TF32_TUNE" 2>/dev/null | grep -n 'the rung off sm_90' | cut -d: -f1)
RD_GPU=$("$BIN/reduce" --list 2>/dev/null | awk '$3 != "cpu" {printf "%s%s", s, $1; s=","}')
FU=$BIN/fusion
FU_CONV_ODD="--n 2 --c 5 --h 9 --w 7 --k 70 --r 3 --s 3 --pad 1"
FU_GEMM_ODD="--op gemm --m 65 --n 67 --k 17"
AT=$BIN/attention
AT_HAND=three-kernel,flash-mma

# the checks: every rung of every demo at odd sizes, the tuning
# configurations, the exactness and corruption tests
if part checks; then
    run_demo devinfo "$BIN/devinfo"
    for size in "37 53 61" "1 1 1" "17 1 33" "1 64 1" "129 127 130" "256 128 64" \
                "1000 1000 1000" "2048 1536 1032"; do
        set -- $size
        run_demo "matmul-$1x$2x$3" "$BIN/matmul" --m "$1" --n "$2" --k "$3" --reps 1
    done

    # matmul best: its rule (demos/matmul/mm_best_rule.h) asks this GPU for
    # its SMs and each kernel's blocks per SM; on an H200 the record must say
    # the picks that tests/unit/test_best_rule.c pins on the H200's figures
    # (mm_best_h200), and the same slots ("B blocks for S slots"): the runtime's
    # occupancy is the fallback's. Elsewhere the record must only say one.
    H200=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 | grep -c H200)
    for want in "512 512 512 64x64/8x4 4 false false 256 660" \
                "768 768 768 128x128/BK16 6 false false 216 264" \
                "1000 1000 1000 128x128 2 false true 128 264" \
                "2000 2000 2000 128x128 1 false false 256 264" \
                "2048 2048 2048 128x128/BK16 1 false false 256 264" \
                "3000 3000 3000 128x128 1 true false 264 264" \
                "333 777 555 128x128 6 false true 126 264" \
                "256 4288 256 64x64/8x4 2 false false 536 660"; do
        set -- $want
        run_demo "matmul-best-$1x$2x$3" "$BIN/matmul" --m "$1" --n "$2" --k "$3" \
            --reps 1 --variants best,cublas
        got=$(sed -n 's/.*variant: "best".*config: "\([^"]*\)", split: \([0-9]*\), streamk: \([a-z]*\), parts: \([a-z]*\), why: ".*: \([0-9]*\) blocks for \([0-9]*\) slots.*/\1 \2 \3 \4 \5 \6/p' \
            "$LOG/matmul-best-$1x$2x$3.log")
        if [ -z "$got" ]; then
            record "matmul-best-$1x$2x$3 config" FAIL "no config/split/streamk/parts/why in the best record"
        elif [ "$H200" -eq 0 ] || [ "$got" = "$4 $5 $6 $7 $8 $9" ]; then
            record "matmul-best-$1x$2x$3 config" ok "$got"
        else
            record "matmul-best-$1x$2x$3 config" FAIL "$got, pinned on the H200: $4 $5 $6 $7 $8 $9"
        fi
    done
    # every configuration forced (05_best_tuning.cuh), unsplit, split in 3
    # (added into C, and into a workspace's parts added up after: "3p") and
    # stream-K, at a size that cuts every tile and at whole tiles; the
    # configurations are the rows of mm_best_rule.h's MM_BEST_CONFIGS (CK_MM_BEST_CFG=1..rows)
    BEST_NCFG=$(sed -n '/^#define MM_BEST_CONFIGS(X)/,/^$/p' \
        "$(dirname "$0")/../matmul/mm_best_rule.h" | grep -c '^    X(')
    [ "$BEST_NCFG" -ge 1 ] || record "matmul-best-cfgs" FAIL "no rows read from mm_best_rule.h"
    for cfg in $(seq 1 "$BEST_NCFG"); do
        for split in 1 3 3p -1; do # -1: stream-K
            parts=0
            case $split in *p) parts=1 ;; esac
            for size in "333 777 555" "512 1024 256"; do
                set -- $size
                run_demo "matmul-best-cfg$cfg-split$split-$1x$2x$3" env \
                    CK_MM_BEST_CFG=$cfg CK_MM_BEST_SPLIT=${split%p} CK_MM_BEST_PARTS=$parts "$BIN/matmul" \
                    --m "$1" --n "$2" --k "$3" --reps 1 --variants best,cublas
            done
        done
    done

    # the wgmma rungs (sm_90 only): wgmma-tma (08_wgmma_tma.cuh, TF32) and its
    # 16-bit twins wgmma-fp16 and wgmma-bf16 (10_wgmma_fp16.cuh), each beside
    # the cuBLAS row of its precision. On a GPU of compute capability 9.0 each
    # must run and pass at sizes that cut every tile (K % 4 != 0: wgmma-tma
    # copies A for the TMA's 16-byte strides; K or N % 8 != 0: the 16-bit
    # rungs copy A or B; 4097^3: every edge); on any other GPU each must be
    # declined with its reason
    CC=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' ')
    # (",rs": wgmma-tma without its transpose, CK_MM_WG_RS=1, 08_wgmma_tma_rs.cuh)
    for pair in wgmma-tma,cublas-tf32 wgmma-fp16,cublas-fp16 wgmma-bf16,cublas-bf16 \
        wgmma-tma,cublas-tf32,rs; do
        rs=0 tag=
        case $pair in *,rs) rs=1 tag=-rs pair=${pair%,rs} ;; esac
        v=${pair%%,*}
        for size in "1000 3000 2000" "333 777 555" "1 1 1" "17 1 33" "256 384 200" "256 388 204" \
            "4097 4097 4097"; do
            set -- $size
            name="matmul-$v$tag-$1x$2x$3"
            run_demo "$name" env CK_MM_WG_RS=$rs "$BIN/matmul" --m "$1" --n "$2" --k "$3" --reps 1 \
                --variants "$pair"
            if [ "$CC" = 9.0 ]; then
                grep -q "variant: \"$v\".*ok: true" "$LOG/$name.log" &&
                    record "$name ran" ok "sm_90: $(grep -o "variant: \"$v\".*rel_err: [^,]*" \
                        "$LOG/$name.log" | sed 's/.*rel_err/rel_err/')" ||
                    record "$name ran" FAIL "sm_90 but no passing $v record"
            else
                grep -q "record: \"unsupported\".*$v.*needs an sm_90 GPU" "$LOG/$name.log" &&
                    record "$name declined" ok "compute capability $CC" ||
                    record "$name declined" FAIL "no unsupported record on $CC"
            fi
        done
    done

    # matmul's exact check (mm_exact.h) bites where the normwise one cannot:
    # one element of a 4096x4096 product off by one, by a hand rung and by
    # cuBLAS; and every GPU rung is exact on the integer inputs at odd sizes
    run_caught matmul-off-by-one-4096 best+1 "not exact" "$BIN/matmul" --size 4096 --reps 1 \
        --variants best
    run_caught matmul-cublas-off-by-one-4096 cublas-fp16+1 "not exact" "$BIN/matmul" --size 4096 \
        --reps 1 --variants cublas-fp16
    name=matmul-exact-333x777x555
    run_demo "$name" "$BIN/matmul" --m 333 --n 777 --k 555 --reps 1
    if grep 'record: "variant"' "$LOG/$name.log" | grep -v 'kind: "cpu"' | grep -q 'exact: true'; then
        notexact=$(grep 'record: "variant"' "$LOG/$name.log" | grep -v 'kind: "cpu"' |
            grep -v 'exact: true' | grep -o 'variant: "[^"]*"' | tr '\n' ' ')
        [ -z "$notexact" ] && record "$name exact" ok "every GPU rung exact on integer inputs" ||
            record "$name exact" FAIL "not exact (or not checked): $notexact"
    else
        record "$name exact" FAIL "no GPU record says exact: true"
    fi

    # the tf32-mma rung's tuning configurations (07_tf32_mma_tuning.cuh,
    # CK_MM_TF32_CFG) at a size that cuts every tile, one with K not a multiple
    # of 4 (4-byte copies), whole tiles with K not a multiple of the slice, and
    # cut tiles with K and N multiples of 4 (where the TMA feed runs)
    cfg=1
    while [ "$cfg" -le "$TF32_NCFG" ]; do
        for size in "333 777 555" "37 53 61" "256 512 200" "336 776 556"; do
            set -- $size
            run_demo "matmul-tf32-cfg$cfg-$1x$2x$3" env CK_MM_TF32_CFG=$cfg "$BIN/matmul" \
                --m "$1" --n "$2" --k "$3" --reps 1 --variants tf32-mma,cublas-tf32
        done
        cfg=$((cfg + 1))
    done

    if [ -x "$CONV" ]; then
        run_demo conv-odd "$CONV" $CONV_ODD --reps 1
        run_demo conv-one "$CONV" $CONV_ONE --reps 1
        run_demo conv-mid "$CONV" $CONV_MID --reps 1
        run_demo conv-fast "$CONV" $CONV_FAST --reps 1
        run_demo conv-wino "$CONV" $CONV_WINO --reps 1
        run_demo conv-wino-pad0 "$CONV" $CONV_WINO0 --reps 1
        # the checks bite (conv/conv_exact.h): one element off by one on the
        # integer inputs, by hand and by cuDNN; a cuDNN call reading workspace
        # it never wrote (its workspace is poisoned with NaN first)
        run_caught conv-off-by-one implicit-gemm+1 "not exact" "$CONV" $CONV_WINO --reps 1 \
            --variants implicit-gemm
        if grep -q 'cudnn: "[0-9]' "$LOG/conv-wino.log"; then
            run_caught conv-cudnn-off-by-one cudnn-implicit-gemm+1 "not exact" "$CONV" \
                $CONV_WINO --reps 1 --variants cudnn-implicit-gemm
            run_caught conv-cudnn-workspace cudnn-implicit-precomp-gemm+ws "NaN" "$CONV" \
                $CONV_WINO --reps 1 --variants cudnn-implicit-precomp-gemm
            # the NHWC rows: their output, moved back to NCHW, against the same
            # reference (one element spoiled after the run must fail)
            for v in cudnn-nhwc-tf32 cudnn-nhwc-fp16; do
                run_caught "conv-corrupt-$v" "$v" "NaN" "$CONV" $CONV_WINO --reps 1 --variants "$v"
            done
        else
            record conv-cudnn-checks skip "no cuDNN"
        fi
        # winograd4 (06_winograd4_tuning.cuh): every GEMM tile, the channel sum
        # whole and cut in parts, at a size that cuts every tile and at the 7x7
        # stage's channels (N=2)
        for tile in 1 2 3; do
            for split in 1 4; do
                run_demo "conv-wino4-tile$tile-split$split" env CK_CONV_WG4_TILE=$tile \
                    CK_CONV_WG4_SPLIT=$split "$CONV" $CONV_WINO --reps 1 \
                    --variants winograd4,cudnn-implicit-gemm
                run_demo "conv-wino4-7x7-tile$tile-split$split" env CK_CONV_WG4_TILE=$tile \
                    CK_CONV_WG4_SPLIT=$split "$CONV" --n 2 --c 512 --h 7 --w 7 --k 512 \
                    --r 3 --s 3 --pad 1 --reps 1 --variants winograd4,cudnn-implicit-gemm
            done
        done
    else
        record conv skip "not built (demos/conv/conv.c missing)"
    fi

    # transfer: every row at 4 KiB .. 1 MiB (each copy checksummed), then 16 MiB;
    # streams: odd sizes (a chunk count that does not divide, one chunk) and the
    # quick setting, every row
    run_demo transfer-1mib "$BIN/transfer" --max-mib 1 --reps 1
    run_demo transfer-quick "$BIN/transfer" --quick --reps 1
    run_demo streams-quick "$BIN/streams" --quick --reps 1
    run_demo streams-odd "$BIN/streams" --total-mib 3 --chunks 7 --flops-per-byte 3 --reps 1
    run_demo streams-one "$BIN/streams" --total-mib 1 --chunks 1 --flops-per-byte 0 --reps 1
    run_demo streams-32 "$BIN/streams" --total-mib 64 --chunks 32 --reps 1

    # reduce: every rung at odd sizes and at the default 2^28
    for n in 1 31 1000003 1048583 268435456; do
        run_demo "reduce-$n" "$BIN/reduce" --n "$n" --reps 1
    done
    # the best rung's tuning shapes (06_best_tuning.cuh: CK_RD_BEST_CFG counts
    # rd_best_cfgs' rows from 0, the shipped shape, which the runs above cover)
    # must be right too
    RD_NCFG=$(table_rows "$(dirname "$0")/../reduce/06_best_tuning.cuh" \
        'static const struct rd_best_cfg rd_best_cfgs')
    [ "$RD_NCFG" -ge 2 ] || record "reduce-best-cfgs" FAIL "fewer than 2 rows read from 06_best_tuning.cuh"
    for cfg in $(seq 1 $((RD_NCFG - 1))); do
        run_demo "reduce-best-cfg$cfg" env CK_RD_BEST_CFG=$cfg "$BIN/reduce" --n 1000003 \
            --variants best --reps 1
    done

    # fusion: every rung, both ops, at odd shapes (a reduction that is not a
    # whole slice, a partial column of blocks, padding 0 and 1) and at the
    # default sizes (sampled and cross-checked); demos/scripts/fusion_gpu.sh
    # times the ResNet-50 stages
    if [ -x "$FU" ]; then
        run_demo fusion-conv-odd "$FU" $FU_CONV_ODD --reps 1
        run_demo fusion-conv-pad0 "$FU" --n 1 --c 3 --h 6 --w 8 --k 3 --r 5 --s 3 --pad 0 --reps 1
        run_demo fusion-gemm-odd "$FU" $FU_GEMM_ODD --reps 1
        run_demo fusion-gemm-one "$FU" --op gemm --m 1 --n 1 --k 1 --reps 1
        run_demo fusion-conv2x "$FU" --reps 1
        run_demo fusion-gemm-mlp "$FU" --op gemm --reps 1
        # each fused GPU rung paired with its twin side by side (fu_gpu_pair)
        for name in fusion-conv2x fusion-gemm-mlp; do
            n=$(grep -E '^- \{record: "variant".*variant: "(fused|lib-fused)"' "$LOG/$name.log" |
                grep -cE 'paired_speedup: [0-9.e+-]+, paired_speedup_lo: [0-9.e+-]+, paired_speedup_hi: [0-9.e+-]+, speedup_pairs: ([3-9]|[1-9][0-9])')
            if [ "$n" = 2 ]; then record "$name-paired" ok "2 fused rungs paired with their twins"
            else record "$name-paired" FAIL "$n of 2 fused GPU rungs carry a paired speed-up ($LOG/$name.log)"; fi
        done
    fi

    # attention: every GPU rung at odd shapes (S not a multiple of a tile,
    # D = 64 and 128, causal, BF16, one key), the corruption hook caught, and
    # at the default shape each GPU rung paired with cuDNN's SDPA
    # (demos/scripts/attn_gpu.sh and sdpa_gpu.sh time the ladder)
    if [ -x "$AT" ]; then
        run_demo attention-s130-d64-causal "$AT" --b 1 --h 2 --s 130 --d 64 --causal --reps 1
        run_demo attention-s130-d128-bf16 "$AT" --b 1 --h 2 --s 130 --d 128 --dtype bf16 --reps 1
        run_demo attention-s1-d64 "$AT" --b 1 --h 1 --s 1 --d 64 --reps 1
        run_demo attention-s257-d128-causal "$AT" --b 2 --h 3 --s 257 --d 128 --causal --reps 1
        run_caught attention-corrupt-flash flash-mma "NaN or Inf" "$AT" --b 1 --h 2 --s 130 --reps 1
        run_demo attention-default "$AT"
        n=$(grep -E '^- \{record: "variant".*variant: "(three-kernel|cublas-softmax|flash-mma)"' \
            "$LOG/attention-default.log" | grep -cE 'paired_with: "cudnn-sdpa", paired_pct_of_library: [0-9.e+-]+')
        if [ "$n" = 3 ]; then record attention-default-paired ok "3 GPU rungs paired with cudnn-sdpa"
        else record attention-default-paired FAIL "$n of 3 GPU rungs paired with cudnn-sdpa ($LOG/attention-default.log)"; fi
    fi

    # run_launch NAME ARGS...: exit 0, live, points measured, none failed (a
    # block shape that does not fit on an SM is reported, not failed)
    run_launch() {
        name=$1; shift
        "$BIN/launch" "$@" --format yaml >"$LOG/$name.log" 2>&1
        rc=$?
        n=$(grep -c '^- {record: "point"' "$LOG/$name.log")
        bad=$(grep 'ok: false' "$LOG/$name.log" | grep -vc 'fits: false')
        live=$(grep -c '^- {record: "device".*live: true' "$LOG/$name.log")
        if [ "$rc" -eq 0 ] && [ "$bad" -eq 0 ] && [ "$live" -eq 1 ] && [ "$n" -gt 0 ]; then
            record "$name" ok "$n points"
        else
            record "$name" FAIL "exit $rc, $bad failed, live=$live ($LOG/$name.log)"
        fi
    }
    run_launch launch-odd --n 1000003 --iters 64 --reps 1
    run_launch launch-one --n 1 --iters 1 --reps 1 --quick
    run_launch launch-graph --variants graph --reps 1
    # the memory series' exact check against a spoiled element (every series,
    # so the float4 one's tail too), and the copy kernel's checksum
    for v in $(hand_of "$BIN/launch" | tr ',' ' '); do
        case $v in wave|graph) continue ;; esac
        run_caught "launch-corrupt-$v" "$v" "elements wrong" "$BIN/launch" --n 1000003 \
            --iters 1 --reps 1 --quick --variants "$v"
    done
    run_caught transfer-corrupt-d2d-kernel d2d-kernel "checksum" "$BIN/transfer" --max-mib 1 \
        --reps 1 --variants d2d-kernel
fi

for tool in memcheck racecheck initcheck synccheck; do
    part "$tool" || continue
    sanitize "$tool" transfer-1mib "$BIN/transfer" --max-mib 1 --reps 1
    sanitize "$tool" streams-small "$BIN/streams" --total-mib 1 --chunks 5 \
        --flops-per-byte 2 --reps 1 --variants pinned-1,pinned-4,pageable-2,default-2
    for n in 1 31 1000003; do
        sanitize "$tool" "reduce-$n" "$BIN/reduce" --n "$n" --reps 1 --variants "$RD_GPU"
    done
    sanitize "$tool" launch-odd "$BIN/launch" --n 1000003 --iters 16 --reps 1 --quick \
        --variants "$(hand_of "$BIN/launch")"
    if [ -x "$AT" ]; then
        sanitize "$tool" attention-s130-d64-causal "$AT" --b 1 --h 2 --s 130 --d 64 --causal \
            --reps 1 --variants "$AT_HAND"
        sanitize "$tool" attention-s130-d128-bf16 "$AT" --b 1 --h 2 --s 130 --d 128 \
            --dtype bf16 --reps 1 --variants "$AT_HAND"
    fi
    sanitize "$tool" matmul-37x53x61 "$BIN/matmul" --m 37 --n 53 --k 61 \
        --reps 1 --variants "$MM_SAN_VARIANTS"
    sanitize "$tool" matmul-256x128x64 "$BIN/matmul" --m 256 --n 128 --k 64 \
        --reps 1 --variants "$MM_SAN_VARIANTS"
    # wgmma-tma's TMA ring, mbarriers and transpose at cut tiles (and the
    # copy of A at K % 4 != 0: 37x53x61 above)
    sanitize "$tool" matmul-wgmma-256x384x200 "$BIN/matmul" --m 256 --n 384 --k 200 \
        --reps 1 --variants wgmma-tma
    # the 16-bit wgmma rungs: B's boxes of 64 columns at cut tiles, and A
    # and B copied (K and N not multiples of 8)
    sanitize "$tool" matmul-wgmma16-256x384x200 "$BIN/matmul" --m 256 --n 384 --k 200 \
        --reps 1 --variants wgmma-fp16,wgmma-bf16
    sanitize "$tool" matmul-wgmma16-130x389x205 "$BIN/matmul" --m 130 --n 389 --k 205 \
        --reps 1 --variants wgmma-fp16,wgmma-bf16
    # wgmma-tma without its transpose: B's fragments read from its swizzled
    # boxes, at whole and cut tiles (A and B copied: K and N % 4 != 0)
    sanitize "$tool" matmul-wgmma-rs-256x384x200 env CK_MM_WG_RS=1 "$BIN/matmul" --m 256 \
        --n 384 --k 200 --reps 1 --variants wgmma-tma
    sanitize "$tool" matmul-wgmma-rs-130x389x205 env CK_MM_WG_RS=1 "$BIN/matmul" --m 130 \
        --n 389 --k 205 --reps 1 --variants wgmma-tma
    # tf32-mma (on sm_90 its TMA feed): whole 128x256 tiles, seven slices
    # through its ring; then tiles cut both ways, K past a slice
    sanitize "$tool" matmul-tf32-256x512x200 "$BIN/matmul" --m 256 --n 512 --k 200 \
        --reps 1 --variants tf32-mma
    sanitize "$tool" matmul-tf32-336x776x556 "$BIN/matmul" --m 336 --n 776 --k 556 \
        --reps 1 --variants tf32-mma
    # its cp.async kernel (the rung off sm_90) at whole tiles
    [ -n "$TF32_CP" ] && sanitize "$tool" matmul-tf32cp-256x512x200 env CK_MM_TF32_CFG=$TF32_CP \
        "$BIN/matmul" --m 256 --n 512 --k 200 --reps 1 --variants tf32-mma
    # best with K split (atomic adds into a zeroed C): cut tiles, whole tiles
    sanitize "$tool" matmul-333x777x555 "$BIN/matmul" --m 333 --n 777 --k 555 \
        --reps 1 --variants best
    sanitize "$tool" matmul-512x512x512 "$BIN/matmul" --m 512 --n 512 --k 512 \
        --reps 1 --variants best
    # best with K split into a workspace's parts, added up after: cut, whole
    sanitize "$tool" matmul-parts-333x777x555 env CK_MM_BEST_CFG=5 CK_MM_BEST_SPLIT=4 \
        CK_MM_BEST_PARTS=1 "$BIN/matmul" --m 333 --n 777 --k 555 --reps 1 --variants best
    sanitize "$tool" matmul-parts-512x1024x256 env CK_MM_BEST_CFG=1 CK_MM_BEST_SPLIT=2 \
        CK_MM_BEST_PARTS=1 "$BIN/matmul" --m 512 --n 1024 --k 256 --reps 1 --variants best
    # best as stream-K (runs that start and end inside tiles): cut, whole
    sanitize "$tool" matmul-sk-333x777x555 env CK_MM_BEST_CFG=2 CK_MM_BEST_SPLIT=-1 \
        "$BIN/matmul" --m 333 --n 777 --k 555 --reps 1 --variants best
    sanitize "$tool" matmul-sk-512x1024x256 env CK_MM_BEST_CFG=1 CK_MM_BEST_SPLIT=-1 \
        "$BIN/matmul" --m 512 --n 1024 --k 256 --reps 1 --variants best
    if [ -x "$FU" ]; then
        sanitize "$tool" fusion-conv-odd "$FU" $FU_CONV_ODD --reps 1 --variants "$(hand_of "$FU")"
        sanitize "$tool" fusion-gemm-odd "$FU" $FU_GEMM_ODD --reps 1 --variants "$(hand_of "$FU")"
    fi
    if [ -x "$CONV" ]; then
        CONV_HAND=$(hand_of "$CONV")
        sanitize "$tool" conv-odd "$CONV" $CONV_ODD --reps 1 --variants "$CONV_HAND"
        sanitize "$tool" conv-fast "$CONV" $CONV_FAST --reps 1 --variants "$CONV_HAND"
        sanitize "$tool" conv-wino "$CONV" $CONV_WINO --reps 1 --variants "$CONV_HAND"
        # winograd4 with a forced small tile and its channel sum in 2 parts
        export CK_CONV_WG4_TILE=3 CK_CONV_WG4_SPLIT=2
        sanitize "$tool" conv-wino4-split "$CONV" $CONV_WINO --reps 1 --variants winograd4
        unset CK_CONV_WG4_TILE CK_CONV_WG4_SPLIT
    fi
done

# multigpu: what one GPU runs (NCCL with one rank, the id file, --procs,
# a launcher's variables, NCCL missing), then, only where two or more GPUs
# exist, peer copies between them, the collectives over all of them in one
# process and in one per GPU, and the split's scaling
# (demos/scripts/multigpu_gpu.sh; its own table in $BIN/multigpu-test)
if part multigpu; then
    MGS="$(dirname "$0")/multigpu_gpu.sh"
    if sh "$MGS" "$BIN" one >"$LOG/multigpu-one.txt" 2>&1; then
        record multigpu-one-gpu ok "$LOG/multigpu-one.txt"
    else
        record multigpu-one-gpu FAIL "$LOG/multigpu-one.txt"
    fi
    if [ "$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')" -ge 2 ]; then
        if sh "$MGS" "$BIN" many >"$LOG/multigpu-many.txt" 2>&1; then
            record multigpu-several-gpus ok "$LOG/multigpu-many.txt"
        else
            record multigpu-several-gpus FAIL "$LOG/multigpu-many.txt"
        fi
    fi
fi

# the drill catalogue on the GPU, through the learner's own command: each
# reference passes with the sanitizers clean, each starter and wrong
# solution fails as promised (drills/scripts/gpu_check.sh). It needs the
# tutorial's binary (make; CK_BIN names another); without one it is
# recorded as skipped, which fails gpu-test: the drills are part of it.
if part drills; then
    CK=${CK_BIN:-build/cudakitchen}
    if [ -x "$CK" ] && "$CK" --version >/dev/null 2>&1; then
        if CK_BIN=$CK drills/scripts/gpu_check.sh >"$LOG/drills.txt" 2>&1; then
            record drills ok "$LOG/drills.txt"
        else
            record drills FAIL "$LOG/drills.txt"
        fi
    else
        record drills skip "no runnable $CK: run make first (or set CK_BIN)"
    fi
fi

# lesson 15's tools on this project's code (informational: the planted bugs
# are meant to be found); its logs go to $BIN/profile and $OUT
if part profile; then
    if sh "$(dirname "$0")/profile.sh" "$BIN" >"$LOG/profile.txt" 2>&1; then
        record profile ok "$BIN/profile/summary.txt"
    else
        record profile FAIL "$LOG/profile.txt"
    fi
fi

echo
echo "gpu-test summary (logs in $LOG)"
cat "$SUM"
[ -n "${OUT:-}" ] && tar czf "$OUT/gpu-test-logs.tgz" -C "$LOG" .
[ "$PARTS" = " $ALL_PARTS " ] && ran= || ran=" (parts:${PARTS% })"
[ "$FAIL" -eq 0 ] && echo "gpu-test: all passed$ran" || echo "gpu-test: FAILED$ran"
exit "$FAIL"
