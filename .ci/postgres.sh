# shellcheck shell=bash
# A throw-away PostgreSQL for the tests. Source it (do not execute it):
#
#     source .ci/postgres.sh      # installs if missing, starts, exports the URL
#     cargo test --locked         # the PostgreSQL suites read CHESSBOT_TEST_PG_URL
#     chessbot_pg_stop            # also runs on shell exit (trap EXIT)
#
# Installs Debian's `postgresql` package when no server binaries are found
# (needs root), creates a cluster on /dev/shm (RAM, gone on reboot) owned by
# the `postgres` user, listening on 127.0.0.1 only, trust authentication,
# fsync off (throw-away data), and exports
#   CHESSBOT_TEST_PG_URL=postgres://postgres@127.0.0.1:PORT/chessbot_test
# Set CHESSBOT_PG_PORT to choose the port (default: a free one from 55432).

chessbot_pg_bin() {
    local d
    for d in /usr/lib/postgresql/*/bin; do
        if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
            echo "$d"
        fi
    done | sort -V | tail -n 1
}

chessbot_pg_start() {
    local t0 bin port dir
    t0=$(date +%s%N)
    bin=$(chessbot_pg_bin)
    if [ -z "$bin" ]; then
        echo "postgres.sh: installing PostgreSQL from the distribution's packages" >&2
        export DEBIAN_FRONTEND=noninteractive
        # Only the server binaries are needed; the package's own cluster is
        # not started (no init system here) and not used.
        apt-get update -qq >&2 || return 1
        apt-get install -y -qq --no-install-recommends postgresql >&2 || return 1
        bin=$(chessbot_pg_bin)
        [ -n "$bin" ] || { echo "postgres.sh: no initdb after install" >&2; return 1; }
        echo "postgres.sh: installed in $(( ($(date +%s%N) - t0) / 1000000 )) ms" >&2
        t0=$(date +%s%N)
    fi
    local run_as=()
    if [ "$(id -u)" = 0 ]; then
        # The server refuses to run as root.
        id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
        run_as=(runuser -u postgres --)
    fi
    port=${CHESSBOT_PG_PORT:-55432}
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
        port=$((port + 1))
    done
    local base=/dev/shm
    [ -d "$base" ] && [ -w "$base" ] || base=${TMPDIR:-/tmp}
    dir=$(mktemp -d "$base/chessbot-pg.XXXXXX")
    chmod 700 "$dir"
    [ ${#run_as[@]} -gt 0 ] && chown postgres: "$dir"
    "${run_as[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 \
        --no-locale --no-sync >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; return 1; }
    "${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-h 127.0.0.1 -p $port -k $dir -F -c max_connections=200 -c shared_buffers=64MB -c synchronous_commit=off -c full_page_writes=off" \
        start >/dev/null || { cat "$dir/server.log" >&2; return 1; }
    "$bin/psql" -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres \
        -c "create database chessbot_test" || return 1
    export CHESSBOT_PG_DIR=$dir
    export CHESSBOT_PG_CTL="$bin/pg_ctl"
    export CHESSBOT_TEST_PG_URL="postgres://postgres@127.0.0.1:$port/chessbot_test"
    CHESSBOT_PG_RUN_AS="${run_as[*]}"
    export CHESSBOT_PG_RUN_AS
    trap chessbot_pg_stop EXIT
    echo "postgres.sh: $CHESSBOT_TEST_PG_URL (data in $dir, started in $(( ($(date +%s%N) - t0) / 1000000 )) ms)" >&2
}

chessbot_pg_stop() {
    [ -n "${CHESSBOT_PG_DIR:-}" ] || return 0
    # shellcheck disable=SC2086
    $CHESSBOT_PG_RUN_AS "$CHESSBOT_PG_CTL" -D "$CHESSBOT_PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$CHESSBOT_PG_DIR"
    unset CHESSBOT_PG_DIR CHESSBOT_TEST_PG_URL
}

chessbot_pg_start
