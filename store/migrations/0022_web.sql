-- Kilab on the web. Every game gets an address of its own that cannot be
-- guessed: web_token, 128 random bits as 32 hex digits, never the game's
-- number. Games made before get theirs here; new games get theirs from the
-- store as they are made. A server's moderators choose what of it the web
-- shows (moderation.web): 'off' (nothing, every page answers 404), 'link'
-- (the default: a game's page for whoever has its link) or 'public'.
-- Same change as postgres/0013_web.sql.
ALTER TABLE games ADD COLUMN web_token TEXT NOT NULL DEFAULT '';
UPDATE games SET web_token = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX games_web_token ON games (web_token) WHERE web_token <> '';
-- The display name a user's last interaction came with: what the pages call them.
ALTER TABLE users ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE moderation ADD COLUMN web TEXT NOT NULL DEFAULT 'link' CHECK (web IN ('off', 'link', 'public'));
