-- `muster serve`'s invites and the page's sessions, kept so that a restart signs no browser
-- out. Only the SHA-256 of each secret is kept (the invite's link and the session's cookie
-- hold the secret itself). Neither table is part of the hash-chained log.

-- An invite: a link that signs a phone in with `role` up to `uses` times, until `expires_at`
-- (RFC 3339, UTC; NULL: never) or until it is revoked. `soldiers` (a JSON array of names) are
-- the joining player's own Soldiers, shown first on the page.
CREATE TABLE invites (
    id         TEXT NOT NULL PRIMARY KEY,
    hash       TEXT NOT NULL UNIQUE,
    role       TEXT NOT NULL CHECK (role IN ('player', 'viewer')),
    soldiers   TEXT NOT NULL,
    uses       INTEGER NOT NULL CHECK (uses >= 1),
    used       INTEGER NOT NULL DEFAULT 0 CHECK (used <= uses),
    expires_at TEXT,
    made_by    TEXT NOT NULL,
    made_at    TEXT NOT NULL
);

-- A signed-in browser: who its commands are recorded by, with what role, signed in with a
-- token or joined by an invite (revoking either deletes its sessions); its forms' CSRF token;
-- and when it was last seen, for its end when idle. `id` is the short name it is listed and
-- revoked by.
CREATE TABLE sessions (
    hash       TEXT NOT NULL PRIMARY KEY,
    id         TEXT NOT NULL UNIQUE,
    csrf       TEXT NOT NULL,
    name       TEXT NOT NULL,
    role       TEXT NOT NULL CHECK (role IN ('gm', 'player', 'viewer')),
    token      TEXT,
    invite     TEXT,
    soldiers   TEXT NOT NULL,
    made_at    TEXT NOT NULL,
    seen_at    TEXT NOT NULL,
    CHECK ((token IS NULL) <> (invite IS NULL))
) WITHOUT ROWID;
CREATE INDEX sessions_by_token ON sessions (token);
CREATE INDEX sessions_by_invite ON sessions (invite);

-- What the server last said of itself when it started: `url`, the address players reach it
-- at (its public URL, or the address it listens on when that is neither loopback nor
-- unspecified), from which `muster serve invite` makes its links. None: ask for --url.
CREATE TABLE server_facts (
    key   TEXT NOT NULL PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
