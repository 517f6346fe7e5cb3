#!/usr/bin/env bash
# Benchmark of `pushsim serve` (issue 46): h2load over h2c sends pushes to 1,000 devices, against
# `nghttpd` answering a static 200 to the same requests in the same run (the baseline: an HTTP/2
# server that does nothing per push). Prints pushes a second, the ratio, p99 latency, and
# pushsim's peak and current memory after 100,000 pushes and after all of them (1,000,000 by
# default). Targets: >= 20,000 pushes/s on 2 cores, <= 300 MiB, flat from 100,000 on.
#
# Usage, from the repository root: bash Benchmarks/serve.sh
#   SERVE_PUSHES (default 1000000), SERVE_CLIENTS (64 connections), SERVE_STREAMS (1 each),
#   SERVE_CORES ("0,1": the cores both servers run on; "0" gives the one-core figures),
#   SERVE_SKIP_BUILD=1 (use the release pushsim already built),
#   SERVE_ENV (a command put before pushsim's, e.g. "env MALLOC_ARENA_MAX=2").
# Needs h2load and nghttpd (Debian: nghttp2-client, nghttp2-server) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${SERVE_SKIP_BUILD:-0}" = 1 ] || swift build -c release --product pushsim >&2
BIN=.build/release
WORK=Benchmarks/.work/serve
PUSHES=${SERVE_PUSHES:-1000000}
FIRST=100000
[ "$PUSHES" -gt "$FIRST" ] || FIRST=$PUSHES
# One stream a connection: h2load opens its streams before it reads the server's first
# SETTINGS, and APNs (so pushsim serve) allows one stream until a request is authenticated
# (Rules.md §18.4), so more at once would be refused; concurrency comes from connections.
CLIENTS=${SERVE_CLIENTS:-64}
STREAMS=${SERVE_STREAMS:-1}
CORES=${SERVE_CORES:-0,1}
for tool in h2load nghttpd python3 taskset; do
  command -v "$tool" >/dev/null || { echo "serve benchmark: $tool is not installed" >&2; exit 2; }
done
rm -rf "$WORK"
mkdir -p "$WORK/htdocs/3/device"

# 1,000 devices of one app, each with its token; the same paths exist as empty files for
# nghttpd; a provider token of APNs's shape (serve checks shape and age only).
python3 - "$WORK" <<'PY'
import base64, json, os, sys, time
work = sys.argv[1]
devices, tokens = [], []
for index in range(1000):
    token = "%064x" % (0xB0000 + index)
    tokens.append(token)
    devices.append({"name": "d%d" % index, "device": {"locked": False},
                    "app": {"bundleId": "com.example.chat"},
                    "tokens": {"development": {"device": token}}})
    open(os.path.join(work, "htdocs/3/device", token), "w").close()
json.dump({"devices": devices}, open(os.path.join(work, "devices.json"), "w"))
open(os.path.join(work, "paths.txt"), "w").write("".join("/3/device/%s\n" % t for t in tokens))
b64 = lambda text: base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
jwt = (b64('{"alg":"ES256","kid":"ABC123DEFG"}') + "." +
       b64('{"iss":"DEF123GHIJ","iat":%d}' % int(time.time())) + ".c2lnbmF0dXJl")
open(os.path.join(work, "jwt"), "w").write(jwt)
open(os.path.join(work, "payload.json"), "w").write(
    '{"aps":{"alert":{"title":"Hola","body":"Benchmark push"},"thread-id":"t"}}')
PY

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
TICKS=$(getconf CLK_TCK)
cpu() { # pid: user + system CPU time so far, in clock ticks
  awk '{print $14 + $15}' "/proc/$1/stat"
}
per_core() { # ticks-before ticks-after pushes: pushes per CPU second (all threads, all cores)
  awk -v a="$1" -v b="$2" -v n="$3" -v t="$TICKS" 'BEGIN {s = (b - a) / t; printf "%.0f", (s > 0 ? n / s : 0)}'
}
memory() { # pid: peak and current resident memory in MiB
  awk '/VmHWM/ {peak = $2} /VmRSS/ {now = $2} END {printf "peak %.0f MiB, now %.0f MiB", peak / 1024, now / 1024}' "/proc/$1/status"
}
# h2load over h2c: COUNT pushes to the 1,000 paths in turn; prints "pushes/s p99-ms" and keeps
# its report in $WORK/<label>.h2load.
load() { # label port count
  local label=$1 port=$2 count=$3
  sed "s#^#http://127.0.0.1:$port#" "$WORK/paths.txt" >"$WORK/$label.uris"
  h2load -n "$count" -c "$CLIENTS" -m "$STREAMS" -i "$WORK/$label.uris" \
    -d "$WORK/payload.json" -H "authorization: bearer $(cat "$WORK/jwt")" \
    -H "apns-topic: com.example.chat" -H "apns-push-type: alert" -H "apns-priority: 10" \
    --log-file="$WORK/$label.log" >"$WORK/$label.h2load" 2>&1
  grep -q "$count succeeded" "$WORK/$label.h2load" || {
    echo "serve benchmark: $label: not every request succeeded" >&2
    tail -5 "$WORK/$label.h2load" >&2
    exit 1
  }
  local rate p99
  rate=$(awk '/^finished in/ {gsub(",", "", $4); print $4}' "$WORK/$label.h2load")
  # The log's third column is each request's time in microseconds.
  p99=$(awk '{print $3}' "$WORK/$label.log" | sort -n |
    awk '{v[NR] = $1} END {i = int(NR * 0.99); if (i < 1) i = 1; printf "%.2f", v[i] / 1000}')
  echo "$rate $p99"
}

echo "serve: h2load over h2c, $CLIENTS connections x $STREAMS streams, 1,000 devices, cores $CORES"
# (a) nghttpd: a static 200 for every push (the same requests, bodies read and dropped).
PORT_A=$(free_port)
taskset -c "$CORES" nghttpd --no-tls -d "$WORK/htdocs" "$PORT_A" >"$WORK/nghttpd.out" 2>&1 &
NGHTTPD=$!
# (b) pushsim serve: every push judged and played on its device, JSON lines to /dev/null.
PORT_B=$(free_port)
${SERVE_ENV:-} taskset -c "$CORES" "$BIN/pushsim" serve --devices "$WORK/devices.json" --port "$PORT_B" \
  --format json >/dev/null 2>"$WORK/pushsim.err" &
PUSHSIM=$!
trap 'kill "$NGHTTPD" "$PUSHSIM" 2>/dev/null || true' EXIT
sleep 2
START=$(memory "$PUSHSIM")
A_CPU0=$(cpu "$NGHTTPD")
read -r A_RATE A_P99 < <(load nghttpd "$PORT_A" "$FIRST")
A_CPU=$(per_core "$A_CPU0" "$(cpu "$NGHTTPD")" "$FIRST")
B_CPU0=$(cpu "$PUSHSIM")
read -r B_RATE B_P99 < <(load pushsim "$PORT_B" "$FIRST")
B_CPU=$(per_core "$B_CPU0" "$(cpu "$PUSHSIM")" "$FIRST")
AFTER_FIRST=$(memory "$PUSHSIM")
# Pushes per CPU second: what one core would serve if the server had it to itself (the machine
# may be shared: this figure depends less on the other work than the wall-clock rate does).
echo "  (a) nghttpd, static 200:  $A_RATE pushes/s, p99 ${A_P99} ms, $A_CPU pushes per CPU second ($FIRST pushes)"
echo "  (b) pushsim serve:        $B_RATE pushes/s, p99 ${B_P99} ms, $B_CPU pushes per CPU second ($FIRST pushes)"
echo "$A_RATE $B_RATE" | awk '{r = ($1 > 0 ? $2 / $1 : 0); printf "  ratio b/a: %.3f; target >= 20000 pushes/s: %s\n", r, ($2 >= 20000 ? "ok" : "MISSED")}'
echo "  pushsim memory: at start $START; after $FIRST pushes $AFTER_FIRST"
if [ "$PUSHES" -gt "$FIRST" ]; then
  C_CPU0=$(cpu "$PUSHSIM")
  read -r C_RATE C_P99 < <(load pushsim-rest "$PORT_B" $((PUSHES - FIRST)))
  C_CPU=$(per_core "$C_CPU0" "$(cpu "$PUSHSIM")" $((PUSHES - FIRST)))
  AFTER_ALL=$(memory "$PUSHSIM")
  echo "  (b) pushsim serve, the next $((PUSHES - FIRST)): $C_RATE pushes/s, p99 ${C_P99} ms, $C_CPU pushes per CPU second"
  echo "  pushsim memory after $PUSHES pushes: $AFTER_ALL (target: peak <= 300 MiB, flat from $FIRST on)"
fi
