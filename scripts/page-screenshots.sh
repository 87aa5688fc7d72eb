#!/usr/bin/env bash
# Screenshots of a running game's spectator page for README and docs:
# 390 px (a phone) and 1280 px wide, light and dark. Plays a short game
# on the console with its HTTP server on, then asks headless Chromium
# (Debian's `chromium`) for the page the `start` event links to.
#
# Usage: scripts/page-screenshots.sh [CHESSBOT_BINARY] [OUT_DIR]
set -euo pipefail
bin=${1:-target/release/chessbot}
out=${2:-docs/pics}
command -v chromium >/dev/null || { echo "needs chromium (apt-get install chromium)" >&2; exit 1; }
work=$(mktemp -d)
trap 'kill "${console:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
port=$((20000 + RANDOM % 20000))
mkfifo "$work/in"
CHESSBOT_PUBLIC_URL="http://127.0.0.1:$port" DATABASE_URL="sqlite://$work/chess.db" \
    "$bin" console --json --http "127.0.0.1:$port" <"$work/in" >"$work/out" 2>"$work/err" &
console=$!
exec 3>"$work/in"
# A Ruy Lopez, Exchange Variation, with captures on both sides.
cat >&3 <<'MOVES'
magnus: /chess challenge @hikaru color:white days:3
hikaru: /chess accept
magnus: /chess move e4
hikaru: /chess move e5
magnus: /chess move Nf3
hikaru: /chess move Nc6
magnus: /chess move Bb5
hikaru: /chess move a6
magnus: /chess move Bxc6
hikaru: /chess move dxc6
magnus: /chess move O-O
hikaru: /chess move f6
magnus: /chess move d4
hikaru: /chess move exd4
magnus: /chess move Nxd4
hikaru: /chess move c5
MOVES
url=
for _ in $(seq 1 100); do
    url=$(grep -o '"watch":"[^"]*"' "$work/out" | head -n 1 | cut -d'"' -f4 || true)
    [[ -n $url ]] && [[ $(grep -c '"type":"move"' "$work/out") -ge 14 ]] && break
    sleep 0.2
done
[[ -n $url ]] || { echo "no watch link; console said:" >&2; cat "$work/err" >&2; exit 1; }
shoot() { # width height scheme file
    local flags=()
    [[ $3 == dark ]] && flags+=(--force-dark-mode --blink-settings=preferredColorScheme=0)
    timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "${flags[@]}" \
        --user-data-dir="$work/profile-$3-$1" --window-size="$1,$2" \
        --screenshot="$out/$4" "$url" >/dev/null 2>&1
}
shoot 390 1000 light page-390-light.png
shoot 390 1000 dark page-390-dark.png
shoot 1280 900 light page-1280-light.png
shoot 1280 900 dark page-1280-dark.png
echo "screenshots of $url in $out"
