-- The outbox's statistics kept fresh. The claim (ClaimAnnouncements) reads
-- the undelivered announcements through partial indexes, and PostgreSQL
-- sizes a partial index by the table's last statistics. Analysed while
-- nothing was pending, they say nothing is; when thousands then wait
-- (Discord down for a while, a copy catching up), the planner walks the
-- whole pending set once for each pending row, instead of reading each
-- game's own through announcements_game. On a busy server's year with 2,600
-- pending, a claim took 337 ms on such statistics and 13 ms once analysed.
-- Autovacuum analyses a table after a tenth of its rows changed, which for
-- a table this size can take hours; here after every 1,000 changes, which
-- a busy server makes in seconds. The table's dead rows (each announcement
-- is written, claimed and marked delivered) are vacuumed sooner too.
ALTER TABLE announcements SET (autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000,
	autovacuum_vacuum_scale_factor = 0.02);
