//! What the text grammar does for people typing by hand: escapes in
//! quoted values (`\n` a line break, so a PGN with `;` comments fits on one
//! line) and the nearest command to a misspelt one.

use super::{Command, ParseError, Token, canonical, suggested};

/// The character an escape inside a quoted value stands for: `\n` a line
/// break, `\"` a quote, `\\` a backslash; `None` for any other pair,
/// which keeps its backslash.
fn escaped(next: Option<char>) -> Option<char> {
    match next? {
        'n' => Some('\n'),
        '"' => Some('"'),
        '\\' => Some('\\'),
        _ => None,
    }
}

/// After a backslash read inside a quoted value: pushes what the escape
/// stands for (taking its second character), or the backslash alone.
pub(super) fn push_escape(
    raw: &mut String,
    chars: &mut std::iter::Peekable<impl Iterator<Item = char>>,
) {
    match escaped(chars.peek().copied()) {
        Some(c) => {
            raw.push(c);
            chars.next();
        }
        None => raw.push('\\'),
    }
}

/// The inside of a quoted value with its escapes read (see
/// [`push_escape`]).
pub(super) fn unescape_quoted(inner: &str) -> String {
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            push_escape(&mut out, &mut chars);
        } else {
            out.push(c);
        }
    }
    out
}

/// A PGN pasted without quotes: each `\n` a line break (PGN itself has no
/// use for a backslash before `n`; its strings' `\\` and `\"` are kept as
/// they are for the PGN reader).
pub(super) fn unescape_raw_pgn(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some('n')) => {
                out.push('\n');
                chars.next();
            }
            ('\\', Some(&n @ ('\\' | '"'))) => {
                out.push('\\');
                out.push(n);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// The subcommand nearest to a mistyped `name` (`mvoe` -> `move`): at
/// most one edit (two for longer names) away, a swap of neighbours
/// counting as one; `None` when none is that near or two are as near.
#[must_use]
pub fn nearest_command(name: &str) -> Option<&'static str> {
    let name = name.to_lowercase();
    let n = name.chars().count();
    if !(2..=20).contains(&n) {
        return None;
    }
    let limit = if n >= 6 { 2 } else { 1 };
    let mut best: Option<(usize, &'static str)> = None;
    let mut tie = false;
    for c in suggested() {
        let d = edit_distance(&name, c);
        match best {
            _ if d > limit => {}
            Some((b, _)) if d > b => {}
            Some((b, _)) if d == b => tie = true,
            _ => {
                best = Some((d, c));
                tie = false;
            }
        }
    }
    best.filter(|_| !tie).map(|(_, c)| c)
}

/// Optimal string alignment distance: insertions, deletions,
/// substitutions and swaps of neighbours.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// `help`, `help move` (also `help command:move`, `help /chess move`):
/// the whole help, or one command's.
pub(super) fn parse_help(
    tokens: Vec<Token>,
    unknown: &dyn Fn(&str) -> ParseError,
    unexpected: &dyn Fn(&str) -> ParseError,
) -> Result<Command, ParseError> {
    let mut topic: Option<&'static str> = None;
    for tok in tokens {
        let word = match tok {
            Token::Option(o, v) if matches!(o.as_str(), "command" | "topic") => v,
            Token::Option(o, _) => return Err(unknown(&o)),
            Token::Positional(p) => p,
        };
        let word = word.trim_start_matches(['/', '!']).to_ascii_lowercase();
        // `help /chess move`, `help team match`: the command's word.
        if word == "chess" || (topic == Some("team") && word == "match") {
            continue;
        }
        if topic.is_some() {
            return Err(unexpected(&word));
        }
        match canonical(&word) {
            Some(name) => topic = Some(name),
            None => return Err(ParseError::UnknownCommand(word)),
        }
    }
    Ok(match topic {
        Some(t) => Command::HelpOn {
            topic: t.to_string(),
        },
        None => Command::Help,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_in_quotes_are_read() {
        assert_eq!(unescape_quoted(r"a\nb"), "a\nb");
        assert_eq!(unescape_quoted(r#"say \"hi\""#), "say \"hi\"");
        assert_eq!(unescape_quoted(r"c:\\x"), r"c:\x");
        assert_eq!(unescape_quoted(r"\t stays"), r"\t stays");
        assert_eq!(unescape_quoted("end\\"), "end\\");
    }

    #[test]
    fn a_raw_pgn_keeps_its_string_escapes() {
        assert_eq!(
            unescape_raw_pgn(r#"[Event "a \"b\""]\n1. e4 ; hi\ne5 *"#),
            "[Event \"a \\\"b\\\"\"]\n1. e4 ; hi\ne5 *"
        );
    }
}
