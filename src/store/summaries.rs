//! A finished game's summary in the database: its entry in the game
//! outbox (kind [`ANNOUNCE_SUMMARY`]), recorded in the transaction that
//! ends the game and acknowledged once the summary was posted, the
//! game's analysis, stored once so every later summary shows the same
//! figures, and the entry of an analysis still owed (kind
//! [`ANNOUNCE_ANALYSIS`]) when the summary went out without it.

use super::backend::{Tx, query, query_as};
use super::outbox::{AnnouncementRow, Outbox};
use super::{Store, StoreResult};

/// Outbox kind of a finished game's summary (card, GIF, PGN, analysis).
pub const ANNOUNCE_SUMMARY: &str = "summary";

/// Outbox kind of a finished game's analysis still owed to its channel:
/// the summary went out without it (the engine failed), and the announcer
/// tries again until the figures can be posted.
pub const ANNOUNCE_ANALYSIS: &str = "analysis";

/// How long the process that ended a game owns its summary entry: time for
/// the engine's analysis, the pictures and the post. An entry still there
/// after it (that process died) is posted by the next announcer round.
pub const SUMMARY_LEASE_MS: i64 = 10 * 60 * 1000;

/// Whether the ending transaction records a summary entry (the outbox
/// entry that lets another process post the summary after a crash).
pub const RECORD_SUMMARY_ENTRIES: bool = true;

/// Records the summary entry of game `game_id`, ended at ply `ply` with
/// `result`, in the ending transaction (none for an aborted game, result
/// `*`, which has no summary).
pub(super) async fn record_summary(
    tx: &mut Tx,
    game_id: i64,
    ply: i64,
    result: &str,
    now: i64,
) -> StoreResult<()> {
    if result == "*" || !RECORD_SUMMARY_ENTRIES {
        return Ok(());
    }
    Outbox::Games
        .record(
            tx,
            game_id,
            Some((ANNOUNCE_SUMMARY, ply)),
            now,
            now + SUMMARY_LEASE_MS,
        )
        .await?;
    Ok(())
}

impl Store {
    /// The unposted summary entry of a game, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn summary_entry(&self, game_id: i64) -> StoreResult<Option<AnnouncementRow>> {
        Ok(query_as(
            "select id, game_id, platform, kind, ply, lease_until from announcement \
             where game_id = ? and kind = 'summary' order by id limit 1",
        )
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// [`Store::next_due_for`] leaving out the summary entries of the games
    /// in `held` (summaries a live process is posting itself: not due work
    /// for its announcer).
    ///
    /// # Errors
    /// Database failures.
    pub async fn next_due_skipping_summaries(
        &self,
        platform: Option<&str>,
        held: &[i64],
    ) -> StoreResult<Option<i64>> {
        // Game ids are numbers: written into the statement as such.
        let ids = held
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "select min(lease_until) from announcement where (? is null or platform = ?) \
             and not (kind = '{ANNOUNCE_SUMMARY}' and game_id in ({ids}))"
        );
        let leases: (Option<i64>,) = query_as(sqlx::AssertSqlSafe(sql))
            .bind(platform)
            .bind(platform)
            .fetch_one(&self.pool)
            .await?;
        self.next_due_given_leases(platform, leases.0).await
    }

    /// Records that game `game_id` (ended at ply `ply`) still owes its
    /// analysis, due at `due`, unless that is recorded already.
    ///
    /// # Errors
    /// Database failures.
    pub async fn record_analysis_entry(
        &self,
        game_id: i64,
        ply: i64,
        now: i64,
        due: i64,
    ) -> StoreResult<()> {
        let owed: Option<(i64,)> =
            query_as("select id from announcement where game_id = ? and kind = 'analysis'")
                .bind(game_id)
                .fetch_optional(&self.pool)
                .await?;
        if owed.is_some() {
            return Ok(());
        }
        let mut tx = self.pool.begin().await?;
        Outbox::Games
            .record(&mut tx, game_id, Some((ANNOUNCE_ANALYSIS, ply)), now, due)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The stored analysis of a game (JSON), if it was analysed.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_analysis(&self, game_id: i64) -> StoreResult<Option<String>> {
        let row: Option<(String,)> =
            query_as("select analysis from game_analysis where game_id = ?")
                .bind(game_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.0))
    }

    /// Stores a game's analysis unless one is stored already, and returns
    /// the one stored (the first wins, so two processes analysing the same
    /// game at once still show one set of figures).
    ///
    /// # Errors
    /// Database failures.
    pub async fn store_game_analysis(
        &self,
        game_id: i64,
        analysis: &str,
        now: i64,
    ) -> StoreResult<String> {
        query(
            "insert into game_analysis (game_id, analysis, created_at) values (?, ?, ?) \
             on conflict (game_id) do nothing",
        )
        .bind(game_id)
        .bind(analysis)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(self
            .game_analysis(game_id)
            .await?
            .unwrap_or_else(|| analysis.to_string()))
    }
}
