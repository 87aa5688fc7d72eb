//! The options of the correspondence comforts' subcommands (`vacation`,
//! `moretime`, `notify`, declared in [`super::commands`]) as Discord shows
//! them.

use crate::service::NotifyTarget;

/// Where turn notices go, as Discord shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum NotifyOption {
    #[name = "dm"]
    #[name_localized("ru", "личные сообщения")]
    #[name_localized("ro", "mesaj direct")]
    #[name_localized("th", "ข้อความส่วนตัว")]
    Dm,
    #[name = "channel"]
    #[name_localized("ru", "канал партии")]
    #[name_localized("ro", "canalul partidei")]
    #[name_localized("th", "ห้องของเกม")]
    Channel,
    #[name = "off"]
    #[name_localized("ru", "выключены")]
    #[name_localized("ro", "oprite")]
    #[name_localized("th", "ปิด")]
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
