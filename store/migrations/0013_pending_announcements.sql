-- Indexes of the announcements and tournament notices not yet delivered,
-- which stay few while the delivered ones pile up for good. The _pending
-- indexes are the order copies claim them in (ClaimAnnouncements,
-- ClaimTournamentNotices): without them, a claim reads its way past every
-- one ever delivered. announcements_challenge finds those of
-- a challenge (its opponent's DM), which recording the challenge's message
-- makes due at once. Same change as postgres/0004_pending_announcements.sql.
CREATE INDEX announcements_pending ON announcements (id) WHERE done_at IS NULL;
CREATE INDEX tournament_notices_pending ON tournament_notices (id) WHERE done_at IS NULL;
CREATE INDEX announcements_challenge ON announcements (challenge_id) WHERE done_at IS NULL;
