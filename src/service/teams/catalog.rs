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
    /// Naming for a team someone who speaks for the other side of its game.
    pub fn team_member_of_other_side(l, name: &str, id: i64) = "team-member-of-other-side";
    /// The team lets only its named members vote.
    pub fn team_members_only_on(l, team: &str) = "team-members-only-on";
    /// A vote by someone the team did not name, where only named members vote.
    pub fn team_members_only_refused(l, team: &str) = "team-members-only-refused";
    /// `team challenge channel:` naming a channel of another community.
    pub fn team_channel_elsewhere(l) = "team-channel-elsewhere";
    /// Team play asked for in a direct message.
    pub fn team_not_in_direct(l) = "team-not-in-direct";
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
    /// No team match involves this channel.
    pub fn match_none(l) = "match-none";
    /// The channel takes part in a match already.
    pub fn match_busy(l) = "match-busy";
    /// The community's cap on matches.
    pub fn match_limit(l, max: i64) = "match-limit";
    /// A match was created: its code for the other community.
    pub fn match_created(l, id: i64, team: &str, boards: i64, days: i64, code: &str, valid: i64) = "match-created";
    /// A match code unknown, used or expired.
    pub fn match_code_unknown(l) = "match-code-unknown";
    /// The other side accepted (posted in both channels).
    pub fn match_accepted(l, id: i64, creating: &str, accepting: &str, boards: i64) = "match-accepted";
    /// A player signed up for the other side already.
    pub fn match_other_side(l, team: &str) = "match-other-side";
    /// A player who signed up already.
    pub fn match_already_joined(l) = "match-already-joined";
    /// A player signed up (`count` on that side now).
    pub fn match_joined(l, name: &str, team: &str, count: i64) = "match-joined";
    /// `leave` by someone not signed up on this side.
    pub fn match_not_member(l) = "match-not-member";
    /// A player left a side before the start.
    pub fn match_left(l, name: &str, team: &str) = "match-left";
    /// Signing up before the other community accepted.
    pub fn match_not_accepted(l) = "match-not-accepted";
    /// Signing up or starting once the match has started.
    pub fn match_started(l, id: i64) = "match-already-started";
    /// A start with a side that has nobody signed up.
    pub fn match_too_few(l) = "match-too-few";
    /// The start, before the pairings (posted in both channels).
    pub fn match_started_head(l, id: i64, creating: &str, accepting: &str, boards: i64) = "match-started";
    /// One pairing of the start.
    pub fn match_pairing(l, board: i64, round: i64, white: &str, black: &str) = "match-pairing";
    /// A board game's start in a player's place.
    pub fn match_game_started(l, board: i64, round: i64, id: i64, white: &str, black: &str, deadline: &str) = "match-game-started";
    /// A board game whose places could not be opened.
    pub fn match_no_place(l, game: i64, white: &str, black: &str) = "match-no-place";
    /// A board in the standings.
    pub fn match_board(l, board: i64) = "match-board";
    /// A board's game of a two-round match in the standings.
    pub fn match_board_round(l, board: i64, round: i64) = "match-board-round";
    /// A game that ended without a result.
    pub fn match_no_result(l) = "match-no-result";
    /// A game still running.
    pub fn match_playing(l) = "match-playing";
    /// The standings' first line.
    pub fn match_standings_title(l, id: i64, creating: &str, creating_points: &str, accepting_points: &str, accepting: &str, done: i64, games: i64) = "match-standings-title";
    /// One game in the standings.
    pub fn match_standings_row(l, board: &str, players: &str, state: &str) = "match-standings-row";
    /// The picture's column titles, `|`-separated.
    pub fn match_standings_header(l) = "match-standings-header";
    /// The final standings' head: the winning side.
    pub fn match_over(l, id: i64, winner: &str, creating_points: &str, accepting_points: &str) = "match-over";
    /// The final standings' head: a tie.
    pub fn match_over_tie(l, id: i64, creating_points: &str, accepting_points: &str) = "match-over-tie";
    /// Who signed up so far.
    pub fn match_signups(l, id: i64, creating: &str, creating_players: &str, accepting: &str, accepting_players: &str) = "match-signups";
    /// `abort` in a match game.
    pub fn match_no_abort(l) = "match-no-abort";
}
