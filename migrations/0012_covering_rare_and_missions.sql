-- The rare events that reach back (voids, revealed seeds, asserted sheets) and the events
-- that begin and end Missions, read from their partial indexes alone: each index now holds
-- every column the reads select, so a read at a point no longer visits a page of the log
-- for each void or Mission (15,000 voids of a million-event log were as many random page
-- reads). Queries must repeat these exact IN lists to use them. An index is only a cache.
DROP INDEX events_reaching_back;
CREATE INDEX events_reaching_back ON events
    (campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash)
WHERE kind IN ('command_voided', 'seed_revealed', 'assertion_recorded');
DROP INDEX events_of_missions;
CREATE INDEX events_of_missions ON events
    (campaign, version, event_id, command_id, recorded_at, kind, schema, payload, prev_hash, hash)
WHERE kind IN ('mission_started', 'mission_ended');
