//! Records: ratings of rated games (which games count, the community they
//! count in, the end message's rating changes, PGN Elo tags), `stats` and
//! `leaderboard`. The Glicko-2 update itself runs in the store, inside the
//! transaction that finishes the game (exactly once).

pub(crate) mod catalog;

use super::{
    Actor, BestWinEvent, EndRatings, Event, HeadToHeadEvent, LeaderboardRow, Place, RatingDelta,
    StreakEvent, messages as msg,
};
use crate::chess::Variant;
use crate::i18n::Locale;
use crate::ratings::PROVISIONAL_RD;
use crate::store::{GameRow, RatingUpdate, Store};

use super::community::Community;

use super::game::{GameService, Handled, key, reply};

/// Entries of `leaderboard`.
const LEADERBOARD_SIZE: i64 = 10;

/// The rating update to apply when `row` finishes, if it is rated.
pub(super) fn rating_update(row: &GameRow) -> Option<RatingUpdate> {
    (row.rated == 1).then(|| RatingUpdate {
        community: super::chess960::rating_pool(
            Community::of(&row.platform, &row.guild, &row.channel).key(),
            super::chess960::row_variant(&row.variant),
        ),
        white_id: row.white_id.clone(),
        white_name: row.white_name.clone(),
        black_id: row.black_id.clone(),
        black_name: row.black_name.clone(),
    })
}

/// The `end` event's ratings of a finished rated game; appends the rating
/// lines (`alice: 1500 → 1662 (+162)`) to the result message.
pub(super) fn rated_end(loc: Locale, row: &GameRow, text: &mut String) -> Option<EndRatings> {
    let c = row.rating_change()?;
    let r = EndRatings {
        white: RatingDelta {
            before: c.white_before,
            after: c.white_after,
        },
        black: RatingDelta {
            before: c.black_before,
            after: c.black_after,
        },
    };
    text.push('\n');
    text.push_str(&msg::rating_changes(
        loc,
        &row.white_name,
        r.white,
        &row.black_name,
        r.black,
    ));
    Some(r)
}

/// Records hear of a game's end: a rated game's end announcement gets its
/// rating change (a line and the `end` event's `ratings`).
pub(in crate::service) struct RatingChangeOnEnd;

impl super::games::ended::EndListener for RatingChangeOnEnd {
    fn game_ended(
        &self,
        _: &GameService,
        ended: &super::games::ended::GameEnded<'_>,
        end: &mut super::Reply,
    ) {
        let change = rated_end(ended.loc, &ended.game.row, &mut end.text);
        if let Some(super::Event::End { ratings, .. }) = end.event.as_mut() {
            *ratings = change;
        }
    }
}

/// Records write a rated game's ratings in its finishing transaction.
pub(in crate::service) struct RatingsWhenFinishing;

impl super::games::ended::FinishingWork for RatingsWhenFinishing {
    fn rating_update(&self, row: &GameRow) -> Option<RatingUpdate> {
        rating_update(row)
    }
}

/// Adds `WhiteElo`/`BlackElo` (the rounded ratings before the game) after
/// the Seven Tag Roster of a rated game's PGN.
pub(super) fn with_elo_tags(pgn: String, row: &GameRow) -> String {
    let Some(c) = row.rating_change() else {
        return pgn;
    };
    let tags = format!(
        "[WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n",
        c.white_before, c.black_before
    );
    match pgn
        .find("[Result ")
        .and_then(|at| pgn[at..].find('\n').map(|n| at + n + 1))
    {
        Some(end) => format!("{}{tags}{}", &pgn[..end], &pgn[end..]),
        None => pgn,
    }
}

/// The stored row of a game just finished (with the ratings its finishing
/// transaction recorded); `row` itself if it cannot be read.
pub(super) async fn reread(store: &Store, row: GameRow) -> GameRow {
    match store.game(row.id).await {
        Ok(Some(stored)) => stored,
        _ => row,
    }
}

/// How many of a player's latest rated games `stats` looks at for the
/// streak and the best win.
const RECORD_WINDOW: i64 = 1000;

/// The current streak and the best win of `player` in `games` (the most
/// recent first).
fn records_of(player: &str, games: &[GameRow]) -> (Option<StreakEvent>, Option<BestWinEvent>) {
    let outcome = |g: &GameRow| {
        let white = g.white_id == player;
        match (g.result.as_deref(), white) {
            (Some("1-0"), true) | (Some("0-1"), false) => "win",
            (Some("1/2-1/2"), _) => "draw",
            _ => "loss",
        }
    };
    let streak = games.first().map(|latest| {
        let kind = outcome(latest);
        let count = games.iter().take_while(|g| outcome(g) == kind).count();
        StreakEvent {
            kind: kind.to_string(),
            count: i64::try_from(count).unwrap_or(i64::MAX),
        }
    });
    let best = games
        .iter()
        .filter(|g| outcome(g) == "win")
        .filter_map(|g| {
            let (name, rating) = if g.white_id == player {
                (&g.black_name, g.black_rating_before?)
            } else {
                (&g.white_name, g.white_rating_before?)
            };
            Some(BestWinEvent {
                game: g.id,
                opponent: name.clone(),
                rating,
            })
        })
        // The highest rating; the earliest game among equals.
        .max_by_key(|b| (b.rating, -b.game));
    (streak, best)
}

fn rounded(x: f64) -> i64 {
    // Ratings and deviations stay far inside i64.
    #[allow(clippy::cast_possible_truncation)]
    let r = x.round() as i64;
    r
}

impl GameService {
    /// `stats [player] [vs]`: rating, RD, provisional mark and W/D/L of a
    /// player in this community; with `vs`, their head-to-head score.
    /// Private when the caller asks about themselves.
    pub(super) async fn stats(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        player: Option<Actor>,
        vs: Option<Actor>,
        variant: Variant,
    ) -> Handled {
        let who = player.unwrap_or_else(|| by.clone());
        let k = key(place);
        let store = &self.inner.store;
        let pool = super::chess960::rating_pool(
            Community::of(&k.platform, &k.guild, &k.channel).key(),
            variant,
        );
        let rating = store.rating(&pool, &who.id).await?;
        let mut lines = Vec::new();
        if variant.is_chess960() {
            lines.push(msg::chess960_ratings(loc));
        }
        let variant_name = variant.is_chess960().then(|| variant.as_str().to_string());
        let mut event = match &rating {
            Some(r) => {
                let provisional = r.rd > PROVISIONAL_RD;
                lines.push(msg::stats_rated(
                    loc,
                    &who.name,
                    rounded(r.rating),
                    provisional,
                    rounded(r.rd),
                    r.games,
                    r.wins,
                    r.draws,
                    r.losses,
                ));
                Event::Stats {
                    player: who.name.clone(),
                    rating: Some(rounded(r.rating)),
                    rd: Some(rounded(r.rd)),
                    provisional,
                    games: r.games,
                    wins: r.wins,
                    draws: r.draws,
                    losses: r.losses,
                    vs: None,
                    streak: None,
                    best_win: None,
                    variant: variant_name.clone(),
                }
            }
            None => {
                lines.push(msg::stats_unrated(loc, &who.name));
                Event::Stats {
                    player: who.name.clone(),
                    rating: None,
                    rd: None,
                    provisional: true,
                    games: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    vs: None,
                    streak: None,
                    best_win: None,
                    variant: variant_name,
                }
            }
        };
        if rating.is_some() {
            let recent = store
                .rated_games_in(
                    &Community::of(&k.platform, &k.guild, &k.channel).scope(),
                    variant.as_str(),
                    &who.id,
                    RECORD_WINDOW,
                )
                .await?;
            let (streak, best) = records_of(&who.id, &recent);
            if let Some(s) = &streak {
                lines.push(msg::stats_streak(loc, &s.kind, s.count));
            }
            if let Some(b) = &best {
                lines.push(msg::stats_best_win(loc, &b.opponent, b.rating, b.game));
            }
            if let Event::Stats {
                streak: st,
                best_win,
                ..
            } = &mut event
            {
                *st = streak;
                *best_win = best;
            }
        }
        if let Some(opp) = vs {
            let h = store
                .head_to_head_in(
                    &Community::of(&k.platform, &k.guild, &k.channel).scope(),
                    variant.as_str(),
                    &who.id,
                    &opp.id,
                )
                .await?;
            lines.push(msg::stats_vs(
                loc, &opp.name, h.games, h.wins, h.draws, h.losses,
            ));
            if let Event::Stats { vs, .. } = &mut event {
                *vs = Some(HeadToHeadEvent {
                    opponent: opp.name.clone(),
                    games: h.games,
                    wins: h.wins,
                    draws: h.draws,
                    losses: h.losses,
                });
            }
        }
        let mut r = reply(place, lines.join("\n"));
        r.event = Some(event);
        r.ephemeral = who.id == by.id;
        Ok(vec![r])
    }

    /// `leaderboard`: the community's top 10; established ratings first,
    /// provisional ones (RD above 110) after them.
    pub(super) async fn leaderboard(
        &self,
        loc: Locale,
        place: &Place,
        variant: Variant,
    ) -> Handled {
        let k = key(place);
        let pool = super::chess960::rating_pool(
            Community::of(&k.platform, &k.guild, &k.channel).key(),
            variant,
        );
        let rows = self
            .inner
            .store
            .leaderboard(&pool, LEADERBOARD_SIZE)
            .await?;
        let rows: Vec<LeaderboardRow> = rows
            .iter()
            .zip(1..)
            .map(|(r, rank)| LeaderboardRow {
                rank,
                player: r.player_name.clone(),
                rating: rounded(r.rating),
                rd: rounded(r.rd),
                provisional: r.rd > PROVISIONAL_RD,
                games: r.games,
            })
            .collect();
        let text = if rows.is_empty() {
            msg::leaderboard_empty(loc)
        } else {
            let mut lines = vec![msg::leaderboard_heading(loc)];
            lines.extend(rows.iter().map(|r| {
                msg::leaderboard_line(loc, r.rank, &r.player, r.rating, r.provisional, r.games)
            }));
            lines.join("\n")
        };
        let text = if variant.is_chess960() {
            format!("{}\n{text}", msg::chess960_ratings(loc))
        } else {
            text
        };
        let mut r = reply(place, text);
        r.event = Some(Event::Leaderboard {
            rows,
            variant: variant.is_chess960().then(|| variant.as_str().to_string()),
        });
        Ok(vec![r])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rating_diffs_are_signed() {
        let d = |before, after| msg::rating_diff(RatingDelta { before, after });
        assert_eq!(d(1500, 1662), "+162");
        assert_eq!(d(1500, 1490), "-10");
        assert_eq!(d(1500, 1500), "±0");
    }
}
