#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: `bash scripts/with-postgres.sh CMD...`.
# Installs Debian's postgresql when initdb is missing, starts a cluster on 127.0.0.1 and a free
# port with its data under /tmp, exports TEST_DATABASE_URL, runs the command, and always stops
# and deletes the cluster. initdb refuses root, so the cluster runs as the postgres user.
set -euo pipefail

if [ $# -eq 0 ]; then echo "usage: $0 command [args...]" >&2; exit 2; fi

find_bin() {
  command -v "$1" 2>/dev/null && return
  ls /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | sort -V | tail -1
}
INITDB=$(find_bin initdb || true)
if [ -z "$INITDB" ]; then
  echo "› installing postgresql (apt-get)" >&2
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  INITDB=$(find_bin initdb)
fi
BIN=$(dirname "$(readlink -f "$INITDB")")

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

DIR=$(mktemp -d /tmp/pg-test-XXXXXX)
chmod 755 "$DIR"
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

cleanup() {
  as_pg "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT INT TERM

as_pg "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "› PostgreSQL on $TEST_DATABASE_URL" >&2
"$@"
