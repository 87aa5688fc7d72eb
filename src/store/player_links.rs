//! Player links: for each game and player, the hash of the token of their
//! private playable page (never the token itself), replaced when the
//! player asks for a new link.

use super::backend::{query, query_as};
use super::{Store, StoreResult};

/// Whose link a token hash is: the game and the player.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PlayerLinkRow {
    pub game_id: i64,
    pub player_id: String,
}

impl Store {
    /// Makes `token_hash` the one link of `player_id` in game `game_id`
    /// (a link they had before stops working).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_player_link(
        &self,
        game_id: i64,
        player_id: &str,
        token_hash: &str,
        now_ms: i64,
    ) -> StoreResult<()> {
        query(
            "insert into player_link (game_id, player_id, token_hash, created_at) \
             values (?, ?, ?, ?) \
             on conflict (game_id, player_id) do update set \
             token_hash = excluded.token_hash, created_at = excluded.created_at",
        )
        .bind(game_id)
        .bind(player_id)
        .bind(token_hash)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The game and player whose link has the token hashed as
    /// `token_hash`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn player_link(&self, token_hash: &str) -> StoreResult<Option<PlayerLinkRow>> {
        Ok(
            query_as("select game_id, player_id from player_link where token_hash = ?")
                .bind(token_hash)
                .fetch_optional(&self.pool)
                .await?,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_new_link_replaces_the_old_one() {
        let store = Store::memory().await.unwrap();
        store.set_player_link(7, "alice", "aa", 1).await.unwrap();
        store.set_player_link(7, "bob", "bb", 1).await.unwrap();
        let alice = PlayerLinkRow {
            game_id: 7,
            player_id: "alice".to_string(),
        };
        assert_eq!(store.player_link("aa").await.unwrap(), Some(alice.clone()));
        store.set_player_link(7, "alice", "cc", 2).await.unwrap();
        assert_eq!(store.player_link("aa").await.unwrap(), None);
        assert_eq!(store.player_link("cc").await.unwrap(), Some(alice));
        assert_eq!(
            store.player_link("bb").await.unwrap().unwrap().player_id,
            "bob"
        );
    }
}
