#!/usr/bin/env bash
# Builds and runs a libFuzzer target against the PushPayload sources.
#   bash Fuzz/run.sh TARGET SECONDS      (TARGET: a folder under Fuzz/, e.g. payload)
# The target folder holds the entry point (*.swift), a seed corpus in corpus/ and crash inputs
# kept as regression fixtures in regressions/ (each replayed before fuzzing starts).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=${1:?usage: Fuzz/run.sh TARGET SECONDS}
SECONDS_TO_RUN=${2:-60}
DIR=Fuzz/$TARGET
BUILD=Fuzz/.build
WORK=Fuzz/corpus-work/$TARGET
mkdir -p "$BUILD" "$WORK" "$DIR/regressions"

swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -swift-version 6 -enable-upcoming-feature ExistentialAny \
  -module-name PushPayloadFuzz \
  $(find Sources/PushPayload -name '*.swift' | sort) "$DIR"/*.swift \
  -o "$BUILD/$TARGET"

# Replay the regression inputs first: each must run cleanly.
shopt -s nullglob
regressions=("$DIR"/regressions/*)
if ((${#regressions[@]})); then
  "$BUILD/$TARGET" -runs=1 "${regressions[@]}"
fi

# Seed corpus: the target's corpus/ plus every payload fixture and example.
seeds=("$DIR/corpus" Tests/PushPayloadTests/Fixtures/payloads Examples/payloads)
"$BUILD/$TARGET" "$WORK" "${seeds[@]}" \
  -max_total_time="$SECONDS_TO_RUN" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
  -artifact_prefix="$DIR/regressions/" -print_final_stats=1
