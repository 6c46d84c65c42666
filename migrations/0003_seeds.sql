-- Dice seeds, kept outside the log: the log holds only each seed's SHA-256 commitment
-- until the player reveals it. Rows are never updated or deleted.
CREATE TABLE seeds (
    campaign   TEXT NOT NULL,
    commitment TEXT NOT NULL PRIMARY KEY,
    seed       TEXT NOT NULL
);

CREATE TRIGGER seeds_refuse_update BEFORE UPDATE ON seeds
BEGIN
    SELECT RAISE(ABORT, 'dice seeds are kept as committed: UPDATE is refused');
END;

CREATE TRIGGER seeds_refuse_delete BEFORE DELETE ON seeds
BEGIN
    SELECT RAISE(ABORT, 'dice seeds are kept as committed: DELETE is refused');
END;
