# syntax=docker/dockerfile:1
# chessbot's container image: built with Rust 1.95, run on Debian bookworm-slim
# with Debian's stockfish, as a non-root user whose only writable place is the
# /data volume (SQLite file, Matrix crypto store, optional chessbot.toml).
# Secrets come as files (DISCORD_TOKEN_FILE=/run/secrets/...), never as plain
# environment variables.
# Runs with `--read-only --cap-drop=ALL`. See docs/HOSTING.md, Self-hosting.

# Where the binary comes from (BINARY_STAGE) and what it runs on
# (RUNTIME_BASE) are arguments only so deploy/test-image.sh can build this same
# runtime stage where no registry is reachable: from a binary built on the
# host and a debootstrapped bookworm base. The defaults are the real build.
ARG BINARY_STAGE=build
ARG RUNTIME_BASE=debian:bookworm-slim

FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY . .
# The cargo registry and target folder are cache mounts (BuildKit): a rebuild
# after a source change compiles only chessbot. The binary is copied out of
# the cache in the same step.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked \
    && install -m 0755 target/release/chessbot /usr/local/bin/chessbot

FROM ${BINARY_STAGE} AS binary

FROM ${RUNTIME_BASE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends stockfish ca-certificates tini \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin chessbot \
    && mkdir /data \
    && chown chessbot:chessbot /data
COPY --from=binary /usr/local/bin/chessbot /usr/local/bin/chessbot
# Debian installs stockfish into /usr/games. A settings file is read only
# when named (CHESSBOT_CONFIG=/data/chessbot.toml); the environment overrides
# it. /healthz, /readyz and /metrics listen on the container's loopback only:
# the health check runs inside the container, and nobody else can reach
# them unless CHESSBOT_HTTP_ADDR=:8080 opens them to the container's network.
ENV STOCKFISH_PATH=/usr/games/stockfish \
    DATABASE_URL=sqlite:///data/chessbot.db \
    CHESSBOT_HTTP_ADDR=127.0.0.1:8080 \
    RUST_LOG=info
USER chessbot:chessbot
WORKDIR /data
VOLUME ["/data"]
# /healthz, /readyz and /metrics on CHESSBOT_HTTP_ADDR (docs/HOSTING.md, Health
# and metrics). The image has no curl: `chessbot healthcheck` asks /readyz of
# that address and exits 0 when the platform and the database are up.
# 8080 is reachable from outside only with CHESSBOT_HTTP_ADDR=:8080.
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["/usr/local/bin/chessbot", "healthcheck"]
# tini reaps the stockfish processes and forwards SIGTERM to the bot.
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/chessbot"]
CMD ["discord"]
