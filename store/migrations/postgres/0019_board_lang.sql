-- The language a board was written in, so that it is retired in it. Same
-- change as ../0027_board_lang.sql.
ALTER TABLE board_messages ADD COLUMN lang TEXT NOT NULL DEFAULT '';
