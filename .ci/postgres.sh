#!/usr/bin/env bash
# Starts a private PostgreSQL server from Debian's packages for the server's
# test suite and prints the URL to export as ONSETS_TEST_POSTGRES_URL.
# Usage: eval "$(.ci/postgres.sh start)"; ...; .ci/postgres.sh stop
set -euo pipefail
PORT="${ONSETS_PG_PORT:-54329}"
DIR="${ONSETS_PG_DIR:-/tmp/onsets-ci-pg}"
as_postgres() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}
pgbin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
case "${1:-start}" in
start)
    if [ -z "$(pgbin)" ] || [ ! -x "$(pgbin)/postgres" ]; then
        { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql; } >&2
    fi
    BIN="$(pgbin)"
    if [ -f "$DIR/data/postmaster.pid" ]; then
        as_postgres "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >&2 || true
    fi
    rm -rf "$DIR"
    mkdir -p "$DIR"
    chown postgres "$DIR"
    as_postgres "$BIN/initdb" -D "$DIR/data" -A trust -U postgres >/dev/null
    as_postgres "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
        -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >&2
    echo "export ONSETS_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
stop)
    BIN="$(pgbin)"
    as_postgres "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >&2 || true
    ;;
esac
