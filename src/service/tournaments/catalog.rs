//! This area's part of the message catalog (see `service::messages`).
//!
//! Catalog messages of leagues: creating, joining, leaving, starting,
//! standings, withdrawals, cancelling and the end of a league. League
//! names and player names are untrusted text, inserted as plain text.
//!
//! Catalog messages of Swiss tournaments: creating one, its rounds and
//! byes, late entries and withdrawals, its standings with tie-breaks and
//! its tournament report. Names are untrusted text, inserted as plain text.

use crate::service::messages::declare::messages;

messages! {
    /// The line of a league's creation saying its games are Chess960;
    /// `rounds` 2 adds that both games of a pair share their position.
    pub fn league_chess960(l, rounds: i64) = "league-chess960";
    /// No league of this channel fits the command.
    pub fn league_none(l) = "league-none";
    /// League `id` is not one of this channel.
    pub fn league_none_numbered(l, id: i64) = "league-none-numbered";
    /// The league has not started (or has ended): `withdraw` does not apply.
    pub fn league_not_running(l, name: &str, id: i64) = "league-not-running";
    /// A league name with nothing visible in it.
    pub fn league_bad_name(l) = "league-bad-name";
    /// A league was created.
    pub fn league_created(l, name: &str, id: i64, by: &str, days: i64, rounds: i64, max: i64) = "league-created";
    /// When a league starts by itself.
    pub fn league_starts_at(l, until: &str) = "league-starts-at";
    /// The league has all the players it takes.
    pub fn league_full(l, name: &str, max: i64) = "league-full";
    /// The caller is in the league already.
    pub fn league_already_joined(l, name: &str) = "league-already-joined";
    /// A player joined; `count` players now.
    pub fn league_joined(l, player: &str, name: &str, count: i64) = "league-joined";
    /// The caller does not play in the league.
    pub fn league_not_member(l, name: &str) = "league-not-member";
    /// A player left before the start.
    pub fn league_left(l, player: &str, name: &str) = "league-left";
    /// Fewer than three players: the league cannot start.
    pub fn league_too_few(l, name: &str, count: i64) = "league-too-few";
    /// At the start time, fewer than three players: the league stays open.
    pub fn league_start_postponed(l, name: &str, count: i64) = "league-start-postponed";
    /// A game's place is taken (should not happen).
    pub fn league_place_busy(l, name: &str) = "league-place-busy";
    /// A league game whose own place (thread, room) could not be opened.
    pub fn league_no_place(l, id: i64, white: &str, black: &str) = "league-no-place";
    /// A user already runs as many leagues as one may.
    pub fn league_creator_cap(l, max: i64) = "league-creator-cap";
    /// The community already has as many leagues as it may.
    pub fn league_community_cap(l, max: i64) = "league-community-cap";
    /// An open league closed because it never started within `days`.
    pub fn league_closed_unstarted(l, name: &str, days: i64) = "league-closed-unstarted";
    /// A league asked for in a direct message.
    pub fn league_not_in_direct(l) = "league-not-in-direct";
    /// A league asked for in a channel that takes no threads.
    pub fn league_needs_channel(l) = "league-needs-channel";
    /// A league asked for where the bot may not open threads.
    pub fn league_needs_threads(l) = "league-needs-threads";
    /// The league started: `n` players, `games` games; the pairings follow.
    pub fn league_started(l, name: &str, id: i64, n: i64, games: i64) = "league-started";
    /// One pairing line: game `count` of the league.
    pub fn league_pairing(l, count: i64, white: &str, black: &str) = "league-pairing";
    /// In a league game's place: the game started.
    pub fn league_game_started(l, title: &str, id: i64, white: &str, black: &str, mover: &str, until: &str) = "league-game-started";
    /// A thematic league game starts after this opening line.
    pub fn league_game_opening(l, opening: &str) = "league-game-opening";
    /// Every game of the league starts after `opening` (`moves` numbered).
    pub fn league_theme_opening(l, opening: &str, moves: &str) = "league-theme-opening";
    /// Every game starts from `fen`; `custom` 1: games never rated.
    pub fn league_theme_fen(l, fen: &str, custom: i64) = "league-theme-fen";
    /// No opening line has that code or name.
    pub fn league_opening_unknown(l, query: &str) = "league-opening-unknown";
    /// Several lines answer; `candidates` a few of them.
    pub fn league_opening_ambiguous(l, query: &str, candidates: &str) = "league-opening-ambiguous";
    /// `opening:` and `fen:` together.
    pub fn league_opening_and_fen(l) = "league-opening-and-fen";
    /// `opening:` in a Chess960 event.
    pub fn league_opening_chess960(l) = "league-opening-chess960";
    /// The head of the standings: `count` of `games` games finished.
    /// Standings asked for before the league starts: who signed up.
    pub fn league_not_started(l, name: &str, id: i64, players: &str, count: i64) = "league-not-started";
    pub fn league_standings_title(l, name: &str, id: i64, count: i64, games: i64) = "league-standings-title";
    /// One row of the standings as text.
    pub fn league_standings_row(l, rank: &str, player: &str, points: &str, one: bool, played: &str, left: &str, tiebreak: &str) = "league-standings-row";
    /// The title of the standings picture.
    pub fn league_standings_picture_title(l, name: &str) = "league-standings-picture-title";
    /// The final standings picture's title, naming the winner(s).
    pub fn league_standings_picture_final(l, name: &str, winners: &str) = "league-standings-picture-final";
    /// Under a round robin's standings picture: what its `SB` column is.
    pub fn league_standings_note(l) = "league-standings-note";
    /// Under a Swiss's standings picture: a tie-break column's short
    /// title and what it is.
    pub fn swiss_tiebreak_legend(l, code: &str) = "swiss-tiebreak-legend";
    /// The column titles of the standings picture, separated by `|`: rank,
    /// player, points, played, left, tie-break.
    pub fn league_standings_header(l) = "league-standings-header";
    /// The league was cancelled.
    pub fn league_cancelled(l, name: &str, by: &str) = "league-cancelled";
    /// A player withdrew after playing half their games: the rest are lost.
    pub fn league_withdrew_forfeit(l, player: &str, name: &str) = "league-withdrew-forfeit";
    /// A player withdrew before half their games: all of them are struck.
    pub fn league_withdrew_annulled(l, player: &str, name: &str) = "league-withdrew-annulled";
    /// The league's last game ended: the winner (or winners, sharing first).
    pub fn league_over(l, name: &str, winner: &str) = "league-over";
    /// `abort` in a league game.
    pub fn league_no_abort(l) = "league-no-abort";
    /// Only the creator and moderators manage a league.
    pub fn league_not_manager(l, creator: &str) = "league-not-manager";
    /// The league has started (or ended): joining and leaving are over.
    pub fn league_already_started(l, name: &str) = "league-already-started";
    /// A Swiss was created; `rounds` 0 means decided at the start.
    pub fn swiss_created(l, name: &str, id: i64, by: &str, days: i64, rounds: i64, max: i64) = "swiss-created";
    /// Fewer than four players: the Swiss cannot start.
    pub fn swiss_too_few(l, name: &str, count: i64) = "swiss-too-few";
    /// The Swiss started with `n` players over `rounds` rounds.
    pub fn swiss_started(l, name: &str, id: i64, n: i64, rounds: i64) = "swiss-started";
    /// The head of a round's pairings.
    pub fn swiss_round(l, name: &str, round: i64, rounds: i64) = "swiss-round";
    /// One pairing line of a round: board `board`.
    pub fn swiss_pairing(l, board: i64, white: &str, black: &str) = "swiss-pairing";
    /// The pairing-allocated bye of a round.
    pub fn swiss_bye(l, player: &str) = "swiss-bye";
    /// A late entry joined, with zero-point byes for the `missed` rounds.
    pub fn swiss_late_joined(l, player: &str, name: &str, missed: i64) = "swiss-late-joined";
    /// A late entry after the last round was paired.
    pub fn swiss_too_late(l, name: &str) = "swiss-too-late";
    /// A player withdrew: out of the next pairings, the running game lost.
    pub fn swiss_withdrew(l, player: &str, name: &str) = "swiss-withdrew";
    /// No pairing of the next round keeps the rules: the Swiss ends early.
    pub fn swiss_no_pairing(l, name: &str, round: i64) = "swiss-no-pairing";
    /// One row of a Swiss's standings as text.
    pub fn swiss_standings_row(l, rank: &str, player: &str, points: &str, one: bool, tiebreaks: &str) = "swiss-standings-row";
    /// A tie-break's name by its code (`bh1`, `bh`, `sb`, `de`, `wins`).
    pub fn swiss_tiebreak(l, code: &str) = "swiss-tiebreak";
    /// A tie-break's column title by its code.
    pub fn swiss_tiebreak_short(l, code: &str) = "swiss-tiebreak-short";
    /// The creator's tie-break order, in words.
    pub fn swiss_tiebreak_order(l, order: &str) = "swiss-tiebreak-order";
    /// A name that is no tie-break.
    pub fn swiss_tiebreak_unknown(l, name: &str) = "swiss-tiebreak-unknown";
    /// A tie-break order given to a round robin.
    pub fn swiss_tiebreaks_swiss_only(l) = "swiss-tiebreaks-swiss-only";
    /// The first column titles of a Swiss's standings picture, separated
    /// by `|` (the tie-breaks' follow).
    pub fn swiss_standings_header(l) = "swiss-standings-header";
    /// The tournament report is attached.
    pub fn swiss_export(l, name: &str, id: i64) = "swiss-export";
    /// Only a Swiss has a tournament report.
    pub fn swiss_export_only(l, name: &str) = "swiss-export-only";
}

// Plurals through the catalog's selectors.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Locale;

    #[test]
    fn player_and_game_counts_take_each_languages_plural() {
        let started = |l, n, games| league_started(l, "Spring", 1, n, games);
        assert!(started(Locale::En, 3, 3).contains("3 players, 3 games"));
        assert!(started(Locale::Ru, 3, 3).contains("3 игрока, 3 партии"));
        assert!(started(Locale::Ru, 5, 20).contains("5 игроков, 20 партий"));
        assert!(started(Locale::Ru, 21, 21).contains("21 игрок, 21 партия"));
        assert!(started(Locale::Ro, 3, 3).contains("3 jucători, 3 partide"));
        assert!(started(Locale::Ro, 16, 240).contains("16 jucători, 240 de partide"));
        assert!(started(Locale::Th, 3, 3).contains("ผู้เล่น 3 คน 3 เกม"));
        let title = |l, count, games| league_standings_title(l, "Spring", 1, count, games);
        assert!(title(Locale::En, 0, 3).contains("0 of 3 games finished"));
        assert!(title(Locale::Ru, 2, 21).contains("из 21 партии"));
        assert!(title(Locale::Ru, 2, 6).contains("из 6 партий"));
        assert!(title(Locale::Ro, 2, 20).contains("din 20 de partide"));
    }
}
