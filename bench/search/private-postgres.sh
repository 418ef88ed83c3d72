#!/usr/bin/env bash
# A private PostgreSQL 15 cluster for the Search benchmark, with shared_buffers large enough to
# hold the chunks table (the shared development server has 128 MB). Runs as the postgres user
# on 127.0.0.1:${PORT:-5499}; data in ${DIR:-/tmp/tender-bench-pg}.
# Usage: bench/search/private-postgres.sh start|stop|restart [shared_buffers, default 3GB]
# PG_OPTS adds server settings, e.g. the ones deploy/compose.yaml uses:
#   PG_OPTS="-c shared_preload_libraries=pg_prewarm -c jit=off" bench/search/private-postgres.sh start 1GB
set -euo pipefail
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
DIR=${DIR:-/tmp/tender-bench-pg}
PORT=${PORT:-5499}
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-}" in
  start)
    if [ ! -f "$DIR/PG_VERSION" ]; then
      mkdir -p "$DIR" && [ "$(id -u)" = 0 ] && chown postgres "$DIR"
      as_postgres "$BIN/initdb" -D "$DIR" -A trust -U postgres >/dev/null
    fi
    as_postgres "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w start \
      -o "-p $PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=/tmp -c shared_buffers=${2:-3GB} ${PG_OPTS:-}"
    echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop) as_postgres "$BIN/pg_ctl" -D "$DIR" -m fast -w stop ;;
  # With pg_prewarm in shared_preload_libraries, the buffers saved at the stop are loaded again.
  restart) "$0" stop && "$0" start "${2:-3GB}" ;;
  *) echo "usage: $0 start|stop|restart [shared_buffers]" >&2; exit 2 ;;
esac
