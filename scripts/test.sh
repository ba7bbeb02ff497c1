#!/usr/bin/env bash
# `npm test`: everything CI runs, on a fresh machine: install, typecheck, lint, unit and component
# tests, production build, then the browser tests against the built app in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { printf '\n\033[1m› %s\033[0m\n' "$*"; }

step "dependencies";  bash scripts/ensure-deps.sh
step "browser";       bash scripts/ensure-browser.sh
step "typecheck";     npx tsc -p tsconfig.json --noEmit
step "lint";          npx eslint . --max-warnings 0
step "unit + component tests"; npx vitest run
step "build";         VITE_LAB=1 npx vite build --logLevel warn
step "bundle budget"; npx tsx scripts/checkBundle.ts
step "browser tests"; npx playwright test

printf '\nnpm test finished in %ss\n' $(( $(date +%s) - start ))
