//! What makes players' clients trust the bot's device: cross-signing (the
//! account's master, self-signing and user-signing keys, the device signed
//! by the self-signing key), server-side key backup with secret storage
//! opened by the operator's recovery key or passphrase (so a bot whose
//! crypto store was lost gets its identity and room keys back), interactive
//! emoji verification (answered only when the operator allows it), and
//! getting room keys from the backup for messages it could not decrypt.
//!
//! Clients that share room keys only with cross-signed devices (Element's
//! "never send to unverified sessions", MSC4153) would otherwise never let
//! the bot read their moves.

use std::time::Duration;

use futures_util::StreamExt as _;
use matrix_sdk::Client;
use matrix_sdk::encryption::verification::{
    SasState, SasVerification, Verification, VerificationRequest, VerificationRequestState,
};
use matrix_sdk::encryption::{BackupDownloadStrategy, EncryptionSettings};
use matrix_sdk::ruma::api::client::uiaa;
use matrix_sdk::ruma::events::key::verification::request::ToDeviceKeyVerificationRequestEvent;
use matrix_sdk::ruma::events::room::message::{MessageType, OriginalSyncRoomMessageEvent};

/// The operator's choices (`MATRIX_RECOVERY_KEY`,
/// `MATRIX_ACCEPT_VERIFICATION`, the password for interactive auth).
#[derive(Clone, Default)]
pub struct TrustConfig {
    /// Recovery key (base58, as Element shows it) or passphrase of the
    /// account's secret storage; none: no key backup.
    pub recovery: Option<String>,
    /// Whether emoji verification requests are accepted and confirmed.
    pub accept_verification: bool,
    /// User and password for the server's interactive-auth step when the
    /// cross-signing keys are first uploaded.
    pub uia: Option<(String, String)>,
}

impl std::fmt::Debug for TrustConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TrustConfig")
            .field("recovery", &self.recovery.as_ref().map(|_| "<hidden>"))
            .field("accept_verification", &self.accept_verification)
            .field("uia", &self.uia.as_ref().map(|(u, _)| (u, "<hidden>")))
            .finish()
    }
}

/// How long a verification may take before the bot gives up on it.
const VERIFICATION_TIMEOUT: Duration = Duration::from_secs(300);

/// The SDK's encryption settings for the bot: room keys come back from the
/// backup all at once when its key is imported (a lost store), and one by
/// one for an event that fails to decrypt; cross-signing and backups are
/// set up by [`establish`] (which has the password and recovery key).
#[must_use]
pub(super) fn encryption_settings() -> EncryptionSettings {
    EncryptionSettings {
        auto_enable_cross_signing: false,
        backup_download_strategy: BackupDownloadStrategy::OneShot,
        auto_enable_backups: false,
    }
}

/// Why the bot's identity could not be set up (logged; the bot still
/// plays with clients that share keys with unverified devices).
#[derive(Debug, thiserror::Error)]
pub enum TrustError {
    #[error(
        "the homeserver refused to store the cross-signing keys ({0}); \
         if it asks for interactive authentication, set MATRIX_USER and \
         MATRIX_PASSWORD (also with MATRIX_ACCESS_TOKEN)"
    )]
    CrossSigning(String),
    #[error(
        "the key backup could not be opened with MATRIX_RECOVERY_KEY ({0}); \
         check the key, or reset the account's secret storage from a client"
    )]
    Recovery(String),
    #[error("the key backup could not be set up ({0})")]
    Backup(String),
    #[error("Matrix: {0}")]
    Sdk(String),
}

/// What [`establish`] found and did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustReport {
    /// The account's cross-signing keys were created now.
    pub bootstrapped: bool,
    /// Secrets (cross-signing keys, backup key) came from secret storage.
    pub recovered: bool,
    /// Secret storage and the key backup were created now.
    pub backup_created: bool,
    /// The device is signed by the account's self-signing key.
    pub device_cross_signed: bool,
}

/// Sets up the bot's identity after login: recovers secrets from secret
/// storage with the recovery key when the account has it, else creates the
/// cross-signing keys (answering interactive auth with the password) and,
/// with a recovery key, secret storage and a key backup; then makes sure
/// this device is signed by the self-signing key.
///
/// # Errors
/// The server refuses the keys, or the recovery key does not open the
/// account's secret storage.
pub async fn establish(client: &Client, cfg: &TrustConfig) -> Result<TrustReport, TrustError> {
    let sdk = |e: matrix_sdk::Error| TrustError::Sdk(e.to_string());
    let encryption = client.encryption();
    encryption.wait_for_e2ee_initialization_tasks().await;
    let mut report = TrustReport::default();

    let storage_on_server = encryption
        .secret_storage()
        .is_enabled()
        .await
        .map_err(sdk)?;
    if let Some(key) = &cfg.recovery
        && storage_on_server
    {
        let status = encryption.cross_signing_status().await;
        let complete = status.is_some_and(|s| s.is_complete());
        if !complete || !encryption.backups().are_enabled().await {
            encryption
                .recovery()
                .recover(key)
                .await
                .map_err(|e| TrustError::Recovery(e.to_string()))?;
            report.recovered = true;
            tracing::info!("cross-signing keys and key backup recovered from secret storage");
        }
    }

    // Cross-signing: create the account's keys unless it has them (the
    // private keys are then in this device's store).
    let had_keys = encryption
        .cross_signing_status()
        .await
        .is_some_and(|s| s.is_complete());
    if let Err(e) = encryption.bootstrap_cross_signing_if_needed(None).await {
        let Some(uiaa_info) = e.as_uiaa_response() else {
            return Err(TrustError::CrossSigning(e.to_string()));
        };
        let Some((user, password)) = &cfg.uia else {
            return Err(TrustError::CrossSigning(
                "interactive authentication needed and no password configured".to_string(),
            ));
        };
        let mut auth = uiaa::Password::new(
            uiaa::UserIdentifier::Matrix(uiaa::MatrixUserIdentifier::new(localpart(user))),
            password.clone(),
        );
        auth.session = uiaa_info.session.clone();
        encryption
            .bootstrap_cross_signing(Some(uiaa::AuthData::Password(auth)))
            .await
            .map_err(|e| TrustError::CrossSigning(e.to_string()))?;
    }
    report.bootstrapped = !had_keys
        && !report.recovered
        && encryption
            .cross_signing_status()
            .await
            .is_some_and(|s| s.is_complete());
    if report.bootstrapped {
        tracing::info!("cross-signing keys created and this device signed");
    }

    // Secret storage and the key backup, when the operator gave a key and
    // the account has none yet.
    if let Some(key) = &cfg.recovery
        && !storage_on_server
    {
        encryption
            .recovery()
            .enable()
            .with_passphrase(key)
            .await
            .map_err(|e| TrustError::Backup(e.to_string()))?;
        report.backup_created = true;
        tracing::info!(
            "secret storage and the key backup created (MATRIX_RECOVERY_KEY opens them)"
        );
    } else if cfg.recovery.is_none() {
        tracing::warn!(
            "no MATRIX_RECOVERY_KEY: the room keys are not backed up; a lost crypto store \
             means the bot cannot read what was sent before"
        );
    }

    // This device, signed by the self-signing key (a new login after a
    // recovery, or a device from before cross-signing existed).
    let own = encryption
        .get_own_device()
        .await
        .map_err(|e| TrustError::Sdk(e.to_string()))?;
    // The local copy of the device's signatures is refreshed only by a
    // later key query, so right after a bootstrap or a successful `verify`
    // (both upload the signature clients then see) it may still read
    // unsigned: what counts is whether the signature was uploaded.
    report.device_cross_signed = match own {
        Some(device) if device.is_cross_signed_by_owner() => true,
        Some(_) if report.bootstrapped => true,
        Some(device) => match device.verify().await {
            Ok(()) => true,
            Err(e) => {
                tracing::error!(
                    error = %e,
                    "could not sign the bot's device with its self-signing key: clients will \
                     show it unverified (docs/HOSTING.md, Matrix: the recovery steps)"
                );
                false
            }
        },
        None => false,
    };
    Ok(report)
}

/// The localpart of `@user:server` (or the text itself).
fn localpart(user: &str) -> String {
    user.strip_prefix('@')
        .and_then(|u| u.split(':').next())
        .unwrap_or(user)
        .to_string()
}

/// Answers verification requests (to-device and in-room): accepted and
/// confirmed when `accept` is set (the emoji are logged), else declined.
pub(super) fn handle_verification_requests(client: &Client, accept: bool) {
    client.add_event_handler(
        move |ev: ToDeviceKeyVerificationRequestEvent, client: Client| async move {
            let request = client
                .encryption()
                .get_verification_request(&ev.sender, &ev.content.transaction_id)
                .await;
            if let Some(request) = request {
                tokio::spawn(answer_request(request, accept));
            }
        },
    );
    client.add_event_handler(
        move |ev: OriginalSyncRoomMessageEvent, client: Client| async move {
            if !matches!(ev.content.msgtype, MessageType::VerificationRequest(_)) {
                return;
            }
            let request = client
                .encryption()
                .get_verification_request(&ev.sender, &ev.event_id)
                .await;
            if let Some(request) = request {
                tokio::spawn(answer_request(request, accept));
            }
        },
    );
}

/// One verification request, from request to done.
async fn answer_request(request: VerificationRequest, accept: bool) {
    let who = request.other_user_id().to_owned();
    if !accept {
        tracing::info!(user = %who, "verification request declined (MATRIX_ACCEPT_VERIFICATION is off)");
        if let Err(e) = request.cancel().await {
            tracing::warn!(user = %who, error = %e, "could not decline a verification request");
        }
        return;
    }
    tracing::info!(user = %who, "verification request accepted");
    let flow = async {
        if let Err(e) = request.accept().await {
            tracing::warn!(user = %who, error = %e, "could not accept a verification request");
            return;
        }
        let mut changes = request.changes();
        // The other side may have moved on before we listen.
        let mut state = Some(request.state());
        loop {
            match state.take() {
                Some(VerificationRequestState::Transitioned {
                    verification: Verification::SasV1(sas),
                    ..
                }) => {
                    run_sas(sas).await;
                    return;
                }
                Some(VerificationRequestState::Done | VerificationRequestState::Cancelled(_)) => {
                    return;
                }
                _ => {}
            }
            state = changes.next().await;
            if state.is_none() {
                return;
            }
        }
    };
    if tokio::time::timeout(VERIFICATION_TIMEOUT, flow)
        .await
        .is_err()
    {
        tracing::warn!(user = %who, "verification timed out");
        let _ = request.cancel().await;
    }
}

/// The emoji comparison: the bot cannot look at a screen, so with the
/// operator's consent it confirms and logs the emoji for them to compare.
async fn run_sas(sas: SasVerification) {
    let who = sas.other_user_id().to_owned();
    if let Err(e) = sas.accept().await {
        tracing::warn!(user = %who, error = %e, "could not accept the emoji verification");
        return;
    }
    let mut changes = sas.changes();
    let mut state = Some(sas.state());
    while let Some(s) = state.take() {
        match s {
            SasState::KeysExchanged { emojis, decimals } => {
                let shown = emojis.map_or_else(
                    || format!("{} {} {}", decimals.0, decimals.1, decimals.2),
                    |e| {
                        e.emojis
                            .iter()
                            .map(|e| format!("{} ({})", e.symbol, e.description))
                            .collect::<Vec<_>>()
                            .join(" ")
                    },
                );
                tracing::info!(user = %who, sas = %shown, "emoji verification: confirming");
                if let Err(e) = sas.confirm().await {
                    tracing::warn!(user = %who, error = %e, "could not confirm the emoji verification");
                    return;
                }
            }
            SasState::Done { .. } => {
                tracing::info!(user = %who, "verified by the user");
                return;
            }
            SasState::Cancelled(info) => {
                tracing::info!(user = %who, reason = info.reason(), "verification cancelled");
                return;
            }
            _ => {}
        }
        state = changes.next().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uia_user_is_the_localpart() {
        assert_eq!(localpart("@chessbot:example.org"), "chessbot");
        assert_eq!(localpart("chessbot"), "chessbot");
    }

    #[test]
    fn secrets_never_show_in_debug_output() {
        let cfg = TrustConfig {
            recovery: Some("EsTc-secret".into()),
            accept_verification: true,
            uia: Some(("@bot:hs".into(), "pw-secret".into())),
        };
        let shown = format!("{cfg:?}");
        assert!(!shown.contains("secret"), "{shown}");
        assert!(shown.contains("@bot:hs"));
    }
}
