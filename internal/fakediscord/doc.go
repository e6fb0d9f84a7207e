// Package fakediscord is a fake Discord for end-to-end tests of the bot: one
// httptest server on 127.0.0.1 that speaks enough of Discord's REST API and
// gateway for a real *discordgo.Session to connect, receive interactions and
// answer them.
//
// A test starts it with New and builds its session with NewSession (or
// sets session.Client to Server.Client: the transport sends discord.com to
// the fake, and the gateway address follows from the fake's own answer to
// GET /gateway). It drives users with Command, Autocomplete, Click and
// Select, awaits the bot's answer on the returned Interaction, and reads
// what the bot did through the recorded requests (Requests, WaitFor) and the
// messages the fake now holds (Messages, WaitMessageAfter, Message.PNG):
//
//	srv := fakediscord.New(t)
//	s := srv.NewSession()           // or the bot's own, with s.Client = srv.Client()
//	bot.Attach(s)                   // the code under test
//	_ = s.Open()
//	_ = srv.WaitConnected(ctx)
//	ana := srv.AddUser("ana")
//	ix := srv.Click(ana.ID, board.ID, "move/12/3/a1-a4")
//	reply, _ := ix.Reply(ctx)       // the updated message, ephemeral error, ...
//	next, _ := srv.WaitMessageAfter(ctx, threadID, board.ID, func(m fakediscord.Message) bool { return true })
//	img, _, _ := next.PNG()
//
// Interactions go over the gateway unless the test sets an Interactions
// Endpoint URL with SetInteractionsURL, as an application owner does in the
// Developer Portal: the fake then checks the endpoint as Discord does (a
// signed PING must get a PONG, a badly signed one a 401) and from then on
// POSTs every interaction there, signed with a key pair of its own
// (PublicKey), expecting 202 and no body within the deadline (the answer then
// comes through the callback) or 200 with the interaction response.
//
// Every request body the bot sends is checked against Discord's documented
// limits (content length, embeds, components, custom_id lengths, autocomplete
// choices, attachment descriptions, command registration) and against the
// schema of the matching operation in Discord's OpenAPI description (the copy
// in testdata/discord, MIT, or $KILAB_DISCORD_OPENAPI); a missing copy fails
// the test rather than switching the check off. A violation fails the test and is answered with the
// 400 Invalid Form Body Discord would send, so the bot's error path runs too.
//
// The gateway speaks shards as Discord does: IDENTIFY's shard field
// ([shard_id, num_shards]) picks a session's guilds, each event goes to the
// session of the shard that owns its guild ((guild_id >> 22) % num_shards;
// DMs to shard 0), and bad shard values close the connection with 4010 or,
// below WithShardsRequired, 4011. AddGuildOnShard places a guild on a shard;
// WaitShards waits for all of them.
//
// Discord's rate limits are enforced on request (WithLimits(DiscordLimits())
// or SetLimits; off by default, so that other tests stay fast and
// deterministic): the global limit of 50 requests a second per bot token,
// interaction endpoints exempt; per-route buckets keyed by route and
// top-level resource (channel, guild, webhook and token), with Discord's
// X-RateLimit-* headers on every answer, creating and editing messages
// sharing one bucket of 5 per 5 s per channel; and 429s with Retry-After,
// X-RateLimit-Scope and Discord's JSON body. LimitStats counts the requests
// by route, the 429s by scope (injected with RateLimit apart from those
// earned) and the invalid requests (401, 403, 429) of the last 10 minutes
// against the 10,000 that get a bot banned.
//
// The fake keeps Discord's behaviour where a bot can trip over it: interaction
// tokens answer once and only within three seconds, follow-ups need an
// acknowledged interaction, threads started from a message take the message's
// id, DMs to a user who closed them fail with code 50007, and a channel where
// threads are denied answers 50013.
package fakediscord
