-- Whether the bot throws for a player when their turn begins with a throw
-- (/settings autothrow); off unless the user turns it on.
ALTER TABLE users ADD COLUMN auto_throw INTEGER NOT NULL DEFAULT 0 CHECK (auto_throw IN (0, 1));
