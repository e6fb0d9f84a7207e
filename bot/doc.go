// Package bot is Kilab's Discord side as one bot: it connects to Discord
// (the gateway, or signed HTTP requests to its endpoint with
// Config.InteractionsAddr, through the same gate), routes every interaction
// through one route table (routes.go: each slash command, autocompleted
// option and custom_id kind is one entry, with its definition or id shape,
// its handler, its name in the metrics and logs, and what its id names), and
// runs the loops and sweeps: delivery, the computer, deadlines, reminders
// and the daily puzzles.
//
// The features live in packages of their own on the shared kit.Core: play,
// challenge, computer, tournaments, vacation, moderation, info, lessons,
// puzzles and delivery. None knows another; the bot wires them together (a
// commit kicks delivery and the computer, delivery hands the kinds of
// announcement other features write to them, a lesson's last button is the
// challenge's), and resolves each interaction's context once (kit.Core.Resolve)
// before its handler runs.
//
// Handlers are stateless: everything a click needs comes from its custom_id
// and the database, so buttons keep working across restarts. A click carries
// the game id and the version of the position it was drawn from; the store
// commits a throw or a move only at that version, so a stale, repeated or
// concurrent click changes nothing and gets an explanation instead. An
// interaction Discord delivers twice is applied once whatever it is: its id
// is recorded with the change it makes (once.go).
//
// The bot never computes a rule: it asks the engine (games), draws with render
// and keeps everything in store. It talks to Discord through the small
// kit.Discord interface, implemented over a *discordgo.Session built by the
// caller, so tests can put a fake Discord behind the real session, or a
// recorder behind the interface. New puts the sessions' HTTP client behind
// a ratelimit.Transport (requests.go): every REST request counted by route
// and status, and kept under Config.RequestsPerSecond.
package bot
