//! The options of the correspondence comforts' subcommands (`vacation`,
//! `moretime`, `notify`, declared in `commands.rs`) and of the spectator
//! pages' settings as Discord shows them.

use crate::service::NotifyTarget;

/// Where turn notices go, as Discord shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum NotifyOption {
    #[name = "dm"]
    Dm,
    #[name = "channel"]
    Channel,
    #[name = "off"]
    Off,
}

impl From<NotifyOption> for NotifyTarget {
    fn from(o: NotifyOption) -> NotifyTarget {
        match o {
            NotifyOption::Dm => NotifyTarget::Dm,
            NotifyOption::Channel => NotifyTarget::Channel,
            NotifyOption::Off => NotifyTarget::Off,
        }
    }
}

/// Whether a player's name shows on the spectator pages, as Discord
/// shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum PageNameOption {
    #[name = "shown"]
    Shown,
    #[name = "hidden"]
    Hidden,
}

/// A moderator's switch for the community's spectator pages, or a new
/// address for the page of this channel's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum PagesOption {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
    #[name = "new"]
    New,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notify_choices_map_to_the_service() {
        assert_eq!(NotifyTarget::from(NotifyOption::Dm), NotifyTarget::Dm);
        assert_eq!(
            NotifyTarget::from(NotifyOption::Channel),
            NotifyTarget::Channel
        );
        assert_eq!(NotifyTarget::from(NotifyOption::Off), NotifyTarget::Off);
    }
}
