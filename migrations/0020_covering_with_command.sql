-- The rare events that reach back and the Missions' bounds, read from their partial indexes
-- alone again: the `command` column (0016) is selected by every read of rows, and the
-- indexes of 0012 did not hold it, so each such row was looked up in the log's table, a
-- random page read (a tenth of making blame's index on a 100,000-event log, most of it
-- for its 1,600 voids). An index is only a cache; the IN lists are those of 0012.
DROP INDEX events_reaching_back;
CREATE INDEX events_reaching_back ON events
    (campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash, command)
WHERE kind IN ('command_voided', 'seed_revealed', 'assertion_recorded');
DROP INDEX events_of_missions;
CREATE INDEX events_of_missions ON events
    (campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash, command)
WHERE kind IN ('mission_started', 'mission_ended');
