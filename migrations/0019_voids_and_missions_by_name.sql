-- Reads at a point without reading every void or Mission: a void found by the command it
-- voids (`show`, whether a Mission's bound or an award's revision still stands) and by the
-- version it names (the state before a Mission's end with the voids written since), the
-- seeds revealed on their own, and a Mission's start and end found by its number. A
-- million-event log holds 15,000 voids and 5,000 Missions' bounds, which such reads used to
-- read whole. Only rows whose payload reads as JSON are indexed, so a damaged row cannot
-- stop this migration (`verify` reports it). Queries must repeat these exact expressions
-- and conditions to use them. An index is only a cache.
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
