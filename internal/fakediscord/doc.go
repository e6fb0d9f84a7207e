// Package fakediscord is a fake Discord for end-to-end tests of the bot: one
// httptest server on 127.0.0.1 that speaks enough of Discord's REST API and
// gateway for a real *discordgo.Session to connect, receive interactions and
// answer them.
//
// A test starts it with New, points a session at it with Server.Transport
// (the gateway address follows from the fake's own answer to GET /gateway),
// drives users' actions with Command, Autocomplete, Click and Select, and reads
// what the bot did through the recorded requests (Requests, WaitFor) and the
// messages the fake now holds (Messages, WaitMessage).
//
//	srv := fakediscord.New(t)
//	s, _ := discordgo.New(srv.Token())
//	s.Client = &http.Client{Transport: srv.Transport()}
//	_ = s.Open()
//	ix := srv.Click(alice.ID, boardMsg.ID, "throw/12/3")
//	reply, err := ix.Reply(ctx)
//
// Every request body the bot sends is checked against Discord's documented
// limits (content length, embeds, components, custom_id lengths, autocomplete
// choices, attachment descriptions, command registration) and, where
// Discord's OpenAPI description is found (../shared/discord/openapi.json from
// the module root, or $KILAB_DISCORD_OPENAPI), against the schema of the
// matching operation. A violation fails the test and is answered with the
// 400 Invalid Form Body Discord would send, so the bot's error path runs too.
//
// The fake keeps Discord's behaviour where a bot can trip over it: interaction
// tokens answer once and only within three seconds, follow-ups need an
// acknowledged interaction, threads started from a message take the message's
// id, DMs to a user who closed them fail with code 50007, and a channel where
// threads are denied answers 50013.
package fakediscord
