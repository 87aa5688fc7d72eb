//! Correspondence comforts: vacations (a player's clocks stopped in all
//! their games), one more day given by the opponent (`moretime`), and
//! where a player's "your move" notices and reminders go (`notify`).

use super::{Actor, Event, NotifyTarget, Place, Reply, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;
use crate::store::{GameRow, NewVacation, UserText};

use super::game::{
    DAY_MS, Failure, GameService, Handled, Loaded, from_ms, ms, reply, turn_times, user,
};
use super::leave::{calendar_year, days_left};

/// Days of leave (vacation) a player may take in a calendar year, unless
/// their community allows [`MAX_LEAVE_DAYS`].
pub const VACATION_ALLOWANCE: i64 = 30;
/// The most leave a community may allow in a calendar year (ICCF's).
pub const MAX_LEAVE_DAYS: i64 = 45;
/// How far before the start of this year the vacations that may reach
/// into it start (a vacation is never longer than the largest allowance).
const VACATION_LOOKBACK_MS: i64 = (MAX_LEAVE_DAYS + 1) * DAY_MS;
/// A player's vacation start (or early end) is announced in public at
/// most once in this long; the rest are private answers.
const VACATION_NOTICE_QUIET_MS: i64 = 3_600_000;
/// Extra days each player may give in one game.
pub(in crate::service) const MORETIME_LIMIT: i64 = 7;

/// The id of the player to move in a stored game (from its cached FEN).
fn to_move_id(g: &GameRow) -> &str {
    match super::chess960::fen_turn(&g.fen) {
        Color::White => &g.white_id,
        Color::Black => &g.black_id,
    }
}

/// Where a stored game is played.
fn game_place(g: &GameRow) -> Place {
    Place {
        platform: g.platform.clone(),
        guild: (!g.guild.is_empty()).then(|| g.guild.clone()),
        channel: g.channel.clone(),
    }
}

/// The opponent of `id` in a stored game.
fn opponent_of(g: &GameRow, id: &str) -> Actor {
    if g.white_id == id {
        Actor {
            id: g.black_id.clone(),
            name: g.black_name.clone(),
        }
    } else {
        Actor {
            id: g.white_id.clone(),
            name: g.white_name.clone(),
        }
    }
}

/// Why a vacation cannot start now.
enum Refused {
    /// One is running until then.
    Running(i64),
    /// Only this many days are left.
    Limit(i64),
}

/// The deadline and reminder time of a turn starting at `now` of a player
/// whose vacation running at `now` ends at `vacation_ends_at`: the clock
/// starts when the vacation ends.
pub(in crate::service) fn turn_times_after_vacation(
    vacation_ends_at: Option<i64>,
    now: i64,
    days: i64,
) -> (i64, i64) {
    turn_times(vacation_ends_at.map_or(now, |e| e.max(now)), days)
}

/// Whole days begun in `span` ms.
fn days_begun(span: i64) -> i64 {
    (span.max(0) + DAY_MS - 1) / DAY_MS
}

impl GameService {
    /// The deadline and reminder time of a turn of `player` starting at
    /// `now`: the clock of a player on vacation starts when the vacation
    /// ends.
    pub(in crate::service) async fn turn_times_for(
        &self,
        platform: &str,
        player: &str,
        now: i64,
        days: i64,
    ) -> Result<(i64, i64), Failure> {
        let ends_at = self
            .inner
            .store
            .current_vacation(platform, player, now)
            .await?
            .map(|v| v.ends_at);
        Ok(turn_times_after_vacation(ends_at, now, days))
    }

    /// The days of vacation `user` may still take from `now` under
    /// `allowance` days a year (see [`days_left`]).
    async fn vacation_left(
        &self,
        platform: &str,
        user: &str,
        now: i64,
        allowance: i64,
    ) -> Result<i64, Failure> {
        let past = self
            .inner
            .store
            .vacations_since(platform, user, calendar_year(now).0 - VACATION_LOOKBACK_MS)
            .await?;
        Ok(days_left(&past, now, allowance))
    }

    /// `vacation days:N`: stops the caller's clocks in all their games on
    /// this platform for N days (their deadlines move back by N days, and
    /// the turns they get meanwhile start when it ends); `days:0` ends a
    /// vacation early and gives the unused days back; without days, the
    /// caller's vacation and days left. Announced in each of their games'
    /// channels; the caller gets the summary privately.
    pub(in crate::service) async fn vacation(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        days: Option<u32>,
    ) -> Handled {
        let now = ms(self.now());
        let store = &self.inner.store;
        let current = store.current_vacation(&place.platform, &by.id, now).await?;
        let allowance = self.leave_allowance(place, &by.id).await?;
        let Some(days) = days else {
            let left = self
                .vacation_left(&place.platform, &by.id, now, allowance)
                .await?;
            let until = current.map(|v| msg::deadline(from_ms(v.ends_at)));
            let mut r = reply(
                place,
                msg::vacation_status(loc, until.as_deref(), left, allowance),
            );
            r.ephemeral = true;
            return Ok(vec![r]);
        };
        if days == 0 {
            let Some(v) = current else {
                return Err(user("not_allowed", msg::not_on_vacation(loc)));
            };
            let used = days_begun(now - v.started_at);
            if !store.end_vacation(v.id, now, used).await? {
                return Err(user("not_allowed", msg::not_on_vacation(loc)));
            }
            // The clocks restart now: every deadline of theirs comes back
            // by the part of the vacation not taken.
            let unused = v.ends_at - now;
            let games = self.shift_turns(&place.platform, &by.id, -unused).await?;
            let left = self
                .vacation_left(&place.platform, &by.id, now, allowance)
                .await?;
            let mut summary = reply(
                place,
                msg::vacation_ended_summary(loc, (v.days - used).max(0), left),
            );
            summary.ephemeral = true;
            let mut out = vec![summary];
            if self
                .vacation_notice(&place.platform, &by.id, &games, false, now)
                .await?
            {
                out.extend(self.announce_vacation(&games, by, now, false).await);
            }
            return Ok(out);
        }
        let days = i64::from(days);
        if let Some(v) = current {
            return Err(user(
                "not_allowed",
                msg::vacation_running(loc, &msg::deadline(from_ms(v.ends_at))),
            ));
        }
        // Checked again with the user's vacations locked: two commands at
        // once cannot both pass.
        let mut left = 0;
        let until = now + days * DAY_MS;
        let started = store
            .start_vacation(
                &place.platform,
                &by.id,
                calendar_year(now).0 - VACATION_LOOKBACK_MS,
                |past| {
                    if let Some(v) = past
                        .iter()
                        .filter(|v| v.started_at <= now && v.ends_at > now)
                        .max_by_key(|v| v.ends_at)
                    {
                        return Err(Refused::Running(v.ends_at));
                    }
                    left = days_left(past, now, allowance);
                    if days > left {
                        return Err(Refused::Limit(left));
                    }
                    Ok(NewVacation {
                        started_at: now,
                        ends_at: until,
                        days,
                    })
                },
            )
            .await?;
        match started {
            Ok(_) => {}
            Err(Refused::Running(ends_at)) => {
                return Err(user(
                    "not_allowed",
                    msg::vacation_running(loc, &msg::deadline(from_ms(ends_at))),
                ));
            }
            Err(Refused::Limit(left)) => {
                return Err(user("limit", msg::vacation_limit(loc, left, allowance)));
            }
        }
        let games = self
            .shift_turns(&place.platform, &by.id, days * DAY_MS)
            .await?;
        let mut summary = reply(
            place,
            msg::vacation_summary(
                loc,
                &msg::deadline(from_ms(until)),
                days,
                left - days,
                games.len() as i64,
            ),
        );
        summary.ephemeral = true;
        let mut out = vec![summary];
        if self
            .vacation_notice(&place.platform, &by.id, &games, true, now)
            .await?
        {
            out.extend(self.announce_vacation(&games, by, until, true).await);
        }
        Ok(out)
    }

    /// Moves the deadline (and unclaimed reminder) of every running game
    /// of `user` where they are to move by `by_ms`; returns all their
    /// running games.
    async fn shift_turns(
        &self,
        platform: &str,
        user: &str,
        by_ms: i64,
    ) -> Result<Vec<GameRow>, Failure> {
        let now = ms(self.now());
        let store = &self.inner.store;
        let games = store.active_games_of(platform, user).await?;
        for g in &games {
            let Some(deadline) = g.deadline_at.filter(|d| *d > now) else {
                continue;
            };
            if to_move_id(g) != user {
                continue;
            }
            let new_deadline = (deadline + by_ms).max(now);
            let new_remind = g.remind_at.map_or(new_deadline, |r| (r + by_ms).max(now));
            let moved = store
                .shift_deadline(g.id, g.ply, deadline, new_deadline, new_remind)
                .await?;
            if moved {
                self.note_due(new_remind.min(new_deadline));
            } else {
                tracing::debug!(game = g.id, "game changed while its deadline moved");
            }
        }
        Ok(games)
    }

    /// Whether the start (`started`) or early end of `user`'s vacation is
    /// announced in their games' channels: when they have games, and at
    /// most once in [`VACATION_NOTICE_QUIET_MS`] for each kind.
    async fn vacation_notice(
        &self,
        platform: &str,
        user: &str,
        games: &[GameRow],
        started: bool,
        now: i64,
    ) -> Result<bool, Failure> {
        if games.is_empty() {
            return Ok(false);
        }
        Ok(self
            .inner
            .store
            .claim_vacation_notice(platform, user, started, now, VACATION_NOTICE_QUIET_MS)
            .await?)
    }

    /// The news of a vacation (or of its early end) in each game's channel,
    /// mentioning the opponent.
    async fn announce_vacation(
        &self,
        games: &[GameRow],
        player: &Actor,
        until: i64,
        started: bool,
    ) -> Vec<Reply> {
        let mut out = Vec::new();
        for g in games {
            let place = game_place(g);
            let loc = self.post_locale(&place, g.id).await;
            let text = if started {
                msg::vacation_started(loc, &player.name, &msg::deadline(from_ms(until)))
            } else {
                msg::vacation_over(loc, &player.name)
            };
            let mut r = reply(&place, text);
            r.event = Some(Event::Vacation {
                player: player.name.clone(),
                until: msg::deadline_rfc3339(from_ms(until)),
            });
            r.mentions = vec![opponent_of(g, &player.id)];
            r.locale = loc;
            out.push(r);
        }
        out
    }

    /// `moretime`: the opponent of the player to move gives them one more
    /// day, at most [`MORETIME_LIMIT`] times a game.
    pub(in crate::service) async fn moretime(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
    ) -> Handled {
        let (l, me) = self.require_own_game(loc, place, by).await?;
        let turn = l.game.position().turn();
        if turn == me {
            return Err(user("not_allowed", msg::moretime_self(loc)));
        }
        let now = ms(self.now());
        let store = &self.inner.store;
        let giver_white = me == Color::White;
        // A reminder already sent comes again where a turn's reminder
        // would stand before the new deadline (at the latest, now).
        let old_deadline = l.row.deadline_at.unwrap_or(now);
        let remind_again_at = (old_deadline + DAY_MS - l.row.days * DAY_MS / 5).max(now);
        let Some(deadline) = store
            .give_moretime(
                l.row.id,
                l.row.ply,
                giver_white,
                DAY_MS,
                remind_again_at,
                MORETIME_LIMIT,
                now,
            )
            .await?
        else {
            let (white, black) = store.moretime_given(l.row.id).await?;
            let given = if giver_white { white } else { black };
            if given >= MORETIME_LIMIT {
                return Err(user("limit", msg::moretime_limit(loc, MORETIME_LIMIT)));
            }
            return Err(Failure::Stale);
        };
        self.note_due(remind_again_at.min(deadline));
        let player = l.player(turn);
        let mut r = reply(
            place,
            msg::moretime_given(
                loc,
                &by.name,
                &player.name,
                &msg::deadline(from_ms(deadline)),
            ),
        );
        r.event = Some(Event::Moretime {
            by: by.name.clone(),
            player: player.name.clone(),
            deadline: msg::deadline_rfc3339(from_ms(deadline)),
        });
        r.mentions = vec![player];
        Ok(vec![r])
    }

    /// `notify where:dm|channel|off`: where the caller's turn notices and
    /// reminders go, on this platform.
    pub(in crate::service) async fn notify(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        target: NotifyTarget,
    ) -> Handled {
        self.inner
            .store
            .set_user_text(
                UserText::NotifyTarget,
                &place.platform,
                &by.id,
                target.as_str(),
            )
            .await?;
        let mut r = reply(place, msg::notify_set(loc, target.as_str()));
        r.ephemeral = true;
        Ok(vec![r])
    }

    /// Where `user`'s turn notices go (the channel when unset or unreadable).
    pub(in crate::service) async fn notify_target_of(
        &self,
        platform: &str,
        user: &str,
    ) -> NotifyTarget {
        match self.inner.store.notify_target(platform, user).await {
            Ok(t) => notify_target_from(t.as_deref()),
            Err(e) => {
                tracing::warn!(error = %e, "reading a notify setting failed");
                NotifyTarget::Channel
            }
        }
    }

    /// The "your move" notice of a move reply `r` to the next player (whose
    /// new deadline is `deadline`), as they want it: the mention in the
    /// channel (unchanged), a direct message instead of the mention, or
    /// neither. `known` is their setting when the caller has read it.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::service) async fn route_turn_notice(
        &self,
        l: &Loaded,
        mover: Color,
        san: &str,
        number: &str,
        deadline: i64,
        r: &mut Reply,
        known: Option<NotifyTarget>,
    ) -> Option<Reply> {
        let next = l.player(mover.other());
        let target = match known {
            Some(t) => t,
            // A player with a daily digest gets no notice per move.
            None if super::desk::takes_digest(self, &l.row.platform, &next.id).await => {
                NotifyTarget::Off
            }
            None => self.notify_target_of(&l.row.platform, &next.id).await,
        };
        match target {
            NotifyTarget::Channel => None,
            NotifyTarget::Off => {
                r.mentions.retain(|a| a.id != next.id);
                None
            }
            NotifyTarget::Dm => {
                r.mentions.retain(|a| a.id != next.id);
                let place = l.place();
                let loc = self.post_locale(&place, l.row.id).await;
                let until = from_ms(deadline);
                let game = self.game_ref(loc, l.row.id).await;
                let mut dm = reply(
                    &Place::direct(&l.row.platform, &next.id),
                    msg::your_move_dm(
                        loc,
                        &msg::channel_ref(&place.platform, &place.channel),
                        &game,
                        l.name(mover),
                        number,
                        san,
                        &msg::deadline(until),
                    ),
                );
                dm.board = r.board.clone();
                if let Some(b) = dm.board.as_mut() {
                    self.private_flip(&l.row.platform, &next.id, mover.other(), b)
                        .await;
                }
                dm.locale = loc;
                self.images_for(&l.row.platform, &next.id, &mut dm).await;
                let mut instead = reply(
                    &place,
                    msg::reminder(loc, &next.name, &game, &msg::deadline(until)),
                );
                instead.mentions = vec![next.clone()];
                instead.locale = loc;
                dm.fallback = Some(Box::new(instead));
                Some(dm)
            }
        }
    }

    /// A reminder as the player to move wants it: in the channel, as a
    /// direct message, or not at all.
    pub(in crate::service) async fn route_reminder(
        &self,
        loc: Locale,
        l: &Loaded,
        mut replies: Vec<Reply>,
    ) -> Vec<Reply> {
        let player = l.player(l.game.position().turn());
        match self.notify_target_of(&l.row.platform, &player.id).await {
            NotifyTarget::Channel => replies,
            NotifyTarget::Off => Vec::new(),
            NotifyTarget::Dm => {
                let place = l.place();
                let until = from_ms(l.row.deadline_at.unwrap_or(l.row.updated_at));
                let game = self.game_ref(loc, l.row.id).await;
                for r in &mut replies {
                    let mut instead = r.clone();
                    instead.locale = loc;
                    r.fallback = Some(Box::new(instead));
                    r.place = Place::direct(&place.platform, &player.id);
                    if let Some(b) = r.board.as_mut() {
                        self.private_flip(&place.platform, &player.id, l.game.position().turn(), b)
                            .await;
                    }
                    r.text = msg::reminder_dm(
                        loc,
                        &game,
                        &msg::channel_ref(&place.platform, &place.channel),
                        &msg::deadline(until),
                    );
                    r.mentions.clear();
                    self.images_for(&place.platform, &player.id, r).await;
                }
                replies
            }
        }
    }
}

/// Where turn notices go by a stored setting (the channel when unset or
/// unknown).
pub(in crate::service) fn notify_target_from(stored: Option<&str>) -> NotifyTarget {
    stored.and_then(|t| t.parse().ok()).unwrap_or_default()
}
