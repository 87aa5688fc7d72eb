//! The catalog's texts used by the adapters themselves: console lines,
//! Discord questions, thread names and button labels.

use super::declare::messages;

messages! {
    /// A console line that is not `NAME: TEXT`.
    pub fn console_bad_line(l) = "console-bad-line";
    /// The interactive console's first line when board pictures are
    /// written into `dir`.
    pub fn console_greeting_images(l, dir: &str) = "console-greeting-images";
    /// The interactive console's first line when boards are drawn as text.
    pub fn console_greeting_text(l) = "console-greeting-text";
    /// An unknown console directive (`:fly`).
    pub fn console_unknown_directive(l, directive: &str) = "console-unknown-directive";
    /// A `:advance` span the console cannot read.
    pub fn console_bad_span(l, given: &str) = "console-bad-span";
    /// Said once to a user (or room) over the command rate limit.
    pub fn slow_down(l) = "slow-down";
    /// The private question under a Resign button.
    pub fn resign_question(l) = "resign-question";
    /// The answer to "Keep playing".
    pub fn resign_dropped(l) = "resign-dropped";
    /// The name of a game's Discord thread (names are cleaned by the caller).
    pub fn thread_name(l, white: &str, black: &str) = "thread-name";
    /// Said once in a Discord channel where the bot may not open game
    /// threads: the games stay in the channel.
    pub fn no_threads(l) = "no-threads";
    /// The private acknowledgement when a command produced nothing to show.
    pub fn done(l) = "done";
    /// A button label; `button` is one of `accept-challenge`,
    /// `decline-challenge`, `accept-draw`, `decline-draw`, `resign`,
    /// `resign-confirm`, `resign-cancel`.
    pub fn button_label(l, button: &str) = "button-label";
    /// A console input line that is not UTF-8 (skipped).
    pub fn console_not_utf8(l) = "console-not-utf8";
    /// `:advance` would take the console's clock too far.
    pub fn console_clock_limit(l, days: i64) = "console-clock-limit";
    /// Matrix: a command that was being handled when the bot stopped; it is
    /// not run again, since it may have taken effect.
    pub fn command_interrupted(l) = "command-interrupted";
    /// Matrix: the sender's message could not be decrypted (their client did
    /// not share its room key with the bot's device); told once.
    pub fn cannot_decrypt(l) = "cannot-decrypt";
    /// Matrix: said in a shared room when a private answer went to the
    /// sender's direct room with the bot.
    pub fn answered_privately(l) = "answered-privately";
    /// Matrix: said in a shared room when a private answer could not be
    /// delivered (no direct room could be opened with the sender).
    pub fn no_private_room(l) = "no-private-room";
    /// Discord: the "Play on the board" button pressed by someone who does
    /// not play that running game.
    pub fn play_button_players_only(l) = "play-button-players-only";
    /// Matrix: `settings pages:on` in a direct room, which has no pages.
    pub fn matrix_direct_room_no_pages(l) = "matrix-direct-room-no-pages";
}
