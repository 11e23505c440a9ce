#!/usr/bin/env bash
# The whole suite, with its own set-up: chromium and a CJK font from apt where missing, a throwaway
# PostgreSQL 15 cluster on 127.0.0.1 (unless DATABASE_URL names a server), then schemas, lint, types,
# unit and API tests on PGlite, API tests and the backup drill on PostgreSQL, and Playwright e2e in Chromium.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
RESULTS="$ROOT/.tmp/results"
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
failed_steps=()

step() {
  local name=$1; shift
  echo "::: $name"
  local started=$SECONDS
  if "$@"; then echo "::: $name ok ($((SECONDS - started)) s)"; else echo "::: $name FAILED ($((SECONDS - started)) s)"; failed_steps+=("$name"); fi
}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

install_system_packages() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  dpkg -s fonts-wqy-zenhei >/dev/null 2>&1 || missing+=(fonts-wqy-zenhei)
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing ${missing[*]} with apt"
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

PG_DIR=""
PG_BIN=/usr/lib/postgresql/15/bin
stop_postgres() {
  if [ -n "$PG_DIR" ] && [ -f "$PG_DIR/data/postmaster.pid" ]; then
    as_root su postgres -s /bin/sh -c "$PG_BIN/pg_ctl -D '$PG_DIR/data' -m immediate stop" >/dev/null 2>&1 || true
  fi
  [ -n "$PG_DIR" ] && as_root rm -rf "$PG_DIR"
  PG_DIR=""
}
trap stop_postgres EXIT

start_postgres() {
  local port
  port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  PG_DIR=$(mktemp -d /tmp/kechuang-pg-XXXXXX)
  chmod 755 "$PG_DIR" && as_root chown postgres "$PG_DIR"
  as_root su postgres -s /bin/sh -c "$PG_BIN/initdb -N -D '$PG_DIR/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null || return 1
  as_root su postgres -s /bin/sh -c "$PG_BIN/pg_ctl -D '$PG_DIR/data' -w -l '$PG_DIR/log' -o \"-c listen_addresses=127.0.0.1 -p $port -c fsync=off -c unix_socket_directories='$PG_DIR'\" start" >/dev/null || return 1
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "PostgreSQL 15 on 127.0.0.1:$port"
}

step "system packages" install_system_packages
step "schemas:check" npm run -s schemas:check
step "lint" npm run -s lint
step "typecheck" npm run -s typecheck
# Each vitest run also writes its failures, a failing hook's error included, for the closing summary.
VITEST_REPORTERS=(--reporter=default --reporter=json --reporter=./scripts/lib/failure-reporter.mjs)
# The route fuzz (issue 15) runs its 500 cases a route on PostgreSQL below; on PGlite, where a request
# costs twice as much, 30 a route.
step "unit + API tests (PGlite)" env FUZZ_CASES_PER_ROUTE=30 FAILURES_FILE="$RESULTS/failures-vitest-pglite.json" npx vitest run "${VITEST_REPORTERS[@]}" --outputFile.json="$RESULTS/vitest-pglite.json"

if [ -n "${DATABASE_URL:-}" ]; then
  export TEST_DATABASE_URL="$DATABASE_URL"
else
  step "start PostgreSQL 15" start_postgres
fi
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API tests (PostgreSQL)" env FUZZ_CASES_PER_ROUTE=500 FAILURES_FILE="$RESULTS/failures-vitest-postgres.json" npx vitest run tests/server "${VITEST_REPORTERS[@]}" --outputFile.json="$RESULTS/vitest-postgres.json"
  # docs/deployment.md: back up with pg_dump, restore with pg_restore, and prove the copy is the same portal.
  step "backup and restore drill (PostgreSQL)" env PG_BIN="$PG_BIN" npx tsx scripts/backup-drill.ts
fi
stop_postgres

step "e2e (Playwright, Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/playwright.json" npx playwright test --reporter=list,json

node scripts/lib/summarise-results.mjs "$RESULTS" "${#failed_steps[@]}"
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "failed steps: ${failed_steps[*]}"
  exit 1
fi
