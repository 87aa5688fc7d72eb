#!/usr/bin/env bash
# The performance figures in one run, ours and the peer stack side by side:
#
#     benches/figures.sh            # release profile (PROFILE=dev for opt-level 1)
#
# 1. a board end to end through the console (`--images` minus without) and
#    the console's moves per second with a PNG per move, with the command
#    path on one CPU (the default) and with `--all-cores` (render bench,
#    `console`), and the start position's PNG size (`render/512/start`);
# 2. the peer stack (python-chess + chess.svg + cairosvg + a SQLite commit
#    per move) on the same game's moves (benches/peer_stack.py; skipped
#    without `pip install chess cairosvg`);
# 3. a game's end with the engine: 100 mates within a second, end p50/p99,
#    and when all summaries are in (benches/game_end.py; needs Stockfish);
# 4. p50/p99 per move at 1, 8 and 64 clients on SQLite and PostgreSQL with
#    10,000 games stored (scale bench; PostgreSQL from CHESSBOT_TEST_PG_URL,
#    e.g. `source .ci/postgres.sh` first);
# 5. the console's resident memory with 10,000 running games stored and
#    100 commands in flight (`/usr/bin/time`'s maximum resident size).
#
# Not part of `cargo test`. Prints the machine and its load first, since
# timings on a shared machine are only comparable within one run.
set -euo pipefail
cd "$(dirname "$0")/.."
PROFILE="${PROFILE:-release}"
TARGET="${CARGO_TARGET_DIR:-target}"
DIR="$TARGET/$([ "$PROFILE" = dev ] && echo debug || echo "$PROFILE")"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg), profile $PROFILE"
cargo build --locked --profile "$PROFILE" --bin chessbot --bench render --bench scale 2>&1 | tail -1
BIN="$DIR/chessbot"

echo "== 1. board pictures through the console"
cargo bench --locked --profile "$PROFILE" --bench render -- console 2>/dev/null | grep -E '^console'
cargo bench --locked --profile "$PROFILE" --bench render -- render/512/start 2>/dev/null \
    | grep -E 'KB|time:' | head -4

echo "== 2. the peer stack on the same moves"
if python3 -c 'import chess, chess.svg, cairosvg' 2>/dev/null; then
    python3 benches/peer_stack.py tests/data/pgn/kasparov_topalov_1999.pgn "${PEER_GAMES:-1}" "$WORK/peer"
else
    echo "peer: skipped (pip install chess cairosvg)"
fi

echo "== 3. a game's end with the engine"
SF="${STOCKFISH_PATH:-$(command -v stockfish || echo /usr/games/stockfish)}"
if [ -x "$SF" ]; then
    STOCKFISH_PATH="$SF" python3 benches/game_end.py "$BIN" "$WORK/end" "${END_GAMES:-100}"
else
    echo "game end: skipped (no Stockfish)"
fi

echo "== 4. many at once (10,000 games stored)"
cargo bench --locked --profile "$PROFILE" --bench scale 2>/dev/null | grep -E 'clients|skipped'

echo "== 5. memory: 10,000 running games stored, 100 commands in flight"
SCALE_SEED="$WORK/mem.db" cargo bench --locked --profile "$PROFILE" --bench scale 2>/dev/null | tail -1
for i in $(seq 0 99); do echo "w$i@c$i: /chess move e4"; done > "$WORK/cmds.txt"
/usr/bin/time -f '%M' -o "$WORK/rss" "$BIN" console --db "sqlite://$WORK/mem.db" --images "$WORK/img" \
    < "$WORK/cmds.txt" > /dev/null 2>&1
echo "console: maximum resident memory $(( $(cat "$WORK/rss") / 1024 )) MB ($(ls "$WORK/img" | wc -l) boards drawn)"
