//! The `/chess` slash command and its subcommands (poise). Every handler is
//! thin: where and who, one service call, then the replies are sent.

use poise::serenity_prelude as serenity;

use super::autocomplete::rank_moves;
use super::comfort::NotifyOption;
use super::data::{Context, Error};
use super::invoke::{RulesOption, caller, option_actor, prefs_of, run, run_all};
use crate::chess::{RulesMode, Variant};
// ---- leagues
use super::league::league;
// ---- puzzles
use super::puzzle::puzzle;
use crate::i18n::Locale;
use crate::render::Theme;
use crate::service::{Actor, BoardView, ColorChoice, Command, DEFAULT_LEVEL, messages as msg};

/// Colour choice as Discord shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ColorOption {
    #[name = "white"]
    #[name_localized("ru", "белые")]
    #[name_localized("ro", "albele")]
    #[name_localized("th", "ขาว")]
    White,
    #[name = "black"]
    #[name_localized("ru", "чёрные")]
    #[name_localized("ro", "negrele")]
    #[name_localized("th", "ดำ")]
    Black,
    #[name = "random"]
    #[name_localized("ru", "по жребию")]
    #[name_localized("ro", "la sorți")]
    #[name_localized("th", "สุ่ม")]
    Random,
}

/// The languages of `/chess settings language:...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageOption {
    #[name = "en"]
    En,
    #[name = "th"]
    Th,
    #[name = "ru"]
    Ru,
    #[name = "ro"]
    Ro,
}

impl From<LanguageOption> for Locale {
    fn from(l: LanguageOption) -> Locale {
        match l {
            LanguageOption::En => Locale::En,
            LanguageOption::Th => Locale::Th,
            LanguageOption::Ru => Locale::Ru,
            LanguageOption::Ro => Locale::Ro,
        }
    }
}

/// The views of `/chess settings board:...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum BoardViewOption {
    #[name = "auto"]
    Auto,
    #[name = "white"]
    White,
    #[name = "black"]
    Black,
}

impl From<BoardViewOption> for BoardView {
    fn from(v: BoardViewOption) -> BoardView {
        match v {
            BoardViewOption::Auto => BoardView::Auto,
            BoardViewOption::White => BoardView::White,
            BoardViewOption::Black => BoardView::Black,
        }
    }
}

/// The themes of `/chess settings theme:...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ThemeOption {
    #[name = "brown"]
    Brown,
    #[name = "blue"]
    Blue,
    #[name = "green"]
    Green,
    #[name = "high-contrast"]
    HighContrast,
}

impl From<ThemeOption> for Theme {
    fn from(t: ThemeOption) -> Theme {
        match t {
            ThemeOption::Brown => Theme::Brown,
            ThemeOption::Blue => Theme::Blue,
            ThemeOption::Green => Theme::Green,
            ThemeOption::HighContrast => Theme::HighContrast,
        }
    }
}

/// Days per move when the option is left out (the service's default).
pub use crate::service::DEFAULT_DAYS;

/// The service command for the `challenge` options.
#[must_use]
pub fn challenge_command(
    opponent: Option<Actor>,
    color: Option<ColorOption>,
    days: Option<u32>,
    rules: Option<RulesOption>,
    fen: Option<String>,
) -> Command {
    Command::Challenge {
        opponent,
        color: match color {
            Some(ColorOption::White) => ColorChoice::White,
            Some(ColorOption::Black) => ColorChoice::Black,
            Some(ColorOption::Random) | None => ColorChoice::Random,
        },
        days: days.unwrap_or(DEFAULT_DAYS),
        fen: fen.map(|f| f.trim().to_owned()).filter(|f| !f.is_empty()),
        rules: match rules {
            Some(RulesOption::Fide) => RulesMode::Fide,
            Some(RulesOption::House) | None => RulesMode::House,
        },
        rated: true,
        variant: None,
        position: None,
    }
}

/// The service command for the `computer` options.
#[must_use]
pub fn computer_command(
    level: Option<u8>,
    color: Option<ColorOption>,
    days: Option<u32>,
    fen: Option<String>,
) -> Command {
    Command::Computer {
        level: level.unwrap_or(DEFAULT_LEVEL),
        color: match color {
            Some(ColorOption::White) => ColorChoice::White,
            Some(ColorOption::Black) => ColorChoice::Black,
            Some(ColorOption::Random) | None => ColorChoice::Random,
        },
        days: days.unwrap_or(DEFAULT_DAYS),
        fen: fen.map(|f| f.trim().to_owned()).filter(|f| !f.is_empty()),
        variant: None,
        position: None,
    }
}

// ---- chess960

/// The variant as Discord shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum VariantOption {
    #[name = "standard"]
    #[name_localized("ru", "классические")]
    #[name_localized("ro", "standard")]
    #[name_localized("th", "มาตรฐาน")]
    Standard,
    #[name = "chess960"]
    #[name_localized("ru", "Chess960 (Фишера)")]
    #[name_localized("ro", "Chess960 (Fischer)")]
    #[name_localized("th", "Chess960 (ฟิชเชอร์)")]
    Chess960,
}

impl From<VariantOption> for Variant {
    fn from(v: VariantOption) -> Variant {
        match v {
            VariantOption::Standard => Variant::Standard,
            VariantOption::Chess960 => Variant::Chess960,
        }
    }
}

/// Sets the `variant` and `position` options of a `challenge` or
/// `computer` command.
#[must_use]
pub fn with_variant(
    mut cmd: Command,
    variant: Option<VariantOption>,
    position: Option<u32>,
) -> Command {
    if let Command::Challenge {
        variant: v,
        position: p,
        ..
    }
    | Command::Computer {
        variant: v,
        position: p,
        ..
    } = &mut cmd
    {
        *v = variant.map(Variant::from);
        *p = position;
    }
    cmd
}

/// Correspondence chess: challenge someone, then play one move at a time.
#[poise::command(
    slash_command,
    subcommands(
        "challenge",
        "computer",
        "accept",
        "decline",
        "cancel",
        "move_",
        "board",
        "draw",
        "resign",
        "abort",
        "takeback",
        "rematch",
        "pgn",
        "summary",
        "games",
        "history",
        "stats",
        "leaderboard",
        "help",
        "settings",
        "vacation",
        "moretime",
        // ---- leagues
        "league",
        // ---- premove
        "super::premove::premove",
        // ---- puzzles
        "puzzle"
    ),
    subcommand_required,
    description_localized("ru", "Шахматы по переписке: вызовите соперника и играйте по ходу"),
    description_localized(
        "ro",
        "Șah prin corespondență: provocați pe cineva, apoi jucați câte o mutare"
    ),
    description_localized("th", "หมากรุกแบบเดินข้ามวัน: ท้าคู่แข่ง แล้วเดินทีละตา")
)]
pub async fn chess(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge someone (or anyone, if nobody is named) to a game in this channel.
#[allow(clippy::too_many_arguments)]
#[poise::command(
    slash_command,
    description_localized(
        "ru",
        "Вызвать соперника (или любого желающего) на партию в этом канале"
    ),
    description_localized(
        "ro",
        "Provocați pe cineva (sau pe oricine) la o partidă în acest canal"
    ),
    description_localized("th", "ท้าใครสักคน (หรือใครก็ได้) เล่นหมากรุกในห้องนี้")
)]
async fn challenge(
    ctx: Context<'_>,
    #[description_localized("ru", "Соперник; оставьте пустым для открытого вызова")]
    #[description_localized("ro", "Adversarul; lăsați gol pentru o provocare deschisă")]
    #[description_localized("th", "คู่แข่ง เว้นว่างไว้เพื่อเปิดคำท้าให้ทุกคน")]
    #[description = "Who to play; leave empty for an open challenge"]
    opponent: Option<serenity::User>,
    #[description_localized("ru", "Ваш цвет (по умолчанию по жребию)")]
    #[description_localized("ro", "Culoarea dumneavoastră (implicit la sorți)")]
    #[description_localized("th", "ฝ่ายของคุณ (ค่าเริ่มต้น: สุ่ม)")]
    #[description = "Your colour (default: random)"]
    color: Option<ColorOption>,
    #[description_localized("ru", "Дней на ход, от 1 до 14 (по умолчанию 3)")]
    #[description_localized("ro", "Zile pe mutare, de la 1 la 14 (implicit 3)")]
    #[description_localized("th", "จำนวนวันต่อตา 1 ถึง 14 (ค่าเริ่มต้น 3)")]
    #[description = "Days per move, 1 to 14 (default 3)"]
    #[min = 1]
    #[max = 14]
    days: Option<u32>,
    #[description_localized(
        "ru",
        "house: повторение и 50 ходов завершают партию; fide: ничью надо потребовать"
    )]
    #[description_localized(
        "ro",
        "house: repetiția și 50 de mutări închid partida; fide: remiza se cere"
    )]
    #[description_localized("th", "house: ตำแหน่งซ้ำและ 50 ตาจบเกมทันที; fide: ต้องขอเสมอเอง")]
    #[description = "house: repetition and 50 moves end the game; fide: they are claims"]
    rules: Option<RulesOption>,
    #[description_localized("ru", "Начать с этой позиции (FEN) вместо обычной")]
    #[description_localized("ro", "Începeți din această poziție (FEN) în locul celei obișnuite")]
    #[description_localized("th", "เริ่มจากตำแหน่งนี้ (FEN) แทนตำแหน่งปกติ")]
    #[description = "Start from this position (FEN) instead of the usual one"]
    #[max_length = 100]
    fen: Option<String>,
    #[description_localized("ru", "Рейтинговая партия (по умолчанию да; с FEN никогда)")]
    #[description_localized("ro", "Partidă cu rating (implicit da; niciodată cu FEN)")]
    #[description_localized("th", "นับเรตติ้ง (ค่าเริ่มต้น: ใช่; ไม่นับเมื่อใช้ FEN)")]
    #[description = "Counts for ratings (default: yes; never from a FEN)"]
    rated: Option<bool>,
    #[description_localized("ru", "standard или chess960 (шахматы Фишера); по умолчанию standard")]
    #[description_localized("ro", "standard sau chess960 (șah Fischer); implicit standard")]
    #[description_localized("th", "standard หรือ chess960 (หมากรุกฟิชเชอร์) ค่าเริ่มต้น standard")]
    #[description = "standard or chess960 (Fischer random); default standard"]
    variant: Option<VariantOption>,
    #[description_localized(
        "ru",
        "Начальная позиция Chess960, от 0 до 959 (по умолчанию случайная)"
    )]
    #[description_localized(
        "ro",
        "Poziția de start Chess960, de la 0 la 959 (implicit la întâmplare)"
    )]
    #[description_localized("th", "ตำแหน่งเริ่มต้น Chess960 0 ถึง 959 (ค่าเริ่มต้น: สุ่ม)")]
    #[description = "Chess960 start position, 0 to 959 (default: random)"]
    #[min = 0]
    #[max = 959]
    position: Option<u32>,
) -> Result<(), Error> {
    let opponent = opponent.map(|u| option_actor(ctx, &u));
    let mut cmd = challenge_command(opponent, color, days, rules, fen);
    if let (Command::Challenge { rated: r, .. }, Some(v)) = (&mut cmd, rated) {
        *r = v;
    }
    run(ctx, with_variant(cmd, variant, position)).await
}

/// Play the computer (Stockfish) here, starting at once; never rated.
#[poise::command(
    slash_command,
    description_localized(
        "ru",
        "Сразу начать здесь партию с компьютером (Stockfish), без рейтинга"
    ),
    description_localized("ro", "Jucați aici cu calculatorul (Stockfish), imediat; fără rating"),
    description_localized("th", "เล่นกับคอมพิวเตอร์ (Stockfish) ในห้องนี้ได้ทันที ไม่นับเรตติ้ง")
)]
async fn computer(
    ctx: Context<'_>,
    #[description_localized("ru", "Уровень: 1 самый слабый, 8 полная сила (по умолчанию 3)")]
    #[description_localized("ro", "Nivelul: 1 cel mai slab, 8 forța maximă (implicit 3)")]
    #[description_localized("th", "ระดับ: 1 อ่อนที่สุด 8 เต็มกำลัง (ค่าเริ่มต้น 3)")]
    #[description = "Level: 1 is the weakest, 8 full strength (default 3)"]
    #[min = 1]
    #[max = 8]
    level: Option<u8>,
    #[description_localized("ru", "Ваш цвет (по умолчанию по жребию)")]
    #[description_localized("ro", "Culoarea dumneavoastră (implicit la sorți)")]
    #[description_localized("th", "ฝ่ายของคุณ (ค่าเริ่มต้น: สุ่ม)")]
    #[description = "Your colour (default: random)"]
    color: Option<ColorOption>,
    #[description_localized("ru", "Ваших дней на ход, от 1 до 14 (по умолчанию 3)")]
    #[description_localized("ro", "Zilele dumneavoastră pe mutare, de la 1 la 14 (implicit 3)")]
    #[description_localized("th", "จำนวนวันต่อตาของคุณ 1 ถึง 14 (ค่าเริ่มต้น 3)")]
    #[description = "Your days per move, 1 to 14 (default 3)"]
    #[min = 1]
    #[max = 14]
    days: Option<u32>,
    #[description_localized("ru", "Начать с этой позиции (FEN) вместо обычной")]
    #[description_localized("ro", "Începeți din această poziție (FEN) în locul celei obișnuite")]
    #[description_localized("th", "เริ่มจากตำแหน่งนี้ (FEN) แทนตำแหน่งปกติ")]
    #[description = "Start from this position (FEN) instead of the usual one"]
    #[max_length = 100]
    fen: Option<String>,
    #[description_localized("ru", "standard или chess960 (шахматы Фишера); по умолчанию standard")]
    #[description_localized("ro", "standard sau chess960 (șah Fischer); implicit standard")]
    #[description_localized("th", "standard หรือ chess960 (หมากรุกฟิชเชอร์) ค่าเริ่มต้น standard")]
    #[description = "standard or chess960 (Fischer random); default standard"]
    variant: Option<VariantOption>,
    #[description_localized(
        "ru",
        "Начальная позиция Chess960, от 0 до 959 (по умолчанию случайная)"
    )]
    #[description_localized(
        "ro",
        "Poziția de start Chess960, de la 0 la 959 (implicit la întâmplare)"
    )]
    #[description_localized("th", "ตำแหน่งเริ่มต้น Chess960 0 ถึง 959 (ค่าเริ่มต้น: สุ่ม)")]
    #[description = "Chess960 start position, 0 to 959 (default: random)"]
    #[min = 0]
    #[max = 959]
    position: Option<u32>,
) -> Result<(), Error> {
    let cmd = computer_command(level, color, days, fen);
    run(ctx, with_variant(cmd, variant, position)).await
}

/// Accept the challenge in this channel.
#[poise::command(
    slash_command,
    description_localized("ru", "Принять вызов в этом канале"),
    description_localized("ro", "Acceptați provocarea din acest canal"),
    description_localized("th", "รับคำท้าในห้องนี้")
)]
async fn accept(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Accept).await
}

/// Decline the challenge in this channel.
#[poise::command(
    slash_command,
    description_localized("ru", "Отклонить вызов в этом канале"),
    description_localized("ro", "Refuzați provocarea din acest canal"),
    description_localized("th", "ปฏิเสธคำท้าในห้องนี้")
)]
async fn decline(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Decline).await
}

/// Withdraw your challenge in this channel.
#[poise::command(
    slash_command,
    description_localized("ru", "Отозвать свой вызов в этом канале"),
    description_localized("ro", "Retrageți-vă provocarea din acest canal"),
    description_localized("th", "ถอนคำท้าของคุณในห้องนี้")
)]
async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Cancel).await
}

/// How long move suggestions may take (Discord waits three seconds for an
/// autocomplete answer, which cannot be deferred).
pub const AUTOCOMPLETE_WITHIN: std::time::Duration = std::time::Duration::from_secs(2);

/// Suggests the caller's legal moves matching what has been typed, in the
/// caller's notation (`Кf3 (Nf3)` shown, `Кf3` sent for a Russian player).
async fn complete_move(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let (place, actor) = caller(ctx);
    let service = &ctx.data().service;
    // Autocomplete cannot be deferred: with a slow database, offer nothing
    // rather than miss Discord's three seconds.
    let lookup = async {
        let locale = service.locale_for(&place, prefs_of(ctx)).await;
        (locale, service.legal_moves(&place, &actor).await)
    };
    let (locale, moves) = tokio::time::timeout(AUTOCOMPLETE_WITHIN, lookup)
        .await
        .unwrap_or_else(|_| {
            tracing::warn!("move suggestions took too long; none offered");
            (prefs_of(ctx).user_or_guild(), Vec::new())
        });
    let choices = local_choices(&moves, partial, locale)
        .into_iter()
        .map(|(shown, value)| serenity::AutocompleteChoice::new(shown, value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The autocomplete choices `(shown, sent)` for a player of `l`: the moves
/// in local notation ranked against what was typed; the text sent is the
/// local notation, which the service reads back in the same language. In
/// Russian, typed international letters find the moves too (Latin letters
/// keep their meaning there); never in Romanian, where Latin N is a bishop.
#[must_use]
pub fn local_choices(moves: &[String], typed: &str, l: Locale) -> Vec<(String, String)> {
    let local: Vec<String> = moves
        .iter()
        .map(|m| crate::i18n::notation::from_standard(m, l))
        .collect();
    let mut ranked = rank_moves(&local, typed);
    if ranked.is_empty() && l == Locale::Ru {
        ranked = rank_moves(moves, typed)
            .iter()
            .map(|m| crate::i18n::notation::from_standard(m, l))
            .collect();
    }
    ranked
        .into_iter()
        .filter_map(|shown_local| {
            let i = local.iter().position(|m| *m == shown_local)?;
            let san = moves.get(i)?;
            Some((msg::san_local(l, san), shown_local))
        })
        .collect()
}

/// Make your move (SAN like Nf3, e4, O-O; or UCI like g1f3).
#[poise::command(
    slash_command,
    rename = "move",
    description_localized("ru", "Сделать ход (Кf3, e4, 0-0 или g1f3)"),
    description_localized("ro", "Mutați (Cf3, e4, O-O sau g1f3)"),
    description_localized("th", "เดินหมาก (Nf3, e4, O-O หรือ g1f3)")
)]
async fn move_(
    ctx: Context<'_>,
    #[description_localized("ru", "Ваш ход, например e4, Кf3, exd5, 0-0, e8Ф или g1f3")]
    #[description_localized("ro", "Mutarea, de exemplu e4, Cf3, exd5, O-O, e8=D sau g1f3")]
    #[description_localized("th", "ตาเดินของคุณ เช่น e4, Nf3, exd5, O-O, e8=Q หรือ g1f3")]
    #[description = "Your move, e.g. e4, Nf3, exd5, O-O, e8=Q or g1f3"]
    #[autocomplete = "complete_move"]
    #[rename = "move"]
    text: String,
) -> Result<(), Error> {
    run(ctx, Command::Move { text }).await
}

/// Show the board of the game in this channel.
#[poise::command(
    slash_command,
    description_localized("ru", "Показать доску партии в этом канале"),
    description_localized("ro", "Arată tabla partidei din acest canal"),
    description_localized("th", "แสดงกระดานของเกมในห้องนี้")
)]
async fn board(
    ctx: Context<'_>,
    #[description_localized("ru", "Внизу сторона, которая не ходит (обычно внизу та, чей ход)")]
    #[description_localized(
        "ro",
        "Jos partea care nu este la mutare (de obicei jos e cea la mutare)"
    )]
    #[description_localized("th", "ให้ฝ่ายที่ไม่ได้เดินอยู่ด้านล่าง (ปกติฝ่ายที่ต้องเดินอยู่ด้านล่าง)")]
    #[description = "Show the side not to move at the bottom (by default the side to move is)"]
    flip: Option<bool>,
    // ---- premove: the board for you alone, with your private note.
    #[description_localized("ru", "Только для вас, с вашей личной заметкой")]
    #[description_localized("ro", "Doar pentru dumneavoastră, cu nota dumneavoastră privată")]
    #[description_localized("th", "ให้คุณเห็นคนเดียว พร้อมบันทึกส่วนตัวของคุณ")]
    #[description = "For you alone, with your private note"]
    private: Option<bool>,
) -> Result<(), Error> {
    run(
        ctx,
        Command::Board {
            flip: flip.unwrap_or(false),
            private: private.unwrap_or(false),
        },
    )
    .await
}

/// Offer a draw, or accept your opponent's offer.
#[poise::command(
    slash_command,
    description_localized("ru", "Предложить ничью или принять предложение соперника"),
    description_localized("ro", "Propuneți remiză sau acceptați propunerea adversarului"),
    description_localized("th", "ขอเสมอ หรือรับข้อเสนอเสมอของคู่แข่ง")
)]
async fn draw(
    ctx: Context<'_>,
    #[description_localized(
        "ru",
        "Потребовать ничью: троекратное повторение или 50 ходов (правила FIDE)"
    )]
    #[description_localized(
        "ro",
        "Cereți remiză: repetare de trei ori sau 50 de mutări (reguli FIDE)"
    )]
    #[description_localized("th", "ขอเสมอเมื่อตำแหน่งซ้ำสามครั้งหรือครบ 50 ตา (กติกา FIDE)")]
    #[description = "Claim a draw by threefold repetition or the 50-move rule (FIDE rules)"]
    claim: Option<bool>,
    #[description_localized("ru", "Ход, который даёт повторение или 50-й ход (необязательно)")]
    #[description_localized("ro", "Mutarea care produce repetarea sau a 50-a mutare (opțional)")]
    #[description_localized("th", "ตาเดินที่ทำให้ตำแหน่งซ้ำหรือครบ 50 ตา (ไม่บังคับ)")]
    #[description = "With claim: the move that makes the repetition or the 50th move"]
    #[autocomplete = "complete_move"]
    #[rename = "move"]
    text: Option<String>,
) -> Result<(), Error> {
    // `claim` folded into `draw` (Discord allows 25 subcommands): a claim,
    // or a move given with it, is the claim; otherwise an offer.
    let command = if claim == Some(true) || (claim.is_none() && text.is_some()) {
        Command::Claim { text }
    } else {
        Command::Draw
    };
    run(ctx, command).await
}

/// Resign the game in this channel.
#[poise::command(
    slash_command,
    description_localized("ru", "Сдать партию в этом канале"),
    description_localized("ro", "Abandonați partida din acest canal"),
    description_localized("th", "ยอมแพ้เกมในห้องนี้")
)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Resign).await
}

/// Abort the game (only before both players have moved; no result).
#[poise::command(
    slash_command,
    description_localized(
        "ru",
        "Отменить партию без результата, пока обе стороны не сделали ход"
    ),
    description_localized(
        "ro",
        "Anulați partida fără rezultat, înainte ca ambele părți să fi mutat"
    ),
    description_localized("th", "ยกเลิกเกมโดยไม่มีผล ก่อนที่ทั้งสองฝ่ายจะได้เดิน")
)]
async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Abort).await
}

/// Ask to take back the last move (your opponent confirms).
#[poise::command(
    slash_command,
    description_localized("ru", "Попросить вернуть последний ход (соперник подтверждает)"),
    description_localized("ro", "Cereți retragerea ultimei mutări (adversarul confirmă)"),
    description_localized("th", "ขอคืนตาเดินล่าสุด (คู่แข่งต้องยืนยัน)")
)]
async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Takeback).await
}

/// Challenge the opponent of the last game here again, colours swapped.
#[poise::command(
    slash_command,
    description_localized("ru", "Реванш с соперником последней партии здесь, цвета меняются"),
    description_localized(
        "ro",
        "Revanșă cu adversarul ultimei partide de aici, culorile inversate"
    ),
    description_localized("th", "ขอแข่งใหม่กับคู่แข่งเกมล่าสุดในห้องนี้ โดยสลับฝ่าย")
)]
async fn rematch(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Rematch).await
}

/// Export a game as PGN (default: the game here, or the last one that ended here).
#[poise::command(
    slash_command,
    description_localized("ru", "Запись партии в PGN (по умолчанию идущая здесь или последняя)"),
    description_localized(
        "ro",
        "Partida în format PGN (implicit cea de aici sau ultima încheiată)"
    ),
    description_localized("th", "ส่งออกเกมเป็น PGN (ค่าเริ่มต้น: เกมในห้องนี้หรือเกมล่าสุด)")
)]
async fn pgn(
    ctx: Context<'_>,
    #[description_localized("ru", "Номер партии (из /chess games или /chess history)")]
    #[description_localized("ro", "Numărul partidei (din /chess games sau /chess history)")]
    #[description_localized("th", "หมายเลขเกม (จาก /chess games หรือ /chess history)")]
    #[description = "Game number (from /chess games or /chess history)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Command::Pgn { game }).await
}

/// Post a finished game's summary again (default: the last one here).
#[poise::command(
    slash_command,
    description_localized("ru", "Итог завершённой партии (по умолчанию последней здесь)"),
    description_localized("ro", "Rezumatul unei partide încheiate (implicit ultima de aici)"),
    description_localized("th", "สรุปเกมที่จบแล้ว (ค่าเริ่มต้น: เกมล่าสุดในห้องนี้)")
)]
async fn summary(
    ctx: Context<'_>,
    #[description_localized("ru", "Номер партии (из /chess history)")]
    #[description_localized("ro", "Numărul partidei (din /chess history)")]
    #[description_localized("th", "หมายเลขเกม (จาก /chess history)")]
    #[description = "Game number (from /chess history)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Command::Summary { game }).await
}

/// Your running games in every channel (only you see the list)
#[poise::command(
    slash_command,
    description_localized("ru", "Ваши текущие партии во всех каналах (список видите только вы)"),
    description_localized("ro", "Partidele tale în curs, în toate canalele (doar tu vezi lista)"),
    description_localized("th", "เกมที่คุณกำลังเล่นอยู่ในทุกห้อง (เห็นได้เฉพาะคุณ)")
)]
async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Games).await
}

/// List finished games (yours, or someone else's).
#[poise::command(
    slash_command,
    description_localized("ru", "Завершённые партии (ваши или другого игрока)"),
    description_localized("ro", "Partidele încheiate (ale dumneavoastră sau ale altcuiva)"),
    description_localized("th", "เกมที่จบแล้ว (ของคุณหรือของคนอื่น)")
)]
async fn history(
    ctx: Context<'_>,
    #[description_localized("ru", "Чьи партии (по умолчанию ваши)")]
    #[description_localized("ro", "Ale cui partide (implicit ale dumneavoastră)")]
    #[description_localized("th", "เกมของใคร (ค่าเริ่มต้น: ของคุณ)")]
    #[description = "Whose games (default: yours)"]
    user: Option<serenity::User>,
) -> Result<(), Error> {
    let user = user.map(|u| option_actor(ctx, &u));
    run(ctx, Command::History { user }).await
}

/// A player's rating and record; with `vs`, their head-to-head score.
#[poise::command(
    slash_command,
    description_localized("ru", "Рейтинг и результаты игрока; с vs — счёт личных встреч"),
    description_localized("ro", "Ratingul și rezultatele unui jucător; cu vs, scorul direct"),
    description_localized("th", "เรตติ้งและผลงานของผู้เล่น; ใส่ vs เพื่อดูสถิติที่เจอกัน")
)]
async fn stats(
    ctx: Context<'_>,
    #[description_localized("ru", "Чья статистика (по умолчанию ваша)")]
    #[description_localized("ro", "Statisticile cui (implicit ale dumneavoastră)")]
    #[description_localized("th", "สถิติของใคร (ค่าเริ่มต้น: ของคุณ)")]
    #[description = "Whose stats (default: yours)"]
    user: Option<serenity::User>,
    #[description_localized("ru", "Соперник для счёта личных встреч")]
    #[description_localized("ro", "Adversarul pentru scorul direct")]
    #[description_localized("th", "คู่แข่งที่จะดูสถิติที่เจอกัน")]
    #[description = "Opponent for the head-to-head score"]
    vs: Option<serenity::User>,
    #[description_localized("ru", "Рейтинги: standard (по умолчанию) или chess960")]
    #[description_localized("ro", "Ratingurile: standard (implicit) sau chess960")]
    #[description_localized("th", "เรตติ้ง: standard (ค่าเริ่มต้น) หรือ chess960")]
    #[description = "Which ratings: standard (default) or chess960"]
    variant: Option<VariantOption>,
) -> Result<(), Error> {
    let player = user.map(|u| option_actor(ctx, &u));
    let vs = vs.map(|u| option_actor(ctx, &u));
    let variant = variant.map(Variant::from).unwrap_or_default();
    run(
        ctx,
        Command::Stats {
            player,
            vs,
            variant,
        },
    )
    .await
}

/// "Chess stats" in a user's context menu: their rating and record.
#[poise::command(
    context_menu_command = "Chess stats",
    name_localized("ru", "Шахматная статистика"),
    name_localized("ro", "Statistici de șah"),
    name_localized("th", "สถิติหมากรุก")
)]
pub async fn stats_menu(ctx: Context<'_>, user: serenity::User) -> Result<(), Error> {
    let player = Some(option_actor(ctx, &user));
    run(
        ctx,
        Command::Stats {
            player,
            vs: None,
            variant: Variant::Standard,
        },
    )
    .await
}

/// The server's top rated players.
#[poise::command(
    slash_command,
    description_localized("ru", "Лучшие игроки сервера по рейтингу"),
    description_localized("ro", "Cei mai buni jucători ai serverului după rating"),
    description_localized("th", "ผู้เล่นเรตติ้งสูงสุดของเซิร์ฟเวอร์")
)]
async fn leaderboard(
    ctx: Context<'_>,
    #[description_localized("ru", "Рейтинги: standard (по умолчанию) или chess960")]
    #[description_localized("ro", "Ratingurile: standard (implicit) sau chess960")]
    #[description_localized("th", "เรตติ้ง: standard (ค่าเริ่มต้น) หรือ chess960")]
    #[description = "Which ratings: standard (default) or chess960"]
    variant: Option<VariantOption>,
) -> Result<(), Error> {
    let variant = variant.map(Variant::from).unwrap_or_default();
    run(ctx, Command::Leaderboard { variant }).await
}

/// Show or set the channel's language, your board view and your board theme.
#[poise::command(
    slash_command,
    description_localized("ru", "Язык канала, вид и тема ваших досок: показать или изменить"),
    description_localized(
        "ro",
        "Limba canalului, vederea și tema tablelor dumneavoastră: arată sau schimbă"
    ),
    description_localized("th", "ดูหรือตั้งภาษาของห้อง มุมมองและธีมกระดานของคุณ")
)]
async fn settings(
    ctx: Context<'_>,
    #[description_localized("ru", "Язык: en, th, ru или ro (пусто — показать текущий)")]
    #[description_localized("ro", "Limba: en, th, ru sau ro (gol pentru a vedea limba actuală)")]
    #[description_localized("th", "ภาษา: en, th, ru หรือ ro (เว้นว่างเพื่อดูภาษาปัจจุบัน)")]
    #[description = "The language: en, th, ru or ro (leave empty to see the current one)"]
    language: Option<LanguageOption>,
    #[description_localized("ru", "Какая сторона внизу на ваших досках")]
    #[description_localized("ro", "Ce parte este jos pe tablele dumneavoastră")]
    #[description_localized("th", "ฝ่ายใดอยู่ด้านล่างบนกระดานของคุณ")]
    #[description = "Which side your boards show at the bottom (auto: the side to move)"]
    board: Option<BoardViewOption>,
    #[description_localized("ru", "Цвета ваших досок")]
    #[description_localized("ro", "Culorile tablelor dumneavoastră")]
    #[description_localized("th", "สีของกระดานของคุณ")]
    #[description = "The colours of your boards"]
    theme: Option<ThemeOption>,
    #[rename = "notify"]
    #[description_localized("ru", "Куда присылать уведомления о вашем ходе и напоминания")]
    #[description_localized("ro", "Unde primiți anunțurile că sunteți la mutare și mementourile")]
    #[description_localized("th", "เลือกว่าจะรับการแจ้งว่าถึงตาคุณและการเตือนเวลาที่ไหน")]
    #[description = "Where your \"your move\" notices and reminders go"]
    notify: Option<NotifyOption>,
) -> Result<(), Error> {
    // `notify` folded into `settings` (Discord allows 25 subcommands).
    let mut commands = Vec::new();
    if language.is_some() || board.is_some() || theme.is_some() || notify.is_none() {
        commands.push(Command::Settings {
            language: language.map(Locale::from),
            board: board.map(BoardView::from),
            theme: theme.map(Theme::from),
        });
    }
    if let Some(target) = notify {
        commands.push(Command::Notify {
            target: target.into(),
        });
    }
    run_all(ctx, commands).await
}

/// How to play.
#[poise::command(
    slash_command,
    description_localized("ru", "Как играть"),
    description_localized("ro", "Cum se joacă"),
    description_localized("th", "วิธีเล่น")
)]
async fn help(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Help).await
}

/// Stop your clocks in all your games for some days (30 days a year).
#[poise::command(
    slash_command,
    description_localized("ru", "Остановить ваши часы во всех партиях на несколько дней"),
    description_localized("ro", "Opriți-vă ceasurile în toate partidele pentru câteva zile"),
    description_localized("th", "หยุดนาฬิกาในทุกเกมของคุณเป็นเวลาหลายวัน")
)]
async fn vacation(
    ctx: Context<'_>,
    #[description_localized("ru", "Дней отпуска (0 — вернуться раньше; пусто — сколько осталось)")]
    #[description_localized("ro", "Zile de vacanță (0 o încheie; gol arată câte au rămas)")]
    #[description_localized("th", "จำนวนวันลาพัก (0 เพื่อกลับก่อน เว้นว่างเพื่อดูวันที่เหลือ)")]
    #[description = "Days of vacation (0 ends it early; leave empty to see the days left)"]
    #[min = 0]
    #[max = 30]
    days: Option<u32>,
) -> Result<(), Error> {
    run(ctx, Command::Vacation { days }).await
}

/// Give the opponent to move one more day.
#[poise::command(
    slash_command,
    rename = "moretime",
    description_localized("ru", "Дать сопернику, чей сейчас ход, ещё один день"),
    description_localized("ro", "Dați adversarului aflat la mutare încă o zi"),
    description_localized("th", "ให้เวลาคู่แข่งที่ถึงตาเดินเพิ่มอีกหนึ่งวัน")
)]
async fn moretime(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Moretime).await
}

#[cfg(test)]
#[path = "commands_tests.rs"]
mod tests;
