-- The campaigns a token, an invite and a session may read and write, so that one server can
-- carry groups that do not trust one another: a JSON array of the campaigns' names as the
-- file spells them, or NULL for every campaign of the file (what each row meant before). A
-- session keeps the campaigns of the token it signed in with or the invite it joined by.
ALTER TABLE tokens ADD COLUMN campaigns TEXT;
ALTER TABLE invites ADD COLUMN campaigns TEXT;
ALTER TABLE sessions ADD COLUMN campaigns TEXT;
