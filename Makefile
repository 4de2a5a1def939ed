# cudakitchen: `make` builds everything it can, `make run` starts the
# tutorial, `make test` builds and runs every test (TAP, through prove).
#
#   make test SANITIZE=1   the same suite under ASan + UBSan, in build-san/
#   make CC=clang          any C11 compiler works; CI builds with gcc and clang
#   make demos             only the demo programs (no ncurses, no libyaml)
#   make install           PREFIX=/usr/local DESTDIR= (staging); make uninstall
#   make fuzz              libFuzzer targets, FUZZ_SECONDS each (fuzz/fuzz.mk)

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
VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)

CFLAGS ?= -O2 -g
CK_CFLAGS := -std=c11 -Wall -Wextra -Werror -D_XOPEN_SOURCE=700 -D_DEFAULT_SOURCE \
	-DCK_VERSION='"$(VERSION)"' $(PKG_CFLAGS) $(SANFLAGS) -MMD -MP
LDLIBS_CK := $(PKG_LIBS) -lm $(SANFLAGS)

SRC := $(wildcard src/*.c)
OBJ := $(SRC:src/%.c=$(BUILD)/obj/%.o)
CORE_OBJ := $(filter-out $(BUILD)/obj/main.o,$(OBJ))
UNIT := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))

.PHONY: all run test clean demos gpu-test bench install uninstall
all: $(BUILD)/cudakitchen demos

$(BUILD)/cudakitchen: $(OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS_CK)

$(BUILD)/obj/%.o: src/%.c | $(BUILD)/obj
	$(CC) $(CFLAGS) $(CK_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c $(CORE_OBJ) | $(BUILD)/tests
	$(CC) $(CFLAGS) $(CK_CFLAGS) -Isrc -Itests -o $@ $< $(CORE_OBJ) $(LDLIBS_CK)

$(BUILD)/obj $(BUILD)/tests:
	mkdir -p $@

run: $(BUILD)/cudakitchen demos
	./$(BUILD)/cudakitchen $(ARGS)

include fuzz/fuzz.mk

# The e2e scripts read CK_BIN and CK_BUILD; unit tests need no environment.
test: all $(UNIT) $(REPLAY)
	CK_BIN=$(CURDIR)/$(BUILD)/cudakitchen CK_BUILD=$(CURDIR)/$(BUILD) \
		prove -f $(UNIT) $(sort $(wildcard tests/e2e/*.sh))

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
INSTALL_DEMOS := devinfo matmul conv transfer streams

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
	rm -rf build build-san $(FUZZ_BUILD)

-include demos/demos.mk
-include $(OBJ:.o=.d)
