-- Heads of another copy of a campaign this database saw: the server's head at each pull and
-- push, a file's last event at each import. `verify` checks each is still in the log at its
-- version, so a copy that rewrote history this one was shown is caught. Not part of the
-- hash-chained log.
CREATE TABLE witnessed_heads (
    campaign    TEXT NOT NULL,
    version     INTEGER NOT NULL,
    hash        TEXT NOT NULL,
    source      TEXT NOT NULL,
    witnessed_at TEXT NOT NULL,
    PRIMARY KEY (campaign, version, hash, source)
);
