//! The community a game, league or command belongs to: the one notion every
//! per-community cap, rating pool, leaderboard, puzzle set, setting and page
//! rule reads.

use std::fmt;

use super::Place;
use crate::store::CommunityScope;

/// A community: a Discord server, a Discord direct-message channel on its
/// own (DMs are never pooled across users), a Matrix room (the codebase
/// knows no spaces: a homeserver hosts many unrelated rooms, so it is never
/// one community), or the whole platform elsewhere (the console).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Community {
    platform: String,
    /// The server every member place is on (empty: not server-wide).
    guild: String,
    /// The one channel or room of the community (empty: not one room).
    channel: String,
    direct: bool,
}

impl Community {
    /// The community of a place given by its parts.
    pub(crate) fn of(platform: &str, guild: &str, channel: &str) -> Community {
        let direct = channel.starts_with('@');
        let (guild, channel) = match platform {
            "discord" if !guild.is_empty() => (guild, ""),
            "discord" | "matrix" => ("", channel),
            // The console is one community (its `@NAME` direct channels
            // included: they only carry private replies).
            _ => ("", ""),
        };
        Community {
            platform: platform.to_string(),
            guild: guild.to_string(),
            channel: channel.to_string(),
            direct: direct || (platform == "discord" && guild.is_empty()),
        }
    }

    /// The community of `place`.
    pub(crate) fn of_place(place: &Place) -> Community {
        Community::of(
            &place.platform,
            place.guild.as_deref().unwrap_or(""),
            &place.channel,
        )
    }

    /// The stored key of the community (rating pools, puzzles, settings,
    /// page switches): stable across releases.
    pub(crate) fn key(&self) -> String {
        match self.platform.as_str() {
            "matrix" => format!("matrix:{}", self.channel),
            "discord" if self.guild.is_empty() => format!("discord:dm:{}", self.channel),
            "discord" => format!("discord:{}", self.guild),
            _ => self.platform.clone(),
        }
    }

    /// The rows (games, leagues, team sides, codes) of this community.
    pub(crate) fn scope(&self) -> CommunityScope {
        CommunityScope {
            platform: self.platform.clone(),
            guild: self.guild.clone(),
            channel: self.channel.clone(),
        }
    }

    /// A direct-message channel: a community of one person and the bot,
    /// where leagues and team play make no sense and are refused.
    pub(crate) fn is_direct(&self) -> bool {
        self.direct
    }
}

impl fmt::Display for Community {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(platform: &str, guild: &str, channel: &str) -> String {
        Community::of(platform, guild, channel).key()
    }

    #[test]
    fn discord_servers_are_communities_elsewhere_the_platform_is() {
        assert_eq!(key("discord", "42", "c"), "discord:42");
        assert_eq!(key("console", "", "general"), "console");
        assert_eq!(key("console", "", "other"), "console");
    }

    #[test]
    fn a_matrix_room_is_its_own_community_not_its_homeserver() {
        assert_eq!(key("matrix", "example.org", "!a:x"), "matrix:!a:x");
        assert_ne!(
            Community::of("matrix", "example.org", "!a:example.org"),
            Community::of("matrix", "example.org", "!b:example.org")
        );
        let scope = Community::of("matrix", "example.org", "!a:x").scope();
        assert_eq!((scope.guild.as_str(), scope.channel.as_str()), ("", "!a:x"));
        assert_eq!(Community::of("discord", "42", "c").scope().channel, "");
    }

    #[test]
    fn direct_messages_are_never_pooled_across_users() {
        assert_eq!(key("discord", "", "dm-1"), "discord:dm:dm-1");
        assert_ne!(key("discord", "", "dm-1"), key("discord", "", "dm-2"));
        assert_eq!(Community::of("discord", "", "dm-1").scope().channel, "dm-1");
        assert!(Community::of("discord", "", "dm-1").is_direct());
        assert!(Community::of("console", "", "@alice").is_direct());
        assert!(!Community::of("console", "", "general").is_direct());
        assert!(!Community::of("discord", "42", "c").is_direct());
    }
}
