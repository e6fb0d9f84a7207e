-- The language a board (or a draw offer) was written in, so that it is
-- retired in it, whoever clicked it and whatever the server's language has
-- become since ('' for those sent before this: retired as before).
ALTER TABLE board_messages ADD COLUMN lang TEXT NOT NULL DEFAULT '';
