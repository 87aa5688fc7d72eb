//! Puzzles in the database: the puzzles made from a finished game (once
//! per game), choosing one for a player, their tries and record, and the
//! daily puzzle of a channel with its posts claimed through the puzzle
//! outbox.

use super::backend::{query, query_as};
use super::outbox::Outbox;
use super::{Store, StoreError, StoreResult};

/// A `puzzle` row.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PuzzleRow {
    pub id: i64,
    pub game_id: i64,
    /// The ply of the move to find (1 for the game's first move).
    pub ply: i64,
    pub platform: String,
    pub guild: String,
    pub community: String,
    pub fen: String,
    /// The move that led to the position (UCI).
    pub last_uci: Option<String>,
    /// The position before that move.
    pub before_fen: Option<String>,
    /// Space-separated UCI moves: the solver's, with the replies between.
    pub solution_uci: String,
    /// The same in SAN.
    pub solution_san: String,
    pub theme: String,
    pub white_id: String,
    pub white_name: String,
    pub black_id: String,
    pub black_name: String,
    /// The player to move in the source game.
    pub solver_id: String,
    /// 1 when that player missed the move in the game.
    pub missed: i64,
    pub created_at: i64,
}

/// A puzzle to store (see [`PuzzleRow`] for the fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPuzzle {
    pub ply: i64,
    pub platform: String,
    pub guild: String,
    pub community: String,
    pub fen: String,
    pub last_uci: Option<String>,
    pub before_fen: Option<String>,
    pub solution_uci: String,
    pub solution_san: String,
    pub theme: String,
    pub white_id: String,
    pub white_name: String,
    pub black_id: String,
    pub black_name: String,
    pub solver_id: String,
    pub missed: bool,
}

/// A player's puzzle record (zeros before their first puzzle).
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct SolverRow {
    pub streak: i64,
    pub solved: i64,
    /// The puzzle they were last given (`puzzle`), if still open.
    pub current_puzzle: Option<i64>,
    pub current_since: Option<i64>,
}

/// A `puzzle_attempt` row: one player's try at one puzzle.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AttemptRow {
    /// The solver's moves found so far.
    pub step: i64,
    /// Wrong answers so far.
    pub misses: i64,
    /// [`ATTEMPT_OPEN`], [`ATTEMPT_SOLVED`] or [`ATTEMPT_FAILED`].
    pub state: String,
    pub started_at: i64,
}

/// An attempt still going.
pub const ATTEMPT_OPEN: &str = "open";
/// An attempt that found the whole solution.
pub const ATTEMPT_SOLVED: &str = "solved";
/// An attempt that ran out of tries.
pub const ATTEMPT_FAILED: &str = "failed";

/// A `puzzle_daily` row: a channel's daily puzzle.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DailyRow {
    pub id: i64,
    pub platform: String,
    pub guild: String,
    pub channel: String,
    pub community: String,
    /// The UTC hour of the post.
    pub hour: i64,
    pub enabled: i64,
    /// When the next post is due (ms).
    pub next_at: Option<i64>,
}

/// A daily post with its channel.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PostRow {
    pub id: i64,
    pub daily_id: i64,
    pub puzzle_id: i64,
    pub day: String,
    pub created_at: i64,
    pub platform: String,
    pub guild: String,
    pub channel: String,
}

/// A `puzzle_announcement` row: a claimed daily post not yet posted.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PuzzleAnnouncementRow {
    pub id: i64,
    pub puzzle_post_id: i64,
    pub lease_until: i64,
}

const PUZZLE_COLUMNS: &str = "p.id, p.game_id, p.ply, p.platform, p.guild, p.community, p.fen, \
     p.last_uci, p.before_fen, p.solution_uci, p.solution_san, p.theme, p.white_id, p.white_name, p.black_id, \
     p.black_name, p.solver_id, p.missed, p.created_at";

const DAILY_COLUMNS: &str = "id, platform, guild, channel, community, hour, enabled, next_at";

const POST_COLUMNS: &str = "pp.id, pp.daily_id, pp.puzzle_id, pp.day, pp.created_at, \
     d.platform, d.guild, d.channel";

/// Puzzles of a community's finished games the user has not finished
/// (bound: community, platform, user), with an extra filter.
fn open_puzzles_sql(filter: &str) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(format!(
        "select {PUZZLE_COLUMNS} from puzzle p join game g on g.id = p.game_id \
         where p.community = ? and g.status = 'finished' \
         and not exists (select 1 from puzzle_attempt a where a.puzzle_id = p.id \
         and a.platform = ? and a.user_id = ? and a.state <> 'open') \
         {filter} order by p.id desc limit 1"
    ))
}

/// Where a puzzle comes from for the player who asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleSource {
    /// A chance the player missed in their own game.
    OwnMissed,
    /// Another position of one of their games.
    OwnGame,
    /// Another game of the community.
    Community,
}

impl Store {
    /// Whether the puzzles of a game were looked for already.
    ///
    /// # Errors
    /// Database failures.
    pub async fn puzzles_scanned(&self, game_id: i64) -> StoreResult<bool> {
        let row: Option<(i64,)> = query_as("select game_id from puzzle_scan where game_id = ?")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }

    /// Records that a game was looked at and stores its puzzles, in one
    /// transaction; `false` (nothing written) when the game was recorded
    /// already, so a game's puzzles are made once.
    ///
    /// # Errors
    /// Database failures.
    pub async fn save_puzzles(
        &self,
        game_id: i64,
        puzzles: &[NewPuzzle],
        now: i64,
    ) -> StoreResult<bool> {
        let mut tx = self.pool.begin().await?;
        let done = query(
            "insert into puzzle_scan (game_id, puzzles, scanned_at) values (?, ?, ?) \
             on conflict (game_id) do nothing",
        )
        .bind(game_id)
        .bind(puzzles.len() as i64)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        for p in puzzles {
            query(
                "insert into puzzle (game_id, ply, platform, guild, community, fen, last_uci, \
                 before_fen, solution_uci, solution_san, theme, white_id, white_name, black_id, \
                 black_name, solver_id, missed, created_at) \
                 values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(game_id)
            .bind(p.ply)
            .bind(&p.platform)
            .bind(&p.guild)
            .bind(&p.community)
            .bind(&p.fen)
            .bind(&p.last_uci)
            .bind(&p.before_fen)
            .bind(&p.solution_uci)
            .bind(&p.solution_san)
            .bind(&p.theme)
            .bind(&p.white_id)
            .bind(&p.white_name)
            .bind(&p.black_id)
            .bind(&p.black_name)
            .bind(&p.solver_id)
            .bind(i64::from(p.missed))
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// One puzzle.
    ///
    /// # Errors
    /// Database failures.
    pub async fn puzzle(&self, id: i64) -> StoreResult<Option<PuzzleRow>> {
        Ok(query_as(sqlx::AssertSqlSafe(format!(
            "select {PUZZLE_COLUMNS} from puzzle p where p.id = ?"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The puzzles made from a game, by ply.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_puzzles(&self, game_id: i64) -> StoreResult<Vec<PuzzleRow>> {
        Ok(query_as(sqlx::AssertSqlSafe(format!(
            "select {PUZZLE_COLUMNS} from puzzle p where p.game_id = ? order by p.ply"
        )))
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// A puzzle for `user`: their own missed chances first, then other
    /// positions of their games, then the community's; never one they
    /// finished (solved or failed), never from a running game; the newest
    /// first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn pick_puzzle(
        &self,
        community: &str,
        platform: &str,
        user: &str,
    ) -> StoreResult<Option<(PuzzleRow, PuzzleSource)>> {
        let tiers = [
            (
                PuzzleSource::OwnMissed,
                "and p.solver_id = ? and p.missed = 1",
            ),
            (
                PuzzleSource::OwnGame,
                "and (p.white_id = ? or p.black_id = ?)",
            ),
            (PuzzleSource::Community, ""),
        ];
        for (source, filter) in tiers {
            let mut q = query_as::<PuzzleRow>(open_puzzles_sql(filter))
                .bind(community)
                .bind(platform)
                .bind(user);
            for _ in 0..filter.matches('?').count() {
                q = q.bind(user);
            }
            if let Some(row) = q.fetch_optional(&self.pool).await? {
                return Ok(Some((row, source)));
            }
        }
        Ok(None)
    }

    /// A player's puzzle record.
    ///
    /// # Errors
    /// Database failures.
    pub async fn puzzle_solver(&self, platform: &str, user: &str) -> StoreResult<SolverRow> {
        let row: Option<SolverRow> = query_as(
            "select streak, solved, current_puzzle, current_since from puzzle_solver \
             where platform = ? and user_id = ?",
        )
        .bind(platform)
        .bind(user)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.unwrap_or_default())
    }

    /// One player's try at a puzzle, if they started one.
    ///
    /// # Errors
    /// Database failures.
    pub async fn puzzle_attempt(
        &self,
        puzzle_id: i64,
        platform: &str,
        user: &str,
    ) -> StoreResult<Option<AttemptRow>> {
        Ok(query_as(
            "select step, misses, state, started_at from puzzle_attempt \
             where puzzle_id = ? and platform = ? and user_id = ?",
        )
        .bind(puzzle_id)
        .bind(platform)
        .bind(user)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Starts a try at a puzzle (nothing when one exists); with `current`,
    /// also makes it the player's current puzzle from `now`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn start_puzzle(
        &self,
        puzzle_id: i64,
        platform: &str,
        user: &str,
        name: &str,
        current: bool,
        now: i64,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        if current {
            query(
                "insert into puzzle_solver (platform, user_id, current_puzzle, current_since) \
                 values (?, ?, ?, ?) on conflict (platform, user_id) do update \
                 set current_puzzle = excluded.current_puzzle, \
                 current_since = excluded.current_since",
            )
            .bind(platform)
            .bind(user)
            .bind(puzzle_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        query(
            "insert into puzzle_attempt (puzzle_id, platform, user_id, user_name, step, misses, \
             state, started_at) values (?, ?, ?, ?, 0, 0, 'open', ?) \
             on conflict (puzzle_id, platform, user_id) do nothing",
        )
        .bind(puzzle_id)
        .bind(platform)
        .bind(user)
        .bind(name)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records an answer: the try moves from `(step, misses)` (as read) to
    /// `next`, in `state`; a finished try updates the player's streak and
    /// solved count and clears their current puzzle if it was this one.
    /// Returns the player's record after it.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the try changed since it was read (two
    /// answers at once); database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn answer_puzzle(
        &self,
        puzzle_id: i64,
        platform: &str,
        user: &str,
        read: (i64, i64),
        next: (i64, i64),
        state: &str,
        now: i64,
    ) -> StoreResult<SolverRow> {
        let mut tx = self.pool.begin().await?;
        let finished = (state != ATTEMPT_OPEN).then_some(now);
        let done = query(
            "update puzzle_attempt set step = ?, misses = ?, state = ?, finished_at = ? \
             where puzzle_id = ? and platform = ? and user_id = ? and step = ? and misses = ? \
             and state = 'open'",
        )
        .bind(next.0)
        .bind(next.1)
        .bind(state)
        .bind(finished)
        .bind(puzzle_id)
        .bind(platform)
        .bind(user)
        .bind(read.0)
        .bind(read.1)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        if state != ATTEMPT_OPEN {
            let (streak, solved) = if state == ATTEMPT_SOLVED {
                ("puzzle_solver.streak + 1", "puzzle_solver.solved + 1")
            } else {
                ("0", "puzzle_solver.solved")
            };
            let (first_streak, first_solved) = if state == ATTEMPT_SOLVED {
                (1_i64, 1_i64)
            } else {
                (0_i64, 0_i64)
            };
            query(sqlx::AssertSqlSafe(format!(
                "insert into puzzle_solver (platform, user_id, streak, solved) values (?, ?, ?, ?) \
                 on conflict (platform, user_id) do update set streak = {streak}, \
                 solved = {solved}, \
                 current_puzzle = case when puzzle_solver.current_puzzle = ? then null \
                 else puzzle_solver.current_puzzle end"
            )))
            .bind(platform)
            .bind(user)
            .bind(first_streak)
            .bind(first_solved)
            .bind(puzzle_id)
            .execute(&mut *tx)
            .await?;
        }
        let row: Option<SolverRow> = query_as(
            "select streak, solved, current_puzzle, current_since from puzzle_solver \
             where platform = ? and user_id = ?",
        )
        .bind(platform)
        .bind(user)
        .fetch_optional(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(row.unwrap_or_default())
    }

    // The daily puzzle.

    /// Turns on (or moves) a channel's daily puzzle: posted at `hour` UTC,
    /// next at `next_at`.
    ///
    /// # Errors
    /// Database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn set_daily(
        &self,
        platform: &str,
        guild: &str,
        channel: &str,
        community: &str,
        hour: i64,
        next_at: i64,
        now: i64,
    ) -> StoreResult<()> {
        query(
            "insert into puzzle_daily (platform, guild, channel, community, hour, enabled, \
             next_at, updated_at) values (?, ?, ?, ?, ?, 1, ?, ?) \
             on conflict (platform, channel) do update set guild = excluded.guild, \
             community = excluded.community, hour = excluded.hour, enabled = 1, \
             next_at = excluded.next_at, updated_at = excluded.updated_at",
        )
        .bind(platform)
        .bind(guild)
        .bind(channel)
        .bind(community)
        .bind(hour)
        .bind(next_at)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Turns a channel's daily puzzle off; whether it was on.
    ///
    /// # Errors
    /// Database failures.
    pub async fn stop_daily(&self, platform: &str, channel: &str, now: i64) -> StoreResult<bool> {
        let done = query(
            "update puzzle_daily set enabled = 0, next_at = null, updated_at = ? \
             where platform = ? and channel = ? and enabled = 1",
        )
        .bind(now)
        .bind(platform)
        .bind(channel)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Daily puzzles due at `now` of `platform` (`None`: all), at most
    /// `limit`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn due_dailies(
        &self,
        platform: Option<&str>,
        now: i64,
        limit: i64,
    ) -> StoreResult<Vec<DailyRow>> {
        Ok(query_as(sqlx::AssertSqlSafe(format!(
            "select {DAILY_COLUMNS} from puzzle_daily where enabled = 1 and next_at <= ? \
             and (? is null or platform = ?) order by next_at, id limit ?"
        )))
        .bind(now)
        .bind(platform)
        .bind(platform)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The earliest daily post or unposted daily announcement due, of
    /// `platform` (`None`: all).
    ///
    /// # Errors
    /// Database failures.
    pub async fn next_daily_due(&self, platform: Option<&str>) -> StoreResult<Option<i64>> {
        let row: (Option<i64>,) = query_as(
            "select min(next_at) from puzzle_daily where enabled = 1 \
             and (? is null or platform = ?)",
        )
        .bind(platform)
        .bind(platform)
        .fetch_one(&self.pool)
        .await?;
        let lease = Outbox::Puzzles.next_lease(&self.pool, platform).await?;
        Ok([row.0, lease].into_iter().flatten().min())
    }

    /// A puzzle for a channel's daily post: from the community's games
    /// that ended since `since`, never posted in that channel before and
    /// not yet solved by anyone who plays there (a regular would be shown
    /// a puzzle they already know); the newest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn pick_daily_puzzle(
        &self,
        daily: &DailyRow,
        since: i64,
    ) -> StoreResult<Option<PuzzleRow>> {
        Ok(query_as(sqlx::AssertSqlSafe(format!(
            "select {PUZZLE_COLUMNS} from puzzle p join game g on g.id = p.game_id \
             where p.community = ? and g.status = 'finished' and g.ended_at >= ? \
             and not exists (select 1 from puzzle_post pp where pp.daily_id = ? \
             and pp.puzzle_id = p.id) \
             and not exists (select 1 from puzzle_attempt a where a.puzzle_id = p.id \
             and a.state = 'solved' and a.platform = ? and exists (select 1 from game pg \
             where pg.platform = a.platform and pg.channel = ? \
             and (pg.white_id = a.user_id or pg.black_id = a.user_id))) \
             order by p.id desc limit 1"
        )))
        .bind(&daily.community)
        .bind(since)
        .bind(daily.id)
        .bind(&daily.platform)
        .bind(&daily.channel)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Claims a daily post: moves the daily's next post from its `next_at`
    /// (as read) to `next_at`, and, with a puzzle, records the post for
    /// `day` and its announcement leased until `lease_until`, in one
    /// transaction. The announcement's and the post's ids for exactly one
    /// caller; `None`
    /// when another process claimed it, the daily was turned off, this day
    /// was posted already, or there was no puzzle (the day is skipped).
    ///
    /// # Errors
    /// Database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn claim_daily(
        &self,
        daily: &DailyRow,
        next_at: i64,
        day: &str,
        puzzle_id: Option<i64>,
        now: i64,
        lease_until: i64,
    ) -> StoreResult<Option<(i64, i64)>> {
        let mut tx = self.pool.begin().await?;
        let done = query(
            "update puzzle_daily set next_at = ? where id = ? and next_at = ? and enabled = 1",
        )
        .bind(next_at)
        .bind(daily.id)
        .bind(daily.next_at)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(None);
        }
        let Some(puzzle_id) = puzzle_id else {
            tx.commit().await?;
            return Ok(None);
        };
        let post: Option<(i64,)> = query_as(
            "insert into puzzle_post (daily_id, platform, puzzle_id, day, created_at) \
             values (?, ?, ?, ?, ?) on conflict (daily_id, day) do nothing returning id",
        )
        .bind(daily.id)
        .bind(&daily.platform)
        .bind(puzzle_id)
        .bind(day)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((post,)) = post else {
            tx.commit().await?;
            return Ok(None);
        };
        let id = Outbox::Puzzles
            .record(&mut tx, post, None, now, lease_until)
            .await?;
        tx.commit().await?;
        Ok(Some((id, post)))
    }

    /// A daily post, with its channel.
    ///
    /// # Errors
    /// Database failures.
    pub async fn puzzle_post(&self, id: i64) -> StoreResult<Option<PostRow>> {
        Ok(query_as(sqlx::AssertSqlSafe(format!(
            "select {POST_COLUMNS} from puzzle_post pp join puzzle_daily d on d.id = pp.daily_id \
             where pp.id = ?"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The post of a daily before the post `before`, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn previous_post(&self, daily_id: i64, before: i64) -> StoreResult<Option<PostRow>> {
        Ok(query_as(sqlx::AssertSqlSafe(format!(
            "select {POST_COLUMNS} from puzzle_post pp join puzzle_daily d on d.id = pp.daily_id \
             where pp.daily_id = ? and pp.id < ? order by pp.id desc limit 1"
        )))
        .bind(daily_id)
        .bind(before)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The latest daily post of a channel, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn latest_post(&self, platform: &str, channel: &str) -> StoreResult<Option<PostRow>> {
        Ok(query_as(sqlx::AssertSqlSafe(format!(
            "select {POST_COLUMNS} from puzzle_post pp join puzzle_daily d on d.id = pp.daily_id \
             where d.platform = ? and d.channel = ? order by pp.id desc limit 1"
        )))
        .bind(platform)
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Who solved a puzzle first at or after `since`: their name.
    ///
    /// # Errors
    /// Database failures.
    pub async fn first_solver(&self, puzzle_id: i64, since: i64) -> StoreResult<Option<String>> {
        let row: Option<(String,)> = query_as(
            "select user_name from puzzle_attempt where puzzle_id = ? and state = 'solved' \
             and finished_at >= ? order by finished_at, user_id limit 1",
        )
        .bind(puzzle_id)
        .bind(since)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| r.0))
    }

    /// Daily announcements whose lease ran out by `now` (their claimer died
    /// before posting), oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn expired_puzzle_announcements(
        &self,
        platform: Option<&str>,
        now: i64,
        limit: i64,
    ) -> StoreResult<Vec<PuzzleAnnouncementRow>> {
        Outbox::Puzzles
            .expired(&self.pool, platform, now, limit)
            .await
    }

    /// Takes over an expired daily announcement: true for exactly one
    /// caller.
    ///
    /// # Errors
    /// Database failures.
    pub async fn renew_puzzle_announcement(
        &self,
        id: i64,
        old_lease: i64,
        lease_until: i64,
    ) -> StoreResult<bool> {
        Outbox::Puzzles
            .renew(&self.pool, id, old_lease, lease_until)
            .await
    }

    /// Removes a posted daily announcement from the outbox.
    ///
    /// # Errors
    /// Database failures.
    pub async fn ack_puzzle_announcement(&self, id: i64) -> StoreResult<()> {
        Outbox::Puzzles.ack(&self.pool, id).await
    }
}
