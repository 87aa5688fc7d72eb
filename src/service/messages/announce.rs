//! The symbol before each kind of public announcement: a move,
//! a win, a draw, a reminder; catalog messages so a language may differ.

messages! {
    /// The symbol before a move's announcement (♟).
    pub fn announce_move(l) = "announce-move";
    /// The symbol before a win's announcement (✅).
    pub fn announce_win(l) = "announce-win";
    /// The symbol before a draw's announcement (½).
    pub fn announce_draw(l) = "announce-draw";
    /// The symbol before a reminder (⏰).
    pub fn announce_reminder(l) = "announce-reminder";
}
