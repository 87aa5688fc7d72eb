//! Puzzles from the players' own games: made in the background once a
//! finished game's analysis is done (one call,
//! [`GameService::puzzles_after_analysis`], from wherever the analysis
//! ends), `puzzle` (a puzzle for the caller, privately: their own missed
//! chances first), `solve` (answers, two tries), and the daily puzzle of a
//! channel, posted through the puzzle outbox by the deadline machinery
//! (`claim_due`).
//!
//! Each user's current puzzle is their own: the one `puzzle` last gave
//! them, or the daily puzzle of the channel when it was posted after that
//! (and they have not finished it). `solve puzzle:N` names one: the
//! caller's current puzzle or this channel's daily one, else
//! `not_your_puzzle`.

use chrono::{DateTime, Utc};

use super::game::{DAY_MS, Failure, GameService, Handled, from_ms, lock, ms, reply, user};
use super::play::{TypedMove, error_code_of};
use super::records::community_of;
use super::{
    Actor, BoardImage, DEFAULT_DAILY_HOUR, DueAnnouncement, Event, Place, PuzzleDaily, Reply,
    messages as msg,
};
use crate::chess::{Color, Game, Move, RulesMode, Variant};
use crate::engine::{Evaluation, GameAnalysis, PuzzleRules, find_puzzles, move_from_uci};
use crate::i18n::Locale;
use crate::store::{
    ATTEMPT_FAILED, ATTEMPT_OPEN, ATTEMPT_SOLVED, DailyRow, GameRow, NewPuzzle, PostRow,
    PuzzleAnnouncementRow, PuzzleRow,
};

/// Wrong answers that end a puzzle.
const MAX_MISSES: i64 = 2;
/// How far back the daily puzzle looks for games (4 weeks).
const DAILY_WINDOW_MS: i64 = 28 * DAY_MS;
/// The longest `puzzle` waits for puzzles still being made.
const SETTLE_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A puzzle's solution: UCI and SAN, the solver's moves first and every
/// other one.
struct Line {
    uci: Vec<String>,
    san: Vec<String>,
}

impl Line {
    fn of(row: &PuzzleRow) -> Line {
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect();
        Line {
            uci: words(&row.solution_uci),
            san: words(&row.solution_san),
        }
    }
}

/// The side to move in a puzzle's position.
fn solver_color(row: &PuzzleRow) -> Color {
    super::chess960::read_any_fen(&row.fen).map_or(Color::White, |p| p.turn())
}

/// The game at a puzzle's position after the first `plies` moves of its
/// solution; `None` for a puzzle that cannot be replayed.
fn puzzle_game(row: &PuzzleRow, line: &Line, plies: usize) -> Option<Game> {
    // A puzzle keeps the position's FEN, not its variant: a Chess960
    // position (X-FEN castling rights, a king-takes-rook castle in the
    // line) replays only as Chess960, and one that replays as standard
    // chess is the same puzzle in both.
    [Variant::Standard, Variant::Chess960]
        .into_iter()
        .find_map(|variant| {
            let game = Game::from_fen_variant(&row.fen, variant, RulesMode::House).ok()?;
            let mut whole = game.clone();
            for uci in &line.uci {
                let m = move_from_uci(whole.position(), uci)?;
                whole.play(m).ok()?;
            }
            Some(game)
        })
        .and_then(|mut game| {
            for uci in line.uci.iter().take(plies) {
                let m = move_from_uci(game.position(), uci)?;
                game.play(m).ok()?;
            }
            Some(game)
        })
}

/// The solution in the locale's notation.
fn line_text(l: Locale, line: &Line) -> String {
    line.san
        .iter()
        .map(|s| msg::san_local(l, s))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The move that led to a puzzle's position, for the highlight.
fn last_move_of(row: &PuzzleRow) -> Option<Move> {
    let before = super::chess960::read_any_fen(row.before_fen.as_deref()?).ok()?;
    move_from_uci(&before, row.last_uci.as_deref()?)
}

/// The board of a puzzle at `game`'s position, from the solver's side.
fn puzzle_image(row: &PuzzleRow, game: &Game, solver: Color) -> BoardImage {
    BoardImage {
        fen: game.position().fen(),
        last_move: game.moves().last().copied().or_else(|| last_move_of(row)),
        flip: solver == Color::Black,
        result: None,
        names: Some([row.white_name.clone(), row.black_name.clone()]),
        deadline: None,
        theme: crate::render::Theme::default(),
        start_fen: None,
    }
}

/// The `puzzle` event of a puzzle at `game`'s position.
fn puzzle_event(row: &PuzzleRow, game: &Game, solver: Color, daily: bool) -> Event {
    Event::Puzzle {
        puzzle: row.id,
        fen: game.position().fen(),
        to_move: solver.name().to_string(),
        from_game: row.game_id,
        ply: row.ply + game.moves().len() as i64,
        daily,
    }
}

/// The next `hour`:00 UTC after `now`.
fn next_at_hour(now: DateTime<Utc>, hour: u32) -> DateTime<Utc> {
    let today = now
        .date_naive()
        .and_hms_opt(hour.min(23), 0, 0)
        .map_or(now, |t| t.and_utc());
    if today > now {
        today
    } else {
        today + chrono::Duration::days(1)
    }
}

/// The most recent `hour`:00 UTC at or before `now`.
fn last_at_hour(now: DateTime<Utc>, hour: u32) -> DateTime<Utc> {
    next_at_hour(now, hour) - chrono::Duration::days(1)
}

impl GameService {
    /// Where a finished game's analysis ends: its puzzles are made in the
    /// background (never delaying any reply), once per game (the store
    /// records each game looked at; this process also skips a game it is
    /// working on). Call it once, with the analysis's evaluations.
    pub(super) fn puzzles_after_analysis(&self, l: &super::game::Loaded, analysis: &GameAnalysis) {
        if l.row.is_active() || analysis.evaluations.len() < 2 {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        if !lock(&self.inner.puzzle_games).insert(l.row.id) {
            return;
        }
        let service = self.clone();
        let (row, game) = (l.row.clone(), l.game.clone());
        let evals = analysis.evaluations.clone();
        let handle = runtime.spawn(async move {
            let id = row.id;
            service.make_puzzles(row, game, evals).await;
            lock(&service.inner.puzzle_games).remove(&id);
        });
        let mut jobs = lock(&self.inner.background);
        jobs.retain(|j| !j.is_finished());
        jobs.push(handle);
    }

    /// Waits for the puzzles being made in the background (the console
    /// before it exits; `puzzle` before it chooses).
    pub async fn settle_background(&self) {
        let jobs = std::mem::take(&mut *lock(&self.inner.background));
        for job in jobs {
            if let Err(e) = job.await {
                tracing::warn!(error = %e, "puzzle generation task failed");
            }
        }
    }

    /// Looks for a game's puzzles and stores them (see
    /// [`crate::engine::puzzle`]); failures are logged, and a game whose
    /// search failed may be looked at again by a later analysis.
    async fn make_puzzles(&self, row: GameRow, game: Game, evals: Vec<Evaluation>) {
        let store = &self.inner.store;
        match store.puzzles_scanned(row.id).await {
            Ok(false) => {}
            Ok(true) => return,
            Err(e) => {
                tracing::warn!(game = row.id, error = %e, "reading puzzle state failed");
                return;
            }
        }
        let rules = PuzzleRules::default();
        let found = match find_puzzles(&*self.inner.engine, &game, &evals, &rules).await {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!(game = row.id, error = %e, "looking for puzzles failed");
                return;
            }
        };
        let new: Vec<NewPuzzle> = found
            .iter()
            .map(|p| {
                // The position before the opponent's move that led to it.
                let before = p.last_move.map(|_| {
                    let mut pos = game.start().clone();
                    for m in game.moves().iter().take(p.ply.saturating_sub(2)) {
                        pos.play_unchecked(*m);
                    }
                    pos.fen()
                });
                NewPuzzle {
                    ply: p.ply as i64,
                    platform: row.platform.clone(),
                    guild: row.guild.clone(),
                    community: community_of(&row.platform, &row.guild, &row.channel),
                    fen: p.fen.clone(),
                    last_uci: p.last_move.map(|m| m.uci()),
                    before_fen: before,
                    solution_uci: p
                        .solution
                        .iter()
                        .map(|m| m.uci())
                        .collect::<Vec<_>>()
                        .join(" "),
                    solution_san: p.solution_san.join(" "),
                    theme: p.theme.as_str().to_string(),
                    white_id: row.white_id.clone(),
                    white_name: row.white_name.clone(),
                    black_id: row.black_id.clone(),
                    black_name: row.black_name.clone(),
                    solver_id: match p.solver {
                        Color::White => row.white_id.clone(),
                        Color::Black => row.black_id.clone(),
                    },
                    missed: p.missed,
                }
            })
            .collect();
        match store.save_puzzles(row.id, &new, ms(self.now())).await {
            Ok(true) => tracing::info!(game = row.id, puzzles = new.len(), "puzzles made"),
            Ok(false) => {}
            Err(e) => tracing::warn!(game = row.id, error = %e, "storing puzzles failed"),
        }
    }

    /// `puzzle`: a puzzle for the caller (their open one again, else their
    /// own missed chances, else their games, else the community's), or the
    /// daily puzzle's setting.
    pub(super) async fn puzzle(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        daily: Option<PuzzleDaily>,
        moderator: bool,
    ) -> Handled {
        if let Some(d) = daily {
            return self.puzzle_daily(loc, place, d, moderator).await;
        }
        if tokio::time::timeout(SETTLE_LIMIT, self.settle_background())
            .await
            .is_err()
        {
            tracing::warn!("puzzles still being made; choosing from the ones ready");
        }
        let store = &self.inner.store;
        let platform = place.platform.as_str();
        let record = store.puzzle_solver(platform, &by.id).await?;
        let guild = place.guild.clone().unwrap_or_default();
        let here = community_of(platform, &guild, &place.channel);
        // The caller's open puzzle again, if it is from this community (a
        // puzzle is shown only where its game was rated) and it replays.
        let mut open = None;
        if let Some(id) = record.current_puzzle
            && let Some(a) = store.puzzle_attempt(id, platform, &by.id).await?
            && a.state == ATTEMPT_OPEN
            && let Some(row) = store.puzzle(id).await?
            && row.community == here
        {
            let line = Line::of(&row);
            let plies = usize::try_from(a.step * 2).unwrap_or(0);
            if let Some(game) = puzzle_game(&row, &line, plies) {
                open = Some((row, game));
            }
        }
        let (row, game) = match open {
            Some(found) => found,
            None => {
                let (row, _) = store
                    .pick_puzzle(&here, platform, &by.id)
                    .await?
                    .ok_or_else(|| user("no_puzzle", msg::puzzle_none(loc)))?;
                let line = Line::of(&row);
                // Checked before it becomes anyone's puzzle: one that does
                // not replay is never handed out.
                let game = puzzle_game(&row, &line, 0).ok_or_else(|| {
                    tracing::warn!(puzzle = row.id, "a stored puzzle does not replay");
                    user("no_puzzle", msg::puzzle_none(loc))
                })?;
                (row, game)
            }
        };
        store
            .start_puzzle(row.id, platform, &by.id, &by.name, true, ms(self.now()))
            .await?;
        let solver = solver_color(&row);
        let own = row.solver_id == by.id && row.missed == 1;
        let mut r = reply(
            place,
            msg::puzzle_shown(
                loc,
                row.id,
                &row.theme,
                row.game_id,
                &row.white_name,
                &row.black_name,
                own,
                solver.name(),
                record.streak,
                record.solved,
            ),
        );
        r.ephemeral = true;
        r.board = Some(puzzle_image(&row, &game, solver));
        r.event = Some(puzzle_event(&row, &game, solver, false));
        Ok(vec![r])
    }

    /// `solve`: an answer to the caller's current puzzle (or `id`).
    pub(super) async fn solve(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        text: &str,
        id: Option<i64>,
    ) -> Handled {
        let text = text.trim();
        let typed = TypedMove::read(loc, text)?;
        let store = &self.inner.store;
        let platform = place.platform.as_str();
        let now = ms(self.now());
        let record = store.puzzle_solver(platform, &by.id).await?;
        let daily = store.latest_post(platform, &place.channel).await?;
        let target = match id {
            Some(n) => {
                let daily_one = daily.as_ref().is_some_and(|d| d.puzzle_id == n);
                if record.current_puzzle != Some(n) && !daily_one {
                    return Err(match store.puzzle(n).await? {
                        Some(_) => user("not_your_puzzle", msg::puzzle_not_yours(loc, n)),
                        None => user("no_puzzle", msg::puzzle_none(loc)),
                    });
                }
                n
            }
            None => {
                let own = record
                    .current_puzzle
                    .map(|p| (p, record.current_since.unwrap_or(0)));
                let mut daily_open = None;
                if let Some(d) = &daily {
                    let finished = store
                        .puzzle_attempt(d.puzzle_id, platform, &by.id)
                        .await?
                        .is_some_and(|a| a.state != ATTEMPT_OPEN);
                    if !finished {
                        daily_open = Some((d.puzzle_id, d.created_at));
                    }
                }
                match (own, daily_open) {
                    (Some(o), Some(d)) if d.1 > o.1 => d.0,
                    (Some(o), _) => o.0,
                    (None, Some(d)) => d.0,
                    (None, None) => return Err(user("no_puzzle", msg::puzzle_none(loc))),
                }
            }
        };
        let row = store
            .puzzle(target)
            .await?
            .ok_or_else(|| user("no_puzzle", msg::puzzle_none(loc)))?;
        // Solved only in the community it belongs to.
        let guild = place.guild.clone().unwrap_or_default();
        if row.community != community_of(platform, &guild, &place.channel) {
            return Err(user("no_puzzle", msg::puzzle_none(loc)));
        }
        store
            .start_puzzle(row.id, platform, &by.id, &by.name, false, now)
            .await?;
        let attempt = store
            .puzzle_attempt(row.id, platform, &by.id)
            .await?
            .ok_or_else(|| user("no_puzzle", msg::puzzle_none(loc)))?;
        if attempt.state != ATTEMPT_OPEN {
            return Err(user("no_puzzle", msg::puzzle_finished(loc, row.id)));
        }
        let line = Line::of(&row);
        let done_plies = usize::try_from(attempt.step * 2).unwrap_or(0);
        let game = puzzle_game(&row, &line, done_plies)
            .ok_or_else(|| user("no_puzzle", msg::puzzle_none(loc)))?;
        let Some(expected) = line.uci.get(done_plies) else {
            return Err(user("no_puzzle", msg::puzzle_finished(loc, row.id)));
        };
        let mut tried = game.clone();
        let (mv, san) = typed
            .play(&mut tried)
            .map_err(|e| user(error_code_of(&e), msg::move_error(loc, &e, text)))?;
        let solver = solver_color(&row);
        let correct = mv.uci() == *expected || tried.position().is_checkmate();
        let read = (attempt.step, attempt.misses);
        let shown = msg::san_local(loc, &san);
        let mut r = if correct {
            let last = done_plies + 1 >= line.uci.len() || tried.outcome().is_some();
            if last {
                let after = store
                    .answer_puzzle(
                        row.id,
                        platform,
                        &by.id,
                        read,
                        (attempt.step + 1, attempt.misses),
                        ATTEMPT_SOLVED,
                        now,
                    )
                    .await?;
                let mut r = reply(
                    place,
                    msg::puzzle_solved(
                        loc,
                        row.id,
                        &line_text(loc, &line),
                        after.streak,
                        after.solved,
                    ),
                );
                r.board = Some(puzzle_image(&row, &tried, solver));
                r.event = Some(Event::Solved {
                    puzzle: row.id,
                    correct: true,
                    done: true,
                    solution: Some(line.san.clone()),
                    streak: after.streak,
                    reply: None,
                });
                r
            } else {
                let reply_uci = &line.uci[done_plies + 1];
                let reply_move = move_from_uci(tried.position(), reply_uci)
                    .ok_or_else(|| user("no_puzzle", msg::puzzle_none(loc)))?;
                let reply_san = tried.position().san(reply_move);
                let mut next = tried.clone();
                next.play(reply_move)
                    .map_err(|_| user("no_puzzle", msg::puzzle_none(loc)))?;
                let after = store
                    .answer_puzzle(
                        row.id,
                        platform,
                        &by.id,
                        read,
                        (attempt.step + 1, attempt.misses),
                        ATTEMPT_OPEN,
                        now,
                    )
                    .await?;
                let mut r = reply(
                    place,
                    msg::puzzle_right(loc, &shown, &msg::san_local(loc, &reply_san)),
                );
                r.board = Some(puzzle_image(&row, &next, solver));
                r.event = Some(Event::Solved {
                    puzzle: row.id,
                    correct: true,
                    done: false,
                    solution: None,
                    streak: after.streak,
                    reply: Some(reply_san),
                });
                r
            }
        } else {
            let misses = attempt.misses + 1;
            let failed = misses >= MAX_MISSES;
            let state = if failed { ATTEMPT_FAILED } else { ATTEMPT_OPEN };
            let after = store
                .answer_puzzle(
                    row.id,
                    platform,
                    &by.id,
                    read,
                    (attempt.step, misses),
                    state,
                    now,
                )
                .await?;
            let text = if failed {
                msg::puzzle_failed(loc, &shown, &line_text(loc, &line))
            } else {
                msg::puzzle_wrong(loc, &shown)
            };
            let mut r = reply(place, text);
            r.event = Some(Event::Solved {
                puzzle: row.id,
                correct: false,
                done: failed,
                solution: failed.then(|| line.san.clone()),
                streak: after.streak,
                reply: None,
            });
            r
        };
        r.ephemeral = true;
        Ok(vec![r])
    }

    /// `puzzle daily:on|off`: moderators set this channel's daily puzzle.
    async fn puzzle_daily(
        &self,
        loc: Locale,
        place: &Place,
        daily: PuzzleDaily,
        moderator: bool,
    ) -> Handled {
        if !moderator {
            return Err(user("not_allowed", msg::puzzle_daily_moderators(loc)));
        }
        let store = &self.inner.store;
        let now = self.now();
        let text = match daily {
            PuzzleDaily::On { hour } => {
                let hour = hour.unwrap_or(DEFAULT_DAILY_HOUR).min(23);
                let next = next_at_hour(now, u32::from(hour));
                let guild = place.guild.clone().unwrap_or_default();
                store
                    .set_daily(
                        &place.platform,
                        &guild,
                        &place.channel,
                        &community_of(&place.platform, &guild, &place.channel),
                        i64::from(hour),
                        ms(next),
                        ms(now),
                    )
                    .await?;
                self.note_due(ms(next));
                msg::puzzle_daily_on(loc, &format!("{hour:02}:00"), &msg::deadline(next))
            }
            PuzzleDaily::Off => {
                store
                    .stop_daily(&place.platform, &place.channel, ms(now))
                    .await?;
                msg::puzzle_daily_off(loc)
            }
        };
        Ok(vec![reply(place, text)])
    }

    /// Claims the daily puzzles due now (see
    /// [`GameService::claim_due`]): first the posts another process
    /// claimed but never posted, then the dailies whose hour came.
    pub(super) async fn claim_daily_puzzles(
        &self,
        platform: Option<&str>,
        now: i64,
        lease: i64,
        room: i64,
    ) -> Vec<DueAnnouncement> {
        let store = &self.inner.store;
        let mut out = Vec::new();
        match store
            .expired_puzzle_announcements(platform, now, room)
            .await
        {
            Ok(rows) => {
                for a in rows {
                    match self.reclaim_daily(&a, lease).await {
                        Ok(Some(due)) => out.push(due),
                        Ok(None) => {}
                        Err(e) => {
                            tracing::error!(announcement = a.id, error = ?e, "re-posting a daily puzzle failed");
                        }
                    }
                }
            }
            Err(e) => tracing::error!(error = %e, "loading unposted daily puzzles failed"),
        }
        let room = room - out.len() as i64;
        if room <= 0 {
            return out;
        }
        let due = match store.due_dailies(platform, now, room).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "loading due daily puzzles failed");
                return out;
            }
        };
        for daily in due {
            match self.fire_daily(&daily, now, lease).await {
                Ok(Some(d)) => out.push(d),
                Ok(None) => {}
                Err(e) => tracing::error!(daily = daily.id, error = ?e, "daily puzzle failed"),
            }
        }
        out
    }

    /// Claims one daily's post for the latest hour due, moving its next
    /// post to the following day: exactly one post per channel and day.
    async fn fire_daily(
        &self,
        daily: &DailyRow,
        now: i64,
        lease: i64,
    ) -> Result<Option<DueAnnouncement>, Failure> {
        let store = &self.inner.store;
        let hour = u32::try_from(daily.hour).unwrap_or(u32::from(DEFAULT_DAILY_HOUR));
        let at = last_at_hour(from_ms(now), hour);
        let next = ms(at) + DAY_MS;
        let day = at.format("%Y-%m-%d").to_string();
        let puzzle = store
            .pick_daily_puzzle(daily, now - DAILY_WINDOW_MS)
            .await?;
        let claimed = store
            .claim_daily(daily, next, &day, puzzle.as_ref().map(|p| p.id), now, lease)
            .await?;
        self.note_due(next);
        match claimed {
            Some((announcement, post)) => self.daily_announcement_of(announcement, post).await,
            None => Ok(None),
        }
    }

    /// Takes over a daily post whose claimer died before posting it.
    async fn reclaim_daily(
        &self,
        a: &PuzzleAnnouncementRow,
        lease: i64,
    ) -> Result<Option<DueAnnouncement>, Failure> {
        if !self
            .inner
            .store
            .renew_puzzle_announcement(a.id, a.lease_until, lease)
            .await?
        {
            return Ok(None);
        }
        self.daily_announcement_of(a.id, a.puzzle_post_id).await
    }

    /// The post of a daily puzzle: the board from the side to move, and
    /// who solved the previous one first.
    async fn daily_announcement_of(
        &self,
        announcement: i64,
        post_id: i64,
    ) -> Result<Option<DueAnnouncement>, Failure> {
        let store = &self.inner.store;
        let Some(post) = store.puzzle_post(post_id).await? else {
            store.ack_puzzle_announcement(announcement).await?;
            return Ok(None);
        };
        let Some(row) = store.puzzle(post.puzzle_id).await? else {
            store.ack_puzzle_announcement(announcement).await?;
            return Ok(None);
        };
        let place = post_place(&post);
        let loc = self.channel_locale(&place).await.unwrap_or_default();
        let line = Line::of(&row);
        let Some(game) = puzzle_game(&row, &line, 0) else {
            store.ack_puzzle_announcement(announcement).await?;
            return Ok(None);
        };
        let solver = solver_color(&row);
        let mut text = msg::puzzle_daily(loc, row.id, solver.name(), &row.theme);
        if let Some(prev) = store.previous_post(post.daily_id, post.id).await? {
            text.push('\n');
            text.push_str(
                &match store.first_solver(prev.puzzle_id, prev.created_at).await? {
                    Some(name) => msg::puzzle_daily_first(loc, &name),
                    None => msg::puzzle_daily_unsolved(loc),
                },
            );
        }
        let mut r = Reply::new(place, text, loc);
        r.board = Some(puzzle_image(&row, &game, solver));
        r.event = Some(puzzle_event(&row, &game, solver, true));
        Ok(Some(DueAnnouncement {
            id: announcement,
            replies: vec![r],
            challenge: false,
            puzzle: true,
        }))
    }
}

/// The channel of a daily post.
fn post_place(post: &PostRow) -> Place {
    Place {
        platform: post.platform.clone(),
        guild: (!post.guild.is_empty()).then(|| post.guild.clone()),
        channel: post.channel.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_daily_hour_comes_next_today_or_tomorrow() {
        let morning = Utc.with_ymd_and_hms(2026, 12, 2, 9, 30, 0).unwrap();
        assert_eq!(
            next_at_hour(morning, 18),
            Utc.with_ymd_and_hms(2026, 12, 2, 18, 0, 0).unwrap()
        );
        assert_eq!(
            next_at_hour(morning, 9),
            Utc.with_ymd_and_hms(2026, 12, 3, 9, 0, 0).unwrap()
        );
        let at = Utc.with_ymd_and_hms(2026, 12, 2, 18, 0, 0).unwrap();
        assert_eq!(next_at_hour(at, 18), at + chrono::Duration::days(1));
        assert_eq!(last_at_hour(at, 18), at);
        assert_eq!(
            last_at_hour(morning, 18),
            Utc.with_ymd_and_hms(2026, 12, 1, 18, 0, 0).unwrap()
        );
    }
}
