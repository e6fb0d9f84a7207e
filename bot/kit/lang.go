package kit

import (
	"context"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/lru"
	"kilab/quiet"
	"kilab/store"
)

// The bot speaks each reader's language (package lang):
//   - an answer to an interaction, in the language its player chose with
//     /settings language, else the locale the interaction came with;
//   - a DM or reminder, which answers nothing, in the language the player
//     chose, else the locale of their last interaction (users.locale), or,
//     to someone who has not used the
//     bot yet (a challenge's opponent), the locale of the server the DM is
//     about;
//   - a post in a server's channel or game thread, read by both players and
//     onlookers, in the server's preferred locale (guilds.locale), which
//     Discord sends with every interaction from the server; a game outside
//     any server (against the computer, in a DM) posts in its player's.

// keptPerMap bounds what each of the Core's maps of users and servers keeps:
// a copy running for months meets more users than it need remember, and one
// forgotten costs a read when they come back.
const keptPerMap = 100_000

// people remembers, for each user this copy has met (the most recently seen,
// up to keptPerMap), in one entry: the display name last seen (names.go:
// thread names and autocomplete labels) and the name and locale last
// recorded in the database, so that recording costs a write only when one
// changes. One entry a player, not one for each: a copy's memory grows by
// an entry for every player it meets until the bound.
type people struct{ m *lru.Cache[person] }

type person struct {
	seen   string // the display name last seen
	name   string // the display name last recorded
	locale string // the locale last recorded
}

func newPeople() people { return people{lru.New[person](keptPerMap, 0)} }

// see keeps name as user's display name.
func (c people) see(user, name string) {
	c.m.Update(user, func(p person, _ bool) person { p.seen = name; return p })
}

// seenName is user's display name, if seen.
func (c people) seenName(user string) (string, bool) {
	p, ok := c.m.Get(user)
	return p.seen, ok && p.seen != ""
}

// recordLocale notes locale as user's recorded one and reports whether it
// changed (or was not known).
func (c people) recordLocale(user, locale string) bool {
	old, _ := c.m.Update(user, func(p person, _ bool) person { p.locale = locale; return p })
	return old.locale != locale
}

// recordName is recordLocale for the display name.
func (c people) recordName(user, name string) bool {
	old, _ := c.m.Update(user, func(p person, _ bool) person { p.name = name; return p })
	return old.name != name
}

// swapped keeps v for key in c and reports whether it changed (or was not
// known).
func swapped(c *lru.Cache[string], key, v string) bool {
	old, ok := c.Swap(key, v)
	return !ok || old != v
}

// LangOf is the language to answer interaction i in.
func LangOf(i *discordgo.Interaction) *lang.Lang { return lang.For(string(i.Locale)) }

// NoteLocale records the locales interaction i came with when they differ
// from what this copy last recorded, so that DMs and posts made later speak
// them. Where this copy has not recorded one yet (it started, or another copy
// took the user's earlier clicks), it reads what the database holds first:
// every interaction passes here, and on a shared database a read is cheap
// where a write contends with every transaction that reads the user. A
// failure is logged: the interaction goes on in its own locale.
func (b *Core) NoteLocale(ctx context.Context, i *discordgo.Interaction) {
	user := UserOf(i).ID
	if user != "" && i.Locale != "" && b.people.recordLocale(user, string(i.Locale)) {
		if s, err := b.SettingsOf(ctx, user); err != nil || s.Locale != string(i.Locale) {
			b.recorded(ctx, b.DB.SetUserLocale(ctx, user, string(i.Locale)))
			forget(ctx)
		}
	}
	if name := DisplayName(UserOf(i)); user != "" && name != "" && b.people.recordName(user, name) {
		if s, err := b.SettingsOf(ctx, user); err != nil || s.Name != name {
			b.recorded(ctx, b.DB.SetUserName(ctx, user, name))
			forget(ctx)
		}
	}
	if i.GuildID != "" && i.GuildLocale != nil && *i.GuildLocale != "" && swapped(b.guildLocales, i.GuildID, string(*i.GuildLocale)) {
		if l, err := b.DB.GuildLocale(ctx, i.GuildID); err != nil || l != string(*i.GuildLocale) {
			b.recorded(ctx, b.DB.SetGuildLocale(ctx, i.GuildID, string(*i.GuildLocale)))
		}
	}
}

// recorded logs a locale that could not be recorded.
func (b *Core) recorded(ctx context.Context, err error) {
	if err != nil {
		b.Logger(ctx).Warn("could not record a locale", "err", err)
	}
}

// UserLang is the language of DMs to user about something in guild (a
// game, a challenge; "" for none): the one they chose, or their last
// interaction's (DMLang).
func (b *Core) UserLang(ctx context.Context, user, guild string) *lang.Lang {
	s, err := b.DB.Settings(ctx, user)
	if err != nil {
		b.Logger(ctx).Warn("could not read a locale", "err", err)
	}
	return b.DMLang(ctx, s, guild)
}

// DMLang is the language of DMs to the user whose settings are s about
// something in guild: the language they chose (/settings language), else
// their last interaction's locale, or where none is
// recorded (they have not used the bot yet) the server's, a better guess
// than English.
func (b *Core) DMLang(ctx context.Context, s store.Settings, guild string) *lang.Lang {
	if s.Speaks() == "" && guild != "" {
		return b.GuildLang(ctx, guild, "")
	}
	return lang.For(s.Speaks())
}

// GuildLang is the language of posts in guild's channels and threads. A game
// outside any server (guild "") posts in the language of player, its human.
func (b *Core) GuildLang(ctx context.Context, guild, player string) *lang.Lang {
	if guild == "" {
		return b.UserLang(ctx, player, "")
	}
	if l, ok := b.guildLocales.Get(guild); ok {
		return lang.For(l)
	}
	l, err := b.DB.GuildLocale(ctx, guild)
	if err != nil {
		b.Logger(ctx).Warn("could not read a server's locale", "err", err)
		return lang.For(l)
	}
	// What the database holds is what noteLocale would compare with: keep
	// it, so that every post in the server does not read it again.
	b.guildLocales.Put(guild, l)
	return lang.For(l)
}

// GameLang is the language of posts about g: its server's, or for a game
// outside any server, its first human player's.
func (b *Core) GameLang(ctx context.Context, g store.Game) *lang.Lang {
	human := g.Players[0]
	if g.Computer.Plays() && g.Computer.Seat == 0 {
		human = g.Players[1]
	}
	return b.GuildLang(ctx, g.GuildID, human)
}

// SeatWord is the name of seat p of game g in l, lower case as mid-sentence
// ("cones"), as the game names it; the engines' Seats are the keys, in English.
func SeatWord(l *lang.Lang, g games.Game, p games.Player) string {
	return games.SeatName(l, g, p)
}

// SeatTitle is seatWord with a capital, to open a sentence or a label.
func SeatTitle(l *lang.Lang, g games.Game, p games.Player) string {
	w := SeatWord(l, g, p)
	r, n := utf8.DecodeRuneInString(w)
	return string(unicode.ToUpper(r)) + w[n:]
}

// ZoneOf is the time zone user chose (/settings timezone), for the times
// Kilab writes as text where Discord's <t:...> cannot stand (a record
// file, a picture): UTC where they chose none.
func (b *Core) ZoneOf(ctx context.Context, user string) *time.Location {
	s, err := b.SettingsOf(ctx, user)
	if err != nil {
		return time.UTC
	}
	if zone, err := quiet.Zone(s.TimeZone); err == nil {
		return zone
	}
	return time.UTC
}
