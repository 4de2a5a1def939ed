#!/bin/sh
# Prints each argument on its own line, then whether stdin is empty.
for a in "$@"; do printf '%s\n' "$a"; done
if read -r line; then echo "stdin: $line"; else echo "stdin: empty"; fi
