#!/bin/sh
# deps.sh: make sure the build and test prerequisites are present.
#
# `make deps` runs it to install them; `make run` and the test targets run
# it before compiling, so a fresh machine needs only the README's two
# commands.  As root with apt-get it installs the Debian packages that are
# missing; otherwise it names them and fails.  A plain `make` only checks.
#   scripts/deps.sh build   libraries and compiler only
#   scripts/deps.sh test    also tmux, perl's prove and valgrind for the tests
#   scripts/deps.sh check   the libraries and compiler, never installing:
#                           names what is missing and `make deps`, exit 1
set -eu
want=${1:-build}
install=yes
if [ "$want" = check ]; then
	want=build
	install=no
fi
pkgs=""
pkg-config --version >/dev/null 2>&1 || pkgs="$pkgs pkg-config"
pkg-config --exists ncursesw 2>/dev/null || pkgs="$pkgs libncurses-dev"
pkg-config --exists yaml-0.1 2>/dev/null || pkgs="$pkgs libyaml-dev"
pkg-config --exists libcrypto 2>/dev/null || pkgs="$pkgs libssl-dev"
command -v cc >/dev/null 2>&1 || pkgs="$pkgs gcc"
if [ "$want" = test ]; then
	command -v tmux >/dev/null 2>&1 || pkgs="$pkgs tmux"
	command -v prove >/dev/null 2>&1 || pkgs="$pkgs perl"
	command -v valgrind >/dev/null 2>&1 || pkgs="$pkgs valgrind"
	command -v python3 >/dev/null 2>&1 || pkgs="$pkgs python3"
	python3 -c 'import yaml' >/dev/null 2>&1 || pkgs="$pkgs python3-yaml"
	locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$' || pkgs="$pkgs locales"
fi
[ -z "$pkgs" ] && exit 0
if [ "$install" = no ]; then
	echo "deps: missing packages:$pkgs" >&2
	echo "deps: run 'make deps' (as root it installs them: apt-get install$pkgs)" >&2
	exit 1
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "deps: installing$pkgs"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq $pkgs
else
	echo "deps: missing packages:$pkgs" >&2
	echo "deps: install them with: sudo make deps (or sudo apt-get install$pkgs)" >&2
	exit 1
fi
