//! Watch links on the posts that start and end a game and on league
//! posts: the `watch` field of their events, a line with the address and
//! the platform's link button.

use super::super::game::GameService;
use super::super::{Event, Link, Reply, Subject, messages as msg};

impl GameService {
    /// Adds its page's link to every `start`, `end` and `league` post of
    /// `replies` whose game or league may be watched (nothing when pages
    /// are not served).
    pub(in crate::service) async fn add_watch_links(&self, replies: &mut [Reply]) {
        if self.areas.spectators.watch_base.get().is_none() {
            return;
        }
        for r in replies.iter_mut() {
            let game = match (&r.subject, &r.follow_up) {
                (Some(Subject::Game(id)), _) => Some(*id),
                (_, Some(f)) => Some(f.game),
                _ => None,
            };
            let url = match &r.event {
                Some(Event::Start { .. } | Event::End { .. }) => match game {
                    Some(id) => self.watch_link(id).await,
                    None => None,
                },
                Some(Event::League(ev)) => self.league_watch_link(ev.league).await,
                _ => None,
            };
            let Some(url) = url else { continue };
            match &mut r.event {
                Some(
                    Event::Start { watch, .. }
                    | Event::End { watch, .. }
                    | Event::League(super::super::LeagueEvent { watch, .. }),
                ) => *watch = Some(url.clone()),
                _ => continue,
            }
            // One watch line per post, however often it passes here.
            if !r.text.contains(&url) {
                r.text.push('\n');
                r.text.push_str(&msg::watch_link(r.locale, &url));
            }
            if r.link.is_none() {
                r.link = Some(Link {
                    label: msg::watch_button(r.locale),
                    url,
                });
            }
        }
    }
}
