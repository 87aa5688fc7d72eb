//! Puzzles from the players' own games: `puzzle` (a puzzle for the
//! caller, privately: their own missed chances first) and `solve`
//! (answers, two tries) here; how puzzles are made from a finished game's
//! analysis in `making.rs`, the daily puzzle of a channel in `daily.rs`.
//!
//! Each user's current puzzle is their own: the one `puzzle` last gave
//! them, or the daily puzzle of the channel when it was posted after that
//! (and they have not finished it). `solve puzzle:N` names one: the
//! caller's current puzzle or this channel's daily one, else
//! `not_your_puzzle`. A puzzle is shown only in the community whose
//! ratings its game counted in.

pub(crate) mod catalog;

/// The puzzle making this process runs in the background: the puzzles
/// area's own state.
#[derive(Default)]
pub(in crate::service) struct PuzzleJobs {
    /// The jobs, with the community each game counts in.
    pub(in crate::service) background: std::sync::Mutex<Vec<(String, tokio::task::JoinHandle<()>)>>,
    /// Games whose puzzles this process is making now.
    pub(in crate::service) games: std::sync::Mutex<std::collections::HashSet<i64>>,
}

use chrono::{DateTime, Utc};

use super::community::Community;
use super::game::{DAY_MS, Failure, GameService, Handled, from_ms, lock, ms, reply, user};
use super::games::deadlines::{DueWindow, claim_in_two_steps};
use super::move_input::{TypedMove, error_code_of};
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
/// The longest `puzzle` waits for puzzles still being made from its
/// community's games.
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

mod daily;
mod making;

impl GameService {
    /// `puzzle`: a puzzle for the caller (their open one again, else their
    /// own missed chances, else their games, else the community's), or the
    /// daily puzzle's setting.
    pub(in crate::service) async fn puzzle(
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
        let platform = place.platform.as_str();
        let guild = place.guild.clone().unwrap_or_default();
        let here = Community::of(platform, &guild, &place.channel).key();
        if tokio::time::timeout(SETTLE_LIMIT, self.settle_community(&here))
            .await
            .is_err()
        {
            tracing::warn!("puzzles still being made; choosing from the ones ready");
        }
        let store = &self.inner.store;
        let record = store.puzzle_solver(platform, &by.id).await?;
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
    pub(in crate::service) async fn solve(
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
        if row.community != Community::of(platform, &guild, &place.channel).key() {
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
        let (mv, san) = typed.play(&mut tried).map_err(|e| {
            let refusal = typed.refusal(loc, game.position(), &e);
            user(error_code_of(&e), refusal)
        })?;
        let solver = solver_color(&row);
        // Compared as moves, not texts: a stored castle may be written
        // king-takes-rook (Chess960) or king-to-square.
        let correct =
            move_from_uci(game.position(), expected) == Some(mv) || tried.position().is_checkmate();
        let read = (attempt.step, attempt.misses);
        // Records the answer: the try moves on from what was read (stale if
        // another answer came first).
        let answer = async |next: (i64, i64), state: &str| {
            store
                .answer_puzzle(row.id, platform, &by.id, read, next, state, now)
                .await
        };
        let shown = msg::san_local(loc, &san);
        let mut r = if correct {
            let last = done_plies + 1 >= line.uci.len() || tried.outcome().is_some();
            if last {
                let after = answer((attempt.step + 1, attempt.misses), ATTEMPT_SOLVED).await?;
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
                let after = answer((attempt.step + 1, attempt.misses), ATTEMPT_OPEN).await?;
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
            let after = answer((attempt.step, misses), state).await?;
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
}
