// Package settings is a player's choices about how Kilab speaks to them:
// /settings (turn DMs, reminders, the moves and throws played for them,
// their language, time zone, quiet hours and daily digest), the
// autocomplete of time zones, and /mute and /unmute, which silence one
// game's DMs.
//
// The way in is Settings, on the bot's shared Core: its handlers are
// entries of the bot's route table. What the choices do lives where the
// DMs are sent: the delivery holds a DM for quiet hours, leaves a turn to
// the digest or skips a muted game (kit.Notify), the sweep plans reminders
// and digests, and the store keeps every choice (store.Settings).
package settings
