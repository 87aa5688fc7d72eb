//! Catalog messages of team play (vote chess): team challenges, votes and
//! their tally, the close of a vote, named members, and the refusals of
//! team games. Names are untrusted text, inserted as plain text.

use crate::service::messages::declare::messages;

messages! {
    /// A team challenged another channel (posted in the challenging one).
    pub fn team_challenge_posted(l, challenger: &str, opponent: &str) = "team-challenge-posted";
    /// The same challenge as the challenged channel sees it.
    pub fn team_challenge_received(l, challenger: &str, opponent: &str) = "team-challenge-received";
    /// The private answer to a vote.
    pub fn team_vote(l, san: &str, voted: i64, members: i64) = "team-vote";
    /// A team's vote closed and its move is played; `tally` lists the votes.
    pub fn team_vote_closed(l, team: &str, san: &str, tally: &str) = "team-vote-closed";
    /// The standing votes of the team's turn.
    pub fn team_votes(l, team: &str, tally: &str, voted: i64, members: i64) = "team-votes";
    /// No vote yet in the team's turn.
    pub fn team_votes_none(l, team: &str) = "team-votes-none";
    /// `team votes` while the other side is to move.
    pub fn team_votes_waiting(l, team: &str) = "team-votes-waiting";
    /// A user who votes for the other side of the game.
    pub fn team_other_side(l, team: &str, id: i64) = "team-other-side";
    /// Draw offers, resignation, takebacks, claims and more time in a team game.
    pub fn team_not_for_teams(l) = "team-not-for-teams";
    /// `team close` or `team members add` by someone who is not a moderator.
    pub fn team_moderators_only(l) = "team-moderators-only";
    /// The community's cap on team games and challenges.
    pub fn team_limit(l, max: i64) = "team-limit";
    /// A channel challenging itself.
    pub fn team_own_channel(l) = "team-own-channel";
    /// The code of a challenge to another community, `days` valid.
    pub fn team_code_posted(l, team: &str, code: &str, days: i64) = "team-code-posted";
    /// No code could be made now.
    pub fn team_code_unavailable(l) = "team-code-unavailable";
    /// A code given by someone who is not a moderator.
    pub fn team_code_moderators(l) = "team-code-moderators";
    /// A code unknown, used or expired.
    pub fn team_code_unknown(l) = "team-code-unknown";
    /// A code made on another platform.
    pub fn team_code_other_platform(l) = "team-code-other-platform";
    /// No team game in this channel.
    pub fn team_no_game(l) = "team-no-game";
    /// No team challenge for this channel to accept.
    pub fn team_no_challenge(l) = "team-no-challenge";
    /// The named members of a team.
    pub fn team_members(l, team: &str, list: &str) = "team-members";
    /// A team without named members.
    pub fn team_members_none(l, team: &str) = "team-members-none";
    /// A channel busy with a game or a challenge.
    pub fn team_busy(l, team: &str) = "team-busy";
    /// A team's vote closed on a motion that passed (`motion` as named below).
    pub fn team_vote_closed_motion(l, team: &str, motion: &str, tally: &str) = "team-vote-closed-motion";
    /// The private answer to a vote for a motion: `support` of `voters`.
    pub fn team_motion_vote(l, motion: &str, support: i64, voters: i64) = "team-motion-vote";
    /// A motion out of its turn.
    pub fn team_motion_not_now(l) = "team-motion-not-now";
    /// The motion to offer or accept a draw, as a vote names it.
    pub fn team_motion_draw(l) = "team-motion-draw";
    /// The motion to resign.
    pub fn team_motion_resign(l) = "team-motion-resign";
    /// The motion to ask for or accept a takeback.
    pub fn team_motion_takeback(l) = "team-motion-takeback";
    /// A summary's line naming a team's voters (`list` of `team_voter`).
    pub fn team_summary_voters(l, team: &str, list: &str) = "team-summary-voters";
    /// One voter: `played` of their `voted` choices were played.
    pub fn team_voter(l, name: &str, played: i64, voted: i64) = "team-voter";
    /// `team close` with no vote to close.
    pub fn team_nothing_to_close(l) = "team-nothing-to-close";
}
