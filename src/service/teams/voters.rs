//! A team game's voters in its summary: for each side, who voted and how
//! many of their choices were played (a vote for the move the turn
//! played; turns taken back are forgotten with their votes).

use super::messages as msg;
use crate::chess::Color;
use crate::i18n::Locale;

use super::game::{GameService, Loaded};
use super::teams::is_team_game;

/// One voter of one side: name, choices played, turns voted.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Voter {
    id: String,
    name: String,
    played: usize,
    voted: usize,
}

/// The voters of `side` from `votes` (ply, side, id, name, UCI), given the
/// game's moves as UCI: most choices played first, then most turns voted,
/// then by name.
fn voters_of(
    votes: &[(i64, String, String, String, String)],
    side: &str,
    moves: &[String],
) -> Vec<Voter> {
    let mut out: Vec<Voter> = Vec::new();
    for (ply, s, id, name, uci) in votes {
        if s != side {
            continue;
        }
        let played = usize::try_from(*ply)
            .ok()
            .and_then(|p| moves.get(p))
            .is_some_and(|m| m == uci);
        let v = match out.iter_mut().position(|v| v.id == *id) {
            Some(i) => &mut out[i],
            None => {
                out.push(Voter {
                    id: id.clone(),
                    name: name.clone(),
                    played: 0,
                    voted: 0,
                });
                out.last_mut().expect("just pushed")
            }
        };
        v.voted += 1;
        v.played += usize::from(played);
    }
    out.sort_by(|a, b| {
        b.played
            .cmp(&a.played)
            .then(b.voted.cmp(&a.voted))
            .then(a.name.cmp(&b.name))
    });
    out
}

impl GameService {
    /// The lines of a team game's summary naming each team's voters
    /// (`bob 3 of 4`: three of his four votes were played); `None` for
    /// other games, or when nobody voted.
    pub(in crate::service) async fn team_voters_text(
        &self,
        loc: Locale,
        l: &Loaded,
    ) -> Option<String> {
        if !is_team_game(&l.row) {
            return None;
        }
        let votes = match self.inner.store.team_game_votes(l.row.id).await {
            Ok(v) => v,
            Err(e) => {
                tracing::warn!(game = l.row.id, error = %e, "reading a team game's votes failed");
                return None;
            }
        };
        // A vote's ply is the game's ply when it was cast: the index of the
        // move that turn played.
        let moves: Vec<String> = l.game.moves().iter().map(|m| l.game.uci(*m)).collect();
        let mut lines = Vec::new();
        for color in [Color::White, Color::Black] {
            let voters = voters_of(&votes, color.name(), &moves);
            if voters.is_empty() {
                continue;
            }
            let list = voters
                .iter()
                .map(|v| msg::team_voter(loc, &v.name, v.played as i64, v.voted as i64))
                .collect::<Vec<_>>()
                .join(", ");
            lines.push(msg::team_summary_voters(loc, l.name(color), &list));
        }
        (!lines.is_empty()).then(|| lines.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(ply: i64, side: &str, who: &str, uci: &str) -> (i64, String, String, String, String) {
        (ply, side.into(), who.into(), who.into(), uci.into())
    }

    #[test]
    fn each_voter_counts_the_choices_played() {
        let moves = ["e2e4", "e7e5", "g1f3"].map(String::from);
        let votes = [
            v(0, "white", "bob", "e2e4"),
            v(0, "white", "erin", "d2d4"),
            v(1, "black", "carol", "e7e5"),
            v(2, "white", "erin", "g1f3"),
            v(2, "white", "bob", "g1f3"),
        ];
        let white = voters_of(&votes, "white", &moves);
        let got: Vec<_> = white
            .iter()
            .map(|v| (v.name.as_str(), v.played, v.voted))
            .collect();
        assert_eq!(got, [("bob", 2, 2), ("erin", 1, 2)]);
        assert_eq!(voters_of(&votes, "black", &moves)[0].played, 1);
    }
}
