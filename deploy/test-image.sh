#!/usr/bin/env bash
# Builds the container image from ../Dockerfile where no container registry is
# reachable, and checks it (issue 30): podman builds the Dockerfile's runtime
# stage on a debootstrapped Debian bookworm base, with the release binary
# built on this (bookworm) host instead of the Rust build stage. Then:
#   1. a scripted game in console mode, run `--read-only --cap-drop=ALL
#      --network none` with /data as the only writable place;
#   2. a second container running the console with `--http`: /healthz and
#      /readyz answer 200, /metrics counts the moves of a game played in it,
#      and `chessbot healthcheck` (the image's HEALTHCHECK) exits 0 inside it.
# Needs root, podman, runc, debootstrap and curl (apt-get install podman runc
# debootstrap curl).
# Not part of CI: docs/HOSTING.md, Self-hosting, says how long it takes here.
#
# Usage: deploy/test-image.sh [--skip-build]   (--skip-build: reuse
# target/release/chessbot or $CHESSBOT_BINARY)
# PLATFORMS=discord (or matrix) builds and checks a one-platform binary
# (default: both), as the Dockerfile's PLATFORMS build argument does.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$(date +%s)
say() { echo "== $* ($(( $(date +%s) - start ))s)"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

work=${CHESSBOT_IMAGE_WORK:-/var/tmp/chessbot-image}
mirror=${DEBIAN_MIRROR:-$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)}
mirror=${mirror:-http://deb.debian.org/debian}
mkdir -p "$work"

# podman with runc and no default ulimits: what works in these sandboxes.
export CONTAINERS_CONF="$work/containers.conf"
cat >"$CONTAINERS_CONF" <<'EOF'
[containers]
default_ulimits = []
[engine]
runtime = "runc"
EOF

binary=${CHESSBOT_BINARY:-${CARGO_TARGET_DIR:-target}/release/chessbot}
if [[ ${1:-} != --skip-build ]]; then
    say "release build"
    CHESSBOT_GIT_COMMIT=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown) \
        cargo build --release --locked --no-default-features --features "${PLATFORMS:-discord,matrix}"
fi
[[ -x $binary ]] || fail "no binary at $binary (build it, or set CHESSBOT_BINARY)"

say "bookworm base"
if ! podman image exists localhost/bookworm-minbase; then
    rm -rf "$work/rootfs"
    debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
        || fail "debootstrap (see $work/debootstrap.log)"
    tar -C "$work/rootfs" -c . | podman import - localhost/bookworm-minbase >/dev/null
fi

say "binary stage"
rm -rf "$work/binary" && mkdir -p "$work/binary"
cp "$binary" "$work/binary/chessbot"
printf 'FROM scratch\nCOPY chessbot /usr/local/bin/chessbot\n' >"$work/binary/Containerfile"
podman build -q -t localhost/chessbot-binary:test "$work/binary" >/dev/null

say "image (the Dockerfile's runtime stage)"
podman build -q --format docker -t localhost/chessbot:test \
    --build-arg BINARY_STAGE=localhost/chessbot-binary:test \
    --build-arg RUNTIME_BASE=localhost/bookworm-minbase \
    . >/dev/null
size=$(podman image inspect localhost/chessbot:test --format '{{.Size}}')
echo "image size: $(( size / 1024 / 1024 )) MiB"
[[ $(podman image inspect localhost/chessbot:test --format '{{.Config.User}}') == chessbot:chessbot ]] \
    || fail "the image does not run as the chessbot user"

volume=chessbot-test-data
podman volume rm -f "$volume" >/dev/null 2>&1 || true
podman volume create "$volume" >/dev/null
# --read-only-tmpfs=false: podman would otherwise mount writable /tmp and
# /run; Docker's --read-only does not, so neither does this test.
hardened=(--health-cmd none --read-only --read-only-tmpfs=false --cap-drop=ALL --security-opt no-new-privileges -v "$volume:/data")

say "scripted game, read-only, no capabilities, no network"
game=$'alice: /chess challenge @bob color:white\nbob: /chess accept\nalice: /chess move f3\nbob: /chess move e5\nalice: /chess move g4\nbob: /chess move Qh4#\n'
out=$(printf '%s' "$game" | podman run --rm -i --network none "${hardened[@]}" \
    localhost/chessbot:test console --json --images /data/boards)
echo "$out" | grep -q '"termination":"checkmate"' || { echo "$out"; fail "the game did not end in checkmate"; }
# The image has no shell: the volume is looked at from the Debian base.
look=(podman run --rm --network none --user 10001:10001 -v "$volume:/data" localhost/bookworm-minbase)
boards=$("${look[@]}" sh -c 'ls /data/boards | wc -l')
[[ $boards -ge 4 ]] || fail "expected a board picture per move in /data/boards, found $boards"
# Even root (without capabilities) cannot write outside /data: the bot's
# own `render` tries to write a picture in each place.
for f in /etc/x.png /usr/local/bin/x.png /tmp/x.png /x.png; do
    if podman run --rm --network none --user 0 "${hardened[@]}" localhost/chessbot:test \
        render --fen "8/8/8/8/8/8/8/K6k w - - 0 1" --output "$f" >/dev/null 2>&1; then
        fail "the root file system is writable ($f)"
    fi
done
podman run --rm --network none "${hardened[@]}" localhost/chessbot:test \
    render --fen "8/8/8/8/8/8/8/K6k w - - 0 1" --output /data/x.png >/dev/null \
    || fail "render cannot write in /data"
echo "checkmate announced, $boards board pictures written under /data, root file system read-only"

say "settings from /data/chessbot.toml (no ENV line overrides it)"
shown=$(podman run --rm --network none "${hardened[@]}" localhost/chessbot:test config)
echo "$shown" | grep -q '^rust_log = "info"  # file' || { echo "$shown"; fail "rust_log does not come from the file"; }
"${look[@]}" sed -i 's/^rust_log = .*/rust_log = "debug"/' /data/chessbot.toml
shown=$(podman run --rm --network none "${hardened[@]}" localhost/chessbot:test config)
echo "$shown" | grep -q '^rust_log = "debug"  # file' || { echo "$shown"; fail "an edit of /data/chessbot.toml did not take effect"; }
"${look[@]}" sed -i 's/^rust_log = .*/rust_log = "info"/' /data/chessbot.toml
podman run --rm --network none "${hardened[@]}" localhost/chessbot:test --version
echo "the file's values apply, an edit takes effect"

say "console with --http: /healthz, /readyz, /metrics"
name=chessbot-test-http
podman rm -f "$name" >/dev/null 2>&1 || true
fifo="$work/console.in"
rm -f "$fifo" && mkfifo "$fifo"
# The console reads its commands from the FIFO, kept open by this shell.
# The image listens on its loopback only; published, it must listen on
# every interface of the container.
podman run --rm -i --name "$name" -p 127.0.0.1:18080:8080 "${hardened[@]}" \
    -e DATABASE_URL=sqlite:///data/http.db -e CHESSBOT_HTTP_ADDR=:8080 \
    localhost/chessbot:test console >"$work/console.out" 2>"$work/console.err" <"$fifo" &
console_job=$!
exec 3>"$fifo"
cleanup() { exec 3>&- 2>/dev/null || true; podman rm -f "$name" >/dev/null 2>&1 || true; }
trap cleanup EXIT
for _ in $(seq 1 50); do
    curl -fsS http://127.0.0.1:18080/healthz >/dev/null 2>&1 && break
    sleep 0.2
done
curl -fsS http://127.0.0.1:18080/healthz >/dev/null || { cat "$work/console.err"; fail "/healthz"; }
# Ready once the database is open (the migrations run first).
for _ in $(seq 1 50); do
    ready=$(curl -sS -o "$work/readyz.body" -w '%{http_code}' http://127.0.0.1:18080/readyz)
    [[ $ready == 200 ]] && break
    sleep 0.2
done
[[ $ready == 200 ]] || fail "/readyz answered $ready: $(cat "$work/readyz.body")"
printf '%s' "$game" >&3
sleep 2
metrics=$(curl -fsS http://127.0.0.1:18080/metrics)
moves=$(echo "$metrics" | awk '/^chessbot_moves_applied_total/ {s += $2} END {print s + 0}')
[[ $moves -ge 4 ]] || { echo "$metrics" | grep chessbot_ | head -20; fail "/metrics counted $moves moves"; }
finished=$(echo "$metrics" | awk '/^chessbot_games_finished_total/ {s += $2} END {print s + 0}')
echo "/metrics: $moves moves applied, $finished games finished"
podman exec "$name" /usr/local/bin/chessbot healthcheck || fail "chessbot healthcheck inside the container"
say "SIGTERM (podman stop): a graceful exit with status 0"
podman stop -t 20 "$name" >/dev/null
status=0
wait "$console_job" || status=$?
[[ $status == 0 ]] || { tail -5 "$work/console.err"; fail "the console exited with $status after SIGTERM"; }
exec 3>&-
say "done"
