//! The probing search over the tables: captures resolved by a small
//! alpha-beta (the tables hold no position with a capture that changes the
//! material's table), en passant handled apart (the tables assume no en
//! passant right), and DTZ read from the side the file stores or found one
//! move deeper, exactly as the reference probers do.

use super::encoding::{Scheme, encode, leading_pawn};
use super::table::TableKind;
use super::{TablebaseError, Tablebases};
use crate::chess::{Color, Move, Position, Role};

/// DTZ of a position decided by a zeroing move, by WDL value (-2..=2).
const WDL_TO_DTZ: [i32; 5] = [-1, -101, 0, 101, 1];
/// The DTZ map that holds each WDL value's distances.
const WDL_TO_MAP: [usize; 5] = [1, 3, 0, 2, 0];
/// The flag that says a WDL value's distances are stored in full moves.
const PA_FLAGS: [u8; 5] = [8, 0, 0, 0, 4];

fn wdl_index(wdl: i32) -> usize {
    (wdl + 2).clamp(0, 4) as usize
}

/// The material of one side as the file names write it (`KRP`).
pub(super) fn side_name(pos: &Position, color: Color) -> String {
    let mut s = String::from("K");
    for (role, c) in [
        (Role::Queen, 'Q'),
        (Role::Rook, 'R'),
        (Role::Bishop, 'B'),
        (Role::Knight, 'N'),
        (Role::Pawn, 'P'),
    ] {
        for _ in 0..pos.pieces(color, role).count() {
            s.push(c);
        }
    }
    s
}

fn role_of_code(code: u8) -> Option<Role> {
    Some(match code & 7 {
        1 => Role::Pawn,
        2 => Role::Knight,
        3 => Role::Bishop,
        4 => Role::Rook,
        5 => Role::Queen,
        6 => Role::King,
        _ => return None,
    })
}

/// A table's raw answer: a value, or (DTZ) "this side is not stored".
enum TableValue {
    Value(i32),
    OtherSide,
}

pub(super) struct Prober<'a> {
    pub tables: &'a Tablebases,
}

impl Prober<'_> {
    fn probe_table(
        &self,
        pos: &Position,
        kind: TableKind,
        wdl: i32,
    ) -> Result<TableValue, TablebaseError> {
        let white = side_name(pos, Color::White);
        let black = side_name(pos, Color::Black);
        if kind == TableKind::Wdl && white == "K" && black == "K" {
            return Ok(TableValue::Value(0));
        }
        let (table, name, mirrored) = self.tables.table_for(&white, &black, kind)?;
        let corrupt = |why: &'static str| TablebaseError::Corrupt {
            name: format!("{name}{}", kind.suffix()),
            why: why.to_owned(),
        };
        let symmetric = white == black;
        let (flip, bside) = if symmetric {
            (pos.turn() != Color::White, false)
        } else {
            (mirrored, (pos.turn() == Color::White) == mirrored)
        };
        let mirror: u8 = if table.has_pawns && flip { 0x38 } else { 0 };
        let fill = |pieces: &[u8], p: &mut Vec<u8>| -> Result<(), TablebaseError> {
            let code = *pieces
                .get(p.len())
                .ok_or_else(|| corrupt("a piece is missing"))?;
            let mut color = if code < 8 { Color::White } else { Color::Black };
            if flip {
                color = color.other();
            }
            let role = role_of_code(code).ok_or_else(|| corrupt("a piece code is wrong"))?;
            let squares = pos.pieces(color, role);
            if squares.is_empty() {
                return Err(corrupt("the header's pieces are not the position's"));
            }
            p.extend(squares.map(|sq| sq.index() as u8 ^ mirror));
            Ok(())
        };
        let side_stored = |flags: u8| -> bool { symmetric || (flags & 1 == 1) == bside };
        let mut p: Vec<u8> = Vec::with_capacity(table.num);
        // A table with pawns has a row of sub-tables per file of the leading
        // pawn; one without has a single row.
        let (row, scheme, kk_enc) = if table.has_pawns {
            let first = table.subtables[0][0]
                .as_ref()
                .ok_or_else(|| corrupt("a sub-table is missing"))?;
            fill(&first.enc.pieces[..table.num], &mut p)?;
            let t = leading_pawn(&mut p, usize::from(table.pawns[0]));
            let row = table
                .subtables
                .get(t)
                .ok_or_else(|| corrupt("a sub-table is missing"))?;
            (row, Scheme::PawnFiles, false)
        } else {
            (&table.subtables[0], Scheme::Pieces, table.kk_enc)
        };
        let flags = row[0].as_ref().map_or(0, |s| s.flags());
        if kind == TableKind::Dtz && !side_stored(flags) {
            return Ok(TableValue::OtherSide);
        }
        let side = if kind == TableKind::Wdl {
            usize::from(bside)
        } else {
            0
        };
        let sub = row[side]
            .as_ref()
            .ok_or_else(|| corrupt("a sub-table is missing"))?;
        while p.len() < table.num {
            fill(&sub.enc.pieces[..table.num], &mut p)?;
        }
        if p.len() != table.num {
            return Err(corrupt("the header's pieces are not the position's"));
        }
        let idx = encode(&mut p, &sub.enc, scheme, kk_enc, table.pawns);
        let w = table.value(sub, idx).map_err(corrupt)?;
        if kind == TableKind::Wdl {
            let v = i32::from(w[0]) - 2;
            if !(-2..=2).contains(&v) {
                return Err(corrupt("a WDL value is out of range"));
            }
            return Ok(TableValue::Value(v));
        }
        let mut v = u32::from(w[0]) + (u32::from(w[1] & 0x0f) << 8);
        if flags & 2 != 0 {
            v = table
                .dtz_mapped(sub, WDL_TO_MAP[wdl_index(wdl)], v)
                .map_err(corrupt)?;
        }
        if flags & PA_FLAGS[wdl_index(wdl)] == 0 || wdl & 1 != 0 {
            v *= 2;
        }
        Ok(TableValue::Value(v as i32))
    }

    fn table_wdl(&self, pos: &Position) -> Result<i32, TablebaseError> {
        match self.probe_table(pos, TableKind::Wdl, 0)? {
            TableValue::Value(v) => Ok(v),
            TableValue::OtherSide => Ok(0),
        }
    }

    fn probe_ab(&self, pos: &Position, mut alpha: i32, beta: i32) -> Result<i32, TablebaseError> {
        for m in pos.legal_moves().into_iter().filter(|m| m.is_capture()) {
            let v = -self.probe_ab(&pos.after(m), -beta, -alpha)?;
            if v > alpha {
                if v >= beta {
                    return Ok(v);
                }
                alpha = v;
            }
        }
        Ok(alpha.max(self.table_wdl(pos)?))
    }

    /// WDL (-2..=2) for the side to move, and whether a zeroing move
    /// (a capture, or an en passant that decides) is the best move.
    pub(super) fn probe_wdl(&self, pos: &Position) -> Result<(i32, bool), TablebaseError> {
        let moves = pos.legal_moves();
        let (mut best_cap, mut best_ep) = (-3, -3);
        for &m in moves.iter().filter(|m| m.is_capture()) {
            let v = -self.probe_ab(&pos.after(m), -2, -best_cap)?;
            if v > best_cap {
                if v == 2 {
                    return Ok((2, true));
                }
                if !matches!(m, Move::EnPassant { .. }) {
                    best_cap = v;
                } else if v > best_ep {
                    best_ep = v;
                }
            }
        }
        let v = self.table_wdl(pos)?;
        if best_ep > best_cap {
            if best_ep > v {
                return Ok((best_ep, true));
            }
            best_cap = best_ep;
        }
        if best_cap >= v {
            return Ok((best_cap, best_cap > 0));
        }
        if best_ep > -3
            && v == 0
            && !pos.is_check()
            && moves.iter().all(|m| matches!(m, Move::EnPassant { .. }))
        {
            return Ok((best_ep, true));
        }
        Ok((v, false))
    }

    /// DTZ for the side to move with the reference probers' sign and
    /// rounding: positive when winning, negative when losing, 0 for a
    /// draw; 101 and more for a win the 50-move rule spoils.
    pub(super) fn probe_dtz(&self, pos: &Position) -> Result<i32, TablebaseError> {
        let (wdl, zeroing_best) = self.probe_wdl(pos)?;
        if wdl == 0 {
            return Ok(0);
        }
        if zeroing_best {
            return Ok(WDL_TO_DTZ[wdl_index(wdl)]);
        }
        let moves = pos.legal_moves();
        if wdl > 0 {
            for &m in moves
                .iter()
                .filter(|m| m.role() == Role::Pawn && !m.is_capture())
            {
                let v = -self.probe_wdl(&pos.after(m))?.0;
                if v == wdl {
                    return Ok(WDL_TO_DTZ[wdl_index(wdl)]);
                }
            }
        }
        if let TableValue::Value(dtz) = self.probe_table(pos, TableKind::Dtz, wdl)? {
            let base = WDL_TO_DTZ[wdl_index(wdl)];
            return Ok(if wdl > 0 { base + dtz } else { base - dtz });
        }
        let mut best = if wdl > 0 {
            i32::MAX
        } else {
            WDL_TO_DTZ[wdl_index(wdl)]
        };
        for &m in moves
            .iter()
            .filter(|m| !m.is_capture() && m.role() != Role::Pawn)
        {
            let after = pos.after(m);
            let v = -self.probe_dtz(&after)?;
            if v == 1 && after.is_checkmate() {
                best = 1;
            } else if wdl > 0 {
                if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            } else if v - 1 < best {
                best = v - 1;
            }
        }
        Ok(best)
    }
}
