//! Legal move generation for [`Position`]: every legal move into a list or
//! just a count (one code path through a [`MoveSink`]), pins, the king's
//! moves, pawns and en passant, and the pseudo-legal moves that explain
//! why a typed move is illegal.

use super::super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
use super::super::types::{Bitboard, Color, Move, Role, Square};
use super::{MoveList, Position};

impl Position {
    /// All legal moves.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut v = Vec::with_capacity(64);
        self.generate(&mut v);
        v
    }

    /// Appends all legal moves to `out`.
    pub fn generate(&self, out: &mut MoveList) {
        self.gen_legal(out);
    }

    /// The number of legal moves, without building them (for bulk-counted
    /// perft and for "has a legal move").
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        self.gen_legal(&mut counter);
        counter.0
    }

    /// Legal move generation into any sink: the one code path behind both
    /// [`Position::generate`] and [`Position::count_legal_moves`].
    pub(super) fn gen_legal<S: MoveSink>(&self, out: &mut S) {
        let us = self.turn;
        let ksq = self.king_square(us);
        let checkers = self.checkers();
        self.gen_king(ksq, out);
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.single() {
            Some(c) => between(ksq, c) | c.bb(),
            None => {
                self.gen_castling(ksq, out);
                Bitboard::ALL
            }
        };
        let pinned = self.pinned(us, ksq);
        self.gen_pieces(ksq, target, pinned, out);
        self.gen_pawns(ksq, target, pinned, out);
        if let Some(ep) = self.ep_square {
            let pawns = pawn_attacks(us.other(), ep) & self.pieces(us, Role::Pawn);
            for from in pawns {
                if self.ep_is_legal(from, ep) {
                    out.special(Move::EnPassant { from, to: ep });
                }
            }
        }
    }

    /// Our pieces pinned to our king on `ksq`.
    pub(super) fn pinned(&self, us: Color, ksq: Square) -> Bitboard {
        let them = us.other();
        let occ = self.occupied();
        let rq = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        let bq = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        let snipers = ((rook_attacks(ksq, Bitboard::EMPTY) & rq)
            | (bishop_attacks(ksq, Bitboard::EMPTY) & bq))
            & self.by_color(them);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let b = between(ksq, s) & occ;
            if !b.more_than_one() {
                pinned |= b & self.by_color(us);
            }
        }
        pinned
    }

    pub(super) fn gen_king<S: MoveSink>(&self, ksq: Square, out: &mut S) {
        let us = self.turn;
        let occ_without_king = self.occupied() ^ ksq.bb();
        let mut safe = Bitboard::EMPTY;
        for to in king_attacks(ksq) & !self.by_color(us) {
            if self
                .attackers_to(to, us.other(), occ_without_king)
                .is_empty()
            {
                safe |= to.bb();
            }
        }
        out.piece_moves(self, Role::King, ksq, safe);
    }

    pub(super) fn gen_pieces<S: MoveSink>(
        &self,
        ksq: Square,
        target: Bitboard,
        pinned: Bitboard,
        out: &mut S,
    ) {
        let us = self.turn;
        let occ = self.occupied();
        let allowed = target & !self.by_color(us);
        let ours = self.by_color(us);
        for from in self.by_role[Role::Knight.index()] & ours & !pinned {
            out.piece_moves(self, Role::Knight, from, knight_attacks(from) & allowed);
        }
        // One loop per slider role, each with its own lookup inlined.
        let sliders = |role: Role, attacks: fn(Square, Bitboard) -> Bitboard, out: &mut S| {
            for from in self.by_role[role.index()] & ours {
                let mut dests = attacks(from, occ) & allowed;
                if pinned.contains(from) {
                    dests &= line(ksq, from);
                }
                out.piece_moves(self, role, from, dests);
            }
        };
        sliders(Role::Bishop, bishop_attacks, out);
        sliders(Role::Rook, rook_attacks, out);
        sliders(Role::Queen, queen_attacks, out);
    }

    pub(super) fn gen_pawns<S: MoveSink>(
        &self,
        ksq: Square,
        target: Bitboard,
        pinned: Bitboard,
        out: &mut S,
    ) {
        let us = self.turn;
        let occ = self.occupied();
        let them_bb = self.by_color(us.other());
        let (start_rank, promo_rank) = match us {
            Color::White => (1, 6),
            Color::Black => (6, 1),
        };
        for from in self.pieces(us, Role::Pawn) {
            let mut dests = pawn_attacks(us, from) & them_bb;
            let one = match us {
                Color::White => Square::from_index(from.index() as u32 + 8),
                Color::Black => Square::from_index(from.index() as u32 - 8),
            };
            if !occ.contains(one) {
                dests |= one.bb();
                if from.rank() == start_rank {
                    let two = match us {
                        Color::White => Square::from_index(one.index() as u32 + 8),
                        Color::Black => Square::from_index(one.index() as u32 - 8),
                    };
                    if !occ.contains(two) {
                        dests |= two.bb();
                    }
                }
            }
            dests &= target;
            if pinned.contains(from) {
                dests &= line(ksq, from);
            }
            out.pawn_moves(self, from, dests, from.rank() == promo_rank);
        }
    }
    /// Full legality test of an en passant capture from `from` to `ep`:
    /// the rank pin (both pawns leave the rank at once) and discovered
    /// checks are found by looking at the board after the capture.
    pub(super) fn ep_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.turn;
        let captured = Square::from_index(((ep.index() & 7) | (from.index() & !7)) as u32);
        if !self.pieces(us.other(), Role::Pawn).contains(captured) {
            return false;
        }
        let occ = (self.occupied() ^ from.bb() ^ captured.bb()) | ep.bb();
        let ksq = self.king_square(us);
        let attackers = self.attackers_to(ksq, us.other(), occ) & !captured.bb();
        attackers.is_empty()
    }

    // Playing moves.

    /// All moves the pieces could make by their movement alone, for
    /// explaining why a typed move is illegal (pinned piece, king in check).
    #[must_use]
    pub(crate) fn pseudo_legal_moves(&self) -> MoveList {
        let us = self.turn;
        let mut v = Vec::with_capacity(64);
        for from in self.by_color(us) {
            let role = match self.role_at(from) {
                Some(r) => r,
                None => continue,
            };
            let candidates = match role {
                Role::Pawn => {
                    pawn_attacks(us, from) | Bitboard::file(from.file()) & !self.by_color(us)
                }
                Role::Knight => knight_attacks(from),
                Role::King => king_attacks(from),
                _ => queen_attacks(from, self.occupied()),
            };
            for to in candidates {
                let capture = if self.by_color(us.other()).contains(to) {
                    self.role_at(to)
                } else {
                    None
                };
                let last = if us == Color::White { 7 } else { 0 };
                let promos: &[Option<Role>] = if role == Role::Pawn && to.rank() == last {
                    &[
                        Some(Role::Queen),
                        Some(Role::Rook),
                        Some(Role::Bishop),
                        Some(Role::Knight),
                    ]
                } else {
                    &[None]
                };
                for &promotion in promos {
                    let m = if role == Role::Pawn
                        && capture.is_none()
                        && Some(to) == self.ep_square
                        && from.file() != to.file()
                    {
                        Move::EnPassant { from, to }
                    } else {
                        Move::Normal {
                            role,
                            from,
                            to,
                            capture,
                            promotion,
                        }
                    };
                    if self.pseudo_reaches(m) {
                        v.push(m);
                    }
                }
            }
        }
        let ksq = self.king_square(us);
        for rook in self.castle_candidates() {
            v.push(Move::Castle { king: ksq, rook });
        }
        v
    }
}

/// Where generated moves go: a list, or just a count.
pub(super) trait MoveSink {
    /// Moves of a piece (not a pawn) from `from` to each of `dests`.
    fn piece_moves(&mut self, pos: &Position, role: Role, from: Square, dests: Bitboard);
    /// Pawn moves (pushes and captures); `promotes` when they reach the
    /// last rank, each then four moves.
    fn pawn_moves(&mut self, pos: &Position, from: Square, dests: Bitboard, promotes: bool);
    /// One castling or en passant move.
    fn special(&mut self, m: Move);
}

impl MoveSink for MoveList {
    #[inline]
    fn piece_moves(&mut self, pos: &Position, role: Role, from: Square, dests: Bitboard) {
        for to in dests {
            self.push(Move::Normal {
                role,
                from,
                to,
                capture: pos.capture_at(to),
                promotion: None,
            });
        }
    }

    #[inline]
    fn pawn_moves(&mut self, pos: &Position, from: Square, dests: Bitboard, promotes: bool) {
        for to in dests {
            let capture = pos.capture_at(to);
            if promotes {
                for p in Role::PROMOTIONS {
                    self.push(Move::Normal {
                        role: Role::Pawn,
                        from,
                        to,
                        capture,
                        promotion: Some(p),
                    });
                }
            } else {
                self.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion: None,
                });
            }
        }
    }

    #[inline]
    fn special(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without building them.
struct Counter(usize);

impl MoveSink for Counter {
    #[inline]
    fn piece_moves(&mut self, _: &Position, _: Role, _: Square, dests: Bitboard) {
        self.0 += dests.count() as usize;
    }

    #[inline]
    fn pawn_moves(&mut self, _: &Position, _: Square, dests: Bitboard, promotes: bool) {
        self.0 += dests.count() as usize * if promotes { 4 } else { 1 };
    }

    #[inline]
    fn special(&mut self, _: Move) {
        self.0 += 1;
    }
}
