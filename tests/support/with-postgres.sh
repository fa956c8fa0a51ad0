#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL: installs Debian's postgresql when missing,
# creates a new cluster in a temp folder (owned by the `postgres` OS user) on a free port, starts
# it, creates a database, runs the command with DATABASE_URL set, and always stops and deletes the
# cluster. A cluster the machine already runs is never touched.
#   usage: bash tests/support/with-postgres.sh vitest run src/server src/features
# Besides DATABASE_URL, the command gets what it needs to stop and start this cluster itself (the
# fault tests, tests/system/postgres-down.test.ts, through postgresCluster() in tests/system/helpers.ts):
#   WITH_PG_BIN      the folder of pg_ctl
#   WITH_PG_DATA     the cluster's data folder
#   WITH_PG_LOG      its log file
#   WITH_PG_OPTIONS  the server options to start it with again (`pg_ctl start -o "$WITH_PG_OPTIONS"`)
#   WITH_PG_OS_USER  the OS user to run pg_ctl as (`runuser -u postgres` when run as root; else empty)
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: $0 command [args...]" >&2; exit 2; }

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$dir" ]; then
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    echo "Installing PostgreSQL (apt-get install -y postgresql)..." >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q postgresql >/dev/null ||
      { $sudo apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q postgresql >/dev/null; }
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  fi
  [ -n "$dir" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
  echo "$dir"
}

# Ports below the kernel's ephemeral range (32768-60999), so no client socket of a busy machine can
# hold the one picked; a failed start (another cluster took the port meanwhile) tries the next one.
FIRST_PORT=25432
LAST_PORT=25531

BIN=$(pg_bin)
ROOT=$(mktemp -d /tmp/kwikfill-pg-XXXXXX)
chmod 755 "$ROOT"
[ "$(id -u)" = 0 ] && chown postgres: "$ROOT"
DATA="$ROOT/data"

cleanup() {
  as_postgres "$BIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$ROOT"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_postgres "$BIN/initdb" -D "$DATA" -U postgres --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null
# Test-only settings: no durability needed, enough connections for parallel test files.
started=""
for PORT in $(seq "$FIRST_PORT" "$LAST_PORT"); do
  (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && continue # taken: don't even try
  OPTIONS="-p $PORT -k $ROOT -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
  if as_postgres "$BIN/pg_ctl" -D "$DATA" -l "$ROOT/server.log" -w -t 30 -o "$OPTIONS" start >/dev/null 2>&1; then
    started=1
    break
  fi
  grep -q 'could not bind\|Address already in use' "$ROOT/server.log" 2>/dev/null || { cat "$ROOT/server.log" >&2; exit 1; }
  : >"$ROOT/server.log"
done
[ -n "$started" ] || { echo "no free port between $FIRST_PORT and $LAST_PORT" >&2; exit 1; }
as_postgres "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres kwikfill

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/kwikfill"
export WITH_PG_BIN="$BIN" WITH_PG_DATA="$DATA" WITH_PG_LOG="$ROOT/server.log" WITH_PG_OPTIONS="$OPTIONS"
export WITH_PG_OS_USER=""
[ "$(id -u)" = 0 ] && WITH_PG_OS_USER=postgres
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on port $PORT (throwaway cluster in $ROOT)" >&2
set +e
"$@"
status=$?
set -e
exit "$status"
