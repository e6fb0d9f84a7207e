package store

// Commit stamps plies with the rules revision of the game's engine, which it
// finds in the games registry: the tests register the engines as the bot does.
import (
	_ "kilab/games/aseb"
	_ "kilab/games/seega"
	_ "kilab/games/tab"
)
