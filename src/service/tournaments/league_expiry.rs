//! Open leagues and Swiss tournaments that never start close themselves,
//! so an abandoned sign-up never holds its community's caps for ever.

use super::game::{DAY_MS, GameService, reply};
use super::leagues::{league_event, league_place};
use super::{DueAnnouncement, messages as msg};
use crate::store::{LEAGUE_CANCELLED, LEAGUE_OPEN, LEAGUE_OPEN_MAX_MS};

/// Closes the open leagues of `platform` that never started within
/// [`LEAGUE_OPEN_MAX_MS`] of their creation, each announced in its
/// channel.
pub(in crate::service) async fn close_stale_leagues(
    svc: &GameService,
    platform: Option<&str>,
    now: i64,
    room: i64,
) -> Vec<DueAnnouncement> {
    let stale = match svc
        .inner
        .store
        .stale_open_leagues(platform, now - LEAGUE_OPEN_MAX_MS, room)
        .await
    {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = %e, "loading unstarted leagues failed");
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for l in stale {
        match svc
            .inner
            .store
            .end_league(l.id, LEAGUE_OPEN, LEAGUE_CANCELLED, now)
            .await
        {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) => {
                tracing::error!(league = l.id, error = %e, "closing an unstarted league failed");
                continue;
            }
        }
        let place = league_place(&l);
        let loc = svc.channel_locale(&place).await.unwrap_or_default();
        let players = svc
            .inner
            .store
            .league_players(l.id)
            .await
            .unwrap_or_default();
        let mut r = reply(
            &place,
            msg::league_closed_unstarted(loc, &l.name, LEAGUE_OPEN_MAX_MS / DAY_MS),
        );
        r.locale = loc;
        r.event = Some(league_event(l.id, &l.name, LEAGUE_CANCELLED, &players));
        out.push(DueAnnouncement {
            id: 0,
            replies: vec![r],
            challenge: false,
            puzzle: false,
        });
    }
    out
}
