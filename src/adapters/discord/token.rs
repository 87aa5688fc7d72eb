//! Checking the shape of a bot token before connecting, so a typo gives one
//! clear error line instead of a gateway failure.

/// Why a token was refused. The token itself is never part of the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error(
        "DISCORD_TOKEN is not set: set it to your bot token (see docs/HOSTING.md, \"Discord\"), or run `chessbot console` to play in the terminal without one"
    )]
    Missing,
    #[error(
        "DISCORD_TOKEN is malformed: a bot token is three dot-separated parts of letters, digits, '-' and '_' (copy it again from the Bot page of the Discord developer portal)"
    )]
    Malformed,
}

/// Checks that `raw` looks like a Discord bot token (an optional `Bot `
/// prefix, then three non-empty dot-separated base64url parts) and returns
/// it trimmed.
///
/// # Errors
/// [`TokenError::Missing`] for an empty value, [`TokenError::Malformed`]
/// for anything else that cannot be a token.
pub fn check_token(raw: Option<&str>) -> Result<String, TokenError> {
    let token = raw.map(str::trim).unwrap_or_default();
    if token.is_empty() {
        return Err(TokenError::Missing);
    }
    let bare = token.strip_prefix("Bot ").unwrap_or(token);
    let parts: Vec<&str> = bare.split('.').collect();
    let base64url = |p: &&str| {
        !p.is_empty()
            && p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    if parts.len() != 3 || !parts.iter().all(base64url) || parts[1].len() < 6 {
        return Err(TokenError::Malformed);
    }
    if serenity::utils::validate_token(bare).is_err() {
        return Err(TokenError::Malformed);
    }
    Ok(bare.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    // A made-up token of the right shape (not a real one).
    const SHAPED: &str = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcDE.abcdefghijklmnopqrstuvwxyz_-0123456789";

    #[test]
    fn well_shaped_token_is_accepted_and_trimmed() {
        assert_eq!(check_token(Some(SHAPED)), Ok(SHAPED.to_owned()));
        assert_eq!(
            check_token(Some(&format!("  {SHAPED}\n"))),
            Ok(SHAPED.to_owned())
        );
        assert_eq!(
            check_token(Some(&format!("Bot {SHAPED}"))),
            Ok(SHAPED.to_owned())
        );
    }

    #[test]
    fn missing_or_blank_token_is_missing() {
        assert_eq!(check_token(None), Err(TokenError::Missing));
        assert_eq!(check_token(Some("")), Err(TokenError::Missing));
        assert_eq!(check_token(Some("   ")), Err(TokenError::Missing));
    }

    #[test]
    fn wrong_shapes_are_malformed() {
        for bad in [
            "hello",
            "a.b",
            "a.bcdefg.c.d",
            "abc..def",
            "abc.defghi.",
            "abc.def ghi.jkl",
            "abc.de+f/gh.ijk",
            "abc.de.fgh",
        ] {
            assert_eq!(check_token(Some(bad)), Err(TokenError::Malformed), "{bad}");
        }
    }

    #[test]
    fn error_messages_are_one_line_and_never_contain_the_token() {
        for e in [TokenError::Missing, TokenError::Malformed] {
            let m = e.to_string();
            assert!(!m.contains('\n'));
            assert!(!m.contains(SHAPED));
        }
        assert!(TokenError::Missing.to_string().contains("chessbot console"));
    }
}
