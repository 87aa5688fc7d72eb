//! Play: moves, the end of a game, resigning, aborting, FIDE claims and
//! takebacks.

use super::{Action, Actor, Event, Place, Subject, messages as msg};
use crate::chess::{
    ClaimError, Color, Game, Move, MoveInputError, MoveText, Outcome, ParseMoveError, RulesMode,
    Termination,
};
use crate::i18n::Locale;
use crate::store::{GameRow, GameUpdate, MoveRow};

use super::computer::engine_side;
use super::game::{
    Failure, GameService, Handled, Loaded, color_str, failure_reply, from_ms, move_number, ms,
    reply, user,
};
use super::records::rating_update;

impl GameService {
    /// `read` is the channel's active game when the caller has just read
    /// it ([`GameService::catch_up`]); else it is read here.
    pub(in crate::service) async fn play(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        text: &str,
        read: Option<GameRow>,
    ) -> Handled {
        let typed = TypedMove::read(loc, text)?;
        let l = match read {
            Some(row) => self.replay(row).await?,
            None => self.require_active(loc, place).await?,
        };
        let me = l.require_player(loc, by)?;
        let turn = l.game.position().turn();
        if turn != me {
            return Err(user("not_your_turn", msg::not_your_turn(loc, l.name(turn))));
        }
        let number = move_number(l.game.position());
        let mut game = l.game.clone();
        let played = typed.play(&mut game);
        let (mv, san) = match played {
            Ok(played) => played,
            Err(e) => {
                let failure = user(error_code_of(&e), msg::move_error(loc, &e, &typed.text));
                let choices = promotion_choices(l.game.position(), &e);
                if choices.is_empty() {
                    return Err(failure);
                }
                // The same refusal, with a button per promotion piece for
                // the platforms that have buttons.
                let mut r = failure_reply(loc, place, failure);
                r.actions = choices;
                r.subject = Some(Subject::Game(l.row.id));
                return Ok(vec![r]);
            }
        };
        let (id, computer) = (l.row.id, engine_side(&l.row).is_some());
        let replies = self
            .commit_move(loc, place, l, game, me, mv, san, number)
            .await?;
        if computer {
            return Ok(self.engine_answers(loc, place, id, replies).await);
        }
        Ok(replies)
    }

    #[allow(clippy::too_many_arguments)]
    pub(in crate::service) async fn commit_move(
        &self,
        loc: Locale,
        place: &Place,
        l: Loaded,
        game: Game,
        me: Color,
        mv: Move,
        san: String,
        number: String,
    ) -> Handled {
        let now = ms(self.now());
        // What the move needs of the next player (their lines, vacation and
        // notify setting), read in one statement; not for the computer.
        let next_player = if engine_side(&l.row).is_none() {
            let next = l.player(me.other());
            Some(
                self.inner
                    .store
                    .next_player(l.row.id, &l.row.platform, &next.id, now)
                    .await?,
            )
        } else {
            None
        };
        // The waiting player's conditional lines meet this
        // move (a matching line's reply is played in the same transaction).
        let lines = next_player.as_ref().and_then(|n| n.lines.clone());
        let plan = match Self::conditional_plan(&l, &game, me, mv, lines) {
            Some(plan) if plan.reply.is_some() => {
                let moved = (mv, san, number);
                return Box::pin(self.commit_conditional(loc, place, l, game, me, moved, plan))
                    .await;
            }
            plan => plan,
        };
        let outcome = game.outcome();
        let opp = color_str(me.other());
        // A move declines the opponent's standing draw offer; one's own
        // offer stands until the opponent answers.
        let draw_offer = l.row.draw_offer.clone().filter(|o| *o != opp);
        let offer_lapsed = l.row.draw_offer.as_deref() == Some(opp.as_str()) && outcome.is_none();
        // The computer answers at once and has no clock.
        let engine_next = outcome.is_none()
            && engine_side(&l.row).is_some_and(|(engine, _)| engine == me.other());
        let banks = super::banks::banks_after_move(&l.row, me, now);
        let next_bank = super::banks::bank_of(banks, me.other());
        let stops = l.row.vacation_stops == 1;
        let (deadline_at, remind_at) = match outcome {
            None if !engine_next => {
                let (d, r) = match &next_player {
                    Some(n) => super::banks::turn_span(
                        n.vacation_ends_at.filter(|_| stops),
                        now,
                        l.days(),
                        next_bank,
                    ),
                    None => {
                        let next = l.player(me.other());
                        self.turn_start(&l.row.platform, &next.id, now, l.days(), next_bank, stops)
                            .await?
                    }
                };
                (Some(d), Some(r))
            }
            // The engine's move has a deadline.
            None => {
                let (d, r) = super::computer::engine_turn_times(now);
                self.note_due(r);
                (Some(d), Some(r))
            }
            _ => (None, None),
        };
        let fen = game.position().fen();
        let update = GameUpdate {
            fen: fen.clone(),
            draw_offer: if outcome.is_some() { None } else { draw_offer },
            takeback_offer: None,
            deadline_at,
            remind_at,
            finish: outcome.map(|o| (o.result().to_string(), o.termination.as_str().to_string())),
            now,
            banks,
        };
        // Chess960 castling is stored king-takes-rook (`e1h1`), which reads
        // back unambiguously where the king's destination would not.
        let row = MoveRow {
            ply: l.row.ply + 1,
            uci: game.uci(mv),
            san: san.clone(),
            played_at: now,
        };
        let Some(change) = self
            .store_plain_move(&l, &row, &update, plan.as_ref())
            .await?
        else {
            // The waiting player's lines changed meanwhile: plan again.
            return Box::pin(self.commit_move(loc, place, l, game, me, mv, san, number)).await;
        };
        self.remember(l.row.id, &game);
        if let Some(r) = remind_at {
            self.note_due(r);
        }
        let mut row = l.row;
        row.set_rating_change(change);
        row.ply += 1;
        if let Some(o) = outcome {
            row.status = crate::store::STATUS_FINISHED.to_string();
            row.result = Some(o.result().to_string());
            row.termination = Some(o.termination.as_str().to_string());
        }
        let l = Loaded { row, game };
        let check = l.game.position().is_check();
        let mut notice = None;
        let mut r = match outcome {
            None if !engine_next => {
                let next = l.name(me.other()).to_string();
                let mut text = msg::moved(
                    loc,
                    l.name(me),
                    &number,
                    &san,
                    &next,
                    &msg::deadline(from_ms(deadline_at.unwrap_or(now))),
                );
                // A move declines the opponent's standing offer;
                // say so rather than let it vanish.
                if offer_lapsed {
                    text.push(' ');
                    text.push_str(&msg::draw_offer_lapsed(loc, l.name(me), &next));
                }
                if let Some(b) = banks {
                    text.push('\n');
                    text.push_str(&super::banks::banks_line(
                        loc,
                        l.name(Color::White),
                        l.name(Color::Black),
                        b,
                    ));
                }
                let mut r = reply(place, text);
                r.board = Some(self.image(&l, false));
                r.mentions = vec![l.player(me.other())];
                r.actions = vec![Action::Resign];
                r.subject = Some(Subject::Game(l.row.id));
                let deadline = deadline_at.unwrap_or(now);
                let known = next_player
                    .as_ref()
                    .map(|n| super::comfort::notify_target_from(n.notify_target.as_deref()));
                notice = self
                    .route_turn_notice(&l, me, &san, &number, deadline, &mut r, known)
                    .await;
                r
            }
            None => {
                let mut r = reply(place, msg::moved_final(loc, l.name(me), &number, &san));
                r.board = Some(self.image(&l, false));
                r.actions = vec![Action::Resign];
                r.subject = Some(Subject::Game(l.row.id));
                r
            }
            Some(_) => reply(place, msg::moved_final(loc, l.name(me), &number, &san)),
        };
        r.event = Some(Event::Move {
            by: l.name(me).to_string(),
            san,
            uci: l.game.uci(mv),
            fen,
            check,
            premove: false,
            banks: banks.map(super::banks::Banks::from_ms),
        });
        let mut out = vec![r];
        out.extend(notice);
        if let Some(o) = outcome {
            out.extend(self.end_replies(loc, place, &l, o, None, None));
        }
        Ok(out)
    }

    pub(in crate::service) async fn finish(
        &self,
        loc: Locale,
        place: &Place,
        l: Loaded,
        outcome: Outcome,
        loser_hint: Option<Color>,
    ) -> Handled {
        let now = ms(self.now());
        let change = self
            .inner
            .store
            .finish_game(
                l.row.id,
                l.row.ply,
                outcome.result(),
                outcome.termination.as_str(),
                now,
                rating_update(&l.row).as_ref(),
            )
            .await?;
        let mut game = l.game;
        game.end(outcome);
        self.remember(l.row.id, &game);
        let mut row = l.row;
        row.set_rating_change(change);
        row.status = crate::store::STATUS_FINISHED.to_string();
        let l = Loaded { row, game };
        Ok(self.end_replies(loc, place, &l, outcome, loser_hint, None))
    }

    pub(in crate::service) async fn resign(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        only: Option<i64>,
    ) -> Handled {
        let l = self.require_game(loc, place, only).await?;
        let me = l.require_player(loc, by)?;
        // Before both sides have moved, resigning aborts (as on lichess):
        // no result, no rating change.
        // (A league game has a result from the first move on.)
        if !l.game.both_have_moved() && !self.is_league_game(l.row.id).await {
            let outcome = Outcome::new(None, Termination::Aborted);
            return self.finish(loc, place, l, outcome, None).await;
        }
        let outcome = l.game.forfeit_outcome(me, Termination::Resignation);
        self.finish(loc, place, l, outcome, Some(me)).await
    }

    pub(in crate::service) async fn abort(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
    ) -> Handled {
        let l = self.require_active(loc, place).await?;
        l.require_player(loc, by)?;
        // A league game is never aborted by its players.
        self.refuse_league_abort(loc, l.row.id).await?;
        if l.game.both_have_moved() {
            return Err(user("not_allowed", msg::abort_too_late(loc)));
        }
        let outcome = Outcome::new(None, Termination::Aborted);
        self.finish(loc, place, l, outcome, None).await
    }

    /// `claim [move]` (strict FIDE mode only): claims a threefold or
    /// 50-move draw standing now, or one the given move produces (FIDE
    /// 9.2.1.1, 9.3.1.1). A claim with a move that produces nothing to
    /// claim leaves the move played and the game going on.
    pub(in crate::service) async fn claim(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        text: Option<&str>,
    ) -> Handled {
        let l = self.require_active(loc, place).await?;
        let me = l.require_player(loc, by)?;
        let turn = l.game.position().turn();
        if l.rules() != RulesMode::Fide {
            return Err(user(
                "not_allowed",
                msg::claim_refused(loc, &ClaimError::NotFideMode),
            ));
        }
        if turn != me {
            return Err(user("not_your_turn", msg::not_your_turn(loc, l.name(turn))));
        }
        let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
            return match l.game.claimable_draw() {
                Ok(t) => {
                    self.finish(loc, place, l, Outcome::new(None, t), None)
                        .await
                }
                Err(e) => Err(user("not_allowed", msg::claim_refused(loc, &e))),
            };
        };
        let typed = TypedMove::read(loc, text)?;
        let number = move_number(l.game.position());
        let mut game = l.game.clone();
        let (mv, san) = typed
            .play(&mut game)
            .map_err(|e| user(error_code_of(&e), msg::move_error(loc, &e, text)))?;
        // A move that ends the game by itself (mate, fivefold) needs no claim.
        let refused = if game.outcome().is_some() {
            None
        } else {
            match game.claimable_draw() {
                Ok(t) => {
                    game.end(Outcome::new(None, t));
                    None
                }
                Err(e) => Some(e),
            }
        };
        let mut replies = self
            .commit_move(loc, place, l, game, me, mv, san, number)
            .await?;
        if let Some(e) = refused {
            replies.push(reply(place, msg::claim_refused_move_stands(loc, &e)));
        }
        Ok(replies)
    }

    /// Undoes the last `plies` moves of `l` (at most its move count) and
    /// starts the clock of the player then to move (vacations respected).
    /// Every standing draw offer followed a move this undoes (the
    /// opponent's move would have declined it), so it goes, as does the
    /// takeback request. The game after it and the new deadline.
    pub(in crate::service) async fn undo_plies(
        &self,
        l: Loaded,
        plies: usize,
        now: i64,
    ) -> Result<(Loaded, i64), Failure> {
        let mut game = l.game.clone();
        for _ in 0..plies {
            game.undo();
        }
        let next = l.player(game.position().turn());
        let next_bank =
            super::banks::bank_of(super::banks::stored_banks(&l.row), game.position().turn());
        let (deadline_at, remind_at) = self
            .turn_start(
                &l.row.platform,
                &next.id,
                now,
                l.days(),
                next_bank,
                l.row.vacation_stops == 1,
            )
            .await?;
        let update = GameUpdate {
            fen: game.position().fen(),
            draw_offer: None,
            takeback_offer: None,
            deadline_at: Some(deadline_at),
            remind_at: Some(remind_at),
            finish: None,
            now,
            banks: None,
        };
        let new_ply = l.row.ply - plies as i64;
        self.inner
            .store
            .take_back(l.row.id, l.row.ply, new_ply, &update)
            .await?;
        self.remember(l.row.id, &game);
        self.note_due(remind_at);
        let mut row = l.row;
        row.ply = new_ply;
        Ok((Loaded { row, game }, deadline_at))
    }

    pub(in crate::service) async fn takeback(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
    ) -> Handled {
        let l = self.require_active(loc, place).await?;
        let me = l.require_player(loc, by)?;
        if engine_side(&l.row).is_some() {
            return self.computer_takeback(loc, place, l, me).await;
        }
        let mine = color_str(me);
        let theirs = color_str(me.other());
        let now = ms(self.now());
        match l.row.takeback_offer.as_deref() {
            Some(o) if o == theirs => {
                // Undo the requester's last move (and my reply after it).
                let requester = me.other();
                let turn = l.game.position().turn();
                let plies = if turn == requester { 2 } else { 1 };
                // Moves brought in from a PGN are history, not undone.
                let own = l.game.moves().len().saturating_sub(imported(&l.row));
                if own < plies {
                    return Err(user("not_allowed", msg::nothing_to_take_back(loc)));
                }
                let moves = super::game::last_moves_text(loc, &l.game, plies);
                let (l, deadline_at) = self.undo_plies(l, plies, now).await?;
                let to_move = l.game.position().turn();
                let mut r = reply(
                    place,
                    msg::takeback_done(
                        loc,
                        plies,
                        &moves,
                        l.name(to_move),
                        &msg::deadline(from_ms(deadline_at)),
                    ),
                );
                r.board = Some(self.image(&l, false));
                r.mentions = vec![l.player(requester)];
                Ok(vec![r])
            }
            Some(o) if o == mine => Err(user("not_allowed", msg::takeback_already_requested(loc))),
            _ => {
                let (white_plies, black_plies) = l.game.plies_by();
                let mine_count = match me {
                    Color::White => white_plies,
                    Color::Black => black_plies,
                };
                if mine_count == 0 || l.game.moves().len() <= imported(&l.row) {
                    return Err(user("not_allowed", msg::nothing_to_take_back(loc)));
                }
                self.inner
                    .store
                    .set_takeback_offer(
                        l.row.id,
                        l.row.ply,
                        l.row.takeback_offer.as_deref(),
                        Some(&mine),
                        now,
                    )
                    .await?;
                let opponent = l.player(me.other());
                let mut r = reply(
                    place,
                    msg::takeback_requested(loc, &by.name, &opponent.name),
                );
                r.mentions = vec![opponent];
                Ok(vec![r])
            }
        }
    }
}

/// The promotion pieces to offer for input that is ambiguous only in its
/// promotion piece (`e8` with a pawn on e7): one [`Action::Promote`] per
/// piece, queen first; empty for any other error.
fn promotion_choices(
    pos: &crate::chess::Position,
    e: &crate::chess::MoveInputError,
) -> Vec<Action> {
    let crate::chess::MoveInputError::Ambiguous { candidates, .. } = e else {
        return Vec::new();
    };
    let moves: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            let plain = pos.san_plain(m);
            candidates
                .iter()
                .any(|c| c.trim_end_matches(['+', '#']) == plain)
        })
        .collect();
    let Some(first) = moves.first() else {
        return Vec::new();
    };
    let same_squares = moves
        .iter()
        .all(|m| m.from() == first.from() && m.to() == first.to() && m.promotion().is_some());
    if moves.len() < 2 || moves.len() != candidates.len() || !same_squares {
        return Vec::new();
    }
    let mut choices: Vec<Action> = moves
        .iter()
        .filter_map(|m| {
            m.promotion().map(|role| Action::Promote {
                from: m.from(),
                to: m.to(),
                role,
            })
        })
        .collect();
    choices.sort_by_key(|a| match a {
        Action::Promote { role, .. } => std::cmp::Reverse(role.index()),
        _ => std::cmp::Reverse(0),
    });
    choices
}

/// A move as a player typed it in `loc`'s notation, read once (each
/// reading parsed once into a [`MoveText`]) and then played in any game.
/// English and Thai use the international letters: the text is read as
/// typed first and, if that is not notation at all, again after the
/// language-independent normalisation (full-width letters, figurines,
/// dashes and Cyrillic O in castling, `х` captures). Russian and Romanian
/// read their own piece letters first (Romanian `N` is a bishop), and the
/// text as typed only when that is not notation at all; letters are never
/// guessed across languages.
pub(in crate::service) struct TypedMove {
    /// The text as typed, trimmed (what errors quote).
    text: String,
    /// The likelier reading.
    first: Result<MoveText, ParseMoveError>,
    /// The other reading, tried when the first is not notation; none when
    /// the normalisation changed nothing.
    second: Option<Result<MoveText, ParseMoveError>>,
}

impl TypedMove {
    /// Reads `text` typed in `loc`'s notation.
    ///
    /// # Errors
    /// `invalid_notation` when there is no text, or more than a move can
    /// have ([`crate::chess::MAX_MOVE_TEXT`]); whether it is notation at
    /// all is told when it is played (after the game's own checks).
    pub(in crate::service) fn read(loc: Locale, text: &str) -> Result<TypedMove, Failure> {
        let text = text.trim();
        let as_typed = MoveText::parse(text);
        match as_typed {
            Err(ParseMoveError::Empty) => {
                return Err(user("invalid_notation", msg::missing_move(loc)));
            }
            Err(ParseMoveError::TooLong) => {
                return Err(user("invalid_notation", msg::move_too_long(loc)));
            }
            _ => {}
        }
        let normal = crate::i18n::notation::to_standard(text, loc);
        let (first, second) = if normal == text {
            (as_typed, None)
        } else {
            let normal = MoveText::parse(&normal);
            match loc {
                Locale::En | Locale::Th => (as_typed, Some(normal)),
                Locale::Ru | Locale::Ro => (normal, Some(as_typed)),
            }
        };
        Ok(TypedMove {
            text: text.to_string(),
            first,
            second,
        })
    }

    /// Plays the move in `game`: the first reading that is notation (a
    /// second one only when the first is not); the move and its SAN.
    ///
    /// # Errors
    /// Why it cannot be played there. When both readings are legal and
    /// differ (the same letters name different pieces in the local and the
    /// English notation: N is a bishop in Romanian), the player is asked
    /// ([`MoveInputError::Ambiguous`]) instead of chosen for.
    pub(in crate::service) fn play(
        &self,
        game: &mut Game,
    ) -> Result<(Move, String), MoveInputError> {
        if game.outcome().is_some() {
            return Err(MoveInputError::GameOver);
        }
        let position = game.position();
        let resolve = |r: &Result<MoveText, ParseMoveError>| match r {
            Ok(t) => t.to_move(position),
            Err(e) => Err(MoveInputError::Parse(e.clone())),
        };
        let chosen = match (resolve(&self.first), self.second.as_ref().map(resolve)) {
            (first, None) => first,
            (Ok(a), Some(Ok(b))) if a != b => {
                return Err(MoveInputError::Ambiguous {
                    input: self.text.clone(),
                    candidates: vec![position.san(a), position.san(b)],
                });
            }
            (first @ Err(MoveInputError::Parse(_)), Some(second)) => match second {
                Err(MoveInputError::Parse(_)) => first,
                other => other,
            },
            (first, Some(_)) => first,
        };
        let mv = chosen?;
        let san = game.play(mv)?.to_string();
        Ok((mv, san))
    }
}

/// The stable error code of a move that could not be played.
pub(in crate::service) fn error_code_of(e: &MoveInputError) -> &'static str {
    match e {
        MoveInputError::Parse(_) => "invalid_notation",
        MoveInputError::Illegal { .. } => "illegal_move",
        MoveInputError::Ambiguous { .. } => "ambiguous_move",
        MoveInputError::PushIsCapture { .. } => "illegal_move",
        MoveInputError::GameOver => "no_game",
    }
}

/// How many of a game's first moves came from an imported PGN.
fn imported(row: &crate::store::GameRow) -> usize {
    usize::try_from(row.imported_plies).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::super::game::last_moves_text;
    use super::{Failure, Locale, MoveInputError, TypedMove};
    use crate::chess::{Game, RulesMode};

    #[test]
    fn a_takeback_names_its_moves_with_their_numbers() {
        let mut game = Game::new(RulesMode::House);
        for san in ["e4", "e5", "Nf3"] {
            game.play_input(san).unwrap();
        }
        assert_eq!(last_moves_text(Locale::En, &game, 2), "1... e5 2. Nf3");
        assert_eq!(last_moves_text(Locale::En, &game, 1), "2. Nf3");
        game.play_input("Nc6").unwrap();
        assert_eq!(last_moves_text(Locale::En, &game, 2), "2. Nf3 Nc6");
        // From a custom start with Black to move at move 7.
        let mut game = Game::from_fen("8/8/8/8/8/8/k6P/2K5 b - - 0 7", RulesMode::House).unwrap();
        game.play_input("Kb3").unwrap();
        game.play_input("Kb1").unwrap();
        assert_eq!(last_moves_text(Locale::En, &game, 2), "7... Kb3 8. Kb1");
        // In the reader's notation.
        assert_eq!(last_moves_text(Locale::Ru, &game, 1), "8. Крb1 (Kb1)");
    }

    fn played(loc: Locale, fen: &str, text: &str) -> Result<String, MoveInputError> {
        let mut game = Game::from_fen(fen, RulesMode::House).unwrap();
        let typed = TypedMove::read(loc, text).map_err(|_| MoveInputError::GameOver)?;
        typed.play(&mut game).map(|(_, san)| san)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn local_letters_are_read_before_the_text_as_typed() {
        assert_eq!(played(Locale::Ru, START, "Кf3").unwrap(), "Nf3");
        assert_eq!(played(Locale::Ro, START, "Cf3").unwrap(), "Nf3");
        assert_eq!(played(Locale::En, START, "Nf3").unwrap(), "Nf3");
        // Not notation in any reading: the text as typed is quoted.
        match played(Locale::Ru, START, "xyz") {
            Err(MoveInputError::Parse(_)) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn two_legal_readings_that_differ_are_asked_about() {
        // Romanian N is a bishop: Nb5 is Bb5 (the bishop on f1) or Nb5
        // (the knight on c3), both legal.
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4";
        match played(Locale::Ro, fen, "Nb5") {
            Err(MoveInputError::Ambiguous { input, candidates }) => {
                assert_eq!(input, "Nb5");
                assert_eq!(candidates.len(), 2, "{candidates:?}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn empty_and_overlong_text_are_refused_before_any_game() {
        let code = |text: &str| match TypedMove::read(Locale::En, text) {
            Ok(_) => None,
            Err(Failure::User { code, .. }) => Some(code),
            Err(_) => Some("other"),
        };
        assert_eq!(code("  "), Some("invalid_notation"));
        let long = "z".repeat(crate::chess::MAX_MOVE_TEXT + 1);
        assert_eq!(code(&long), Some("invalid_notation"));
        assert_eq!(code(&long[1..]), None);
    }

    #[test]
    fn a_finished_game_takes_no_move_whatever_the_text() {
        let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        assert_eq!(
            played(Locale::En, mate, "zz"),
            Err(MoveInputError::GameOver)
        );
    }
}
