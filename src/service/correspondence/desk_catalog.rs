//! Catalog messages of the desk: the next game after a move and the daily
//! digest.

use crate::service::messages::declare::messages;

messages! {
    /// One game waiting for a player's move: number, place, players and
    /// deadline.
    pub fn desk_game_line(l, id: i64, place as "where": &str, white: &str, black: &str, until: &str) = "desk-game-line";
    /// To the mover, privately: the next game waiting for them.
    pub fn desk_next_game(l, game: &str) = "desk-next-game";
    /// The label of the button that opens the next game's channel.
    pub fn desk_next_button(l, id: i64) = "desk-next-button";
    /// `notify digest:H`: when the digest comes, in which zone, the next one.
    pub fn desk_digest_on(l, hour: &str, zone: &str, next: &str) = "desk-digest-on";
    /// `notify digest:off` ended the digest.
    pub fn desk_digest_off(l) = "desk-digest-off";
    /// `notify digest:off` without a digest.
    pub fn desk_digest_none(l) = "desk-digest-none";
    /// The first line of a digest: how many games wait.
    pub fn desk_digest_heading(l, count: i64) = "desk-digest-heading";
}
