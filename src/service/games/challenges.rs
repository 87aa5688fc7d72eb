//! Challenges: opening, accepting, declining and cancelling (rematches in
//! `rematch.rs`).

use super::expiry::challenger;
use super::{Action, Actor, ChallengeOptions, ColorChoice, Event, Place, Subject, messages as msg};
use crate::chess::{Color, RulesMode, Variant};
use crate::i18n::Locale;
use crate::store::{CHALLENGE_TTL_MS, ChallengeRow, NewChallenge, NewGame, Offer, StoreError};

use super::game::{
    DAY_MS, Failure, GameService, Handled, color_str, from_ms, key, ms, random_bool, reply, user,
};

impl GameService {
    pub(in crate::service) async fn challenge(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        opponent: Option<Actor>,
        options: ChallengeOptions,
    ) -> Handled {
        let ChallengeOptions {
            color,
            days,
            fen,
            rules,
            rated,
            variant,
            position,
            extras,
        } = options;
        if !(1..=14).contains(&days) {
            return Err(user(
                "invalid_option",
                msg::bad_days(loc, &days.to_string()),
            ));
        }
        if opponent.as_ref().is_some_and(|o| o.id == by.id) {
            return Err(user("not_allowed", msg::self_challenge(loc)));
        }
        // The engine's reserved ids are played with `computer`, never
        // challenged (nobody would ever accept).
        if opponent
            .as_ref()
            .is_some_and(|o| super::is_engine_id(&o.id))
        {
            return Err(user("not_allowed", msg::challenge_computer(loc)));
        }
        let mut extras = extras;
        if !extras.days_given
            && extras.control.is_none()
            && extras.bank.is_none()
            && extras.increment.is_none()
        {
            // A challenge that names no time control takes the
            // community's default, when its moderators set one.
            extras.control = self.default_control_here(place).await?;
        }
        let time = super::banks::time_control(loc, days, &extras)?;
        let import = match extras.pgn.as_deref() {
            Some(_) if fen.is_some() || position.is_some() => {
                return Err(user("invalid_option", msg::pgn_and_fen(loc)));
            }
            Some(text) => Some(super::import::read_import(loc, text, extras.game, rules)?),
            None => None,
        };
        let (start_fen, variant_name, start_position) = match &import {
            Some(i) => (i.custom_fen.clone(), i.variant.as_str().to_string(), None),
            None => {
                let start =
                    super::chess960::choose_start(loc, variant, position, fen.as_deref(), rules)?;
                let stored = start.stored_position();
                (
                    start.custom.clone(),
                    start.variant.as_str().to_string(),
                    stored,
                )
            }
        };
        self.refuse_own_pending(loc, place, by).await?;
        self.refuse_if_busy(loc, place).await?;
        // A custom start or an imported game is never rated.
        let rated = rated && start_fen.is_none() && import.is_none();
        if rated {
            self.refuse_timeouts(loc, place, &by.id).await?;
        }
        let color = match color {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        };
        let c = NewChallenge {
            place: key(place),
            challenger_id: by.id.clone(),
            challenger_name: by.name.clone(),
            opponent_id: opponent.as_ref().map(|o| o.id.clone()),
            opponent_name: opponent.as_ref().map(|o| o.name.clone()),
            color: color.to_string(),
            days: i64::from(time.days),
            rated,
            start_fen,
            rules: rules.as_str().to_string(),
            created_at: ms(self.now()),
            variant: variant_name,
            start_position,
            bank: time.bank,
            import_moves: import.as_ref().map(|i| i.moves.clone()),
            import_tags: import.map(|i| i.tags),
            vacation_stops: time.vacation_stops,
        };
        self.post_challenge(loc, place, by, opponent, c).await
    }

    pub(in crate::service) async fn post_challenge(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        opponent: Option<Actor>,
        c: NewChallenge,
    ) -> Handled {
        let id = match self.inner.store.insert_challenge(&c).await {
            Ok(id) => id,
            Err(StoreError::Busy) => {
                return Err(user(
                    "game_in_progress",
                    msg::challenge_pending(loc, "someone"),
                ));
            }
            Err(e) => return Err(e.into()),
        };
        self.note_due(c.created_at.saturating_add(CHALLENGE_TTL_MS));
        let mut text = msg::challenge_posted(
            loc,
            &by.name,
            opponent.as_ref().map(|o| o.name.as_str()),
            &c.color,
            c.days,
            msg::ChallengeTerms {
                fide: c.rules == RulesMode::Fide.as_str(),
                custom_start: c.start_fen.is_some(),
                rated: c.rated,
                bank: c
                    .bank
                    .map(|b| (b.bank_ms / DAY_MS, b.increment_ms / DAY_MS)),
            },
        );
        if let Some(line) = super::chess960::start_line(
            loc,
            super::chess960::row_variant(&c.variant),
            c.start_position.and_then(|n| u32::try_from(n).ok()),
        ) {
            text.push('\n');
            text.push_str(&line);
        }
        // A game continued from a PGN: from which move.
        if let Some(moves) = &c.import_moves {
            let plies = moves.split_whitespace().count();
            let side = if plies % 2 == 0 { "white" } else { "black" };
            let number = i64::try_from(plies / 2 + 1).unwrap_or(1);
            text.push('\n');
            text.push_str(&msg::import_challenge(loc, number, side));
        }
        // The bank is in the terms above.
        for line in super::banks::control_lines(loc, None, c.vacation_stops) {
            text.push('\n');
            text.push_str(&line);
        }
        let mut r = reply(place, text);
        r.event = Some(Event::Challenge {
            challenger: by.name.clone(),
            opponent: opponent.as_ref().map(|o| o.name.clone()),
        });
        r.mentions = opponent.into_iter().collect();
        r.actions = vec![Action::AcceptChallenge, Action::DeclineChallenge];
        r.subject = Some(Subject::Challenge(id));
        Ok(vec![r])
    }

    pub(in crate::service) async fn open_challenge(
        &self,
        place: &Place,
    ) -> Result<Option<ChallengeRow>, Failure> {
        Ok(self.inner.store.open_challenge(&key(place)).await?)
    }

    pub(in crate::service) async fn accept(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        guild_locale: Option<Locale>,
        only: Option<i64>,
    ) -> Handled {
        let Some(c) = self.open_challenge(place).await? else {
            if only.is_some() {
                return Err(challenge_gone(loc));
            }
            if let Some(g) = self.inner.store.active_game(&key(place)).await? {
                return Err(user(
                    "game_in_progress",
                    msg::game_in_progress(loc, g.id, &g.white_name, &g.black_name),
                ));
            }
            return Err(user("no_challenge", msg::no_challenge(loc)));
        };
        if only.is_some_and(|id| id != c.id) {
            return Err(challenge_gone(loc));
        }
        if c.challenger_id == by.id {
            return Err(user("not_allowed", msg::own_challenge(loc)));
        }
        if let Some(o) = &c.opponent_id
            && *o != by.id
        {
            return Err(user(
                "no_challenge",
                msg::challenge_not_for_you(loc, c.opponent_name.as_deref().unwrap_or(o)),
            ));
        }
        let challenger_white = match c.color.as_str() {
            "white" => true,
            "black" => false,
            _ => random_bool(),
        };
        let challenger = challenger(&c);
        let (white, black) = if challenger_white {
            (challenger, by.clone())
        } else {
            (by.clone(), challenger)
        };
        let rules: RulesMode = c.rules.parse().unwrap_or_default();
        let mut game = super::chess960::stored_start(
            &c.variant,
            c.start_position,
            c.start_fen.as_deref(),
            rules,
        )
        .map_err(|e| user("invalid_fen", msg::invalid_fen(loc, &e.to_string())))?;
        let variant = game.variant();
        let number = c
            .start_position
            .and_then(|n| u32::try_from(n).ok())
            .filter(|_| variant == Variant::Chess960);
        let import = match &c.import_moves {
            Some(moves) => Some(
                super::import::play_import(&mut game, moves, c.import_tags.as_deref())
                    .map_err(|e| user("invalid_pgn", msg::invalid_fen(loc, &e)))?,
            ),
            None => None,
        };
        let start_fen = game.start().fen();
        let now = ms(self.now());
        let first = match game.position().turn() {
            Color::White => &white,
            Color::Black => &black,
        };
        let bank = super::banks::stored_bank(c.bank_ms, c.increment_ms);
        let (deadline_at, remind_at) = self
            .turn_start(
                &place.platform,
                &first.id,
                now,
                c.days,
                bank.map(|b| b.bank_ms),
                c.vacation_stops == 1,
            )
            .await?;
        let players = [(&*white.id, &*white.name), (&*black.id, &*black.name)];
        let new = NewGame {
            start_fen: start_fen.clone(),
            rules: rules.as_str().to_string(),
            rated: c.rated == 1 && c.start_fen.is_none() && import.is_none(),
            variant: variant.as_str().to_string(),
            start_position: number.map(i64::from),
            bank,
            import: import.clone(),
            vacation_stops: c.vacation_stops == 1,
            ..NewGame::between(key(place), players, c.days, (deadline_at, remind_at), now)
        };
        // At most `RATED_PER_DAY` rated games a day
        // between the same two players; the rest are played unrated.
        let mut new = new;
        let mut unrated_note = None;
        if new.rated
            && let Err(note) = self.rated_allowance(loc, place, &white, &black).await
        {
            new.rated = false;
            unrated_note = Some(note);
        }
        let id = match self.inner.store.accept_challenge(c.id, &new).await {
            Ok(id) => id,
            Err(StoreError::Busy) => {
                return Err(user(
                    "game_in_progress",
                    msg::game_in_progress(loc, 0, &white.name, &black.name),
                ));
            }
            Err(StoreError::Stale) if only.is_some() => return Err(challenge_gone(loc)),
            Err(StoreError::Stale) => return Err(user("no_challenge", msg::no_challenge(loc))),
            Err(e) => return Err(e.into()),
        };
        if let Some(g) = guild_locale {
            // For posts no command causes (reminders, time-outs).
            self.inner.store.set_game_locale(id, Some(g.code())).await?;
        }
        self.note_due(remind_at);
        let to_move = if game.position().turn() == Color::White {
            &white
        } else {
            &black
        };
        let mut text = msg::game_started(
            loc,
            id,
            &white.name,
            &black.name,
            &to_move.name,
            &msg::deadline(from_ms(deadline_at)),
        );
        if let Some(line) = super::chess960::start_line(loc, variant, number) {
            text.push('\n');
            text.push_str(&line);
        }
        if let Some(note) = unrated_note {
            text.push('\n');
            text.push_str(&note);
        }
        if let Some(i) = &import {
            let tag = |name| {
                super::import::kept_tag(&i.tags, name)
                    .unwrap_or("?")
                    .to_string()
            };
            let moves = i64::try_from(i.moves.len().div_ceil(2)).unwrap_or(0);
            text.push('\n');
            // "originally ? against ?" says nothing: names only when known.
            text.push_str(&match (tag("White"), tag("Black")) {
                (w, b) if w != "?" && b != "?" => msg::import_start(loc, moves, &w, &b),
                _ => msg::import_start_unnamed(loc, moves),
            });
        }
        for line in super::banks::control_lines(loc, bank, c.vacation_stops == 1) {
            text.push('\n');
            text.push_str(&line);
        }
        let mut r = reply(place, text);
        let (board, event) = super::start_announcement(
            [&white, &black],
            game.position().fen(),
            game.moves().last().copied(),
            &start_fen,
            (variant, number),
            msg::time_left(loc, deadline_at - now),
        );
        r.board = Some(board);
        r.event = Some(event);
        r.mentions = vec![white, black];
        r.actions = vec![Action::Resign];
        r.subject = Some(Subject::Game(id));
        Ok(vec![r])
    }

    /// `decline`, or a Decline button: `only` limits it to the challenge or
    /// the game's draw offer the button was shown under.
    pub(in crate::service) async fn decline(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        only: Option<Subject>,
    ) -> Handled {
        let challenge = match only {
            Some(Subject::Game(_)) => None,
            _ => self.open_challenge(place).await?,
        };
        if let Some(c) = challenge {
            if let Some(Subject::Challenge(id)) = only
                && id != c.id
            {
                return Err(challenge_gone(loc));
            }
            if c.challenger_id == by.id {
                return self.cancel(loc, place, by, false).await;
            }
            match &c.opponent_id {
                Some(o) if *o == by.id => {
                    self.inner.store.close_challenge(c.id, "declined").await?;
                    let mut r = reply(
                        place,
                        msg::challenge_declined(loc, &by.name, &c.challenger_name),
                    );
                    r.mentions = vec![challenger(&c)];
                    return Ok(vec![r]);
                }
                Some(o) => {
                    return Err(user(
                        "no_challenge",
                        msg::challenge_not_for_you(loc, c.opponent_name.as_deref().unwrap_or(o)),
                    ));
                }
                None => return Err(user("not_allowed", msg::open_challenge_no_decline(loc))),
            }
        }
        // No challenge: decline a draw offer or takeback request.
        let l = match only {
            Some(Subject::Challenge(_)) => return Err(challenge_gone(loc)),
            Some(Subject::Game(id)) => self.require_game(loc, place, Some(id)).await?,
            None => match self.active(place).await? {
                Some(l) => l,
                None => return Err(user("no_challenge", msg::no_challenge(loc))),
            },
        };
        let me = l.require_player(loc, by)?;
        let opp = color_str(me.other());
        let now = ms(self.now());
        let draw = l.row.draw_offer.as_deref();
        let takeback = l.row.takeback_offer.as_deref();
        let store = &self.inner.store;
        // A Decline-draw button declines the draw offer only.
        let text = if takeback == Some(opp.as_str()) && only.is_none() {
            store
                .set_offer(Offer::Takeback, l.row.id, l.row.ply, takeback, None, now)
                .await?;
            msg::takeback_declined(loc, &by.name)
        } else if draw == Some(opp.as_str()) {
            store
                .set_offer(Offer::Draw, l.row.id, l.row.ply, draw, None, now)
                .await?;
            msg::draw_declined(loc, &by.name)
        } else if only.is_some() && draw.is_none() {
            return Err(user("stale_button", msg::button_draw_gone(loc)));
        } else {
            return Err(user("no_challenge", msg::nothing_to_decline(loc)));
        };
        let mut r = reply(place, text);
        r.mentions = vec![l.player(me.other())];
        Ok(vec![r])
    }

    /// `cancel`: the challenger withdraws their challenge; a moderator
    /// may withdraw anyone's.
    pub(in crate::service) async fn cancel(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        moderator: bool,
    ) -> Handled {
        let Some(c) = self.open_challenge(place).await? else {
            return Err(user("no_challenge", msg::no_challenge(loc)));
        };
        let own = c.challenger_id == by.id;
        if !own && !moderator {
            return Err(user(
                "not_allowed",
                msg::not_your_challenge(loc, &c.challenger_name),
            ));
        }
        match self.inner.store.close_challenge(c.id, "cancelled").await {
            Ok(()) => {}
            Err(StoreError::Stale) => return Err(user("no_challenge", msg::no_challenge(loc))),
            Err(e) => return Err(e.into()),
        }
        if own {
            return Ok(vec![reply(
                place,
                msg::challenge_cancelled(loc, &c.challenger_name),
            )]);
        }
        let mut r = reply(
            place,
            msg::challenge_cancelled_by(loc, &by.name, &c.challenger_name),
        );
        r.mentions = vec![challenger(&c)];
        Ok(vec![r])
    }

    /// The caller's own challenge is open here: say so, and how to
    /// withdraw it (rather than naming them as someone else).
    pub(in crate::service) async fn refuse_own_pending(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
    ) -> Result<(), Failure> {
        match self.open_challenge(place).await? {
            Some(c) if c.challenger_id == by.id => {
                Err(user("game_in_progress", msg::own_challenge_pending(loc)))
            }
            _ => Ok(()),
        }
    }
}

/// A button's challenge is no longer the open one.
fn challenge_gone(loc: Locale) -> Failure {
    user("stale_button", msg::button_challenge_gone(loc))
}
