//! The server's own tables: the tokens that may call it (only each token's hash is kept)
//! and the answer given to each command it recorded, read first when a client retries.

use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError};

/// A token as listed: its name, role and when it was made (never the token or its hash).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenRow {
    pub name: String,
    pub role: String,
    pub created_at: String,
}

/// The answer the server gave to a command, kept under the client's command id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServedAnswer {
    pub actor: String,
    pub status: u16,
    pub body: String,
}

impl Store {
    /// Keeps a token's hash under `name`; false when a token of that name exists.
    pub fn add_token(&self, name: &str, role: &str, hash: &str, at: &str) -> Result<bool, StoreError> {
        let added = self.conn.execute(
            "INSERT INTO tokens (name, role, hash, created_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT(name) DO NOTHING",
            params![name, role, hash, at],
        )?;
        Ok(added == 1)
    }

    /// Every token, by name.
    pub fn tokens(&self) -> Result<Vec<TokenRow>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT name, role, created_at FROM tokens ORDER BY name")?;
        let rows = stmt.query_map([], |row| {
            Ok(TokenRow {
                name: row.get(0)?,
                role: row.get(1)?,
                created_at: row.get(2)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Forgets the token `name`; false when there was none.
    pub fn revoke_token(&self, name: &str) -> Result<bool, StoreError> {
        Ok(self.conn.execute("DELETE FROM tokens WHERE name = ?1", [name])? == 1)
    }

    /// The name and role of the token whose hash is `hash`.
    pub fn token_by_hash(&self, hash: &str) -> Result<Option<(String, String)>, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT name, role FROM tokens WHERE hash = ?1", [hash], |row| {
                Ok((row.get(0)?, row.get(1)?))
            })
            .optional()?)
    }

    /// The answer kept for `command_id` in `campaign`.
    pub fn served(&self, campaign: &str, command_id: &str) -> Result<Option<ServedAnswer>, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT actor, status, body FROM served_commands WHERE campaign = ?1 AND command_id = ?2",
                [campaign, command_id],
                |row| {
                    Ok(ServedAnswer {
                        actor: row.get(0)?,
                        status: row.get(1)?,
                        body: row.get(2)?,
                    })
                },
            )
            .optional()?)
    }

    /// Keeps the answer given to `command_id`, with who sent it and its arguments (JSON).
    pub fn record_served(
        &self,
        campaign: &str,
        command_id: &str,
        args: &str,
        answer: &ServedAnswer,
        at: &str,
    ) -> Result<(), StoreError> {
        // Flushed with the log's next commit (see `Store::relaxed`): the answer kept before a
        // command runs is on disk before any event the command writes.
        self.relaxed(|store| {
            store.conn.execute(
                "INSERT OR REPLACE INTO served_commands
                 (campaign, command_id, actor, args, status, body, recorded_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    campaign,
                    command_id,
                    answer.actor,
                    args,
                    answer.status,
                    answer.body,
                    at
                ],
            )?;
            Ok(())
        })
    }
}
