//! Custom ids of the buttons the bot attaches, and their round trip.
//!
//! An id carries the action and what it is about:
//! `chess:accept_challenge:c42` (challenge 42), `chess:accept_draw:g7`
//! (game 7). A click acts only on that challenge or game, so an old button
//! never touches a newer challenge or game of the same channel. The clicker
//! is the actor, so the service makes every permission check. Ids without a
//! subject (`chess:accept_challenge`, posted before subjects existed) still
//! parse and act on the channel's current challenge or game.

use crate::chess::{Role, Square};
use crate::i18n::Locale;
use crate::service::{Action, Command, Subject};

/// Every button the bot may show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonId {
    AcceptChallenge,
    DeclineChallenge,
    AcceptDraw,
    DeclineDraw,
    /// Asks for confirmation first.
    Resign,
    /// The private "yes, resign" button.
    ResignConfirm,
    /// The private "keep playing" button.
    ResignCancel,
    /// Under a summary: a new challenge with colours swapped.
    Rematch,
    /// Under a move typed without its promotion piece: play it promoting
    /// to `role` (`chess:promote:g7:e7e8q`).
    Promote {
        from: Square,
        to: Square,
        role: Role,
    },
    /// Under a running game's board: the clicker's own link to a playable
    /// page of the game, answered privately (players only).
    PlayBoard,
}

const PREFIX: &str = "chess:";

impl ButtonId {
    /// All buttons, for tests and documentation.
    pub const ALL: [ButtonId; 9] = [
        ButtonId::AcceptChallenge,
        ButtonId::DeclineChallenge,
        ButtonId::AcceptDraw,
        ButtonId::DeclineDraw,
        ButtonId::Resign,
        ButtonId::ResignConfirm,
        ButtonId::ResignCancel,
        ButtonId::Rematch,
        ButtonId::PlayBoard,
    ];

    fn key(self) -> &'static str {
        match self {
            ButtonId::AcceptChallenge => "accept_challenge",
            ButtonId::DeclineChallenge => "decline_challenge",
            ButtonId::AcceptDraw => "accept_draw",
            ButtonId::DeclineDraw => "decline_draw",
            ButtonId::Resign => "resign",
            ButtonId::ResignConfirm => "resign_confirm",
            ButtonId::ResignCancel => "resign_cancel",
            ButtonId::Rematch => "rematch",
            ButtonId::Promote { .. } => "promote",
            ButtonId::PlayBoard => "play_board",
        }
    }

    /// Whether the button is about a challenge (else about a game).
    fn is_for_challenge(self) -> bool {
        matches!(self, ButtonId::AcceptChallenge | ButtonId::DeclineChallenge)
    }

    /// The `custom_id` sent to Discord, e.g. `chess:accept_challenge:c42`
    /// (`chess:accept_challenge` without a subject).
    #[must_use]
    pub fn custom_id(self, subject: Option<Subject>) -> String {
        if let ButtonId::Promote { from, to, role } = self {
            let game = match subject {
                Some(Subject::Game(id)) => format!("g{id}:"),
                _ => String::new(),
            };
            return format!("{PREFIX}promote:{game}{from}{to}{}", role.char());
        }
        match subject {
            Some(Subject::Challenge(id)) => format!("{PREFIX}{}:c{id}", self.key()),
            Some(Subject::Game(id)) => format!("{PREFIX}{}:g{id}", self.key()),
            None => format!("{PREFIX}{}", self.key()),
        }
    }

    /// Parses a `custom_id` into the button and its subject; `None` for ids
    /// that are not ours (also a subject of the wrong kind: a game on a
    /// challenge button, or the other way round).
    #[must_use]
    pub fn parse(custom_id: &str) -> Option<(ButtonId, Option<Subject>)> {
        let rest = custom_id.strip_prefix(PREFIX)?;
        if let Some(promotion) = rest.strip_prefix("promote:") {
            return parse_promotion(promotion);
        }
        let (key, subject) = match rest.split_once(':') {
            Some((key, subject)) => (key, Some(subject)),
            None => (rest, None),
        };
        let button = ButtonId::ALL.into_iter().find(|b| b.key() == key)?;
        let Some(subject) = subject else {
            return Some((button, None));
        };
        let (kind, digits) = subject.split_at_checked(1)?;
        // Plain decimal digits only: no sign, no spaces, no overflow.
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let id: i64 = digits.parse().ok()?;
        let subject = match (kind, button.is_for_challenge()) {
            ("c", true) => Subject::Challenge(id),
            ("g", false) => Subject::Game(id),
            _ => return None,
        };
        Some((button, Some(subject)))
    }

    /// The button offered for a service [`Action`].
    #[must_use]
    pub fn for_action(action: Action) -> ButtonId {
        match action {
            Action::AcceptChallenge => ButtonId::AcceptChallenge,
            Action::DeclineChallenge => ButtonId::DeclineChallenge,
            Action::AcceptDraw => ButtonId::AcceptDraw,
            Action::DeclineDraw => ButtonId::DeclineDraw,
            Action::Resign => ButtonId::Resign,
            Action::Rematch => ButtonId::Rematch,
            Action::Promote { from, to, role } => ButtonId::Promote { from, to, role },
        }
    }

    /// The service action a click carries out; `None` for the buttons
    /// handled by the adapter alone (asking for or dropping a resignation).
    #[must_use]
    pub fn action(self) -> Option<Action> {
        match self {
            ButtonId::AcceptChallenge => Some(Action::AcceptChallenge),
            ButtonId::DeclineChallenge => Some(Action::DeclineChallenge),
            ButtonId::AcceptDraw => Some(Action::AcceptDraw),
            ButtonId::DeclineDraw => Some(Action::DeclineDraw),
            ButtonId::ResignConfirm => Some(Action::Resign),
            ButtonId::Rematch => Some(Action::Rematch),
            ButtonId::Promote { from, to, role } => Some(Action::Promote { from, to, role }),
            ButtonId::Resign | ButtonId::ResignCancel | ButtonId::PlayBoard => None,
        }
    }

    /// The service command a click runs (a [`Command::Press`] limited to
    /// `subject`); `None` as for [`ButtonId::action`].
    #[must_use]
    pub fn command(self, subject: Option<Subject>) -> Option<Command> {
        self.action()
            .map(|action| Command::Press { action, subject })
    }

    /// Whether a successful click settles the message it was on (its
    /// buttons are then removed so nobody clicks them again).
    #[must_use]
    pub fn settles_message(self) -> bool {
        matches!(
            self,
            ButtonId::AcceptChallenge
                | ButtonId::DeclineChallenge
                | ButtonId::AcceptDraw
                | ButtonId::DeclineDraw
        )
    }

    /// Button label (English).
    #[must_use]
    pub fn label(self) -> String {
        self.label_in(Locale::En)
    }

    /// Button label in `l` (from the catalog).
    #[must_use]
    pub fn label_in(self, l: Locale) -> String {
        let key = match self {
            ButtonId::PlayBoard => return crate::service::messages::play_button(l),
            ButtonId::AcceptChallenge => "accept-challenge",
            ButtonId::DeclineChallenge => "decline-challenge",
            ButtonId::AcceptDraw => "accept-draw",
            ButtonId::DeclineDraw => "decline-draw",
            ButtonId::Resign => "resign",
            ButtonId::ResignConfirm => "resign-confirm",
            ButtonId::ResignCancel => "resign-cancel",
            ButtonId::Rematch => "rematch",
            ButtonId::Promote { role, .. } => match role {
                Role::Queen => "promote-queen",
                Role::Rook => "promote-rook",
                Role::Bishop => "promote-bishop",
                _ => "promote-knight",
            },
        };
        crate::service::messages::button_label(l, key)
    }

    /// Whether the button is drawn as a red (destructive) one.
    #[must_use]
    pub fn is_danger(self) -> bool {
        matches!(
            self,
            ButtonId::DeclineChallenge
                | ButtonId::DeclineDraw
                | ButtonId::Resign
                | ButtonId::ResignConfirm
        )
    }

    /// Whether the button is drawn green.
    #[must_use]
    pub fn is_success(self) -> bool {
        matches!(self, ButtonId::AcceptChallenge | ButtonId::AcceptDraw)
    }
}

/// `g7:e7e8q` (or `e7e8q`, without a game) of a promotion button.
fn parse_promotion(rest: &str) -> Option<(ButtonId, Option<Subject>)> {
    let (subject, uci) = match rest.split_once(':') {
        Some((game, uci)) => {
            let digits = game.strip_prefix('g')?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            (Some(Subject::Game(digits.parse().ok()?)), uci)
        }
        None => (None, rest),
    };
    if uci.len() != 5 || !uci.is_ascii() {
        return None;
    }
    let from: Square = uci[0..2].parse().ok()?;
    let to: Square = uci[2..4].parse().ok()?;
    let role = Role::from_char(uci[4..].chars().next()?)?;
    if !matches!(role, Role::Queen | Role::Rook | Role::Bishop | Role::Knight) {
        return None;
    }
    Some((ButtonId::Promote { from, to, role }, subject))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_custom_id_round_trips_with_its_subject() {
        for b in ButtonId::ALL {
            let subject = if b.is_for_challenge() {
                Subject::Challenge(i64::MAX)
            } else {
                Subject::Game(i64::MAX)
            };
            for s in [None, Some(subject)] {
                let id = b.custom_id(s);
                assert!(id.starts_with("chess:"));
                assert!(id.len() <= 100, "Discord limit");
                assert_eq!(ButtonId::parse(&id), Some((b, s)), "{id}");
            }
        }
    }

    #[test]
    fn promotion_buttons_round_trip_and_refuse_nonsense() {
        let e7: Square = "e7".parse().unwrap();
        let e8: Square = "e8".parse().unwrap();
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            let b = ButtonId::Promote {
                from: e7,
                to: e8,
                role,
            };
            let id = b.custom_id(Some(Subject::Game(i64::MAX)));
            assert!(id.len() <= 100, "Discord limit");
            assert_eq!(
                ButtonId::parse(&id),
                Some((b, Some(Subject::Game(i64::MAX))))
            );
            assert_eq!(
                b.action().map(ButtonId::for_action),
                Some(b),
                "through the service action"
            );
            assert!(!b.label_in(Locale::Ru).is_empty());
        }
        assert_eq!(
            ButtonId::Promote {
                from: e7,
                to: e8,
                role: Role::Queen
            }
            .custom_id(Some(Subject::Game(7))),
            "chess:promote:g7:e7e8q"
        );
        for bad in [
            "chess:promote:g7:e7e8k",
            "chess:promote:g7:e7e8p",
            "chess:promote:g7:e7e9q",
            "chess:promote:c7:e7e8q",
            "chess:promote:g-7:e7e8q",
            "chess:promote:g7:e7e8qq",
            "chess:promote:g7:",
            "chess:promote:g7:é7e8q",
        ] {
            assert_eq!(ButtonId::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn documented_ids_are_stable() {
        assert_eq!(
            ButtonId::AcceptChallenge.custom_id(Some(Subject::Challenge(42))),
            "chess:accept_challenge:c42"
        );
        assert_eq!(
            ButtonId::DeclineDraw.custom_id(Some(Subject::Game(7))),
            "chess:decline_draw:g7"
        );
        assert_eq!(ButtonId::Resign.custom_id(None), "chess:resign");
        // Ids posted before subjects existed still work.
        assert_eq!(
            ButtonId::parse("chess:accept_challenge"),
            Some((ButtonId::AcceptChallenge, None))
        );
    }

    #[test]
    fn foreign_ids_are_not_ours() {
        for id in [
            "",
            "chess:",
            "chess:nope",
            "accept_challenge",
            "other:resign",
            "CHESS:resign",
            "chess:resign:",
            "chess:resign:g",
            "chess:resign:g-1",
            "chess:resign:g+1",
            "chess:resign:g 1",
            "chess:resign:g1x",
            "chess:resign:g99999999999999999999",
            "chess:resign:x1",
            "chess:resign:c1",
            "chess:accept_challenge:g1",
            "chess:accept_draw:c1",
            "chess:resign:g1:g2",
            "chess:resign:ก1",
        ] {
            assert_eq!(ButtonId::parse(id), None, "{id}");
        }
    }

    #[test]
    fn clicks_become_presses_limited_to_their_subject() {
        let game = Some(Subject::Game(3));
        assert_eq!(
            ButtonId::AcceptDraw.command(game),
            Some(Command::Press {
                action: Action::AcceptDraw,
                subject: game
            })
        );
        assert_eq!(
            ButtonId::ResignConfirm.command(game),
            Some(Command::Press {
                action: Action::Resign,
                subject: game
            })
        );
        // Resigning needs a second, private click.
        assert_eq!(ButtonId::Resign.command(game), None);
        assert_eq!(ButtonId::ResignCancel.command(game), None);
        for a in [
            Action::AcceptChallenge,
            Action::DeclineChallenge,
            Action::AcceptDraw,
            Action::DeclineDraw,
        ] {
            assert_eq!(ButtonId::for_action(a).action(), Some(a));
        }
    }
}
