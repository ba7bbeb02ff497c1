#!/usr/bin/env bash
# `npm start`: install when needed, build the client, serve app + API on one port (PORT, default 8787).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
npx vite build --logLevel warn
exec npx tsx server/index.ts
