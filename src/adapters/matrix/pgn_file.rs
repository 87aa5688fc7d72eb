//! Reading a PGN file sent to a room with a hard limit: the download is
//! read chunk by chunk and stopped past the limit, whatever size the
//! message declares (or leaves out), so a large file never lands in memory
//! whole.

use matrix_sdk::Client;
use matrix_sdk::ruma::events::room::MediaSource;
use matrix_sdk::ruma::events::room::message::FileMessageEventContent;

/// What a limited download found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Fetched {
    /// The file's bytes, at most the limit.
    Bytes(Vec<u8>),
    /// More than the limit: stopped there.
    TooLarge,
}

/// Downloads the content at `source` from the homeserver's authenticated
/// media API, stopping once more than `max` bytes came. For an encrypted
/// file these are its ciphertext (the same length as its text).
///
/// # Errors
/// No access token, a URL that does not parse, a refused or broken
/// download.
pub(super) async fn fetch_limited(
    client: &Client,
    source: &MediaSource,
    max: usize,
) -> Result<Fetched, String> {
    let mxc = match source {
        MediaSource::Plain(uri) => uri.clone(),
        MediaSource::Encrypted(file) => file.url.clone(),
    };
    let (server, media) = mxc.parts().map_err(|e| format!("a bad media URI: {e}"))?;
    let token = client
        .access_token()
        .ok_or_else(|| "not logged in".to_string())?;
    let url = client
        .homeserver()
        .join(&format!(
            "_matrix/client/v1/media/download/{server}/{media}"
        ))
        .map_err(|e| e.to_string())?;
    let mut response = matrix_sdk::reqwest::Client::new()
        .get(url)
        .bearer_auth(token)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !response.status().is_success() {
        return Err(format!("the homeserver answered {}", response.status()));
    }
    if response
        .content_length()
        .is_some_and(|n| usize::try_from(n).map_or(true, |n| n > max))
    {
        return Ok(Fetched::TooLarge);
    }
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| e.to_string())? {
        if bytes.len() + chunk.len() > max {
            return Ok(Fetched::TooLarge);
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(Fetched::Bytes(bytes))
}

/// The text of PGN file `file`, read within `max` bytes: `Ok(None)` when
/// it is larger. An encrypted file is first fetched within the limit, then
/// (known to be small) fetched and decrypted by the SDK.
///
/// # Errors
/// As [`fetch_limited`], and a file the SDK cannot decrypt.
pub(super) async fn pgn_text_within(
    client: &Client,
    file: &FileMessageEventContent,
    max: usize,
) -> Result<Option<String>, String> {
    match fetch_limited(client, &file.source, max).await? {
        Fetched::TooLarge => Ok(None),
        Fetched::Bytes(bytes) => match &file.source {
            MediaSource::Plain(_) => Ok(Some(String::from_utf8_lossy(&bytes).into_owned())),
            MediaSource::Encrypted(_) => match client.media().get_file(file, false).await {
                Ok(Some(plain)) if plain.len() > max => Ok(None),
                Ok(Some(plain)) => Ok(Some(String::from_utf8_lossy(&plain).into_owned())),
                Ok(None) => Ok(Some(String::new())),
                Err(e) => Err(e.to_string()),
            },
        },
    }
}
