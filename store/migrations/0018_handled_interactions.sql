-- The interactions already applied, by Discord's interaction id, each
-- recorded in the transaction of the change it made: a copy of one that
-- comes again (a retried POST, a gateway resume) finds its id here and
-- changes nothing. Kept for an hour, longer than Discord may redeliver
-- (an interaction's token lives 15 minutes); the sweep prunes older ones.
CREATE TABLE handled_interactions (
	id    TEXT    PRIMARY KEY,
	at_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX handled_interactions_at ON handled_interactions (at_ms);
