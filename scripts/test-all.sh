#!/usr/bin/env bash
# The whole suite, with its own set-up: chromium and a CJK font from apt where missing, the client build, then
# Playwright e2e in Chromium and, beside it at nice 19, schemas, lint, types, unit and API tests on PGlite, and
# on a throwaway PostgreSQL 15 cluster on 127.0.0.1 (unless DATABASE_URL names a server) the API tests and the
# backup drill.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
RESULTS="$ROOT/.tmp/results"
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
failed_steps=()

# Each step's seconds and outcome go to phases.tsv, which the closing summary prints as a table.
PHASES="$RESULTS/phases.tsv"
: >"$PHASES"
RUN_STARTED=$SECONDS
step() {
  local name=$1; shift
  echo "::: $name"
  local started=$SECONDS outcome=ok
  if "$@"; then echo "::: $name ok ($((SECONDS - started)) s)"; else outcome=FAILED; echo "::: $name FAILED ($((SECONDS - started)) s)"; failed_steps+=("$name"); fi
  printf '%s\t%s\t%s\n' "$name" "$((SECONDS - started))" "$outcome" >>"$PHASES"
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

# Runs the given steps at once ("name" "command" pairs), each step's output printed whole when it ends.
together() {
  local pids=() logs=() index=0
  while [ $# -gt 0 ]; do
    local name=$1 command=$2
    shift 2
    logs+=("$RESULTS/step-$index.log")
    (step "$name" bash -c "$command") >"${logs[$index]}" 2>&1 &
    pids+=($!)
    index=$((index + 1))
  done
  for index in "${!pids[@]}"; do
    wait "${pids[$index]}"
    cat "${logs[$index]}" && rm -f "${logs[$index]}"
  done
}

# Two lanes share the two cores (issue 29, ADR 0030). The e2e suite drives Chromium at about 1.3 cores and
# waits on the browser and the servers for the rest; it runs at normal priority, since its waits have
# timeouts. Everything else (lint, types, schemas, vitest on PGlite, then PostgreSQL and the backup drill)
# runs beside it at nice 19, so it takes the CPU the e2e suite leaves idle, then both cores once the e2e suite
# is done. The run is CPU-bound either way (≈ 2,200 core-seconds on two cores); side by side it keeps both
# cores busy: measured here 1,129 s, against 1,288 s one lane after the other. The idle scheduling class
# (SCHED_IDLE) instead of nice 19 did not speed the e2e suite up (ADR 0030).
step "client build (vite, for e2e)" npx vite build --logLevel warn

# Each vitest run also writes its failures, a failing hook's error included, for the closing summary.
VITEST_REPORTERS=(--reporter=default --reporter=json --reporter=./scripts/lib/failure-reporter.mjs)
# The route fuzz (issue 15) runs 80 cases a route on PostgreSQL below, and not on PGlite: the same SQL
# engine answers, at twice the cost a request (issue 29). Without PostgreSQL it runs here, 60 a route.
pglite_fuzz=0
# The 10,000-row credit import runs at full size on PostgreSQL; on PGlite the same test imports 2,000 (issue 29).
pglite_import_rows=2000
[ -z "${DATABASE_URL:-}" ] && [ ! -x "$PG_BIN/initdb" ] && pglite_fuzz=60 && pglite_import_rows=10000

# Every test below runs on PGlite first. On PostgreSQL, where a test file costs seconds to start whatever it
# tests, run what the database can change the answer of (issue 29):
# - the route fuzz: every route the app registers, called with valid-shaped and broken requests as a
#   visitor and as an administrator, so every route's SQL runs on PostgreSQL too (80 cases a route, ≈ 40,000
#   requests; it was 500 before the run had a budget, then 250, 150 and 120, when it took ≈ 130 s of the
#   step's 320 s of test time and the whole run went past its 20 minutes: stop 41);
# - the data layer: seeding, records and their unique-value indexes, the services' stores (sessions,
#   lockout, captcha, files, jobs, search index, users), the rate-limit store, the health route's db kind;
# - what differs between the two: several connections at once (races, version checks, advisory locks,
#   two processes on one database), full-text search, paging, sorting and counting, bulk import;
# - the delivery of SMS and mail through pg-boss (issue 31 asks it on both), with the worker killed mid-send
#   (kill-nine.test.ts runs on PostgreSQL only: a second process needs a server to share).
POSTGRES_TESTS=(
  tests/server/fuzz/
  tests/server/seed/seed tests/server/engine/records/ tests/server/services/auth/ tests/server/services/captcha/
  tests/server/services/files/file-store tests/server/services/jobs/ tests/server/services/search/catch-up-search-index
  tests/server/services/users/ tests/server/plugins/db-rate-limit-store tests/server/modules/health/
  tests/server/scale-out/ tests/server/engine/routes/resource-engine.test tests/server/engine/routes/resource-sources
  tests/server/modules/application/application-submit tests/server/modules/application/application-drafts
  tests/server/modules/application/unique-table-values tests/server/modules/audit/ tests/server/modules/search/
  tests/server/modules/message/message-list tests/server/resources/credit-import tests/server/resources/credit-jurisdiction
  tests/server/services/delivery/
)
postgres_tests() {
  # A file moved away from its entry must not drop out of this run unnoticed.
  local entry
  for entry in "${POSTGRES_TESTS[@]}"; do
    compgen -G "$entry*" >/dev/null || { echo "scripts/test-all.sh: no test file starts with $entry; update POSTGRES_TESTS"; return 1; }
  done
  env FUZZ_CASES_PER_ROUTE=80 FAILURES_FILE="$RESULTS/failures-vitest-postgres.json" npx vitest run "${POSTGRES_TESTS[@]}" "${VITEST_REPORTERS[@]}" --outputFile.json="$RESULTS/vitest-postgres.json"
}

# The lane beside the e2e suite. A subshell: its steps' outcomes reach the summary through phases.tsv, and
# its PostgreSQL cluster is stopped by its own trap.
checks_lane() {
  renice -n 19 -p "$BASHPID" >/dev/null
  trap stop_postgres EXIT
  together \
    "lint" "npm run -s lint" \
    "typecheck" "npm run -s typecheck" \
    "schemas:check" "npm run -s schemas:check"
  step "unit + API tests (PGlite)" env FUZZ_CASES_PER_ROUTE=$pglite_fuzz CREDIT_IMPORT_ROWS=$pglite_import_rows FAILURES_FILE="$RESULTS/failures-vitest-pglite.json" npx vitest run "${VITEST_REPORTERS[@]}" --outputFile.json="$RESULTS/vitest-pglite.json"
  if [ -n "${DATABASE_URL:-}" ]; then
    export TEST_DATABASE_URL="$DATABASE_URL"
  else
    step "start PostgreSQL 15" start_postgres
  fi
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    step "API tests (PostgreSQL)" postgres_tests
    # docs/deployment.md: back up with pg_dump, restore with pg_restore, and prove the copy is the same portal.
    step "backup and restore drill (PostgreSQL)" env PG_BIN="$PG_BIN" npx tsx scripts/backup-drill.ts
  fi
  stop_postgres
}
CHECKS_LOG="$RESULTS/checks-lane.log"
echo "::: lint, typecheck, schemas:check, vitest (PGlite, then PostgreSQL) and the backup drill run beside the e2e suite at nice 19; their output follows the e2e suite's"
checks_lane >"$CHECKS_LOG" 2>&1 &
checks_pid=$!

# The client was built above; if that build failed, Playwright builds it again and shows why.
client_built=1
[[ " ${failed_steps[*]} " == *" client build (vite, for e2e) "* ]] && client_built=0
# One retry a test: beside the lane, a click on a control still zooming in is now and then lost (issue 29 met
# four such in five runs and made those waits robust); a test that passes on its retry is named in the summary.
step "e2e (Playwright, Chromium)" env E2E_SKIP_BUILD=$client_built PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/playwright.json" npx playwright test --retries=1 --reporter=list,json

echo "::: waiting for the lane beside the e2e suite"
wait "$checks_pid"
cat "$CHECKS_LOG"
# The lane's steps ran in a subshell: what failed is in phases.tsv.
while IFS=$'\t' read -r name _ outcome; do
  [ "$outcome" = ok ] || [[ " ${failed_steps[*]} " == *" $name "* ]] || failed_steps+=("$name")
done <"$PHASES"

node scripts/lib/summarise-results.mjs "$RESULTS" "${#failed_steps[@]}" "$PHASES" "$((SECONDS - RUN_STARTED))"
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "failed steps: ${failed_steps[*]}"
  exit 1
fi
