#!/bin/sh
# Exits at once but leaves a grandchild holding stdout and stderr open;
# its pid goes to the file named in $1.
sleep 30 &
echo $! > "$1"
echo parent done
exit 0
