-- The interactions already applied, by Discord's interaction id, each
-- recorded in the transaction of the change it made. Same change as
-- ../0018_handled_interactions.sql.
CREATE TABLE handled_interactions (
	id    TEXT   PRIMARY KEY,
	at_ms BIGINT NOT NULL
);
CREATE INDEX handled_interactions_at ON handled_interactions (at_ms);
