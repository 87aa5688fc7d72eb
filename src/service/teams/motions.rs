//! Motions: a team's votes on what is not a move. In its turn a team votes
//! `draw` (offers a draw with its move, or accepts the other side's offer),
//! `resign`, or `takeback` (accepts the other side's request; against the
//! engine, takes back the team's last move). During the other side's turn
//! it votes `takeback` to ask for its last move back. A motion passes with
//! a majority of that turn's voters (more than half of the people who voted
//! in it, for a move or a motion): in the team's own turn when its vote
//! closes, a takeback request as soon as a majority of the voters of the
//! move to take back asked for it.

use super::{Actor, Command, Event, Place, Reply, messages as msg};
use crate::i18n::Locale;
use crate::store::{TeamSideRow, TeamVoteRow};

use super::computer::engine_side;
use super::game::{Failure, GameService, Handled, Loaded, color_str, reply, user};
use super::teams::side_color;

/// A vote that is not a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::service) enum Motion {
    Draw,
    Resign,
    Takeback,
}

impl Motion {
    /// The motion a game command asks for, if it is one.
    pub(in crate::service) fn of(cmd: &Command) -> Option<Motion> {
        match cmd {
            Command::Draw => Some(Motion::Draw),
            Command::Resign => Some(Motion::Resign),
            Command::Takeback => Some(Motion::Takeback),
            _ => None,
        }
    }

    /// Its name in the store and in events (`vote`, `vote_closed`).
    pub(in crate::service) fn key(self) -> &'static str {
        match self {
            Motion::Draw => "draw",
            Motion::Resign => "resign",
            Motion::Takeback => "takeback",
        }
    }

    /// Its name in a message.
    pub(in crate::service) fn shown(self, loc: Locale) -> String {
        match self {
            Motion::Draw => msg::team_motion_draw(loc),
            Motion::Resign => msg::team_motion_resign(loc),
            Motion::Takeback => msg::team_motion_takeback(loc),
        }
    }
}

/// Whether `support` people of `voters` is a majority.
fn majority(support: usize, voters: usize) -> bool {
    support * 2 > voters
}

/// The motions of a turn: who voted for which (one side's).
pub(in crate::service) struct TurnMotions {
    rows: Vec<(String, String)>,
}

impl TurnMotions {
    /// How many voted for `m`.
    pub(in crate::service) fn count(&self, m: Motion) -> usize {
        self.rows.iter().filter(|(_, k)| k == m.key()).count()
    }

    /// The motions voted for, with their counts (for a tally).
    pub(in crate::service) fn counts(&self) -> Vec<(Motion, usize)> {
        [Motion::Draw, Motion::Resign, Motion::Takeback]
            .into_iter()
            .map(|m| (m, self.count(m)))
            .filter(|(_, n)| *n > 0)
            .collect()
    }

    /// Everyone who voted in the turn: the move voters and these.
    pub(in crate::service) fn voters(&self, votes: &[TeamVoteRow]) -> Vec<String> {
        let mut ids: Vec<String> = votes.iter().map(|v| v.voter_id.clone()).collect();
        ids.extend(self.rows.iter().map(|(id, _)| id.clone()));
        ids.sort();
        ids.dedup();
        ids
    }

    /// Whether `m` has a majority of `voters`.
    pub(in crate::service) fn passed(&self, m: Motion, voters: usize) -> bool {
        majority(self.count(m), voters)
    }

    /// The counts as tally text: `draw 2, resign 1`.
    pub(in crate::service) fn text(&self, loc: Locale) -> String {
        self.counts()
            .iter()
            .map(|(m, n)| format!("{} {n}", m.shown(loc)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl GameService {
    /// The motions side `me` voted for in turn `ply` of game `id`.
    pub(in crate::service) async fn turn_motions(
        &self,
        id: i64,
        ply: i64,
        me: crate::chess::Color,
    ) -> Result<TurnMotions, Failure> {
        let side = color_str(me);
        let rows = self
            .inner
            .store
            .team_motions(id, ply)
            .await?
            .into_iter()
            .filter(|(_, _, s)| *s == side)
            .map(|(id, kind, _)| (id, kind))
            .collect();
        Ok(TurnMotions { rows })
    }

    /// `draw`, `resign` or `takeback` said in a team's channel: the
    /// caller's vote for that motion.
    pub(in crate::service) async fn motion_vote(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        side: &TeamSideRow,
        motion: Motion,
    ) -> Handled {
        let l = self.team_game(loc, side.game_id).await?;
        let me = side_color(side);
        let own_turn = l.game.position().turn() == me;
        let engine = engine_side(&l.row).is_some();
        // In the other side's turn a team only asks for its last move
        // back (the engine's game is always the team's turn).
        if !own_turn && (motion != Motion::Takeback || engine) {
            return Err(user("not_allowed", msg::team_motion_not_now(loc)));
        }
        self.refuse_other_side(loc, &l, by, me).await?;
        let store = &self.inner.store;
        store
            .put_team_motion(l.row.id, l.row.ply, &color_str(me), &by.id, motion.key())
            .await?;
        let motions = self.turn_motions(l.row.id, l.row.ply, me).await?;
        let support = motions.count(motion);
        // The voters it needs a majority of: this turn's, or for a request
        // those of the team's move to take back (the turn before).
        let (voters, votes) = if own_turn {
            let votes = store.team_votes(l.row.id, l.row.ply).await?;
            (motions.voters(&votes).len(), votes)
        } else {
            let before = store.team_votes(l.row.id, l.row.ply - 1).await?;
            let earlier = self.turn_motions(l.row.id, l.row.ply - 1, me).await?;
            (earlier.voters(&before).len().max(support), Vec::new())
        };
        let mut r = reply(
            place,
            msg::team_motion_vote(loc, &motion.shown(loc), support as i64, voters as i64),
        );
        r.ephemeral = true;
        r.event = Some(Event::Vote {
            game: l.row.id,
            side: color_str(me),
            san: motion.key().to_string(),
            voted: support as i64,
            members: voters as i64,
        });
        let mut out = vec![r];
        if !own_turn {
            let mine = color_str(me);
            if majority(support, voters) && l.row.takeback_offer.as_deref() != Some(mine.as_str()) {
                let team = l.player(me);
                let asked = self.takeback(loc, &l.place(), &team).await?;
                out.extend(self.spread_team(l.row.id, None, asked).await);
            }
            return Ok(out);
        }
        // Every named member has spoken: nothing is left to wait for.
        let named = store.team_members(&place.platform, &place.channel).await?;
        let all = motions.voters(&votes);
        let all_voted = !named.is_empty() && named.iter().all(|(id, _)| all.contains(id));
        if all_voted && let Some(mut closed) = self.close_vote(loc, l, side).await? {
            out.append(&mut closed);
        }
        Ok(out)
    }

    /// At the close of side `me`'s vote in `l`: the motion that passed and
    /// decides the turn without a move (resigning; accepting the other
    /// side's takeback request or draw offer; a takeback or a draw the
    /// engine agrees to), carried out, with its replies. No motion when
    /// none passed, or what it asks for cannot be done or the engine
    /// declined a draw (its answer is then among the replies): the move is
    /// played.
    pub(in crate::service) async fn decide_motion(
        &self,
        loc: Locale,
        l: &Loaded,
        motions: &TurnMotions,
        voters: usize,
    ) -> Result<(Option<Motion>, Vec<Reply>), Failure> {
        let me = l.game.position().turn();
        let theirs = color_str(me.other());
        let engine = engine_side(&l.row).is_some();
        let team = l.player(me);
        let place = l.place();
        let (motion, done) = if motions.passed(Motion::Resign, voters) {
            (Motion::Resign, self.resign(loc, &place, &team, None).await)
        } else if motions.passed(Motion::Takeback, voters)
            && (engine || l.row.takeback_offer.as_deref() == Some(theirs.as_str()))
        {
            (Motion::Takeback, self.takeback(loc, &place, &team).await)
        } else if motions.passed(Motion::Draw, voters)
            && (engine || l.row.draw_offer.as_deref() == Some(theirs.as_str()))
        {
            (Motion::Draw, self.draw(loc, &place, &team, None).await)
        } else {
            return Ok((None, Vec::new()));
        };
        let replies = match done {
            Ok(r) => r,
            // Nothing to take back yet, a draw offered too early: the
            // team's move is played instead.
            Err(Failure::User { .. }) => return Ok((None, Vec::new())),
            Err(f) => return Err(f),
        };
        let still = self.inner.store.game(l.row.id).await?;
        if still
            .as_ref()
            .is_some_and(|r| r.is_active() && r.ply == l.row.ply)
        {
            // The engine declined the draw: the game goes on with the move.
            return Ok((None, replies));
        }
        // A takeback undid turns: they are voted afresh when they come back.
        if let Some(row) = still.filter(|r| r.ply < l.row.ply) {
            self.inner.store.clear_team_turns(l.row.id, row.ply).await?;
        }
        Ok((Some(motion), replies))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_majority_is_more_than_half_of_the_voters() {
        assert!(majority(2, 3));
        assert!(!majority(2, 4));
        assert!(majority(1, 1));
        assert!(!majority(0, 0));
    }

    #[test]
    fn voters_count_once_whatever_they_voted_for() {
        let m = TurnMotions {
            rows: vec![
                ("a".into(), "draw".into()),
                ("a".into(), "resign".into()),
                ("b".into(), "draw".into()),
            ],
        };
        let votes = [TeamVoteRow {
            voter_id: "a".into(),
            voter_name: "a".into(),
            uci: "e2e4".into(),
            san: "e4".into(),
            seq: 1,
        }];
        assert_eq!(m.voters(&votes), ["a", "b"]);
        assert!(m.passed(Motion::Draw, 2));
        assert!(!m.passed(Motion::Resign, 2));
        assert_eq!(m.counts(), [(Motion::Draw, 2), (Motion::Resign, 1)]);
    }
}
