//! Correspondence comforts in the database: vacations, extra days given in
//! a game, and where a player's turn notices go.

use super::backend::{query, query_as};
use super::*;

/// A `vacation` row.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct VacationRow {
    pub id: i64,
    pub started_at: i64,
    pub ends_at: i64,
    /// The days it counts against the allowance.
    pub days: i64,
}

/// Moves a deadline and (unless already claimed) the reminder of an active
/// game at an expected ply and deadline: deadline, remind, id, ply, old
/// deadline.
const SHIFT_SQL: &str = "update game set deadline_at = ?, \
     remind_at = case when remind_at is null then null else ? end \
     where id = ? and status = 'active' and ply = ? and deadline_at = ? and vacation_stops = 1";

/// One more day for the player to move, counted for the giver (the
/// colour's column), at most a number of times: day, day, the reminder
/// time when the reminder already went, id, ply, limit, now. A reminder
/// not yet sent moves with the deadline; one already sent is set again, so
/// the player is reminded before the new deadline too (games on a time
/// bank have their own reminders).
const MORETIME_WHITE_SQL: &str = "update game set deadline_at = deadline_at + ?, \
     remind_at = case when remind_at is not null then remind_at + ? \
     when bank_cap_ms is null then ? else null end, \
     white_moretime = white_moretime + 1 \
     where id = ? and status = 'active' and ply = ? and white_moretime < ? and deadline_at > ?";
const MORETIME_BLACK_SQL: &str = "update game set deadline_at = deadline_at + ?, \
     remind_at = case when remind_at is not null then remind_at + ? \
     when bank_cap_ms is null then ? else null end, \
     black_moretime = black_moretime + 1 \
     where id = ? and status = 'active' and ply = ? and black_moretime < ? and deadline_at > ?";

/// Takes the per-user vacation row (creating it), which locks it for the
/// rest of the transaction: platform, user.
const VACATION_LOCK_SQL: &str = "insert into vacation_guard (platform, user_id) values (?, ?) \
     on conflict (platform, user_id) do update set user_id = excluded.user_id";

/// Claims the public notice of a vacation's start unless one was posted
/// since a time: platform, user, now, since.
const STARTED_NOTICE_SQL: &str = "insert into vacation_guard (platform, user_id, started_notice_at) \
     values (?, ?, ?) on conflict (platform, user_id) do update \
     set started_notice_at = excluded.started_notice_at \
     where vacation_guard.started_notice_at is null or vacation_guard.started_notice_at <= ?";

/// The same for a vacation's early end.
const ENDED_NOTICE_SQL: &str = "insert into vacation_guard (platform, user_id, ended_notice_at) \
     values (?, ?, ?) on conflict (platform, user_id) do update \
     set ended_notice_at = excluded.ended_notice_at \
     where vacation_guard.ended_notice_at is null or vacation_guard.ended_notice_at <= ?";

/// A vacation to record: start, end, and the days it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewVacation {
    pub started_at: i64,
    pub ends_at: i64,
    pub days: i64,
}

impl Store {
    /// Checks and records a vacation in one transaction, with the user's
    /// `vacation_guard` row locked: `decide` gets the user's vacations that
    /// started after `since` (oldest first) and answers the vacation to
    /// record, or why not. Two calls at once for the same user run one
    /// after the other, so they cannot both pass a check that the first
    /// one's vacation fails. The new vacation's id, or `decide`'s refusal
    /// (nothing recorded).
    ///
    /// # Errors
    /// Database failures.
    pub async fn start_vacation<E>(
        &self,
        platform: &str,
        user: &str,
        since: i64,
        decide: impl FnOnce(&[VacationRow]) -> Result<NewVacation, E>,
    ) -> StoreResult<Result<i64, E>> {
        let mut tx = self.pool.begin().await?;
        query(VACATION_LOCK_SQL)
            .bind(platform)
            .bind(user)
            .execute(&mut *tx)
            .await?;
        let past: Vec<VacationRow> = query_as(
            "select id, started_at, ends_at, days from vacation \
             where platform = ? and user_id = ? and started_at > ? order by started_at, id",
        )
        .bind(platform)
        .bind(user)
        .bind(since)
        .fetch_all(&mut *tx)
        .await?;
        let new = match decide(&past) {
            Ok(new) => new,
            Err(refused) => return Ok(Err(refused)),
        };
        let row: (i64,) = query_as(
            "insert into vacation (platform, user_id, started_at, ends_at, days) \
             values (?, ?, ?, ?, ?) returning id",
        )
        .bind(platform)
        .bind(user)
        .bind(new.started_at)
        .bind(new.ends_at)
        .bind(new.days)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Ok(row.0))
    }

    /// Claims the public notice of a user's vacation start (`started`) or
    /// early end at `now`, unless one of the same kind was claimed after
    /// `now - quiet_ms`: true for the claimer, who posts it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn claim_vacation_notice(
        &self,
        platform: &str,
        user: &str,
        started: bool,
        now: i64,
        quiet_ms: i64,
    ) -> StoreResult<bool> {
        let sql = if started {
            STARTED_NOTICE_SQL
        } else {
            ENDED_NOTICE_SQL
        };
        let done = query(sql)
            .bind(platform)
            .bind(user)
            .bind(now)
            .bind(now.saturating_sub(quiet_ms))
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The vacations of a user that started after `since`, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn vacations_since(
        &self,
        platform: &str,
        user: &str,
        since: i64,
    ) -> StoreResult<Vec<VacationRow>> {
        Ok(query_as(
            "select id, started_at, ends_at, days from vacation \
             where platform = ? and user_id = ? and started_at > ? order by started_at, id",
        )
        .bind(platform)
        .bind(user)
        .bind(since)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The vacation a user is on at `now`, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn current_vacation(
        &self,
        platform: &str,
        user: &str,
        now: i64,
    ) -> StoreResult<Option<VacationRow>> {
        Ok(query_as(
            "select id, started_at, ends_at, days from vacation \
             where platform = ? and user_id = ? and started_at <= ? and ends_at > ? \
             order by ends_at desc limit 1",
        )
        .bind(platform)
        .bind(user)
        .bind(now)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Records a vacation.
    ///
    /// # Errors
    /// Database failures.
    pub async fn insert_vacation(
        &self,
        platform: &str,
        user: &str,
        started_at: i64,
        ends_at: i64,
        days: i64,
    ) -> StoreResult<i64> {
        let row: (i64,) = query_as(
            "insert into vacation (platform, user_id, started_at, ends_at, days) \
             values (?, ?, ?, ?, ?) returning id",
        )
        .bind(platform)
        .bind(user)
        .bind(started_at)
        .bind(ends_at)
        .bind(days)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.0)
    }

    /// Ends a running vacation at `now`, counting `days` against the
    /// allowance. False when it had already ended (another command did it).
    ///
    /// # Errors
    /// Database failures.
    pub async fn end_vacation(&self, id: i64, now: i64, days: i64) -> StoreResult<bool> {
        let done = query("update vacation set ends_at = ?, days = ? where id = ? and ends_at > ?")
            .bind(now)
            .bind(days)
            .bind(id)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Moves the deadline of an active game from `old_deadline` to
    /// `deadline`, and its reminder to `remind` unless the reminder of this
    /// turn was already claimed. False when the game changed meanwhile.
    ///
    /// # Errors
    /// Database failures.
    pub async fn shift_deadline(
        &self,
        game_id: i64,
        expected_ply: i64,
        old_deadline: i64,
        deadline: i64,
        remind: i64,
    ) -> StoreResult<bool> {
        let done = query(SHIFT_SQL)
            .bind(deadline)
            .bind(remind)
            .bind(game_id)
            .bind(expected_ply)
            .bind(old_deadline)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives the player to move of an active game at `expected_ply` one
    /// more `day_ms` (deadline and unclaimed reminder, or a new reminder at
    /// `remind_again_at` when it was sent already), counted for
    /// `giver_white`'s colour, if that colour gave fewer than `limit` so far
    /// and the deadline has not passed. The new deadline, or `None` when
    /// nothing was changed.
    ///
    /// # Errors
    /// Database failures.
    #[allow(clippy::too_many_arguments)]
    pub async fn give_moretime(
        &self,
        game_id: i64,
        expected_ply: i64,
        giver_white: bool,
        day_ms: i64,
        remind_again_at: i64,
        limit: i64,
        now: i64,
    ) -> StoreResult<Option<i64>> {
        let sql = if giver_white {
            MORETIME_WHITE_SQL
        } else {
            MORETIME_BLACK_SQL
        };
        let mut tx = self.pool.begin().await?;
        let done = query(sql)
            .bind(day_ms)
            .bind(day_ms)
            .bind(remind_again_at)
            .bind(game_id)
            .bind(expected_ply)
            .bind(limit)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Ok(None);
        }
        let row: (Option<i64>,) = query_as("select deadline_at from game where id = ?")
            .bind(game_id)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(row.0)
    }

    /// The extra days white and black have given in a game.
    ///
    /// # Errors
    /// Database failures.
    pub async fn moretime_given(&self, game_id: i64) -> StoreResult<(i64, i64)> {
        let row: Option<(i64, i64)> =
            query_as("select white_moretime, black_moretime from game where id = ?")
                .bind(game_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.unwrap_or((0, 0)))
    }

    /// Where a user's turn notices go (`dm`, `channel`, `off`), if set.
    ///
    /// # Errors
    /// Database failures.
    pub async fn notify_target(&self, platform: &str, user: &str) -> StoreResult<Option<String>> {
        let row: Option<(String,)> =
            query_as("select target from notify_setting where platform = ? and user_id = ?")
                .bind(platform)
                .bind(user)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.0))
    }
}
