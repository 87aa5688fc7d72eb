# syntax=docker/dockerfile:1
# chessbot's container image: built with Rust 1.95, run with only the files
# it needs from Debian bookworm (Debian's stockfish among them), as a non-root
# user whose only writable place is the /data volume (SQLite file, Matrix
# crypto store, optional chessbot.toml).
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
# The chat platforms built in (Cargo features): discord, matrix or both.
# One platform builds in about half the time and gives a smaller binary
# (docs/HOSTING.md, Building for one platform).
ARG PLATFORMS=discord,matrix
# The commit `chessbot --version` names: the build context has no .git.
ARG CHESSBOT_GIT_COMMIT=unknown
WORKDIR /src
COPY . .
# The cargo registry and target folder are cache mounts (BuildKit): a rebuild
# after a source change compiles only chessbot. The binary is copied out of
# the cache in the same step.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    CHESSBOT_GIT_COMMIT="$CHESSBOT_GIT_COMMIT" \
    cargo build --release --locked --no-default-features --features "$PLATFORMS" \
    && install -m 0755 target/release/chessbot /usr/local/bin/chessbot

FROM ${BINARY_STAGE} AS binary

# The files the bot runs with, gathered on Debian: the binary, Debian's
# stockfish, tini, the libraries these load (as `ldd` lists them), the CA
# certificates and the chessbot user. The image below holds these files
# and nothing else: no shell, no package manager, no apt database, which
# keeps it about 60 MB under a whole Debian base.
FROM ${RUNTIME_BASE} AS runtime-files
RUN apt-get update \
    && apt-get install -y --no-install-recommends stockfish ca-certificates tini \
    && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin chessbot
COPY --from=binary /usr/local/bin/chessbot /usr/local/bin/chessbot
RUN set -eu; \
    mkdir -p /rootfs/data /rootfs/tmp /rootfs/etc/ssl/certs; \
    chown chessbot:chessbot /rootfs/data; \
    chmod 1777 /rootfs/tmp; \
    for f in /usr/local/bin/chessbot /usr/games/stockfish; do \
        cp --parents "$f" /rootfs; \
        for lib in $(ldd "$f" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'); do \
            cp -L --parents "$lib" /rootfs; \
        done; \
    done; \
    cp --parents /usr/bin/tini-static /rootfs; \
    cp /etc/ssl/certs/ca-certificates.crt /rootfs/etc/ssl/certs/; \
    grep -E '^(root|chessbot):' /etc/passwd > /rootfs/etc/passwd; \
    grep -E '^(root|chessbot):' /etc/group > /rootfs/etc/group; \
    cp /etc/nsswitch.conf /rootfs/etc/; \
    touch /rootfs/etc/hosts /rootfs/etc/resolv.conf

FROM scratch
COPY --from=runtime-files /rootfs/ /
# The settings: /data/chessbot.toml (deploy/chessbot.toml; a new volume gets
# this copy), where the defaults of the image live: the SQLite file in
# /data, Debian's stockfish, info logs, and /healthz, /readyz and /metrics
# on the container's loopback only (the health check runs inside the
# container). No setting is an ENV line, so editing the file takes effect;
# the environment still overrides it.
COPY --chown=chessbot:chessbot --chmod=0600 deploy/chessbot.toml /data/chessbot.toml
ENV CHESSBOT_CONFIG=/data/chessbot.toml
USER chessbot:chessbot
WORKDIR /data
VOLUME ["/data"]
# /healthz, /readyz and /metrics on CHESSBOT_HTTP_ADDR (docs/HOSTING.md, Health
# and metrics). The image has no curl: `chessbot healthcheck` asks /readyz of
# that address and exits 0 when the platform and the database are up.
# 8080 is reachable from outside only with http_addr = ":8080".
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["/usr/local/bin/chessbot", "healthcheck"]
# tini reaps the stockfish processes and forwards SIGTERM to the bot.
ENTRYPOINT ["/usr/bin/tini-static", "--", "/usr/local/bin/chessbot"]
CMD ["discord"]
