//! Votes: in a team's turn a member's `move` is a vote (private answer,
//! changeable until the vote closes); the tally (`team votes`); the close
//! of a vote, by a moderator (`team close`), once every named member voted,
//! or at the turn's deadline, which plays the most-voted move (a tie goes
//! to the tied move whose first standing vote came earliest); the team's
//! board; and who may vote for which side.

use std::collections::BTreeMap;

use super::{Actor, DueAnnouncement, Event, Place, Reply, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;
use crate::store::{NewTeamVote, StoreError, TeamSideRow, TeamVoteRow};

use super::computer::engine_side;
use super::game::{
    Failure, GameService, Handled, Loaded, ServiceError, color_str, failure_reply, move_number,
    reply, user,
};
use super::move_input::{TypedMove, error_code_of};
use super::teams::motions::{Motion, TurnMotions};
use super::teams::{is_team_game, side_color, side_place};

/// How long a process closing a vote at its deadline holds the turn.
const CLOSING_MS: i64 = 60_000;

/// One move's count in a tally: its SAN, UCI, votes and first vote.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Count {
    san: String,
    uci: String,
    votes: i64,
    first: i64,
}

/// The moves voted for, most votes first; between equal counts, the move
/// whose first standing vote came earliest first (docs/RULES.md).
fn tally(votes: &[TeamVoteRow]) -> Vec<Count> {
    let mut counts: Vec<Count> = Vec::new();
    for v in votes {
        match counts.iter_mut().find(|c| c.uci == v.uci) {
            Some(c) => {
                c.votes += 1;
                c.first = c.first.min(v.seq);
            }
            None => counts.push(Count {
                san: v.san.clone(),
                uci: v.uci.clone(),
                votes: 1,
                first: v.seq,
            }),
        }
    }
    counts.sort_by(|a, b| b.votes.cmp(&a.votes).then(a.first.cmp(&b.first)));
    counts
}

/// A tally as text: `Nf3 5, e4 3`.
fn tally_text(loc: Locale, counts: &[Count]) -> String {
    counts
        .iter()
        .map(|c| format!("{} {}", msg::san_local(loc, &c.san), c.votes))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A turn's whole tally as text, its motions after its moves:
/// `Nf3 5, e4 3, draw 2`.
fn full_tally_text(loc: Locale, counts: &[Count], motions: &TurnMotions) -> String {
    [tally_text(loc, counts), motions.text(loc)]
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

impl GameService {
    /// A `move` said in a team's channel during its game: the caller's
    /// vote for that side's move.
    pub(in crate::service) async fn vote(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        side: &TeamSideRow,
        text: &str,
    ) -> Handled {
        let typed = TypedMove::read(loc, text)?;
        let l = self.team_game(loc, side.game_id).await?;
        let me = side_color(side);
        let turn = l.game.position().turn();
        if turn != me {
            return Err(user("not_your_turn", msg::not_your_turn(loc, l.name(turn))));
        }
        let mut game = l.game.clone();
        let (mv, san) = typed.play(&mut game).map_err(|e| {
            let refusal = typed.refusal(loc, l.game.position(), &e);
            user(error_code_of(&e), refusal)
        })?;
        self.refuse_other_side(loc, &l, by, me).await?;
        let store = &self.inner.store;
        let side_name = color_str(me);
        store
            .put_team_vote(&NewTeamVote {
                game_id: l.row.id,
                ply: l.row.ply,
                side: &side_name,
                voter_id: &by.id,
                voter_name: &by.name,
                uci: &l.game.uci(mv),
                san: &san,
            })
            .await?;
        let votes = store.team_votes(l.row.id, l.row.ply).await?;
        let voters = self
            .turn_motions(l.row.id, l.row.ply, me)
            .await?
            .voters(&votes);
        let named = store.team_members(&place.platform, &place.channel).await?;
        let members = self.team_size(&l, me, &named, voters.len()).await?;
        let voted = voters.len() as i64;
        let mut r = reply(place, msg::team_vote(loc, &san, voted, members));
        r.ephemeral = true;
        r.event = Some(Event::Vote {
            game: l.row.id,
            side: side_name,
            san,
            voted,
            members,
        });
        let mut out = vec![r];
        // Every named member has spoken: nothing is left to wait for.
        let all_voted = !named.is_empty() && named.iter().all(|(id, _)| voters.contains(id));
        if all_voted && let Some(mut closed) = self.close_vote(loc, l, side).await? {
            out.append(&mut closed);
        }
        Ok(out)
    }

    /// How many vote for side `me`: the named members of its channel, else
    /// everyone who voted for it in this game (at least `voted`).
    async fn team_size(
        &self,
        l: &Loaded,
        me: Color,
        named: &[(String, String)],
        voted: usize,
    ) -> Result<i64, Failure> {
        let size = if named.is_empty() {
            self.inner
                .store
                .team_voter_count(l.row.id, &color_str(me))
                .await?
        } else {
            named.len() as i64
        };
        Ok(size.max(voted as i64))
    }

    /// Refuses a vote for side `me` by someone who voted for the other
    /// side of this game, or who is not a named member of a team that lets
    /// only its named members vote (`not_allowed`); else records that they
    /// vote for `me` from now on. Another team's names never bar anyone.
    pub(in crate::service) async fn refuse_other_side(
        &self,
        loc: Locale,
        l: &Loaded,
        by: &Actor,
        me: Color,
    ) -> Result<(), Failure> {
        let store = &self.inner.store;
        let refusal = |side: Color| {
            user(
                "not_allowed",
                msg::team_other_side(loc, l.name(side), l.row.id),
            )
        };
        let sides = store.team_sides(l.row.id).await?;
        for mine in sides.iter().filter(|s| side_color(s) == me) {
            if !store
                .team_members_only(&mine.platform, &mine.channel)
                .await?
            {
                continue;
            }
            let named = store.team_members(&mine.platform, &mine.channel).await?;
            if !named.iter().any(|(id, _)| *id == by.id) {
                return Err(user(
                    "not_allowed",
                    msg::team_members_only_refused(loc, l.name(me)),
                ));
            }
        }
        let held = store
            .claim_team_voter(l.row.id, &by.id, &color_str(me))
            .await?;
        if held != color_str(me) {
            return Err(refusal(me.other()));
        }
        Ok(())
    }

    /// The running team game `id`.
    pub(in crate::service) async fn team_game(
        &self,
        loc: Locale,
        id: i64,
    ) -> Result<Loaded, Failure> {
        match self.inner.store.game(id).await? {
            Some(row) if row.is_active() => Ok(self.replay(row).await?),
            _ => Err(user("no_game", msg::team_no_game(loc))),
        }
    }

    /// `team votes`: the tally of this channel's running vote, posted in
    /// this channel (the other team never sees it).
    pub(in crate::service) async fn team_votes(&self, loc: Locale, place: &Place) -> Handled {
        let Some(side) = self.team_here(place).await? else {
            return Err(user("no_game", msg::team_no_game(loc)));
        };
        let l = self.team_game(loc, side.game_id).await?;
        let me = side_color(&side);
        let team = l.name(me).to_string();
        if l.game.position().turn() != me {
            return Ok(vec![reply(place, msg::team_votes_waiting(loc, &team))]);
        }
        let votes = self.inner.store.team_votes(l.row.id, l.row.ply).await?;
        let motions = self.turn_motions(l.row.id, l.row.ply, me).await?;
        let voters = motions.voters(&votes).len();
        if voters == 0 {
            return Ok(vec![reply(place, msg::team_votes_none(loc, &team))]);
        }
        let named = self
            .inner
            .store
            .team_members(&place.platform, &place.channel)
            .await?;
        let members = self.team_size(&l, me, &named, voters).await?;
        let counts = tally(&votes);
        Ok(vec![reply(
            place,
            msg::team_votes(
                loc,
                &team,
                &full_tally_text(loc, &counts, &motions),
                voters as i64,
                members,
            ),
        )])
    }

    /// `team close`: a moderator of this channel closes its running vote.
    pub(in crate::service) async fn team_close(
        &self,
        loc: Locale,
        place: &Place,
        moderator: bool,
    ) -> Handled {
        if !moderator {
            return Err(user("not_allowed", msg::team_moderators_only(loc)));
        }
        let Some(side) = self.team_here(place).await? else {
            return Err(user("no_game", msg::team_no_game(loc)));
        };
        let l = self.team_game(loc, side.game_id).await?;
        let turn = l.game.position().turn();
        if turn != side_color(&side) {
            return Err(user("not_your_turn", msg::not_your_turn(loc, l.name(turn))));
        }
        match self.close_vote(loc, l, &side).await? {
            Some(replies) => Ok(replies),
            None => Err(user("not_allowed", msg::team_nothing_to_close(loc))),
        }
    }

    /// Closes the running vote of `side` in `l` (its turn): the `vote_closed`
    /// post in its channel, then what it decided in every team's channel: a
    /// motion that passed (see [`Self::decide_motion`]), else the most-voted
    /// move (with a draw offer when a majority voted `draw`, and the engine's
    /// answer in a game against it). `None` when nobody voted.
    pub(in crate::service) async fn close_vote(
        &self,
        loc: Locale,
        l: Loaded,
        side: &TeamSideRow,
    ) -> Result<Option<Vec<Reply>>, Failure> {
        let votes = self.inner.store.team_votes(l.row.id, l.row.ply).await?;
        let me = side_color(side);
        let motions = self.turn_motions(l.row.id, l.row.ply, me).await?;
        let voters = motions.voters(&votes).len();
        let counts = tally(&votes);
        let id = l.row.id;
        let team = l.name(me).to_string();
        let mut tallied: BTreeMap<String, i64> =
            counts.iter().map(|c| (c.san.clone(), c.votes)).collect();
        for (m, n) in motions.counts() {
            tallied.insert(m.key().to_string(), n as i64);
        }
        let whole = full_tally_text(loc, &counts, &motions);
        let closed = |text: String, san: String| {
            let mut r = reply(&side_place(side), text);
            r.event = Some(Event::VoteClosed {
                game: id,
                side: color_str(me),
                san,
                votes: tallied.clone(),
            });
            r
        };
        let (decided, answered) = self.decide_motion(loc, &l, &motions, voters).await?;
        if let Some(m) = decided {
            let mut out = vec![closed(
                msg::team_vote_closed_motion(loc, &team, &m.shown(loc), &whole),
                m.key().to_string(),
            )];
            out.extend(self.spread_team(id, None, answered).await);
            return Ok(Some(out));
        }
        let Some(best) = counts.first().cloned() else {
            // Motions that did not pass (or a draw the engine declined),
            // and no move to play: the vote stays open, and at the deadline
            // the team loses on time.
            return Ok(None);
        };
        let corrupt = |reason: String| Failure::Internal(ServiceError::Corrupt { id, reason });
        let mv = l
            .game
            .position()
            .parse_move(&best.uci)
            .map_err(|e| corrupt(format!("vote {}: {e}", best.uci)))?;
        let number = move_number(l.game.position());
        let mut game = l.game.clone();
        let san = game
            .play(mv)
            .map_err(|e| corrupt(format!("vote {}: {e}", best.uci)))?
            .to_string();
        let closed = closed(msg::team_vote_closed(loc, &team, &san, &whole), san.clone());
        let game_place = l.place();
        let computer = engine_side(&l.row).is_some();
        let offer = !computer && motions.passed(Motion::Draw, voters);
        let us = l.player(me);
        let mut replies = answered;
        replies.extend(
            self.commit_move(loc, &game_place, l, game, me, mv, san, number)
                .await?,
        );
        if computer {
            replies = self.engine_answers(loc, &game_place, id, replies).await;
        }
        if offer {
            // The majority offers a draw with its move; an offer that
            // cannot be made (the game ended, too early) is left out.
            match self.draw(loc, &game_place, &us, None).await {
                Ok(r) => replies.extend(r),
                Err(Failure::User { .. }) => {}
                Err(f) => return Err(f),
            }
        }
        let mut out = vec![closed];
        out.extend(self.spread_team(id, None, replies).await);
        Ok(Some(out))
    }

    /// At the deadline of a team's turn: the vote closes and its move is
    /// played, announced through the outbox like a time-out. `None` when
    /// this is not a team's turn or nobody voted (the team then loses on
    /// time as anyone would).
    pub(in crate::service) async fn team_deadline(
        &self,
        l: &Loaded,
        now: i64,
        lease: i64,
    ) -> Result<Option<Option<DueAnnouncement>>, ServiceError> {
        if l.row.deadline_at.is_none_or(|d| d > now) || !is_team_game(&l.row) {
            return Ok(None);
        }
        let turn = l.game.position().turn();
        let sides = self.inner.store.team_sides(l.row.id).await?;
        let Some(side) = sides.into_iter().find(|s| side_color(s) == turn) else {
            return Ok(None);
        };
        let store = &self.inner.store;
        let side_name = color_str(turn);
        let voted = !store.team_votes(l.row.id, l.row.ply).await?.is_empty()
            || store
                .team_motions(l.row.id, l.row.ply)
                .await?
                .iter()
                .any(|(_, _, s)| *s == side_name);
        if !voted {
            return Ok(None);
        }
        // A move past its deadline is refused: the closing process moves
        // the deadline a minute on first (one process wins; if it dies, the
        // vote closes at the next sweep after that minute).
        let Some(deadline) = l.row.deadline_at else {
            return Ok(None);
        };
        let ply = l.row.ply;
        if !self
            .inner
            .store
            .claim_team_deadline(l.row.id, ply, deadline, now + CLOSING_MS)
            .await?
        {
            return Ok(Some(None));
        }
        let loc = self.post_locale(&l.place(), l.row.id).await;
        let mut row = l.row.clone();
        row.deadline_at = Some(now + CLOSING_MS);
        let loaded = Loaded {
            row,
            game: l.game.clone(),
        };
        let replies = match self.close_vote(loc, loaded, &side).await {
            Ok(Some(r)) => r,
            Ok(None) => return Ok(None),
            // Another process closed it first.
            Err(Failure::Stale) => return Ok(Some(None)),
            Err(Failure::Internal(e)) => return Err(e),
            Err(f @ Failure::User { .. }) => {
                let refused = failure_reply(loc, &l.place(), f);
                tracing::error!(game = l.row.id, reply = %refused.text, "closing a vote failed");
                return Ok(Some(None));
            }
        };
        let id = match self
            .inner
            .store
            .record_team_move(l.row.id, ply + 1, now, lease)
            .await
        {
            Ok(id) => id,
            Err(StoreError::Stale) => return Ok(Some(None)),
            Err(e) => return Err(e.into()),
        };
        let mut replies = replies;
        self.orient_boards(&mut replies, false).await;
        self.orient_team_boards(&mut replies, false).await;
        Ok(Some(Some(DueAnnouncement {
            id,
            replies,
            challenge: false,
            puzzle: false,
        })))
    }

    /// `board` in a team's channel: its game, from its side.
    pub(in crate::service) async fn team_board(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        side: &TeamSideRow,
        flip: bool,
        private: bool,
    ) -> Handled {
        let l = self.team_game(loc, side.game_id).await?;
        let mut replies = if private {
            self.private_board(loc, &l.place(), by, flip).await?
        } else {
            self.board(loc, &l.place(), flip).await?
        };
        for r in &mut replies {
            r.place = place.clone();
            r.actions.clear();
        }
        Ok(replies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(voter: &str, san: &str, seq: i64) -> TeamVoteRow {
        TeamVoteRow {
            voter_id: voter.into(),
            voter_name: voter.into(),
            uci: san.into(),
            san: san.into(),
            seq,
        }
    }

    #[test]
    fn the_most_voted_move_wins() {
        let votes = [v("a", "e4", 1), v("b", "d4", 2), v("c", "d4", 3)];
        assert_eq!(tally(&votes)[0].san, "d4");
    }

    #[test]
    fn a_tie_goes_to_the_move_voted_for_first() {
        let votes = [
            v("a", "d4", 4),
            v("b", "e4", 2),
            v("c", "d4", 5),
            v("d", "e4", 7),
        ];
        let t = tally(&votes);
        assert_eq!((t[0].san.as_str(), t[0].votes), ("e4", 2));
        assert_eq!(tally_text(Locale::En, &t), "e4 2, d4 2");
    }
}
