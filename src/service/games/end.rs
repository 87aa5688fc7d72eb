//! The end of a game: the announcement every ending shares (the result in
//! words, the final board, the `end` event), which the areas that hear of
//! a game's end complete (the rating change, the summary that follows).

use super::game::{GameService, Loaded, color_str, reply};
use super::games::ended::GameEnded;
use super::{BoardImage, Event, Place, Reply, messages as msg};
use crate::chess::{Color, Outcome, Termination};
use crate::i18n::Locale;
use crate::render::BoardResult;

impl GameService {
    /// The end announcement (event `end`, final board), completed by the
    /// areas that hear of a game's end (records: the rating change;
    /// summaries: the summary that follows, [`Reply::follow_up`], unless
    /// the game was aborted).
    pub(in crate::service) fn end_replies(
        &self,
        loc: Locale,
        place: &Place,
        l: &Loaded,
        outcome: Outcome,
        loser_hint: Option<Color>,
        text: Option<String>,
    ) -> Vec<Reply> {
        let loser = outcome.winner.map(Color::other).or(loser_hint);
        // An aborted game reads as such, with no picture.
        let aborted = outcome.termination == Termination::Aborted;
        let text = text.or_else(|| aborted.then(|| msg::game_aborted(loc, l.row.id)));
        let text = text.unwrap_or_else(|| {
            msg::summary(
                loc,
                outcome.termination,
                outcome.winner.map(|w| l.name(w)),
                loser.map(|c| l.name(c)),
                outcome.result(),
            )
        });
        let mut end = reply(place, text);
        end.board = Some(BoardImage {
            flip: false,
            result: BoardResult::from_outcome(Some(outcome)),
            ..self.image(loc, l, false)
        });
        if aborted {
            end.board = None;
        }
        end.mentions = l.both();
        end.event = Some(Event::End {
            result: outcome.result().to_string(),
            winner: outcome.winner.map(color_str),
            termination: outcome.termination.as_str().to_string(),
            ratings: None,
            watch: None,
        });
        let ended = GameEnded {
            loc,
            place,
            game: l,
            outcome,
        };
        self.areas.game_end.publish(self, &ended, &mut end);
        vec![end]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Termination;

    #[test]
    fn final_board_badges_follow_the_outcome() {
        let mate = Outcome::new(Some(Color::Black), Termination::Checkmate);
        assert_eq!(
            BoardResult::from_outcome(Some(mate)),
            Some(BoardResult::Mated(Color::White))
        );
        let resign = Outcome::new(Some(Color::White), Termination::Resignation);
        assert_eq!(
            BoardResult::from_outcome(Some(resign)),
            Some(BoardResult::Won(Color::White))
        );
        let draw = Outcome::new(None, Termination::Stalemate);
        assert_eq!(
            BoardResult::from_outcome(Some(draw)),
            Some(BoardResult::Draw)
        );
        let abort = Outcome::new(None, Termination::Aborted);
        assert_eq!(BoardResult::from_outcome(Some(abort)), None);
        assert_eq!(BoardResult::from_outcome(None), None);
    }
}
