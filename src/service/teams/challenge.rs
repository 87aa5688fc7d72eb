//! Team challenges: a channel's team challenges another channel of the same
//! community (an ordinary personal challenge between the two teams, posted
//! in both channels) or the engine (a computer game the team plays), and
//! the challenged channel accepts; the community's cap on team games (codes
//! for another community, `codes`, count in it).

use super::{ChallengeOptions, Event, LocalePrefs, Place, Subject, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;
use crate::service::community::Community;
use crate::store::TeamSideRow;

use super::ComputerOptions;
use super::game::{DAY_MS, Failure, GameService, Handled, key, ms, reply, user};
use super::teams::codes::TEAM_CODE_DAYS;
use super::teams::{MAX_TEAM_GAMES, TeamChallenge, team_actor};

/// A channel as `team challenge channel:` names it: `#blue`, `<#123>` or
/// `blue`.
fn channel_id(given: &str) -> String {
    let t = given.trim();
    let t = t
        .strip_prefix("<#")
        .and_then(|r| r.strip_suffix('>'))
        .unwrap_or(t);
    t.strip_prefix('#').unwrap_or(t).to_string()
}

impl GameService {
    /// `team challenge channel:#x|level:N ...`.
    pub(in crate::service) async fn team_challenge(
        &self,
        loc: Locale,
        place: &Place,
        prefs: LocalePrefs,
        c: TeamChallenge,
    ) -> Handled {
        if !(1..=14).contains(&c.days) {
            return Err(user(
                "invalid_option",
                msg::bad_days(loc, &c.days.to_string()),
            ));
        }
        let here = team_actor(place, c.here_name.as_deref());
        if let Some(level) = c.level {
            self.refuse_team_cap(loc, place).await?;
            self.refuse_team_busy(loc, place, &here.name).await?;
            let options = ComputerOptions {
                level,
                color: c.color,
                days: c.days,
                fen: c.fen,
                variant: None,
                position: None,
            };
            let replies = self
                .computer(loc, place, &here, options, prefs.guild)
                .await?;
            let Some(row) = self.inner.store.active_game(&key(place)).await? else {
                // The engine ended it at once (a mate from a custom FEN).
                return Ok(replies);
            };
            let side = if row.white_id == here.id {
                "white"
            } else {
                "black"
            };
            self.inner
                .store
                .insert_team_sides(&[TeamSideRow {
                    game_id: row.id,
                    side: side.to_string(),
                    platform: place.platform.clone(),
                    guild: place.guild.clone().unwrap_or_default(),
                    channel: place.channel.clone(),
                }])
                .await?;
            return Ok(self.spread_team(row.id, None, replies).await);
        }
        let Some(channel) = c.channel.as_deref().map(channel_id) else {
            return self.team_code_challenge(loc, place, c).await;
        };
        if channel.is_empty() || channel.chars().any(char::is_whitespace) {
            let given = c.channel.unwrap_or_default();
            return Err(user(
                "invalid_option",
                msg::bad_option_value(loc, "channel", &given),
            ));
        }
        if channel == place.channel {
            return Err(user("not_allowed", msg::team_own_channel(loc)));
        }
        let there = Place {
            channel,
            ..place.clone()
        };
        // Across communities only by code, which a moderator there accepts:
        // a channel option never reaches a room of another community (on
        // Matrix every room is a community of its own).
        if Community::of_place(&there) != Community::of_place(place) {
            return Err(user("not_allowed", msg::team_channel_elsewhere(loc)));
        }
        let opponent = team_actor(&there, c.channel_name.as_deref());
        self.refuse_team_cap(loc, place).await?;
        self.refuse_team_busy(loc, place, &here.name).await?;
        self.refuse_team_busy(loc, &there, &opponent.name).await?;
        let options = ChallengeOptions {
            color: c.color,
            days: c.days,
            fen: c.fen,
            rules: c.rules,
            rated: false,
            variant: None,
            position: None,
            extras: super::ChallengeExtras::default(),
        };
        let mut replies = self
            .challenge(loc, place, &here, Some(opponent.clone()), options)
            .await?;
        let Some(id) = replies.iter().find_map(|r| match r.subject {
            Some(Subject::Challenge(id)) => Some(id),
            _ => None,
        }) else {
            return Ok(replies);
        };
        self.inner
            .store
            .insert_team_challenge(
                id,
                &place.platform,
                &place.guild.clone().unwrap_or_default(),
                &place.channel,
                &there.channel,
                &opponent.name,
                ms(self.now()),
            )
            .await?;
        let event = Event::Challenge {
            challenger: here.name.clone(),
            opponent: Some(opponent.name.clone()),
        };
        for r in &mut replies {
            if matches!(r.event, Some(Event::Challenge { .. })) {
                // Its own words; no buttons (a press acts for a person)
                // and no pings (a team is nobody to ping).
                r.text = msg::team_challenge_posted(loc, &here.name, &opponent.name);
                r.actions.clear();
                r.mentions.clear();
            }
        }
        let mut notice = reply(
            &there,
            msg::team_challenge_received(loc, &here.name, &opponent.name),
        );
        notice.event = Some(event);
        replies.push(notice);
        Ok(replies)
    }

    /// `team accept` in a challenged channel: the game starts in the
    /// challenging channel and is posted in both.
    pub(in crate::service) async fn team_accept(
        &self,
        loc: Locale,
        place: &Place,
        prefs: LocalePrefs,
    ) -> Handled {
        let waiting = self
            .inner
            .store
            .open_team_challenges(&place.platform, &place.channel, true)
            .await?;
        let Some(c) = waiting.into_iter().next() else {
            return Err(user("no_challenge", msg::team_no_challenge(loc)));
        };
        let us = team_actor(place, Some(&c.opponent_name));
        self.refuse_if_busy(loc, place).await?;
        let challenger_place = Place {
            platform: c.platform.clone(),
            guild: (!c.guild.is_empty()).then(|| c.guild.clone()),
            channel: c.channel.clone(),
        };
        let replies = self
            .accept(
                loc,
                &challenger_place,
                &us,
                prefs.guild,
                Some(c.challenge_id),
            )
            .await?;
        let Some(row) = self
            .inner
            .store
            .active_game(&key(&challenger_place))
            .await?
        else {
            return Ok(replies);
        };
        let ours = if row.white_id == us.id {
            Color::White
        } else {
            Color::Black
        };
        let side = |place: &Place, color: Color| TeamSideRow {
            game_id: row.id,
            side: color.name().to_string(),
            platform: place.platform.clone(),
            guild: place.guild.clone().unwrap_or_default(),
            channel: place.channel.clone(),
        };
        self.inner
            .store
            .insert_team_sides(&[side(&challenger_place, ours.other()), side(place, ours)])
            .await?;
        Ok(self.spread_team(row.id, None, replies).await)
    }

    /// Refuses a new team game or challenge in a community running
    /// [`MAX_TEAM_GAMES`] already (`limit`).
    pub(in crate::service) async fn refuse_team_cap(
        &self,
        loc: Locale,
        place: &Place,
    ) -> Result<(), Failure> {
        let community = Community::of_place(place);
        if community.is_direct() {
            return Err(user("not_allowed", msg::team_not_in_direct(loc)));
        }
        let scope = community.scope();
        let running = self.inner.store.team_games_in(&scope).await?;
        let since = ms(self.now()) - TEAM_CODE_DAYS * DAY_MS;
        let coded = self.inner.store.open_team_codes_in(&scope, since).await?;
        if running + coded >= MAX_TEAM_GAMES {
            return Err(user("limit", msg::team_limit(loc, MAX_TEAM_GAMES)));
        }
        Ok(())
    }

    /// Refuses a channel that has a game, a challenge or a team challenge
    /// of its own (`game_in_progress`).
    pub(in crate::service) async fn refuse_team_busy(
        &self,
        loc: Locale,
        place: &Place,
        name: &str,
    ) -> Result<(), Failure> {
        self.refuse_if_busy(loc, place).await?;
        let store = &self.inner.store;
        let busy = !store
            .open_team_challenges(&place.platform, &place.channel, true)
            .await?
            .is_empty()
            || !store
                .open_team_challenges(&place.platform, &place.channel, false)
                .await?
                .is_empty()
            || store
                .has_open_team_code(
                    &place.platform,
                    &place.channel,
                    ms(self.now()) - TEAM_CODE_DAYS * DAY_MS,
                )
                .await?;
        if busy {
            return Err(user("game_in_progress", msg::team_busy(loc, name)));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::channel_id;

    #[test]
    fn a_channel_is_read_from_its_mention_or_name() {
        assert_eq!(channel_id("#blue"), "blue");
        assert_eq!(channel_id("<#123>"), "123");
        assert_eq!(channel_id(" blue "), "blue");
    }
}
