//! Catalog messages of team play (vote chess): team challenges, votes and
//! their tally, the close of a vote, named members, and the refusals of
//! team games. Names are untrusted text, inserted as plain text.

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
    /// `team challenge` without a channel or a level.
    pub fn team_need_opponent(l) = "team-need-opponent";
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
    /// `team close` with no vote to close.
    pub fn team_nothing_to_close(l) = "team-nothing-to-close";
}
