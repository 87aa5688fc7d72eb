//! Perft: counts the leaf nodes of the legal move tree, the standard check
//! of a move generator against published numbers.

use super::position::Position;
use super::types::Move;

/// Leaf nodes at `depth` plies, bulk-counted: at the last ply the legal
/// moves are counted, not played (nor even built).
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
            perft_inner(pos, depth, &mut buffers)
        }
    }
}

/// The same count, bulk-counted over the built move list at the last ply
/// (checks [`Position::generate`] itself, and compares with engines that
/// count that way).
#[must_use]
pub fn perft_generated(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    perft_list(pos, depth, &mut buffers)
}

fn perft_list(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    pos.generate(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += perft_list(&child, depth - 1, rest);
    }
    nodes
}

fn perft_inner(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    pos.generate(moves);
    let mut nodes = 0;
    for &m in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes += perft_inner(&child, depth - 1, rest);
    }
    nodes
}

/// Per-move node counts at `depth` (depth >= 1), moves in the UCI of the
/// position's variant (castling as king takes rook in Chess960).
#[must_use]
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| (pos.uci(m), perft(&pos.after(m), depth.saturating_sub(1))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_small_depths() {
        let p = Position::startpos();
        assert_eq!(perft(&p, 1), 20);
        assert_eq!(perft(&p, 2), 400);
        assert_eq!(perft(&p, 3), 8902);
        assert_eq!(perft(&p, 4), 197_281);
        assert_eq!(perft_generated(&p, 4), 197_281);
    }

    #[test]
    fn kiwipete_depth_3() {
        let p = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(perft(&p, 1), 48);
        assert_eq!(perft(&p, 2), 2039);
        assert_eq!(perft(&p, 3), 97_862);
    }
}
