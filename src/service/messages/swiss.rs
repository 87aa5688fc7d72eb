//! Catalog messages of Swiss tournaments: creating one, its rounds and
//! byes, late entries and withdrawals, its standings with tie-breaks and
//! its tournament report. Names are untrusted text, inserted as plain text.

messages! {
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
    pub fn swiss_standings_row(l, rank: &str, player: &str, points: &str, tiebreaks: &str) = "swiss-standings-row";
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
