#!/bin/sh
# A well-behaved child: two result lines on stdout, a note on stderr, exit 0.
echo '- {record: "device", format: 1, demo: "stub", live: false, reason: "stub"}'
echo 'stub: a note on stderr' >&2
echo '- {record: "variant", format: 1, demo: "stub", variant: "v1"}'
