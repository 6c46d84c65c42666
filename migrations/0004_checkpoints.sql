-- Projection checkpoints: a campaign's folded state at a version, tagged with the projection
-- code that made it. A disposable cache: a missing, stale or unreadable one is rebuilt from
-- the log, which alone is the truth.
CREATE TABLE checkpoints (
    campaign   TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    projection TEXT    NOT NULL,
    state      TEXT    NOT NULL,
    PRIMARY KEY (campaign, version)
);
