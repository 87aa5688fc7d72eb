//! Catalog messages of games against the computer: the start, refusals
//! when there is no engine, a move the engine owes, draw offers it declines.

messages! {
    /// A game against the computer started. `engine_first`: the computer
    /// moves at once (its move follows), else `to_move` (the human) is to move
    /// by `until`.
    pub fn computer_started(l, id: i64, white: &str, black: &str, engine_first: bool, to_move: &str, until: &str) = "computer-started";
    /// A level that is not 1-8.
    pub fn bad_level(l, given: &str) = "bad-level";
    /// `computer` without an engine installed: how to install it.
    pub fn engine_unavailable(l) = "engine-unavailable";
    /// The engine could not answer in a running game (a move it owes, a draw
    /// offer): nothing is lost; a move it owes waits and is tried again with
    /// the next command in the channel.
    pub fn engine_no_answer(l) = "engine-no-answer";
    /// The computer (`by`) declines a draw offer.
    pub fn computer_draw_declined(l, by: &str) = "computer-draw-declined";
    /// `computer fen:` from a position standing in one of the caller's
    /// running games against a person.
    pub fn engine_oracle_refused(l) = "engine-oracle-refused";
}
