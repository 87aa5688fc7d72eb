//! Custom ids of the buttons the bot attaches, and their round trip.
//!
//! The ids carry only the action: the game is the one running in the
//! channel of the clicked message, and the clicker is the actor, so the
//! service makes every permission check.

use crate::i18n::Locale;
use crate::service::{Action, Command};

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
}

const PREFIX: &str = "chess:";

impl ButtonId {
    /// All buttons, for tests and documentation.
    pub const ALL: [ButtonId; 7] = [
        ButtonId::AcceptChallenge,
        ButtonId::DeclineChallenge,
        ButtonId::AcceptDraw,
        ButtonId::DeclineDraw,
        ButtonId::Resign,
        ButtonId::ResignConfirm,
        ButtonId::ResignCancel,
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
        }
    }

    /// The `custom_id` sent to Discord, e.g. `chess:accept_challenge`.
    #[must_use]
    pub fn custom_id(self) -> String {
        format!("{PREFIX}{}", self.key())
    }

    /// Parses a `custom_id`; `None` for ids that are not ours.
    #[must_use]
    pub fn parse(custom_id: &str) -> Option<ButtonId> {
        let key = custom_id.strip_prefix(PREFIX)?;
        ButtonId::ALL.into_iter().find(|b| b.key() == key)
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
        }
    }

    /// The service command a click runs; `None` for the buttons handled by
    /// the adapter alone (asking for or dropping a resignation).
    ///
    /// Declining a draw offer is [`Command::Decline`]: the command set has
    /// no separate "decline draw".
    #[must_use]
    pub fn command(self) -> Option<Command> {
        match self {
            ButtonId::AcceptChallenge => Some(Command::Accept),
            ButtonId::DeclineChallenge | ButtonId::DeclineDraw => Some(Command::Decline),
            ButtonId::AcceptDraw => Some(Command::Draw),
            ButtonId::ResignConfirm => Some(Command::Resign),
            ButtonId::Resign | ButtonId::ResignCancel => None,
        }
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
            ButtonId::AcceptChallenge => "accept-challenge",
            ButtonId::DeclineChallenge => "decline-challenge",
            ButtonId::AcceptDraw => "accept-draw",
            ButtonId::DeclineDraw => "decline-draw",
            ButtonId::Resign => "resign",
            ButtonId::ResignConfirm => "resign-confirm",
            ButtonId::ResignCancel => "resign-cancel",
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_custom_id_round_trips() {
        for b in ButtonId::ALL {
            let id = b.custom_id();
            assert!(id.starts_with("chess:"));
            assert!(id.len() <= 100, "Discord limit");
            assert_eq!(ButtonId::parse(&id), Some(b));
        }
    }

    #[test]
    fn documented_ids_are_stable() {
        assert_eq!(
            ButtonId::AcceptChallenge.custom_id(),
            "chess:accept_challenge"
        );
        assert_eq!(ButtonId::DeclineDraw.custom_id(), "chess:decline_draw");
        assert_eq!(ButtonId::Resign.custom_id(), "chess:resign");
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
        ] {
            assert_eq!(ButtonId::parse(id), None, "{id}");
        }
    }

    #[test]
    fn actions_map_to_the_right_commands() {
        let cmd = |a| ButtonId::for_action(a).command();
        assert_eq!(cmd(Action::AcceptChallenge), Some(Command::Accept));
        assert_eq!(cmd(Action::DeclineChallenge), Some(Command::Decline));
        assert_eq!(cmd(Action::AcceptDraw), Some(Command::Draw));
        assert_eq!(cmd(Action::DeclineDraw), Some(Command::Decline));
        // Resigning needs a second, private click.
        assert_eq!(cmd(Action::Resign), None);
        assert_eq!(ButtonId::ResignConfirm.command(), Some(Command::Resign));
        assert_eq!(ButtonId::ResignCancel.command(), None);
    }
}
