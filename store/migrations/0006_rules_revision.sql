-- The rules revision each ply was played under (games.Revised): an engine
-- whose rules are corrected counts the corrections, and a record replays as it
-- was played. Every ply stored before this column existed was played under its
-- engine's first rules, revision 1.
ALTER TABLE moves ADD COLUMN revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1);
