-- INSERT OR REPLACE deletes the row it collides with without firing DELETE triggers
-- (unless recursive_triggers is on for that connection), so refuse the colliding insert
-- itself, whatever connection makes it.
CREATE TRIGGER events_refuse_replace BEFORE INSERT ON events
WHEN EXISTS (
    SELECT 1 FROM events
    WHERE event_id = NEW.event_id OR (campaign = NEW.campaign AND version = NEW.version)
)
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only: an event with this id or version already exists');
END;
