-- The events that begin and end Missions, found without reading every event: a point such
-- as `--as-of mission:N` and the service records of the printed page read them alone.
-- Queries must repeat this exact IN list to use the index. An index is only a cache.
CREATE INDEX events_of_missions ON events (campaign, version)
WHERE kind IN ('mission_started', 'mission_ended');
