// Package computer plays the computer opponent's turns in every game where
// it is on move, with the agent of the game's level (package ai, given the
// Core's ai.Env).
//
// The way in is Computer: Run plays until its context ends, woken by Wake
// after every commit and polling for the rest, and Play plays what waits
// now (tests call it). Its to-do list is the store's (ComputerOnMove), so a
// turn due when the bot stopped is played when it starts again; it commits
// through the Core like a player's click, and what it played is announced
// as any move is. It needs nothing of Discord.
package computer
