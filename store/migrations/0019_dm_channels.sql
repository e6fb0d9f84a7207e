-- What saves Discord requests: a user's DM channel, which never changes, is
-- kept once opened ('' until then), so that a DM is one request rather than
-- two; and a board's text as it was sent, without its picture (JSON of its
-- embeds; '' for boards sent before this), so that retiring it is one edit,
-- with no read of the message first.
ALTER TABLE users ADD COLUMN dm_channel_id TEXT NOT NULL DEFAULT '';
ALTER TABLE board_messages ADD COLUMN kept TEXT NOT NULL DEFAULT '';
