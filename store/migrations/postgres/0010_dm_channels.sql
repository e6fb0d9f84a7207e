-- A user's DM channel, kept once opened, and a board's text as it was
-- sent, without its picture. Same change as ../0019_dm_channels.sql.
ALTER TABLE users ADD COLUMN dm_channel_id TEXT NOT NULL DEFAULT '';
ALTER TABLE board_messages ADD COLUMN kept TEXT NOT NULL DEFAULT '';
