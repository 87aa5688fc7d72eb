#!/usr/bin/env python3
"""The peer stack, timed on the same moves as our console
benchmark: python-chess (legal move from SAN), chess.svg + cairosvg (a
512 px PNG of the board with the last move, written to a file) and a
SQLite commit per move (rollback journal, synchronous=FULL, the default).

Usage: peer_stack.py PGN GAMES OUTDIR -> prints "peer: N moves, X moves/s,
p50 A ms, p99 B ms". Needs `pip install chess cairosvg`.
"""
import os
import sqlite3
import sys
import time

import cairosvg
import chess
import chess.pgn
import chess.svg


def main():
    pgn_path, games, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    os.makedirs(out, exist_ok=True)
    with open(pgn_path) as f:
        game = chess.pgn.read_game(f)
    sans = []
    b = game.board()
    for mv in game.mainline_moves():
        sans.append(b.san(mv))
        b.push(mv)
    db = sqlite3.connect(os.path.join(out, "peer.db"), isolation_level=None)
    db.execute("pragma synchronous=full")
    db.execute("create table if not exists move (game int, ply int, uci text, fen text)")
    boards = [chess.Board() for _ in range(games)]
    times = []
    seq = 0
    t0 = time.perf_counter()
    for ply, san in enumerate(sans):
        for g in range(games):
            t = time.perf_counter()
            board = boards[g]
            mv = board.parse_san(san)
            board.push(mv)
            db.execute("begin")
            db.execute("insert into move values (?, ?, ?, ?)", (g, ply, mv.uci(), board.fen()))
            db.execute("commit")
            svg = chess.svg.board(board, lastmove=mv, size=512)
            seq += 1
            cairosvg.svg2png(bytestring=svg.encode(), write_to=os.path.join(out, f"{seq:06}.png"))
            times.append(time.perf_counter() - t)
    wall = time.perf_counter() - t0
    times.sort()
    n = len(times)
    print(f"peer (python-chess + chess.svg + cairosvg + sqlite commit): {n} moves, "
          f"{n / wall:.1f} moves/s, p50 {times[n // 2] * 1e3:.1f} ms, "
          f"p99 {times[min(n - 1, round((n - 1) * 0.99))] * 1e3:.1f} ms, "
          f"start-position-like PNG {os.path.getsize(os.path.join(out, '000001.png')) / 1024:.1f} KB")


if __name__ == "__main__":
    main()
