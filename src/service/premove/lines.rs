//! Conditional moves (`premove`).
//!
//! A player queues lines while the opponent is to move: the opponent's
//! expected move, then the owner's reply, alternating. The lines of a game
//! form a tree (shared beginnings merge; two different replies to the same
//! position are refused). When the opponent's move matches a line, the
//! owner's reply is played in the same transaction as that move (so two
//! processes never play it twice) and the rest of the line stays queued; a
//! move that matches no line clears them, as do a takeback and the end of
//! the game (the store deletes them there). Only the owner ever sees the
//! lines; the opponent learns of a line only when its reply is played,
//! announced like any move and marked as conditional.
//!
//! The tree of lines itself is in `line_tree.rs`, notes (`note`) in
//! `notes.rs`; the caller's game for both (`own_game`) and the lines and
//! notes listed by `games` are here.

use super::game::{Failure, GameService, Handled, Loaded, from_ms, move_number, ms, reply, user};
use super::line_tree::{Lines, decode, encode, follow, line_tokens, merge, sans_of};
use super::move_input::{TypedMove, error_code_of};
use super::records::rating_update;
use super::{Action, Actor, Event, Place, Reply, Subject, messages as msg};
use crate::chess::{Color, Game, Move, MoveInputError};
use crate::i18n::Locale;
use crate::service::games::play::after_moves;
use crate::store::{Applied, GameUpdate, LinesCheck, MoveRow, PremoveRow};

/// Most lines (leaves of the tree) a player may queue in one game.
pub const MAX_PREMOVE_LINES: usize = 20;
/// Most plies of one line (the opponent's moves and the replies).
pub const MAX_PREMOVE_PLIES: usize = 40;
// The note's limit, re-exported where the service has always named it.
pub use super::notes::MAX_NOTE_CHARS;
/// How often a move or an edit is tried again when the lines changed
/// under it (another process edited them at the same moment).
const RETRIES: usize = 3;

/// What `premove` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PremoveAction {
    /// Show the caller's lines (`premove` alone, `premove list`).
    List,
    /// Remove them all (`premove clear`).
    Clear,
    /// Queue a line: moves as typed, separated by spaces (move numbers
    /// such as `5.` or `5...` are skipped).
    Line(String),
}

/// The owner's conditional reply that a move triggers.
pub(in crate::service) struct ConditionalReply {
    mv: Move,
    san: String,
    /// The move number of the reply (`5... `).
    number: String,
    /// The game after the reply.
    game: Game,
}

/// What a move does to the waiting player's lines.
pub(in crate::service) struct ConditionalPlan {
    pub(in crate::service) check: LinesCheck,
    pub(in crate::service) reply: Option<ConditionalReply>,
}

impl GameService {
    /// How the move `mv` of `me`, giving `game`, meets the opponent's
    /// lines `expected` (as the caller read them, [`Store::next_player`]):
    /// their reply if a line starts with it, else the lines go. `None` for
    /// games against the computer (no lines there).
    ///
    /// [`Store::next_player`]: crate::store::Store::next_player
    pub(in crate::service) fn conditional_plan(
        l: &Loaded,
        game: &Game,
        me: Color,
        mv: Move,
        expected: Option<PremoveRow>,
    ) -> Option<ConditionalPlan> {
        if super::computer::engine_side(&l.row).is_some() {
            return None;
        }
        let owner = l.player(me.other());
        let mut plan = ConditionalPlan {
            check: LinesCheck {
                player_id: owner.id,
                expected: expected.clone(),
                keep: None,
            },
            reply: None,
        };
        let Some(row) = expected.filter(|r| r.ply == l.row.ply) else {
            return Some(plan);
        };
        if game.outcome().is_some() {
            return Some(plan);
        }
        let Some((uci, rest)) = follow(&decode(&row.lines), &mv.uci()) else {
            return Some(plan);
        };
        let number = move_number(game.position());
        let mut after = game.clone();
        let Ok(reply_move) = after.position().parse_move(&uci) else {
            return Some(plan);
        };
        let Ok(san) = after.play(reply_move).map(str::to_string) else {
            return Some(plan);
        };
        if after.outcome().is_none() && !rest.is_empty() {
            plan.check.keep = Some((l.row.ply + 2, encode(&rest)));
        }
        plan.reply = Some(ConditionalReply {
            mv: reply_move,
            san,
            number,
            game: after,
        });
        Some(plan)
    }

    /// Writes the move `row` of a game that the opponent's lines do not
    /// answer (clearing them), checking they did not change meanwhile:
    /// `Ok(None)` when they did (plan again).
    pub(in crate::service) async fn store_plain_move(
        &self,
        l: &Loaded,
        row: &MoveRow,
        update: &GameUpdate,
        plan: Option<&ConditionalPlan>,
    ) -> Result<Option<Option<crate::store::RatingChange>>, Failure> {
        let ratings = rating_update(&l.row);
        let Some(plan) = plan else {
            return Ok(Some(
                self.inner
                    .store
                    .apply_move(l.row.id, l.row.ply, row, update, ratings.as_ref())
                    .await?,
            ));
        };
        match self
            .inner
            .store
            .apply_moves(
                l.row.id,
                l.row.ply,
                std::slice::from_ref(row),
                update,
                ratings.as_ref(),
                &plan.check,
            )
            .await?
        {
            Applied::Done(change) => Ok(Some(change)),
            Applied::LinesChanged => Ok(None),
        }
    }

    /// The move `mv` of `me` (giving `game`) and the opponent's
    /// conditional reply in `plan`, in one transaction; announced as two
    /// moves, the reply marked conditional. No "your move" notice goes to
    /// the player whose reply was played: the notice (or the end of the
    /// game) follows the reply, as for any move of theirs.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::service) async fn commit_conditional(
        &self,
        loc: Locale,
        place: &Place,
        l: Loaded,
        game: Game,
        me: Color,
        (mv, san, number): (Move, String, String),
        plan: ConditionalPlan,
    ) -> Handled {
        let ConditionalPlan {
            check,
            reply: Some(cr),
        } = plan
        else {
            return Box::pin(self.commit_move(loc, place, l, game, me, mv, san, number)).await;
        };
        let now = ms(self.now());
        let owner = me.other();
        let outcome = cr.game.outcome();
        // The trigger's bank as after any move; the reply comes at once,
        // so the owner's bank only gains its increment.
        let banks = super::banks::banks_after_move(&l.row, me, now).map(|(white, black)| {
            let mut row = l.row.clone();
            row.white_bank_ms = Some(white);
            row.black_bank_ms = Some(black);
            row.deadline_at = None;
            super::banks::banks_after_move(&row, owner, now).unwrap_or((white, black))
        });
        let (deadline_at, remind_at) = match outcome {
            None => {
                let next = l.player(me);
                let (d, r) = self
                    .turn_start(
                        &l.row.platform,
                        &next.id,
                        now,
                        l.days(),
                        super::banks::bank_of(banks, me),
                        l.row.vacation_stops == 1,
                    )
                    .await?;
                (Some(d), Some(r))
            }
            Some(_) => (None, None),
        };
        let fen = cr.game.position().fen();
        let update = GameUpdate {
            fen: fen.clone(),
            // The trigger declines the owner's standing offer, the reply
            // the mover's.
            draw_offer: None,
            takeback_offer: None,
            deadline_at,
            remind_at,
            finish: outcome.map(|o| (o.result().to_string(), o.termination.as_str().to_string())),
            now,
            banks,
        };
        let rows = [
            MoveRow {
                ply: l.row.ply + 1,
                uci: mv.uci(),
                san: san.clone(),
                played_at: now,
            },
            MoveRow {
                ply: l.row.ply + 2,
                uci: cr.mv.uci(),
                san: cr.san.clone(),
                played_at: now,
            },
        ];
        let applied = self
            .inner
            .store
            .apply_moves(
                l.row.id,
                l.row.ply,
                &rows,
                &update,
                rating_update(&l.row).as_ref(),
                &check,
            )
            .await?;
        let change = match applied {
            Applied::Done(change) => change,
            Applied::LinesChanged => {
                return Box::pin(self.commit_move(loc, place, l, game, me, mv, san, number)).await;
            }
        };
        self.remember(l.row.id, &cr.game);
        if let Some(r) = remind_at {
            self.note_due(r);
        }
        let trigger_fen = game.position().fen();
        let trigger_check = game.position().is_check();
        let l = Loaded {
            row: after_moves(l.row, change, 2, (outcome, &update)),
            game: cr.game,
        };
        let mut first = reply(place, msg::moved_final(loc, l.name(me), &number, &san));
        first.event = Some(Event::Move {
            by: l.name(me).to_string(),
            san,
            uci: mv.uci(),
            fen: trigger_fen,
            check: trigger_check,
            premove: false,
            banks: banks.map(super::banks::Banks::from_ms),
            next: None,
        });
        let mut notice = None;
        let mut second = match outcome {
            None => {
                let deadline = deadline_at.unwrap_or(now);
                let mut r = reply(
                    place,
                    msg::premove_moved(
                        loc,
                        l.name(owner),
                        &cr.number,
                        &cr.san,
                        l.name(me),
                        &msg::deadline(from_ms(deadline)),
                    ),
                );
                r.board = Some(self.image(loc, &l, false));
                r.mentions = vec![l.player(me)];
                r.actions = vec![Action::Resign];
                r.subject = Some(Subject::Game(l.row.id));
                notice = self
                    .route_turn_notice(&l, owner, &cr.san, &cr.number, deadline, &mut r, None)
                    .await;
                r
            }
            Some(_) => reply(
                place,
                msg::premove_moved_final(loc, l.name(owner), &cr.number, &cr.san),
            ),
        };
        second.event = Some(Event::Move {
            by: l.name(owner).to_string(),
            san: cr.san,
            uci: cr.mv.uci(),
            fen,
            check: l.game.position().is_check(),
            premove: true,
            banks: banks.map(super::banks::Banks::from_ms),
            next: None,
        });
        Ok(self.move_posts(loc, place, &l, vec![first, second], notice, outcome))
    }

    /// The caller's game for `premove` and `note`: the one running here,
    /// or their game `id` on this platform (running, unless `finished_too`).
    pub(in crate::service) async fn own_game(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        id: Option<i64>,
        finished_too: bool,
    ) -> Result<(Loaded, Color), Failure> {
        let Some(id) = id else {
            return self.require_own_game(loc, place, by).await;
        };
        let row = match self.inner.store.game(id).await? {
            Some(row)
                if row.platform == place.platform
                    && (row.white_id == by.id || row.black_id == by.id) =>
            {
                row
            }
            _ => return Err(user("no_game", msg::no_such_game(loc, id))),
        };
        if !row.is_active() && !finished_too {
            return Err(user("no_game", msg::premove_game_over(loc, id)));
        }
        let l = self.replay(row).await?;
        let me = l.require_player(loc, by)?;
        Ok((l, me))
    }

    /// `premove`: list, clear or queue the caller's conditional lines.
    /// Every answer is private.
    pub(in crate::service) async fn premove(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        game: Option<i64>,
        action: PremoveAction,
    ) -> Handled {
        let mut tries = 0;
        loop {
            match self.premove_once(loc, place, by, game, &action).await {
                Err(Failure::Stale) if tries + 1 < RETRIES => tries += 1,
                other => return other,
            }
        }
    }

    async fn premove_once(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        game: Option<i64>,
        action: &PremoveAction,
    ) -> Handled {
        let (l, me) = self.own_game(loc, place, by, game, false).await?;
        let id = l.row.id;
        let stored = self.inner.store.premove(id, &by.id).await?;
        let current: Lines = stored
            .as_ref()
            .filter(|r| r.ply == l.row.ply)
            .map(|r| decode(&r.lines))
            .unwrap_or_default();
        let now = ms(self.now());
        match action {
            PremoveAction::List => Ok(vec![self.lines_reply(loc, place, &l, &current, None)]),
            PremoveAction::Clear => {
                if stored.is_some() {
                    self.inner
                        .store
                        .set_premove(id, l.row.ply, &by.id, stored.as_ref(), None, now)
                        .await?;
                }
                let mut r = reply(place, msg::premove_cleared(loc, id));
                r.ephemeral = true;
                r.event = Some(Event::Premove {
                    game: id,
                    lines: Vec::new(),
                });
                Ok(vec![r])
            }
            PremoveAction::Line(text) => {
                if super::computer::engine_side(&l.row).is_some() {
                    return Err(user("not_allowed", msg::premove_computer(loc)));
                }
                if l.game.position().turn() == me {
                    return Err(user("not_allowed", msg::premove_own_turn(loc, id)));
                }
                let new = self.typed_line(loc, &l, text)?;
                let merged = merge(&current, &new).map_err(|(k, old)| {
                    let sans = sans_of(&l.game, &new[..=k]);
                    let old_san = sans_of(&l.game, &old[..=k]);
                    let p = l.game.position();
                    let path = msg::premove_moves(
                        loc,
                        p.fullmove_number(),
                        p.turn() == Color::White,
                        &sans[..k],
                    );
                    let last = |s: &[String]| s.last().cloned().unwrap_or_default();
                    user(
                        "invalid_option",
                        msg::premove_conflict(loc, &path, &last(&old_san), &last(&sans)),
                    )
                })?;
                if merged.len() > MAX_PREMOVE_LINES {
                    return Err(user("limit", msg::premove_too_many(loc, MAX_PREMOVE_LINES)));
                }
                self.inner
                    .store
                    .set_premove(
                        id,
                        l.row.ply,
                        &by.id,
                        stored.as_ref(),
                        Some(&encode(&merged)),
                        now,
                    )
                    .await?;
                let heading = msg::premove_added(loc, id, merged.len());
                Ok(vec![self.lines_reply(
                    loc,
                    place,
                    &l,
                    &merged,
                    Some(heading),
                )])
            }
        }
    }

    /// A typed line checked move by move from the game's position (the
    /// same reading as `move`): its UCI moves.
    fn typed_line(&self, loc: Locale, l: &Loaded, text: &str) -> Result<Vec<String>, Failure> {
        let tokens = line_tokens(text);
        if tokens.is_empty() {
            return Err(user("invalid_notation", msg::premove_empty(loc)));
        }
        if tokens.len() > MAX_PREMOVE_PLIES {
            return Err(user("limit", msg::premove_too_long(loc, MAX_PREMOVE_PLIES)));
        }
        let mut game = l.game.clone();
        let mut ucis = Vec::with_capacity(tokens.len());
        for (i, t) in tokens.iter().enumerate() {
            let typed = TypedMove::read(loc, t)?;
            match typed.play(&mut game) {
                Ok((mv, _)) => ucis.push(mv.uci()),
                Err(MoveInputError::GameOver) => {
                    return Err(user("illegal_move", msg::premove_after_end(loc, i + 1)));
                }
                Err(e) => {
                    let detail = msg::move_error(loc, &e, t);
                    return Err(user(
                        error_code_of(&e),
                        msg::premove_bad_move(loc, i + 1, &detail),
                    ));
                }
            }
        }
        if tokens.len() % 2 == 1 {
            let last = tokens.last().map_or("", String::as_str);
            return Err(user("invalid_option", msg::premove_odd_line(loc, last)));
        }
        Ok(ucis)
    }

    /// The private listing of `lines` of `l` (with `heading`, else the
    /// list heading), and its `premove` event.
    fn lines_reply(
        &self,
        loc: Locale,
        place: &Place,
        l: &Loaded,
        lines: &[Vec<String>],
        heading: Option<String>,
    ) -> Reply {
        let id = l.row.id;
        let sans: Vec<Vec<String>> = lines.iter().map(|line| sans_of(&l.game, line)).collect();
        let text = if sans.is_empty() {
            msg::premove_none(loc, id)
        } else {
            let p = l.game.position();
            let mut out = vec![heading.unwrap_or_else(|| msg::premove_list(loc, id, sans.len()))];
            out.extend(sans.iter().map(|s| {
                msg::premove_moves(loc, p.fullmove_number(), p.turn() == Color::White, s)
            }));
            out.join("\n")
        };
        let mut r = reply(place, text);
        r.ephemeral = true;
        r.event = Some(Event::Premove {
            game: id,
            lines: sans,
        });
        r
    }

    /// The caller's lines and notes of their running games on `platform`,
    /// by game, for `games`.
    pub(in crate::service) async fn games_extras(
        &self,
        platform: &str,
        by: &Actor,
    ) -> Result<std::collections::HashMap<i64, (usize, Option<String>)>, Failure> {
        let mut out = std::collections::HashMap::new();
        for row in self.inner.store.premoves_of(platform, &by.id).await? {
            let PremoveRow { game_id, lines, .. } = row;
            out.entry(game_id).or_insert((0, None)).0 = decode(&lines).len();
        }
        for (game_id, note) in self.inner.store.notes_of(platform, &by.id).await? {
            out.entry(game_id).or_insert((0, None)).1 = Some(note);
        }
        Ok(out)
    }
}
