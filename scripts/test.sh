#!/usr/bin/env bash
# `npm test`: everything CI runs, on a fresh machine: install, typecheck, lint, unit and component
# tests, production build, then the browser tests against the built app in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
last=$start
# Each step prints how long the one before it took, so CI's time can be read step by step.
step() {
  local now; now=$(date +%s)
  (( now > start )) && printf '  (%ss)\n' $(( now - last ))
  last=$now
  printf '\n\033[1m› %s\033[0m\n' "$*"
}

step "dependencies";  bash scripts/ensure-deps.sh
step "browser, unzip"; bash scripts/ensure-browser.sh
step "typecheck";     npx tsc -p tsconfig.json --noEmit
step "lint";          npx eslint . --max-warnings 0
step "format";        npx prettier --check . --log-level warn
step "unit + component tests"; npx vitest run
# The API tests ran on SQLite above; run them again on a throwaway PostgreSQL cluster. Only the
# test files that reach TEST_DATABASE_URL behave differently there (scripts/dbTestFiles.ts finds them).
step "API tests on PostgreSQL"
db_test_files=$(npx tsx scripts/dbTestFiles.ts)
# shellcheck disable=SC2086 # one path a line, none with spaces
bash scripts/with-postgres.sh npx vitest run --project node $db_test_files
# The size budget is measured on the production build; the browser tests then run on a build
# that also holds the lab pages (/lab/engine, /lab/components).
step "production build"; npx vite build --logLevel warn
step "bundle budget"; npx tsx scripts/checkBundle.ts
step "test build (with lab pages)"; VITE_LAB=1 npx vite build --logLevel warn
step "browser tests"; npx playwright test

step "done"
printf '\nnpm test finished in %ss\n' $(( $(date +%s) - start ))
