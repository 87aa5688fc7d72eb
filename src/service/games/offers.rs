//! Draw offers: offering, accepting and declining by command or button.

use super::{Action, Actor, Event, Place, Subject, messages as msg};
use crate::chess::{Outcome, Termination};
use crate::i18n::Locale;
use crate::store::Offer;

use super::game::{GameService, Handled, color_str, ms, reply, user};

impl GameService {
    /// `draw` offers or accepts; an Accept-draw button (`only`: its game)
    /// only accepts.
    pub(in crate::service) async fn draw(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        only: Option<i64>,
    ) -> Handled {
        let l = self.require_game(loc, place, only).await?;
        let me = l.require_player(loc, by)?;
        if !l.game.both_have_moved() {
            return Err(user("not_allowed", msg::draw_too_early(loc)));
        }
        if let Some((engine, _)) = super::computer::engine_side(&l.row) {
            return self.computer_draw(loc, place, l, engine).await;
        }
        let mine = color_str(me);
        let theirs = color_str(me.other());
        match l.row.draw_offer.as_deref() {
            Some(o) if o == theirs => {
                let outcome = Outcome::new(None, Termination::Agreement);
                self.finish(loc, place, l, outcome, None).await
            }
            Some(o) if o == mine => Err(user("not_allowed", msg::draw_already_offered(loc))),
            _ if only.is_some() => Err(user("stale_button", msg::button_draw_gone(loc))),
            _ => {
                let now = ms(self.now());
                self.inner
                    .store
                    .set_offer(
                        Offer::Draw,
                        l.row.id,
                        l.row.ply,
                        l.row.draw_offer.as_deref(),
                        Some(&mine),
                        now,
                    )
                    .await?;
                let opponent = l.player(me.other());
                let mut r = reply(place, msg::draw_offered(loc, &by.name, &opponent.name));
                r.event = Some(Event::DrawOffer {
                    by: l.name(me).to_string(),
                });
                r.mentions = vec![opponent];
                r.actions = vec![Action::AcceptDraw, Action::DeclineDraw];
                r.subject = Some(Subject::Game(l.row.id));
                Ok(vec![r])
            }
        }
    }
}
