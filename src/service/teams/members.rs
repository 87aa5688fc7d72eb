//! Named members: a channel's moderators may name its team's members up
//! front (`team members add @a @b`, `remove`) and let only them vote
//! (`only:on`); a vote closes early once every named member has voted.
//! Names are kept per team: naming someone never bars them from the
//! other side, and a person who already speaks for the other side of a
//! running game cannot be named.

use super::{Actor, Place, messages as msg};
use crate::i18n::Locale;

use super::game::{Failure, GameService, Handled, reply, user};
use super::teams::{side_color, team_actor};

impl GameService {
    /// `team members [add:@a] [remove:@b] [only:on|off]`: the named members
    /// of this channel's team, after the moderators' changes.
    pub(in crate::service) async fn team_members(
        &self,
        loc: Locale,
        place: &Place,
        moderator: bool,
        (add, remove): (Vec<Actor>, Vec<Actor>),
        only: Option<bool>,
    ) -> Handled {
        if (!add.is_empty() || !remove.is_empty() || only.is_some()) && !moderator {
            return Err(user("not_allowed", msg::team_moderators_only(loc)));
        }
        let add: Vec<Actor> = add.iter().map(Actor::cleaned).collect();
        // Everything is checked before anything changes.
        for a in &add {
            self.refuse_other_sides_member(loc, place, a).await?;
        }
        let store = &self.inner.store;
        for a in &add {
            store
                .add_team_member(&place.platform, &place.channel, &a.id, &a.name)
                .await?;
        }
        for a in &remove {
            store
                .remove_team_member(&place.platform, &place.channel, &a.id)
                .await?;
        }
        if let Some(only) = only {
            store
                .set_team_members_only(&place.platform, &place.channel, only)
                .await?;
        }
        let team = team_actor(place, None).name;
        let named = store.team_members(&place.platform, &place.channel).await?;
        let mut text = if named.is_empty() {
            msg::team_members_none(loc, &team)
        } else {
            let names: Vec<&str> = named.iter().map(|(_, n)| n.as_str()).collect();
            msg::team_members(loc, &team, &names.join(", "))
        };
        if store
            .team_members_only(&place.platform, &place.channel)
            .await?
        {
            text.push('\n');
            text.push_str(&msg::team_members_only_on(loc, &team));
        }
        Ok(vec![reply(place, text)])
    }

    /// Refuses naming `who` for this channel's team while they speak for
    /// the other side of the game it plays: they voted for it, or its team
    /// named them.
    async fn refuse_other_sides_member(
        &self,
        loc: Locale,
        place: &Place,
        who: &Actor,
    ) -> Result<(), Failure> {
        let store = &self.inner.store;
        let Some(ours) = store
            .active_team_side(&place.platform, &place.channel)
            .await?
        else {
            return Ok(());
        };
        let refusal = || {
            user(
                "not_allowed",
                msg::team_member_of_other_side(loc, &who.name, ours.game_id),
            )
        };
        if let Some(side) = store.team_voter_side(ours.game_id, &who.id).await?
            && side != ours.side
        {
            return Err(refusal());
        }
        for theirs in store.team_sides(ours.game_id).await? {
            if side_color(&theirs) == side_color(&ours) {
                continue;
            }
            let named = store
                .team_members(&theirs.platform, &theirs.channel)
                .await?;
            if named.iter().any(|(id, _)| *id == who.id) {
                return Err(refusal());
            }
        }
        Ok(())
    }
}
