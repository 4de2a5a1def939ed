#!/bin/sh
# Exits with the status given as $1, after a line on each stream.
echo "status $1"
echo "stub: exiting with $1" >&2
exit "$1"
