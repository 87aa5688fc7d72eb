//! Leagues in the database: creating one, its players joining and leaving,
//! the start (every game of the round robin inserted with the league's
//! state change, in one transaction), withdrawals, cancelling, the end, and
//! the rows the standings are computed from.
//!
//! Every change of a league's state is a guarded `update ... where state =
//! ?`: of two processes starting (or ending) the same league, exactly one
//! succeeds; the other gets [`StoreError::Stale`] or `false`.

use super::backend::{Tx, query, query_as};
use super::games::NewGame;
use super::{ChannelKey, Store, StoreError, StoreResult, map_unique};

/// How long a league or Swiss may stay open without starting: then it
/// closes itself, so an abandoned sign-up never holds a community's cap.
pub const LEAGUE_OPEN_MAX_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// A `league` row.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LeagueRow {
    pub id: i64,
    pub platform: String,
    pub guild: String,
    pub channel: String,
    pub name: String,
    pub creator_id: String,
    pub creator_name: String,
    pub days: i64,
    pub rounds: i64,
    pub max_players: i64,
    pub rated: i64,
    pub rules: String,
    pub starts_at: Option<i64>,
    pub state: String,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub ended_at: Option<i64>,
    /// `round_robin` or `swiss`.
    pub format: String,
    /// The time bank every game starts with (ms); null: days per move.
    pub bank_ms: Option<i64>,
    /// The increment of that bank (ms).
    pub increment_ms: Option<i64>,
    /// 0 when a vacation does not stop its games' clocks.
    pub vacation_stops: i64,
    /// The position every game starts from; null: the standard start (or
    /// Chess960's drawn positions).
    pub start_fen: Option<String>,
    /// The opening line `start_fen` came from, as shown.
    pub opening: Option<String>,
    /// A Swiss's tie-break order (comma-separated codes); null: default.
    pub tiebreaks: Option<String>,
}

/// A league to create.
#[derive(Clone, Debug)]
pub struct NewLeague {
    pub place: ChannelKey,
    pub name: String,
    pub creator_id: String,
    pub creator_name: String,
    pub days: i64,
    pub rounds: i64,
    pub max_players: i64,
    pub rated: bool,
    pub rules: String,
    pub starts_at: Option<i64>,
    pub created_at: i64,
    /// `round_robin` or `swiss`.
    pub format: String,
    /// Every game's time bank and increment; `None`: days per move.
    pub bank: Option<super::Bank>,
    /// Whether a vacation stops its games' clocks.
    pub vacation_stops: bool,
    /// Every game's start position, its opening line, the tie-break order.
    pub start_fen: Option<String>,
    pub opening: Option<String>,
    pub tiebreaks: Option<String>,
}

/// A `league_player` row.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct LeaguePlayerRow {
    pub player_id: String,
    pub player_name: String,
    pub seat: i64,
    /// `forfeit` or `annulled` after a withdrawal.
    pub withdrawal: Option<String>,
    /// The rating kept for a Swiss's initial order (0: none).
    pub rating: i64,
}

/// One game of a league with what the standings need of it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct LeagueGameRow {
    pub number: i64,
    pub game_id: i64,
    pub cycle: i64,
    pub annulled: i64,
    pub white_id: String,
    pub black_id: String,
    pub status: String,
    /// The game's result once finished (`*` when aborted).
    pub result: Option<String>,
    pub channel: String,
    /// Half-moves played (a game decided before both sides moved was
    /// never played: a forfeit).
    pub ply: i64,
    /// When the game was created (ms): for a Swiss, when its round was
    /// paired.
    pub created_at: i64,
}

/// League state names.
pub const LEAGUE_OPEN: &str = "open";
pub const LEAGUE_RUNNING: &str = "running";
pub const LEAGUE_FINISHED: &str = "finished";
pub const LEAGUE_CANCELLED: &str = "cancelled";

const LEAGUE_COLUMNS: &str = "id, platform, guild, channel, name, creator_id, creator_name, \
     days, rounds, max_players, rated, rules, starts_at, state, created_at, started_at, ended_at, \
     format, bank_ms, increment_ms, vacation_stops, start_fen, opening, tiebreaks";

pub(super) fn league_sql(tail: &str) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(format!("select {LEAGUE_COLUMNS} from league {tail}"))
}

impl Store {
    /// Creates an open league; returns its id.
    ///
    /// # Errors
    /// Database failures.
    pub async fn insert_league(&self, l: &NewLeague) -> StoreResult<i64> {
        let row: (i64,) = query_as(
            "insert into league (platform, guild, channel, name, creator_id, creator_name, \
             days, rounds, max_players, rated, rules, starts_at, state, created_at, format, \
             bank_ms, increment_ms, vacation_stops, start_fen, opening, tiebreaks) \
             values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?) \
             returning id",
        )
        .bind(&l.place.platform)
        .bind(&l.place.guild)
        .bind(&l.place.channel)
        .bind(&l.name)
        .bind(&l.creator_id)
        .bind(&l.creator_name)
        .bind(l.days)
        .bind(l.rounds)
        .bind(l.max_players)
        .bind(i64::from(l.rated))
        .bind(&l.rules)
        .bind(l.starts_at)
        .bind(l.created_at)
        .bind(&l.format)
        .bind(l.bank.map(|b| b.bank_ms))
        .bind(l.bank.map(|b| b.increment_ms))
        .bind(i64::from(l.vacation_stops))
        .bind(&l.start_fen)
        .bind(&l.opening)
        .bind(&l.tiebreaks)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.0)
    }

    /// The league by id.
    ///
    /// # Errors
    /// Database failures.
    pub async fn league(&self, id: i64) -> StoreResult<Option<LeagueRow>> {
        Ok(query_as(league_sql("where id = ?"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The leagues of a channel in the given states, newest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn channel_leagues(
        &self,
        place: &ChannelKey,
        states: &[&str],
    ) -> StoreResult<Vec<LeagueRow>> {
        let marks = vec!["?"; states.len().max(1)].join(", ");
        let mut q = query_as(league_sql(&format!(
            "where platform = ? and guild = ? and channel = ? and state in ({marks}) \
             order by id desc limit 20"
        )))
        .bind(&place.platform)
        .bind(&place.guild)
        .bind(&place.channel);
        if states.is_empty() {
            q = q.bind("");
        }
        for s in states {
            q = q.bind(*s);
        }
        Ok(q.fetch_all(&self.pool).await?)
    }

    /// Open leagues whose start time has come (at most `limit`).
    ///
    /// # Errors
    /// Database failures.
    pub async fn due_leagues(
        &self,
        platform: Option<&str>,
        now: i64,
        limit: i64,
    ) -> StoreResult<Vec<LeagueRow>> {
        Ok(query_as(league_sql(
            "where state = 'open' and starts_at <= ? and (? is null or platform = ?) \
             order by starts_at, id limit ?",
        ))
        .bind(now)
        .bind(platform)
        .bind(platform)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Open leagues created at or before `created_before` that never
    /// started (at most `limit`): they close themselves.
    ///
    /// # Errors
    /// Database failures.
    pub async fn stale_open_leagues(
        &self,
        platform: Option<&str>,
        created_before: i64,
        limit: i64,
    ) -> StoreResult<Vec<LeagueRow>> {
        Ok(query_as(league_sql(
            "where state = 'open' and created_at <= ? and (? is null or platform = ?) \
             order by created_at, id limit ?",
        ))
        .bind(created_before)
        .bind(platform)
        .bind(platform)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The earliest time an open league starts or closes unstarted (for
    /// the deadline task).
    ///
    /// # Errors
    /// Database failures.
    pub async fn next_league_start(&self, platform: Option<&str>) -> StoreResult<Option<i64>> {
        let row: (Option<i64>,) = query_as(
            "select min(case when starts_at is not null and starts_at < created_at + ? \
             then starts_at else created_at + ? end) from league where state = 'open' \
             and (? is null or platform = ?)",
        )
        .bind(LEAGUE_OPEN_MAX_MS)
        .bind(LEAGUE_OPEN_MAX_MS)
        .bind(platform)
        .bind(platform)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.0)
    }

    /// Moves an open league's start time (`None`: by command only).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_league_start(&self, id: i64, starts_at: Option<i64>) -> StoreResult<()> {
        query("update league set starts_at = ? where id = ? and state = 'open'")
            .bind(starts_at)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The players of a league in seat order.
    ///
    /// # Errors
    /// Database failures.
    pub async fn league_players(&self, id: i64) -> StoreResult<Vec<LeaguePlayerRow>> {
        Ok(query_as(
            "select player_id, player_name, seat, withdrawal, rating from league_player \
             where league_id = ? order by seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Adds a player to an open league with room left, in one transaction
    /// that first claims the league row (so two joins cannot both take the
    /// last seat).
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the league is no longer open;
    /// [`StoreError::Busy`] when the player is in already or it is full
    /// (`Ok(false)` means full).
    pub async fn join_league(
        &self,
        id: i64,
        player_id: &str,
        player_name: &str,
        now: i64,
    ) -> StoreResult<bool> {
        let mut tx = self.pool.begin().await?;
        claim_league(&mut tx, CLAIM_OPEN_LEAGUE, id).await?;
        let Some(seat) = free_seat(&mut tx, id).await? else {
            return Ok(false);
        };
        query(
            "insert into league_player (league_id, player_id, player_name, seat, joined_at) \
             values (?, ?, ?, ?, ?)",
        )
        .bind(id)
        .bind(player_id)
        .bind(player_name)
        .bind(seat)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(map_unique)?;
        tx.commit().await?;
        Ok(true)
    }

    /// Removes a player from an open league; whether they were in it.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the league is no longer open.
    pub async fn leave_league(&self, id: i64, player_id: &str) -> StoreResult<bool> {
        let mut tx = self.pool.begin().await?;
        claim_league(&mut tx, CLAIM_OPEN_LEAGUE, id).await?;
        let gone = query("delete from league_player where league_id = ? and player_id = ?")
            .bind(id)
            .bind(player_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(gone.rows_affected() == 1)
    }

    /// Starts an open league: its state becomes `running` and every game
    /// (`games`: number, cycle, the game) is inserted, in one transaction;
    /// with `clocked` false the games wait for their place without a clock
    /// (see `league_places.rs`). Returns the game ids in the order given.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the league is no longer open (another
    /// process started or cancelled it); [`StoreError::Busy`] when a game's
    /// place already has an active game.
    pub async fn start_league(
        &self,
        id: i64,
        now: i64,
        games: &[(i64, i64, NewGame)],
        clocked: bool,
    ) -> StoreResult<Vec<i64>> {
        self.start_with_games(
            "update league set state = 'running', started_at = ? where id = ? and state = 'open'",
            id,
            now,
            games,
            |(_, _, g)| (g, clocked),
            |(number, cycle, _), game_id| {
                vec![
                    query(
                        "insert into league_game (league_id, number, game_id, cycle) \
                         values (?, ?, ?, ?)",
                    )
                    .bind(id)
                    .bind(*number)
                    .bind(game_id)
                    .bind(*cycle),
                ]
            },
        )
        .await
    }

    /// The games of a league with their players and results, by number.
    ///
    /// # Errors
    /// Database failures.
    pub async fn league_games(&self, id: i64) -> StoreResult<Vec<LeagueGameRow>> {
        Ok(query_as(
            "select lg.number, lg.game_id, lg.cycle, lg.annulled, g.white_id, g.black_id, \
             g.status, g.result, g.channel, g.ply, g.created_at \
             from league_game lg join game g on g.id = lg.game_id \
             where lg.league_id = ? order by lg.number",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The name of the league a game belongs to and the game's round (its
    /// cycle: a Swiss round, or the first or second half of a double round
    /// robin), for the game's PGN; `None` outside leagues.
    ///
    /// # Errors
    /// Database failures.
    pub async fn league_event_of_game(&self, game_id: i64) -> StoreResult<Option<(String, i64)>> {
        Ok(query_as(
            "select l.name, lg.cycle from league_game lg join league l on l.id = lg.league_id \
             where lg.game_id = ?",
        )
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Records a withdrawal (`forfeit` or `annulled`); with `annulled`,
    /// every game of the player in the league is struck from the table.
    /// Whether this call recorded it (a second withdrawal changes nothing).
    ///
    /// # Errors
    /// Database failures.
    pub async fn withdraw_from_league(
        &self,
        id: i64,
        player_id: &str,
        withdrawal: &str,
    ) -> StoreResult<bool> {
        let mut tx = self.pool.begin().await?;
        let done = query(
            "update league_player set withdrawal = ? \
             where league_id = ? and player_id = ? and withdrawal is null \
             and exists (select 1 from league where id = ? and state = 'running')",
        )
        .bind(withdrawal)
        .bind(id)
        .bind(player_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        if withdrawal == "annulled" {
            query(
                "update league_game set annulled = 1 where league_id = ? and game_id in \
                 (select id from game where white_id = ? or black_id = ?)",
            )
            .bind(id)
            .bind(player_id)
            .bind(player_id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Ends a league: `from` (its state now) becomes `to` (`finished`,
    /// `cancelled`). With `to = finished`, only once none of its games is
    /// active. Exactly one of several callers gets `true`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn end_league(&self, id: i64, from: &str, to: &str, now: i64) -> StoreResult<bool> {
        let done = query(
            "update league set state = ?, ended_at = ? where id = ? and state = ? \
             and (? <> 'finished' or not exists (select 1 from league_game lg \
             join game g on g.id = lg.game_id where lg.league_id = ? and g.status = 'active'))",
        )
        .bind(to)
        .bind(now)
        .bind(id)
        .bind(from)
        .bind(to)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

/// Claims an open league's row: the update takes the write lock at once
/// (see the module docs of the store), so two joins cannot both take the
/// last seat.
const CLAIM_OPEN_LEAGUE: &str = "update league set state = state where id = ? and state = 'open'";

/// Runs `claim` (an update of league `id` that changes nothing and matches
/// only while the league is in the state the caller needs) in `tx`.
///
/// # Errors
/// [`StoreError::Stale`] when the league is not in that state.
pub(super) async fn claim_league(tx: &mut Tx, claim: &'static str, id: i64) -> StoreResult<()> {
    let done = query(claim).bind(id).execute(&mut **tx).await?;
    if done.rows_affected() == 1 {
        Ok(())
    } else {
        Err(StoreError::Stale)
    }
}

/// The seat a new player of league `id` takes, or `None` when it is full.
pub(super) async fn free_seat(tx: &mut Tx, id: i64) -> StoreResult<Option<i64>> {
    let (players, last_seat, max_players): (i64, i64, i64) = query_as(
        "select (select count(*) from league_player where league_id = ?), \
         (select coalesce(max(seat), 0) from league_player where league_id = ?), \
         (select max_players from league where id = ?)",
    )
    .bind(id)
    .bind(id)
    .bind(id)
    .fetch_one(&mut **tx)
    .await?;
    Ok((players < max_players).then_some(last_seat + 1))
}
