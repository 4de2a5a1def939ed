# tests/tests.mk: the tiers of the tests, each built by make and run
# through prove (TAP).  Included by the top Makefile, after demos/demos.mk.
#
#   make test        the quick tiers, 90 s cold on two cores at most (see
#                    README): everything built first, then the three at
#                    once; one failing tier does not stop the others
#     make test-unit   C unit tests: the core, the key table, demos/common
#                      and the streams model (tests/unit/, tests/demos/)
#     make test-emu    two drills of the catalogue on the CPU emulator
#                      (tests/e2e/drills_sample.sh)
#     make test-e2e    the scripts of tests/e2e/ whose header says
#                      `# ck-test: quick` (a sample of each part of the
#                      program), against the real binaries
#   make test-long   every other script: the CUDA kernels on the CPU
#                    (tests/emu/*_emu.cc, under ASan and UBSan, run by
#                    tests/e2e/demos_emu.sh), the whole drill catalogue
#                    (tests/e2e/drills_emu.sh), the demos' nvcc build, the
#                    lessons' code through nvcc, valgrind, and the e2e
#                    scripts not in the quick tier; CI (.ci/run) runs it
#                    after `make test`
#   make test-all    both
#
# A compile error is a build failure of its tier, never a failing test.
# prove keeps each tier's run times in $(BUILD)/prove-TIER.state and starts
# the slowest first (--state=slow,save), so that none of them starts last.
# Before a first run has recorded any, the scripts whose header says
# `# ck-test: long` go first.  Every e2e script has its own tmux socket, HOME
# and temporary files, so prove runs TEST_JOBS of them at once (twice the
# cores by default: the screen tests mostly wait).  PROVE_FLAGS=--timer
# shows each script's time.

TEST_JOBS ?= $$(( $$(nproc 2>/dev/null || echo 1) * 2 ))
PROVE_FLAGS ?=
PROVE = prove -f -j$(TEST_JOBS) --state=slow,save --statefile=$(CURDIR)/$(BUILD)/prove-$(1).state $(PROVE_FLAGS)
TEST_ENV := CK_BIN=$(CURDIR)/$(BUILD)/cudakitchen CK_BUILD=$(CURDIR)/$(BUILD)

# ---- unit: tests/unit (rules in the Makefile) and tests/demos, the demos'
# host helpers built for the CPU (no CUDA), linked with every C file of
# demos/common as the CPU-only demos are
DEMO_UNIT := $(patsubst tests/demos/%.c,$(BUILD)/tests/demos/%,$(wildcard tests/demos/test_*.c))
DEMO_UNIT_SRC := $(filter-out demos/common/cublas_dl.c,$(wildcard demos/common/*.c))
DEMO_UNIT_CFLAGS := -std=c11 -O0 -g -Wall -Wextra -Werror -pthread -DCK_HAVE_CUDA=0 \
	-Idemos/common -Itests $(SANFLAGS)
$(BUILD)/tests/demos/test_st_model: DEMO_UNIT_SRC := demos/streams/st_model.c
$(BUILD)/tests/demos/test_st_model: DEMO_UNIT_CFLAGS += -Idemos/streams
# the checks' mutation tests: the reduce problem and matmul's exact check,
# at -O2 (they fill 2^28 floats)
$(BUILD)/tests/demos/test_demo_checks: DEMO_UNIT_SRC += demos/reduce/cpu_reduce.c demos/matmul/mm_exact.c
$(BUILD)/tests/demos/test_demo_checks: DEMO_UNIT_CFLAGS += -O2 -Idemos/reduce -Idemos/matmul
$(BUILD)/tests/demos/test_demo_checks: demos/reduce/cpu_reduce.c demos/reduce/cpu_reduce.h \
	demos/matmul/mm_exact.c demos/matmul/mm_exact.h
# the conv demo's exact check and Winograd's bound
$(BUILD)/tests/demos/test_conv_exact: DEMO_UNIT_SRC += demos/conv/conv_exact.c \
	demos/conv/conv_check.c demos/conv/cpu_conv.c
$(BUILD)/tests/demos/test_conv_exact: DEMO_UNIT_CFLAGS += -Idemos/conv
$(BUILD)/tests/demos/test_conv_exact: $(wildcard demos/conv/*.c demos/conv/*.h)
# the fusion demo's check against every wrong chain
$(BUILD)/tests/demos/test_fusion_checks: DEMO_UNIT_SRC += demos/fusion/fu_cpu.c
$(BUILD)/tests/demos/test_fusion_checks: DEMO_UNIT_CFLAGS += -Idemos/fusion
$(BUILD)/tests/demos/test_fusion_checks: demos/fusion/fu_cpu.c $(wildcard demos/fusion/*.h)
# the multigpu demo's arithmetic and bootstrap file
$(BUILD)/tests/demos/test_mg_model: DEMO_UNIT_SRC += demos/multigpu/mg_model.c demos/multigpu/mg_boot.c
$(BUILD)/tests/demos/test_mg_model: DEMO_UNIT_CFLAGS += -Idemos/multigpu
$(BUILD)/tests/demos/test_mg_model: $(wildcard demos/multigpu/mg_*.[ch])
$(DEMO_UNIT): $(BUILD)/tests/demos/%: tests/demos/%.c $(DEMO_UNIT_SRC) demos/streams/st_model.c \
		$(wildcard demos/common/*.h demos/streams/*.h) tests/tap.h
	@mkdir -p $(@D)
	$(CC) $(DEMO_UNIT_CFLAGS) -o $@ $< $(DEMO_UNIT_SRC) -ldl -lm

# ---- emu: each tests/emu/NAME_emu.cc is one program; -I names the demo
# folders whose rungs it includes.  -O0 compiles in a third of -O1's time,
# which the runs do not win back, except conv's, whose rungs do enough
# arithmetic that -O1 pays for itself.  The sanitizers when this compiler
# has their runtime (emu-san.flags says which, made once).
EMU_DIR := $(BUILD)/tests/emu
EMU := $(patsubst tests/emu/%.cc,$(EMU_DIR)/%,$(wildcard tests/emu/*_emu.cc))
EMU_CXXFLAGS := -std=c++17 -g1 -Wall -Wextra -Werror -Wno-unknown-pragmas -MMD -MP \
	-DCK_SIMT_EMU -include emu/simt.h -Iemu -Idemos/common
EMU_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
EMU_OPT := -O0
$(EMU_DIR)/conv_emu: EMU_OPT := -O1 -Idemos/conv
$(EMU_DIR)/mm_emu $(EMU_DIR)/wgmma_emu $(EMU_DIR)/tf32_tma_emu: EMU_OPT += -Idemos/matmul
$(EMU_DIR)/reduce_emu: EMU_OPT += -Idemos/reduce
$(EMU_DIR)/attn_emu: EMU_OPT := -O1 -Idemos/attention
$(EMU_DIR)/fusion_emu: EMU_OPT := -O1 -Idemos/fusion
$(EMU_DIR)/xfer_emu: EMU_OPT += -Idemos/transfer -Idemos/streams
$(EMU_DIR)/mg_emu: EMU_OPT += -Idemos/multigpu
$(EMU_DIR)/mg_emu: demos/multigpu/mg_kernels.cuh demos/multigpu/mg_pattern.h demos/multigpu/mg_model.h
$(EMU): $(EMU_DIR)/%: tests/emu/%.cc $(EMU_DIR)/emu-san.flags
	$(CXX) $(EMU_CXXFLAGS) $(EMU_OPT) $$(cat $(EMU_DIR)/emu-san.flags) -o $@ $<
# each ladder's hand rows' headers, listed from its rows as the GPU build's
# (demos/scripts/rung_headers.sh emu): a new row and its header are run here
EMU_GEN := $(EMU_DIR)/gen
$(EMU_GEN)/matmul/rung_headers.h: demos/matmul/mm_ladder.h $(wildcard demos/matmul/*.cuh)
$(EMU_GEN)/conv/rung_headers.h: demos/conv/conv_ladder.h $(wildcard demos/conv/*.cuh)
$(EMU_GEN)/reduce/rung_headers.h: demos/reduce/reduce_ladder.h $(wildcard demos/reduce/*.cuh)
$(EMU_GEN)/%/rung_headers.h: demos/scripts/rung_headers.sh
	@mkdir -p $(@D)
	CPP="$(CXX) -E" demos/scripts/rung_headers.sh emu $(filter %_ladder.h,$^) >$@.$$$$.tmp && mv $@.$$$$.tmp $@
$(EMU_DIR)/mm_emu: $(EMU_GEN)/matmul/rung_headers.h
$(EMU_DIR)/mm_emu: EMU_OPT += -I$(EMU_GEN)/matmul
$(EMU_DIR)/conv_emu: $(EMU_GEN)/conv/rung_headers.h
$(EMU_DIR)/conv_emu: EMU_OPT += -I$(EMU_GEN)/conv
$(EMU_DIR)/reduce_emu: $(EMU_GEN)/reduce/rung_headers.h
$(EMU_DIR)/reduce_emu: EMU_OPT += -I$(EMU_GEN)/reduce
$(EMU_DIR)/emu-san.flags:
	@mkdir -p $(@D)
	@printf 'int main(void) { return 0; }\n' >$@.cc
	@if $(CXX) $(EMU_SAN) $@.cc -o $@.bin 2>/dev/null && $@.bin; then echo '$(EMU_SAN)' >$@; \
	else : >$@; echo "emu: $(CXX) has no sanitizer runtime: the emulation runs without ASan and UBSan"; fi
	@rm -f $@.cc $@.bin

# ---- e2e: the quick scripts, those whose header says `# ck-test: quick`
# (read by make, no shell), and the long tier: the rest but the emulation
# tier's sample of two drills.  The long tier holds what a cold `make test`
# cannot afford in 90 s on two cores: every rung on the emulator
# (demos_emu.sh), the whole drill catalogue (drills_emu.sh: a compile per
# check, about 100 CPU-seconds cold), the reduce check at 2^28
# (demo_checks_long.sh), nvcc's build of the demos (demos_build.sh), the
# lessons' code blocks through nvcc (lesson_code.sh), valgrind
# (valgrind.sh), and the screen walks that replay whole courses and
# journeys.
EMU_T := tests/e2e/drills_sample.sh
define _ck_nl


endef
E2E_ALL := $(filter-out $(EMU_T),$(sort $(wildcard tests/e2e/*.sh)))
_ck_quick := $(_ck_nl)\# ck-test: quick$(_ck_nl)
E2E := $(foreach f,$(E2E_ALL),$(if $(findstring $(_ck_quick),$(_ck_nl)$(file <$(f))),$(f)))
LONG_T := $(filter-out $(E2E),$(E2E_ALL))

# the long ones first when prove has no times yet (see above)
first_long = $$(grep -l '^\# ck-test: long' $(1)) $$(grep -L '^\# ck-test: long' $(1))

# The demos the tests run: the build's own when it has made them (with
# nvcc or without), else a CPU-only build, which runs every CPU variant
# and the recorded results as a GPU-less learner sees them: nvcc's compile
# of every kernel takes minutes on two cores, and demos_build.sh (make
# test-long, after `make`) checks it.
TEST_DEMOS_NVCC = $(if $(wildcard $(DEMO_OBJ)/flags-1-*),$(NVCC))
.PHONY: test test-all test-build test-progs test-unit test-emu test-e2e test-long
test-progs: $(BUILD)/cudakitchen $(BUILD)/cudakitchen.1 | deps-check
	@$(MAKE) --no-print-directory NVCC='$(TEST_DEMOS_NVCC)' demos
# Everything built first, on every job slot, then the three tiers at once
# (a tier's prove held a job slot for its whole run, so the builds of the
# others waited behind it); -k: a tier that fails does not stop the others
# (each says what failed, a build failure again in its own tier).
test:
	-@$(MAKE) --no-print-directory -k test-build
	@$(MAKE) --no-print-directory -k -j3 test-unit test-emu test-e2e
# One after the other: as two goals of one make at -j2, test-long's `all`
# built the same targets as test's own make, at the same time, and could
# link $(BUILD)/cudakitchen again while a quick script was starting it.
test-all:
	@rc=0; $(MAKE) --no-print-directory -k test || rc=1; \
	$(MAKE) --no-print-directory -k test-long || rc=1; exit $$rc
test-build: test-progs $(UNIT) $(DEMO_UNIT) $(REPLAY) | deps-check
test-unit: $(UNIT) $(DEMO_UNIT) | deps-check
	$(call PROVE,unit) $(UNIT) $(DEMO_UNIT)
test-emu: test-progs | deps-check
	$(TEST_ENV) $(call PROVE,emu) $(EMU_T)
test-e2e: test-progs $(REPLAY) | deps-check
	$(TEST_ENV) $(call PROVE,e2e) $(call first_long,$(E2E))
test-long: all $(REPLAY) $(UNIT) $(DEMO_UNIT) $(EMU) | deps-check
	$(TEST_ENV) $(call PROVE,long) $(call first_long,$(LONG_T))

-include $(EMU:=.d)
