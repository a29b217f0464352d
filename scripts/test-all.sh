#!/usr/bin/env bash
# Every test: types, lint, unit + server (PGlite), server again on PostgreSQL, then browser tests in real Chromium.
# Ends with one line `tests: N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_OPTIONS=--experimental-vm-modules
results=$(mktemp -d)
status=0
step() { echo; echo "=== $1"; shift; "$@" || status=1; }

step "typecheck" npx tsc --noEmit -p tsconfig.json
step "lint" npx eslint .
# Two workers: jest would run in band on two cores (cores - 1), leaving one idle.
step "unit, translator, API client and server on PGlite" npx jest --ci --maxWorkers=2 --json --outputFile="$results/unit.json"
if pg_isready -q -h "${PGHOST:-127.0.0.1}" -p "${PGPORT:-5432}" 2>/dev/null || node -e "require('net').connect(5432,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))"; then
  step "server on PostgreSQL" env TEST_DB=postgres npx jest --ci --maxWorkers=2 --selectProjects node --json --outputFile="$results/pg.json" tests/server
else
  echo "PostgreSQL is not reachable on 127.0.0.1:5432: the PostgreSQL run cannot happen"; status=1
fi
step "browser tests (Chromium)" npx jest --ci --config jest.e2e.config.cjs --json --outputFile="$results/e2e.json"

node -e '
  const fs = require("fs"); let passed = 0, failed = 0;
  for (const f of fs.readdirSync(process.argv[1])) {
    try { const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + f, "utf8")); passed += r.numPassedTests; failed += r.numFailedTests + (r.numRuntimeErrorTestSuites || 0); } catch { failed += 1; }
  }
  console.log(""); console.log(`tests: ${passed} passed, ${failed} failed`);
' "$results"
exit $status
