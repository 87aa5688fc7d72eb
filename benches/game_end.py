#!/usr/bin/env python3
"""100 games ending within one second through one console
process (`--json`, a SQLite file, the engine from STOCKFISH_PATH): how long
each mating move waits for its `end`, and when the 100 summaries (with the
engine's analysis) are all in.

Usage: game_end.py CHESSBOT_BINARY DIR [GAMES]
"""
import json
import os
import subprocess
import sys
import threading
import time


def main():
    binary, out = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    os.makedirs(out, exist_ok=True)
    db = os.path.join(out, "end.db")
    for f in (db, db + "-wal", db + "-shm"):
        if os.path.exists(f):
            os.remove(f)
    p = subprocess.Popen([binary, "console", "--json", "--db", f"sqlite://{db}"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, env=dict(os.environ, RUST_LOG="warn"))
    arrived = []  # (time, channel, type, has analysis)
    ready = threading.Event()

    def read():
        for line in p.stdout:
            try:
                v = json.loads(line)
            except ValueError:
                continue
            ev = v.get("event") or {}
            arrived.append((time.perf_counter(), v.get("channel"), ev.get("type"),
                            ev.get("analysis") is not None))
            if ev.get("type") == "move" and ev.get("san") == "g4" and v.get("channel") == f"g{games - 1}":
                ready.set()

    t = threading.Thread(target=read, daemon=True)
    t.start()
    setup = []
    for g in range(games):
        setup += [f"w{g}@g{g}: /chess challenge @b{g} color:white rated:false",
                  f"b{g}@g{g}: /chess accept", f"w{g}@g{g}: /chess move f3",
                  f"b{g}@g{g}: /chess move e5", f"w{g}@g{g}: /chess move g4"]
    p.stdin.write(("\n".join(setup) + "\n").encode())
    p.stdin.flush()
    ready.wait(600)
    sent = {}
    start = time.perf_counter()
    for g in range(games):
        # 100 mates within one second.
        target = start + g * (1.0 / games)
        while time.perf_counter() < target:
            time.sleep(0.0005)
        sent[f"g{g}"] = time.perf_counter()
        p.stdin.write(f"b{g}@g{g}: /chess move Qh4#\n".encode())
        p.stdin.flush()
    # Wait for every summary before closing the input (the console would
    # finish them at end of input anyway).
    deadline = time.perf_counter() + 900
    while time.perf_counter() < deadline:
        if sum(1 for a in arrived if a[2] == "summary") >= games:
            break
        time.sleep(0.05)
    p.stdin.close()
    p.wait()
    ends = sorted(a[0] - sent[a[1]] for a in arrived if a[2] == "end" and a[1] in sent)
    sums = [a for a in arrived if a[2] == "summary" and a[1] in sent]
    analysed = sum(1 for a in sums if a[3])
    last = max((a[0] for a in sums), default=start) - start
    n = len(ends)
    if n == 0:
        print("game end: no end events")
        return
    print(f"game end ({games} games mated within 1 s): {n} end answers, p50 {ends[n // 2] * 1e3:.1f} ms, "
          f"p99 {ends[min(n - 1, round((n - 1) * 0.99))] * 1e3:.1f} ms, max {ends[-1] * 1e3:.1f} ms; "
          f"{len(sums)} summaries ({analysed} with the engine's analysis), the last {last:.1f} s after the first mate")


if __name__ == "__main__":
    main()
