# demos/demos.mk: builds the standalone demos, build/demos/NAME for each
# row of the registry, demos/demos.h. Included by the top Makefile; also
# works alone:
#   make -f demos/demos.mk demos
# GPU variants are compiled when nvcc is found (NVCC=... to choose one,
# NVCC= to force a CPU-only build). CUDA_ARCH overrides the GPU target:
# `native` by default when nvidia-smi names a GPU, otherwise sm_90 machine
# code plus compute_90 PTX. Needs only libc, pthreads, dl and the static CUDA
# runtime; cuBLAS/cuDNN are loaded at run time.

DEMO_SAVED_GOAL := $(.DEFAULT_GOAL)

BUILD ?= build
DEMO_OUT := $(BUILD)/demos
DEMO_OBJ := $(DEMO_OUT)/obj

# Few shell calls while this file is read: nvcc is looked for along PATH
# by wildcard, and the calls below are made only when nvcc is there.
DEMO_NVCC_FOUND := $(firstword $(wildcard $(addsuffix /nvcc,$(subst :, ,$(PATH))) \
	/usr/local/cuda/bin/nvcc))
NVCC ?= $(DEMO_NVCC_FOUND)
DEMO_CC ?= $(CC)

# The toolkit's root as nvcc itself reports it (TOP=): nvcc may be a wrapper
# script or a link outside the toolkit, so its own folder proves nothing.
DEMO_CUDA_HOME := $(if $(strip $(NVCC)),$(abspath $(firstword \
	$(shell $(NVCC) --dryrun -c -x cu /dev/null -o /dev/null 2>&1 | \
		sed -n 's/^\#\$$ TOP=//p') \
	$(patsubst %/bin/,%,$(dir $(NVCC))))))
# The C side includes the toolkit's headers (cuDNN's are optional: the conv
# demo says when it was built without them); without them the
# demos are built for the CPU only, and make says so.  They are looked for
# where the toolkit keeps them and in /usr/include (a distribution's
# packages).
DEMO_CUDA_INC := $(firstword $(dir $(wildcard \
	$(DEMO_CUDA_HOME)/include/cuda_runtime.h \
	$(DEMO_CUDA_HOME)/targets/*/include/cuda_runtime.h)))
DEMO_CUDA_MISSING := $(if $(strip $(NVCC)),$(strip $(foreach h,cuda_runtime.h cublas_v2.h,\
	$(if $(wildcard $(DEMO_CUDA_INC)$(h) /usr/include/$(h)),,$(h)))))
ifneq ($(DEMO_CUDA_MISSING),)
$(warning demos: $(NVCC) found but not $(DEMO_CUDA_MISSING); building the CPU variants only)
override NVCC :=
endif
DEMO_HAVE_CUDA := $(if $(strip $(NVCC)),1,0)

# The first GPU's compute capability (e.g. 9.0), asked once and only when
# nvcc is there and CUDA_ARCH is not given (or is native); empty without a
# GPU.
DEMO_GPU_CC := $(if $(and $(strip $(NVCC)),$(or $(filter undefined,$(origin CUDA_ARCH)),\
	$(filter native,$(CUDA_ARCH)))),$(strip \
	$(shell nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1)))
CUDA_ARCH ?= $(if $(DEMO_GPU_CC),native,sm_90)
DEMO_GENCODE := $(if $(filter native,$(CUDA_ARCH)),-arch=native,\
	-gencode arch=compute_$(CUDA_ARCH:sm_%=%),code=[sm_$(CUDA_ARCH:sm_%=%),compute_$(CUDA_ARCH:sm_%=%)])

# The wgmma-tma rung and the tf32-mma rung's TMA feed
# (demos/matmul/mm_sm90a.cu) use instructions of sm_90a only (wgmma,
# setmaxnreg): that one file is compiled for sm_90a when the target is sm_90
# (CUDA_ARCH=sm_90 or sm_90a, or native on a GPU of compute capability
# 9.0); otherwise for the target like the rest, where the demo declines
# wgmma-tma and tf32-mma runs its cp.async kernel.
DEMO_COMMA := ,
DEMO_SM90A := $(if $(filter sm_90 sm_90a,$(CUDA_ARCH)),1,$(if $(filter native,$(CUDA_ARCH)),\
	$(if $(filter 9.0,$(DEMO_GPU_CC)),1)))
DEMO_SM90A_FLAGS := $(if $(DEMO_SM90A),-gencode arch=compute_90a$(DEMO_COMMA)code=sm_90a \
	-DMM_SM90A=1,$(DEMO_GENCODE) -DMM_SM90A=0)

DEMO_CFLAGS := -std=c11 -O3 -Wall -Wextra -Werror -pthread -MMD -MP \
	-DCK_HAVE_CUDA=$(DEMO_HAVE_CUDA) -Idemos/common \
	$(if $(filter 1,$(DEMO_HAVE_CUDA)),-I$(DEMO_CUDA_INC:%/=%))
DEMO_NVFLAGS := -std=c++17 -O3 $(DEMO_GENCODE) -MMD -MP -DCK_HAVE_CUDA=1 \
	-Idemos/common -Xcompiler -Wall
DEMO_LIBS := -ldl -lpthread -lrt -lm

# sources: common, then one folder per demo
DEMO_COMMON_C := $(filter-out $(if $(filter 0,$(DEMO_HAVE_CUDA)),demos/common/cublas_dl.c),\
	$(wildcard demos/common/*.c))
DEMO_COMMON_CU := $(if $(filter 1,$(DEMO_HAVE_CUDA)),$(wildcard demos/common/*.cu))
demo_srcs = $(wildcard demos/$(1)/*.c) \
	$(if $(filter 1,$(DEMO_HAVE_CUDA)),$(wildcard demos/$(1)/*.cu))
demo_objs = $(patsubst %,$(DEMO_OBJ)/%.o,$(DEMO_COMMON_C) $(DEMO_COMMON_CU) \
	$(call demo_srcs,$(1)))

# The registry's names: the first word of each row, "X(name," in
# demos/demos.h, read without a compiler or a shell; a demo whose folder
# has no sources in this checkout is left out.
DEMO_ROW := X(
DEMO_REGISTRY := $(patsubst $(DEMO_ROW)%$(DEMO_COMMA),%,$(filter $(DEMO_ROW)%$(DEMO_COMMA),\
	$(file <demos/demos.h)))
DEMO_NAMES := $(foreach d,$(DEMO_REGISTRY),$(if $(wildcard demos/$(d)/*.c),$(d)))
DEMO_BINS := $(addprefix $(DEMO_OUT)/,$(DEMO_NAMES))
DEMO_ALL_C := $(DEMO_COMMON_C) $(foreach d,$(DEMO_NAMES),$(wildcard demos/$(d)/*.c))
DEMO_ALL_CU := $(DEMO_COMMON_CU) $(if $(filter 1,$(DEMO_HAVE_CUDA)),\
	$(foreach d,$(DEMO_NAMES),$(wildcard demos/$(d)/*.cu)))

.PHONY: demos demos-first gpu-test bench profile demos-clean
# the two longest nvcc compiles (CUB's reduce, the matmul ladder), which
# `make` starts first so that the rest fill the other cores around them
DEMO_FIRST := $(if $(filter 1,$(DEMO_HAVE_CUDA)),$(patsubst %,$(DEMO_OBJ)/%.o,\
	demos/reduce/reduce_gpu.cu demos/matmul/mm_gpu.cu))
demos-first: $(DEMO_FIRST)
demos: demos-first $(DEMO_BINS)

$(patsubst %,$(DEMO_OBJ)/%.o,$(DEMO_ALL_C)): $(DEMO_OBJ)/%.c.o: %.c
	@mkdir -p $(@D)
	$(DEMO_CC) $(DEMO_CFLAGS) -Idemos/$(word 2,$(subst /, ,$<)) -c $< -o $@

$(patsubst %,$(DEMO_OBJ)/%.o,$(DEMO_ALL_CU)): $(DEMO_OBJ)/%.cu.o: %.cu
	@mkdir -p $(@D)
	$(NVCC) $(if $(filter %/mm_sm90a.cu,$<),$(filter-out $(DEMO_GENCODE),$(DEMO_NVFLAGS)) \
		$(DEMO_SM90A_FLAGS),$(DEMO_NVFLAGS)) -Idemos/$(word 2,$(subst /, ,$<)) \
		-I$(DEMO_GEN)/$(word 2,$(subst /, ,$<)) -c $< -o $@

# The rung headers of each ladder, listed from its rows
# (demos/scripts/rung_headers.sh): its .cu files include rung_headers.h, so
# a new row and its NN_<id>.cuh are all a rung needs.
DEMO_GEN := $(DEMO_OBJ)/gen
DEMO_LADDERS := matmul/mm conv/conv reduce/reduce
$(foreach l,$(DEMO_LADDERS),$(eval $(DEMO_GEN)/$(dir $(l))rung_headers.h: \
	demos/$(l)_ladder.h $(wildcard demos/$(dir $(l))*.cuh)))
$(DEMO_GEN)/%/rung_headers.h: demos/scripts/rung_headers.sh
	@mkdir -p $(@D)
	demos/scripts/rung_headers.sh gpu $(filter %_ladder.h,$^) >$@.$$$$.tmp && mv $@.$$$$.tmp $@
$(foreach l,$(DEMO_LADDERS),$(eval $(patsubst %,$(DEMO_OBJ)/%.o,$(filter %.cu,\
	$(call demo_srcs,$(patsubst %/,%,$(dir $(l)))))): $(DEMO_GEN)/$(dir $(l))rung_headers.h))

ifeq ($(DEMO_HAVE_CUDA),1)
$(DEMO_OUT)/%:
	$(NVCC) $(DEMO_GENCODE) -o $@ $^ -cudart static $(DEMO_LIBS)
else
$(DEMO_OUT)/%:
	$(DEMO_CC) -pthread -o $@ $^ $(DEMO_LIBS)
endif

$(foreach d,$(DEMO_NAMES),$(eval $(DEMO_OUT)/$(d): $(call demo_objs,$(d))))

# the flags a binary was built with: a change (NVCC=, CUDA_ARCH=) rebuilds
DEMO_STAMP := $(DEMO_OBJ)/flags-$(DEMO_HAVE_CUDA)-$(subst =,_,$(subst /,_,$(CUDA_ARCH)))
# made while the makefile is read, not by a rule: a rule would run first
# and make would go on to other goals meanwhile, starting demos-first's long
# compiles only once it came back to them. Not for clean, nor when make
# only prints or asks (-n, -q: a dry run with other flags must not touch
# the build's stamp); the rule below makes it then if a build needs it.
# Nor for the quick tests' goals alone: they build the demos through a make
# of their own, with nvcc or without as the build already is
# (tests/tests.mk), and this make's stamp would say otherwise.
DEMO_DRY := $(findstring n,$(firstword -$(MAKEFLAGS)))$(findstring q,$(firstword -$(MAKEFLAGS)))
DEMO_TEST_ONLY := $(if $(MAKECMDGOALS),$(if $(filter-out test test-build test-progs test-unit \
	test-emu test-e2e,$(MAKECMDGOALS)),,1))
ifeq ($(filter clean demos-clean,$(MAKECMDGOALS))$(DEMO_DRY)$(DEMO_TEST_ONLY)$(wildcard $(DEMO_STAMP)),)
DEMO_STAMP_MADE := $(shell mkdir -p $(DEMO_OBJ) && rm -f $(DEMO_OBJ)/flags-* && touch $(DEMO_STAMP))
endif
$(DEMO_STAMP):
	@mkdir -p $(@D)
	@rm -f $(DEMO_OBJ)/flags-*
	@touch $@
$(patsubst %,$(DEMO_OBJ)/%.o,$(DEMO_ALL_C) $(DEMO_ALL_CU)): $(DEMO_STAMP)

gpu-test: demos
	demos/scripts/gpu_test.sh $(DEMO_OUT)

bench: demos
	demos/scripts/bench.sh $(DEMO_OUT)

profile: demos
	demos/scripts/profile.sh $(DEMO_OUT)

demos-clean:
	rm -rf $(DEMO_OUT)

-include $(wildcard $(DEMO_OBJ)/demos/*/*.d)

.DEFAULT_GOAL := $(DEMO_SAVED_GOAL)
