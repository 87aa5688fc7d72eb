//! An unreachable database: commands are answered `unavailable` (once
//! after trying, then at once without trying) and nothing changes.

use chessbot::store::Store;

use crate::support::scenario::{Replies, Scenario};

#[tokio::test]
async fn an_unreachable_database_is_answered_unavailable_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("x.db").display());
    let store = Store::open(&url).await.expect("store");
    let h = Scenario::builder().store(store.clone()).open().await;
    assert!(
        h.say("alice", "/chess challenge @bob")
            .await
            .codes()
            .is_empty()
    );

    // The database goes away (here: its pool is closed).
    store.close().await;
    let first = h.say("bob", "/chess accept").await;
    assert_eq!(first.codes(), ["unavailable"], "{first:?}");
    assert!(first[0].ephemeral, "errors are private");
    assert!(first[0].text.contains("database"), "{}", first[0].text);
    // From now on without trying: the same answer, for every command.
    for line in ["/chess board", "/chess move e4", "/chess games"] {
        let again = h.say("alice", line).await;
        assert_eq!(again.codes(), ["unavailable"], "{line}: {again:?}");
        assert_eq!(again.len(), 1, "{line}: nothing else is said");
    }

    // Back again (a new process on the same file): the challenge was never
    // accepted, so nothing changed while the database was away.
    let h = Scenario::builder().url(&url).open().await;
    let board = h.say("bob", "/chess board").await;
    assert_eq!(board.codes(), ["no_game"], "{board:?}");
    let accept = h.say("bob", "/chess accept").await;
    assert!(accept.codes().is_empty(), "{accept:?}");
}
