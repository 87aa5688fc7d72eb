//! Play: moves, the end of a game, resigning, aborting and FIDE claims
//! (takebacks in `takeback.rs`, reading typed moves in `move_input.rs`).

use super::{Action, Actor, Event, Place, Reply, Subject, messages as msg};
use crate::chess::{ClaimError, Color, Game, Move, Outcome, RulesMode, Termination};
use crate::i18n::Locale;
use crate::store::{GameRow, GameUpdate, MoveRow, RatingChange};

use super::computer::engine_side;
use super::game::{
    Failure, GameService, Handled, Loaded, color_str, failure_reply, from_ms, move_number, ms,
    reply, user,
};
use super::move_input::{TypedMove, error_code_of, promotion_choices};
use super::tablebase::{self, TablebaseRule};

/// `row` once `plies` more moves were played on it: the rating change
/// they made, and the result where `outcome` ended the game.
pub(in crate::service) fn after_moves(
    mut row: GameRow,
    change: Option<RatingChange>,
    plies: i64,
    (outcome, update): (Option<Outcome>, &GameUpdate),
) -> GameRow {
    row.set_rating_change(change);
    row.ply += plies;
    // The stored row now carries the new turn's clock: the picture posted
    // with the move shows it, as `board` does a moment later.
    row.fen.clone_from(&update.fen);
    row.draw_offer.clone_from(&update.draw_offer);
    row.takeback_offer.clone_from(&update.takeback_offer);
    row.deadline_at = update.deadline_at;
    row.remind_at = update.remind_at;
    if let Some((white, black)) = update.banks {
        row.white_bank_ms = Some(white);
        row.black_bank_ms = Some(black);
    }
    if let Some(o) = outcome {
        row.status = crate::store::STATUS_FINISHED.to_string();
        row.result = Some(o.result().to_string());
        row.termination = Some(o.termination.as_str().to_string());
    }
    row
}

impl GameService {
    /// The refusal of a move said where no game runs: it names the
    /// channels where the player's own games run, the usual reason being a
    /// move typed in the wrong channel (a private reply, naming only the
    /// player's own games).
    async fn no_game_here_for(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
    ) -> Result<Failure, Failure> {
        let mine = self
            .inner
            .store
            .active_games_of(&place.platform, &by.id)
            .await?;
        let mut channels: Vec<String> = Vec::new();
        for g in &mine {
            let here = msg::channel_ref(&g.platform, &g.channel);
            if !channels.contains(&here) {
                channels.push(here);
            }
        }
        if channels.is_empty() {
            return Ok(user("no_game", msg::no_game(loc)));
        }
        let count = channels.len();
        channels.truncate(3);
        Ok(user(
            "no_game",
            msg::no_game_yours_elsewhere(loc, count, &channels.join(", ")),
        ))
    }

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
            None => match self.active(place).await? {
                Some(l) => l,
                None => return Err(self.no_game_here_for(loc, place, by).await?),
            },
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
                let refusal = typed.refusal(loc, l.game.position(), &e);
                let failure = user(error_code_of(&e), refusal);
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
        self.adjudicate_by_tables(place, &mut game).await?;
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
        let l = Loaded {
            row: after_moves(l.row, change, 1, (outcome, &update)),
            game,
        };
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
                r.board = Some(self.image(loc, &l, false));
                r.mentions = vec![l.player(me.other())];
                r.actions = vec![Action::Resign];
                r.subject = Some(Subject::Game(l.row.id));
                let deadline = deadline_at.unwrap_or(now);
                // A player with a daily digest gets no notice per move.
                let known = next_player.as_ref().map(|n| {
                    if n.digest {
                        crate::service::NotifyTarget::Off
                    } else {
                        super::comfort::notify_target_from(n.notify_target.as_deref())
                    }
                });
                notice = self
                    .route_turn_notice(&l, me, &san, &number, deadline, &mut r, known)
                    .await;
                r
            }
            None => {
                let mut r = reply(place, msg::moved_final(loc, l.name(me), &number, &san));
                r.board = Some(self.image(loc, &l, false));
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
            next: None,
        });
        // The mover's next game waiting for them, privately (not after
        // a move against the computer, which answers at once).
        let next = if engine_side(&l.row).is_none() {
            let mover = l.player(me);
            super::desk::next_game_reply(self, loc, place, &l, &mover, &r).await
        } else {
            None
        };
        let mut posts = self.move_posts(loc, place, &l, vec![r], notice, outcome);
        posts.extend(next);
        Ok(posts)
    }

    /// The posts of moves just played, in order: `posts`, the turn notice
    /// to the player to move, then the game's end where `outcome` ended it.
    pub(in crate::service) fn move_posts(
        &self,
        loc: Locale,
        place: &Place,
        l: &Loaded,
        mut posts: Vec<Reply>,
        notice: Option<Reply>,
        outcome: Option<Outcome>,
    ) -> Vec<Reply> {
        posts.extend(notice);
        if let Some(o) = outcome {
            posts.extend(self.end_replies(loc, place, l, o, None, None));
        }
        posts
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
                self.areas.game_end.rating_update(&l.row).as_ref(),
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
        if !l.game.both_have_moved()
            && !super::event_rules::is_event_game(&self.inner.store, l.row.id).await
        {
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
        let (l, _) = self.require_own_game(loc, place, by).await?;
        // A league game is never aborted by its players.
        super::event_rules::refuse_event_abort(&self.inner.store, loc, l.row.id).await?;
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
        let (l, me) = self.require_own_game(loc, place, by).await?;
        match self.tablebase_claim(loc, place, &l, me, text).await? {
            Some(TablebaseClaim::Finish(outcome)) => {
                return self.finish(loc, place, l, outcome, None).await;
            }
            Some(TablebaseClaim::Move {
                game,
                mv,
                san,
                number,
            }) => {
                return self
                    .commit_move(loc, place, l, *game, me, mv, san, number)
                    .await;
            }
            None => {}
        }
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
        let (mv, san) = typed.play(&mut game).map_err(|e| {
            let refusal = typed.refusal(loc, l.game.position(), &e);
            user(error_code_of(&e), refusal)
        })?;
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

    /// Where the community's rule is `auto`: ends `game` with the tables'
    /// result when its position is one they hold. A table that fails is
    /// logged and the game goes on.
    async fn adjudicate_by_tables(&self, place: &Place, game: &mut Game) -> Result<(), Failure> {
        if game.outcome().is_some() || game.position().occupied().count() > 7 {
            return Ok(());
        }
        let Some(tables) = self.tablebases() else {
            return Ok(());
        };
        if !tables.covers(game.position())
            || self.tablebase_rule_here(place).await? != TablebaseRule::Auto
        {
            return Ok(());
        }
        match tablebase::adjudication(&tables, game) {
            Ok(Some(outcome)) => game.end(outcome),
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "endgame tables failed; the game goes on"),
        }
        Ok(())
    }

    /// `claim [move]` where the community lets the tables judge: the
    /// claimer's verdict in the position (after the move, if given). A win
    /// or a draw ends the game (the move played); a loss is refused and
    /// the game goes on (the move not played). `None` when the tables have
    /// nothing to say here, for the FIDE claims to apply.
    async fn tablebase_claim(
        &self,
        loc: Locale,
        place: &Place,
        l: &Loaded,
        me: Color,
        text: Option<&str>,
    ) -> Result<Option<TablebaseClaim>, Failure> {
        let Some(tables) = self.tablebases() else {
            return Ok(None);
        };
        if self.tablebase_rule_here(place).await? == TablebaseRule::Off {
            return Ok(None);
        }
        let turn = l.game.position().turn();
        if turn != me {
            return Err(user("not_your_turn", msg::not_your_turn(loc, l.name(turn))));
        }
        let unavailable = |e: crate::tablebase::TablebaseError| {
            user(
                "tablebase_unavailable",
                msg::tablebase_unavailable(loc, &e.to_string()),
            )
        };
        let outside = || -> Result<Option<TablebaseClaim>, Failure> {
            if l.rules() == RulesMode::Fide {
                return Ok(None);
            }
            Err(user(
                "not_allowed",
                msg::tablebase_not_in_tables(loc, i64::from(tables.max_pieces())),
            ))
        };
        let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
            let pos = l.game.position();
            if !tables.covers(pos) {
                return outside();
            }
            let wdl = tablebase::verdict_for(&tables, pos, me).map_err(unavailable)?;
            return match tablebase::claim_outcome(wdl, me) {
                Some(outcome) => Ok(Some(TablebaseClaim::Finish(outcome))),
                None => Err(user(
                    "not_allowed",
                    msg::tablebase_claim_lost(loc, l.name(me)),
                )),
            };
        };
        let typed = TypedMove::read(loc, text)?;
        let number = move_number(l.game.position());
        let mut game = l.game.clone();
        let (mv, san) = typed.play(&mut game).map_err(|e| {
            let refusal = typed.refusal(loc, l.game.position(), &e);
            user(error_code_of(&e), refusal)
        })?;
        if game.outcome().is_none() {
            if !tables.covers(game.position()) {
                return outside();
            }
            let wdl = tablebase::verdict_for(&tables, game.position(), me).map_err(unavailable)?;
            match tablebase::claim_outcome(wdl, me) {
                Some(outcome) => game.end(outcome),
                None => {
                    return Err(user(
                        "not_allowed",
                        msg::tablebase_claim_lost_move(loc, l.name(me), &san),
                    ));
                }
            }
        }
        Ok(Some(TablebaseClaim::Move {
            game: Box::new(game),
            mv,
            san,
            number,
        }))
    }
}

/// What a claim the tables judged does.
enum TablebaseClaim {
    /// Ends the game as it stands.
    Finish(Outcome),
    /// Plays the claim's move, which ends the game.
    Move {
        game: Box<Game>,
        mv: Move,
        san: String,
        number: String,
    },
}
