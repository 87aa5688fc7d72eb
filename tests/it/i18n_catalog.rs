//! The Fluent catalogs: every locale has exactly the messages English has,
//! every message formats with the arguments the service passes (no missing
//! or unknown variables), selectors cover their cases, and the plural forms
//! come out right (Russian 1/2/5 days, Romanian 1/2/20 days).

use std::sync::LazyLock;

use chessbot::i18n::{self, Arg, Locale, TrError};
use chessbot::service::messages;

/// Every message and the argument names its function passes, as the
/// `messages!` blocks of `src/service/messages/` declare them: one line in
/// Rust per message (and one per language in the `.ftl` files).
static CONTRACT: LazyLock<Vec<(&'static str, &'static [&'static str])>> =
    LazyLock::new(|| messages::contract().collect());

/// Why a move is illegal (`illegal-move`) and why a claim is refused
/// (`claim-refused`): the `reason` keys the service passes.
const ILLEGAL_REASONS: &[&str] = &[
    "no_piece",
    "not_your_piece",
    "unreachable",
    "pinned",
    "in_check",
    "king_into_check",
    "exposes_king",
    "no_castling_rights",
    "castle_out_of_check",
    "castle_blocked",
    "castle_through_check",
    "castle_into_check",
];
const CLAIM_REASONS: &[&str] = &["not_fide", "nothing", "over"];
const BUTTONS: &[&str] = &[
    "accept-challenge",
    "decline-challenge",
    "accept-draw",
    "decline-draw",
    "resign",
    "resign-confirm",
    "resign-cancel",
    "rematch",
    "promote-queen",
    "promote-rook",
    "promote-bishop",
    "promote-knight",
];

const TERMINATIONS: &[&str] = &[
    "checkmate",
    "stalemate",
    "dead_position",
    "threefold_repetition",
    "fifty_moves",
    "fivefold_repetition",
    "seventyfive_moves",
    "agreement",
    "resignation",
    "timeout",
    "aborted",
];

const SUMMARY_CASES: &[&str] = &[
    "checkmate",
    "resignation",
    "resignation-draw",
    "timeout",
    "timeout-draw",
    "stalemate",
    "dead_position",
    "threefold_repetition",
    "fifty_moves",
    "fivefold_repetition",
    "seventyfive_moves",
    "agreement",
    "aborted",
    "other",
];

/// Every value worth trying for an argument; the first is the default.
fn samples(name: &str) -> Vec<Arg<'static>> {
    let s = |v: &[&'static str]| v.iter().map(|&x| Arg::from(x)).collect::<Vec<_>>();
    match name {
        "open" | "custom" | "check" | "provisional" | "on" | "one" => s(&["no", "yes"]),
        "left" | "returned" | "games" | "limit" => {
            [0, 1, 2, 5, 21, 30].into_iter().map(Arg::Num).collect()
        }
        "color" => s(&["white", "black", "random"]),
        "rules" => s(&["house", "fide"]),
        "days" => [3, 1, 2, 5, 11, 14, 20, 21, 22, 25, 101]
            .into_iter()
            .map(Arg::Num)
            .collect(),
        "plies" => vec![Arg::Num(1), Arg::Num(2)],
        "moves" | "count" => [1, 2, 5, 21, 22, 101].into_iter().map(Arg::Num).collect(),
        "kind" => s(&["win", "draw", "loss"]),
        "id" => vec![Arg::Num(12), Arg::Num(1234)],
        "case" => s(SUMMARY_CASES),
        "termination" => {
            let mut v = s(TERMINATIONS);
            v.push(Arg::from("something_new"));
            v
        }
        "until" => s(&["2026-01-02 03:04 UTC"]),
        "number" => s(&["12. ", "12... "]),
        "san" => s(&["Nf3"]),
        "local" => s(&["Кf3"]),
        "result" => s(&["1-0", "1/2-1/2"]),
        "reason" => s(&[ILLEGAL_REASONS, CLAIM_REASONS, &["something_new"]].concat()),
        "role" => s(&["knight", "pawn", "bishop", "rook", "queen", "king"]),
        "side" => s(&["king", "queen"]),
        "square" => s(&["e4"]),
        "set" => s(&["yes", "no"]),
        "language" => s(&["en", "th", "ru", "ro"]),
        "button" => s(BUTTONS),
        "candidates" => s(&["Nbd2, Nfd2"]),
        "input" => s(&["Nd2"]),
        "directive" => s(&["fly"]),
        "detail" => s(&["the detail"]),
        "given" => s(&["20"]),
        "name" | "command" | "value" | "arg" => s(&["xyz"]),
        "engine_first" => s(&["no", "yes"]),
        "max" => vec![Arg::Num(30)],
        "rounds" => vec![Arg::Num(1), Arg::Num(2)],
        "view" => s(&["auto", "white", "black"]),
        "theme" => s(&["brown", "blue", "green", "high-contrast"]),
        "unit" => s(&["days", "hours", "minutes"]),
        "n" => [1, 2, 5, 20, 21, 22, 101]
            .into_iter()
            .map(Arg::Num)
            .collect(),
        "own" => s(&["no", "yes"]),
        "motif" => s(&["mate", "material", "advantage"]),
        _ => s(&["somebody"]),
    }
}

fn base_args(names: &[&str]) -> Vec<(&'static str, Arg<'static>)> {
    names
        .iter()
        .map(|&n| {
            let name: &'static str = CONTRACT
                .iter()
                .flat_map(|(_, a)| a.iter())
                .find(|&&a| a == n)
                .copied()
                .unwrap_or("?");
            (name, samples(n).remove(0))
        })
        .collect()
}

/// Every argument list to try for a message: the defaults, then each
/// argument through all its sample values.
fn variations(names: &[&str]) -> Vec<Vec<(&'static str, Arg<'static>)>> {
    let base = base_args(names);
    let mut all = vec![base.clone()];
    for (i, n) in names.iter().enumerate() {
        for v in samples(n).into_iter().skip(1) {
            let mut a = base.clone();
            a[i].1 = v;
            all.push(a);
        }
    }
    all
}

#[test]
fn the_contract_is_exactly_the_english_catalog() {
    let english = i18n::keys(Locale::En);
    let contract: Vec<&str> = CONTRACT.iter().map(|(k, _)| *k).collect();
    for k in &english {
        assert!(
            contract.contains(&k.as_str()),
            "en has `{k}` but the contract does not"
        );
    }
    for k in &contract {
        assert!(
            english.iter().any(|e| e == k),
            "contract has `{k}` but en does not"
        );
    }
}

#[test]
fn every_locale_has_exactly_the_english_keys() {
    let english = i18n::keys(Locale::En);
    for l in Locale::ALL {
        let keys = i18n::keys(l);
        for k in &english {
            assert!(keys.contains(k), "{l} lacks `{k}`");
        }
        for k in &keys {
            assert!(english.contains(k), "{l} has `{k}`, which en lacks");
        }
        let mut sorted = keys.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), keys.len(), "{l} defines a message twice");
    }
}

#[test]
fn every_catalog_parses_cleanly() {
    for l in Locale::ALL {
        assert_eq!(i18n::parse_errors(l), Vec::<String>::new(), "{l}");
    }
}

#[test]
fn every_message_formats_with_its_arguments_in_every_locale() {
    for l in Locale::ALL {
        for (key, names) in CONTRACT.iter() {
            for args in variations(names) {
                match i18n::try_tr(l, key, &args) {
                    Ok(text) => {
                        // `card-how` says nothing for a termination the
                        // card's headline needs no words for.
                        assert!(
                            !text.trim().is_empty() || *key == "card-how",
                            "{l} {key}: empty"
                        );
                        assert!(!text.contains('{'), "{l} {key}: placeable left: {text}");
                        assert!(
                            !text.contains(['\u{2068}', '\u{2069}']),
                            "{l} {key}: isolation marks"
                        );
                    }
                    Err(TrError::Missing) => panic!("{l} lacks {key}"),
                    Err(TrError::Format(text, errors)) => {
                        panic!("{l} {key} {args:?}: {errors:?} -> {text}")
                    }
                }
            }
        }
    }
}

#[test]
fn every_selector_case_has_its_own_wording() {
    for l in Locale::ALL {
        for (key, arg, values) in [
            ("summary", "case", SUMMARY_CASES),
            ("termination", "termination", TERMINATIONS),
        ] {
            let names = CONTRACT.iter().find(|(k, _)| *k == key).map(|(_, a)| *a);
            let mut seen = std::collections::HashSet::new();
            for v in values {
                let args: Vec<(&str, Arg<'_>)> = base_args(names.unwrap_or(&[]))
                    .into_iter()
                    .map(|(n, a)| if n == arg { (n, Arg::from(*v)) } else { (n, a) })
                    .collect();
                let text = i18n::tr(l, key, &args);
                assert!(seen.insert(text.clone()), "{l} {key}: `{v}` repeats {text}");
            }
        }
    }
}

fn days_in(l: Locale, days: i64) -> String {
    i18n::tr(
        l,
        "challenge-posted",
        &[
            ("open", "yes".into()),
            ("challenger", "alice".into()),
            ("opponent", "".into()),
            ("color", "random".into()),
            ("days", days.into()),
            ("rules", "house".into()),
            ("custom", "no".into()),
        ],
    )
}

#[test]
fn russian_days_take_the_three_plural_forms() {
    for (n, want) in [
        (1, "1 день на ход"),
        (2, "2 дня на ход"),
        (4, "4 дня на ход"),
        (5, "5 дней на ход"),
        (11, "11 дней на ход"),
        (14, "14 дней на ход"),
        (21, "21 день на ход"),
        (22, "22 дня на ход"),
    ] {
        let text = days_in(Locale::Ru, n);
        assert!(text.contains(want), "{n}: {text}");
    }
}

#[test]
fn romanian_days_take_de_from_twenty() {
    for (n, want) in [
        (1, "1 zi pe mutare"),
        (2, "2 zile pe mutare"),
        (14, "14 zile pe mutare"),
        (20, "20 de zile pe mutare"),
    ] {
        let text = days_in(Locale::Ro, n);
        assert!(text.contains(want), "{n}: {text}");
    }
}

#[test]
fn english_and_thai_days() {
    assert!(days_in(Locale::En, 1).contains("1 day per move"));
    assert!(days_in(Locale::En, 3).contains("3 days per move"));
    assert!(days_in(Locale::Th, 3).contains("ตาละ 3 วัน"));
}

#[test]
fn english_wording_is_the_original_catalog() {
    assert_eq!(
        days_in(Locale::En, 3),
        "alice opens a challenge: anyone here may accept (colours drawn at random, 3 days per move, house rules). Answer with `/chess accept`."
    );
    let moved = |san: &str| {
        i18n::tr(
            Locale::En,
            "moved",
            &[
                ("by", "alice".into()),
                ("number", "1. ".into()),
                ("san", san.into()),
                ("next", "bob".into()),
                ("until", "2026-01-04 00:00 UTC".into()),
            ],
        )
    };
    assert_eq!(
        moved("e4"),
        "alice played 1. e4. bob to move, deadline 2026-01-04 00:00 UTC."
    );
    // The SAN's `+` says check; the message does not say it again.
    assert_eq!(
        moved("Qf3+"),
        "alice played 1. Qf3+. bob to move, deadline 2026-01-04 00:00 UTC."
    );
    assert_eq!(
        i18n::tr(
            Locale::En,
            "summary",
            &[
                ("case", "checkmate".into()),
                ("winner", "alice".into()),
                ("loser", "bob".into()),
                ("result", "1-0".into()),
                ("termination", "checkmate".into()),
            ]
        ),
        "Checkmate: alice wins. Result: 1-0."
    );
    assert_eq!(
        i18n::tr(Locale::En, "unterminated-quote", &[]),
        "A quoted value is missing its closing `\"`. `/chess help` shows the options."
    );
}

#[test]
fn localized_summaries_use_the_chess_words() {
    let mate = |l| {
        i18n::tr(
            l,
            "summary",
            &[
                ("case", "checkmate".into()),
                ("winner", "alice".into()),
                ("loser", "bob".into()),
                ("result", "1-0".into()),
                ("termination", "checkmate".into()),
            ],
        )
    };
    assert_eq!(mate(Locale::Ru), "Мат: побеждает alice. Результат: 1-0.");
    assert_eq!(mate(Locale::Ro), "Șah mat: câștigă alice. Rezultat: 1-0.");
    assert!(mate(Locale::Th).starts_with("รุกจน!"));
    let stalemate = |l| {
        i18n::tr(
            l,
            "summary",
            &[
                ("case", "stalemate".into()),
                ("winner", "".into()),
                ("loser", "".into()),
                ("result", "1/2-1/2".into()),
                ("termination", "stalemate".into()),
            ],
        )
    };
    assert!(stalemate(Locale::Ru).contains("Пат"));
    assert!(stalemate(Locale::Ro).contains("pat"));
    assert!(stalemate(Locale::Th).contains("อับ"));
}

#[test]
fn help_explains_the_piece_letters_of_each_language() {
    use chessbot::service::help::help_text;
    assert!(help_text(Locale::Th).contains("N = ม้า"));
    assert!(help_text(Locale::Ru).contains("Кр — король"));
    assert!(help_text(Locale::Ro).contains("N nebun"));
    assert!(help_text(Locale::En).starts_with("Correspondence chess. Commands:\n/chess challenge"));
}

/// The localized wording of `key` for every value of `arg` (other
/// arguments at their defaults).
fn wordings(l: Locale, key: &str, arg: &str, values: &[&'static str]) -> Vec<String> {
    let names = CONTRACT
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, a)| *a)
        .unwrap_or(&[]);
    values
        .iter()
        .map(|v| {
            let args: Vec<(&str, Arg<'_>)> = base_args(names)
                .into_iter()
                .map(|(n, a)| if n == arg { (n, Arg::from(*v)) } else { (n, a) })
                .collect();
            i18n::tr(l, key, &args)
        })
        .collect()
}

#[test]
fn illegal_moves_and_refused_claims_are_explained_in_each_language() {
    for l in [Locale::Th, Locale::Ru, Locale::Ro] {
        for (key, values) in [
            ("illegal-move", ILLEGAL_REASONS),
            ("claim-refused", CLAIM_REASONS),
            ("button-label", BUTTONS),
        ] {
            let arg = if key == "button-label" {
                "button"
            } else {
                "reason"
            };
            let texts = wordings(l, key, arg, values);
            let mut seen = std::collections::HashSet::new();
            for (v, t) in values.iter().zip(&texts) {
                assert!(
                    !t.contains("the detail"),
                    "{l} {key} {v}: English detail in {t}"
                );
                assert!(seen.insert(t.clone()), "{l} {key}: `{v}` repeats {t}");
            }
        }
    }
    // English keeps the rules core's own sentence, said once.
    assert_eq!(
        wordings(Locale::En, "illegal-move", "reason", &["pinned"])[0],
        "the detail."
    );
}

#[test]
fn button_labels_and_adapter_texts_keep_their_english_wording() {
    let en = wordings(Locale::En, "button-label", "button", BUTTONS);
    assert_eq!(
        en,
        [
            "Accept",
            "Decline",
            "Accept draw",
            "Decline draw",
            "Resign",
            "Yes, resign",
            "Keep playing",
            "Rematch",
            "Queen",
            "Rook",
            "Bishop",
            "Knight",
        ]
    );
    assert_eq!(
        i18n::tr(Locale::En, "resign-question", &[]),
        "Resign this game? This cannot be undone."
    );
    assert_eq!(
        i18n::tr(Locale::En, "resign-dropped", &[]),
        "You keep playing."
    );
    assert_eq!(i18n::tr(Locale::En, "done", &[]), "Done.");
    assert_eq!(
        i18n::tr(Locale::En, "console-bad-span", &[("given", "3x".into())]),
        "Cannot read `3x` as a time span: use e.g. `3d`, `5h`, `30m`."
    );
}

#[test]
fn a_message_is_declared_once() {
    let mut seen: std::collections::HashMap<&str, &[&str]> = std::collections::HashMap::new();
    for (key, names) in CONTRACT.iter() {
        if let Some(before) = seen.insert(key, names) {
            assert_eq!(
                before, *names,
                "`{key}` is declared twice, with other arguments"
            );
        }
    }
}

#[test]
fn every_message_is_worded_through_its_declaration() {
    // The catalog functions come from the `messages!` blocks: no wrapper
    // formats a key by hand (its key and arguments would escape the
    // contract above).
    let service = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/service");
    // The shared catalog files and each area's own.
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(service.join("messages"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    for entry in std::fs::read_dir(&service).unwrap() {
        let catalog = entry.unwrap().path().join("catalog.rs");
        if catalog.is_file() {
            files.push(catalog);
        }
    }
    assert!(files.len() > 10, "{files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let calls = text
            .match_indices("tr(")
            .filter(|(i, _)| {
                let before = text[..*i].chars().next_back();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
            })
            .count();
        // The macro itself formats through `tr(` once.
        let allowed = usize::from(path.ends_with("declare.rs"));
        assert!(
            calls <= allowed,
            "{}: formats a message outside a messages! block",
            path.display()
        );
    }
}

#[test]
fn counted_limits_take_their_plural_forms() {
    let full = |l: Locale, max: i64| {
        i18n::tr(
            l,
            "league-full",
            &[("name", "Cup".into()), ("max", max.into())],
        )
    };
    assert!(
        full(Locale::En, 1).ends_with("(1 player)."),
        "{}",
        full(Locale::En, 1)
    );
    assert!(full(Locale::En, 8).ends_with("(8 players)."));
    assert!(
        full(Locale::Ru, 1).ends_with("(1 игрок)."),
        "{}",
        full(Locale::Ru, 1)
    );
    assert!(full(Locale::Ru, 3).ends_with("(3 игрока)."));
    assert!(full(Locale::Ru, 5).ends_with("(5 игроков)."));
    assert!(full(Locale::Ru, 21).ends_with("(21 игрок)."));
    assert!(full(Locale::Ro, 2).ends_with("(2 jucători)."));
    assert!(full(Locale::Ro, 20).ends_with("(20 de jucători)."));
    let plies = |l: Locale, max: i64| i18n::tr(l, "premove-too-long", &[("max", max.into())]);
    assert!(plies(Locale::En, 1).contains("at most 1 move."));
    assert!(plies(Locale::Ru, 40).contains("не больше 40 ходов."));
    assert!(plies(Locale::Ru, 21).contains("не больше 21 хода."));
    assert!(plies(Locale::Ro, 40).contains("cel mult 40 de mutări."));
    assert!(plies(Locale::Ro, 12).contains("cel mult 12 mutări."));
}
