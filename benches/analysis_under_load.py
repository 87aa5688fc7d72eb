#!/usr/bin/env python3
"""Twenty games of 33 plies (the Opera Game) ending within one second
through one console process (`--json`, a SQLite file, the engine from
STOCKFISH_PATH), with one core kept busy by a spinning shell: how many of
the 20 summaries carry the engine's analysis, how long each took after
its mate, whether `summary` posted again shows the same figures, and what
`puzzle` sent right after the mates answers.

Usage: analysis_under_load.py CHESSBOT_BINARY DIR [GAMES]
"""
import json
import os
import subprocess
import sys
import threading
import time

OPERA = ("e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 "
         "Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#").split()


def figures(event):
    a = event.get("analysis")
    return None if a is None else json.dumps(a, sort_keys=True)


def main():
    binary, out = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    os.makedirs(out, exist_ok=True)
    db = os.path.join(out, "load.db")
    for f in (db, db + "-wal", db + "-shm"):
        if os.path.exists(f):
            os.remove(f)
    # The other core is busy.
    spinner = subprocess.Popen(["sh", "-c", "while :; do :; done"])
    p = subprocess.Popen([binary, "console", "--json", "--db", f"sqlite://{db}"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, env=dict(os.environ, RUST_LOG="warn"))
    lines = []  # (time, channel, text, event)
    lock = threading.Condition()
    last = OPERA[-2]

    def read():
        for line in p.stdout:
            try:
                v = json.loads(line)
            except ValueError:
                continue
            with lock:
                lines.append((time.perf_counter(), v.get("channel"), v.get("text") or "",
                              v.get("event") or {}))
                lock.notify_all()

    threading.Thread(target=read, daemon=True).start()

    def send(text):
        p.stdin.write((text + "\n").encode())
        p.stdin.flush()

    def wait_for(pred, limit):
        end = time.time() + limit
        with lock:
            while not pred() and time.time() < end:
                lock.wait(1)

    setup = []
    for g in range(games):
        setup += [f"w{g}@g{g}: /chess challenge @b{g} color:white rated:false",
                  f"b{g}@g{g}: /chess accept"]
        for i, san in enumerate(OPERA[:-1]):
            who = f"w{g}" if i % 2 == 0 else f"b{g}"
            setup.append(f"{who}@g{g}: /chess move {san}")
    send("\n".join(setup))
    wait_for(lambda: any(ev.get("type") == "move" and ev.get("san") == last and ch == f"g{games - 1}"
                         for _, ch, _, ev in lines), 900)
    sent = {}
    start = time.perf_counter()
    for g in range(games):
        target = start + g * (1.0 / games)
        while time.perf_counter() < target:
            time.sleep(0.0005)
        sent[f"g{g}"] = time.perf_counter()
        send(f"w{g}@g{g}: /chess move {OPERA[-1]}")
    t_puzzle = time.perf_counter()
    send("w0@g0: /chess puzzle")

    def summaries():
        return [x for x in lines if x[3].get("type") == "summary"]

    wait_for(lambda: len(summaries()) >= games, 1200)
    with lock:
        first = {ch: (t, ev) for t, ch, _, ev in summaries()}
        puzzle = [(t, txt) for t, ch, txt, ev in lines
                  if ch == "g0" and t >= t_puzzle and ev.get("type") != "summary"
                  and ("uzzle" in txt or ev.get("type") == "puzzle")]
    # Posted again: the same figures.
    for g in range(games):
        send(f"w{g}@g{g}: /chess summary")
    p.stdin.close()
    p.wait(1200)
    spinner.kill()
    spinner.wait()

    again = {}
    follows = 0
    for _, ch, txt, ev in lines:
        if ev.get("type") == "summary":
            again[ch] = ev
        if txt.startswith("Engine analysis of game"):
            follows += 1
    analysed = sum(1 for _, ev in first.values() if ev.get("analysis") is not None)
    waits = sorted(t - sent[ch] for ch, (t, _) in first.items() if ch in sent)
    same = sum(1 for ch, (_, ev) in first.items() if figures(again.get(ch, {})) == figures(ev))
    verdicts = {figures(ev) for _, ev in first.values() if ev.get("analysis") is not None}
    print(f"summaries: {len(first)} of {games}; with analysis: {analysed}; "
          f"analysis posted later: {follows}")
    if waits:
        print(f"mate to summary: first {waits[0]:.2f} s, median {waits[len(waits) // 2]:.2f} s, "
              f"last {waits[-1]:.2f} s")
    print(f"re-posted summaries with the same figures: {same} of {len(first)}; "
          f"distinct verdicts on the same game: {len(verdicts)}")
    for t, txt in puzzle[:1]:
        print(f"puzzle after {t - t_puzzle:.2f} s: {txt[:100]}")


if __name__ == "__main__":
    main()
