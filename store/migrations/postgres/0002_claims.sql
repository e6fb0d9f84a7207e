-- Claims on what is to be delivered. Several copies of Kilab may share one
-- database (PostgreSQL) and deliver at once; a copy claims the announcements
-- and tournament notices it is about to send, so that no other sends them
-- too. claimed_by names the copy; claimed_until is when the claim lapses, so
-- that what a copy had claimed when it stopped is delivered by another (or
-- by itself, restarted). Same change as ../0011_claims.sql.
ALTER TABLE announcements ADD COLUMN claimed_until BIGINT;
ALTER TABLE announcements ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';
ALTER TABLE tournament_notices ADD COLUMN claimed_until BIGINT;
ALTER TABLE tournament_notices ADD COLUMN claimed_by TEXT NOT NULL DEFAULT '';
