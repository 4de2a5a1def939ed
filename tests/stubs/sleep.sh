#!/bin/sh
# Runs far past any test timeout; ends on SIGTERM.
echo started
sleep 30
