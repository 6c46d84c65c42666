-- A Mission's award revisions, read at a point without visiting the command of every later
-- void: `mission show N` and the roster's Mission ends read the few `rp_award_revised` rows
-- after the Mission from this partial index (a million-event log holds 15,000 voids and a
-- handful of revisions). An index is only a cache.
CREATE INDEX events_award_revisions ON events (campaign, version)
WHERE kind = 'rp_award_revised';
