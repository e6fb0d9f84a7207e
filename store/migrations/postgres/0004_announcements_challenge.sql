-- Finds the undelivered announcements of a challenge (its opponent's DM),
-- which recording the challenge's message makes due at once, without
-- reading every undelivered announcement. Same change as
-- ../0013_announcements_challenge.sql.
CREATE INDEX announcements_challenge ON announcements (challenge_id) WHERE done_at IS NULL;
