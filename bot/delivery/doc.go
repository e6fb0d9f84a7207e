// Package delivery sends what the store announced: every change that others
// must hear of (the next player's board in the game's thread and by DM, a
// new game's thread, the result, the retirement of old boards' buttons, a
// draw offer, and the kinds other features write) is an announcement,
// written in the same transaction as the change, so a crash delays it but
// never loses it.
//
// The way in is Delivery: Run delivers until its context ends, woken by
// Wake after every commit and polling for retries; Deliver delivers what is
// due now (tests call it). Announcements are claimed under this copy's name
// (store.ClaimAnnouncements), so several copies of the bot on one database
// send each once; what Discord refuses for now is retried with a backoff,
// and what can no longer be said is skipped. Other features deliver their
// own kinds through Config.Kinds. Of Discord it sends and edits messages,
// opens threads and DMs.
package delivery
