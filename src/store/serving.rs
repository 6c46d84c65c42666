//! The server's own tables: the tokens that may call it (only each token's hash is kept),
//! the answers kept for each sender's retries, and who sent each command the server wrote.

use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError};

/// A token as listed: its name, role, campaigns and when it was made (never the token or its
/// hash).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenRow {
    pub name: String,
    pub role: String,
    /// A JSON array of the campaigns it may reach; `None`: every campaign.
    pub campaigns: Option<String>,
    pub created_at: String,
}

/// The answer the server gave to a command that wrote, kept under its sender's command id
/// with the campaign and arguments (a JSON array) it answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServedAnswer {
    pub campaign: String,
    pub args: String,
    pub status: u16,
    pub body: String,
}

/// How much of the kept answers stays as a new one is kept: none recorded before `since`
/// (RFC 3339, UTC, as `recorded_at` is written), and a sender's newest `per_sender`.
#[derive(Debug, Clone, Copy)]
pub struct Keeping<'a> {
    pub since: &'a str,
    pub per_sender: u32,
}

impl Store {
    /// Keeps the hash of `token`'s secret under its name; false when a token of that name
    /// exists.
    pub fn add_token(&self, token: &TokenRow, hash: &str) -> Result<bool, StoreError> {
        let added = self
            .conn
            .prepare_cached(
                "INSERT INTO tokens (name, role, hash, campaigns, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT(name) DO NOTHING",
            )?
            .execute(params![
                token.name,
                token.role,
                hash,
                token.campaigns,
                token.created_at
            ])?;
        Ok(added == 1)
    }

    /// Every token, by name.
    pub fn tokens(&self) -> Result<Vec<TokenRow>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT name, role, campaigns, created_at FROM tokens ORDER BY name")?;
        let rows = stmt.query_map([], |row| {
            Ok(TokenRow {
                name: row.get(0)?,
                role: row.get(1)?,
                campaigns: row.get(2)?,
                created_at: row.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Forgets the token `name` and ends every session signed in with it; false when there
    /// was none.
    pub fn revoke_token(&self, name: &str) -> Result<bool, StoreError> {
        self.under_write_lock(|store| {
            store
                .conn
                .execute("DELETE FROM sessions WHERE token = ?1", [name])?;
            Ok(store
                .conn
                .prepare_cached("DELETE FROM tokens WHERE name = ?1")?
                .execute([name])?
                == 1)
        })
    }

    /// The token whose hash is `hash`.
    pub fn token_by_hash(&self, hash: &str) -> Result<Option<TokenRow>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT name, role, campaigns, created_at FROM tokens WHERE hash = ?1")?
            .query_row([hash], |row| {
                Ok(TokenRow {
                    name: row.get(0)?,
                    role: row.get(1)?,
                    campaigns: row.get(2)?,
                    created_at: row.get(3)?,
                })
            })
            .optional()?)
    }

    /// The answer kept for `sender`'s `command_id`, in whatever campaign it was sent to.
    pub fn served(&self, sender: &str, command_id: &str) -> Result<Option<ServedAnswer>, StoreError> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT campaign, args, status, body FROM served_answers
                 WHERE sender = ?1 AND command_id = ?2",
            )?
            .query_row([sender, command_id], |row| {
                Ok(ServedAnswer {
                    campaign: row.get(0)?,
                    args: row.get(1)?,
                    status: row.get(2)?,
                    body: row.get(3)?,
                })
            })
            .optional()?)
    }

    /// Keeps `answer` under `sender`'s `command_id`, then forgets what `keeping` no longer
    /// holds: every sender's answers older than its limit, and this sender's beyond its count.
    pub fn keep_answer(
        &self,
        sender: &str,
        command_id: &str,
        answer: &ServedAnswer,
        at: &str,
        keeping: Keeping<'_>,
    ) -> Result<(), StoreError> {
        // Flushed with the log's next commit (see `Store::relaxed`); within the write lock a
        // served command's turn holds, with the command's own events.
        self.relaxed(|store| {
            store
                .conn
                .prepare_cached(
                    "INSERT INTO served_answers
                 (sender, command_id, campaign, args, status, body, recorded_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                )?
                .execute(params![
                    sender,
                    command_id,
                    answer.campaign,
                    answer.args,
                    answer.status,
                    answer.body,
                    at
                ])?;
            store
                .conn
                .prepare_cached("DELETE FROM served_answers WHERE recorded_at < ?1")?
                .execute([keeping.since])?;
            store
                .conn
                .prepare_cached(
                    "DELETE FROM served_answers WHERE sender = ?1 AND seq <= (
                     SELECT seq FROM served_answers WHERE sender = ?1
                     ORDER BY seq DESC LIMIT 1 OFFSET ?2)",
                )?
                .execute(params![sender, keeping.per_sender])?;
            Ok(())
        })
    }

    /// Who sent the command `command_id` of `campaign` to a server, as [`Store::record_actor`]
    /// kept it; `None` for a command no server wrote (the command line's, an import's).
    pub fn served_actor(&self, campaign: &str, command_id: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT actor FROM served_actors WHERE campaign = ?1 AND command_id = ?2")?
            .query_row([campaign, command_id], |row| row.get(0))
            .optional()?)
    }

    /// Keeps `actor` as who sent each command written to `campaign` after version `after`,
    /// by the log's own command id; the number of commands so noted.
    pub fn record_actor(
        &self,
        campaign: &str,
        after: u64,
        actor: &str,
        at: &str,
    ) -> Result<usize, StoreError> {
        self.relaxed(|store| {
            Ok(store
                .conn
                .prepare_cached(
                    "INSERT OR IGNORE INTO served_actors (campaign, command_id, actor, recorded_at)
                 SELECT DISTINCT campaign, command_id, ?3, ?4 FROM events
                 WHERE campaign = ?1 AND version > ?2",
                )?
                .execute(params![campaign, after, actor, at])?)
        })
    }
}
