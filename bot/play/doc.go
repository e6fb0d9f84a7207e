// Package play is playing a game once it has started: a board's Throw and
// move buttons and pickers, /move and its autocomplete, /board, /resign and
// its confirmation, /draw and its offer's buttons, and /settings (DMs,
// reminders, automatic throws and moves).
//
// The way in is Play's handlers, which the router in package bot names in
// its route table. A click is checked against the game's version and whose
// turn it is, played through the engine (package games), and committed
// through the Core at the version the player saw, so a stale or doubled
// click changes nothing; the clicked board is answered in place, and the
// next player's board is an announcement the commit wrote, delivered by the
// bot. From the store it takes games, records and settings; of Discord it
// only answers interactions.
package play
