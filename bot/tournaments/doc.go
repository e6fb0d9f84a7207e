// Package tournaments is the Discord side of tournaments: /tournament
// (create, start, cancel; for those who may manage the server), /standings,
// the Join and Leave buttons of a tournament's message, and the notices of
// each round's pairings and of the final standings.
//
// The way in is Tournaments: Tournament, Standings, Click and Choices (the
// tournament option's autocomplete) answer interactions, and Deliver posts
// a notice the store announced (store.AnnounceTournamentRound and
// AnnounceTournamentFinished). Pairings, standings and tie-breaks are
// package kilab/tournament's; the store starts each round's games when the
// last one ends, and their threads and boards are announcements like any
// game's. Of Discord it answers interactions and posts and edits messages in
// the tournament's channel. A cancel is its creator's or a moderator's
// (kit's Core.Moderator; the store logs a moderator's), and a member the
// server's moderators kept from games cannot join (Core.MayPlay).
package tournaments
