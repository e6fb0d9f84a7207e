-- When the last sweep of deadlines and reminders ended, whichever copy ran
-- it: at start-up the bot takes only the time since then for downtime, so a
-- copy restarting while others sweep, or a restart of a few seconds, drops
-- no reminder and moves no deadline. One row.
CREATE TABLE sweeps (
	id    INTEGER PRIMARY KEY CHECK (id = 1),
	at_ms INTEGER NOT NULL
);
