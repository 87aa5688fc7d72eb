//! Game summaries: the one post that follows a game's result (a card, the
//! game as a GIF, the PGN file, a link to analyse it, the opening and the
//! engine's verdict), and `summary [game]` to post it again.

use std::sync::Arc;

use super::{
    Action, AnalysisEvent, Attachment, AttachmentKind, Event, FollowUp, Link, OpeningEvent, Place,
    RatingDelta, Reply, SideAnalysisEvent, Subject, WorstMoveEvent, messages as msg,
};
use crate::chess::{Color, Outcome, PgnTags, Termination};
use crate::engine::{GameAnalysis, SideAnalysis};

use super::analyses::Verdict;
use crate::i18n::Locale;
use crate::render::{BoardResult, SummaryCard};

use super::game::{
    Failure, GameService, Handled, Loaded, failure_reply, from_ms, key, reply, user,
};

/// Size of the game GIF, in pixels.
pub(in crate::service) const GIF_SIZE: u32 = 480;

/// Where lichess analyses a PGN given in the address.
const LICHESS_ANALYSIS: &str = "https://lichess.org/analysis/pgn/";

impl GameService {
    /// Runs the work a reply deferred ([`Reply::follow_up`]): the summary of
    /// a game that just ended, analysed by the engine when there is one.
    /// Adapters post these replies after the reply that carried it.
    pub async fn follow_up(&self, work: &FollowUp) -> Vec<Reply> {
        // Posted already (and acknowledged), here or by the announcer.
        if !self.summary_pending(work).await {
            self.analysis_settled(work.game);
            return Vec::new();
        }
        let made = async {
            let Some(row) = self.inner.store.game(work.game).await? else {
                return Ok(Vec::new());
            };
            let l = self.replay(row).await?;
            Ok::<_, Failure>(vec![self.summary_reply(work.locale, &work.place, &l).await])
        };
        let mut replies = made
            .await
            .unwrap_or_else(|f| vec![failure_reply(work.locale, &work.place, f)]);
        // Analysed (or never to be: a short game, an error) by now.
        self.analysis_settled(work.game);
        for r in &mut replies {
            r.locale = work.locale;
        }
        // A team game's summary (with its PGN) goes to both teams' places.
        let replies = self.spread_team(work.game, None, replies).await;
        // The outbox entry stays until the adapter posted these replies and
        // called `ack_follow_up`: a crash before that leaves it for the
        // announcer of the next process (and this process's announcer
        // leaves it alone meanwhile).
        replies
    }

    /// `summary [game]`: a finished game of this channel (by default the
    /// last one) summarised again.
    pub(in crate::service) async fn summary(
        &self,
        loc: Locale,
        place: &Place,
        id: Option<i64>,
    ) -> Handled {
        let row = match id {
            Some(id) => match self.inner.store.game(id).await? {
                Some(row) if row.platform == place.platform && row.channel == place.channel => row,
                _ => return Err(user("no_game", msg::no_such_game(loc, id))),
            },
            None => self
                .inner
                .store
                .last_finished_game(&key(place))
                .await?
                .ok_or_else(|| user("no_game", msg::no_finished_game_here(loc)))?,
        };
        if row.is_active() {
            return Err(user(
                "game_in_progress",
                msg::summary_game_running(loc, row.id),
            ));
        }
        let l = self.replay(row).await?;
        if !has_summary(&l) {
            return Err(user("no_game", msg::summary_aborted(loc, l.row.id)));
        }
        Ok(vec![self.summary_reply(loc, place, &l).await])
    }

    /// The summary post of a finished (not aborted) game.
    pub(in crate::service) async fn summary_reply(
        &self,
        loc: Locale,
        place: &Place,
        l: &Loaded,
    ) -> Reply {
        let outcome = l
            .game
            .outcome()
            .unwrap_or(Outcome::new(None, Termination::Aborted));
        let verdict = self.analysis_of(l).await;
        let analysis = match &verdict {
            Verdict::Ready(a) => Some(a.clone()),
            Verdict::Follows | Verdict::AfterRound | Verdict::Without => None,
        };
        let opening = crate::openings::lookup_game(&l.game);
        let pgn = self.pgn_text(l).await;
        let plies = l.game.moves().len();
        let result = outcome.result().to_string();
        let termination = msg::termination_name(loc, outcome.termination);
        let moves = msg::summary_moves(loc, plies.div_ceil(2));
        // The same words as the card's (`in 5 hours`, `over 9 days`).
        let days = msg::card_duration(loc, game_span(l));

        let title = self.game_title(loc, l.row.id).await;
        let mut text = msg::summary_heading(
            loc,
            &title,
            &l.row.white_name,
            &l.row.black_name,
            &result,
            &termination,
            &moves,
            &days,
        );
        if let Some(o) = opening {
            text.push('\n');
            text.push_str(&msg::summary_opening(loc, &o.to_string()));
        }
        match &verdict {
            Verdict::Ready(a) => text.push_str(&self.analysis_text(loc, l, a)),
            Verdict::Follows => {
                text.push('\n');
                text.push_str(&msg::summary_analysis_follows(loc));
            }
            Verdict::AfterRound => {
                text.push('\n');
                text.push_str(&msg::summary_analysis_after_round(loc));
            }
            Verdict::Without => {}
        }
        if let Some(voters) = self.team_voters_text(loc, l).await {
            text.push('\n');
            text.push_str(&voters);
        }

        let mut files = Vec::new();
        let ratings = l.row.rating_change();
        // The card writes a change as the text does (`±0`, `+162`).
        let rating_text = |before: i64, after: i64| {
            let change = msg::rating_diff(RatingDelta { before, after });
            format!("{before} → {after} ({change})")
        };
        let white_rating = ratings.map(|c| rating_text(c.white_before, c.white_after));
        let black_rating = ratings.map(|c| rating_text(c.black_before, c.black_after));
        let verdict = match outcome.winner {
            Some(w) => msg::summary_winner(loc, l.name(w)),
            None => msg::summary_draw(loc),
        };
        let opening_text = opening.map(ToString::to_string);
        let mut card = SummaryCard::new(
            l.game.position(),
            &l.row.white_name,
            &l.row.black_name,
            &verdict,
        );
        card.white_rating = white_rating.as_deref();
        card.black_rating = black_rating.as_deref();
        // The card's headline, accuracy, duration and date.
        let score = match outcome.result() {
            "1/2-1/2" => "½-½".to_string(),
            r => r.to_string(),
        };
        let how = msg::card_how(loc, outcome.termination);
        let accuracy = |c: Color| {
            analysis
                .as_ref()
                .map(|a| msg::card_accuracy(loc, &format!("{:.1}", a.side(c).accuracy)))
        };
        let (white_accuracy, black_accuracy) = (accuracy(Color::White), accuracy(Color::Black));
        let end = l.row.ended_at.unwrap_or(l.row.updated_at);
        let duration = msg::card_duration(loc, end - l.row.created_at);
        let date = from_ms(end).format("%Y-%m-%d").to_string();
        card.score = Some(&score);
        card.termination = Some(&how);
        card.white_accuracy = white_accuracy.as_deref();
        card.black_accuracy = black_accuracy.as_deref();
        card.opening = opening_text.as_deref();
        card.moves = Some(&moves);
        card.days = Some(&duration);
        card.date = Some(&date);
        card.last_move = l.game.moves().last().copied();
        card.board_result = BoardResult::from_outcome(Some(outcome));
        // The final position from the winner's side (White's for a draw).
        card.flip = outcome.winner == Some(Color::Black);
        // The card and the GIF in words, for those who cannot see them.
        let result_words = format!("{score} {how}");
        let card_alt = msg::position_words::clip(format!(
            "{} {}",
            msg::position_words::words_card(
                loc,
                &l.row.white_name,
                &l.row.black_name,
                result_words.trim()
            ),
            msg::position_words::describe(
                loc,
                l.game.position(),
                card.last_move,
                card.board_result,
                None
            )
        ));
        match card.png(self.renderer()) {
            Ok(png) => {
                let mut file = attachment(AttachmentKind::Card, l.row.id, "png", png);
                file.alt = Some(card_alt);
                files.push(file);
            }
            Err(e) => tracing::warn!(game = l.row.id, error = %e, "summary card failed"),
        }
        // Rendered once per game and side, capped in plies and bytes, from
        // the channel's side like the game's other pictures.
        let flip = self.channel_view(place).await == Color::Black;
        if let Some(gif) = self.game_gif(l, flip) {
            files.push(Attachment {
                kind: AttachmentKind::Animation,
                filename: format!("game-{}.gif", l.row.id),
                bytes: gif,
                alt: Some(msg::position_words::clip(
                    msg::position_words::words_animation(
                        loc,
                        &l.row.white_name,
                        &l.row.black_name,
                        result_words.trim(),
                    ),
                )),
            });
        }
        files.push(attachment(
            AttachmentKind::Pgn,
            l.row.id,
            "pgn",
            pgn.clone().into_bytes(),
        ));

        let mut r = reply(place, text);
        r.files = files;
        r.link = Some(Link {
            label: msg::summary_lichess(loc),
            url: lichess_url(&pgn),
        });
        r.actions = vec![Action::Rematch];
        r.subject = Some(Subject::Game(l.row.id));
        r.event = Some(Event::Summary {
            game: l.row.id,
            white: l.row.white_name.clone(),
            black: l.row.black_name.clone(),
            result,
            termination: outcome.termination.as_str().to_string(),
            plies,
            opening: opening.map(|o| OpeningEvent {
                eco: o.eco.clone(),
                name: o.name.clone(),
            }),
            animation: None,
            analysis: analysis.as_ref().map(analysis_event),
            pgn,
        });
        r
    }

    /// The PGN of a game: the Seven Tag Roster (a league game's event is
    /// its league and its round the league's round), Elo tags of a rated
    /// game, the opening.
    pub(in crate::service) async fn pgn_text(&self, l: &Loaded) -> String {
        let league = match self.inner.store.league_event_of_game(l.row.id).await {
            Ok(league) => league,
            Err(e) => {
                // The PGN is still whole without its league's name.
                tracing::warn!(game = l.row.id, error = %e, "league of a game unread");
                None
            }
        };
        let (event, round) = match league {
            Some((name, round)) => (name, round.to_string()),
            None => (format!("chessbot game #{}", l.row.id), "-".to_string()),
        };
        let tags = PgnTags {
            event,
            site: site_tag(
                &l.row.platform,
                Some(l.row.guild.as_str()).filter(|g| !g.is_empty()),
            ),
            date: from_ms(l.row.created_at).format("%Y.%m.%d").to_string(),
            round,
            white: l.row.white_name.clone(),
            black: l.row.black_name.clone(),
            extra: vec![("TimeControl".to_string(), time_control_tag(&l.row))],
        };
        let tags = with_import_tags(tags, l.row.import_tags.as_deref());
        with_opening_tags(
            super::records::with_elo_tags(l.game.pgn(&tags), &l.row),
            &l.game,
        )
    }

    /// The analysis lines of a summary (each after a line break): each
    /// side's figures, the worst move, and how much of the game they cover
    /// when the engine was short of time.
    pub(in crate::service) fn analysis_text(
        &self,
        loc: Locale,
        l: &Loaded,
        a: &GameAnalysis,
    ) -> String {
        let mut text = String::new();
        for color in [Color::White, Color::Black] {
            let s = a.side(color);
            text.push('\n');
            text.push_str(&msg::summary_analysis_side(
                loc,
                l.name(color),
                s.inaccuracies,
                s.mistakes,
                s.blunders,
                s.acpl,
                s.accuracy,
            ));
        }
        if let Some(w) = &a.worst {
            let mover = if !w.ply.is_multiple_of(2) {
                l.game.start().turn()
            } else {
                l.game.start().turn().other()
            };
            text.push('\n');
            text.push_str(&msg::summary_worst(
                loc,
                &worst_move_number(l, w.ply),
                &w.san,
                l.name(mover),
                &w.best_san,
            ));
        }
        if let Some(plies) = a.coverage.plies {
            let total = l.game.moves().len();
            text.push('\n');
            text.push_str(&msg::summary_analysis_cut(
                loc,
                move_number(l, plies.max(1)),
                move_number(l, total.max(1)),
            ));
        }
        if let Some(ply) = a.coverage.shallow_from {
            text.push('\n');
            text.push_str(&msg::summary_analysis_shallow(loc, move_number(l, ply)));
        }
        text
    }
}

/// Whether a finished game gets a summary (aborted games get none).
pub(in crate::service) fn has_summary(l: &Loaded) -> bool {
    l.game
        .outcome()
        .is_some_and(|o| o.termination != Termination::Aborted)
}

/// The deferred summary of game `l` for the reply announcing its end.
pub(in crate::service) fn summary_follow_up(
    loc: Locale,
    place: &Place,
    l: &Loaded,
) -> Option<FollowUp> {
    has_summary(l).then(|| FollowUp {
        game: l.row.id,
        place: place.clone(),
        locale: loc,
    })
}

fn attachment(kind: AttachmentKind, game: i64, ext: &str, bytes: Vec<u8>) -> Attachment {
    Attachment {
        kind,
        filename: format!("game-{game}.{ext}"),
        bytes: Arc::new(bytes),
        alt: None,
    }
}

/// How long the game took, from its start to its end (ms).
fn game_span(l: &Loaded) -> i64 {
    let end = l.row.ended_at.unwrap_or(l.row.updated_at);
    (end - l.row.created_at).max(0)
}

/// The number of the move that ply `ply` (1-based) of the game is part of.
fn move_number(l: &Loaded, ply: usize) -> u32 {
    let start = l.game.start();
    let index = ply.saturating_sub(1) + usize::from(start.turn() == Color::Black);
    u32::try_from(start.fullmove_number() as usize + index / 2).unwrap_or(u32::MAX)
}

/// `12.` or `12...` for ply `ply` (1-based) of the game.
fn worst_move_number(l: &Loaded, ply: usize) -> String {
    let start = l.game.start();
    let first_black = start.turn() == Color::Black;
    // Plies counted from White's first move of the start's full move.
    let index = ply - 1 + usize::from(first_black);
    let number = start.fullmove_number() as usize + index / 2;
    if index.is_multiple_of(2) {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
}

pub(in crate::service) fn analysis_event(a: &GameAnalysis) -> AnalysisEvent {
    let side = |s: &SideAnalysis| SideAnalysisEvent {
        inaccuracies: s.inaccuracies,
        mistakes: s.mistakes,
        blunders: s.blunders,
        acpl: s.acpl,
        accuracy: s.accuracy,
    };
    AnalysisEvent {
        white: side(&a.white),
        black: side(&a.black),
        worst: a.worst.as_ref().map(|w| WorstMoveEvent {
            ply: w.ply,
            san: w.san.clone(),
            best: w.best_san.clone(),
        }),
    }
}

/// Adds `ECO` and `Opening` (the table's name of the game's last named
/// position) after the other tags of a PGN.
pub(in crate::service) fn with_opening_tags(pgn: String, game: &crate::chess::Game) -> String {
    let Some(o) = crate::openings::lookup_game(game) else {
        return pgn;
    };
    let Some(end) = pgn.find("\n\n") else {
        return pgn;
    };
    let escape = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    format!(
        "{}\n[ECO \"{}\"]\n[Opening \"{}\"]{}",
        &pgn[..end],
        escape(&o.eco),
        escape(&o.name),
        &pgn[end..]
    )
}

/// The lichess analysis board for a PGN: its moves (and a custom start's
/// `SetUp`/`FEN` tags, and `Variant` for Chess960, which lichess's import
/// reads to open the 960 analysis board), percent-encoded into the
/// address.
pub(in crate::service) fn lichess_url(pgn: &str) -> String {
    let mut short = String::new();
    let mut movetext = String::new();
    for line in pgn.lines() {
        let t = line.trim();
        if t.starts_with("[Variant ") || t.starts_with("[SetUp ") || t.starts_with("[FEN ") {
            short.push_str(t);
            short.push('\n');
        } else if !t.starts_with('[') && !t.is_empty() {
            if !movetext.is_empty() {
                movetext.push(' ');
            }
            movetext.push_str(t);
        }
    }
    if !short.is_empty() {
        short.push('\n');
    }
    short.push_str(&movetext);
    let mut url = String::from(LICHESS_ANALYSIS);
    for b in short.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            url.push(char::from(b));
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    url
}

/// The PGN `Site` tag: the platform and its server, never a channel or
/// room id (which would tell where the players talk).
fn site_tag(platform: &str, guild: Option<&str>) -> String {
    let platform = match platform {
        "discord" => "Discord",
        "matrix" => "Matrix",
        "console" => "chessbot console",
        other => other,
    };
    match guild {
        // A Discord guild id names the server without revealing a channel.
        Some(g) if platform == "Discord" => format!("{platform} server {g}"),
        // A Matrix "guild" is the homeserver part of the room id.
        Some(g) => format!("{platform} {g}"),
        None => platform.to_string(),
    }
}

/// The PGN `TimeControl` of a correspondence game (PGN standard 9.6.1):
/// a bank game is a Fischer increment control in seconds (`864000+86400`
/// for a 10-day bank and a day a move); days per move are one move per
/// period (`1/259200` for 3 days, as chess.com writes its daily games).
fn time_control_tag(row: &crate::store::GameRow) -> String {
    match (row.bank_cap_ms, row.increment_ms) {
        (Some(bank), increment) => {
            format!("{}+{}", bank / 1000, increment.unwrap_or(0) / 1000)
        }
        (None, _) => format!("1/{}", row.days.max(1) * 86_400),
    }
}

/// The tags of a game continued from a PGN: its event, site and round
/// where the imported game had them, and its original players as the
/// `Annotator` (the players now are the bot's).
fn with_import_tags(mut tags: PgnTags, import: Option<&str>) -> PgnTags {
    let Some(import) = import else {
        return tags;
    };
    let kept = |name| super::import::kept_tag(import, name).map(str::to_string);
    if let Some(v) = kept("Event") {
        tags.event = v;
    }
    if let Some(v) = kept("Site") {
        tags.site = v;
    }
    if let Some(v) = kept("Round") {
        tags.round = v;
    }
    let white = kept("White").unwrap_or_else(|| "?".to_string());
    let black = kept("Black").unwrap_or_else(|| "?".to_string());
    tags.extra.push((
        "Annotator".to_string(),
        format!("continued from {white} - {black}"),
    ));
    tags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lichess_urls_carry_the_moves_encoded() {
        let pgn = "[Event \"x\"]\n[White \"a b\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        assert_eq!(
            lichess_url(pgn),
            "https://lichess.org/analysis/pgn/1.%20f3%20e5%202.%20g4%20Qh4%23%200-1"
        );
        let custom = "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n1. Kb2 *\n";
        let url = lichess_url(custom);
        assert!(url.starts_with("https://lichess.org/analysis/pgn/%5BSetUp%20%221%22%5D%0A%5BFEN"));
        assert!(url.ends_with("%0A%0A1.%20Kb2%20%2A"));
    }

    #[test]
    fn lichess_urls_of_chess960_carry_the_variant_and_start() {
        let pgn = "[Event \"x\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
                   [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n\n1. e4 *\n";
        let url = lichess_url(pgn);
        assert!(
            url.starts_with(
                "https://lichess.org/analysis/pgn/%5BVariant%20%22Chess960%22%5D%0A%5BSetUp"
            ),
            "{url}"
        );
        assert!(url.contains("BBQNNRKR%20w%20KQkq"), "{url}");
    }
}
