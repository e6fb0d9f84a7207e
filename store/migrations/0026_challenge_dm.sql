-- dm_channel, dm_message: the DM that put a direct challenge to its
-- opponent, once sent, so that the challenge's end (accepted in the channel,
-- declined, cancelled, expired) is shown on it too and its buttons go. ''
-- before it is sent, and for an open challenge, which has no DM.
ALTER TABLE challenges ADD COLUMN dm_channel TEXT NOT NULL DEFAULT '';
ALTER TABLE challenges ADD COLUMN dm_message TEXT NOT NULL DEFAULT '';
