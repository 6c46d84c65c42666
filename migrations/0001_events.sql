-- The append-only event log. Never edit this file once shipped: add a new numbered one.
CREATE TABLE events (
    seq         INTEGER PRIMARY KEY,
    campaign    TEXT    NOT NULL,
    version     INTEGER NOT NULL CHECK (version >= 1),
    event_id    TEXT    NOT NULL UNIQUE,
    command_id  TEXT    NOT NULL,
    recorded_at TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    schema      INTEGER NOT NULL,
    payload     TEXT    NOT NULL,
    prev_hash   TEXT    NOT NULL,
    hash        TEXT    NOT NULL,
    UNIQUE (campaign, version)
);

CREATE INDEX events_by_command ON events (campaign, command_id);

CREATE TRIGGER events_refuse_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only: UPDATE is refused; record a new event instead');
END;

CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only: DELETE is refused; void the command instead');
END;

-- Local preferences (such as the selected campaign). Not part of the log and not hashed.
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
