# cudakitchen: `make` builds everything it can, `make run` starts the
# tutorial, `make test` builds and runs every test (TAP, through prove).
#
#   make test SANITIZE=1   the same suite under ASan + UBSan, in build-san/
#   make CC=clang          any C11 compiler works; CI builds with gcc and clang
#   make demos             only the demo programs (no ncurses, no libyaml)
#   make install           PREFIX=/usr/local DESTDIR= (staging); make uninstall
#   make fuzz              libFuzzer targets, FUZZ_SECONDS each (fuzz/fuzz.mk)

# One job per core unless -j is given (make -j1 for one at a time): the
# nvcc compiles of the demos are most of a build.
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif

SANITIZE ?=
ifeq ($(SANITIZE),1)
BUILD ?= build-san
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
else
BUILD ?= build
SANFLAGS :=
endif

CC ?= cc
PKG_CONFIG ?= pkg-config
PKGS := ncursesw yaml-0.1 libcrypto
# A fresh machine gets its packages here, before the flags are read
# (scripts/deps.sh installs them as root, or names them and fails).
ifeq ($(filter clean demos gpu-test bench uninstall,$(MAKECMDGOALS)),)
DEPS_KIND := $(if $(filter test,$(MAKECMDGOALS)),test,build)
DEPS_OK := $(shell sh scripts/deps.sh $(DEPS_KIND) >&2 && echo ok)
ifneq ($(DEPS_OK),ok)
$(error missing prerequisites (see the message above and the README))
endif
endif
PKG_CFLAGS := $(filter-out -D_XOPEN_SOURCE=% -D_DEFAULT_SOURCE,$(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null))
PKG_LIBS := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null || echo -lncursesw -ltinfo -lyaml -lcrypto)
# The core links without the terminal library (see "Layers" below).
CORE_PKGS := yaml-0.1 libcrypto
CORE_PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(CORE_PKGS) 2>/dev/null)
CORE_LIBS := $(shell $(PKG_CONFIG) --libs $(CORE_PKGS) 2>/dev/null || echo -lyaml -lcrypto)
VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)

CFLAGS ?= -O2 -g
CK_BASE_CFLAGS := -std=c11 -Wall -Wextra -Werror -D_XOPEN_SOURCE=700 -D_DEFAULT_SOURCE \
	-DCK_VERSION='"$(VERSION)"' $(SANFLAGS) -MMD -MP
# Layers: src/core (no curses: compiled without the ncurses flags, against
# headers that make any curses include an error, and linked into the unit
# tests and fuzzers without -lncursesw), src/tui (terminal, ui, keys, the
# loop), src/tui/screens (one file per screen and its view), src/cli (main
# and the plain commands).  A layer sees its own headers and those below it.
# The demos' ladders (demos/<demo>/*_ladder.h, plain C) are read from
# there, never copied: `#include "matmul/mm_ladder.h"`.
CORE_INC := -iquote src/core -iquote demos
CK_CORE_CFLAGS := $(CK_BASE_CFLAGS) $(CORE_PKG_CFLAGS) $(CORE_INC) -I$(BUILD)/nocurses
CK_CFLAGS := $(CK_BASE_CFLAGS) $(PKG_CFLAGS) $(CORE_INC) -iquote src/tui -iquote src/tui/screens -iquote src/cli
LDLIBS_CK := $(PKG_LIBS) -lm $(SANFLAGS)
LDLIBS_CORE := $(CORE_LIBS) -lm $(SANFLAGS)

CORE_SRC := $(wildcard src/core/*.c)
TUI_SRC := $(wildcard src/tui/*.c src/tui/screens/*.c)
CLI_SRC := $(wildcard src/cli/*.c)
CORE_OBJ := $(CORE_SRC:src/%.c=$(BUILD)/obj/%.o)
TUI_OBJ := $(TUI_SRC:src/%.c=$(BUILD)/obj/%.o)
CLI_OBJ := $(CLI_SRC:src/%.c=$(BUILD)/obj/%.o)
OBJ := $(CORE_OBJ) $(TUI_OBJ) $(CLI_OBJ)
CORE_LIB := $(BUILD)/libckcore.a
TUI_LIB := $(BUILD)/libcktui.a
UNIT := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))
# Unit tests of the terminal layer's own pure parts (the key table); every
# other unit test links the core alone.
UNIT_TUI := $(BUILD)/tests/test_keys $(BUILD)/tests/test_i18n $(BUILD)/tests/test_demos
NOCURSES := $(addprefix $(BUILD)/nocurses/,curses.h ncurses.h ncursesw/curses.h ncursesw/ncurses.h term.h)

.PHONY: all run test clean demos demos-first gpu-test bench profile install uninstall
# demos-first (demos/demos.mk): the two longest compiles start before the
# rest, which -j packs around them, so no core waits on one at the end.
all: demos-first $(BUILD)/cudakitchen demos

$(BUILD)/cudakitchen: $(CLI_OBJ) $(TUI_LIB) $(CORE_LIB)
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(TUI_LIB) $(CORE_LIB) $(LDLIBS_CK)

$(CORE_LIB): $(CORE_OBJ)
	rm -f $@ && $(AR) rcs $@ $^
$(TUI_LIB): $(TUI_OBJ)
	rm -f $@ && $(AR) rcs $@ $^

$(CORE_OBJ): $(BUILD)/obj/%.o: src/%.c $(NOCURSES)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CK_CORE_CFLAGS) -c -o $@ $<
$(TUI_OBJ) $(CLI_OBJ): $(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CK_CFLAGS) -c -o $@ $<

# Stand-ins for the curses headers, first on the core's include path.
$(NOCURSES):
	@mkdir -p $(@D)
	@echo '#error "src/core must not use curses: terminal code belongs in src/tui"' > $@

# The unit tests' own code at -O0 (a third of -O2's compile time); the code
# they test is built with CFLAGS.
UNIT_CFLAGS ?= -O0 -g
$(filter-out $(UNIT_TUI),$(UNIT)): $(BUILD)/tests/%: tests/unit/%.c $(CORE_LIB) | $(BUILD)/tests
	$(CC) $(UNIT_CFLAGS) $(CK_CORE_CFLAGS) -iquote tests -o $@ $< $(CORE_LIB) $(LDLIBS_CORE)
$(UNIT_TUI): $(BUILD)/tests/%: tests/unit/%.c $(TUI_LIB) $(CORE_LIB) | $(BUILD)/tests
	$(CC) $(UNIT_CFLAGS) $(CK_CFLAGS) -iquote tests -o $@ $< $(TUI_LIB) $(CORE_LIB) $(LDLIBS_CK)

$(BUILD)/tests:
	mkdir -p $@

run: $(BUILD)/cudakitchen demos
	./$(BUILD)/cudakitchen $(ARGS)

include fuzz/fuzz.mk

# The e2e scripts read CK_BIN and CK_BUILD; unit tests need no environment.
# Every script has its own tmux socket, HOME and temporary files, so prove
# runs TEST_JOBS of them at once (twice the cores: the screen tests mostly
# wait); the longest start first, so that none of them starts last
# (tests/README.md).
TEST_JOBS_DEFAULT := $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) * 2 )))
TEST_JOBS ?= $(TEST_JOBS_DEFAULT)
PROVE_FLAGS ?=
# e.g. make test PROVE_FLAGS=--timer: each script's time
E2E := $(sort $(wildcard tests/e2e/*.sh))
E2E_LONG := $(foreach t,lesson_code demos_emu quiz_journey valgrind progress_kill help_screens tui_course \
	i18n_tui tui_basic tui_demo quiz_flow gpumap_keys tui_help tui_xfer tui_signals demos_conv demos_build,\
	$(filter tests/e2e/$(t).sh,$(E2E)))
test: all $(UNIT) $(REPLAY)
	CK_BIN=$(CURDIR)/$(BUILD)/cudakitchen CK_BUILD=$(CURDIR)/$(BUILD) \
		prove -f -j$(TEST_JOBS) $(PROVE_FLAGS) $(E2E_LONG) $(UNIT) $(filter-out $(E2E_LONG),$(E2E))

# Installed layout; the program finds share/ and libexec/ relative to its
# own bin/ (src/paths.h), so PREFIX can be moved as a whole afterwards and
# no path, DESTDIR least of all, is compiled in.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL ?= install
bindir := $(PREFIX)/bin
man1dir := $(PREFIX)/share/man/man1
ckdatadir := $(PREFIX)/share/cudakitchen
cklibexecdir := $(PREFIX)/libexec/cudakitchen
INSTALL_CONTENT := $(wildcard lessons/*/*.yaml quizzes/*/*.yaml demos/results/*.yaml)
# every demo of the registry (demos/demos.h, read by demos/demos.mk)
INSTALL_DEMOS = $(DEMO_REGISTRY)

install: $(BUILD)/cudakitchen demos
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(man1dir) $(DESTDIR)$(cklibexecdir)
	$(INSTALL) -m 0755 $(BUILD)/cudakitchen $(DESTDIR)$(bindir)/cudakitchen
	$(INSTALL) -m 0644 cudakitchen.1 $(DESTDIR)$(man1dir)/cudakitchen.1
	@set -e; for f in $(INSTALL_CONTENT); do \
		echo "$(INSTALL) -D -m 0644 $$f $(DESTDIR)$(ckdatadir)/$$f"; \
		$(INSTALL) -D -m 0644 $$f $(DESTDIR)$(ckdatadir)/$$f; done
	@set -e; for d in $(INSTALL_DEMOS); do \
		if [ -x $(BUILD)/demos/$$d ]; then \
			echo "$(INSTALL) -m 0755 $(BUILD)/demos/$$d $(DESTDIR)$(cklibexecdir)/$$d"; \
			$(INSTALL) -m 0755 $(BUILD)/demos/$$d $(DESTDIR)$(cklibexecdir)/$$d; fi; done

# Removes the files install puts there, then our own directories if they
# are empty (an instructor's added lesson keeps its directory).
uninstall:
	rm -f $(DESTDIR)$(bindir)/cudakitchen $(DESTDIR)$(man1dir)/cudakitchen.1
	rm -f $(addprefix $(DESTDIR)$(cklibexecdir)/,$(INSTALL_DEMOS))
	rm -f $(addprefix $(DESTDIR)$(ckdatadir)/,$(INSTALL_CONTENT))
	@for d in $(sort $(dir $(INSTALL_CONTENT:%=$(DESTDIR)$(ckdatadir)/%))) $(DESTDIR)$(ckdatadir)/demos \
		$(DESTDIR)$(ckdatadir)/lessons $(DESTDIR)$(ckdatadir)/quizzes $(DESTDIR)$(ckdatadir) \
		$(DESTDIR)$(cklibexecdir); do \
		[ ! -d "$$d" ] || rmdir "$$d" 2>/dev/null || echo "uninstall: kept $$d (not empty)"; done

clean:
	rm -rf build build-san build-clang $(FUZZ_BUILD)

-include demos/demos.mk
-include $(OBJ:.o=.d) $(UNIT:=.d)
