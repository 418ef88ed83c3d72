#!/usr/bin/env bash
# The whole system on this machine with real recorded data: prepares what is missing (the same
# set-up as scripts/setup.sh), then runs the demo (packages/demo): a fresh `tender_demo`
# database, a replay server standing in for TED and Contracts Finder, the six services under one
# supervisor, a demo API key and ready-to-paste curl commands. Ctrl-C stops everything.
#
# Environment: DEMO_DATABASE_URL, DEMO_BUS_PREFIX, DEMO_PORT, DEMO_DIR, NATS_URL, LOG_LEVEL and
# AI_PROVIDER / AI_BASE_URL / AI_EMBED_MODEL / AI_CHAT_MODEL / AI_API_KEY / AI_TIMEOUT_MS /
# AI_MAX_ANSWER_CHARS
# (see README.md, "Configuration").
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh

# setup.sh puts Node 24 into /opt/node24 when the system's Node is older.
case "$(node --version 2>/dev/null)" in
  v2[4-9]*|v[3-9][0-9]*) ;;
  *) export PATH="${NODE_PREFIX:-/opt/node24}/bin:$PATH" ;;
esac

exec node packages/demo/dist/main.js
