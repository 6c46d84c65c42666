-- The command on the log: each command's first row carries the command itself, as JSON
-- (its command schema, the command in canonical form, the faces entered for it and who
-- recorded it: src/domain/logged.rs). NULL on a command's other rows and on every row
-- written before this column. From this schema on the hash chain covers it where it is
-- not NULL (chain format 2, src/store/chain.rs), so older rows hash as they always did.
-- The triggers refusing UPDATE and DELETE on events stand as they were: a column added
-- to the table is under them like every other.
ALTER TABLE events ADD COLUMN command TEXT;
