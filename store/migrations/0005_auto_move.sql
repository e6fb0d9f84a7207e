-- Whether the bot plays a player's turn for them when it has exactly one
-- possible move (/settings automove); on unless the user turned it off.
ALTER TABLE users ADD COLUMN auto_move INTEGER NOT NULL DEFAULT 1 CHECK (auto_move IN (0, 1));
