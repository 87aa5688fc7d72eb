//! Rematches: the last opponent in this place challenged again, colours
//! swapped.

use super::{Actor, ColorChoice, Place, messages as msg};
use crate::chess::{Color, Position, Variant};
use crate::i18n::Locale;
use crate::store::NewChallenge;

use super::game::{GameService, Handled, color_str, key, ms, user};
impl GameService {
    pub(in crate::service) async fn rematch(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
    ) -> Handled {
        let Some(last) = self.inner.store.last_finished_game(&key(place)).await? else {
            return Err(user("no_game", msg::no_rematch(loc)));
        };
        let (my_old, opponent) = if last.white_id == by.id {
            (
                Color::White,
                Actor {
                    id: last.black_id.clone(),
                    name: last.black_name.clone(),
                },
            )
        } else if last.black_id == by.id {
            (
                Color::Black,
                Actor {
                    id: last.white_id.clone(),
                    name: last.white_name.clone(),
                },
            )
        } else {
            return Err(user(
                "not_a_player",
                msg::rematch_not_player(loc, &last.white_name, &last.black_name),
            ));
        };
        let standard = Position::startpos().fen();
        let variant = super::chess960::row_variant(&last.variant);
        // The same start: a custom FEN again, else (Chess960) the same
        // numbered position.
        let custom = match variant {
            Variant::Standard => (last.start_fen != standard).then(|| last.start_fen.clone()),
            Variant::Chess960 => last
                .start_position
                .is_none()
                .then(|| last.start_fen.clone()),
        };
        let number = last
            .start_position
            .and_then(|n| u32::try_from(n).ok())
            .filter(|_| variant == Variant::Chess960);
        if let Some((_, level)) = super::computer::engine_side(&last) {
            // Against the computer: a new game at once, colours swapped.
            let options = super::ComputerOptions {
                level: level.get(),
                color: match my_old {
                    Color::White => ColorChoice::Black,
                    Color::Black => ColorChoice::White,
                },
                days: u32::try_from(last.days).unwrap_or(super::DEFAULT_DAYS),
                fen: custom,
                variant: Some(variant),
                position: number,
            };
            return self.computer(loc, place, by, options, None).await;
        }
        self.refuse_own_pending(loc, place, by).await?;
        self.refuse_if_busy(loc, place).await?;
        let c = NewChallenge {
            place: key(place),
            challenger_id: by.id.clone(),
            challenger_name: by.name.clone(),
            opponent_id: Some(opponent.id.clone()),
            opponent_name: Some(opponent.name.clone()),
            color: color_str(my_old.other()),
            days: last.days,
            start_fen: custom,
            rules: last.rules.clone(),
            created_at: ms(self.now()),
            rated: last.rated == 1,
            variant: variant.as_str().to_string(),
            start_position: number.map(i64::from),
            // The same time control again.
            bank: super::banks::stored_bank(last.bank_cap_ms, last.increment_ms),
            import_moves: None,
            import_tags: None,
            vacation_stops: last.vacation_stops == 1,
        };
        self.post_challenge(loc, place, by, Some(opponent), c).await
    }
}
