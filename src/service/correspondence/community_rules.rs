//! A community's correspondence rules, set by its moderators with
//! `settings leave:30|45 control:NAME timeouts:P|off`: the leave a player
//! may take each calendar year, the time control of a challenge that names
//! none, and the time-out rule that refuses new rated challenges from a
//! player who often lets their clock run out.

use super::{CommunityChange, Place, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;
use crate::store::{CommunitySettings, CommunitySettingsChange, GameRow};

use super::comfort::{MAX_LEAVE_DAYS, VACATION_ALLOWANCE};
use super::community::Community;
use super::game::{Failure, GameService, Handled, reply, user};
use crate::service::games::tablebase::TablebaseRule;

/// The time-out rule looks at this many of a player's last finished games.
pub(in crate::service) const TIMEOUT_WINDOW: i64 = 20;
/// ... and only once they have finished this many (a newcomer's one
/// unlucky game is not a ratio).
pub(in crate::service) const TIMEOUT_MIN_GAMES: i64 = 10;

/// The presets a community may make its default.
const PRESETS: [&str; 3] = ["daily", "iccf", "blitz-days"];

/// The community key of a place (see [`Community`]).
fn community_here(place: &Place) -> String {
    Community::of(
        &place.platform,
        place.guild.as_deref().unwrap_or(""),
        &place.channel,
    )
    .key()
}

/// A preset's canonical name, or `None` for "no default" (`off`, `none`,
/// `days`).
///
/// # Errors
/// A name the bot does not know (the message names it).
fn default_control(loc: Locale, given: &str) -> Result<Option<String>, Failure> {
    let name = given.trim().to_ascii_lowercase();
    match name.as_str() {
        "off" | "none" | "days" => Ok(None),
        "blitz_days" | "blitzdays" => Ok(Some("blitz-days".to_string())),
        n if PRESETS.contains(&n) => Ok(Some(n.to_string())),
        _ => Err(user("invalid_option", msg::unknown_control(loc, given))),
    }
}

/// Whether `player` ran out of time in the finished game `g` (lost on
/// time, or drawn on time because the opponent had a lone king): the game
/// ended on time with them to move.
fn timed_out(g: &GameRow, player: &str) -> bool {
    if g.termination.as_deref() != Some("timeout") {
        return false;
    }
    let flagged = match super::chess960::fen_turn(&g.fen) {
        Color::White => &g.white_id,
        Color::Black => &g.black_id,
    };
    flagged == player
}

/// Whether a player with `timeouts` time-outs in `games` recent finished
/// games is over `percent` (and has played enough for it to count).
pub(in crate::service) fn over_timeout_ratio(timeouts: i64, games: i64, percent: i64) -> bool {
    games >= TIMEOUT_MIN_GAMES && timeouts * 100 > percent * games
}

impl GameService {
    /// The settings of the community of `place`.
    async fn settings_here(&self, place: &Place) -> Result<CommunitySettings, Failure> {
        Ok(self
            .inner
            .store
            .community_settings(&community_here(place))
            .await?)
    }

    /// `settings leave: control: timeouts:` (moderators): changes the
    /// community's correspondence rules and says so to the channel.
    pub(in crate::service) async fn set_community_rules(
        &self,
        loc: Locale,
        place: &Place,
        moderator: bool,
        change: CommunityChange,
    ) -> Handled {
        if !moderator {
            return Err(user("not_allowed", msg::community_not_moderator(loc)));
        }
        let leave = match change.leave {
            None => None,
            Some(d) if i64::from(d) == VACATION_ALLOWANCE || i64::from(d) == MAX_LEAVE_DAYS => {
                Some(i64::from(d))
            }
            Some(d) => return Err(user("invalid_option", msg::bad_leave(loc, &d.to_string()))),
        };
        let control = match change.control.as_deref() {
            None => None,
            Some(c) => Some(default_control(loc, c)?),
        };
        let timeouts = match change.timeouts {
            None => None,
            Some(0) => Some(None),
            Some(p) if p < 100 => Some(Some(i64::from(p))),
            Some(p) => {
                return Err(user(
                    "invalid_option",
                    msg::bad_timeouts(loc, &p.to_string()),
                ));
            }
        };
        let tablebase = match change.tablebase.as_deref() {
            None => None,
            Some(given) => Some(self.checked_tablebase_rule(loc, given)?),
        };
        let stored = CommunitySettingsChange {
            leave_days: leave,
            control: control.clone(),
            timeout_percent: timeouts,
        };
        self.inner
            .store
            .set_community_settings(&community_here(place), &stored)
            .await?;
        if let Some(rule) = tablebase {
            self.inner
                .store
                .set_community_tablebase_rule(&community_here(place), rule.as_str())
                .await?;
        }
        let mut lines = Vec::new();
        if let Some(days) = leave {
            lines.push(msg::leave_set(loc, days));
        }
        if let Some(c) = control {
            lines.push(msg::default_control_set(
                loc,
                c.as_deref().unwrap_or("none"),
            ));
        }
        if let Some(rule) = tablebase {
            lines.push(msg::tablebase_rule_set(loc, rule.as_str()));
        }
        if let Some(p) = timeouts {
            lines.push(msg::timeouts_set(
                loc,
                p.unwrap_or(0),
                TIMEOUT_WINDOW,
                TIMEOUT_MIN_GAMES,
            ));
        }
        Ok(vec![reply(place, lines.join("\n"))])
    }

    /// The community's rules as `settings` shows them.
    pub(in crate::service) async fn community_rules_line(
        &self,
        loc: Locale,
        place: &Place,
    ) -> Result<String, Failure> {
        let s = self.settings_here(place).await?;
        let mut line = msg::community_settings_current(
            loc,
            s.leave_days.unwrap_or(VACATION_ALLOWANCE),
            s.control.as_deref().unwrap_or("none"),
            s.timeout_percent.unwrap_or(0),
        );
        let rule = self.tablebase_rule_here(place).await?;
        if rule != TablebaseRule::Off {
            line.push('\n');
            line.push_str(&msg::tablebase_rule_current(loc, rule.as_str()));
        }
        Ok(line)
    }

    /// The rule for the endgame tables in the community of `place`.
    pub(in crate::service) async fn tablebase_rule_here(
        &self,
        place: &Place,
    ) -> Result<TablebaseRule, Failure> {
        let stored = self
            .inner
            .store
            .community_tablebase_rule(&community_here(place))
            .await?;
        Ok(stored
            .as_deref()
            .and_then(TablebaseRule::parse)
            .unwrap_or(TablebaseRule::Off))
    }

    /// A rule a moderator typed: known, and (but `off`) backed by tables.
    fn checked_tablebase_rule(&self, loc: Locale, given: &str) -> Result<TablebaseRule, Failure> {
        let rule = TablebaseRule::parse(given)
            .ok_or_else(|| user("invalid_option", msg::tablebase_bad_rule(loc, given)))?;
        if rule != TablebaseRule::Off && self.tablebases().is_none() {
            return Err(user("not_allowed", msg::tablebase_none(loc)));
        }
        Ok(rule)
    }

    /// The leave `user` may take a calendar year: since a leave stops all
    /// their clocks, the smallest allowance of the communities where they
    /// have a game running (with none, that of the community of `place`).
    pub(in crate::service) async fn leave_allowance(
        &self,
        place: &Place,
        user: &str,
    ) -> Result<i64, Failure> {
        let store = &self.inner.store;
        let mut communities: Vec<String> = store
            .active_games_of(&place.platform, user)
            .await?
            .iter()
            .map(|g| Community::of(&g.platform, &g.guild, &g.channel).key())
            .collect();
        if communities.is_empty() {
            communities.push(community_here(place));
        }
        communities.sort();
        communities.dedup();
        let mut allowance = MAX_LEAVE_DAYS;
        for c in &communities {
            let days = store
                .community_settings(c)
                .await?
                .leave_days
                .unwrap_or(VACATION_ALLOWANCE);
            allowance = allowance.min(days);
        }
        Ok(allowance)
    }

    /// The preset a challenge in `place` that names no time control uses
    /// (`None`: days per move).
    pub(in crate::service) async fn default_control_here(
        &self,
        place: &Place,
    ) -> Result<Option<String>, Failure> {
        Ok(self.settings_here(place).await?.control)
    }

    /// The time-out rule of `place`'s community for a new rated challenge
    /// by `player`.
    ///
    /// # Errors
    /// `not_allowed` when the community has the rule and the player timed
    /// out of more than its share of their last [`TIMEOUT_WINDOW`]
    /// finished games there (once they have [`TIMEOUT_MIN_GAMES`]).
    pub(in crate::service) async fn refuse_timeouts(
        &self,
        loc: Locale,
        place: &Place,
        player: &str,
    ) -> Result<(), Failure> {
        let Some(percent) = self.settings_here(place).await?.timeout_percent else {
            return Ok(());
        };
        let scope = Community::of(
            &place.platform,
            place.guild.as_deref().unwrap_or(""),
            &place.channel,
        )
        .scope();
        let games = self
            .inner
            .store
            .finished_games_in(&scope, player, TIMEOUT_WINDOW)
            .await?;
        let count = games.len() as i64;
        let timeouts = games.iter().filter(|g| timed_out(g, player)).count() as i64;
        if over_timeout_ratio(timeouts, count, percent) {
            return Err(user(
                "not_allowed",
                msg::timeouts_refused(loc, timeouts, count, percent),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratio_counts_only_with_enough_games_and_only_above_the_share() {
        // 5 of 20 is 25%: not more than 25%.
        assert!(!over_timeout_ratio(5, 20, 25));
        assert!(over_timeout_ratio(6, 20, 25));
        // Nine games, all lost on time: too few to judge.
        assert!(!over_timeout_ratio(9, 9, 25));
        assert!(over_timeout_ratio(3, 10, 25));
    }

    #[test]
    fn default_controls_are_the_presets_or_none() {
        let loc = Locale::En;
        assert_eq!(
            default_control(loc, "ICCF").ok(),
            Some(Some("iccf".to_string()))
        );
        assert_eq!(
            default_control(loc, "blitz_days").ok(),
            Some(Some("blitz-days".to_string()))
        );
        assert_eq!(default_control(loc, "off").ok(), Some(None));
        assert!(default_control(loc, "bullet").is_err());
    }
}
