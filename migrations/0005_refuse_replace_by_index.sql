-- Migration 2's trigger tested `event_id = … OR (campaign = … AND version = …)`, which
-- SQLite answers by scanning the table: every insert cost a pass over the whole log. The
-- same refusal as two lookups, each on its own unique index.
DROP TRIGGER events_refuse_replace;

CREATE TRIGGER events_refuse_replace BEFORE INSERT ON events
WHEN EXISTS (SELECT 1 FROM events WHERE event_id = NEW.event_id)
  OR EXISTS (SELECT 1 FROM events WHERE campaign = NEW.campaign AND version = NEW.version)
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only: an event with this id or version already exists');
END;
