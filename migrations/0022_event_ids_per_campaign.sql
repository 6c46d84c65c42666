-- An event's id is unique within its campaign, no longer across the file. Migration 0001
-- made `event_id` UNIQUE over the whole file, in one index ordered by id alone: a
-- campaign's ids are UUIDv7, dated when each event was recorded, so the 10,000 events of a
-- campaign pushed whole into a community file (1,000 campaigns recorded over the same
-- months) landed on as many pages of that index, scattered over it, and the push held the
-- writer about a second while they were written. Ordered by campaign first, one campaign's
-- ids sit together. Nothing reads an event by its id alone: every read names the campaign.
--
-- SQLite cannot drop a constraint written inside CREATE TABLE, so the log's table is made
-- again, row for row (the same seq, the same columns in the same order, the hashes
-- untouched), and its unique constraints become named indexes, which a later migration can
-- change without making the table again. Built after the rows are copied, each index is
-- sorted once rather than grown row by row. DROP TABLE drops the table's triggers before it
-- empties it, so the refusals of UPDATE and DELETE fire on nothing; they are made again
-- below, with the refusal of a replacing insert now asking for the id within the campaign.
CREATE TABLE events_0022 (
    seq         INTEGER PRIMARY KEY,
    campaign    TEXT    NOT NULL,
    version     INTEGER NOT NULL CHECK (version >= 1),
    event_id    TEXT    NOT NULL,
    command_id  TEXT    NOT NULL,
    recorded_at TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    schema      INTEGER NOT NULL,
    payload     TEXT    NOT NULL,
    prev_hash   TEXT    NOT NULL,
    hash        TEXT    NOT NULL,
    command     TEXT
);

INSERT INTO events_0022
    (seq, campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash, command)
SELECT seq, campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash, command
FROM events ORDER BY seq;

DROP TABLE events;

ALTER TABLE events_0022 RENAME TO events;

CREATE UNIQUE INDEX events_by_version ON events (campaign, version);
CREATE UNIQUE INDEX events_by_id ON events (campaign, event_id);

CREATE INDEX events_by_command ON events (campaign, command_id);
CREATE INDEX events_enlisting ON events (campaign, version)
WHERE kind IN ('soldier_enlisted');
CREATE INDEX events_award_revisions ON events (campaign, version)
WHERE kind = 'rp_award_revised';
CREATE INDEX events_voids_by_command ON events
    (campaign, json_extract(payload, '$.command_id'), version)
WHERE kind = 'command_voided' AND json_valid(payload);
CREATE INDEX events_voids_by_named ON events
    (campaign, json_extract(payload, '$.version'), version)
WHERE kind = 'command_voided' AND json_valid(payload);
CREATE INDEX events_seeds_revealed ON events (campaign, version)
WHERE kind = 'seed_revealed';
CREATE INDEX events_missions_by_number ON events
    (campaign, json_extract(payload, '$.mission'), version)
WHERE kind IN ('mission_started', 'mission_ended') AND json_valid(payload);
CREATE INDEX events_reaching_back ON events
    (campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash, command)
WHERE kind IN ('command_voided', 'seed_revealed', 'assertion_recorded');
CREATE INDEX events_of_missions ON events
    (campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash, command)
WHERE kind IN ('mission_started', 'mission_ended');

CREATE TRIGGER events_refuse_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only: UPDATE is refused; record a new event instead');
END;

CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only: DELETE is refused; void the command instead');
END;

-- INSERT OR REPLACE deletes the row it collides with without firing DELETE triggers unless
-- recursive_triggers is on for that connection, so the colliding insert itself is refused,
-- whatever connection makes it (migrations 0002 and 0005), each test on its unique index.
CREATE TRIGGER events_refuse_replace BEFORE INSERT ON events
WHEN EXISTS (SELECT 1 FROM events WHERE campaign = NEW.campaign AND event_id = NEW.event_id)
  OR EXISTS (SELECT 1 FROM events WHERE campaign = NEW.campaign AND version = NEW.version)
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only: an event with this id or version already exists');
END;
