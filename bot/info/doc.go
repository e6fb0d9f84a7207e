// Package info answers the information commands: /rules, /help, /games,
// /stats, /leaderboard (and its page buttons), /history and /review.
//
// The way in is Info's handlers, which the router in package bot names in
// its route table. They change nothing: from the store they read games,
// records, ratings and stats (and /review a judge from the computer's
// kit.Core.Computer); of Discord they only answer the interaction
// (Respond, and EditOriginal for the slow replay and review).
package info
