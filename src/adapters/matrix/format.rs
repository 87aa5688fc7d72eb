//! Pure text helpers of the Matrix adapter: HTML escaping, mention pills,
//! reading a command back out of a formatted message, the allow-list and
//! file names. No I/O, so every rule is unit-tested.

/// The base of a mention pill's link.
pub const MATRIX_TO: &str = "https://matrix.to/#/";

/// Escapes text for HTML element content and attribute values.
#[must_use]
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A mention pill: a `matrix.to` link to the user showing `name`.
#[must_use]
pub fn pill(user_id: &str, name: &str) -> String {
    format!(
        "<a href=\"{MATRIX_TO}{}\">{}</a>",
        escape_html(user_id),
        escape_html(name)
    )
}

/// A message ready to send: plain body, optional HTML, and who it mentions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formatted {
    pub body: String,
    /// `org.matrix.custom.html`; `None` when the plain body says it all.
    pub html: Option<String>,
    /// User ids for `m.mentions` (each once, in order).
    pub mentions: Vec<String>,
}

/// Formats `text`, turning the first occurrence of each mentioned user's
/// name into a pill. A mentioned user whose name the text does not contain
/// is put in front (`name: text`). Everything else is escaped, so names and
/// other user text cannot inject markup. `mentions` are `(user id, name)`.
#[must_use]
pub fn format_text(text: &str, mentions: &[(String, String)]) -> Formatted {
    let mut users: Vec<(String, String)> = Vec::new();
    for (id, name) in mentions {
        if !users.iter().any(|(u, _)| u == id) {
            users.push((id.clone(), name.clone()));
        }
    }
    if users.is_empty() {
        return Formatted {
            body: text.to_string(),
            html: None,
            mentions: Vec::new(),
        };
    }
    let mut placed = vec![false; users.len()];
    let mut html = String::with_capacity(text.len() * 2);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        // The longest not yet placed name starting here ("Bob" before "Bo").
        let hit = users
            .iter()
            .enumerate()
            .filter(|(i, (_, name))| !placed[*i] && !name.is_empty() && rest.starts_with(name))
            .max_by_key(|(_, (_, name))| name.len())
            .map(|(i, _)| i);
        if let Some(i) = hit {
            let (id, name) = &users[i];
            html.push_str(&pill(id, name));
            placed[i] = true;
            rest = &rest[name.len()..];
            continue;
        }
        match c {
            '\n' => html.push_str("<br>"),
            c => html.push_str(&escape_html(c.encode_utf8(&mut [0; 4]))),
        }
        rest = &rest[c.len_utf8()..];
    }
    let mut body = text.to_string();
    let missing: Vec<&(String, String)> = users
        .iter()
        .zip(&placed)
        .filter(|(_, p)| !**p)
        .map(|(u, _)| u)
        .collect();
    if !missing.is_empty() {
        let names: Vec<&str> = missing
            .iter()
            .map(|(id, name)| if name.is_empty() { id } else { name }.as_str())
            .collect();
        let pills: Vec<String> = missing
            .iter()
            .map(|(id, name)| pill(id, if name.is_empty() { id } else { name }))
            .collect();
        body = format!("{}: {body}", names.join(", "));
        html = format!("{}: {html}", pills.join(", "));
    }
    Formatted {
        body,
        html: Some(html),
        mentions: users.into_iter().map(|(id, _)| id).collect(),
    }
}

/// The longest entity looked at (`&#x10FFFF;` is 10 bytes).
const MAX_ENTITY: usize = 10;

/// The longest message body read as a command (plain or HTML): longer
/// messages are not commands, and reading them costs nothing.
pub const MAX_COMMAND_BYTES: usize = 8 * 1024;

/// Decodes the few HTML entities clients produce. Linear: each `&` looks
/// at most [`MAX_ENTITY`] bytes ahead for its `;`.
fn unescape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let window = &rest.as_bytes()[..rest.len().min(MAX_ENTITY + 1)];
        let Some(end) = window.iter().position(|&b| b == b';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The user id a `matrix.to` link points at, if it is a user link.
fn pill_target(href: &str) -> Option<String> {
    let href = unescape_html(href);
    let target = href.strip_prefix(MATRIX_TO)?;
    let target = target.split(['?', '/']).next().unwrap_or(target);
    let target = target
        .replace("%40", "@")
        .replace("%3A", ":")
        .replace("%3a", ":");
    (target.starts_with('@') && target.contains(':')).then_some(target)
}

/// The `href` attribute of an opening `<a ...>` tag.
fn href_of(tag: &str) -> Option<&str> {
    let at = tag.find("href=")?;
    let v = &tag[at + 5..];
    let quote = v.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let v = &v[1..];
    v.find(quote).map(|end| &v[..end])
}

/// Plain text of an HTML message body, with each user pill replaced by the
/// user id (`<a href="https://matrix.to/#/@bob:hs">Bob</a>` -> `@bob:hs`),
/// the reply quote (`<mx-reply>`) dropped and line breaks kept.
#[must_use]
pub fn html_to_command(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    // Inside a pill: its text is dropped (the user id stands for it).
    let mut in_pill = false;
    while let Some(lt) = rest.find('<') {
        if !in_pill {
            out.push_str(&unescape_html(&rest[..lt]));
        }
        let Some(gt) = rest[lt..].find('>') else {
            rest = "";
            break;
        };
        let tag = &rest[lt + 1..lt + gt];
        rest = &rest[lt + gt + 1..];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect::<String>()
            .to_ascii_lowercase();
        let closing = tag.starts_with('/');
        match (name.as_str(), closing) {
            ("mx-reply", false) => {
                // Skip the whole quoted reply.
                match rest.find("</mx-reply>") {
                    Some(end) => rest = &rest[end + "</mx-reply>".len()..],
                    None => rest = "",
                }
            }
            ("a", false) => {
                if let Some(user) = href_of(tag).and_then(pill_target) {
                    out.push_str(&user);
                    in_pill = true;
                }
            }
            ("a", true) => in_pill = false,
            ("br", _) | ("p", true) | ("div", true) | ("li", true) => out.push('\n'),
            _ => {}
        }
    }
    if !in_pill {
        out.push_str(&unescape_html(rest));
    }
    out
}

/// Drops a legacy rich-reply fallback (`> <@user> quoted` lines and the
/// blank line after them) from the start of a plain body.
#[must_use]
pub fn strip_reply_fallback(body: &str) -> &str {
    if !body.starts_with("> ") {
        return body;
    }
    let mut rest = body;
    while rest.starts_with('>') {
        rest = rest.split_once('\n').map_or("", |(_, r)| r);
    }
    rest.strip_prefix('\n').unwrap_or(rest)
}

/// The text to parse as a command: the HTML body when it contains user
/// pills (so mentions arrive as user ids), else the plain body.
#[must_use]
pub fn command_text(body: &str, html: Option<&str>) -> String {
    if body.len() > MAX_COMMAND_BYTES || html.is_some_and(|h| h.len() > MAX_COMMAND_BYTES) {
        return String::new();
    }
    match html {
        Some(h) if h.contains(MATRIX_TO) => html_to_command(h).trim().to_string(),
        _ => strip_reply_fallback(body).trim().to_string(),
    }
}

/// The server name of a Matrix id (`@bob:example.org` -> `example.org`).
#[must_use]
pub fn server_of(id: &str) -> Option<&str> {
    id.split_once(':').map(|(_, s)| s).filter(|s| !s.is_empty())
}

/// Parses a comma- or space-separated list of server names.
#[must_use]
pub fn parse_server_list(s: &str) -> Vec<String> {
    s.split([',', ' ', '\n', '\t'])
        .map(|x| x.trim().to_ascii_lowercase())
        .filter(|x| !x.is_empty())
        .collect()
}

/// Whether invites from this user are accepted: an empty allow-list
/// accepts everyone.
#[must_use]
pub fn invite_allowed(allowed: &[String], inviter: &str) -> bool {
    if allowed.is_empty() {
        return true;
    }
    server_of(inviter).is_some_and(|s| {
        let s = s.to_ascii_lowercase();
        allowed.contains(&s)
    })
}

/// The file name of a game's PGN, from its `Event` tag
/// (`[Event "chessbot game #12"]` -> `game-12.pgn`).
#[must_use]
pub fn pgn_file_name(pgn: &str) -> String {
    pgn.lines()
        .find_map(|l| l.strip_prefix("[Event \""))
        .and_then(|l| l.rsplit_once('#'))
        .map(|(_, n)| {
            n.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
        })
        .filter(|n| !n.is_empty())
        .map_or_else(|| "game.pgn".to_string(), |n| format!("game-{n}.pgn"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(id: &str, name: &str) -> (String, String) {
        (id.to_string(), name.to_string())
    }

    #[test]
    fn user_text_is_escaped() {
        assert_eq!(
            escape_html("<b>&\"'"),
            "&lt;b&gt;&amp;&quot;&#39;".to_string()
        );
        let f = format_text("<img src=x> moved", &[m("@a:hs", "<img src=x>")]);
        assert_eq!(
            f.html.as_deref(),
            Some("<a href=\"https://matrix.to/#/@a:hs\">&lt;img src=x&gt;</a> moved")
        );
        assert_eq!(f.body, "<img src=x> moved");
    }

    #[test]
    fn only_the_named_players_become_pills() {
        let f = format_text(
            "Alice to move against Bob, <script>",
            &[m("@alice:hs", "Alice"), m("@bob:hs", "Bob")],
        );
        assert_eq!(
            f.html.as_deref(),
            Some(
                "<a href=\"https://matrix.to/#/@alice:hs\">Alice</a> to move against \
                 <a href=\"https://matrix.to/#/@bob:hs\">Bob</a>, &lt;script&gt;"
            )
        );
        assert_eq!(f.mentions, vec!["@alice:hs", "@bob:hs"]);
        let plain = format_text("no one @room", &[]);
        assert_eq!(plain.html, None);
        assert!(plain.mentions.is_empty());
    }

    #[test]
    fn longest_name_wins_and_absent_names_go_in_front() {
        let f = format_text("Bobby moves", &[m("@b:hs", "Bob"), m("@bb:hs", "Bobby")]);
        assert_eq!(
            f.html.as_deref(),
            Some(
                "<a href=\"https://matrix.to/#/@b:hs\">Bob</a>: \
                 <a href=\"https://matrix.to/#/@bb:hs\">Bobby</a> moves"
            )
        );
        assert_eq!(f.body, "Bob: Bobby moves");
        let lines = format_text("a\nb", &[m("@x:hs", "X")]);
        assert!(lines.html.unwrap().ends_with("a<br>b"));
    }

    #[test]
    fn pills_in_commands_become_user_ids() {
        assert_eq!(
            command_text(
                "!chess challenge Bob",
                Some(
                    "!chess challenge <a href=\"https://matrix.to/#/@bob:example.org\">Bob</a> white"
                )
            ),
            "!chess challenge @bob:example.org white"
        );
        assert_eq!(
            command_text(
                "x",
                Some(
                    "<mx-reply><blockquote>quoted <a href=\"https://matrix.to/#/@z:hs\">z</a></blockquote></mx-reply>!chess pgn &amp; <a href='https://matrix.to/#/%40q%3Ahs?via=hs'>Q</a>"
                )
            ),
            "!chess pgn & @q:hs"
        );
        assert_eq!(command_text("  !chess move e4 ", None), "!chess move e4");
        assert_eq!(
            command_text(
                "> <@a:hs> hi\n> there\n\n!chess board",
                Some("<b>no pills</b>")
            ),
            "!chess board"
        );
    }

    #[test]
    fn entities_are_decoded_leniently() {
        assert_eq!(
            unescape_html("a &lt;&#65;&#x42;&gt; &bogus; & b"),
            "a <AB> &bogus; & b"
        );
    }

    #[test]
    fn unescaping_is_linear_in_the_body_length() {
        let body = "&".repeat(64 * 1024);
        let started = std::time::Instant::now();
        assert_eq!(unescape_html(&body), body);
        let html = format!("<p>{}</p>", "&amp".repeat(16 * 1024));
        assert_eq!(html_to_command(&html).len(), 16 * 1024 * 4 + 1);
        // Quadratic took about 130 ms for the first alone; linear is well
        // under a millisecond even unoptimised.
        assert!(
            started.elapsed() < std::time::Duration::from_millis(50),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn long_bodies_are_not_read_as_commands() {
        let long = format!("!chess move e4 {}", "x".repeat(MAX_COMMAND_BYTES));
        assert_eq!(command_text(&long, None), "");
        let html = format!(
            "<a href=\"{MATRIX_TO}@b:hs\">b</a>{}",
            "&".repeat(64 * 1024)
        );
        assert_eq!(command_text("!chess challenge b", Some(&html)), "");
        assert_eq!(command_text("!chess move e4", None), "!chess move e4");
    }

    #[test]
    fn allow_list_matches_the_inviters_server() {
        let list = parse_server_list("Example.org, matrix.org");
        assert_eq!(list, vec!["example.org", "matrix.org"]);
        assert!(invite_allowed(&list, "@a:example.org"));
        assert!(!invite_allowed(&list, "@a:evil.org"));
        assert!(!invite_allowed(&list, "no-server"));
        assert!(invite_allowed(&[], "@a:anything"));
        assert_eq!(server_of("!room:hs.org"), Some("hs.org"));
        assert_eq!(server_of("!roomv12"), None);
    }

    #[test]
    fn pgn_files_are_named_after_the_game() {
        assert_eq!(
            pgn_file_name("[Event \"chessbot game #12\"]\n[Site \"x\"]\n\n1. e4 *"),
            "game-12.pgn"
        );
        assert_eq!(pgn_file_name("1. e4 *"), "game.pgn");
    }
}
