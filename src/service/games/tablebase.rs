//! Endgame tables in games: the community's rule (`settings tablebase:`
//! off, claim or auto), the tables' verdict for a claim, the outcome of an
//! automatic adjudication, and the catalog messages of these.

use std::sync::Arc;

use crate::chess::{Color, Game, Outcome, Position, Termination};
use crate::service::messages::declare::messages;
use crate::tablebase::{TablebaseError, Tablebases, Wdl};

/// A community's rule for the endgame tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::service) enum TablebaseRule {
    /// The tables play no part (the default).
    Off,
    /// A player may claim the tables' verdict on their turn.
    Claim,
    /// A move into a position the tables hold ends the game.
    Auto,
}

impl TablebaseRule {
    /// The rule a moderator named, or what the store holds.
    pub(in crate::service) fn parse(s: &str) -> Option<TablebaseRule> {
        match s.trim().to_ascii_lowercase().as_str() {
            "off" | "none" | "no" => Some(TablebaseRule::Off),
            "claim" | "claims" => Some(TablebaseRule::Claim),
            "auto" | "adjudicate" | "adjudication" => Some(TablebaseRule::Auto),
            _ => None,
        }
    }

    pub(in crate::service) const fn as_str(self) -> &'static str {
        match self {
            TablebaseRule::Off => "off",
            TablebaseRule::Claim => "claim",
            TablebaseRule::Auto => "auto",
        }
    }
}

/// The tables named by `CHESSBOT_SYZYGY_PATH`, or `None` (with a warning
/// when the setting names no usable directory).
pub(in crate::service) fn tables_from_env() -> Option<Arc<Tablebases>> {
    let path = std::env::var(crate::tablebase::cli::SYZYGY_PATH_ENV).ok()?;
    if path.trim().is_empty() {
        return None;
    }
    match Tablebases::open(&path) {
        Ok(t) => Some(Arc::new(t)),
        Err(e) => {
            tracing::warn!(error = %e, "endgame tables unusable; tablebase rules stay off");
            None
        }
    }
}

/// The tables' verdict for `side` in `pos` (the 50-move rule counted from
/// the position's halfmove clock).
///
/// # Errors
/// A table the position needs is missing, unreadable or corrupt.
pub(in crate::service) fn verdict_for(
    tables: &Tablebases,
    pos: &Position,
    side: Color,
) -> Result<Wdl, TablebaseError> {
    let probe = tables.probe(pos)?;
    Ok(if pos.turn() == side {
        probe.wdl
    } else {
        probe.wdl.other_side()
    })
}

/// The result a claim by `claimer` with the verdict `wdl` sets: a win, or
/// a draw (also for a cursed win or a blessed loss); `None` for a loss.
pub(in crate::service) fn claim_outcome(wdl: Wdl, claimer: Color) -> Option<Outcome> {
    match wdl {
        Wdl::Win => Some(Outcome::new(Some(claimer), Termination::Tablebase)),
        Wdl::CursedWin | Wdl::Draw | Wdl::BlessedLoss => {
            Some(Outcome::new(None, Termination::Tablebase))
        }
        Wdl::Loss => None,
    }
}

/// The result the tables give a running game whose position they hold
/// (`auto`): `None` when the game is over or outside the tables.
///
/// # Errors
/// A table the position needs is missing, unreadable or corrupt.
pub(in crate::service) fn adjudication(
    tables: &Tablebases,
    game: &Game,
) -> Result<Option<Outcome>, TablebaseError> {
    let pos = game.position();
    if game.outcome().is_some() || !tables.covers(pos) {
        return Ok(None);
    }
    let side = pos.turn();
    let winner = match verdict_for(tables, pos, side)? {
        Wdl::Win => Some(side),
        Wdl::Loss => Some(side.other()),
        Wdl::CursedWin | Wdl::Draw | Wdl::BlessedLoss => None,
    };
    Ok(Some(Outcome::new(winner, Termination::Tablebase)))
}

messages! {
    /// A moderator set the community's rule for the endgame tables
    /// (`rule`: `off`, `claim`, `auto`).
    pub fn tablebase_rule_set(l, rule: &str) = "tablebase-rule-set";
    /// `settings tablebase:claim|auto` where the bot has no tables.
    pub fn tablebase_none(l) = "tablebase-none";
    /// `settings tablebase:` with a value that is no rule.
    pub fn tablebase_bad_rule(l, given: &str) = "tablebase-bad-rule";
    /// The community's rule as `settings` shows it.
    pub fn tablebase_rule_current(l, rule: &str) = "tablebase-rule-current";
    /// A claim refused: the tables give the claimer a loss (`wdl`: `loss`).
    pub fn tablebase_claim_lost(l, player: &str) = "tablebase-claim-lost";
    /// A claim with a move refused: after `san` the claimer loses; the move
    /// is not played.
    pub fn tablebase_claim_lost_move(l, player: &str, san: &str) = "tablebase-claim-lost-move";
    /// The tables cannot judge (a missing or corrupt table); the game goes
    /// on.
    pub fn tablebase_unavailable(l, error: &str) = "tablebase-unavailable";
    /// A claim in a position the tables do not hold, where claims of the
    /// tables are the community's rule.
    pub fn tablebase_not_in_tables(l, max: i64) = "tablebase-not-in-tables";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursed_win_or_a_blessed_loss_claims_a_draw_and_a_loss_nothing() {
        let win = claim_outcome(Wdl::Win, Color::Black).expect("a win");
        assert_eq!(win.winner, Some(Color::Black));
        assert_eq!(win.termination, Termination::Tablebase);
        for wdl in [Wdl::CursedWin, Wdl::Draw, Wdl::BlessedLoss] {
            let o = claim_outcome(wdl, Color::White).expect("a draw");
            assert!(o.is_draw());
        }
        assert_eq!(claim_outcome(Wdl::Loss, Color::White), None);
    }

    #[test]
    fn rules_parse() {
        assert_eq!(TablebaseRule::parse(" Claim"), Some(TablebaseRule::Claim));
        assert_eq!(TablebaseRule::parse("auto"), Some(TablebaseRule::Auto));
        assert_eq!(TablebaseRule::parse("off"), Some(TablebaseRule::Off));
        assert_eq!(TablebaseRule::parse("sometimes"), None);
    }
}
