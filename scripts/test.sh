#!/usr/bin/env bash
# The project's test command: prepares what is missing (scripts/setup.sh, idempotent), then types,
# lint and every test (unit, integration, end to end) against the real PostgreSQL and NATS named
# by DATABASE_URL / NATS_URL. Ends with `N passed, N failed`. SKIP_SETUP=1 skips the set-up.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [ -z "${SKIP_SETUP:-}" ]; then
  bash scripts/setup.sh || { echo "0 passed, 1 failed"; exit 1; }
fi
# setup.sh puts Node 24 and pnpm 12 into NODE_PREFIX when the system has no suitable ones.
NODE_PREFIX="${NODE_PREFIX:-/opt/node24}"
case "$(node --version 2>/dev/null)" in v2[4-9]*|v[3-9][0-9]*) ;; *) export PATH="$NODE_PREFIX/bin:$PATH" ;; esac
[ "$(pnpm --version 2>/dev/null | cut -d. -f1)" = 12 ] || export PATH="$NODE_PREFIX/bin:$PATH"
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/tender}"
export NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"

# setup.sh has just built everything (`pnpm build`); only without it are the types checked and
# the web app built here (the build is a no-op when nothing changed, but still takes seconds).
if [ -n "${SKIP_SETUP:-}" ]; then
  pnpm -s exec tsc -b || { echo "0 passed, 1 failed"; exit 1; }
  # The web app's static files: the gateway serves them, and the browser tests drive them.
  pnpm -s --filter @tender/web build >/dev/null || { echo "0 passed, 1 failed"; exit 1; }
fi
pnpm -s exec biome check . || { echo "0 passed, 1 failed"; exit 1; }

mkdir -p .test-results
pnpm -s exec vitest run --reporter=default --reporter=json --outputFile.json=.test-results/vitest.json "$@"
status=$?
node -e '
  const fs = require("node:fs");
  let r = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 };
  try { r = JSON.parse(fs.readFileSync(".test-results/vitest.json", "utf8")); } catch {}
  const failed = r.numFailedTests + (process.argv[1] !== "0" && r.numFailedTests === 0 ? 1 : 0);
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`${r.numPassedTests} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$status"
exit $status
