-- Whether the bot places a player's Seega pieces for them, at random among
-- the legal placements, on each of their placement turns (/settings
-- autoplace, S2); off unless the user turns it on. Same change as
-- ../0016_auto_place.sql.
ALTER TABLE users ADD COLUMN auto_place INTEGER NOT NULL DEFAULT 0 CHECK (auto_place IN (0, 1));
