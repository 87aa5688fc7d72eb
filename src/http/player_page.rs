//! The HTML of a player's page: the board from the player's side as 64
//! square elements (`data-square="e4"`, the pieces of the pictures as SVG
//! symbols), the seats with the clock, the state, the move field, the
//! buttons (draw, takeback, abort, more time, resign with its
//! confirmation) and the move list. The script (assets/web/play.js) makes
//! it playable and live; without it the page shows the position.

use maud::{Markup, PreEscaped, html};

use super::board::piece_defs;
use super::pages::layout_with;
use crate::service::{PLAY_PATH, PlayerGame};

/// The state as JSON for the script, safe inside `<script>`.
pub(super) fn state_json(g: &PlayerGame) -> String {
    serde_json::to_string(g)
        .unwrap_or_else(|_| "null".to_string())
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The pieces of a FEN by square name (`e4`), as FEN letters.
fn pieces(fen: &str) -> std::collections::HashMap<String, char> {
    let mut out = std::collections::HashMap::new();
    let board = fen.split_whitespace().next().unwrap_or("");
    for (row, line) in board.split('/').take(8).enumerate() {
        let rank = 8 - row;
        let mut file = 0u32;
        for c in line.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n;
            } else {
                if let Some(f) = char::from_u32(u32::from(b'a') + file).filter(|_| file < 8) {
                    out.insert(format!("{f}{rank}"), c);
                }
                file += 1;
            }
        }
    }
    out
}

/// The symbol id of a FEN letter (`N` → `wN`).
fn symbol(c: char) -> String {
    let side = if c.is_ascii_uppercase() { 'w' } else { 'b' };
    format!("{side}{}", c.to_ascii_uppercase())
}

/// The squares from `color`'s side, rank by rank from the top.
fn squares(color: &str) -> Vec<String> {
    let mut out = Vec::with_capacity(64);
    for row in 0..8u8 {
        for col in 0..8u8 {
            let (file, rank) = if color == "black" {
                (7 - col, row + 1)
            } else {
                (col, 8 - row)
            };
            out.push(format!("{}{rank}", char::from(b'a' + file)));
        }
    }
    out
}

fn board(g: &PlayerGame) -> Markup {
    let fen = g
        .view
        .plies
        .last()
        .map_or(g.view.start_fen.as_str(), |p| p.fen.as_str());
    let at = pieces(fen);
    html! {
        // A group of named squares (each one a button to tap): a grid
        // would need rows.
        div class="board" id="board" role="group" aria-label="Board" {
            @for sq in squares(g.color) {
                @let b = sq.as_bytes();
                @let light = (b[0] - b'a' + (b[1] - b'1')) % 2 == 1;
                div class={ "sq " @if light { "light" } @else { "dark" } } data-square=(sq) role="button" {
                    @if let Some(c) = at.get(&sq) {
                        svg class="pc" viewBox="0 0 100 100" aria-hidden="true" {
                            use href={ "#" (symbol(*c)) } {}
                        }
                    }
                }
            }
        }
    }
}

/// The page of a player's seat.
pub(super) fn page(g: &PlayerGame, token: &str) -> String {
    let (me, them) = if g.color == "white" {
        (&g.view.white, &g.view.black)
    } else {
        (&g.view.black, &g.view.white)
    };
    let title = format!("{} vs {} · chessbot", g.view.white.name, g.view.black.name);
    layout_with(
        &title,
        "play",
        html! {
        main class="play" id="play"
            data-events={ "/g/" (g.watch) "/events" }
            data-state={ (PLAY_PATH) (token) "/state" }
            data-action={ (PLAY_PATH) (token) "/action" } {
            h1 class="sr-only" { "Game #" (g.view.game) ", your board" }
            p class="meta" {
                "Game #" (g.view.game) " · you play " (g.color)
                @if g.view.variant == "chess960" { " · Chess960" }
            }
            div class="seat" id="seat-top" {
                span class="name" { bdi { (them.name) } }
                span class="clock" id="clock-top" {}
            }
            (board(g))
            div class="seat" id="seat-bottom" {
                span class="name" { bdi { (me.name) } }
                span class="clock" id="clock-bottom" {}
            }
            div class="promo" id="promo" hidden role="group" aria-label="Promote to" {
                @for (role, name) in [("q", "Queen"), ("r", "Rook"), ("b", "Bishop"), ("n", "Knight")] {
                    button type="button" data-promo=(role) aria-label=(name) {
                        svg class="pc" viewBox="0 0 100 100" aria-hidden="true" {
                            use href={ "#" (if g.color == "white" { "w" } else { "b" }) (role.to_ascii_uppercase()) } {}
                        }
                    }
                }
                button type="button" id="promo-cancel" { "Cancel" }
            }
            p class="status" id="status" aria-live="polite" {}
            // Each move, in words, for screen readers.
            p class="sr-only" id="announce" aria-live="polite" {}
            p class="error" id="error" role="alert" {}
            div class="entry" {
                label for="move-input" { "Your move" }
                input type="text" id="move-input" name="move" autocomplete="off"
                    autocapitalize="off" spellcheck="false" placeholder="e4, Nf3, e2e4";
                button type="button" id="move-send" { "Play" }
            }
            div class="actions" {
                button type="button" id="draw" { "Offer a draw" }
                button type="button" id="takeback" { "Take back" }
                button type="button" id="abort" { "Abort" }
                button type="button" id="moretime" { "Give a day" }
                button type="button" id="resign" { "Resign" }
                button type="button" id="resign-confirm" class="danger" hidden { "Yes, resign" }
                button type="button" id="resign-cancel" hidden { "Keep playing" }
            }
            h2 { "Moves" }
            ol class="moves" id="moves" {}
            p class="links" { a href={ "/g/" (g.watch) } { "Spectator page" } }
            svg class="defs" aria-hidden="true" width="0" height="0" { (PreEscaped(piece_defs())) }
            script type="application/json" id="play-data" { (PreEscaped(state_json(g))) }
        }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_drawn_from_the_players_side() {
        let white = squares("white");
        assert_eq!(white[0], "a8");
        assert_eq!(white[63], "h1");
        let black = squares("black");
        assert_eq!(black[0], "h1");
        assert_eq!(black[63], "a8");
    }

    #[test]
    fn pieces_are_read_by_square() {
        let p = pieces("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(p.get("e4"), Some(&'P'));
        assert_eq!(p.get("e1"), Some(&'K'));
        assert_eq!(p.get("d8"), Some(&'q'));
        assert_eq!(p.get("e2"), None);
        assert_eq!(symbol('n'), "bN");
    }
}
