//! Service [`Reply`] -> Discord message, as plain data first ([`Outgoing`])
//! and then as serenity builders. No I/O here, so every rule is unit-tested:
//! mentions limited to the actors the service names, ephemeral errors, the
//! board as an embedded attachment, Discord's length limit.

use serenity::all::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditInteractionResponse, UserId,
};

use super::ids::ButtonId;
use crate::i18n::Locale;
use crate::service::{AttachmentKind, Event, Reply, Subject, messages as msg};

/// File name of the board picture; the embed shows `attachment://board.png`.
pub const BOARD_FILE: &str = "board.png";
/// File name of the PGN attached to a PGN export.
pub const PGN_FILE: &str = "game.pgn";
/// File name of the full text when a message is too long for Discord.
pub const LONG_TEXT_FILE: &str = "message.txt";
/// Discord's limit on a link button's address, in characters.
pub const MAX_BUTTON_URL: usize = 512;
/// Discord's limit on an embed's description, in characters.
pub const MAX_EMBED_TEXT: usize = 4096;
/// Discord's limit on message content, in characters.
pub const MAX_CONTENT: usize = 2000;
/// Embed colour (a board green).
const EMBED_COLOUR: u32 = 0x0076_9656;

/// One message ready to send, independent of how it is sent (interaction
/// response, follow-up, edit of a deferred response, channel message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    /// Markdown-safe text, mentions first, within [`MAX_CONTENT`].
    pub content: String,
    /// The board PNG, shown in an embed.
    pub board_png: Option<Vec<u8>>,
    /// Other attachments: (file name, bytes).
    pub files: Vec<(String, Vec<u8>)>,
    /// The pictures in words, each attachment's description (Discord's
    /// alt text): (file name, words); the board's under [`BOARD_FILE`].
    pub alts: Vec<(String, String)>,
    pub ephemeral: bool,
    /// The only users the message may ping.
    pub mention_ids: Vec<u64>,
    pub buttons: Vec<ButtonId>,
    /// The language of the button labels.
    pub locale: Locale,
    /// What the buttons are about (carried in their custom ids).
    pub subject: Option<Subject>,
    /// A link button: (label, address).
    pub link: Option<(String, String)>,
    /// Text shown in an embed instead of the content (the leaderboard).
    pub embed_text: Option<String>,
}

/// Escapes Discord markdown so untrusted or plain text shows literally:
/// emphasis, strike, spoilers, code, masked links and `<@…>`-style tags
/// everywhere; headings, quotes, lists and numbered lists at line starts.
#[must_use]
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let body = line.trim_start();
        out.push_str(&line[..line.len() - body.len()]);
        let mut rest = body;
        if let Some(first) = body.chars().next() {
            if matches!(first, '#' | '>' | '-' | '+') {
                out.push('\\');
                out.push(first);
                rest = &body[first.len_utf8()..];
            } else if first.is_ascii_digit() {
                let digits = body.bytes().take_while(u8::is_ascii_digit).count();
                if body[digits..].starts_with(". ") || body[digits..].starts_with(").") {
                    out.push_str(&body[..digits]);
                    out.push('\\');
                    rest = &body[digits..];
                }
            }
        }
        push_escaped(&mut out, rest);
    }
    out
}

/// Appends `text` with every inline markdown character escaped.
fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '~' | '`' | '|' | '<' | '[' | ']' | '@'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
}

/// A service text as Discord shows it: everything escaped
/// ([`escape_markdown`]) except the bot's own markup, which renders: the
/// channel links the service writes (`<#id>`, a link, never a ping) and
/// the catalog's code spans (`` `/chess accept` ``); deadlines become
/// timestamp tags ([`local_times`]). A display name that copies such
/// markup can at worst show a channel link or a command in code style,
/// never a mention (pings are limited to `allowed_mentions`).
#[must_use]
pub fn discord_text(text: &str) -> String {
    local_times(&bot_markup(&escape_markdown(text)))
}

/// Restores the bot's own markup in an escaped text (see [`discord_text`]).
fn bot_markup(escaped: &str) -> String {
    let mut out = String::with_capacity(escaped.len());
    let mut rest = escaped;
    while let Some(at) = rest.find("\\<#") {
        let tail = &rest[at + 3..];
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        out.push_str(&rest[..at]);
        if (1..=20).contains(&digits) && tail[digits..].starts_with('>') {
            out.push_str("<#");
            out.push_str(&tail[..=digits]);
            rest = &tail[digits + 1..];
        } else {
            out.push_str("\\<#");
            rest = tail;
        }
    }
    out.push_str(rest);
    if !out.contains("\\`") {
        return out;
    }
    for span in crate::i18n::catalog_code_spans() {
        let mut escaped_span = String::from("\\`");
        push_escaped(&mut escaped_span, span);
        escaped_span.push_str("\\`");
        if out.contains(&escaped_span) {
            out = out.replace(&escaped_span, &format!("`{span}`"));
        }
    }
    out
}

/// Every `YYYY-MM-DD HH:MM UTC` the catalog writes (deadlines, vacation
/// ends) as Discord timestamp tags, so each reader sees their own time
/// zone and how long is left: `<t:UNIX:f> (<t:UNIX:R>)`. A tag only shows
/// the time it holds: a display name that looks like a date becomes
/// nothing worse than that date.
#[must_use]
pub fn local_times(text: &str) -> String {
    msg::map_deadlines(text, |t| {
        let unix = t.timestamp();
        format!("<t:{unix}:f> (<t:{unix}:R>)")
    })
}

/// The Discord user ids among the reply's mentions (numeric ids only,
/// each once, in order).
#[must_use]
pub fn mention_ids(reply: &Reply) -> Vec<u64> {
    let mut ids = Vec::new();
    for actor in &reply.mentions {
        if let Ok(id) = actor.id.parse::<u64>()
            && id != 0
            && !ids.contains(&id)
        {
            ids.push(id);
        }
    }
    ids
}

/// Allowed mentions of exactly these users: nothing parsed from the text,
/// so no `@everyone`, `@here`, roles or other users, whatever it contains.
pub fn allowed_mentions(ids: &[u64]) -> CreateAllowedMentions {
    CreateAllowedMentions::new()
        .users(ids.iter().map(|&id| UserId::new(id)))
        .empty_roles()
        .replied_user(false)
}

/// Builds the message for `reply`; `board_png` is the rendered board, if
/// there is one and rendering worked.
#[must_use]
pub fn outgoing(reply: &Reply, mut board_png: Option<Vec<u8>>) -> Outgoing {
    let mention_ids = if reply.ephemeral {
        Vec::new()
    } else {
        mention_ids(reply)
    };
    let mut files = Vec::new();
    let mut alts = Vec::new();
    if board_png.is_some()
        && let Some(board) = &reply.board
    {
        alts.push((BOARD_FILE.to_owned(), board.alt(reply.locale)));
    }
    for file in &reply.files {
        match file.kind {
            // The summary card is the message's picture.
            AttachmentKind::Card if board_png.is_none() => {
                board_png = Some(file.bytes.to_vec());
                if let Some(alt) = &file.alt {
                    alts.push((BOARD_FILE.to_owned(), alt.clone()));
                }
            }
            _ => {
                if let Some(alt) = &file.alt {
                    alts.push((file.filename.clone(), alt.clone()));
                }
                files.push((file.filename.clone(), file.bytes.to_vec()));
            }
        }
    }
    let mut link = None;
    let mut body = match &reply.event {
        Some(Event::Pgn { pgn }) if !pgn.is_empty() => {
            files.push((PGN_FILE.to_owned(), pgn.clone().into_bytes()));
            with_code_block(&reply.text, pgn)
        }
        _ => discord_text(&reply.text),
    };
    // The mover's next game waiting for them: a button that opens its
    // channel (or thread).
    if reply.link.is_none()
        && let Some(Event::Move { next: Some(w), .. }) = &reply.event
    {
        let server = if w.guild.is_empty() {
            "@me"
        } else {
            w.guild.as_str()
        };
        link = Some((
            crate::service::messages::desk_next_button(reply.locale, w.game),
            format!("https://discord.com/channels/{server}/{}", w.channel),
        ));
    }
    if let Some(l) = &reply.link {
        if l.url.chars().count() <= MAX_BUTTON_URL {
            link = Some((l.label.clone(), l.url.clone()));
        } else {
            // Too long for a button: a masked link in the text, when it fits.
            let masked = format!("\n[{}](<{}>)", escape_markdown(&l.label), l.url);
            if body.chars().count() + masked.chars().count() + 40 <= MAX_CONTENT {
                body.push_str(&masked);
            }
        }
    }
    // The leaderboard reads as a table: an embed.
    let embed_text = match &reply.event {
        Some(Event::Leaderboard { .. }) if body.chars().count() <= MAX_EMBED_TEXT => {
            Some(std::mem::take(&mut body))
        }
        _ => None,
    };
    let prefix: String = mention_ids.iter().map(|id| format!("<@{id}> ")).collect();
    let full = format!("{prefix}{body}");
    let content = if full.chars().count() <= MAX_CONTENT {
        full
    } else {
        if files.is_empty() {
            files.push((LONG_TEXT_FILE.to_owned(), reply.text.clone().into_bytes()));
        }
        let budget = MAX_CONTENT - prefix.chars().count() - 1;
        // Whole lines, then "…and N more".
        let fit = |budget: usize| {
            crate::service::messages::fit_lines(reply.locale, &body, budget, |s| s.chars().count())
        };
        let mut fitted = fit(budget);
        // Do not leave an open code block or a dangling escape.
        if fitted.matches("```").count() % 2 == 1 {
            fitted = fit(budget.saturating_sub(4));
            fitted.push_str("\n```");
        }
        if fitted.ends_with('\\') {
            fitted.pop();
        }
        body = fitted;
        format!("{prefix}{body}")
    };
    Outgoing {
        content,
        board_png,
        files,
        alts,
        ephemeral: reply.ephemeral,
        mention_ids,
        buttons: reply
            .actions
            .iter()
            .map(|&a| ButtonId::for_action(a))
            .collect(),
        locale: reply.locale,
        subject: reply.subject,
        link,
        embed_text,
    }
}

/// The reply text with the PGN shown as a code block (and the rest escaped).
fn with_code_block(text: &str, pgn: &str) -> String {
    // A backtick in a tag (a player's name) must not close the block.
    let block = format!("```\n{}\n```", pgn.trim_end().replace('`', "\u{2cb}"));
    match text.find(pgn) {
        Some(at) => format!(
            "{}{block}{}",
            escape_markdown(&text[..at]),
            escape_markdown(&text[at + pgn.len()..])
        ),
        None if text.trim().is_empty() => block,
        None => format!("{}\n{block}", escape_markdown(text)),
    }
}

/// Rows of buttons (Discord allows five per row), labelled in `locale`,
/// their custom ids naming `subject`.
#[must_use]
pub fn button_rows(
    buttons: &[ButtonId],
    locale: Locale,
    subject: Option<Subject>,
) -> Vec<CreateActionRow> {
    buttons
        .chunks(5)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|&b| {
                        let style = if b.is_danger() {
                            ButtonStyle::Danger
                        } else if b.is_success() {
                            ButtonStyle::Success
                        } else if b == ButtonId::PlayBoard {
                            ButtonStyle::Primary
                        } else {
                            ButtonStyle::Secondary
                        };
                        CreateButton::new(b.custom_id(subject))
                            .label(b.label_in(locale))
                            .style(style)
                    })
                    .collect(),
            )
        })
        .collect()
}

impl Outgoing {
    /// A private text answer with no buttons or pictures.
    #[must_use]
    pub fn private(text: &str) -> Outgoing {
        Outgoing {
            content: discord_text(text),
            board_png: None,
            files: Vec::new(),
            alts: Vec::new(),
            ephemeral: true,
            mention_ids: Vec::new(),
            buttons: Vec::new(),
            locale: Locale::En,
            subject: None,
            link: None,
            embed_text: None,
        }
    }

    /// The attachments: the board first, then the other files.
    #[must_use]
    pub fn attachments(&self) -> Vec<CreateAttachment> {
        let described =
            |file: CreateAttachment, name: &str| match self.alts.iter().find(|(n, _)| n == name) {
                Some((_, alt)) => file.description(alt.clone()),
                None => file,
            };
        let board = self
            .board_png
            .iter()
            .map(|png| described(CreateAttachment::bytes(png.clone(), BOARD_FILE), BOARD_FILE));
        let rest = self.files.iter().map(|(name, data)| {
            described(CreateAttachment::bytes(data.clone(), name.clone()), name)
        });
        board.chain(rest).collect()
    }

    /// The rows of buttons (and the link button), if any.
    #[must_use]
    pub fn components(&self) -> Option<Vec<CreateActionRow>> {
        let mut rows = button_rows(&self.buttons, self.locale, self.subject);
        if let Some((label, url)) = &self.link {
            let button = CreateButton::new_link(url.clone()).label(label.clone());
            match rows.last_mut() {
                Some(CreateActionRow::Buttons(row)) if row.len() < 5 => row.push(button),
                _ => rows.push(CreateActionRow::Buttons(vec![button])),
            }
        }
        (!rows.is_empty()).then_some(rows)
    }

    /// The embed showing the board (or the embedded text), if any.
    #[must_use]
    pub fn embed(&self) -> Option<CreateEmbed> {
        if let Some(text) = &self.embed_text {
            return Some(
                CreateEmbed::new()
                    .colour(EMBED_COLOUR)
                    .description(text.clone()),
            );
        }
        self.board_png.as_ref().map(|_| {
            CreateEmbed::new()
                .colour(EMBED_COLOUR)
                .image(format!("attachment://{BOARD_FILE}"))
        })
    }

    /// As the first response to an interaction.
    pub fn interaction_message(&self) -> CreateInteractionResponseMessage {
        self.fill(CreateInteractionResponseMessage::new())
            .ephemeral(self.ephemeral)
    }

    /// As a follow-up message of an interaction.
    pub fn followup(&self) -> CreateInteractionResponseFollowup {
        self.fill(CreateInteractionResponseFollowup::new())
            .ephemeral(self.ephemeral)
    }

    /// As the edit that fills in a deferred response (whose privacy was
    /// fixed when deferring).
    pub fn edit(&self) -> EditInteractionResponse {
        self.fill(EditInteractionResponse::new())
    }

    /// As a plain channel message (announcer, other channels).
    pub fn channel_message(&self) -> CreateMessage {
        self.fill(CreateMessage::new())
    }

    /// `m` with the content, its allowed mentions, the attachments, the
    /// embed and the buttons: what every way of sending carries.
    fn fill<M: MessageBuilder>(&self, m: M) -> M {
        let mut m = m
            .content(self.content.clone())
            .allowed_mentions(allowed_mentions(&self.mention_ids));
        for a in self.attachments() {
            m = m.attach(a);
        }
        if let Some(e) = self.embed() {
            m = m.embed(e);
        }
        if let Some(rows) = self.components() {
            m = m.components(rows);
        }
        m
    }
}

/// The parts of a message that serenity's four message builders (first
/// response, follow-up, edit, channel message) each set with a method of
/// their own.
trait MessageBuilder: Sized {
    fn content(self, content: String) -> Self;
    fn allowed_mentions(self, mentions: CreateAllowedMentions) -> Self;
    fn attach(self, file: CreateAttachment) -> Self;
    fn embed(self, embed: CreateEmbed) -> Self;
    fn components(self, rows: Vec<CreateActionRow>) -> Self;
}

/// Implements [`MessageBuilder`] for a builder, with the name of its
/// method that adds one attachment.
macro_rules! message_builder {
    ($($builder:ty => $attach:ident),* $(,)?) => {$(
        impl MessageBuilder for $builder {
            fn content(self, content: String) -> Self {
                <$builder>::content(self, content)
            }
            fn allowed_mentions(self, mentions: CreateAllowedMentions) -> Self {
                <$builder>::allowed_mentions(self, mentions)
            }
            fn attach(self, file: CreateAttachment) -> Self {
                <$builder>::$attach(self, file)
            }
            fn embed(self, embed: CreateEmbed) -> Self {
                <$builder>::embed(self, embed)
            }
            fn components(self, rows: Vec<CreateActionRow>) -> Self {
                <$builder>::components(self, rows)
            }
        }
    )*};
}

message_builder! {
    CreateInteractionResponseMessage => add_file,
    CreateInteractionResponseFollowup => add_file,
    EditInteractionResponse => new_attachment,
    CreateMessage => add_file,
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::service::{Action, Actor, Place};

    fn actor(id: &str, name: &str) -> Actor {
        Actor {
            id: id.to_owned(),
            name: name.to_owned(),
        }
    }

    fn reply(text: &str) -> Reply {
        let place = Place {
            platform: "discord".to_owned(),
            guild: Some("1".to_owned()),
            channel: "2".to_owned(),
        };
        Reply::new(place, text.to_owned(), crate::i18n::Locale::En)
    }

    fn json<T: serde::Serialize>(t: &T) -> Value {
        serde_json::to_value(t).expect("builders serialise")
    }

    #[test]
    fn allowed_mentions_are_exactly_the_listed_users() {
        let v = json(&allowed_mentions(&[11, 22]));
        assert_eq!(
            v,
            json!({"parse": [], "users": ["11", "22"], "roles": [], "replied_user": false})
        );
        let none = json(&allowed_mentions(&[]));
        assert_eq!(none["parse"], json!([]));
        assert_eq!(none["users"], json!([]));
    }

    #[test]
    fn mentions_come_only_from_the_reply_not_the_text() {
        let mut r = reply("@everyone @here <@999> <@&5> alice vs bob");
        r.mentions = vec![
            actor("111", "alice"),
            actor("222", "bob"),
            actor("111", "alice"),
        ];
        let out = outgoing(&r, None);
        assert_eq!(out.mention_ids, vec![111, 222]);
        assert!(out.content.starts_with("<@111> <@222> "));
        let v = json(&out.channel_message());
        assert_eq!(v["allowed_mentions"]["parse"], json!([]));
        assert_eq!(v["allowed_mentions"]["users"], json!(["111", "222"]));
        assert_eq!(v["allowed_mentions"]["roles"], json!([]));
        // The text's own tags are shown literally.
        assert!(out.content.contains("\\<\\@999>"), "{}", out.content);
        assert!(out.content.contains("\\@everyone"), "{}", out.content);
    }

    #[test]
    fn non_numeric_mention_ids_are_ignored() {
        let mut r = reply("hi");
        r.mentions = vec![actor("alice", "alice"), actor("0", "zero"), actor("7", "x")];
        assert_eq!(mention_ids(&r), vec![7]);
    }

    #[test]
    fn ephemeral_replies_set_the_flag_and_mention_nobody() {
        let mut r = reply("That move is illegal.");
        r.ephemeral = true;
        r.mentions = vec![actor("111", "alice")];
        let out = outgoing(&r, None);
        assert!(out.ephemeral);
        assert!(out.mention_ids.is_empty());
        let v = json(&out.interaction_message());
        assert_eq!(v["flags"], json!(64));
        let f = json(&out.followup());
        assert_eq!(f["flags"], json!(64));
        let public = json(&outgoing(&reply("ok"), None).interaction_message());
        assert_eq!(public["flags"], json!(0));
    }

    #[test]
    fn the_board_is_an_attachment_shown_in_an_embed() {
        let out = outgoing(&reply("alice played e4"), Some(vec![137, 80, 78, 71]));
        for v in [
            json(&out.interaction_message()),
            json(&out.followup()),
            json(&out.channel_message()),
            json(&out.edit()),
        ] {
            assert_eq!(v["attachments"][0]["filename"], json!("board.png"));
            assert_eq!(
                v["embeds"][0]["image"]["url"],
                json!("attachment://board.png")
            );
            assert_eq!(v["content"], json!("alice played e4"));
        }
        let plain = json(&outgoing(&reply("no board"), None).channel_message());
        assert_eq!(plain["embeds"], json!([]));
        assert_eq!(plain["attachments"], json!([]));
    }

    #[test]
    fn actions_become_buttons_with_our_custom_ids() {
        let mut r = reply("bob, alice challenges you");
        r.actions = vec![Action::AcceptChallenge, Action::DeclineChallenge];
        r.subject = Some(Subject::Challenge(12));
        let v = json(&outgoing(&r, None).channel_message());
        let row = &v["components"][0]["components"];
        assert_eq!(row[0]["custom_id"], json!("chess:accept_challenge:c12"));
        assert_eq!(row[1]["custom_id"], json!("chess:decline_challenge:c12"));
        assert_eq!(row[0]["label"], json!("Accept"));
        // The ids lead back to the same challenge and action.
        assert_eq!(
            ButtonId::parse("chess:accept_challenge:c12"),
            Some((ButtonId::AcceptChallenge, Some(Subject::Challenge(12))))
        );
        assert!(
            json(&outgoing(&reply("x"), None).channel_message())
                .get("components")
                .is_none()
        );
    }

    #[test]
    fn buttons_are_labelled_in_the_language_of_the_reply() {
        let mut r = reply("x");
        r.actions = vec![Action::AcceptChallenge, Action::DeclineChallenge];
        r.locale = Locale::Ru;
        let v = json(&outgoing(&r, None).channel_message());
        let row = &v["components"][0]["components"];
        assert_eq!(row[0]["custom_id"], json!("chess:accept_challenge"));
        assert_eq!(
            row[0]["label"],
            json!(ButtonId::AcceptChallenge.label_in(Locale::Ru))
        );
        assert_ne!(row[0]["label"], json!("Accept"));
    }

    #[test]
    fn pgn_is_a_code_block_and_a_file() {
        let pgn = "[White \"a`b\"]\n\n1. e4 e5 *";
        let mut r = reply(&format!("PGN of game 3:\n{pgn}"));
        r.event = Some(Event::Pgn {
            pgn: pgn.to_owned(),
        });
        let out = outgoing(&r, None);
        assert_eq!(
            out.files,
            vec![(PGN_FILE.to_owned(), pgn.as_bytes().to_vec())]
        );
        assert!(
            out.content.starts_with("PGN of game 3:\n```\n[White"),
            "{}",
            out.content
        );
        assert!(out.content.ends_with("1. e4 e5 *\n```"), "{}", out.content);
        assert_eq!(out.content.matches("```").count(), 2);
    }

    #[test]
    fn long_text_is_cut_to_the_limit_and_attached_whole() {
        let text = "e4 ".repeat(1000);
        let mut r = reply(&text);
        r.mentions = vec![actor("111", "alice")];
        let out = outgoing(&r, None);
        assert!(out.content.chars().count() <= MAX_CONTENT);
        assert!(out.content.ends_with('…'));
        assert_eq!(out.files[0].0, LONG_TEXT_FILE);
        assert_eq!(out.files[0].1, text.as_bytes());
    }

    #[test]
    fn markdown_in_names_is_shown_literally() {
        for (name, shown) in [
            (
                "**bold** _it_ ~~s~~",
                "\\*\\*bold\\*\\* \\_it\\_ \\~\\~s\\~\\~",
            ),
            ("||spoiler|| `code`", "\\|\\|spoiler\\|\\| \\`code\\`"),
            ("[x](https://e.vil)", "\\[x\\](https://e.vil)"),
            ("# title\n> quote\n- item", "\\# title\n\\> quote\n\\- item"),
            ("1. e4 e5 2. Nf3", "1\\. e4 e5 2. Nf3"),
            ("a\\b", "a\\\\b"),
        ] {
            assert_eq!(escape_markdown(name), shown, "{name}");
        }
    }

    #[test]
    fn deadlines_become_timestamp_tags() {
        assert_eq!(
            local_times("Alice to move, deadline 2026-12-04 03:55 UTC."),
            "Alice to move, deadline <t:1796356500:f> (<t:1796356500:R>)."
        );
        for same in [
            "no deadline",
            " UTC at the start",
            "2026-13-04 03:55 UTC",
            "x 26-12-04 03:55 UTC",
            "ends 2026-12-04 03:55 GMT",
        ] {
            assert_eq!(local_times(same), same);
        }
        let reply = reply("Game #1 starts: deadline 2026-12-04 03:55 UTC.");
        assert!(
            outgoing(&reply, None)
                .content
                .contains("<t:1796356500:f> (<t:1796356500:R>)")
        );
    }

    #[test]
    fn the_bots_own_channel_links_and_code_render() {
        for kept in [
            "Game 7 in <#1100000000000000200>: your move",
            "bob: `/chess accept` or `/chess decline`.",
            "Anyone here may change it with `/chess settings language:en|th|ru|ro`.",
        ] {
            assert_eq!(discord_text(kept), kept);
        }
        // Everything else stays escaped: code a name brings, a tag that is
        // not a channel link, a mention.
        assert_eq!(discord_text("`rm -rf`"), "\\`rm -rf\\`");
        assert_eq!(discord_text("<#12a>"), "\\<#12a>");
        assert_eq!(discord_text("<@123> <#>"), "\\<\\@123> \\<#>");
        assert_eq!(discord_text("**x** <#5>"), "\\*\\*x\\*\\* <#5>");
    }

    #[test]
    fn plain_chess_text_is_unchanged() {
        for s in [
            "alice played Nxe4+",
            "O-O-O",
            "1-0",
            "½-½",
            "e8=Q#",
            "Game 12 ends: 0-1",
        ] {
            assert_eq!(escape_markdown(s), s);
        }
    }
}
