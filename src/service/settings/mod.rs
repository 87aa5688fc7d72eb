//! Settings: the channel's language, and each user's board view and theme.

pub(crate) mod catalog;

use super::{Actor, BoardImage, Place, Reply, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;
use crate::render::Theme;
use crate::store::{PlacePrefsRow, UserText};

use super::game::{GameService, Handled, reply, user};

/// Which side a user's private boards show at the bottom (`settings
/// board:...` in a direct message); in a channel `white` and `black` are
/// the channel's side and `auto` is White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BoardView {
    /// The user's own side in the game pictured (the default).
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

/// A user's board preferences: the theme of the pictures in replies to
/// their commands, and the view of the pictures sent to them alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BoardPrefs {
    pub view: BoardView,
    pub theme: Theme,
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
    /// decides how the players' moves are read. `board` said in a channel
    /// is the channel's: the side at the bottom of every public picture of
    /// its games (the same people decide it as the language); said in a
    /// direct message it is the caller's own view of the pictures sent to
    /// them alone. `theme` likewise: said in a channel it colours the
    /// channel's public pictures, in a direct message the caller's own.
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
                "{}\n{}\n{}",
                msg::language_current(loc, current, &place.platform),
                msg::board_settings_current(loc, prefs.view.as_str(), prefs.theme.name()),
                self.community_rules_line(loc, place).await?
            );
            // Personal: a private reply.
            let mut r = reply(place, text);
            r.ephemeral = true;
            return Ok(vec![r]);
        }
        let in_channel = place.direct_user().is_none();
        let channel_board = change.board.is_some() && in_channel;
        let channel_theme = change.theme.is_some() && in_channel;
        if (change.language.is_some() || channel_board || channel_theme)
            && !moderator
            && let Some(l) = self.active(place).await?
            && l.color_of(&by.id).is_none()
        {
            let text = if change.language.is_some() {
                msg::language_locked(loc, l.name(Color::White), l.name(Color::Black))
            } else {
                msg::channel_board_locked(loc, l.name(Color::White), l.name(Color::Black))
            };
            return Err(user("not_allowed", text));
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
        if let Some(view) = change.board.filter(|_| channel_board) {
            // The channel's pictures: White unless Black is chosen (`auto`
            // is White's side, the same for everyone).
            let side = if view == BoardView::Black {
                BoardView::Black
            } else {
                BoardView::White
            };
            store
                .set_channel_board(&place.platform, &place.channel, side.as_str())
                .await?;
            lines.push(msg::channel_board_set(said_in, side.as_str()));
        } else if let Some(view) = change.board {
            store
                .set_user_text(UserText::BoardView, &place.platform, &by.id, view.as_str())
                .await?;
            lines.push(msg::board_view_set(said_in, view.as_str()));
        }
        if let Some(theme) = change.theme.filter(|_| channel_theme) {
            store
                .set_channel_theme(&place.platform, &place.channel, theme.name())
                .await?;
            lines.push(msg::channel_theme_set(said_in, theme.name()));
        } else if let Some(theme) = change.theme {
            store
                .set_user_text(UserText::BoardTheme, &place.platform, &by.id, theme.name())
                .await?;
            lines.push(msg::board_theme_set(said_in, theme.name()));
        }
        // The caller's own view and theme are a private answer; a change
        // of the channel's language or boards is said to everyone.
        let mut r = reply(place, lines.join("\n"));
        r.ephemeral = change.language.is_none() && !channel_board && !channel_theme;
        Ok(vec![r])
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

    /// Draws the boards of `replies` (those for `place`) in the theme `by`
    /// chose, and turns every board to its place's side ([`orient_boards`]);
    /// `requested_flip` is `board flip:true`. `known` is what the command
    /// already read ([`Store::place_prefs`]); without it the preferences
    /// are read here, in one statement, when a reply has a board. A
    /// database failure leaves the defaults: a picture is never worth an
    /// error.
    ///
    /// [`orient_boards`]: GameService::orient_boards
    /// [`Store::place_prefs`]: crate::store::Store::place_prefs
    pub(super) async fn apply_board_prefs(
        &self,
        place: &Place,
        by: &Actor,
        replies: &mut [Reply],
        requested_flip: bool,
        known: Option<PlacePrefsRow>,
    ) {
        if !replies.iter().any(|r| r.board.is_some()) {
            return;
        }
        let known = match known {
            Some(k) => k,
            None => self
                .inner
                .store
                .place_prefs(&place.platform, &place.channel, &by.id)
                .await
                .unwrap_or_else(|e| {
                    tracing::warn!(error = %e, "board preferences unavailable");
                    PlacePrefsRow::default()
                }),
        };
        let side = channel_side(known.channel_board.as_deref());
        self.orient_boards_knowing(replies, requested_flip, Some((place, side)))
            .await;
        let prefs = BoardPrefs {
            view: known
                .board_view
                .and_then(|v| v.parse().ok())
                .unwrap_or_default(),
            theme: known.theme.and_then(|t| t.parse().ok()).unwrap_or_default(),
        };
        let channel_theme: Theme = known
            .channel_theme
            .and_then(|t| t.parse().ok())
            .unwrap_or_default();
        // Everyone in a channel sees its games in the channel's colours;
        // a user's own theme is for the pictures meant for them alone (a
        // private board, a direct message).
        let private_place = place.direct_user().is_some();
        for r in replies.iter_mut().filter(|r| r.place == *place) {
            let theme = if r.ephemeral || private_place {
                prefs.theme
            } else {
                channel_theme
            };
            if let Some(board) = &mut r.board {
                board.theme = theme;
            }
        }
    }

    /// The side at the bottom of the public pictures of `place`'s games:
    /// the channel's `settings board:`, else White (also when the database
    /// cannot tell, logged).
    pub(super) async fn channel_view(&self, place: &Place) -> Color {
        match self
            .inner
            .store
            .channel_board(&place.platform, &place.channel)
            .await
        {
            Ok(v) => channel_side(v.as_deref()),
            Err(e) => {
                tracing::warn!(error = %e, "reading a channel's board view failed");
                Color::White
            }
        }
    }

    /// Turns every board of `replies` (and of their fallbacks) posted in a
    /// channel to that channel's side, flipped once more when
    /// `requested_flip` (`board flip:true`); a board posted to one user
    /// alone keeps the side it was given ([`private_flip`]). So every
    /// public picture of a game shows the same side for the whole game.
    ///
    /// [`private_flip`]: GameService::private_flip
    pub(super) async fn orient_boards(&self, replies: &mut [Reply], requested_flip: bool) {
        self.orient_boards_knowing(replies, requested_flip, None)
            .await;
    }

    /// [`GameService::orient_boards`], with one place's side already known.
    async fn orient_boards_knowing(
        &self,
        replies: &mut [Reply],
        requested_flip: bool,
        seed: Option<(&Place, Color)>,
    ) {
        let mut known: Vec<(Place, Color)> =
            seed.map(|(p, c)| vec![(p.clone(), c)]).unwrap_or_default();
        for r in replies.iter_mut() {
            let mut targets: Vec<&mut Reply> = vec![r];
            while let Some(r) = targets.pop() {
                // A private (ephemeral) board is for one user alone too.
                if r.place.direct_user().is_none()
                    && !r.ephemeral
                    && let Some(board) = r.board.as_mut()
                {
                    let side = match known.iter().find(|(p, _)| *p == r.place) {
                        Some((_, c)) => *c,
                        None => {
                            let c = self.channel_view(&r.place).await;
                            known.push((r.place.clone(), c));
                            c
                        }
                    };
                    board.flip = (side == Color::Black) != requested_flip;
                }
                if let Some(f) = r.fallback.as_deref_mut() {
                    targets.push(f);
                }
            }
        }
    }

    /// Whether a picture of a game sent to `user` alone (who plays
    /// `color` in it) shows Black at the bottom: their personal
    /// `settings board:` when fixed, else their own side. Also gives their
    /// theme.
    pub(super) async fn private_view(
        &self,
        platform: &str,
        user_id: &str,
        color: Color,
    ) -> (bool, Theme) {
        let who = Place::direct(platform, user_id);
        let actor = Actor {
            id: user_id.to_string(),
            name: String::new(),
        };
        let prefs = self.board_prefs(&who, &actor).await.unwrap_or_default();
        let flip = match prefs.view {
            BoardView::Auto => color == Color::Black,
            BoardView::White => false,
            BoardView::Black => true,
        };
        (flip, prefs.theme)
    }

    /// `settings images:off|on`: whether the boards sent to the caller
    /// alone come as pictures or as words (answered privately).
    pub(super) async fn set_images(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        on: bool,
    ) -> Handled {
        self.inner
            .store
            .set_user_text(
                UserText::BoardImages,
                &place.platform,
                &by.id,
                if on { "on" } else { "off" },
            )
            .await?;
        let text = if on {
            msg::position_words::words_images_on(loc)
        } else {
            msg::position_words::words_images_off(loc)
        };
        let mut r = reply(place, text);
        r.ephemeral = true;
        Ok(vec![r])
    }

    /// Puts the picture of `r`, sent to `user_id` alone, into words when
    /// they turned pictures off (`settings images:off`). A database
    /// failure keeps the picture (it carries its words as alt text).
    pub(super) async fn images_for(&self, platform: &str, user_id: &str, r: &mut Reply) {
        if r.board.is_none() && r.files.iter().all(|f| f.alt.is_none()) {
            return;
        }
        match self.inner.store.board_images_off(platform, user_id).await {
            Ok(true) => super::games::board_words::picture_as_text(r),
            Ok(false) => {}
            Err(e) => tracing::warn!(error = %e, "reading a user's picture setting failed"),
        }
    }

    /// Turns `board`, sent to `user_id` alone, to their side
    /// ([`private_view`]).
    ///
    /// [`private_view`]: GameService::private_view
    pub(super) async fn private_flip(
        &self,
        platform: &str,
        user_id: &str,
        color: Color,
        board: &mut BoardImage,
    ) {
        let (flip, theme) = self.private_view(platform, user_id, color).await;
        board.flip = flip;
        board.theme = theme;
    }
}

/// The side at the bottom of a channel's pictures for its stored
/// `settings board:` value (White unless it says black).
fn channel_side(stored: Option<&str>) -> Color {
    match stored.map(str::parse) {
        Some(Ok(BoardView::Black)) => Color::Black,
        _ => Color::White,
    }
}
