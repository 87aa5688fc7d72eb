//! A community's moderators reach every event of their community: a
//! league or Swiss found by number from any of its channels.

use super::community::Community;
use super::game::{Failure, GameService, user};
use super::{Place, messages as msg};
use crate::i18n::Locale;
use crate::store::{LEAGUE_OPEN, LEAGUE_RUNNING, LeagueRow};

/// League `id` if it is open or running in the community of `place`.
pub(in crate::service) async fn community_league(
    svc: &GameService,
    loc: Locale,
    place: &Place,
    id: i64,
) -> Result<LeagueRow, Failure> {
    match svc.inner.store.league(id).await? {
        Some(l)
            if (l.state == LEAGUE_OPEN || l.state == LEAGUE_RUNNING)
                && Community::of(&l.platform, &l.guild, &l.channel)
                    == Community::of_place(place) =>
        {
            Ok(l)
        }
        _ => Err(user("no_league", msg::league_none_numbered(loc, id))),
    }
}
