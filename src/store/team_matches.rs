//! Team matches between communities in the database: the match (created
//! with a single-use code, accepted by the other side), the players each
//! side signed up, the games of its boards (held without a clock at a
//! placeholder until the adapter opens both places, as league games are),
//! and the two places of a game between people (`game_side_place`).

use super::backend::{Query, query, query_as};
use super::community::CommunityScope;
use super::{ChannelKey, NewGame, Store, StoreResult};

/// A match waiting for its code to be given.
pub const MATCH_OPEN: &str = "open";
/// Accepted: both sides sign players up.
pub const MATCH_SIGNUP: &str = "signup";
/// Its boards are being played.
pub const MATCH_RUNNING: &str = "running";
/// Its last board ended.
pub const MATCH_FINISHED: &str = "finished";

const MATCH_COLUMNS: &str = "id, platform, guild, channel, name, creator_id, code, \
     other_guild, other_channel, other_name, boards, days, rounds, state, created_at";

/// A `team_match` row.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TeamMatchRow {
    pub id: i64,
    pub platform: String,
    pub guild: String,
    pub channel: String,
    pub name: String,
    pub creator_id: String,
    pub code: String,
    pub other_guild: Option<String>,
    pub other_channel: Option<String>,
    pub other_name: Option<String>,
    pub boards: i64,
    pub days: i64,
    pub rounds: i64,
    pub state: String,
    pub created_at: i64,
}

/// A match to create.
#[derive(Clone, Debug)]
pub struct NewTeamMatch {
    pub platform: String,
    pub guild: String,
    pub channel: String,
    pub name: String,
    pub creator_id: String,
    pub code: String,
    pub boards: i64,
    pub days: i64,
    pub rounds: i64,
    pub created_at: i64,
}

/// A player a side signed up.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TeamMatchPlayerRow {
    pub player_id: String,
    pub player_name: String,
    /// 0: the creating side; 1: the accepting side.
    pub side: i64,
    pub joined_at: i64,
}

/// A game of a started match with its players and state.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TeamMatchGameRow {
    pub game_id: i64,
    pub number: i64,
    pub board: i64,
    pub round: i64,
    pub white_id: String,
    pub white_name: String,
    pub black_id: String,
    pub black_name: String,
    pub status: String,
    pub result: Option<String>,
    pub guild: String,
    /// Where the game row is (its placeholder while held).
    pub channel: String,
    pub deadline_at: Option<i64>,
    pub bind_failures: i64,
}

/// A game's place for one side.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GamePlaceRow {
    pub game_id: i64,
    /// `white` or `black`.
    pub side: String,
    pub platform: String,
    pub guild: String,
    pub channel: String,
}

/// A started match's game to insert: its number, board, round and game.
#[derive(Clone, Debug)]
pub struct NewMatchGame {
    pub number: i64,
    pub board: i64,
    pub round: i64,
    pub game: NewGame,
    /// Both places when the game starts in them at once (white's first),
    /// none when it waits for the adapter.
    pub places: Option<[ChannelKey; 2]>,
}

impl Store {
    /// Records a new match; false when its code is taken already.
    ///
    /// # Errors
    /// Database failures.
    pub async fn insert_team_match(&self, m: &NewTeamMatch) -> StoreResult<Option<i64>> {
        let row: Option<(i64,)> = query_as(
            "insert into team_match (platform, guild, channel, name, creator_id, code, boards, \
             days, rounds, state, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?) \
             on conflict (code) do nothing returning id",
        )
        .bind(&m.platform)
        .bind(&m.guild)
        .bind(&m.channel)
        .bind(&m.name)
        .bind(&m.creator_id)
        .bind(&m.code)
        .bind(m.boards)
        .bind(m.days)
        .bind(m.rounds)
        .bind(m.created_at)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.0))
    }

    /// Match `id`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_match(&self, id: i64) -> StoreResult<Option<TeamMatchRow>> {
        let sql = format!("select {MATCH_COLUMNS} from team_match where id = ?");
        Ok(query_as(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The open match whose code is `code`, made after `since`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn open_team_match_by_code(
        &self,
        code: &str,
        since: i64,
    ) -> StoreResult<Option<TeamMatchRow>> {
        let sql = format!(
            "select {MATCH_COLUMNS} from team_match where code = ? and state = 'open' \
             and created_at > ?"
        );
        Ok(query_as(sqlx::AssertSqlSafe(sql))
            .bind(code)
            .bind(since)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The latest match a channel takes part in (as either side) that is
    /// open (made after `since`), signing up or running.
    ///
    /// # Errors
    /// Database failures.
    pub async fn live_team_match_in(
        &self,
        platform: &str,
        channel: &str,
        since: i64,
    ) -> StoreResult<Option<TeamMatchRow>> {
        let sql = format!(
            "select {MATCH_COLUMNS} from team_match where platform = ? \
             and (channel = ? or other_channel = ?) \
             and (state in ('signup', 'running') or (state = 'open' and created_at > ?)) \
             order by id desc limit 1"
        );
        Ok(query_as(sqlx::AssertSqlSafe(sql))
            .bind(platform)
            .bind(channel)
            .bind(channel)
            .bind(since)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// How many matches a community takes part in (as either side) that
    /// are open (made after `since`), signing up or running.
    ///
    /// # Errors
    /// Database failures.
    pub async fn live_team_matches_of(
        &self,
        scope: &CommunityScope,
        since: i64,
    ) -> StoreResult<i64> {
        let row: (i64,) = query_as(
            "select count(*) from team_match where platform = ? \
             and (((? = '' or guild = ?) and (? = '' or channel = ?)) \
              or ((? = '' or other_guild = ?) and (? = '' or other_channel = ?))) \
             and (state in ('signup', 'running') or (state = 'open' and created_at > ?))",
        )
        .bind(&scope.platform)
        .bind(&scope.guild)
        .bind(&scope.guild)
        .bind(&scope.channel)
        .bind(&scope.channel)
        .bind(&scope.guild)
        .bind(&scope.guild)
        .bind(&scope.channel)
        .bind(&scope.channel)
        .bind(since)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.0)
    }

    /// The other side accepts open match `id` in `channel`: true for
    /// exactly one caller.
    ///
    /// # Errors
    /// Database failures.
    pub async fn accept_team_match(
        &self,
        id: i64,
        guild: &str,
        channel: &str,
        name: &str,
        now: i64,
    ) -> StoreResult<bool> {
        let done = query(
            "update team_match set state = 'signup', other_guild = ?, other_channel = ?, \
             other_name = ?, accepted_at = ? where id = ? and state = 'open'",
        )
        .bind(guild)
        .bind(channel)
        .bind(name)
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Signs `player` up for `side` of match `id`; the side they are on
    /// (their earlier one when they signed up already).
    ///
    /// # Errors
    /// Database failures.
    pub async fn join_team_match(
        &self,
        id: i64,
        player_id: &str,
        player_name: &str,
        side: i64,
        now: i64,
    ) -> StoreResult<(i64, bool)> {
        let done = query(
            "insert into team_match_player (match_id, player_id, player_name, side, joined_at) \
             values (?, ?, ?, ?, ?) on conflict (match_id, player_id) do nothing",
        )
        .bind(id)
        .bind(player_id)
        .bind(player_name)
        .bind(side)
        .bind(now)
        .execute(&self.pool)
        .await?;
        let row: (i64,) =
            query_as("select side from team_match_player where match_id = ? and player_id = ?")
                .bind(id)
                .bind(player_id)
                .fetch_one(&self.pool)
                .await?;
        Ok((row.0, done.rows_affected() == 1))
    }

    /// Takes `player` off `side` of match `id` before its start; whether
    /// they were on it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn leave_team_match(&self, id: i64, player_id: &str, side: i64) -> StoreResult<bool> {
        let done = query(
            "delete from team_match_player where match_id = ? and player_id = ? and side = ? \
             and exists (select 1 from team_match m where m.id = ? and m.state = 'signup')",
        )
        .bind(id)
        .bind(player_id)
        .bind(side)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The players of match `id`, in the order they signed up.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_match_players(&self, id: i64) -> StoreResult<Vec<TeamMatchPlayerRow>> {
        Ok(query_as(
            "select player_id, player_name, side, joined_at from team_match_player \
             where match_id = ? order by joined_at, player_id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Starts match `id` (still signing up) with its games, in one
    /// transaction; a game given both places starts there with its clock.
    /// `Stale` when the match started (or ended) meanwhile; `Busy` when a
    /// place is taken.
    ///
    /// # Errors
    /// Database failures; `Stale`, `Busy` as above.
    pub async fn start_team_match(
        &self,
        id: i64,
        now: i64,
        games: &[NewMatchGame],
    ) -> StoreResult<Vec<i64>> {
        self.start_with_games(
            "update team_match set state = 'running', started_at = ? \
             where id = ? and state = 'signup'",
            id,
            now,
            games,
            |g| (&g.game, g.places.is_some()),
            |g, game_id| {
                let mut rows = vec![
                    query(
                        "insert into team_match_game (game_id, match_id, number, board, round) \
                         values (?, ?, ?, ?, ?)",
                    )
                    .bind(game_id)
                    .bind(id)
                    .bind(g.number)
                    .bind(g.board)
                    .bind(g.round),
                ];
                if let Some([white, black]) = &g.places {
                    rows.extend(side_place_rows(game_id, [white, black]));
                }
                rows
            },
        )
        .await
    }

    /// The games of match `id`, by number.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_match_games(&self, id: i64) -> StoreResult<Vec<TeamMatchGameRow>> {
        Ok(query_as(
            "select mg.game_id, mg.number, mg.board, mg.round, g.white_id, g.white_name, \
             g.black_id, g.black_name, g.status, g.result, g.guild, g.channel, g.deadline_at, \
             mg.bind_failures \
             from team_match_game mg join game g on g.id = mg.game_id \
             where mg.match_id = ? order by mg.number",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Ends match `id` if it is running: true for exactly one caller.
    ///
    /// # Errors
    /// Database failures.
    pub async fn finish_team_match(&self, id: i64, now: i64) -> StoreResult<bool> {
        let done = query(
            "update team_match set state = 'finished', ended_at = ? \
             where id = ? and state = 'running'",
        )
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The two places of game `game_id` (none for a game in one place),
    /// white's first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_places(&self, game_id: i64) -> StoreResult<Vec<GamePlaceRow>> {
        Ok(query_as(
            "select game_id, side, platform, guild, channel from game_side_place \
             where game_id = ? order by side desc",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The running game played in `channel` as one of its two places,
    /// with the side played there.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_game_place(
        &self,
        platform: &str,
        channel: &str,
    ) -> StoreResult<Option<GamePlaceRow>> {
        Ok(query_as(
            "select p.game_id, p.side, p.platform, p.guild, p.channel from game_side_place p \
             join game g on g.id = p.game_id \
             where p.platform = ? and p.channel = ? and g.status = 'active' \
             order by p.game_id desc limit 1",
        )
        .bind(platform)
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The side a place shows at the bottom because it is one of a
    /// game's two places (its latest such game).
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_place_view(
        &self,
        platform: &str,
        channel: &str,
    ) -> StoreResult<Option<String>> {
        let row: Option<(String,)> = query_as(
            "select side from game_side_place where platform = ? and channel = ? \
             order by game_id desc limit 1",
        )
        .bind(platform)
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.0))
    }
}

/// The rows recording `places` as game `game_id`'s two places, white's
/// first.
pub(super) fn side_place_rows(game_id: i64, places: [&ChannelKey; 2]) -> [Query; 2] {
    let [white, black] = places;
    [("white", white), ("black", black)].map(|(side, p)| {
        query(
            "insert into game_side_place (game_id, side, platform, guild, channel) \
             values (?, ?, ?, ?, ?)",
        )
        .bind(game_id)
        .bind(side)
        .bind(&p.platform)
        .bind(&p.guild)
        .bind(&p.channel)
    })
}
