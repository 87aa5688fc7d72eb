# shellcheck shell=bash
# A throw-away Synapse homeserver for the Matrix end-to-end tests. Source it
# (do not execute it):
#
#     source .ci/synapse.sh       # installs if missing, starts, exports the URL
#     cargo test --locked --test matrix_e2e
#     chessbot_synapse_stop       # also runs on shell exit (chained EXIT trap)
#
# Installs `matrix-synapse` from PyPI into the git-ignored virtualenv
# `.venv-synapse` (reused when present; needs python3 >= 3.10), writes a
# config that listens on 127.0.0.1 only (a free port from 58008), SQLite,
# data on /dev/shm (RAM), a random registration shared secret, no
# federation listener, no stats reporting and rate limits raised for tests,
# starts it, waits until /_matrix/client/versions answers, and exports
#   CHESSBOT_TEST_MATRIX_URL=http://127.0.0.1:PORT
#   CHESSBOT_TEST_MATRIX_SECRET=<registration shared secret>
# Set CHESSBOT_SYNAPSE_PORT to choose the port, CHESSBOT_SYNAPSE_VENV the
# virtualenv. Returns non-zero (and the tests skip) when it cannot start.

chessbot_synapse_python() {
    local p
    for p in python3.12 python3.11 python3.10 python3; do
        if command -v "$p" >/dev/null 2>&1 \
            && "$p" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null; then
            echo "$p"
            return 0
        fi
    done
    return 1
}

chessbot_synapse_start() {
    local t0 venv py port dir secret i
    t0=$(date +%s%N)
    venv=${CHESSBOT_SYNAPSE_VENV:-$PWD/.venv-synapse}
    if ! [ -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import synapse' 2>/dev/null; then
        py=$(chessbot_synapse_python) || { echo "synapse.sh: no python3 >= 3.10" >&2; return 1; }
        echo "synapse.sh: installing matrix-synapse into $venv" >&2
        "$py" -m venv "$venv" >&2 || return 1
        "$venv/bin/pip" install -q --disable-pip-version-check matrix-synapse >&2 || return 1
        echo "synapse.sh: installed in $(( ($(date +%s%N) - t0) / 1000000 )) ms" >&2
        t0=$(date +%s%N)
    fi
    port=${CHESSBOT_SYNAPSE_PORT:-58008}
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
        port=$((port + 1))
    done
    local base=/dev/shm
    [ -d "$base" ] && [ -w "$base" ] || base=${TMPDIR:-/tmp}
    dir=$(mktemp -d "$base/chessbot-synapse.XXXXXX")
    chmod 700 "$dir"
    secret=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
    cat >"$dir/log.yaml" <<EOF
version: 1
formatters:
  precise:
    format: '%(asctime)s - %(name)s - %(lineno)d - %(levelname)s - %(message)s'
handlers:
  file:
    class: logging.FileHandler
    formatter: precise
    filename: $dir/homeserver.log
root:
  level: WARNING
  handlers: [file]
disable_existing_loggers: false
EOF
    # Every rate limit the tests can hit, raised far out of the way.
    local many='{per_second: 10000, burst_count: 10000}'
    cat >"$dir/homeserver.yaml" <<EOF
server_name: "localhost"
pid_file: $dir/homeserver.pid
public_baseurl: http://127.0.0.1:$port/
listeners:
  - port: $port
    bind_addresses: ['127.0.0.1']
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: $dir/homeserver.db
log_config: $dir/log.yaml
media_store_path: $dir/media
signing_key_path: $dir/signing.key
registration_shared_secret: "$secret"
macaroon_secret_key: "$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
form_secret: "$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
report_stats: false
enable_registration: false
trusted_key_servers: []
suppress_key_server_warning: true
presence:
  enabled: false
federation_domain_whitelist: []
rc_message: $many
rc_registration: $many
rc_registration_token_validity: $many
rc_login:
  address: $many
  account: $many
  failed_attempts: $many
rc_joins:
  local: $many
  remote: $many
rc_joins_per_room: $many
rc_invites:
  per_room: $many
  per_user: $many
  per_issuer: $many
rc_admin_redaction: $many
rc_3pid_validation: $many
rc_media_create: $many
rc_delayed_event_mgmt: $many
rc_presence:
  per_user: $many
EOF
    "$venv/bin/python" -m synapse.app.homeserver -c "$dir/homeserver.yaml" --generate-keys \
        >"$dir/keys.log" 2>&1 || { cat "$dir/keys.log" >&2; rm -rf "$dir"; return 1; }
    "$venv/bin/python" -m synapse.app.homeserver -c "$dir/homeserver.yaml" \
        >"$dir/stdout.log" 2>&1 &
    local pid=$!
    export CHESSBOT_SYNAPSE_PID=$pid
    export CHESSBOT_SYNAPSE_DIR=$dir
    # Chain onto an existing EXIT trap (PostgreSQL's) instead of replacing it.
    local prev=""
    eval "set -- $(trap -p EXIT)"
    [ $# -ge 3 ] && prev=$3
    # shellcheck disable=SC2064
    trap "chessbot_synapse_stop${prev:+; $prev}" EXIT
    for i in $(seq 1 300); do
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "synapse.sh: Synapse exited during start-up:" >&2
            tail -n 30 "$dir/stdout.log" "$dir/homeserver.log" >&2 2>/dev/null
            chessbot_synapse_stop
            return 1
        fi
        if (exec 3<>"/dev/tcp/127.0.0.1/$port" && printf 'GET /_matrix/client/versions HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3 \
            && head -n 1 <&3 | grep -q ' 200') 2>/dev/null; then
            export CHESSBOT_TEST_MATRIX_URL="http://127.0.0.1:$port"
            export CHESSBOT_TEST_MATRIX_SECRET=$secret
            local rss
            rss=$(awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$pid/status" 2>/dev/null)
            echo "synapse.sh: $CHESSBOT_TEST_MATRIX_URL (pid $pid, data in $dir, started in $(( ($(date +%s%N) - t0) / 1000000 )) ms, ${rss:-?} MiB resident)" >&2
            return 0
        fi
        sleep 0.1
    done
    echo "synapse.sh: no answer from Synapse within 30 s" >&2
    tail -n 30 "$dir/homeserver.log" >&2 2>/dev/null
    chessbot_synapse_stop
    return 1
}

chessbot_synapse_stop() {
    [ -n "${CHESSBOT_SYNAPSE_PID:-}" ] || return 0
    local i
    kill "$CHESSBOT_SYNAPSE_PID" 2>/dev/null || true
    for i in $(seq 1 50); do
        kill -0 "$CHESSBOT_SYNAPSE_PID" 2>/dev/null || break
        sleep 0.1
    done
    kill -9 "$CHESSBOT_SYNAPSE_PID" 2>/dev/null || true
    [ -n "${CHESSBOT_SYNAPSE_DIR:-}" ] && rm -rf "$CHESSBOT_SYNAPSE_DIR"
    unset CHESSBOT_SYNAPSE_PID CHESSBOT_SYNAPSE_DIR CHESSBOT_TEST_MATRIX_URL CHESSBOT_TEST_MATRIX_SECRET
}

chessbot_synapse_start
