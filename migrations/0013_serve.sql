-- `muster serve`: the tokens that may call the server, and the answer given to each command
-- the server recorded. Neither is part of the hash-chained log: a token is revoked by deleting
-- its row, and the actor of a served command is the server's word, not the chain's.
CREATE TABLE tokens (
    name       TEXT NOT NULL PRIMARY KEY,
    role       TEXT NOT NULL CHECK (role IN ('gm', 'player', 'viewer')),
    hash       TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);

CREATE TABLE served_commands (
    campaign    TEXT NOT NULL,
    command_id  TEXT NOT NULL,
    actor       TEXT NOT NULL,
    args        TEXT NOT NULL,
    status      INTEGER NOT NULL,
    body        TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (campaign, command_id)
);
