//! The guards that need memory of recent events, so that a few users cannot
//! exhaust the bot or farm ratings: the game GIF rendered once per game and
//! capped, the `summary` rate limit per user and channel, the daily cap on
//! rated games between two players and the log flag for repeated quick
//! losses.

use std::sync::Arc;

use super::game::{DAY_MS, Failure, GameService, Handled, Loaded, lock, ms, user};

use super::community::Community;
use super::summaries::GIF_SIZE;
use super::{Actor, Place, messages as msg};
use crate::chess::{Color, Game, Outcome};
use crate::i18n::Locale;
use crate::render::{GifSpec, PieceCounts};

/// The most plies a game GIF shows: a longer game shows its last ones.
pub const GIF_MAX_PLIES: usize = 240;
/// The largest GIF posted (Discord takes 10 MB; Matrix servers often
/// less): bigger ones are made again from fewer plies, else left out.
pub const GIF_MAX_BYTES: usize = 8 * 1024 * 1024;
/// Game GIFs kept in memory.
const GIF_CACHE_SIZE: usize = 64;

/// `summary` answers at most this many times per user and channel in
/// [`SUMMARY_WINDOW_MS`].
pub const SUMMARY_LIMIT: usize = 3;
/// The window of the `summary` rate limit.
pub const SUMMARY_WINDOW_MS: i64 = 10 * 60 * 1000;

/// Rated games between the same two players that count in one day (a
/// rolling 24 hours); more are played unrated.
pub const RATED_PER_DAY: i64 = 3;
/// A rated game lost in fewer moves than this (by the loser) is a quick
/// loss.
pub const QUICK_LOSS_MOVES: usize = 3;
/// Quick losses to the same opponent within a day that are logged as
/// possible rating farming.
const QUICK_LOSSES_FLAGGED: usize = 2;

/// The guards hear of a game's end: quick losses to the same opponent
/// are counted (possible rating farming).
pub(super) struct QuickLossesOnEnd;

impl super::games::ended::EndListener for QuickLossesOnEnd {
    fn game_ended(
        &self,
        service: &GameService,
        ended: &super::games::ended::GameEnded<'_>,
        _: &mut super::Reply,
    ) {
        service.note_quick_loss(ended.game, ended.outcome);
    }
}

impl GameService {
    /// The GIF of a finished game: rendered once and kept, at most
    /// [`GIF_MAX_PLIES`] plies (a longer game shows its end) and
    /// [`GIF_MAX_BYTES`] bytes, paced to last about a minute at most.
    pub(super) fn game_gif(&self, l: &Loaded, flip: bool) -> Option<Arc<Vec<u8>>> {
        let guards = &self.areas.guards;
        let key = (l.row.id, flip);
        if let Some((_, gif)) = lock(&guards.gifs).iter().find(|(k, _)| *k == key) {
            return Some(Arc::clone(gif));
        }
        let mut plies = l.game.moves().len().min(GIF_MAX_PLIES);
        let gif = loop {
            let game = last_plies(&l.game, plies);
            // The renderer paces it (at most about a minute in all).
            // Captures counted from the game's start, also when the GIF
            // shows only its last plies.
            let spec = GifSpec::new(GIF_SIZE)
                .flip(flip)
                .start(PieceCounts::of(l.game.start()))
                .names(&l.row.white_name, &l.row.black_name);
            match self.renderer().game_gif(&game, &spec) {
                Ok(gif) if gif.len() <= GIF_MAX_BYTES => break gif,
                Ok(gif) if plies > 1 => {
                    tracing::info!(
                        game = l.row.id,
                        plies,
                        bytes = gif.len(),
                        "game GIF too big"
                    );
                    plies /= 2;
                }
                Ok(gif) => {
                    tracing::warn!(game = l.row.id, bytes = gif.len(), "game GIF left out");
                    return None;
                }
                Err(e) => {
                    tracing::warn!(game = l.row.id, error = %e, "game GIF failed");
                    return None;
                }
            }
        };
        let gif = Arc::new(gif);
        let mut gifs = lock(&guards.gifs);
        if gifs.len() >= GIF_CACHE_SIZE {
            gifs.pop_front();
        }
        gifs.push_back((key, Arc::clone(&gif)));
        Some(gif)
    }

    /// `summary`, at most [`SUMMARY_LIMIT`] times per user and channel in
    /// [`SUMMARY_WINDOW_MS`] (only answered summaries count); over it, a
    /// private `limit` error saying when to ask again.
    pub(super) async fn limited_summary(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        id: Option<i64>,
    ) -> Handled {
        let now = ms(self.now());
        let k = (place.platform.clone(), place.channel.clone(), by.id.clone());
        {
            let mut asks = lock(&self.areas.guards.summaries);
            let times = asks.entry(k.clone()).or_default();
            while times.front().is_some_and(|t| *t + SUMMARY_WINDOW_MS <= now) {
                times.pop_front();
            }
            if times.len() >= SUMMARY_LIMIT
                && let Some(first) = times.front()
            {
                let wait = first + SUMMARY_WINDOW_MS - now;
                let minutes = (wait + 59_999) / 60_000;
                return Err(summary_limited(loc, minutes.max(1)));
            }
        }
        let replies = self.summary(loc, place, id).await?;
        let mut asks = lock(&self.areas.guards.summaries);
        asks.entry(k).or_default().push_back(now);
        // Forget users who have not asked for a window.
        if asks.len() > 10_000 {
            asks.retain(|_, t| t.back().is_some_and(|t| *t + SUMMARY_WINDOW_MS > now));
        }
        Ok(replies)
    }

    /// Whether a new game between `white` and `black` in `place` may be
    /// rated: fewer than [`RATED_PER_DAY`] rated games between them in
    /// its community in the last 24 hours. `Err(text)` (the start
    /// message's note) when it is played unrated.
    pub(super) async fn rated_allowance(
        &self,
        loc: Locale,
        place: &Place,
        white: &Actor,
        black: &Actor,
    ) -> Result<(), String> {
        let now = ms(self.now());
        let scope = Community::of(
            &place.platform,
            place.guild.as_deref().unwrap_or(""),
            &place.channel,
        )
        .scope();
        match self
            .inner
            .store
            .rated_games_between_since(&scope, &white.id, &black.id, now - DAY_MS)
            .await
        {
            Ok(n) if n >= RATED_PER_DAY => {
                tracing::info!(
                    white = white.id.as_str(),
                    black = black.id.as_str(),
                    rated_today = n,
                    "rated games cap reached: this game is unrated"
                );
                Err(msg::rated_limit(
                    loc,
                    &white.name,
                    &black.name,
                    RATED_PER_DAY,
                ))
            }
            Ok(_) => Ok(()),
            Err(e) => {
                tracing::error!(error = %e, "counting rated games failed");
                Ok(())
            }
        }
    }

    /// Notes the end of a game: a rated game lost in fewer than
    /// [`QUICK_LOSS_MOVES`] moves to the same opponent again within a day
    /// is logged as possible rating farming.
    pub(super) fn note_quick_loss(&self, l: &Loaded, outcome: Outcome) {
        let Some(winner) = outcome.winner else {
            return;
        };
        if l.row.rated != 1 {
            return;
        }
        let loser = winner.other();
        let (white_plies, black_plies) = l.game.plies_by();
        let loser_moves = match loser {
            Color::White => white_plies,
            Color::Black => black_plies,
        };
        if loser_moves >= QUICK_LOSS_MOVES {
            return;
        }
        let now = ms(self.now());
        let community = Community::of(&l.row.platform, &l.row.guild, &l.row.channel).key();
        let (loser_id, winner_id) = (l.player(loser).id, l.player(winner).id);
        let k = (community, loser_id.clone(), winner_id.clone());
        let mut seen = lock(&self.areas.guards.quick_losses);
        let times = seen.entry(k).or_default();
        times.retain(|t| *t + DAY_MS > now);
        times.push(now);
        if times.len() >= QUICK_LOSSES_FLAGGED {
            tracing::warn!(
                game = l.row.id,
                loser = loser_id.as_str(),
                winner = winner_id.as_str(),
                quick_losses = times.len(),
                farming = true,
                "possible rating farming: repeated quick losses to the same opponent"
            );
        }
    }
}

fn summary_limited(loc: Locale, minutes: i64) -> Failure {
    user(
        "limit",
        msg::summary_limit(loc, SUMMARY_LIMIT as i64, minutes),
    )
}

/// `game` from `plies` plies before its end (all of it when it is
/// shorter), with its outcome.
fn last_plies(game: &Game, plies: usize) -> Game {
    let moves = game.moves();
    if plies >= moves.len() {
        return game.clone();
    }
    let skip = moves.len() - plies;
    let mut prefix = Game::from_position(game.start().clone(), game.rules());
    for m in &moves[..skip] {
        if prefix.play(*m).is_err() {
            return game.clone();
        }
    }
    let mut tail = Game::from_position(prefix.position().clone(), game.rules());
    for m in &moves[skip..] {
        if tail.play(*m).is_err() {
            return game.clone();
        }
    }
    if tail.outcome().is_none()
        && let Some(o) = game.outcome()
    {
        tail.end(o);
    }
    tail
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tail_of_a_game_keeps_its_end() {
        let mut g = Game::new(crate::chess::RulesMode::default());
        for san in ["f3", "e5", "g4", "Qh4#"] {
            let m = g.position().parse_move(san).expect("legal");
            g.play(m).expect("plays");
        }
        let tail = last_plies(&g, 2);
        assert_eq!(tail.moves().len(), 2);
        assert_eq!(tail.outcome(), g.outcome());
        assert_eq!(last_plies(&g, 10).moves().len(), 4);
    }
}
