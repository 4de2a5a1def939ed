# cudakitchen: `make` builds everything it can, `make run` starts the
# tutorial, `make test` the quick tests, `make test-all` every test (TAP, prove).
#
#   make deps              installs the Debian packages the build and the
#                          tests need (as root; otherwise names them)
#   make test-unit         one tier of the quick tests: test-unit, test-emu, test-e2e
#   make test-long         the rest (CI runs it); make test-all runs both
#   make test-all SANITIZE=1  both suites under ASan + UBSan, in build-san/
#   make CC=clang          any C11 compiler works; CI builds with gcc and clang
#   make demos             only the demo programs (no ncurses, no libyaml)
#   make install           PREFIX=/usr/local DESTDIR= (staging); make uninstall
#   make fuzz              libFuzzer targets, FUZZ_SECONDS each (fuzz/fuzz.mk)

# One job per core unless -j is given (make -j1 for one at a time): the
# nvcc compiles of the demos are most of a build.  A make started by this
# one (make test's) shares its jobs instead.
ifeq ($(filter -j%,$(MAKEFLAGS))$(filter-out 0,$(MAKELEVEL)),)
CK_CORES := $(shell nproc 2>/dev/null || echo 1)
MAKEFLAGS += -j$(CK_CORES)
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
# The core links without the terminal library (see "Layers" below).
CORE_PKGS := yaml-0.1 libcrypto
# The libraries' flags, read in one call while the makefile is read: each
# word comes back tagged with what it is (C: cflags, L: libs, c: and l: the
# core's), and the libraries' usual names stand in where pkg-config or a
# .pc file is missing (on Debian they are right; the build then stops at
# the first missing header, after the check below has said `make deps`).
PKG_ALL := $(shell t() { for w in $$2; do printf '%s:%s ' "$$1" "$$w"; done; }; \
	t C "$$($(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)"; \
	t L "$$($(PKG_CONFIG) --libs $(PKGS) 2>/dev/null || echo -lncursesw -ltinfo -lyaml -lcrypto)"; \
	t c "$$($(PKG_CONFIG) --cflags $(CORE_PKGS) 2>/dev/null)"; \
	t l "$$($(PKG_CONFIG) --libs $(CORE_PKGS) 2>/dev/null || echo -lyaml -lcrypto)")
pkg_words = $(patsubst $(1):%,%,$(filter $(1):%,$(PKG_ALL)))
PKG_CFLAGS := $(filter-out -D_XOPEN_SOURCE=% -D_DEFAULT_SOURCE,$(call pkg_words,C))
PKG_LIBS := $(call pkg_words,L)
CORE_PKG_CFLAGS := $(call pkg_words,c)
CORE_LIBS := $(call pkg_words,l)
VERSION := $(or $(file <VERSION),0.0.0)

# Prerequisites.  Reading this makefile or a plain `make` installs nothing:
# before the first C file is compiled, deps-check asks scripts/deps.sh
# whether the libraries are there and, if not, stops with their names and
# `make deps`.  `make run` and the test targets, the README's commands for
# a fresh machine, let scripts/deps.sh install what is missing instead (as
# root with apt-get; otherwise it names the packages and stops).
DEPS_MODE := $(if $(filter test test-%,$(MAKECMDGOALS)),test,$(if $(filter run,$(MAKECMDGOALS)),build))
# `make` alone builds everything (all, below), not the first rule here.
.DEFAULT_GOAL := all
.PHONY: deps deps-check
deps:
	sh scripts/deps.sh test
deps-check:
	@sh scripts/deps.sh $(if $(DEPS_MODE),$(DEPS_MODE),check)

CFLAGS ?= -O2 -g
CK_BASE_CFLAGS := -std=c11 -Wall -Wextra -Werror -D_XOPEN_SOURCE=700 -D_DEFAULT_SOURCE \
	-DCK_VERSION='"$(VERSION)"' $(SANFLAGS) -MMD -MP
# Layers: src/core (no curses: compiled without the ncurses flags, against
# headers that make any curses include an error, and linked into the unit
# tests and fuzzers without -lncursesw), src/tui (terminal, ui, keys, the
# loop), src/tui/screens (one file per screen and its view), src/cli (main
# and the plain commands).  A layer sees its own headers and those below it:
# each gets the -iquote of its own folder and of the layers under it, so an
# include from a layer above fails to compile.
# The demos' ladders (demos/<demo>/*_ladder.h, plain C) are read from
# there, never copied: `#include "matmul/mm_ladder.h"`.
CORE_INC := -iquote src/core -iquote demos
TUI_INC := $(CORE_INC) -iquote src/tui
SCREENS_INC := $(TUI_INC) -iquote src/tui/screens
CLI_INC := $(SCREENS_INC) -iquote src/cli
CK_CORE_CFLAGS := $(CK_BASE_CFLAGS) $(CORE_PKG_CFLAGS) $(CORE_INC) -I$(BUILD)/nocurses
CK_CFLAGS := $(CK_BASE_CFLAGS) $(PKG_CFLAGS)
LDLIBS_CK := $(PKG_LIBS) -lm $(SANFLAGS)
LDLIBS_CORE := $(CORE_LIBS) -lm $(SANFLAGS)

CORE_SRC := $(wildcard src/core/*.c)
TUI_SRC := $(wildcard src/tui/*.c)
SCREENS_SRC := $(wildcard src/tui/screens/*.c)
CLI_SRC := $(wildcard src/cli/*.c)
CORE_OBJ := $(CORE_SRC:src/%.c=$(BUILD)/obj/%.o)
TUI_OBJ := $(TUI_SRC:src/%.c=$(BUILD)/obj/%.o) $(SCREENS_SRC:src/%.c=$(BUILD)/obj/%.o)
CLI_OBJ := $(CLI_SRC:src/%.c=$(BUILD)/obj/%.o)
OBJ := $(CORE_OBJ) $(TUI_OBJ) $(CLI_OBJ)
CORE_LIB := $(BUILD)/libckcore.a
TUI_LIB := $(BUILD)/libcktui.a
UNIT := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))
# Unit tests of the terminal layer's own pure parts (the key table); every
# other unit test links the core alone.
UNIT_TUI := $(BUILD)/tests/test_keys $(BUILD)/tests/test_i18n $(BUILD)/tests/test_demos
NOCURSES := $(addprefix $(BUILD)/nocurses/,curses.h ncurses.h ncursesw/curses.h ncursesw/ncurses.h term.h)

.PHONY: all run clean demos demos-first gpu-test bench profile install uninstall
# demos-first (demos/demos.mk): the two longest compiles start before the
# rest, which -j packs around them, so no core waits on one at the end.
all: demos-first $(BUILD)/cudakitchen $(BUILD)/cudakitchen.1 demos

# the man page with its lists of demos written from the registry
# (a temporary file of its own: make test and make test-long may write the
# page at once, as make test-all runs them)
$(BUILD)/cudakitchen.1: cudakitchen.1 demos/demos.h scripts/man_page.sh
	@mkdir -p $(@D)
	scripts/man_page.sh demos/demos.h cudakitchen.1 >$@.$$$$.tmp && mv $@.$$$$.tmp $@

$(BUILD)/cudakitchen: $(CLI_OBJ) $(TUI_LIB) $(CORE_LIB)
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(TUI_LIB) $(CORE_LIB) $(LDLIBS_CK)

$(CORE_LIB): $(CORE_OBJ)
	rm -f $@ && $(AR) rcs $@ $^
$(TUI_LIB): $(TUI_OBJ)
	rm -f $@ && $(AR) rcs $@ $^

$(OBJ): | deps-check
$(CORE_OBJ): $(BUILD)/obj/%.o: src/%.c $(NOCURSES)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CK_CORE_CFLAGS) -c -o $@ $<
$(BUILD)/obj/tui/%.o: src/tui/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CK_CFLAGS) $(TUI_INC) -c -o $@ $<
$(BUILD)/obj/tui/screens/%.o: src/tui/screens/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CK_CFLAGS) $(SCREENS_INC) -c -o $@ $<
$(CLI_OBJ): $(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CK_CFLAGS) $(CLI_INC) -c -o $@ $<

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
	$(CC) $(UNIT_CFLAGS) $(CK_CFLAGS) $(TUI_INC) -iquote tests -o $@ $< $(TUI_LIB) $(CORE_LIB) $(LDLIBS_CK)

$(BUILD)/tests:
	mkdir -p $@

run: $(BUILD)/cudakitchen demos
	./$(BUILD)/cudakitchen $(ARGS)

include fuzz/fuzz.mk

# The test tiers (test-unit, test-emu, test-e2e, and test for all three)
# are in tests/tests.mk, included at the end.

# Installed layout; the program finds share/ and libexec/ relative to its
# own bin/ (src/core/paths.h), so PREFIX can be moved as a whole afterwards and
# no path, DESTDIR least of all, is compiled in.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL ?= install
bindir := $(PREFIX)/bin
man1dir := $(PREFIX)/share/man/man1
ckdatadir := $(PREFIX)/share/cudakitchen
cklibexecdir := $(PREFIX)/libexec/cudakitchen
INSTALL_CONTENT := $(wildcard lessons/*/*.yaml quizzes/*/*.yaml demos/results/*.yaml)
# the drills and the emulator their checks compile against at run time
INSTALL_CONTENT += $(wildcard drills/*/*.yaml drills/*/*.cu emu/*.h)
# every demo of the registry (demos/demos.h, read by demos/demos.mk)
INSTALL_DEMOS = $(DEMO_REGISTRY)

install: $(BUILD)/cudakitchen $(BUILD)/cudakitchen.1 demos
	$(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(man1dir) $(DESTDIR)$(cklibexecdir)
	$(INSTALL) -m 0755 $(BUILD)/cudakitchen $(DESTDIR)$(bindir)/cudakitchen
	$(INSTALL) -m 0644 $(BUILD)/cudakitchen.1 $(DESTDIR)$(man1dir)/cudakitchen.1
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
		$(DESTDIR)$(ckdatadir)/lessons $(DESTDIR)$(ckdatadir)/quizzes $(DESTDIR)$(ckdatadir)/drills \
		$(DESTDIR)$(ckdatadir) \
		$(DESTDIR)$(cklibexecdir); do \
		[ ! -d "$$d" ] || rmdir "$$d" 2>/dev/null || echo "uninstall: kept $$d (not empty)"; done

# The lines changed since FORMAT_BASE (default: not committed yet) against
# .clang-format (scripts/format_check.sh says why only those).
FORMAT_BASE ?= HEAD
.PHONY: format-check
format-check:
	scripts/format_check.sh $(FORMAT_BASE)

clean:
	rm -rf build build-san build-clang $(FUZZ_BUILD)

-include demos/demos.mk
include tests/tests.mk
-include $(OBJ:.o=.d) $(UNIT:=.d)

# The drill catalogue on this machine's GPU (drills/scripts/gpu_check.sh):
# references pass with compute-sanitizer clean, wrong solutions caught,
# each reference's time.
.PHONY: gpu-drills
gpu-drills: $(BUILD)/cudakitchen
	drills/scripts/gpu_check.sh
