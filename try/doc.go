// Package try is the face of kilab try: a page in the browser that shows
// Kilab's stand-in for Discord (internal/fakediscord) as Discord's client
// would, so that someone without a Discord application can see and play
// the real bot on their own machine.
//
// The page is the three files of static/, embedded. It reads the guild,
// its channels and each member's view of their messages from the fake, as
// Discord's own message objects, and acts through the fake's drivers: a
// slash command with its options, an autocomplete, a button's click, a
// select menu's choice, each checked by the fake as Discord checks what its
// client sends. A server-sent event stream tells the page which channels
// changed and which requests of the bot Discord would have refused
// (Violations), which the page shows in red.
//
// The way in: NewLog (the fake's Reporter, made before the fake), Seed (the
// made-up members of a new world), New (the page on a running fake) and
// Page.Handler, whose route table lists every address the page uses.
package try
