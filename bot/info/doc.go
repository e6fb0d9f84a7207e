// Package info answers the information commands: /rules, /help, /games,
// /stats, /leaderboard (and its page buttons), /history and /review.
//
// The way in is Info's handlers, which the router in package bot names in
// its route table. They change nothing but one thing: from the store they
// read games, records, ratings and stats (and /review a judge from the
// computer's kit.Core.Computer); /review keeps the reviewer's costliest
// moves of a game they played as their own puzzles (package puzzles'
// FromMistake; /puzzle mine offers them). Of Discord they only answer the
// interaction (Respond, and EditOriginal for the slow replay and review).
package info
