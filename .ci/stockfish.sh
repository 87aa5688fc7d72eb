# shellcheck shell=bash
# Stockfish for the engine tests. Source it (do not execute it):
#
#     source .ci/stockfish.sh     # installs if missing, exports STOCKFISH_PATH
#     cargo test --locked --test engine
#
# Looks for the engine where the bot does (STOCKFISH_PATH, else `stockfish`
# on PATH, else Debian's /usr/games/stockfish), installs Debian's `stockfish`
# package when none is found (needs root), checks that it answers `uci`, and
# exports STOCKFISH_PATH. On failure it prints a warning and returns 1; the
# engine tests then say so and skip.

chessbot_stockfish_find() {
    if [ -n "${STOCKFISH_PATH:-}" ]; then
        [ -x "$STOCKFISH_PATH" ] && echo "$STOCKFISH_PATH"
        return
    fi
    command -v stockfish 2>/dev/null && return
    [ -x /usr/games/stockfish ] && echo /usr/games/stockfish
}

chessbot_stockfish_setup() {
    local t0 bin
    t0=$(date +%s%N)
    bin=$(chessbot_stockfish_find)
    if [ -z "$bin" ] && [ -z "${STOCKFISH_PATH:-}" ]; then
        echo "stockfish.sh: installing Stockfish from the distribution's packages" >&2
        export DEBIAN_FRONTEND=noninteractive
        if apt-get update -qq >&2 && apt-get install -y -qq --no-install-recommends stockfish >&2; then
            bin=$(chessbot_stockfish_find)
            echo "stockfish.sh: installed in $(( ($(date +%s%N) - t0) / 1000000 )) ms" >&2
        fi
    fi
    if [ -z "$bin" ]; then
        echo "WARNING: stockfish.sh: no Stockfish (STOCKFISH_PATH=${STOCKFISH_PATH:-unset}); the engine tests will skip" >&2
        return 1
    fi
    if ! printf 'uci\nquit\n' | timeout 20 "$bin" 2>/dev/null | grep -q '^uciok'; then
        echo "WARNING: stockfish.sh: $bin does not answer 'uci'; the engine tests will skip" >&2
        return 1
    fi
    export STOCKFISH_PATH=$bin
    echo "stockfish.sh: STOCKFISH_PATH=$bin" >&2
}

chessbot_stockfish_setup
