#!/usr/bin/env bash
# Installs npm packages from the lock file when node_modules is missing or older than the lock.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.package-lock.json
if [[ ! -d node_modules || ! -f $stamp || package-lock.json -nt $stamp ]]; then
  echo "› installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
fi
