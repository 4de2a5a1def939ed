#!/bin/sh
# Ignores SIGTERM (and so does its sleep): only SIGKILL ends it.
trap '' TERM
echo started
sleep 30
echo "still here"
sleep 30
