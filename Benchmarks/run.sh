#!/usr/bin/env bash
# Benchmarks: each section measures PushSim against a baseline in the same run and prints
# the ratio. Run from the repository root: bash Benchmarks/run.sh [section ...]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product PushSimBenchmarks >&2
swift build -c release --product pushsim >&2
BIN=.build/release
WORK=Benchmarks/.work
mkdir -p "$WORK"

# section: validate (issue 2)
# section: strings (issue 3)
# 50,000-entry .strings in UTF-8 and UTF-16: our reader vs PropertyListSerialization (target ≤ 0.5×).
"$BIN/PushSimBenchmarks" strings 50000 15
# section: device (issue 4)
# section: scenario (issue 6)
