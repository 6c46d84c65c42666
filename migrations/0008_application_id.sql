-- Marks the file as muster's, so another application's SQLite file is never taken for one
-- (and never changed by muster). 0x4D555354 is "MUST".
PRAGMA application_id = 1297437524;
