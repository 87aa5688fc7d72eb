//! Running at scale: which gateway shards this process runs
//! (`DISCORD_SHARDS`) and where its REST calls go (`DISCORD_HTTP_PROXY`).
//!
//! Several processes share one PostgreSQL database; each runs a range of
//! the bot's shards. Any process may post to any channel over REST, and the
//! deadline task of every process claims each due reminder or time-out
//! atomically in the database, so the processes need no coordination
//! besides the database (and, optionally, a shared rate-limiting proxy).

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use poise::serenity_prelude as serenity;

/// The shards this process runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shards {
    /// Ask Discord for the recommended count and run all shards here
    /// (one process; the default).
    Auto,
    /// Run shards `range` of `total` (`DISCORD_SHARDS=0-3/16`).
    Range { range: Range<u32>, total: u32 },
}

/// A malformed `DISCORD_SHARDS`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "DISCORD_SHARDS {0:?} is not valid: expected `auto`, `FIRST-LAST/TOTAL` (e.g. 0-3/16) \
     or `ID/TOTAL`, with FIRST <= LAST < TOTAL"
)]
pub struct ParseShardsError(pub String);

impl FromStr for Shards {
    type Err = ParseShardsError;

    fn from_str(s: &str) -> Result<Shards, ParseShardsError> {
        let bad = || ParseShardsError(s.to_string());
        let t = s.trim();
        if t.is_empty() || t.eq_ignore_ascii_case("auto") {
            return Ok(Shards::Auto);
        }
        let (ids, total) = t.split_once('/').ok_or_else(bad)?;
        let total: u32 = total.trim().parse().map_err(|_| bad())?;
        let (first, last) = match ids.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (ids.trim(), ids.trim()),
        };
        let first: u32 = first.parse().map_err(|_| bad())?;
        let last: u32 = last.parse().map_err(|_| bad())?;
        if total == 0 || first > last || last >= total {
            return Err(bad());
        }
        Ok(Shards::Range {
            range: first..last + 1,
            total,
        })
    }
}

impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shards::Auto => f.write_str("auto"),
            Shards::Range { range, total } => {
                write!(f, "{}-{}/{total}", range.start, range.end - 1)
            }
        }
    }
}

impl Shards {
    /// From `DISCORD_SHARDS` (unset: automatic).
    ///
    /// # Errors
    /// A set but malformed value.
    pub fn from_env() -> Result<Shards, ParseShardsError> {
        std::env::var("DISCORD_SHARDS").map_or(Ok(Shards::Auto), |v| v.parse())
    }

    /// Whether this process runs the shard that serves `guild_id`
    /// (Discord's rule: `(guild_id >> 22) % total`).
    #[must_use]
    pub fn serves_guild(&self, guild_id: u64) -> bool {
        match self {
            Shards::Auto => true,
            Shards::Range { range, total } => {
                let shard = (guild_id >> 22) % u64::from(*total);
                u32::try_from(shard).is_ok_and(|s| range.contains(&s))
            }
        }
    }

    /// Connects the client's shards: all of them (automatic) or the range.
    ///
    /// # Errors
    /// Gateway failures.
    pub async fn start(&self, client: &mut serenity::Client) -> Result<(), serenity::Error> {
        match self {
            Shards::Auto => client.start_autosharded().await,
            Shards::Range { range, total } => client.start_shard_range(range.clone(), *total).await,
        }
    }
}

/// The REST base URL from the `DISCORD_HTTP_PROXY` setting (unset or
/// empty: none).
#[must_use]
pub fn proxy_from(setting: Option<&str>) -> Option<String> {
    setting
        .map(|v| v.trim().trim_end_matches('/').to_string())
        .filter(|v| !v.is_empty())
}

/// The HTTP client: straight to Discord with serenity's own rate limiter,
/// or, with a proxy (`http://host:port`), every REST call sent to the
/// proxy, which shares one rate limit across all processes (the local
/// limiter is off). The proxy must also answer the gateway discovery call
/// (`GET /api/v10/gateway/bot`), since the client asks it at start-up.
#[must_use]
pub fn http(token: &str, proxy: Option<&str>) -> serenity::Http {
    let builder = serenity::HttpBuilder::new(token);
    match proxy {
        Some(url) => builder.proxy(url).ratelimiter_disabled(true).build(),
        None => builder.build(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_ranges_parse() {
        assert_eq!(
            "0-3/16".parse(),
            Ok(Shards::Range {
                range: 0..4,
                total: 16
            })
        );
        assert_eq!(
            " 12-15 / 16 ".parse(),
            Ok(Shards::Range {
                range: 12..16,
                total: 16
            })
        );
        assert_eq!(
            "5/8".parse(),
            Ok(Shards::Range {
                range: 5..6,
                total: 8
            })
        );
        assert_eq!("auto".parse(), Ok(Shards::Auto));
        assert_eq!("".parse(), Ok(Shards::Auto));
        assert_eq!(
            "0-3/16".parse::<Shards>().map(|s| s.to_string()),
            Ok("0-3/16".to_string())
        );
    }

    #[test]
    fn malformed_shard_ranges_are_refused() {
        for bad in [
            "0-3", "4-3/16", "0-16/16", "16/16", "0/0", "a-b/c", "-1-3/16", "0-3/x", "0--3/16",
            "3/", "/16",
        ] {
            assert!(bad.parse::<Shards>().is_err(), "{bad}");
        }
        let msg = "0-3".parse::<Shards>().unwrap_err().to_string();
        assert!(msg.contains("0-3/16"), "{msg}");
    }

    #[test]
    fn guilds_map_to_shards_as_discord_does() {
        let s: Shards = "0-1/4".parse().unwrap();
        // shard = (guild >> 22) % 4
        assert!(s.serves_guild(0));
        assert!(s.serves_guild(1 << 22));
        assert!(!s.serves_guild(2 << 22));
        assert!(!s.serves_guild(3 << 22));
        assert!(s.serves_guild(4 << 22));
        assert!(Shards::Auto.serves_guild(u64::MAX));
    }

    #[test]
    fn the_proxy_replaces_discord_as_rest_base() {
        let http = http("Bot x", Some("http://127.0.0.1:3000"));
        assert_eq!(http.proxy.as_deref(), Some("http://127.0.0.1:3000"));
        assert!(http.ratelimiter.is_none());
        let http = http_direct();
        assert!(http.proxy.is_none());
        assert!(http.ratelimiter.is_some());
    }

    fn http_direct() -> serenity::Http {
        http("Bot x", None)
    }
}
