//! League games and their places: on a platform whose adapter opens a
//! place per league game (a Discord thread, a Matrix room), a league's
//! games start without a clock at their placeholder; the adapter asks for
//! the games still waiting ([`GameService::held_league_games`], each
//! claimed for this process), opens a game's place, posts its start there
//! ([`GameService::prepare_league_binding`]) and binds it
//! ([`GameService::bind_league_game`]), which starts its clock: no clock
//! runs before the players were told where the game is. The waiting
//! games live in the database, so a restart, or another process on the
//! same database, finishes a start that a crash interrupted; a game whose
//! place cannot be opened waits without a clock, and never loses on time.

use super::game::{Failure, GameService, ServiceError, from_ms, key, ms, reply};
use super::leagues::league_place;
use super::{Actor, BoardImage, Event, Place, Reply, Subject, messages as msg};
use crate::chess::Variant;
use crate::i18n::Locale;
use crate::store::{ChannelKey, GameGroup, GameRow, HeldGameRow, LeagueRow, StoreError};

/// How long one process holds its claim on opening a game's place: long
/// enough for a homeserver that throttles room creation (the SDK retries
/// for up to 15 minutes), short enough that a crash delays a game by
/// minutes, not days.
pub const LEAGUE_BINDING_LEASE_MS: i64 = 20 * 60 * 1000;

/// Most waiting games handed out at once.
const HELD_BATCH: i64 = 16;

/// Whether league games on `platform` wait for the adapter to open their
/// place (the console plays them at their placeholder channel).
#[must_use]
pub fn adapter_opens_places(platform: &str) -> bool {
    matches!(platform, "discord" | "matrix")
}

/// A league game waiting for its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldLeagueGame {
    pub game: i64,
    pub league: i64,
    pub number: i64,
    /// Its placeholder.
    pub placeholder: Place,
    /// The league's channel (where the pairings were posted).
    pub league_place: Place,
    pub white: Actor,
    pub black: Actor,
    /// Places that could not be opened for it so far.
    pub failures: i64,
}

/// What a league game's start post shows.
pub(in crate::service) struct StartedGame {
    pub id: i64,
    /// What the game is called: its pairing.
    pub title: String,
    pub white: Actor,
    pub black: Actor,
    pub start_fen: String,
    pub variant: Variant,
    pub position: Option<i64>,
    pub deadline_at: i64,
}

/// The start of a league game in `place`: the players, the deadline, the
/// board and the `start` event.
pub(in crate::service) fn league_game_start(
    loc: Locale,
    l: &LeagueRow,
    place: &Place,
    g: StartedGame,
    now: i64,
) -> Reply {
    let mut r = reply(
        place,
        msg::league_game_started(
            loc,
            &g.title,
            g.id,
            &g.white.name,
            &g.black.name,
            if super::league_setup::black_to_move(&g.start_fen) {
                &g.black.name
            } else {
                &g.white.name
            },
            &msg::deadline(from_ms(g.deadline_at)),
        ),
    );
    r.locale = loc;
    if let Some(opening) = &l.opening {
        r.text.push('\n');
        r.text.push_str(&msg::league_game_opening(loc, opening));
    }
    let number960 = g.position.and_then(|n| u32::try_from(n).ok());
    if let Some(line) = super::chess960::start_line(loc, g.variant, number960) {
        r.text.push('\n');
        r.text.push_str(&line);
    }
    r.board = Some(BoardImage {
        fen: g.start_fen.clone(),
        last_move: None,
        flip: false,
        result: None,
        names: Some([g.white.name.clone(), g.black.name.clone()]),
        deadline: Some(msg::time_left(loc, g.deadline_at - now)),
        theme: crate::render::Theme::default(),
        start_fen: None,
    });
    r.event = Some(Event::Start {
        white: g.white.name.clone(),
        black: g.black.name.clone(),
        fen: g.start_fen,
        variant: g
            .variant
            .is_chess960()
            .then(|| g.variant.as_str().to_string()),
        position: number960,
        league: Some(l.id),
        watch: None,
    });
    r.mentions = vec![g.white, g.black];
    r.actions = vec![super::Action::Resign];
    r.subject = Some(Subject::Game(g.id));
    r
}

fn held_game(row: HeldGameRow, platform: &str) -> HeldLeagueGame {
    let guild = (!row.guild.is_empty()).then(|| row.guild.clone());
    HeldLeagueGame {
        game: row.game_id,
        league: row.parent_id,
        number: row.number,
        placeholder: Place {
            platform: platform.to_string(),
            guild: guild.clone(),
            channel: row.channel,
        },
        league_place: Place {
            platform: platform.to_string(),
            guild,
            channel: row.parent_channel,
        },
        white: Actor {
            id: row.white_id,
            name: row.white_name,
        },
        black: Actor {
            id: row.black_id,
            name: row.black_name,
        },
        failures: row.bind_failures,
    }
}

/// How binding a league game to a place ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    /// Moved there, its clock running.
    Bound,
    /// Another process bound it, or it ended meanwhile.
    Gone,
    /// Another active game holds that place.
    PlaceBusy,
}

/// A league game's start in its new place and the clock it gets there
/// ([`GameService::prepare_league_binding`]).
#[derive(Clone, Debug)]
pub struct PreparedBinding {
    /// To post in `to` before the game is bound there.
    pub start: Reply,
    pub to: Place,
    deadline_at: i64,
    remind_at: i64,
}

impl GameService {
    /// The league games of `platform` waiting for a place, claimed for
    /// this process (each for [`LEAGUE_BINDING_LEASE_MS`]): open each
    /// one's place and [`GameService::bind_league_game`] it, or
    /// [`GameService::league_place_failed`]. Games another process holds
    /// are left out.
    ///
    /// # Errors
    /// Database failures.
    pub async fn held_league_games(
        &self,
        platform: &str,
    ) -> Result<Vec<HeldLeagueGame>, ServiceError> {
        let now = ms(self.now());
        let rows = self
            .inner
            .store
            .held_games(GameGroup::League, platform, now, HELD_BATCH)
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let claimed = self
                .inner
                .store
                .claim_held_game(
                    GameGroup::League,
                    row.game_id,
                    now,
                    now + LEAGUE_BINDING_LEASE_MS,
                )
                .await?;
            if claimed {
                out.push(held_game(row, platform));
            }
        }
        Ok(out)
    }

    /// The start of held game `held` in `to`, with its clock as it will be
    /// when bound now (the player to move's vacation counted); `None` when
    /// the game or its league is gone. Post it in `to`, then
    /// [`GameService::bind_league_game`]: a game's clock never runs before
    /// its players were told where it is.
    ///
    /// # Errors
    /// Database failures.
    pub async fn prepare_league_binding(
        &self,
        held: &HeldLeagueGame,
        to: &Place,
    ) -> Result<Option<PreparedBinding>, ServiceError> {
        let store = &self.inner.store;
        let Some((l, row)) = self
            .still_held(store.league(held.league), held.game, &held.placeholder)
            .await?
        else {
            return Ok(None);
        };
        let now = ms(self.now());
        let black_first = super::league_setup::black_to_move(&row.start_fen);
        let (first, first_bank) = if black_first {
            (&row.black_id, row.black_bank_ms)
        } else {
            (&row.white_id, row.white_bank_ms)
        };
        let (deadline_at, remind_at) = self
            .clock_at_binding(
                &row,
                first,
                now,
                first_bank.filter(|_| row.bank_cap_ms.is_some()),
                row.vacation_stops == 1,
            )
            .await?;
        let loc = self
            .channel_locale(&league_place(&l))
            .await
            .unwrap_or_default();
        let variant = if row.variant == Variant::Chess960.as_str() {
            Variant::Chess960
        } else {
            Variant::Standard
        };
        let title = self.game_title(loc, row.id).await;
        let mut start = league_game_start(
            loc,
            &l,
            to,
            StartedGame {
                id: row.id,
                title,
                white: held.white.clone(),
                black: held.black.clone(),
                start_fen: row.start_fen,
                variant,
                position: row.start_position,
                deadline_at,
            },
            now,
        );
        self.add_watch_links(std::slice::from_mut(&mut start)).await;
        Ok(Some(PreparedBinding {
            start,
            to: to.clone(),
            deadline_at,
            remind_at,
        }))
    }

    /// Moves held game `held` to the place `prepared` was made for and
    /// starts its clock with `prepared`'s deadline, in one guarded update.
    ///
    /// # Errors
    /// Database failures.
    pub async fn bind_league_game(
        &self,
        held: &HeldLeagueGame,
        prepared: &PreparedBinding,
    ) -> Result<Binding, ServiceError> {
        self.bind_held(
            held.game,
            &held.placeholder,
            &[key(&prepared.to)],
            prepared.deadline_at,
            prepared.remind_at,
        )
        .await
    }

    /// Whether `place` is the own place (thread, room) of a league game
    /// that is over, where no game runs and no league lives: an adapter
    /// that opened it may leave it (`false` when the database cannot tell,
    /// logged).
    pub async fn finished_league_place(&self, place: &Place) -> bool {
        match self
            .inner
            .store
            .finished_league_place(&place.platform, &place.channel)
            .await
        {
            Ok(done) => done,
            Err(e) => {
                tracing::warn!(error = %e, "reading a league game's place failed");
                false
            }
        }
    }

    /// Counts a place that could not be opened for `held`; the first time,
    /// the league's channel is told (the returned reply: the game has no
    /// clock yet and will be retried). The claim stays until its lease
    /// runs out, which spaces the retries.
    ///
    /// # Errors
    /// Database failures.
    pub async fn league_place_failed(
        &self,
        held: &HeldLeagueGame,
    ) -> Result<Option<Reply>, ServiceError> {
        let failures = self
            .inner
            .store
            .note_held_game_failure(GameGroup::League, held.game)
            .await?;
        let mut told = self
            .no_place_notices(failures, std::slice::from_ref(&held.league_place), |loc| {
                msg::league_no_place(loc, held.game, &held.white.name, &held.black.name)
            })
            .await;
        Ok(told.pop())
    }

    /// The clock a game held at its placeholder gets when bound now: the
    /// turn of `first` (the player to move) with `bank`, their vacation
    /// counted when `vacation_stops`.
    pub(in crate::service) async fn clock_at_binding(
        &self,
        row: &GameRow,
        first: &str,
        now: i64,
        bank: Option<i64>,
        vacation_stops: bool,
    ) -> Result<(i64, i64), ServiceError> {
        self.turn_start(&row.platform, first, now, row.days, bank, vacation_stops)
            .await
            .map_err(|f| match f {
                Failure::Internal(e) => e,
                Failure::User { .. } | Failure::Stale => ServiceError::Store(StoreError::Stale),
            })
    }

    /// The group of held game `game` (its league or team match, loaded
    /// by `group`) and the game's row, when both still exist and the game
    /// still waits at `placeholder`: not bound by another process
    /// meanwhile, not ended. `None` otherwise.
    pub(in crate::service) async fn still_held<Group>(
        &self,
        group: impl Future<Output = Result<Option<Group>, StoreError>>,
        game: i64,
        placeholder: &Place,
    ) -> Result<Option<(Group, GameRow)>, ServiceError> {
        let (Some(group), Some(row)) = (group.await?, self.inner.store.game(game).await?) else {
            return Ok(None);
        };
        let waiting =
            row.is_active() && row.channel == placeholder.channel && row.deadline_at.is_none();
        Ok(waiting.then_some((group, row)))
    }

    /// Moves held game `game` from `placeholder` to `places` (White's
    /// first) and starts its clock with `deadline_at`, in one guarded
    /// update; a bound game's first reminder is noted due at `remind_at`.
    pub(in crate::service) async fn bind_held(
        &self,
        game: i64,
        placeholder: &Place,
        places: &[ChannelKey],
        deadline_at: i64,
        remind_at: i64,
    ) -> Result<Binding, ServiceError> {
        let now = ms(self.now());
        let bound = self
            .inner
            .store
            .bind_held_game(game, &key(placeholder), places, deadline_at, remind_at, now)
            .await;
        match bound {
            Ok(true) => {}
            Ok(false) => return Ok(Binding::Gone),
            Err(StoreError::Busy) => return Ok(Binding::PlaceBusy),
            Err(e) => return Err(e.into()),
        }
        self.note_due(remind_at);
        Ok(Binding::Bound)
    }

    /// The notices that a held game's place could not be opened, one for
    /// each of `places` in its language (`text`); only after the first
    /// failure (`failures` counted so far), later ones go untold.
    pub(in crate::service) async fn no_place_notices(
        &self,
        failures: i64,
        places: &[Place],
        text: impl Fn(Locale) -> String,
    ) -> Vec<Reply> {
        if failures != 1 {
            return Vec::new();
        }
        let mut out = Vec::new();
        for p in places {
            let loc = self.channel_locale(p).await.unwrap_or_default();
            let mut r = reply(p, text(loc));
            r.locale = loc;
            out.push(r);
        }
        out
    }
}
