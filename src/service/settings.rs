//! Settings: the channel's language, and each user's board view and theme.

use super::{Actor, BoardImage, Place, Reply, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;
use crate::render::Theme;

use super::game::{GameService, Handled, reply, user};

/// Which side a user's boards show at the bottom (`settings board:...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BoardView {
    /// The side to move (the default; `board flip:true` shows the other).
    #[default]
    Auto,
    /// Always White at the bottom.
    White,
    /// Always Black at the bottom.
    Black,
}

impl BoardView {
    /// The stored and typed name: `auto`, `white`, `black`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            BoardView::Auto => "auto",
            BoardView::White => "white",
            BoardView::Black => "black",
        }
    }
}

impl std::str::FromStr for BoardView {
    type Err = ();

    fn from_str(s: &str) -> Result<BoardView, ()> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" | "default" | "turn" => Ok(BoardView::Auto),
            "white" | "w" => Ok(BoardView::White),
            "black" | "b" => Ok(BoardView::Black),
            _ => Err(()),
        }
    }
}

/// A user's board preferences, applied to the pictures in replies to their
/// commands (announcements nobody asked for use the defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BoardPrefs {
    pub view: BoardView,
    pub theme: Theme,
}

impl BoardPrefs {
    /// `board` as this user sees it: a fixed view replaces the service's
    /// choice (`requested_flip` from `board flip:true` still turns it), and
    /// the user's theme.
    pub(super) fn apply(self, board: &mut BoardImage, requested_flip: bool) {
        let fixed = match self.view {
            BoardView::Auto => None,
            BoardView::White => Some(false),
            BoardView::Black => Some(true),
        };
        if let Some(black_below) = fixed {
            board.flip = black_below != requested_flip;
        }
        board.theme = self.theme;
    }
}

/// What `settings` changes; `None` leaves a setting as it is.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SettingsChange {
    pub language: Option<Locale>,
    pub board: Option<BoardView>,
    pub theme: Option<Theme>,
}

impl GameService {
    /// `settings`: with nothing to change, shows the channel's language and
    /// the caller's board view and theme; else sets what was given and
    /// answers (a new language answers in that language). Anyone in the
    /// channel may set its language, except while a game runs there: then
    /// only its players and the server's moderators, since the language
    /// decides how the players' moves are read. The board view and theme
    /// are the caller's own.
    pub(super) async fn settings(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        moderator: bool,
        change: SettingsChange,
    ) -> Handled {
        let store = &self.inner.store;
        if change.language.is_none() && change.board.is_none() && change.theme.is_none() {
            let current = self.channel_locale(place).await;
            let prefs = self.board_prefs(place, by).await?;
            let text = format!(
                "{}\n{}",
                msg::language_current(loc, current),
                msg::board_settings_current(loc, prefs.view.as_str(), prefs.theme.name())
            );
            return Ok(vec![reply(place, text)]);
        }
        if change.language.is_some()
            && !moderator
            && let Some(l) = self.active(place).await?
            && l.color_of(&by.id).is_none()
        {
            return Err(user(
                "not_allowed",
                msg::language_locked(loc, l.name(Color::White), l.name(Color::Black)),
            ));
        }
        let mut lines = Vec::new();
        let mut said_in = loc;
        if let Some(new) = change.language {
            store
                .set_channel_language(&place.platform, &place.channel, new.code())
                .await?;
            said_in = new;
            lines.push(msg::language_set(new));
        }
        if let Some(view) = change.board {
            store
                .set_board_view(&place.platform, &by.id, view.as_str())
                .await?;
            lines.push(msg::board_view_set(said_in, view.as_str()));
        }
        if let Some(theme) = change.theme {
            store
                .set_board_theme(&place.platform, &by.id, theme.name())
                .await?;
            lines.push(msg::board_theme_set(said_in, theme.name()));
        }
        Ok(vec![reply(place, lines.join("\n"))])
    }

    /// The board view and theme `by` chose (the defaults where none).
    pub(super) async fn board_prefs(
        &self,
        place: &Place,
        by: &Actor,
    ) -> Result<BoardPrefs, super::ServiceError> {
        let (view, theme) = self
            .inner
            .store
            .board_prefs(&place.platform, &by.id)
            .await?;
        Ok(BoardPrefs {
            view: view.and_then(|v| v.parse().ok()).unwrap_or_default(),
            theme: theme.and_then(|t| t.parse().ok()).unwrap_or_default(),
        })
    }

    /// Draws the boards of `replies` (those for `place`) as `by` chose;
    /// `requested_flip` is `board flip:true`. A database failure leaves the
    /// defaults: a picture is never worth an error.
    pub(super) async fn apply_board_prefs(
        &self,
        place: &Place,
        by: &Actor,
        replies: &mut [Reply],
        requested_flip: bool,
    ) {
        if !replies
            .iter()
            .any(|r| r.board.is_some() && r.place == *place)
        {
            return;
        }
        let prefs = match self.board_prefs(place, by).await {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!(error = %e, "board preferences unavailable");
                return;
            }
        };
        if prefs == BoardPrefs::default() {
            return;
        }
        for r in replies.iter_mut().filter(|r| r.place == *place) {
            if let Some(board) = &mut r.board {
                prefs.apply(board, requested_flip);
            }
        }
    }
}
