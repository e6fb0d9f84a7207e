// Package ratelimit spends Discord's rate limit like the scarce thing it
// is. A bot token may make about 50 REST requests a second in all
// (interaction endpoints aside: callbacks and their webhook), whatever the routes: Limiter keeps a copy
// of the bot under its share of that proactively, so Discord never has to
// say 429, and lets the requests that tell players of a move go before
// those that merely tidy up (Background: retiring old boards). Transport
// puts it in front of the HTTP client of the discordgo session, counts
// every request by route and status for the metrics, and when Discord does
// answer a global 429 holds every request back for as long as Discord says,
// so that nothing storms.
//
// Per-route limits stay discordgo's: it reads each bucket's X-RateLimit-*
// headers and waits out a bucket's reset, and waits a 429's retry_after
// before trying again. Route names each request twice: as a template for
// the metrics (no ids) and as the bucket Discord shares it in (the route
// with its top-level resource: a channel, a guild or a webhook), the bucket
// id discordgo keys its buckets by.
package ratelimit
