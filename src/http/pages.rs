//! The HTML of the spectator pages (maud: templates checked at compile
//! time, every interpolated text escaped). A page is complete without
//! script: the board, the moves, the state and the deadline in UTC; the
//! script (an external file, as the security policy wants) adds live
//! updates, stepping, flipping and local times.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use super::assets;
use super::board::board_svg;
use crate::render::Theme;
use crate::service::{WatchedGame, WatchedLeague, WatchedSeat};

/// The spectator page around `body`.
fn layout(title: &str, body: Markup) -> String {
    layout_with(title, "watch", body)
}

/// The page around `body` with the stylesheet and script named `kind`
/// (`watch`: the spectators' pages; `play`: a player's seat).
pub(super) fn layout_with(title: &str, kind: &str, body: Markup) -> String {
    let v = assets::version();
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="color-scheme" content="light dark";
                meta name="referrer" content="no-referrer";
                meta name="robots" content="noindex";
                title { (title) }
                link rel="stylesheet" href={ "/assets/" (kind) ".css?v=" (v) };
                script src={ "/assets/" (kind) ".js?v=" (v) } defer {}
            }
            body { (body) }
        }
    }
    .into_string()
}

/// The answer for a page that does not exist or may not be shown.
pub(super) fn not_found() -> String {
    layout(
        "Not found · chessbot",
        html! { main class="page" { h1 { "No such page" } p { "This game or league cannot be watched here." } } },
    )
}

/// A SAN move with figurines for its pieces (`Nf3` → `♘f3`).
pub(super) fn figurine(san: &str) -> String {
    san.chars()
        .map(|c| match c {
            'K' => '♔',
            'Q' => '♕',
            'R' => '♖',
            'B' => '♗',
            'N' => '♘',
            c => c,
        })
        .collect()
}

/// `timeout` → `Timeout`, `threefold_repetition` → `Threefold repetition`.
fn words(code: &str) -> String {
    let mut out = code.replace('_', " ");
    if let Some(first) = out.get(0..1) {
        let upper = first.to_ascii_uppercase();
        out.replace_range(0..1, &upper);
    }
    out
}

/// The line saying where a game stands.
fn status(g: &WatchedGame) -> String {
    match (&g.result, &g.termination) {
        (Some(r), Some(t)) if r == "*" => format!("Aborted ({})", words(t)),
        (Some(r), Some(t)) => format!("{r} · {}", words(t)),
        _ => {
            let mut s = format!("{} to move", words(&g.to_move));
            if let Some(by) = &g.draw_offer {
                s.push_str(&format!(" · {} offers a draw", words(by)));
            }
            s
        }
    }
}

/// Piece letters, queen first, with their value in pawns.
const MATERIAL: [(char, i32); 5] = [('q', 9), ('r', 5), ('b', 3), ('n', 3), ('p', 1)];

/// How many of each piece (`PNBRQKpnbrqk`) a FEN's placement holds.
fn piece_counts(fen: &str) -> std::collections::HashMap<char, i32> {
    let mut counts = std::collections::HashMap::new();
    for c in fen.split(' ').next().unwrap_or("").chars() {
        if c.is_ascii_alphabetic() {
            *counts.entry(c).or_insert(0) += 1;
        }
    }
    counts
}

/// What each side has taken since the start, as the board pictures show
/// it: `[white's, black's]`, each the taken pieces as figurines (queen
/// first) and the side's lead in material (pawns, `0` when behind or
/// level). A promoted piece counts as the pawn that promoted, so a
/// promotion never shows as a capture.
pub(super) fn captured(start_fen: &str, fen: &str) -> [(String, i32); 2] {
    let (start, now) = (piece_counts(start_fen), piece_counts(fen));
    let count = |m: &std::collections::HashMap<char, i32>, c: char| m.get(&c).copied().unwrap_or(0);
    let material = |white: bool| -> i32 {
        MATERIAL
            .iter()
            .map(|(p, v)| {
                let c = if white { p.to_ascii_uppercase() } else { *p };
                v * count(&now, c)
            })
            .sum()
    };
    // The pieces of one colour that are gone, with their figurines.
    let lost = |white: bool| -> String {
        let letter = |p: char| if white { p.to_ascii_uppercase() } else { p };
        let promoted: i32 = MATERIAL[..4]
            .iter()
            .map(|(p, _)| (count(&now, letter(*p)) - count(&start, letter(*p))).max(0))
            .sum();
        let mut out = String::new();
        for (p, _) in MATERIAL {
            let mut gone = (count(&start, letter(p)) - count(&now, letter(p))).max(0);
            if p == 'p' {
                gone = (gone - promoted).max(0);
            }
            let glyph = match (white, p) {
                (true, 'q') => '♕',
                (true, 'r') => '♖',
                (true, 'b') => '♗',
                (true, 'n') => '♘',
                (true, _) => '♙',
                (false, 'q') => '♛',
                (false, 'r') => '♜',
                (false, 'b') => '♝',
                (false, 'n') => '♞',
                (false, _) => '♟',
            };
            for _ in 0..gone {
                out.push(glyph);
            }
        }
        out
    };
    let lead = material(true) - material(false);
    [(lost(false), lead.max(0)), (lost(true), (-lead).max(0))]
}

fn seat(s: &WatchedSeat, color: &str, g: &WatchedGame) -> Markup {
    let turn = g.running && g.to_move == color;
    let fen = g
        .plies
        .last()
        .map_or(g.start_fen.as_str(), |p| p.fen.as_str());
    let [white, black] = captured(&g.start_fen, fen);
    let (taken, lead) = if color == "white" { white } else { black };
    html! {
        div class={ "seat " (color) @if turn { " turn" } } id={ "seat-" (color) } {
            span class="piece" aria-hidden="true" { @if color == "white" { "○" } @else { "●" } }
            " "
            bdi class="name" { (s.name) }
            @if let Some(r) = s.rating {
                " "
                span class="rating" {
                    "(" (r)
                    @if let Some(after) = s.rating_after {
                        " → " (after)
                    }
                    ")"
                }
            }
            " "
            // The label is read, not shown (a name on a plain span is not
            // allowed).
            span class="sr-only" { "Captured: " }
            span class="captured" id={ "captured-" (color) } {
                (taken)
                @if lead > 0 { " +" (lead) }
            }
        }
    }
}

/// The moves as a numbered list of links (`#ply-N` steps there).
fn move_list(g: &WatchedGame) -> Markup {
    let black_first = g.start_fen.split_whitespace().nth(1) == Some("b");
    let first_number: usize = g
        .start_fen
        .split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut rows: Vec<(usize, Vec<(usize, &str)>)> = Vec::new();
    for (i, p) in g.plies.iter().enumerate() {
        let offset = i + usize::from(black_first);
        let number = first_number + offset / 2;
        if offset % 2 == 0 || rows.is_empty() {
            rows.push((number, Vec::new()));
        }
        if let Some(row) = rows.last_mut() {
            row.1.push((i + 1, p.san.as_str()));
        }
    }
    html! {
        ol id="moves" class="moves" {
            @for (number, plies) in &rows {
                li value=(number) {
                    @if black_first && *number == first_number && plies.first().is_some_and(|p| p.0 == 1) {
                        span class="gap" { "…" }
                    }
                    @for (ply, san) in plies {
                        a href={ "#ply-" (ply) } data-ply=(ply) { (figurine(san)) }
                    }
                }
            }
        }
    }
}

/// The view as JSON for the script, safe inside `<script>` (no `<`, `>`
/// or `&` left to end the element).
pub(super) fn data_json(g: &WatchedGame) -> String {
    serde_json::to_string(g)
        .unwrap_or_else(|_| "null".to_string())
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The page of a game.
pub(super) fn game_page(g: &WatchedGame, token: &str) -> String {
    let (fen, last, check) = match g.plies.last() {
        Some(p) => (p.fen.as_str(), Some(p.uci.as_str()), p.check),
        None => (g.start_fen.as_str(), None, g.start_check),
    };
    let board = board_svg(fen, last, check, false, Theme::default());
    let title = format!("{} vs {} · chessbot", g.white.name, g.black.name);
    let body = html! {
        main class="page game" id="game" data-events={ "/g/" (token) "/events" } data-running=(u8::from(g.running)) {
            header {
                h1 {
                    bdi { (g.white.name) } " – " bdi { (g.black.name) }
                }
                p class="meta" {
                    "Game #" (g.game)
                    @if g.variant == "chess960" { " · Chess960" }
                    " · " @if g.rated { "rated" } @else { "unrated" }
                    @if let Some((name, league)) = &g.league {
                        " · " a href={ "/l/" (league) } { bdi { (name) } }
                    }
                }
                p class="opening" id="opening" {
                    @if let Some(o) = &g.opening { (o.eco) " " (o.name) }
                }
            }
            section class="play" {
                (seat(&g.black, "black", g))
                div class="board-wrap" { (PreEscaped(board)) }
                (seat(&g.white, "white", g))
                nav class="controls" id="controls" hidden {
                    button type="button" id="first" aria-label="First move" { "«" }
                    button type="button" id="prev" aria-label="Previous move" { "‹" }
                    button type="button" id="next" aria-label="Next move" { "›" }
                    button type="button" id="last" aria-label="Last move" { "»" }
                    button type="button" id="flip" aria-label="Flip the board" { "⇅" }
                }
            }
            section class="state" {
                p class="status" id="status" aria-live="polite" { (status(g)) }
                // Each move played while the page is open, in words, for
                // screen readers ("White: Knight from g1 to f3").
                p class="sr-only" id="announce" aria-live="polite" {}
                p class="deadline" id="deadline" hidden[g.deadline.is_none()] {
                    "Deadline: "
                    time id="deadline-time" datetime=[g.deadline.as_deref()] {
                        (g.deadline.as_deref().map(|d| d.replace('T', " ").replace('Z', " UTC")).unwrap_or_default())
                    }
                }
                (move_list(g))
                @if let Some(a) = &g.analysis {
                    section class="analysis" {
                        h2 { "Analysis" }
                        table {
                            thead { tr { th { "" } th { "Accuracy" } th { "Inaccuracies" } th { "Mistakes" } th { "Blunders" } } }
                            tbody {
                                @for (name, s) in [(&g.white.name, &a.white), (&g.black.name, &a.black)] {
                                    tr {
                                        th { bdi { (name) } }
                                        td { (format!("{:.1}%", s.accuracy)) }
                                        td { (s.inaccuracies) } td { (s.mistakes) } td { (s.blunders) }
                                    }
                                }
                            }
                        }
                        @if let Some(w) = &a.worst {
                            p { "Biggest mistake: " (figurine(&w.san)) " (move " (w.ply.div_ceil(2)) "), better was " (figurine(&w.best)) "." }
                        }
                    }
                }
                p class="fen" { "FEN " code id="fen" { (fen) } " " button type="button" id="copy-fen" hidden { "Copy" } }
                p class="links" { a href={ "/g/" (token) ".pgn" } download { "Download PGN" } }
            }
            script type="application/json" id="game-data" { (PreEscaped(data_json(g))) }
        }
    };
    layout(&title, body)
}

/// The page of a league.
pub(super) fn league_page(l: &WatchedLeague) -> String {
    let title = format!("{} · chessbot", l.name);
    let body = html! {
        main class="page league" {
            header {
                h1 { bdi { (l.name) } }
                p class="meta" {
                    "League #" (l.league) " · " (l.state) " · " (l.days) " days a move · "
                    @if l.rated { "rated" } @else { "unrated" }
                }
            }
            @if !l.standings.is_empty() {
                section {
                    h2 { "Standings" }
                    table class="standings" {
                        thead { tr { th { "#" } th { "Player" } th { "Points" } th { "Played" } th { "Left" } th { "Tie-break" } } }
                        tbody {
                            @for r in &l.standings {
                                tr { td { (r.rank) } td { bdi { (r.player) } } td { (r.points) } td { (r.played) } td { (r.left) } td { (r.tiebreak) } }
                            }
                        }
                    }
                }
            } @else {
                section {
                    h2 { "Players" }
                    ul { @for p in &l.players { li { bdi { (p) } } } }
                }
            }
            @if !l.games.is_empty() {
                section {
                    h2 { "Games" }
                    ol class="games" {
                        @for g in &l.games {
                            li value=(g.number) {
                                @if let Some(t) = &g.token {
                                    a href={ "/g/" (t) } { bdi { (g.white) } " – " bdi { (g.black) } }
                                } @else {
                                    bdi { (g.white) } " – " bdi { (g.black) }
                                }
                                " "
                                span class="result" {
                                    @if g.annulled { "annulled" }
                                    @else if let Some(r) = &g.result { (r) }
                                    @else { "playing" }
                                }
                            }
                        }
                    }
                }
            }
            @if !l.to_play.is_empty() {
                section {
                    h2 { "Still to play" }
                    ul class="to-play" {
                        @for p in &l.to_play {
                            li { "Game " (p.number) ": " bdi { (p.white) } " – " bdi { (p.black) } }
                        }
                    }
                }
            }
        }
    };
    layout(&title, body)
}

#[cfg(test)]
mod tests {
    use super::captured;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn nothing_is_taken_at_the_start() {
        assert_eq!(
            captured(START, START),
            [(String::new(), 0), (String::new(), 0)]
        );
    }

    #[test]
    fn takings_are_listed_queen_first_with_the_lead() {
        // White took a knight and a pawn; black took a pawn.
        let fen = "r1bqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 5";
        assert_eq!(captured(START, fen), [("♞♟".into(), 3), ("♙".into(), 0)]);
    }

    #[test]
    fn a_promotion_is_not_a_capture() {
        // White's h-pawn became a second queen; black lost the pawns and
        // the rook it took on the way.
        let start = "4k2r/7P/8/8/8/8/8/4K3 w - - 0 1";
        let after = "4k2Q/8/8/8/8/8/8/4K3 b - - 0 1";
        assert_eq!(
            captured(start, after),
            [("♜".into(), 9), (String::new(), 0)]
        );
    }
}
