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
    HTTPHead|ChunkedBody|ContentDecoder) echo PushHTTP ;;
    HTTP1Request) echo PushServe ;;
  esac
}
# The sources a target is built with: its module's, or (for a module that imports much) the
# files it needs alone.
sources_for() {
  case "$1" in
    # `pushsim serve`'s request reader and the types it reads into; PushServe itself imports
    # the whole device.
    # (ServeRequest's credentials, which the reader never sets, get a stand-in).
    HTTP1Request) printf '%s\n' Sources/PushServe/HTTP/HTTP1Parser.swift \
      Sources/PushServe/HTTP/ServeMessage.swift Sources/PushServe/Server/ServeLimits.swift \
      Fuzz/HTTP1Request/RequestAuthentication.swift ;;
    *) find "Sources/$(module_for "$1")" -name '*.swift' | sort ;;
  esac
}
dependencies_for() {
  case "$1" in
    PushPayload) echo PushCore ;;
    PushHTTP) echo PushCore ;;
    PushLocalization) echo PushCore PushPayload ;;
    PushDevice) echo PushCore PushPayload PushLocalization PushHTTP PushMedia PushSimHosting ;;
    PushScenario) echo PushCore PushPayload PushLocalization PushHTTP PushMedia PushSimHosting PushDevice ;;
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
    # The HTTP readers: their crash inputs (kept as regression fixtures), then the made seeds.
    HTTPHead|ChunkedBody|ContentDecoder|HTTP1Request)
      { [ -d "Fuzz/$1/regressions" ] && find "Fuzz/$1/regressions" -type f | sort
        find "$seeds/$1" -type f | sort; } ;;
  esac
}

# Seeds for the HTTP readers, made here: heads as servers send them, chunked bodies (a first
# byte for the size of the pieces), and gzip, zlib and raw deflate streams (a first byte for
# the encoding, the cap and the pieces: even is gzip, odd deflate).
seeds=".build/fuzz/seeds"
make_http_seeds() {
  mkdir -p "$seeds/HTTPHead" "$seeds/ChunkedBody" "$seeds/ContentDecoder" "$seeds/HTTP1Request"
  # Requests as clients send them (a first byte for the size of the pieces).
  printf '\x05%b' 'POST /3/device/ab HTTP/1.1\r\nHost: x\r\napns-topic: a\r\nContent-Length: 2\r\n\r\n{}GET / HTTP/1.1\r\n\r\n' \
    >"$seeds/HTTP1Request/two"
  printf '\x00%b' 'GET /pushsim/v1/devices HTTP/1.0\r\nConnection: keep-alive\r\n\r\n' \
    >"$seeds/HTTP1Request/keep-alive"
  printf '\x10%b' 'POST / HTTP/1.1\r\nContent-Length: 9999\r\nTransfer-Encoding: chunked\r\n\r\n' \
    >"$seeds/HTTP1Request/refused"
  printf 'HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 5\r\n\r\nhello' \
    >"$seeds/HTTPHead/ok"
  printf 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.0 302 Found\r\nLocation: /a\r\n\r\n' \
    >"$seeds/HTTPHead/interim"
  printf 'HTTP/1.1 200 OK\nTransfer-Encoding: gzip, chunked\nContent-Length: -1\n\n' \
    >"$seeds/HTTPHead/bare-lf"
  printf '\x03%b' '5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: x\r\n\r\nextra' \
    >"$seeds/ChunkedBody/trailer"
  printf '\x00%b' '7fffffffffffffff\r\nhello' >"$seeds/ChunkedBody/largest"
  printf '\xff%b' 'A \r\n0123456789\r\n0\r\n\r\n' >"$seeds/ChunkedBody/spaces"
  python3 - "$seeds/ContentDecoder" <<'PY'
import gzip, os, sys, zlib
text = b"PushSim decodes gzip. " * 40 + bytes(range(256))
for name, mode, data in [
    ("gzip", 0x80, gzip.compress(text, 9)),
    ("gzip-fast", 0x2E, gzip.compress(text, 1)),
    ("zlib", 0x31, zlib.compress(text, 9)),
    ("raw", 0x0F, zlib.compress(text, 6)[2:-4]),
    ("stored", 0x5F, zlib.compress(text, 0)),
]:
    with open(os.path.join(sys.argv[1], name), "wb") as seed:
        seed.write(bytes([mode]) + data)
PY
}

FLAGS=(-O -sanitize=fuzzer,address -parse-as-library -swift-version 6
  -enable-upcoming-feature ExistentialAny -package-name PushSim -I Sources/CPushCurl/include)
modules=".build/fuzz/modules"
mkdir -p "$modules"

# The C target (libcurl loaded at run time), an instrumented static library every target links:
# PushHTTP, and every module above it, calls it.
build_c_library() {
  local stamp="$modules/CPushCurl.built"
  if [ -f "$stamp" ] && [ -z "$(find Sources/CPushCurl Fuzz/run.sh -newer "$stamp" -print -quit)" ]
  then
    return 0
  fi
  clang -O1 -fsanitize=address,fuzzer-no-link -I Sources/CPushCurl/include \
    -c Sources/CPushCurl/CPushCurl.c -o "$modules/CPushCurl.o" &&
    rm -f "$modules/libCPushCurl.a" &&
    ar rcs "$modules/libCPushCurl.a" "$modules/CPushCurl.o" && touch "$stamp"
}

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
  local module="$1" stamp="$modules/$1.built" folders=("Sources/$1" Sources/CPushCurl) dependency
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
if command -v flock >/dev/null; then
  (flock 9 && build_c_library) 9>"$modules/CPushCurl.lock" || status=1
else
  build_c_library || status=1
fi
make_http_seeds || status=1
for target in "${TARGETS[@]}"; do
  work=".build/fuzz/$target"
  mkdir -p "$work/corpus"
  module="$(module_for "$target")"
  if [ -z "$module" ]; then
    echo "fuzz: no module known for $target (add it to module_for in Fuzz/run.sh)" >&2
    status=1
    continue
  fi
  mapfile -t sources < <(sources_for "$target")
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
    "Fuzz/$target/main.swift" "${libraries[@]}" "$modules/libCPushCurl.a" -o "$work/fuzzer" >"$work/build.log" 2>&1; then
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
