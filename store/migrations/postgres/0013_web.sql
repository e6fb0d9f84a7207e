-- Kilab on the web: each game's unguessable address (web_token, 128 bits
-- as 32 hex digits; gen_random_uuid draws from the server's strong random
-- source, 122 of its bits random) and what each server shows on the web.
-- Same change as ../0022_web.sql.
ALTER TABLE games ADD COLUMN web_token TEXT NOT NULL DEFAULT '';
UPDATE games SET web_token = replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX games_web_token ON games (web_token) WHERE web_token <> '';
-- The display name a user's last interaction came with: what the pages call them.
ALTER TABLE users ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE moderation ADD COLUMN web TEXT NOT NULL DEFAULT 'link' CHECK (web IN ('off', 'link', 'public'));
