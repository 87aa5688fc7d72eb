//! Game threads: a challenge accepted in a server text channel moves the
//! new game into a public thread named after the players (an announcement
//! thread in an announcement channel), when the bot may create one;
//! otherwise the game stays in the channel, which is told so once. A game's
//! thread is kept open while the game runs ([`keep_open`]); the final
//! result of a game played in a thread is also posted in the parent
//! channel, and a post into an archived thread reopens it.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock, PoisonError};

use poise::serenity_prelude as serenity;
use serenity::{
    AutoArchiveDuration, CacheHttp, Channel, ChannelId, ChannelType, CreateThread, EditThread,
    GuildChannel, Http,
};

use super::retry::retrying;
use crate::i18n::Locale;
use crate::service::{Event, GameService, Place, Reply, messages as msg};

/// Discord's limit on channel names.
const MAX_NAME: usize = 100;

/// The thread name for a game: `white vs black`, one line, within the limit.
#[must_use]
pub fn thread_name(l: Locale, white: &str, black: &str) -> String {
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect::<String>()
            .trim()
            .to_owned()
    };
    let name = msg::thread_name(l, &clean(white), &clean(black));
    if name.chars().count() <= MAX_NAME {
        name
    } else {
        let mut cut: String = name.chars().take(MAX_NAME - 1).collect();
        cut.push('…');
        cut
    }
}

/// The players of a game start among `replies` posted in `channel`, and
/// the language of that start.
#[must_use]
pub fn started_game(replies: &[Reply], channel: &str) -> Option<(String, String, Locale)> {
    replies.iter().find_map(|r| match &r.event {
        Some(Event::Start { white, black, .. })
            if !r.ephemeral && r.place.channel == channel && r.place.platform == "discord" =>
        {
            Some((white.clone(), black.clone(), r.locale))
        }
        _ => None,
    })
}

/// Moves the game to `thread`: replies of `from` after (and including) the
/// start go to the thread; the start is also kept in the channel, without
/// pings or buttons (the players are pinged in the thread, which adds them
/// to it).
#[must_use]
pub fn rebind_replies(replies: Vec<Reply>, from: &Place, thread: &Place) -> Vec<Reply> {
    let mut out = Vec::with_capacity(replies.len() + 1);
    let mut started = false;
    for reply in replies {
        let here = !reply.ephemeral && reply.place == *from;
        let is_start = matches!(reply.event, Some(Event::Start { .. }));
        if here && is_start && !started {
            started = true;
            let mut notice = reply.clone();
            notice.mentions.clear();
            notice.actions.clear();
            out.push(notice);
        }
        if here && started {
            let mut moved = reply;
            moved.place = thread.clone();
            out.push(moved);
        } else {
            out.push(reply);
        }
    }
    out
}

/// If `replies` start a game in a server text channel, opens a thread for
/// it and binds the game there; otherwise (a DM, a thread already, no
/// permission, or any failure) returns the replies unchanged.
pub async fn maybe_open_thread(
    cache_http: impl CacheHttp,
    service: &GameService,
    place: &Place,
    replies: Vec<Reply>,
) -> Vec<Reply> {
    let Some((white, black, locale)) = started_game(&replies, &place.channel) else {
        return replies;
    };
    let Some(channel) = place
        .channel
        .parse::<u64>()
        .ok()
        .filter(|&id| id != 0)
        .map(ChannelId::new)
    else {
        return replies;
    };
    // A team game stays in the teams' channels, where they vote.
    if place.guild.is_none() || service.plays_as_team(place).await {
        return replies;
    }
    let kind = match channel.to_channel(&cache_http).await {
        Ok(Channel::Guild(gc)) if gc.kind == ChannelType::Text => ChannelType::PublicThread,
        // An announcement channel takes announcement threads only.
        Ok(Channel::Guild(gc)) if gc.kind == ChannelType::News => ChannelType::NewsThread,
        _ => return replies,
    };
    let builder = CreateThread::new(thread_name(locale, &white, &black))
        .kind(kind)
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    let created = retrying("thread", || {
        channel.create_thread(&cache_http, builder.clone())
    })
    .await;
    let thread = match created {
        Ok(t) => t,
        Err(e) => {
            tracing::info!(error = %e, "no game thread (missing permission?); the game stays in the channel");
            let mut replies = replies;
            if first_refusal_in(channel) {
                replies.push(Reply::new(place.clone(), msg::no_threads(locale), locale));
            }
            return replies;
        }
    };
    let to = Place {
        platform: place.platform.clone(),
        guild: place.guild.clone(),
        channel: thread.id.get().to_string(),
    };
    match service.rebind_channel(place, &to).await {
        Ok(true) => rebind_replies(replies, place, &to),
        outcome => {
            if let Err(e) = outcome {
                tracing::warn!(error = %e, "could not move the game to its thread");
            }
            if let Err(e) = thread.id.delete(cache_http.http()).await {
                tracing::warn!(error = %e, "could not delete the unused thread");
            }
            replies
        }
    }
}

/// Whether this is the first time this process could not open a thread
/// in `channel` (the channel is told once, not at every game).
fn first_refusal_in(channel: ChannelId) -> bool {
    static TOLD: OnceLock<Mutex<HashSet<ChannelId>>> = OnceLock::new();
    TOLD.get_or_init(Default::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(channel)
}

/// Keeps a game's thread usable while the game runs: Discord archives a
/// thread after a week without messages (the longest it allows), and
/// users cannot run application commands in an archived thread, while a
/// game may wait 14 days a move plus 30 days of vacation. When the gateway
/// says a thread with a running game was archived (and not locked by a
/// moderator), it is reopened at once.
pub async fn keep_open(http: &Http, service: &GameService, thread: &GuildChannel) {
    let Some(meta) = &thread.thread_metadata else {
        return;
    };
    if !meta.archived || meta.locked {
        return;
    }
    let place = Place {
        platform: "discord".to_owned(),
        guild: Some(thread.guild_id.get().to_string()),
        channel: thread.id.get().to_string(),
    };
    if !service.has_active_game(&place).await {
        return;
    }
    let reopened = retrying("thread", || {
        thread
            .id
            .edit_thread(http, EditThread::new().archived(false))
    })
    .await;
    match reopened {
        Ok(_) => tracing::info!(
            thread = place.channel.as_str(),
            "reopened an archived game thread"
        ),
        Err(e) => tracing::warn!(error = %e, "could not reopen an archived game thread"),
    }
}

/// The parent channel of `channel` when it is a thread.
pub async fn parent_of_thread(http: &Http, channel: ChannelId) -> Option<ChannelId> {
    match channel.to_channel(http).await {
        Ok(Channel::Guild(gc)) if gc.thread_metadata.is_some() => gc.parent_id,
        _ => None,
    }
}

/// A game-end reply copied for the parent channel: no pings, no buttons.
#[must_use]
pub fn parent_copy(reply: &Reply, parent: ChannelId) -> Option<Reply> {
    if reply.ephemeral || !matches!(reply.event, Some(Event::End { .. })) {
        return None;
    }
    let mut copy = reply.clone();
    copy.place.channel = parent.get().to_string();
    copy.mentions.clear();
    copy.actions.clear();
    Some(copy)
}

/// Reopens an archived thread so a message can be posted in it; `false`
/// when `channel` is not an archived thread or reopening failed.
pub async fn reopen_if_archived(http: &Http, channel: ChannelId) -> bool {
    let archived = match channel.to_channel(http).await {
        Ok(Channel::Guild(gc)) => gc.thread_metadata.is_some_and(|m| m.archived),
        _ => false,
    };
    if !archived {
        return false;
    }
    match channel
        .edit_thread(http, EditThread::new().archived(false))
        .await
    {
        Ok(_) => true,
        Err(e) => {
            tracing::warn!(error = %e, "could not reopen the archived game thread");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Action, Actor};

    fn place(channel: &str) -> Place {
        Place {
            platform: "discord".to_owned(),
            guild: Some("1".to_owned()),
            channel: channel.to_owned(),
        }
    }

    fn reply(channel: &str, event: Option<Event>) -> Reply {
        Reply {
            mentions: vec![Actor {
                id: "5".to_owned(),
                name: "bob".to_owned(),
            }],
            event,
            actions: vec![Action::Resign],
            ..Reply::new(place(channel), "t".to_owned(), crate::i18n::Locale::En)
        }
    }

    fn start() -> Option<Event> {
        Some(Event::Start {
            white: "alice".to_owned(),
            black: "bob".to_owned(),
            fen: String::new(),
            variant: None,
            position: None,
            league: None,
            watch: None,
        })
    }

    #[test]
    fn thread_names_are_one_line_within_the_limit() {
        assert_eq!(thread_name(Locale::En, "alice", "bob"), "alice vs bob");
        assert_eq!(thread_name(Locale::En, "a\nb", " c "), "a b vs c");
        assert_eq!(thread_name(Locale::Ru, "alice", "bob"), "alice — bob");
        let long = "x".repeat(80);
        let name = thread_name(Locale::Th, &long, &long);
        assert_eq!(name.chars().count(), 100);
        assert!(name.ends_with('…'));
    }

    #[test]
    fn only_a_public_start_in_this_channel_opens_a_thread() {
        assert_eq!(
            started_game(&[reply("10", start())], "10"),
            Some(("alice".to_owned(), "bob".to_owned(), Locale::En))
        );
        assert_eq!(started_game(&[reply("11", start())], "10"), None);
        assert_eq!(started_game(&[reply("10", None)], "10"), None);
        let mut private = reply("10", start());
        private.ephemeral = true;
        assert_eq!(started_game(&[private], "10"), None);
    }

    #[test]
    fn the_start_stays_in_the_channel_quietly_and_goes_to_the_thread() {
        let before = reply("10", None);
        let elsewhere = reply("99", None);
        let out = rebind_replies(
            vec![before, reply("10", start()), elsewhere, reply("10", None)],
            &place("10"),
            &place("20"),
        );
        let channels: Vec<&str> = out.iter().map(|r| r.place.channel.as_str()).collect();
        assert_eq!(channels, ["10", "10", "20", "99", "20"]);
        // The channel notice pings nobody and has no buttons.
        assert!(out[1].mentions.is_empty() && out[1].actions.is_empty());
        // The thread copy pings the players (adding them to the thread).
        assert_eq!(out[2].mentions.len(), 1);
        assert_eq!(out[2].actions, vec![Action::Resign]);
    }

    #[test]
    fn only_game_ends_are_copied_to_the_parent() {
        let end = Some(Event::End {
            result: "1-0".to_owned(),
            winner: Some("white".to_owned()),
            termination: "checkmate".to_owned(),
            ratings: None,
            watch: None,
        });
        let copy = parent_copy(&reply("20", end), ChannelId::new(10));
        let copy = copy.expect("an end is copied");
        assert_eq!(copy.place.channel, "10");
        assert!(copy.mentions.is_empty() && copy.actions.is_empty());
        assert!(parent_copy(&reply("20", None), ChannelId::new(10)).is_none());
        assert!(parent_copy(&reply("20", start()), ChannelId::new(10)).is_none());
    }
}
