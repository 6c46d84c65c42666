//! The server's invites and the page's sessions: rows kept by the hash of their secret, an
//! invite's use counted and its session opened in one transaction, and revocation deleting
//! every session that rests on what is revoked.

use rusqlite::{OptionalExtension, Row, params};

use super::{Store, StoreError};

/// An invite as kept (never its secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InviteRow {
    pub id: String,
    pub role: String,
    /// A JSON array of the joining player's own Soldiers.
    pub soldiers: String,
    pub uses: u32,
    pub used: u32,
    /// RFC 3339, UTC; `None`: never.
    pub expires_at: Option<String>,
    /// A JSON array of the campaigns its sessions may reach; `None`: every campaign.
    pub campaigns: Option<String>,
    pub made_by: String,
    pub made_at: String,
}

/// A session as kept (never its cookie's id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    pub id: String,
    pub csrf: String,
    pub name: String,
    pub role: String,
    /// The token it signed in with, or the invite it joined by.
    pub via: Via,
    /// A JSON array of the caller's own Soldiers (the invite's).
    pub soldiers: String,
    /// A JSON array of the campaigns it may reach (its token's or invite's); `None`: every one.
    pub campaigns: Option<String>,
    pub made_at: String,
    pub seen_at: String,
}

/// What a session rests on: revoking it ends the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Via {
    Token(String),
    Invite(String),
}

/// What counting a use of an invite found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InviteUse {
    /// Used once more; the session was opened.
    Joined(InviteRow),
    /// No invite has that secret (never made, or revoked).
    Unknown,
    Expired(InviteRow),
    UsedUp(InviteRow),
}

const INVITE_COLUMNS: &str = "id, role, soldiers, uses, used, expires_at, made_by, made_at, campaigns";
const SESSION_COLUMNS: &str = "id, csrf, name, role, token, invite, soldiers, made_at, seen_at, campaigns";

fn invite(row: &Row<'_>) -> rusqlite::Result<InviteRow> {
    Ok(InviteRow {
        id: row.get(0)?,
        role: row.get(1)?,
        soldiers: row.get(2)?,
        uses: row.get(3)?,
        used: row.get(4)?,
        expires_at: row.get(5)?,
        made_by: row.get(6)?,
        made_at: row.get(7)?,
        campaigns: row.get(8)?,
    })
}

fn session(row: &Row<'_>) -> rusqlite::Result<SessionRow> {
    let token: Option<String> = row.get(4)?;
    let invite: Option<String> = row.get(5)?;
    Ok(SessionRow {
        id: row.get(0)?,
        csrf: row.get(1)?,
        name: row.get(2)?,
        role: row.get(3)?,
        via: match (token, invite) {
            (Some(token), _) => Via::Token(token),
            (None, invite) => Via::Invite(invite.unwrap_or_default()),
        },
        soldiers: row.get(6)?,
        made_at: row.get(7)?,
        seen_at: row.get(8)?,
        campaigns: row.get(9)?,
    })
}

impl Store {
    /// Keeps `invite` under the hash of its secret.
    pub fn add_invite(&self, invite: &InviteRow, hash: &str) -> Result<(), StoreError> {
        self.conn
            .prepare_cached(
                "INSERT INTO invites (id, hash, role, soldiers, uses, used, expires_at, made_by, made_at, campaigns)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            )?
            .execute(params![
                invite.id,
                hash,
                invite.role,
                invite.soldiers,
                invite.uses,
                invite.used,
                invite.expires_at,
                invite.made_by,
                invite.made_at,
                invite.campaigns
            ])?;
        Ok(())
    }

    /// Every invite, oldest first.
    pub fn invites(&self) -> Result<Vec<InviteRow>, StoreError> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {INVITE_COLUMNS} FROM invites ORDER BY made_at, id"
        ))?;
        let rows = stmt.query_map([], invite)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The invite whose secret hashes to `hash`, whatever its uses and expiry.
    pub fn invite_by_hash(&self, hash: &str) -> Result<Option<InviteRow>, StoreError> {
        Ok(self
            .conn
            .prepare_cached(&format!("SELECT {INVITE_COLUMNS} FROM invites WHERE hash = ?1"))?
            .query_row([hash], invite)
            .optional()?)
    }

    /// Deletes the invite `id` and every session joined by it; false when there was none.
    pub fn revoke_invite(&self, id: &str) -> Result<bool, StoreError> {
        self.under_write_lock(|store| {
            store
                .conn
                .execute("DELETE FROM sessions WHERE invite = ?1", [id])?;
            Ok(store
                .conn
                .prepare_cached("DELETE FROM invites WHERE id = ?1")?
                .execute([id])?
                == 1)
        })
    }

    /// Counts a use of the invite whose secret hashes to `hash`, if it is neither expired at
    /// `now` nor used up, and opens `session` (its hash `session_hash`) joined by it: both or
    /// neither.
    pub fn join_invite(
        &self,
        hash: &str,
        now: &str,
        session: &SessionRow,
        session_hash: &str,
    ) -> Result<InviteUse, StoreError> {
        self.under_write_lock(|store| {
            let found = store
                .conn
                .query_row(
                    &format!("SELECT {INVITE_COLUMNS} FROM invites WHERE hash = ?1"),
                    [hash],
                    invite,
                )
                .optional()?;
            let Some(found) = found else {
                return Ok(InviteUse::Unknown);
            };
            if found.expires_at.as_deref().is_some_and(|at| at <= now) {
                return Ok(InviteUse::Expired(found));
            }
            if found.used >= found.uses {
                return Ok(InviteUse::UsedUp(found));
            }
            store
                .conn
                .execute("UPDATE invites SET used = used + 1 WHERE id = ?1", [&found.id])?;
            let joined = SessionRow {
                via: Via::Invite(found.id.clone()),
                role: found.role.clone(),
                soldiers: found.soldiers.clone(),
                campaigns: found.campaigns.clone(),
                ..session.clone()
            };
            store.open_session(&joined, session_hash)?;
            Ok(InviteUse::Joined(InviteRow {
                used: found.used + 1,
                ..found
            }))
        })
    }

    /// Opens `session` under `hash`, the hash of its cookie's id.
    pub fn open_session(&self, session: &SessionRow, hash: &str) -> Result<(), StoreError> {
        let (token, invite) = match &session.via {
            Via::Token(name) => (Some(name), None),
            Via::Invite(id) => (None, Some(id)),
        };
        self.conn
            .prepare_cached(
                "INSERT INTO sessions (hash, id, csrf, name, role, token, invite, soldiers, made_at, seen_at, campaigns)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )?
            .execute(params![
                hash,
                session.id,
                session.csrf,
                session.name,
                session.role,
                token,
                invite,
                session.soldiers,
                session.made_at,
                session.seen_at,
                session.campaigns
            ])?;
        Ok(())
    }

    /// The session whose cookie's id hashes to `hash`.
    pub fn session_by_hash(&self, hash: &str) -> Result<Option<SessionRow>, StoreError> {
        Ok(self
            .conn
            .prepare_cached(&format!("SELECT {SESSION_COLUMNS} FROM sessions WHERE hash = ?1"))?
            .query_row([hash], session)
            .optional()?)
    }

    /// Notes that the session `id` was seen at `at`: flushed with the next full commit, as a
    /// session seen again is seen again soon.
    pub fn session_seen(&self, id: &str, at: &str) -> Result<(), StoreError> {
        self.relaxed(|store| {
            store
                .conn
                .execute("UPDATE sessions SET seen_at = ?2 WHERE id = ?1", [id, at])?;
            Ok(())
        })
    }

    /// Every session, the most recently seen first.
    pub fn sessions(&self) -> Result<Vec<SessionRow>, StoreError> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {SESSION_COLUMNS} FROM sessions ORDER BY seen_at DESC, id"
        ))?;
        let rows = stmt.query_map([], session)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Ends the session `id`; false when there was none.
    pub fn end_session(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self
            .conn
            .prepare_cached("DELETE FROM sessions WHERE id = ?1")?
            .execute([id])?
            == 1)
    }

    /// Ends every session last seen before `before`; how many.
    pub fn end_idle_sessions(&self, before: &str) -> Result<usize, StoreError> {
        Ok(self
            .conn
            .execute("DELETE FROM sessions WHERE seen_at < ?1", [before])?)
    }
}

impl Store {
    /// What the server last said of itself under `key` (its `url`).
    pub fn server_fact(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT value FROM server_facts WHERE key = ?1")?
            .query_row([key], |row| row.get(0))
            .optional()?)
    }

    /// Keeps `value` under `key`, or forgets the key when `value` is `None`.
    pub fn set_server_fact(&self, key: &str, value: Option<&str>) -> Result<(), StoreError> {
        match value {
            Some(value) => self
                .conn
                .prepare_cached(
                    "INSERT INTO server_facts (key, value) VALUES (?1, ?2)
                 ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                )?
                .execute([key, value])?,
            None => self
                .conn
                .execute("DELETE FROM server_facts WHERE key = ?1", [key])?,
        };
        Ok(())
    }
}
