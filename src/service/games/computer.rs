//! Playing the computer: `computer` starts a game against the engine at
//! once; the engine answers each move (and catches up on a move it still
//! owes after a failure or a restart), a takeback undoes both plies at
//! once, and draw offers are answered by the engine's evaluation. The
//! engine's clock never runs and these games are never rated.

use std::time::Duration;

use super::{
    Action, Actor, ColorChoice, Command, ComputerOptions, Place, Reply, Subject, messages as msg,
};
use crate::chess::{Color, Outcome, RulesMode, Termination};
use crate::engine::{EngineError, Level, accepts_draw, uci_moves};
use crate::i18n::Locale;
use crate::store::{GameRow, NewGame, StoreError};

use super::game::{
    Failure, GameService, Handled, Loaded, error_reply, failure_reply, from_ms, key, move_number,
    ms, random_bool, reply, user,
};

/// The level of `computer` when none is given: a beginner-friendly
/// opponent that still punishes loose pieces.
pub const DEFAULT_LEVEL: u8 = 3;

/// The id prefix of the engine as a player (`engine:stockfish:3` at level
/// 3). No platform gives a user such an id: Discord ids are numbers, Matrix
/// ids start with `@`, console names have no `:`.
pub const ENGINE_ID_PREFIX: &str = "engine:stockfish:";

/// How long the engine weighs a draw offer.
const DRAW_EVALUATION: Duration = Duration::from_millis(500);

/// The engine as a player at `level`: id `engine:stockfish:3`, name
/// `Stockfish level 3` (the name in every language: it is in the PGN).
#[must_use]
pub fn engine_actor(level: Level) -> Actor {
    Actor {
        id: format!("{ENGINE_ID_PREFIX}{level}"),
        name: format!("Stockfish level {level}"),
    }
}

/// Whether `id` is the engine's (a player nobody mentions).
#[must_use]
pub fn is_engine_id(id: &str) -> bool {
    id.starts_with(ENGINE_ID_PREFIX)
}

/// How long the engine has for a move it owes (its retries included).
pub const ENGINE_MOVE_DEADLINE_MS: i64 = 5 * 60 * 1000;

/// The deadline and reminder columns of a turn the engine owes from `now`
/// (the reminder is the deadline: there is nobody to remind).
pub(in crate::service) fn engine_turn_times(now: i64) -> (i64, i64) {
    let d = now + ENGINE_MOVE_DEADLINE_MS;
    (d, d)
}

/// The engine's colour and level in a game against the computer; `None`
/// in a game between people.
pub(in crate::service) fn engine_side(row: &GameRow) -> Option<(Color, Level)> {
    let level = |id: &str| id.strip_prefix(ENGINE_ID_PREFIX)?.parse::<Level>().ok();
    match (level(&row.white_id), level(&row.black_id)) {
        (Some(l), None) => Some((Color::White, l)),
        (None, Some(l)) => Some((Color::Black, l)),
        _ => None,
    }
}

/// What came of the engine's turn.
pub(in crate::service) enum EngineTurn {
    /// Not the engine's move (or another command played it first).
    NotItsTurn,
    /// The engine moved: its move's replies (and the end's, if it ended
    /// the game).
    Moved(Vec<Reply>),
    /// The engine could not answer: the notice; the game waits for its move.
    Failed(Box<Reply>),
}

/// The notice that the engine owes a move it could not find (logged here,
/// once).
fn no_answer(loc: Locale, place: &Place, e: &EngineError) -> Reply {
    if e.is_unavailable() {
        tracing::info!(error = %e, "no engine for the computer's move; the game waits");
    } else {
        tracing::warn!(error = %e, "the engine did not answer; the game waits for its move");
    }
    error_reply(place, "engine_unavailable", msg::engine_no_answer(loc))
}

/// What [`GameService::catch_up`] did before a command.
#[derive(Default)]
pub(in crate::service) struct CaughtUp {
    /// The replies to post first (the computer's owed move, or why it
    /// still cannot play).
    pub owed: Vec<Reply>,
    /// Whether the command is not to be carried out.
    pub skip: bool,
    /// The channel's active game between people, as read (a
    /// move reads its game once).
    pub read: Option<GameRow>,
}

impl GameService {
    /// `computer [level] [color] [days] [fen]`: a game against the engine,
    /// started at once (house rules, never rated). When the engine has the
    /// first move it plays it at once.
    pub(in crate::service) async fn computer(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        options: ComputerOptions,
        guild_locale: Option<Locale>,
    ) -> Handled {
        let Some(level) = Level::new(options.level) else {
            let given = options.level.to_string();
            return Err(user("invalid_option", msg::bad_level(loc, &given)));
        };
        if !(1..=14).contains(&options.days) {
            let given = options.days.to_string();
            return Err(user("invalid_option", msg::bad_days(loc, &given)));
        }
        let start = super::chess960::choose_start(
            loc,
            options.variant,
            options.position,
            options.fen.as_deref(),
            RulesMode::House,
        )?;
        let (variant, number) = (start.variant, start.position);
        let game = start.game;
        if options.fen.is_some() {
            self.refuse_engine_oracle(loc, place, by, game.position())
                .await?;
        }
        if let Err(e) = self.inner.engine.check() {
            tracing::info!(error = %e, "no engine: computer refused");
            return Err(user("engine_unavailable", msg::engine_unavailable(loc)));
        }
        self.refuse_if_busy(loc, place).await?;
        let human = match options.color {
            ColorChoice::White => Color::White,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random if random_bool() => Color::White,
            ColorChoice::Random => Color::Black,
        };
        let engine = engine_actor(level);
        let (white, black) = match human {
            Color::White => (by.clone(), engine),
            Color::Black => (engine, by.clone()),
        };
        let start_fen = game.position().fen();
        let engine_first = game.position().turn() != human;
        let now = ms(self.now());
        let days = i64::from(options.days);
        // The human's clock (a vacation of theirs respected).
        let (deadline_at, remind_at) = self
            .turn_times_for(&place.platform, &by.id, now, days)
            .await?;
        // The engine's first move has a deadline too: an engine that never
        // answers must not hold the game.
        let (row_deadline, row_remind) = if engine_first {
            engine_turn_times(now)
        } else {
            (deadline_at, remind_at)
        };
        let players = [(&*white.id, &*white.name), (&*black.id, &*black.name)];
        let new = NewGame {
            start_fen: start_fen.clone(),
            variant: variant.as_str().to_string(),
            start_position: number.map(i64::from),
            ..NewGame::between(key(place), players, days, (row_deadline, row_remind), now)
        };
        let id = match self.inner.store.insert_game(&new, true).await {
            Ok(id) => id,
            Err(StoreError::Busy) => {
                return Err(user(
                    "game_in_progress",
                    msg::game_in_progress(loc, 0, &white.name, &black.name),
                ));
            }
            Err(e) => return Err(e.into()),
        };
        if let Some(g) = guild_locale {
            // For posts no command causes (reminders, time-outs).
            self.inner.store.set_game_locale(id, Some(g.code())).await?;
        }
        self.note_due(row_remind);
        let mut text = msg::computer_started(
            loc,
            id,
            &white.name,
            &black.name,
            engine_first,
            &by.name,
            &msg::deadline(from_ms(deadline_at)),
        );
        if let Some(line) = super::chess960::start_line(loc, variant, number) {
            text.push('\n');
            text.push_str(&line);
        }
        let mut r = reply(place, text);
        let (board, event) = super::start_announcement(
            [&white, &black],
            start_fen.clone(),
            None,
            &start_fen,
            (variant, number),
            msg::time_left(loc, deadline_at - now),
        );
        // When the engine moves first, its move's board follows at once.
        if !engine_first {
            r.board = Some(board);
        }
        r.event = Some(event);
        // Mentioned so that a Discord game thread adds the player.
        r.mentions = vec![by.clone()];
        r.actions = vec![Action::Resign];
        r.subject = Some(Subject::Game(id));
        Ok(self.engine_answers(loc, place, id, vec![r]).await)
    }

    /// The engine's answer right after `replies` (a human's move in game
    /// `id`, or the start of a game where the computer moves first): its
    /// move follows them and the board goes with its move only; nobody is
    /// mentioned (the human is here). When the engine cannot answer, its
    /// notice follows instead and the game waits for its move.
    pub(in crate::service) async fn engine_answers(
        &self,
        loc: Locale,
        place: &Place,
        id: i64,
        mut replies: Vec<Reply>,
    ) -> Vec<Reply> {
        let l = match self.active(place).await {
            Ok(Some(l)) if l.row.id == id => l,
            Ok(_) => return replies,
            Err(f) => {
                replies.push(failure_reply(loc, place, f));
                return replies;
            }
        };
        match self.engine_turn(loc, place, l).await {
            EngineTurn::NotItsTurn => {}
            EngineTurn::Moved(mut answer) => {
                for r in &mut replies {
                    r.board = None;
                    r.actions.clear();
                }
                for r in &mut answer {
                    r.mentions.clear();
                }
                replies.append(&mut answer);
            }
            EngineTurn::Failed(notice) => replies.push(*notice),
        }
        replies
    }

    /// Plays the engine's move in `l` if it is the engine's turn, through
    /// the same write path as a human's move (the ply check included).
    pub(in crate::service) async fn engine_turn(
        &self,
        loc: Locale,
        place: &Place,
        l: Loaded,
    ) -> EngineTurn {
        let Some((color, level)) = engine_side(&l.row) else {
            return EngineTurn::NotItsTurn;
        };
        if !l.row.is_active() || l.game.outcome().is_some() || l.game.position().turn() != color {
            return EngineTurn::NotItsTurn;
        }
        let moves = uci_moves(&l.game);
        let found = self
            .inner
            .engine
            .best_move(&l.row.start_fen, &moves, level)
            .await;
        let mv = match found {
            Ok(mv) => mv,
            Err(e) => return EngineTurn::Failed(Box::new(no_answer(loc, place, &e))),
        };
        let number = move_number(l.game.position());
        let mut game = l.game.clone();
        let san = match game.play(mv) {
            Ok(san) => san.to_string(),
            Err(e) => {
                let e = EngineError::Protocol(format!("move {} refused: {e}", mv.uci()));
                return EngineTurn::Failed(Box::new(no_answer(loc, place, &e)));
            }
        };
        match self
            .commit_move(loc, place, l, game, color, mv, san, number)
            .await
        {
            Ok(replies) => EngineTurn::Moved(replies),
            Err(Failure::Stale) => EngineTurn::NotItsTurn,
            Err(f) => EngineTurn::Failed(Box::new(failure_reply(loc, place, f))),
        }
    }

    /// Before a command that acts on the position (`move`, `board`,
    /// `claim`, `draw`, `takeback`): if the computer still owes a move in
    /// this channel's game (it failed earlier, or the bot restarted in
    /// between), it plays it now. Returns the replies to post first and
    /// whether the command is to be skipped: a move, claim, draw offer or
    /// takeback meant for the old position is not carried out
    /// (`position_changed`), and a move, claim or draw offer waits while the
    /// engine still cannot answer.
    ///
    /// A game between people is left as read: the command may go on from
    /// that row ([`CaughtUp::read`]) rather than read it again.
    pub(in crate::service) async fn catch_up(
        &self,
        loc: Locale,
        place: &Place,
        cmd: &Command,
    ) -> CaughtUp {
        let skip_when_failed = match cmd {
            Command::Board { .. } | Command::BoardWords(_) | Command::Takeback => false,
            Command::Move { .. } | Command::Claim { .. } | Command::Draw => true,
            _ => return CaughtUp::default(),
        };
        let row = match self.inner.store.active_game(&key(place)).await {
            Ok(Some(row)) if engine_side(&row).is_some() => row,
            Ok(Some(row)) => {
                return CaughtUp {
                    read: Some(row),
                    ..CaughtUp::default()
                };
            }
            // The command itself meets a database failure again and says so.
            _ => return CaughtUp::default(),
        };
        let Ok(l) = self.replay(row).await else {
            return CaughtUp::default();
        };
        match self.engine_turn(loc, place, l).await {
            EngineTurn::NotItsTurn => CaughtUp::default(),
            EngineTurn::Moved(mut owed) => {
                let skip = !matches!(cmd, Command::Board { .. } | Command::BoardWords(_));
                if skip {
                    owed.push(failure_reply(loc, place, Failure::Stale));
                }
                CaughtUp {
                    owed,
                    skip,
                    read: None,
                }
            }
            EngineTurn::Failed(notice) => CaughtUp {
                owed: vec![*notice],
                skip: skip_when_failed,
                read: None,
            },
        }
    }

    /// `takeback` against the computer, by the human (`me`): no
    /// confirmation; undoes the engine's reply and the human's move before
    /// it (or only the human's move while the engine still owes its reply).
    pub(in crate::service) async fn computer_takeback(
        &self,
        loc: Locale,
        place: &Place,
        l: Loaded,
        me: Color,
    ) -> Handled {
        let plies = if l.game.position().turn() == me { 2 } else { 1 };
        let (white_plies, black_plies) = l.game.plies_by();
        let mine = match me {
            Color::White => white_plies,
            Color::Black => black_plies,
        };
        if mine == 0 || l.game.moves().len() < plies {
            return Err(user("not_allowed", msg::nothing_to_take_back(loc)));
        }
        let now = ms(self.now());
        // The human is to move again.
        let (l, mut r) = self.take_back(loc, place, l, plies, now).await?;
        r.actions = vec![Action::Resign];
        r.subject = Some(Subject::Game(l.row.id));
        Ok(vec![r])
    }

    /// A draw offer to the computer (`engine`): accepted at once when its
    /// evaluation, from its own side, is within ±0.3 pawns after move 30
    /// ([`accepts_draw`]); else declined at once. Nothing is stored.
    pub(in crate::service) async fn computer_draw(
        &self,
        loc: Locale,
        place: &Place,
        l: Loaded,
        engine: Color,
    ) -> Handled {
        let moves = uci_moves(&l.game);
        let evaluation = self
            .inner
            .engine
            .evaluate(&l.row.start_fen, &moves, DRAW_EVALUATION)
            .await;
        let evaluation = match evaluation {
            Ok(e) => e,
            Err(e) => return Ok(vec![no_answer(loc, place, &e)]),
        };
        let cp = evaluation.score.for_side(Color::White, engine).ceiled_cp();
        let fullmove = l.game.position().fullmove_number();
        tracing::debug!(cp, fullmove, "draw offered to the computer");
        if accepts_draw(cp, fullmove) {
            let outcome = Outcome::new(None, Termination::Agreement);
            return self.finish(loc, place, l, outcome, None).await;
        }
        Ok(vec![reply(
            place,
            msg::computer_draw_declined(loc, l.name(engine)),
        )])
    }
}

impl GameService {
    /// Refuses an engine game from `position` when it stands in one of the
    /// caller's running games against a person: the engine's moves there
    /// would be an oracle for that game (docs/RULES.md, fair play).
    async fn refuse_engine_oracle(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        position: &crate::chess::Position,
    ) -> Result<(), Failure> {
        let running = self
            .inner
            .store
            .active_games_of(&place.platform, &by.id)
            .await?;
        let standing = running.iter().any(|g| {
            !is_engine_id(&g.white_id)
                && !is_engine_id(&g.black_id)
                && super::chess960::read_any_fen(&g.fen).is_ok_and(|p| &p == position)
        });
        if standing {
            return Err(user("not_allowed", msg::engine_oracle_refused(loc)));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_players_have_reserved_ids_and_readable_names() {
        let a = engine_actor(Level::MIN);
        assert_eq!(a.id, "engine:stockfish:1");
        assert_eq!(a.name, "Stockfish level 1");
        assert!(is_engine_id(&a.id));
        for user in ["123456789", "@alice:example.org", "alice", "engine"] {
            assert!(!is_engine_id(user), "{user}");
        }
    }
}
