-- Rows that exist only for bookkeeping are pruned, so that the file grows
-- with the games and not with the clicks: the sweep deletes delivered
-- announcements a week after their delivery, once nothing can write them
-- again (PruneAnnouncements), and a board that no longer shows controls is
-- deleted rather than marked (RetireBoard). The index finds the delivered
-- ones oldest first without reading the pending ones.
-- Same change as postgres/0014_prune.sql.
CREATE INDEX announcements_done ON announcements (done_at) WHERE done_at IS NOT NULL;
DELETE FROM board_messages WHERE live = 0;
