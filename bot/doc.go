// Package bot is Kilab's Discord side: the slash commands, the routing of
// interactions by custom_id, the handlers for challenges and turns, and the
// notifications (game threads, turn DMs).
//
// Handlers are stateless: everything a click needs comes from its custom_id
// and the database, so buttons keep working across restarts. A click carries
// the game id and the version of the position it was drawn from; the store
// commits a throw or a move only at that version, so a stale, repeated or
// concurrent click changes nothing and gets an explanation instead.
//
// Interactions come over the gateway, or, with Config.InteractionsAddr, as
// signed HTTP requests to the bot's endpoint (endpoint.go, verify.go); both
// go through the same gate and handlers, and are answered the same way.
//
// The bot never computes a rule: it asks the engine (games), draws with render
// and keeps everything in store. It talks to Discord through the small Discord
// interface, implemented over a *discordgo.Session built by the caller, so
// tests can put a fake Discord behind the real session, or a recorder behind
// the interface.
package bot
