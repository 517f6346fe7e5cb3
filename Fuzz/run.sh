#!/usr/bin/env bash
# libFuzzer targets. Usage: bash Fuzz/run.sh [SECONDS] [TARGET ...]  (or: TARGET SECONDS)
# Each target is Fuzz/<Target>/main.swift, compiled with the sources of the module it fuzzes
# (`swiftc -sanitize=fuzzer,address -parse-as-library`), run for SECONDS (default 60) with a
# corpus in .build/fuzz/<Target>/corpus seeded from the test fixtures. Exit status is libFuzzer's:
# non-zero when it found a crash (the reproducer is written to .build/fuzz/<Target>/).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 2 ] && [[ "$2" =~ ^[0-9]+$ ]] && ! [[ "$1" =~ ^[0-9]+$ ]]; then
  set -- "$2" "$1" # TARGET SECONDS
fi
SECONDS_PER_TARGET="${1:-60}"
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  TARGETS=()
  for dir in Fuzz/*/; do TARGETS+=("$(basename "$dir")"); done
fi

# Which module's sources each target is built with, and where its seed corpus comes from.
sources_for() {
  case "$1" in
    StringsReader|Formatter) find Sources/PushLocalization -name '*.swift' | sort ;;
    Payload) find Sources/PushPayload -name '*.swift' | sort ;;
    *) if [ -f "Fuzz/$1/sources" ]; then xargs -n1 < "Fuzz/$1/sources" | sort; fi ;;
  esac
}
seeds_for() {
  case "$1" in
    StringsReader) find Tests/PushLocalizationTests/Fixtures Strings -name '*.strings' ;;
    Formatter) printf '%s\n' Strings/*/Localizable.strings ;;
    # Payload: its crash inputs (kept as regression fixtures) run first, then the fixtures.
    Payload) find Fuzz/Payload/corpus Fuzz/Payload/regressions Tests/PushPayloadTests/Fixtures/payloads \
      Examples/payloads -type f ! -name '.gitkeep' ! -name 'expectations.json' | sort ;;
    *) if [ -f "Fuzz/$1/seeds" ]; then cat "Fuzz/$1/seeds"; fi ;;
  esac
}

status=0
for target in "${TARGETS[@]}"; do
  work=".build/fuzz/$target"
  mkdir -p "$work/corpus"
  mapfile -t sources < <(sources_for "$target")
  if [ ${#sources[@]} -eq 0 ]; then
    echo "fuzz: no sources known for $target (add Fuzz/$target/sources)" >&2
    status=1
    continue
  fi
  while IFS= read -r seed; do
    [ -f "$seed" ] && cp "$seed" "$work/corpus/$(basename "$seed").seed"
  done < <(seeds_for "$target")
  echo "fuzz: building $target" >&2
  if ! swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 \
    -enable-upcoming-feature ExistentialAny \
    -module-name "${target}Fuzz" "${sources[@]}" "Fuzz/$target/main.swift" -o "$work/fuzzer" \
    >"$work/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$work/build.log" >&2 || true
    echo "fuzz: $target did not build" >&2
    status=1
    continue
  fi
  echo "fuzz: running $target for ${SECONDS_PER_TARGET}s" >&2
  if ! (cd "$work" && ./fuzzer -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 \
    -artifact_prefix=./ corpus >fuzz.log 2>&1); then
    echo "fuzz: $target FAILED; see $work/fuzz.log" >&2
    tail -30 "$work/fuzz.log" >&2
    status=1
  else
    grep -E "stat::number_of_executed_units|Done" "$work/fuzz.log" >&2 || true
  fi
done
exit $status
