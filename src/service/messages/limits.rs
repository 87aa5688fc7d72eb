//! Catalog messages of the bot's limits: the `summary` rate limit, the
//! daily cap on rated games between two players, a game the engine could
//! not go on with, and the tail of a text shortened to fit a platform.

use super::declare::messages;

use crate::i18n::Locale;

messages! {
    /// `summary` asked too often in this channel: `limit` summaries in the
    /// window; ask again in `minutes`.
    pub fn summary_limit(l, limit: i64, minutes: i64) = "summary-limit";
    /// Appended to a start message: this game is played unrated, the two
    /// players having played `limit` rated games against each other today.
    pub fn rated_limit(l, white: &str, black: &str, limit: i64) = "rated-limit";
    /// A game the engine owed a move in for `minutes` minutes, adjourned for
    /// good (aborted, not rated).
    pub fn engine_gave_up(l, id: i64, minutes: i64) = "engine-gave-up";
    /// The last line of a text shortened to fit a platform: `n` lines left
    /// out.
    pub fn more_lines(l, n: usize) = "more-lines";
}

/// `text` within `max` (as `measure` counts: characters for Discord,
/// bytes for Matrix): whole lines kept from the top, the rest replaced by
/// a last line "…and N more"; a single line too long is cut and ends with
/// "…". A text that fits is returned as it is.
#[must_use]
pub fn fit_lines(l: Locale, text: &str, max: usize, measure: impl Fn(&str) -> usize) -> String {
    if measure(text) <= max {
        return text.to_string();
    }
    let lines: Vec<&str> = text.split('\n').collect();
    let mut kept = String::new();
    for (i, line) in lines.iter().enumerate() {
        let tail = more_lines(l, lines.len() - i - 1);
        let candidate = if kept.is_empty() {
            (*line).to_string()
        } else {
            format!("{kept}\n{line}")
        };
        // Room for this line and the tail that would follow it.
        let last = i + 1 == lines.len();
        let needed = if last {
            measure(&candidate)
        } else {
            measure(&candidate) + 1 + measure(&tail)
        };
        if needed > max {
            let left = lines.len() - i;
            if kept.is_empty() {
                // Not even one whole line fits: cut it.
                let mut cut = String::new();
                for ch in line.chars() {
                    let mut next = cut.clone();
                    next.push(ch);
                    if measure(&next) + measure("…") > max {
                        break;
                    }
                    cut = next;
                }
                cut.push('…');
                return cut;
            }
            kept.push('\n');
            kept.push_str(&more_lines(l, left));
            return kept;
        }
        kept = candidate;
    }
    kept
}
