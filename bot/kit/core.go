package kit

import (
	"kilab/lru"
	"log/slog"

	"kilab/ai"
	"kilab/games"
	"kilab/store"
)

// Core is what every feature of the bot shares: the store, Discord, the
// randomness games draw from, the log, and the caches of what the bot has
// seen (names, locales, pictures). A feature holds the Core and uses it
// through its methods here; what a feature asks of other features goes
// through the narrow hooks below.
type Core struct {
	DB  *store.DB
	DC  Discord
	Src games.Source
	Log *slog.Logger
	// Computer is what the computer opponent and reviews are given (Aseb's
	// solved tables).
	Computer ai.Env

	people       people             // user id -> names seen and recorded, locale recorded (lang.go)
	guildLocales *lru.Cache[string] // guild id -> the locale this copy last recorded (lang.go)
	pictures     *pictures

	// Kick wakes the delivery of announcements (and the computer) after a
	// commit, so the next player's board goes out at once.
	Kick func()
	// OnCommit hears of every Commit and how it went.
	OnCommit func(store.Commit, error)
	// OnDMFailure hears why Discord refused a DM: "closed" (error 50007) or
	// "other".
	OnDMFailure func(reason string)
	// Self is the bot's own user id, the computer's seat in its games (""
	// before the gateway's READY).
	Self func() string
	// PublicURL is where players reach the web pages (PUBLIC_URL), without
	// a final slash; "" where they are not served: boards link to none.
	PublicURL string
}

// NewCore is a Core with its caches ready.
func NewCore(db *store.DB, dc Discord, src games.Source, log *slog.Logger, computer ai.Env) *Core {
	return &Core{DB: db, DC: dc, Src: src, Log: log, Computer: computer, pictures: newPictures(picturesKept),
		people: newPeople(), guildLocales: lru.New[string](keptPerMap, 0), Kick: func() {}, Self: func() string { return "" }}
}
