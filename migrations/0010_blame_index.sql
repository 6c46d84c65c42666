-- Blame's index: for each Soldier, the events that moved a number of his sheet and how, so
-- `blame` reads his lines rather than the whole log. A cache like the checkpoints, never
-- truth: `blame_index` says up to which event it was made, by which code, and the hash that
-- event had; `blame_soldiers` holds a digest of each Soldier's lines, so an edited line is
-- noticed and the log read instead. `muster rebuild` makes it again from the log.
CREATE TABLE blame_index (
    campaign   TEXT    NOT NULL PRIMARY KEY,
    projection TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    event_hash TEXT    NOT NULL
);
CREATE TABLE blame_soldiers (
    campaign TEXT NOT NULL,
    soldier  TEXT NOT NULL,
    digest   TEXT NOT NULL,
    PRIMARY KEY (campaign, soldier)
);
CREATE TABLE blame_lines (
    campaign TEXT    NOT NULL,
    soldier  TEXT    NOT NULL,
    version  INTEGER NOT NULL,
    changes  TEXT    NOT NULL,
    voided   INTEGER NOT NULL,
    PRIMARY KEY (campaign, soldier, version)
) WITHOUT ROWID;
