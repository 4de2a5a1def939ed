#!/bin/sh
# deps.sh: make sure the build and test prerequisites are present.
#
# Called by `make` (and so by `make run` and `make test`) when pkg-config
# cannot find a library or a test tool is missing.  As root with apt-get it
# installs the Debian packages; otherwise it names them and fails.
#   scripts/deps.sh build   libraries and compiler only
#   scripts/deps.sh test    also tmux, perl's prove and valgrind for the tests
set -eu
want=${1:-build}
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
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "deps: installing$pkgs"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq $pkgs
else
	echo "deps: missing packages:$pkgs" >&2
	echo "deps: install them with: sudo apt-get install$pkgs" >&2
	exit 1
fi
