-- Checkpoints carry what vouches for them: the hash of the event each was taken at (a
-- checkpoint of a log since rewritten no longer matches it) and the SHA-256 of its own
-- serialized state (an edited state no longer matches it). They are keyed by projection too,
-- so two builds of muster on one file keep their own. A cache: the old rows are dropped and
-- rebuilt from the log as commands are written.
DROP TABLE checkpoints;
CREATE TABLE checkpoints (
    campaign   TEXT    NOT NULL,
    projection TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    event_hash TEXT    NOT NULL,
    digest     TEXT    NOT NULL,
    state      TEXT    NOT NULL,
    PRIMARY KEY (campaign, projection, version)
);
