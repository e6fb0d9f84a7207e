// Package kit is what every feature of the Discord side shares: the Discord
// calls the bot makes (Discord, Message, the REST implementation, which
// sends each request in the bucket Discord counts it in, and Core.Discord,
// which counts a delivery's), a user's DM channel kept once opened, the Core
// that holds the store, the source of throws, the log and the caches of
// names, locales and pictures; a stored game made playable (State) and its
// board message (Board, the picker); the languages each reader is spoken to
// in; the custom_id vocabulary (Action and the shapes the router registers);
// the table from known errors to what a player reads (Explain); and who
// moderates a server and what its moderators forbid (Moderator, MayPlay),
// which several features ask.
//
// Features (play, challenges, the computer, tournaments, vacations, the
// information commands, delivery) build on it and not on one another; the
// router in package bot wires them to Discord.
package kit
