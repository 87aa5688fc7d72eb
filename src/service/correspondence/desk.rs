//! The correspondence desk of a player of many games: after a move, the
//! next game waiting for them (a private line to the mover), and the daily
//! digest (`notify digest:H`) that lists the games waiting for them once a
//! day at an hour of their time zone, instead of a notice per move.
//!
//! A digest is claimed by moving its time on a day in one conditional
//! update, so exactly one process posts it; a process that dies between
//! that claim and the post loses that one day's digest (the turn
//! reminders before each deadline still come).

use chrono::{DateTime, Utc};

use super::game::{Failure, GameService, Handled, Loaded, from_ms, ms, reply};
use super::{Actor, DueAnnouncement, Event, Place, Reply, WaitingGame, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;
use crate::store::{DigestRow, GameRow};

/// The `id` of a digest's post: it has no outbox entry to acknowledge.
pub(in crate::service) const DIGEST_POST: i64 = 0;

/// `user`'s running games on `platform` where it is their move, nearest
/// deadline first (a game without one last); `except` left out.
pub(in crate::service) async fn waiting_games(
    svc: &GameService,
    platform: &str,
    user: &str,
    except: Option<i64>,
) -> Result<Vec<GameRow>, Failure> {
    let mut games: Vec<GameRow> = svc
        .store()
        .active_games_of(platform, user)
        .await?
        .into_iter()
        .filter(|g| Some(g.id) != except)
        .filter(|g| {
            let to_move = match super::games::chess960::fen_turn(&g.fen) {
                Color::White => &g.white_id,
                Color::Black => &g.black_id,
            };
            to_move == user
        })
        .collect();
    games.sort_by_key(|g| (g.deadline_at.unwrap_or(i64::MAX), g.id));
    Ok(games)
}

/// A waiting game as events show it.
fn waiting(g: &GameRow) -> WaitingGame {
    WaitingGame {
        game: g.id,
        channel: g.channel.clone(),
        deadline: g.deadline_at.map(|d| msg::deadline_rfc3339(from_ms(d))),
        guild: g.guild.clone(),
    }
}

/// One waiting game in words: its number, place, players and deadline.
fn waiting_line(loc: Locale, g: &GameRow) -> String {
    msg::desk_game_line(
        loc,
        g.id,
        &msg::channel_ref(&g.platform, &g.channel),
        &g.white_name,
        &g.black_name,
        &msg::deadline(from_ms(g.deadline_at.unwrap_or(g.updated_at))),
    )
}

/// The private line to the mover of the move `public` announces: their
/// next game waiting for them, with the move's event carrying it as
/// `next`; `None` when no other game waits for them (or it cannot be
/// read: the move stands anyway, logged).
pub(in crate::service) async fn next_game_reply(
    svc: &GameService,
    loc: Locale,
    place: &Place,
    l: &Loaded,
    mover: &Actor,
    public: &Reply,
) -> Option<Reply> {
    let games = match waiting_games(svc, &l.row.platform, &mover.id, Some(l.row.id)).await {
        Ok(g) => g,
        Err(e) => {
            tracing::warn!(error = ?e, "reading the mover's next game failed");
            return None;
        }
    };
    let next = games.first()?;
    let mut r = reply(place, msg::desk_next_game(loc, &waiting_line(loc, next)));
    r.ephemeral = true;
    r.event = match public.event.clone() {
        Some(Event::Move {
            by,
            san,
            uci,
            fen,
            check,
            premove,
            banks,
            ..
        }) => Some(Event::Move {
            by,
            san,
            uci,
            fen,
            check,
            premove,
            banks,
            next: Some(waiting(next)),
        }),
        other => other,
    };
    Some(r)
}

/// Whether `user` takes a daily digest instead of a notice per move
/// (`false` when the database cannot tell, logged).
pub(in crate::service) async fn takes_digest(
    svc: &GameService,
    platform: &str,
    user: &str,
) -> bool {
    match svc.store().digest_of(platform, user).await {
        Ok(d) => d.is_some(),
        Err(e) => {
            tracing::warn!(error = %e, "reading a digest setting failed");
            false
        }
    }
}

/// The next `hour`:00 of the time zone `utc_offset` minutes east of UTC,
/// after `now`.
pub(in crate::service) fn next_digest_at(
    now: DateTime<Utc>,
    hour: u32,
    utc_offset: i64,
) -> DateTime<Utc> {
    let shift = chrono::Duration::minutes(utc_offset);
    let local = now + shift;
    let today = local
        .date_naive()
        .and_hms_opt(hour.min(23), 0, 0)
        .map_or(local, |t| t.and_utc());
    let at = if today > local {
        today
    } else {
        today + chrono::Duration::days(1)
    };
    at - shift
}

/// A time zone's name as the answers write it: `UTC`, `UTC+2`, `UTC-5:30`.
fn zone_name(utc_offset: i64) -> String {
    if utc_offset == 0 {
        return "UTC".to_string();
    }
    let sign = if utc_offset < 0 { '-' } else { '+' };
    let (h, m) = (utc_offset.abs() / 60, utc_offset.abs() % 60);
    if m == 0 {
        format!("UTC{sign}{h}")
    } else {
        format!("UTC{sign}{h}:{m:02}")
    }
}

/// `notify digest:H [tz:Z]` and `notify digest:off`: the caller's daily
/// digest on this platform (a private answer).
pub(in crate::service) async fn set_digest(
    svc: &GameService,
    loc: Locale,
    place: &Place,
    by: &Actor,
    hour: Option<u8>,
    utc_offset: i32,
) -> Handled {
    let store = svc.store();
    let text = match hour {
        Some(hour) => {
            let offset = i64::from(utc_offset);
            let next = next_digest_at(svc.now(), u32::from(hour), offset);
            store
                .set_digest(&place.platform, &by.id, i64::from(hour), offset, ms(next))
                .await?;
            svc.note_due(ms(next));
            msg::desk_digest_on(
                loc,
                &format!("{hour:02}:00"),
                &zone_name(offset),
                &msg::deadline(next),
            )
        }
        None => {
            if store.stop_digest(&place.platform, &by.id).await? {
                msg::desk_digest_off(loc)
            } else {
                msg::desk_digest_none(loc)
            }
        }
    };
    let mut r = reply(place, text);
    r.ephemeral = true;
    Ok(vec![r])
}

/// Claims the digests of `platform` (`None`: all) due at `now`, up to
/// `room`, and makes their posts: a direct message to each player with
/// the games waiting for them (none when no game waits).
pub(in crate::service) async fn claim_digests(
    svc: &GameService,
    platform: Option<&str>,
    now: i64,
    room: i64,
) -> Vec<DueAnnouncement> {
    let rows = match svc.store().due_digests(platform, now, room).await {
        Ok(rows) => rows,
        Err(e) => {
            tracing::error!(error = %e, "loading due digests failed");
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for row in rows {
        match fire_digest(svc, &row, now).await {
            Ok(Some(due)) => out.push(due),
            Ok(None) => {}
            Err(e) => tracing::error!(user = %row.user_id, error = ?e, "daily digest failed"),
        }
    }
    out
}

/// Claims one digest (its next one a day on, or at the next hour due
/// after a long pause) and makes its post.
async fn fire_digest(
    svc: &GameService,
    row: &DigestRow,
    now: i64,
) -> Result<Option<DueAnnouncement>, Failure> {
    let hour = u32::try_from(row.hour).unwrap_or(0);
    let next = ms(next_digest_at(from_ms(now), hour, row.utc_offset));
    if !svc.store().claim_digest(row, next).await? {
        return Ok(None);
    }
    let games = waiting_games(svc, &row.platform, &row.user_id, None).await?;
    let Some(first) = games.first() else {
        return Ok(None);
    };
    let place = Place {
        platform: first.platform.clone(),
        guild: Some(first.guild.clone()).filter(|g| !g.is_empty()),
        channel: first.channel.clone(),
    };
    let loc = svc.post_locale(&place, first.id).await;
    let player = if super::games::chess960::fen_turn(&first.fen) == Color::White {
        first.white_name.clone()
    } else {
        first.black_name.clone()
    };
    let mut lines = vec![msg::desk_digest_heading(
        loc,
        i64::try_from(games.len()).unwrap_or(i64::MAX),
    )];
    lines.extend(games.iter().map(|g| waiting_line(loc, g)));
    let mut r = reply(
        &Place::direct(&row.platform, &row.user_id),
        lines.join("\n"),
    );
    r.locale = loc;
    r.event = Some(Event::Digest {
        player,
        games: games.iter().map(waiting).collect(),
    });
    Ok(Some(DueAnnouncement {
        id: DIGEST_POST,
        replies: vec![r],
        challenge: false,
        puzzle: false,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_digest_hour_is_the_players_own() {
        let now = Utc.with_ymd_and_hms(2026, 12, 7, 6, 30, 0).unwrap();
        // 8:00 UTC is later today.
        assert_eq!(
            next_digest_at(now, 8, 0),
            Utc.with_ymd_and_hms(2026, 12, 7, 8, 0, 0).unwrap()
        );
        // 8:00 at UTC+2 is 6:00 UTC: passed, so tomorrow.
        assert_eq!(
            next_digest_at(now, 8, 120),
            Utc.with_ymd_and_hms(2026, 12, 8, 6, 0, 0).unwrap()
        );
        // 8:00 at UTC-5:30 is 13:30 UTC today.
        assert_eq!(
            next_digest_at(now, 8, -330),
            Utc.with_ymd_and_hms(2026, 12, 7, 13, 30, 0).unwrap()
        );
        // The hour itself is not "after now".
        let eight = Utc.with_ymd_and_hms(2026, 12, 7, 8, 0, 0).unwrap();
        assert_eq!(
            next_digest_at(eight, 8, 0),
            eight + chrono::Duration::days(1)
        );
    }

    #[test]
    fn zones_are_named_from_utc() {
        assert_eq!(zone_name(0), "UTC");
        assert_eq!(zone_name(120), "UTC+2");
        assert_eq!(zone_name(-330), "UTC-5:30");
    }
}
