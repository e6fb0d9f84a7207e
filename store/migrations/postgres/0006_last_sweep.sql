-- When the last sweep of deadlines and reminders ended, whichever copy ran
-- it: at start-up the bot takes only the time since then for downtime. Same
-- change as ../0015_last_sweep.sql.
CREATE TABLE sweeps (
	id    INTEGER PRIMARY KEY CHECK (id = 1),
	at_ms BIGINT  NOT NULL
);
