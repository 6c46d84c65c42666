-- The events that enlist Soldiers, found without reading every event: a refusal of an
-- unknown Soldier says which other campaign of the file has one of that name.
-- Queries must repeat this exact IN list to use the index. An index is only a cache.
CREATE INDEX events_enlisting ON events (campaign, version)
WHERE kind IN ('soldier_enlisted');
