-- digest_last: when the last digest was claimed, to go out (ms), so that a change
-- of hour or of time zone after the day's digest does not bring a second one
-- the same day (SetDigest, SetTimeZone): one digest a day, in the player's
-- zone. NULL before the first.
ALTER TABLE users ADD COLUMN digest_last BIGINT;
