//! Named members: a channel's moderators may name its team's members up
//! front (`team members add @a @b`, `remove`); a vote closes early once
//! every named member has voted, and a member named by one team cannot
//! vote for the other side.

use super::{Actor, Place, messages as msg};
use crate::i18n::Locale;

use super::game::{GameService, Handled, reply, user};
use super::teams::team_actor;

impl GameService {
    /// `team members [add:@a] [remove:@b]`: the named members of this
    /// channel's team, after the moderators' changes.
    pub(in crate::service) async fn team_members(
        &self,
        loc: Locale,
        place: &Place,
        moderator: bool,
        add: Vec<Actor>,
        remove: Vec<Actor>,
    ) -> Handled {
        if (!add.is_empty() || !remove.is_empty()) && !moderator {
            return Err(user("not_allowed", msg::team_moderators_only(loc)));
        }
        let store = &self.inner.store;
        for a in &add {
            let a = a.cleaned();
            store
                .add_team_member(&place.platform, &place.channel, &a.id, &a.name)
                .await?;
        }
        for a in &remove {
            store
                .remove_team_member(&place.platform, &place.channel, &a.id)
                .await?;
        }
        let team = team_actor(place, None).name;
        let named = store.team_members(&place.platform, &place.channel).await?;
        let text = if named.is_empty() {
            msg::team_members_none(loc, &team)
        } else {
            let names: Vec<&str> = named.iter().map(|(_, n)| n.as_str()).collect();
            msg::team_members(loc, &team, &names.join(", "))
        };
        Ok(vec![reply(place, text)])
    }
}
