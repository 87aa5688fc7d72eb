//! Team play in the database: a team's challenge of another channel, where
//! each team of a game plays (`team_side`), which side each voter holds,
//! the votes of each turn (moves, and the motions `draw`, `resign`,
//! `takeback`), and the members a channel's moderators named.

use super::backend::{query, query_as};
use super::community::CommunityScope;
use super::outbox::Outbox;
use super::{Store, StoreResult};

/// Outbox kind of a team's move played when its vote closed at the
/// deadline. Nothing is composed again from it after a crash: the move
/// stands and the next board shows it.
pub const ANNOUNCE_TEAM_MOVE: &str = "team_move";

/// An open team challenge: the `challenge` row's id and place, and the
/// challenged channel.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TeamChallengeRow {
    pub challenge_id: i64,
    pub platform: String,
    pub guild: String,
    pub channel: String,
    pub opponent_channel: String,
    pub opponent_name: String,
    pub challenger_name: String,
}

/// Where a team of a game plays.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TeamSideRow {
    pub game_id: i64,
    /// `white` or `black`.
    pub side: String,
    pub platform: String,
    pub guild: String,
    pub channel: String,
}

/// One standing vote of a turn.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TeamVoteRow {
    pub voter_id: String,
    pub voter_name: String,
    pub uci: String,
    pub san: String,
    pub seq: i64,
}

/// A vote to record (see [`Store::put_team_vote`]).
#[derive(Clone, Debug)]
pub struct NewTeamVote<'a> {
    pub game_id: i64,
    pub ply: i64,
    pub side: &'a str,
    pub voter_id: &'a str,
    pub voter_name: &'a str,
    pub uci: &'a str,
    pub san: &'a str,
}

impl Store {
    /// Records that challenge `challenge_id` (in `channel`) is a team's
    /// challenge of `opponent_channel`.
    ///
    /// # Errors
    /// Database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn insert_team_challenge(
        &self,
        challenge_id: i64,
        platform: &str,
        guild: &str,
        channel: &str,
        opponent_channel: &str,
        opponent_name: &str,
        now: i64,
    ) -> StoreResult<()> {
        query(
            "insert into team_challenge (challenge_id, platform, guild, channel, \
             opponent_channel, opponent_name, created_at) values (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(challenge_id)
        .bind(platform)
        .bind(guild)
        .bind(channel)
        .bind(opponent_channel)
        .bind(opponent_name)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The open team challenges of `channel` (`opponent`: those it
    /// received, else those it made), newest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn open_team_challenges(
        &self,
        platform: &str,
        channel: &str,
        opponent: bool,
    ) -> StoreResult<Vec<TeamChallengeRow>> {
        let sql = if opponent {
            "select t.challenge_id, t.platform, t.guild, t.channel, t.opponent_channel, \
             t.opponent_name, c.challenger_name from team_challenge t \
             join challenge c on c.id = t.challenge_id \
             where t.platform = ? and t.opponent_channel = ? and c.status = 'open' \
             order by t.challenge_id desc"
        } else {
            "select t.challenge_id, t.platform, t.guild, t.channel, t.opponent_channel, \
             t.opponent_name, c.challenger_name from team_challenge t \
             join challenge c on c.id = t.challenge_id \
             where t.platform = ? and t.channel = ? and c.status = 'open' \
             order by t.challenge_id desc"
        };
        Ok(query_as(sql)
            .bind(platform)
            .bind(channel)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Team games running and team challenges open in a community
    /// (`platform`, `guild`): what its cap counts.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_games_in(&self, scope: &CommunityScope) -> StoreResult<i64> {
        let games: (i64,) = scope
            .bind(query_as(
                "select count(distinct s.game_id) from team_side s join game g on g.id = s.game_id \
                 where s.platform = ? and (? = '' or s.guild = ?) and (? = '' or s.channel = ?) \
                 and g.status = 'active'",
            ))
            .fetch_one(&self.pool)
            .await?;
        let open: (i64,) = scope
            .bind(query_as(
                "select count(*) from team_challenge t join challenge c on c.id = t.challenge_id \
                 where t.platform = ? and (? = '' or t.guild = ?) and (? = '' or t.channel = ?) \
                 and c.status = 'open'",
            ))
            .fetch_one(&self.pool)
            .await?;
        Ok(games.0 + open.0)
    }

    /// Records where the teams of game `game_id` play.
    ///
    /// # Errors
    /// Database failures.
    pub async fn insert_team_sides(&self, sides: &[TeamSideRow]) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        for s in sides {
            query(
                "insert into team_side (game_id, side, platform, guild, channel) \
                 values (?, ?, ?, ?, ?)",
            )
            .bind(s.game_id)
            .bind(&s.side)
            .bind(&s.platform)
            .bind(&s.guild)
            .bind(&s.channel)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The teams of game `game_id` (none for a game between people).
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_sides(&self, game_id: i64) -> StoreResult<Vec<TeamSideRow>> {
        Ok(query_as(
            "select game_id, side, platform, guild, channel from team_side \
             where game_id = ? order by side desc",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The running team game a channel plays in, with its side there.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_team_side(
        &self,
        platform: &str,
        channel: &str,
    ) -> StoreResult<Option<TeamSideRow>> {
        Ok(query_as(
            "select s.game_id, s.side, s.platform, s.guild, s.channel from team_side s \
             join game g on g.id = s.game_id \
             where s.platform = ? and s.channel = ? and g.status = 'active' \
             order by s.game_id desc limit 1",
        )
        .bind(platform)
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The side a channel's pictures show at the bottom because a team
    /// plays (or last played) there: that of its latest team game, unless a
    /// game between people started in the channel since.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_view(&self, platform: &str, channel: &str) -> StoreResult<Option<String>> {
        let row: Option<(String,)> = query_as(
            "select s.side from team_side s where s.platform = ? and s.channel = ? \
             and not exists (select 1 from game g where g.platform = s.platform \
             and g.channel = s.channel and g.id > s.game_id) \
             order by s.game_id desc limit 1",
        )
        .bind(platform)
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.0))
    }

    /// The side `voter_id` votes for in game `game_id`: `side` if this is
    /// their first vote there, else the side of their first vote.
    ///
    /// # Errors
    /// Database failures.
    pub async fn claim_team_voter(
        &self,
        game_id: i64,
        voter_id: &str,
        side: &str,
    ) -> StoreResult<String> {
        query(
            "insert into team_voter (game_id, voter_id, side) values (?, ?, ?) \
             on conflict (game_id, voter_id) do nothing",
        )
        .bind(game_id)
        .bind(voter_id)
        .bind(side)
        .execute(&self.pool)
        .await?;
        let row: (String,) =
            query_as("select side from team_voter where game_id = ? and voter_id = ?")
                .bind(game_id)
                .bind(voter_id)
                .fetch_one(&self.pool)
                .await?;
        Ok(row.0)
    }

    /// How many people voted for `side` in game `game_id` so far.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_voter_count(&self, game_id: i64, side: &str) -> StoreResult<i64> {
        let row: (i64,) =
            query_as("select count(*) from team_voter where game_id = ? and side = ?")
                .bind(game_id)
                .bind(side)
                .fetch_one(&self.pool)
                .await?;
        Ok(row.0)
    }

    /// Records a vote, or changes the voter's vote of that turn (a changed
    /// vote counts from now for the tie rule).
    ///
    /// # Errors
    /// Database failures.
    pub async fn put_team_vote(&self, v: &NewTeamVote<'_>) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        let next: (i64,) =
            query_as("select coalesce(max(seq), 0) + 1 from team_vote where game_id = ?")
                .bind(v.game_id)
                .fetch_one(&mut *tx)
                .await?;
        query(
            "insert into team_vote (game_id, ply, side, voter_id, voter_name, uci, san, seq) \
             values (?, ?, ?, ?, ?, ?, ?, ?) on conflict (game_id, ply, voter_id) do update \
             set uci = excluded.uci, san = excluded.san, seq = excluded.seq, \
             voter_name = excluded.voter_name",
        )
        .bind(v.game_id)
        .bind(v.ply)
        .bind(v.side)
        .bind(v.voter_id)
        .bind(v.voter_name)
        .bind(v.uci)
        .bind(v.san)
        .bind(next.0)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The standing votes of turn `ply` of game `game_id`, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_votes(&self, game_id: i64, ply: i64) -> StoreResult<Vec<TeamVoteRow>> {
        Ok(query_as(
            "select voter_id, voter_name, uci, san, seq from team_vote \
             where game_id = ? and ply = ? order by seq",
        )
        .bind(game_id)
        .bind(ply)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Records `voter_id`'s support for motion `kind` (`draw`, `resign`,
    /// `takeback`) in turn `ply` of game `game_id` (once per turn).
    ///
    /// # Errors
    /// Database failures.
    pub async fn put_team_motion(
        &self,
        game_id: i64,
        ply: i64,
        side: &str,
        voter_id: &str,
        kind: &str,
    ) -> StoreResult<()> {
        query(
            "insert into team_motion (game_id, ply, side, voter_id, kind) values (?, ?, ?, ?, ?) \
             on conflict (game_id, ply, voter_id, kind) do nothing",
        )
        .bind(game_id)
        .bind(ply)
        .bind(side)
        .bind(voter_id)
        .bind(kind)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The motions of turn `ply` of game `game_id`: (voter id, kind, side).
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_motions(
        &self,
        game_id: i64,
        ply: i64,
    ) -> StoreResult<Vec<(String, String, String)>> {
        Ok(query_as(
            "select voter_id, kind, side from team_motion where game_id = ? and ply = ? \
             order by voter_id, kind",
        )
        .bind(game_id)
        .bind(ply)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Forgets the votes and motions of turns `from_ply` on of game
    /// `game_id`: a takeback undid those turns, and a turn played again is
    /// voted afresh.
    ///
    /// # Errors
    /// Database failures.
    pub async fn clear_team_turns(&self, game_id: i64, from_ply: i64) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        for sql in [
            "delete from team_vote where game_id = ? and ply >= ?",
            "delete from team_motion where game_id = ? and ply >= ?",
        ] {
            query(sql)
                .bind(game_id)
                .bind(from_ply)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Every standing vote of game `game_id`: (ply, side, voter id, voter
    /// name, UCI), by ply and order of voting.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_game_votes(
        &self,
        game_id: i64,
    ) -> StoreResult<Vec<(i64, String, String, String, String)>> {
        Ok(query_as(
            "select ply, side, voter_id, voter_name, uci from team_vote \
             where game_id = ? order by ply, seq",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The members a channel's moderators named: (id, name), by name.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_members(
        &self,
        platform: &str,
        channel: &str,
    ) -> StoreResult<Vec<(String, String)>> {
        Ok(query_as(
            "select user_id, user_name from team_member where platform = ? and channel = ? \
             order by user_name, user_id",
        )
        .bind(platform)
        .bind(channel)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Names (or renames) a member of a channel's team.
    ///
    /// # Errors
    /// Database failures.
    pub async fn add_team_member(
        &self,
        platform: &str,
        channel: &str,
        user_id: &str,
        user_name: &str,
    ) -> StoreResult<()> {
        query(
            "insert into team_member (platform, channel, user_id, user_name) values (?, ?, ?, ?) \
             on conflict (platform, channel, user_id) do update set user_name = excluded.user_name",
        )
        .bind(platform)
        .bind(channel)
        .bind(user_id)
        .bind(user_name)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Removes a named member; whether there was one.
    ///
    /// # Errors
    /// Database failures.
    pub async fn remove_team_member(
        &self,
        platform: &str,
        channel: &str,
        user_id: &str,
    ) -> StoreResult<bool> {
        let done =
            query("delete from team_member where platform = ? and channel = ? and user_id = ?")
                .bind(platform)
                .bind(channel)
                .bind(user_id)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Claims the deadline `deadline` of turn `ply` of team game `game_id`
    /// for closing its vote: moves it to `until` (a little after now), since a
    /// move is refused once its deadline has passed. True for exactly one
    /// caller.
    ///
    /// # Errors
    /// Database failures.
    pub async fn claim_team_deadline(
        &self,
        game_id: i64,
        ply: i64,
        deadline: i64,
        until: i64,
    ) -> StoreResult<bool> {
        let done = query(
            "update game set deadline_at = ? \
             where id = ? and status = 'active' and ply = ? and deadline_at = ?",
        )
        .bind(until)
        .bind(game_id)
        .bind(ply)
        .bind(deadline)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Records the announcement of a team's move played at its deadline,
    /// leased until `lease_until`; its id.
    ///
    /// # Errors
    /// Database failures.
    pub async fn record_team_move(
        &self,
        game_id: i64,
        ply: i64,
        now: i64,
        lease_until: i64,
    ) -> StoreResult<i64> {
        let mut tx = self.pool.begin().await?;
        let id = Outbox::Games
            .record(
                &mut tx,
                game_id,
                Some((ANNOUNCE_TEAM_MOVE, ply)),
                now,
                lease_until,
            )
            .await?;
        tx.commit().await?;
        Ok(id)
    }
}
