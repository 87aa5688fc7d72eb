//! The options of the correspondence comforts' subcommands (`vacation`,
//! `moretime`, `notify`, declared in [`super::commands`]) as Discord shows
//! them.

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
