#!/usr/bin/env bash
# libFuzzer targets. Usage: bash Fuzz/run.sh [SECONDS] [TARGET ...]  (or: TARGET SECONDS)
# Each target is Fuzz/<Target>/main.swift, compiled with the sources of the module it fuzzes
# (`swiftc -sanitize=fuzzer,address -parse-as-library`, so it may call internal entry points),
# run for SECONDS (default 60) with a corpus in .build/fuzz/<Target>/corpus seeded from the test
# fixtures. The modules that module imports are built first, each as its own instrumented static
# library. Exit status is libFuzzer's: non-zero when it found a crash (the reproducer is written
# to .build/fuzz/<Target>/).
set -euo pipefail
cd "$(dirname "$0")/.."
# LeakSanitizer's suppressions, by an absolute path: each fuzzer runs in its own work folder,
# and LeakSanitizer (which reads the file only when it has a leak to report) fails the run
# when the file is not found.
SUPPRESSIONS="$PWD/Fuzz/lsan.supp"
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

# Which module each target is built with, which modules that one imports (in build order),
# and where its seed corpus comes from.
module_for() {
  case "$1" in
    StringsReader|Formatter) echo PushLocalization ;;
    Payload) echo PushPayload ;;
    Scenario) echo PushScenario ;;
  esac
}
dependencies_for() {
  case "$1" in
    PushPayload) echo PushCore ;;
    PushLocalization) echo PushCore PushPayload ;;
    PushDevice) echo PushCore PushPayload PushLocalization ;;
    PushScenario) echo PushCore PushPayload PushLocalization PushDevice ;;
  esac
}
seeds_for() {
  case "$1" in
    StringsReader) find Tests/PushLocalizationTests/Fixtures Strings -name '*.strings' ;;
    Formatter) printf '%s\n' Strings/*/Localizable.strings ;;
    # Payload: its crash inputs (kept as regression fixtures) run first, then the fixtures.
    Payload) find Fuzz/Payload/corpus Fuzz/Payload/regressions Tests/PushPayloadTests/Fixtures/payloads \
      Examples/payloads -type f ! -name '.gitkeep' ! -name 'expectations.json' | sort ;;
    Scenario) find Scenarios Examples Tests/PushScenarioTests -name '*.json' | sort ;;
  esac
}

FLAGS=(-O -sanitize=fuzzer,address -parse-as-library -swift-version 6
  -enable-upcoming-feature ExistentialAny -package-name PushSim)
modules=".build/fuzz/modules"
mkdir -p "$modules"

# Builds Sources/<Module> as an instrumented static library with its module interface in
# .build/fuzz/modules, unless it was built after every change to its sources, its dependencies'
# sources and this script. Two runs of this script may build at once (CI runs two lanes, one per
# core): a module is built under a lock (`flock`, where there is one), and the second run finds
# it built.
build_module() {
  if command -v flock >/dev/null; then
    (flock 9 && build_module_unlocked "$1") 9>"$modules/$1.lock"
  else
    build_module_unlocked "$1"
  fi
}
build_module_unlocked() {
  local module="$1" stamp="$modules/$1.built" folders=("Sources/$1") dependency
  for dependency in $(dependencies_for "$module"); do folders+=("Sources/$dependency"); done
  if [ -f "$stamp" ] && [ -z "$(find "${folders[@]}" Fuzz/run.sh -newer "$stamp" -print -quit)" ]
  then
    return 0
  fi
  local sources
  mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
  echo "fuzz: building module $module" >&2
  if ! swiftc "${FLAGS[@]}" -I "$modules" -module-name "$module" -emit-module \
    -emit-module-path "$modules/$module.swiftmodule" -emit-library -static \
    -o "$modules/lib$module.a" "${sources[@]}" >"$modules/$module.log" 2>&1; then
    grep -v "Cannot export local symbol" "$modules/$module.log" >&2 || true
    return 1
  fi
  touch "$stamp"
}

status=0
for target in "${TARGETS[@]}"; do
  work=".build/fuzz/$target"
  mkdir -p "$work/corpus"
  module="$(module_for "$target")"
  if [ -z "$module" ]; then
    echo "fuzz: no module known for $target (add it to module_for in Fuzz/run.sh)" >&2
    status=1
    continue
  fi
  mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
  libraries=()
  failed=0
  for dependency in $(dependencies_for "$module"); do
    if ! build_module "$dependency"; then failed=1; break; fi
    # A library goes before the libraries it imports (the linker reads them in order).
    libraries=("$modules/lib$dependency.a" "${libraries[@]}")
  done
  if [ $failed -ne 0 ]; then
    echo "fuzz: $target did not build" >&2
    status=1
    continue
  fi
  while IFS= read -r seed; do
    [ -f "$seed" ] && cp "$seed" "$work/corpus/$(basename "$seed").seed"
  done < <(seeds_for "$target")
  echo "fuzz: building $target" >&2
  if ! swiftc "${FLAGS[@]}" -I "$modules" -module-name "${target}Fuzz" "${sources[@]}" \
    "Fuzz/$target/main.swift" "${libraries[@]}" -o "$work/fuzzer" >"$work/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$work/build.log" >&2 || true
    echo "fuzz: $target did not build" >&2
    status=1
    continue
  fi
  echo "fuzz: running $target for ${SECONDS_PER_TARGET}s" >&2
  if ! (cd "$work" && LSAN_OPTIONS="suppressions=$SUPPRESSIONS${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
    ./fuzzer -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 \
    -artifact_prefix=./ corpus >fuzz.log 2>&1); then
    echo "fuzz: $target FAILED; see $work/fuzz.log" >&2
    tail -30 "$work/fuzz.log" >&2
    status=1
  else
    grep -E "stat::number_of_executed_units|Done" "$work/fuzz.log" >&2 || true
  fi
done
exit $status
