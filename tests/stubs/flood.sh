#!/bin/sh
# Prints without end: the runner's output cap must stop it.
exec yes 'a line of output that never stops'
