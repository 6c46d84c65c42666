-- Blame's lines kept in runs: one row holds a Soldier's consecutive lines as a JSON array of
-- `[version, changes, voided]`, so making the index from a whole log inserts a row for every
-- eighty or so lines rather than one for each. The rows have rowids: appended in their order,
-- they fill pages one after another. Each line keeps its digest (0010), so the lines of
-- `blame_lines` move over as runs of one line and the index still serves; `last` finds the
-- runs a rewrite after a version reaches into.
CREATE TABLE blame_runs (
    campaign TEXT    NOT NULL,
    soldier  TEXT    NOT NULL,
    first    INTEGER NOT NULL,
    last     INTEGER NOT NULL,
    lines    TEXT    NOT NULL,
    PRIMARY KEY (campaign, soldier, first)
);
CREATE INDEX blame_runs_by_last ON blame_runs (campaign, last);
INSERT INTO blame_runs (campaign, soldier, first, last, lines)
SELECT campaign, soldier, version, version,
       json_array(json_array(version, json(changes), json(CASE WHEN voided THEN 'true' ELSE 'false' END)))
FROM blame_lines
-- A line whose changes are not JSON (an edited file) is left behind: his digest no longer
-- matches, so his blame reads the log until `muster rebuild --index`.
WHERE json_valid(changes);
DROP TABLE blame_lines;
