#!/usr/bin/env bash
# The browser client's CI: type-check the JavaScript, build the server, start
# it on a free port with a temporary SQLite database, and run the end-to-end
# tests in Debian's headless Chromium (never a downloaded browser).
# Exits non-zero on any failure. Called from the repository's .ci/run.
set -euo pipefail

WEB="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$WEB/.." && pwd)"

if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

cd "$WEB"
# One connection layer and one store (docs/web.md, "One connection layer, one
# store"): only js/api.js speaks HTTP, Server-Sent Events and WebSockets, and
# only js/components/store.js touches the browser's storage.
if direct="$(grep -nE '\bfetch\(|localStorage|sessionStorage|EventSource|new WebSocket' js/*.js js/*/*.js \
    | grep -vE "^(js/api\.js|js/components/store\.js|js/vendor/|js/generated/):")"; then
  echo "$direct" >&2
  echo "A page module calls fetch/EventSource/WebSocket or storage directly: go through js/api.js or js/components/store.js." >&2
  exit 1
fi
npm ci --no-audit --no-fund
# The bundled renderer (js/vendor/) must be what the locked npm packages make.
node vendor/build.mjs --check
npx tsc --noEmit
# The protocol's TypeScript types (js/generated/, checked by tsc above) must be
# what the server's Rust types export now, so client and server cannot drift
# (docs/web.md, "Generated types").
(cd "$ROOT" && cargo run -q -p onsets-server --features ts --bin export-types -- --check)

# The whole workspace, so that the build right after `cargo test --workspace` reuses
# its dependencies (same features) instead of building them again.
(cd "$ROOT" && cargo build --workspace)
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET" in /*) ;; *) TARGET="$ROOT/$TARGET" ;; esac
BIN="$TARGET/debug/onsets"

TMP="$(mktemp -d)"
PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
"$BIN" serve --host 127.0.0.1 --port "$PORT" --database "sqlite:$TMP/web.db" >"$TMP/server.log" 2>&1 &
SERVER=$!
cleanup() {
  kill "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  if node -e "fetch('http://127.0.0.1:$PORT/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then break; fi
  if ! kill -0 "$SERVER" 2>/dev/null; then cat "$TMP/server.log"; echo "onsets serve did not start" >&2; exit 1; fi
  sleep 0.2
done

# The failover test (tests/failover.test.mjs) runs its own two instances behind
# HAProxy on a fresh PostgreSQL database, when both are at hand (.ci/run).
if command -v haproxy >/dev/null && command -v psql >/dev/null && [ -n "${ONSETS_TEST_POSTGRES_URL:-}" ]; then
  FAILOVER_DB="onsets_web_failover_$$"
  psql "$ONSETS_TEST_POSTGRES_URL" -qc "CREATE DATABASE $FAILOVER_DB"
  export ONSETS_FAILOVER_BIN="$BIN" ONSETS_FAILOVER_DB="${ONSETS_TEST_POSTGRES_URL%/*}/$FAILOVER_DB"
fi

status=0
ONSETS_URL="http://127.0.0.1:$PORT" node --test --test-concurrency=1 tests/ || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- server log ---"
  tail -n 50 "$TMP/server.log"
fi
exit "$status"
