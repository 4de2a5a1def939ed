#!/usr/bin/env bash
# ck-test: quick
# Texts that cannot drift (text_drift.py says the rules): every repository
# path a document or a source comment names exists, and every message id of
# src/core/i18n_msgs.h is used in src/.  Needs python3 only.
command -v python3 >/dev/null || { echo "1..0 # SKIP python3 not installed"; exit 0; }
exec python3 "$(dirname "$0")/text_drift.py"
