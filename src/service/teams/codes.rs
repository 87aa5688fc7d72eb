//! Team challenges across communities: `team challenge` with no opponent
//! answers a short code (single use, for seven days); a moderator of
//! another community gives it with `team accept code:` in the channel that
//! will play, and the game starts with one place per side, each in its own
//! community. Both places are on one platform: a process serves one
//! platform, and the other side's posts could not be delivered.

use super::{Event, LocalePrefs, Place, messages as msg};
use crate::chess::RulesMode;
use crate::i18n::Locale;
use crate::store::{TeamCodeRow, TeamSideRow};

use super::game::{DAY_MS, GameService, Handled, key, ms, reply, user};
use super::teams::{TeamChallenge, team_actor};
use super::{ChallengeOptions, ColorChoice};

/// How long a code may be given.
pub const TEAM_CODE_DAYS: i64 = 7;

/// The letters of a code: no 0/O or 1/I to misread.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// Letters in a code (40 bits; a code is also single-use and for a
/// moderator to give).
const CODE_LEN: usize = 8;

/// A fresh code, or `None` when the system has no randomness to give.
pub(super) fn fresh_code() -> Option<String> {
    let mut bytes = [0u8; CODE_LEN];
    getrandom::fill(&mut bytes).ok()?;
    Some(
        bytes
            .iter()
            .map(|b| char::from(CODE_ALPHABET[usize::from(*b) % CODE_ALPHABET.len()]))
            .collect(),
    )
}

/// A code as given (any case, spaces around), if it could be one.
pub(super) fn read_code(given: &str) -> Option<String> {
    let c = given.trim().to_ascii_uppercase();
    (c.len() == CODE_LEN && c.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(c)
}

fn color_key(c: ColorChoice) -> &'static str {
    match c {
        ColorChoice::White => "white",
        ColorChoice::Black => "black",
        ColorChoice::Random => "random",
    }
}

fn color_of_key(k: &str) -> ColorChoice {
    match k {
        "white" => ColorChoice::White,
        "black" => ColorChoice::Black,
        _ => ColorChoice::Random,
    }
}

impl GameService {
    /// `team challenge` without an opponent: a code for another community.
    pub(in crate::service) async fn team_code_challenge(
        &self,
        loc: Locale,
        place: &Place,
        c: TeamChallenge,
    ) -> Handled {
        let here = team_actor(place, c.here_name.as_deref());
        self.refuse_team_cap(loc, place).await?;
        self.refuse_team_busy(loc, place, &here.name).await?;
        let now = ms(self.now());
        // A clash with a code made before is all but impossible; one more
        // draw settles it.
        for _ in 0..3 {
            let Some(code) = fresh_code() else { break };
            let row = TeamCodeRow {
                code: code.clone(),
                platform: place.platform.clone(),
                guild: place.guild.clone().unwrap_or_default(),
                channel: place.channel.clone(),
                name: here.name.clone(),
                days: i64::from(c.days),
                color: color_key(c.color).to_string(),
                rules: c.rules.as_str().to_string(),
                fen: c.fen.clone(),
                created_at: now,
            };
            if self.inner.store.insert_team_code(&row).await? {
                let mut r = reply(
                    place,
                    msg::team_code_posted(loc, &here.name, &code, TEAM_CODE_DAYS),
                );
                r.event = Some(Event::Challenge {
                    challenger: here.name.clone(),
                    opponent: None,
                });
                return Ok(vec![r]);
            }
        }
        Err(user("unavailable", msg::team_code_unavailable(loc)))
    }

    /// `team accept code:X` by a moderator: the coded challenge's team plays
    /// this channel's; the game lives in the challenging channel.
    pub(in crate::service) async fn team_accept_code(
        &self,
        loc: Locale,
        place: &Place,
        prefs: LocalePrefs,
        code: &str,
        here_name: Option<&str>,
    ) -> Handled {
        if !prefs.moderator {
            return Err(user("not_allowed", msg::team_code_moderators(loc)));
        }
        let now = ms(self.now());
        let since = now - TEAM_CODE_DAYS * DAY_MS;
        let unknown = || user("no_challenge", msg::team_code_unknown(loc));
        let code = read_code(code).ok_or_else(unknown)?;
        let Some(c) = self.inner.store.team_code(&code, since).await? else {
            return Err(unknown());
        };
        if c.platform != place.platform {
            return Err(user("not_allowed", msg::team_code_other_platform(loc)));
        }
        if c.channel == place.channel {
            return Err(user("not_allowed", msg::team_own_channel(loc)));
        }
        let them_place = Place {
            platform: c.platform.clone(),
            guild: (!c.guild.is_empty()).then(|| c.guild.clone()),
            channel: c.channel.clone(),
        };
        let them = team_actor(&them_place, Some(&c.name));
        let us = team_actor(place, here_name);
        self.refuse_team_cap(loc, place).await?;
        self.refuse_team_busy(loc, place, &us.name).await?;
        self.refuse_if_busy(loc, &them_place).await?;
        if !self.inner.store.use_team_code(&code, now).await? {
            return Err(unknown());
        }
        let options = ChallengeOptions {
            color: color_of_key(&c.color),
            days: u32::try_from(c.days).unwrap_or(super::TEAM_DEFAULT_DAYS),
            fen: c.fen.clone(),
            rules: c.rules.parse::<RulesMode>().unwrap_or(RulesMode::House),
            rated: false,
            variant: None,
            position: None,
            extras: super::ChallengeExtras::default(),
        };
        // The challenge is made and accepted at once: its own posts would
        // only say what the start says.
        self.challenge(loc, &them_place, &them, Some(us.clone()), options)
            .await?;
        let replies = self
            .accept(loc, &them_place, &us, prefs.guild, None)
            .await?;
        let Some(row) = self.inner.store.active_game(&key(&them_place)).await? else {
            return Ok(replies);
        };
        let side = |p: &Place, team: &str| TeamSideRow {
            game_id: row.id,
            side: if row.white_id == team {
                "white"
            } else {
                "black"
            }
            .to_string(),
            platform: p.platform.clone(),
            guild: p.guild.clone().unwrap_or_default(),
            channel: p.channel.clone(),
        };
        self.inner
            .store
            .insert_team_sides(&[side(&them_place, &them.id), side(place, &us.id)])
            .await?;
        Ok(self.spread_team(row.id, None, replies).await)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_in_any_case_and_nothing_else_does() {
        let code = fresh_code().expect("randomness");
        assert_eq!(read_code(&code.to_lowercase()), Some(code.clone()));
        assert_eq!(read_code(&format!(" {code} ")), Some(code));
        assert_eq!(read_code("ABCD"), None);
        assert_eq!(read_code("ABCDEFG0"), None);
        assert_eq!(read_code("ABCDÉFGH"), None);
    }
}
