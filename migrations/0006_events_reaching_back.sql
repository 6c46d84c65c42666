-- The few events that reach back over the log (voids, revealed seeds, paper sheets
-- asserted), found without reading every event: `verify` and a full rebuild gather them
-- before they stream the rest. Queries must repeat this exact IN list to use the index.
CREATE INDEX events_reaching_back ON events (campaign, version)
WHERE kind IN ('command_voided', 'seed_revealed', 'assertion_recorded');
