-- A served command's kept answer belongs to the token that sent it: kept under its sender
-- and the sender's own id, with the campaign and the arguments it answered, so the same id
-- from another token never meets it and the same id sent with another command is refused.
-- Only commands that wrote keep an answer, and old ones are pruned (src/app/serving.rs), so
-- the table is bounded. The actor of each command the server wrote is kept apart, by the
-- log's own command id: one row per written command, never pruned while the log holds it.
-- Neither table is part of the hash-chained log.
CREATE TABLE served_answers (
    seq         INTEGER PRIMARY KEY,
    sender      TEXT NOT NULL,
    command_id  TEXT NOT NULL,
    campaign    TEXT NOT NULL,
    args        TEXT NOT NULL,
    status      INTEGER NOT NULL,
    body        TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    UNIQUE (sender, command_id)
);
CREATE INDEX served_answers_by_age ON served_answers (recorded_at);
CREATE INDEX served_answers_by_sender ON served_answers (sender, seq);

CREATE TABLE served_actors (
    campaign    TEXT NOT NULL,
    command_id  TEXT NOT NULL,
    actor       TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (campaign, command_id)
) WITHOUT ROWID;

-- Carried over, oldest first: the answers a retry may still ask for, those of commands that
-- wrote (201) or whose end the server never saw (500, kept before they ran), under the token
-- that sent them. Reads and refusals keep nothing now; a push's row was kept under an id no
-- client knows. Two of one token's ids alike in two campaigns keep the older.
INSERT OR IGNORE INTO served_answers (sender, command_id, campaign, args, status, body, recorded_at)
SELECT actor, command_id, campaign, args, status, body, recorded_at
FROM served_commands
WHERE status IN (201, 500) AND args NOT LIKE '["push",%'
ORDER BY recorded_at;

-- Who sent each command the server wrote before this schema: the log's own id of such a
-- command was not noted then, so its actor stays as it was kept, under the id its answer was
-- kept under, with its arguments and time. Nothing is added here any more.
CREATE TABLE served_actors_before_0015 (
    campaign    TEXT NOT NULL,
    command_id  TEXT NOT NULL,
    actor       TEXT NOT NULL,
    args        TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (campaign, command_id)
);
INSERT INTO served_actors_before_0015 (campaign, command_id, actor, args, recorded_at)
SELECT campaign, command_id, actor, args, recorded_at FROM served_commands WHERE status = 201;

DROP TABLE served_commands;
