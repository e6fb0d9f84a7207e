package settings

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/lang"
	"kilab/quiet"
	"kilab/store"
)

// The options of /settings beside the on/off ones.
const (
	optLanguage = "language"
	optTimeZone = "timezone"
	optQuiet    = "quiet"
	optDigest   = "digest"
	optSide     = "side"
)

// Languages are the values of the language option: "auto" follows the
// Discord client's locale.
var languages = []string{"auto", "en", "de", "es", "fr", "ru"}

// Command is /settings as it is registered.
func Command() *discordgo.ApplicationCommand {
	lg := kit.Option(discordgo.ApplicationCommandOptionString, optLanguage, lang.T("cmd.opt.language"), lang.T("cmd.settings.language"), false)
	for _, v := range languages {
		c := &discordgo.ApplicationCommandOptionChoice{Name: languageName(lang.En, v), Value: v}
		if v == "auto" {
			c.NameLocalizations = kit.Localized(lang.T("settings.language_auto"), 100)
		} else {
			c.NameLocalizations = kit.Everywhere(c.Name)
		}
		lg.Choices = append(lg.Choices, c)
	}
	digest := kit.Option(discordgo.ApplicationCommandOptionInteger, optDigest, lang.T("cmd.opt.digest"), lang.T("cmd.settings.digest"), false)
	off := &discordgo.ApplicationCommandOptionChoice{Name: lang.En.T("settings.off"), Value: -1, NameLocalizations: kit.Localized(lang.T("settings.off"), 100)}
	digest.Choices = append(digest.Choices, off)
	for h := range 24 {
		name := fmt.Sprintf("%02d:00", h)
		digest.Choices = append(digest.Choices, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: h, NameLocalizations: kit.Everywhere(name)})
	}
	side := kit.Option(discordgo.ApplicationCommandOptionString, optSide, lang.T("cmd.opt.side"), lang.T("cmd.settings.side"), false)
	for _, v := range []string{"mine", "fixed"} {
		t := lang.T("settings.side_" + v)
		side.Choices = append(side.Choices, &discordgo.ApplicationCommandOptionChoice{Name: t.In(lang.En), Value: v, NameLocalizations: kit.Localized(t, 100)})
	}
	return kit.Command("settings", lang.T("cmd.settings.name"), lang.T("cmd.settings.desc"),
		kit.Option(discordgo.ApplicationCommandOptionBoolean, "dms", lang.T("cmd.opt.dms"), lang.T("cmd.settings.dms"), false),
		kit.Option(discordgo.ApplicationCommandOptionBoolean, "reminders", lang.T("cmd.opt.reminders"), lang.T("cmd.settings.reminders"), false),
		kit.Option(discordgo.ApplicationCommandOptionBoolean, "automove", lang.T("cmd.opt.automove"), lang.T("cmd.settings.automove"), false),
		kit.Option(discordgo.ApplicationCommandOptionBoolean, "autothrow", lang.T("cmd.opt.autothrow"), lang.T("cmd.settings.autothrow"), false),
		kit.Option(discordgo.ApplicationCommandOptionBoolean, "autoplace", lang.T("cmd.opt.autoplace"), lang.T("cmd.settings.autoplace"), false),
		lg,
		kit.WithMax(kit.Option(discordgo.ApplicationCommandOptionString, optTimeZone, lang.T("cmd.opt.timezone"), lang.T("cmd.settings.timezone"), false), 40, true),
		kit.WithMax(kit.Option(discordgo.ApplicationCommandOptionString, optQuiet, lang.T("cmd.opt.quiet"), lang.T("cmd.settings.quiet"), false), 20, false),
		digest, side)
}

// languageName is how the language option's value v is shown: each
// language by its own name, "auto" in l.
func languageName(l *lang.Lang, v string) string {
	switch v {
	case "en":
		return "English"
	case "de":
		return "Deutsch"
	case "es":
		return "Español"
	case "fr":
		return "Français"
	case "ru":
		return "Русский"
	}
	return l.T("settings.language_auto")
}

// Settings is /settings: each option given changes that setting; then
// the answer shows them all. The options are checked before any is
// changed, so a mistake in one changes nothing.
func (b *Settings) Settings(ctx context.Context, i *discordgo.Interaction) error {
	user := kit.UserOf(i).ID
	opts := kit.Options(i)
	current, err := b.DB.Settings(ctx, user)
	if err != nil {
		return err
	}
	changes, err := b.parse(opts, current)
	if err != nil {
		return err
	}
	for _, change := range changes {
		if err := change(ctx, user); err != nil {
			return err
		}
	}
	set, err := b.DB.Settings(ctx, user)
	if err != nil {
		return err
	}
	l := kit.LangOf(i)
	if _, ok := opts[optLanguage]; ok {
		// The answer is in the language just chosen, or, for "auto", the
		// client's, which Resolve may have replaced with the old choice.
		l = lang.For(set.Speaks())
	}
	return b.Reply(i, "%s", Describe(l, set, b.DB.Now()))
}

// change is one setting to write.
type change func(ctx context.Context, user string) error

// parse checks every option given and returns the changes they make.
func (b *Settings) parse(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, current store.Settings) ([]change, error) {
	var out []change
	for _, f := range []struct {
		name string
		set  func(context.Context, string, bool) error
	}{{"dms", b.DB.SetDMs}, {"reminders", b.DB.SetReminders}, {"automove", b.DB.SetAutoMove}, {"autothrow", b.DB.SetAutoThrow}, {"autoplace", b.DB.SetAutoPlace}} {
		if o, ok := opts[f.name]; ok {
			on, _ := o.Value.(bool)
			set := f.set
			out = append(out, func(ctx context.Context, user string) error { return set(ctx, user, on) })
		}
	}
	if o, ok := opts[optLanguage]; ok {
		v := fmt.Sprint(o.Value)
		if !slices.Contains(languages, v) {
			return nil, lang.Fail("settings.err.language")
		}
		if v == "auto" {
			v = ""
		}
		out = append(out, func(ctx context.Context, user string) error { return b.DB.SetLanguage(ctx, user, v) })
	}
	if o, ok := opts[optSide]; ok {
		v := fmt.Sprint(o.Value)
		if v != "mine" && v != "fixed" {
			return nil, lang.Fail("settings.err.side")
		}
		out = append(out, func(ctx context.Context, user string) error { return b.DB.SetFixedSide(ctx, user, v == "fixed") })
	}
	zone := current.TimeZone
	if o, ok := opts[optTimeZone]; ok {
		zone = canonicalZone(fmt.Sprint(o.Value))
		if _, err := quiet.Zone(zone); err != nil {
			return nil, lang.Fail("settings.err.zone", "Zone", kit.Clip(zone, 40))
		}
		out = append(out, func(ctx context.Context, user string) error { return b.DB.SetTimeZone(ctx, user, zone) })
	}
	q, err := parseQuiet(opts, zone, b.DB)
	if err != nil {
		return nil, err
	}
	if q != nil {
		out = append(out, q)
	}
	d, err := parseDigest(opts, zone, b.DB)
	if err != nil {
		return nil, err
	}
	if d != nil {
		out = append(out, d)
	}
	return out, nil
}

// parseQuiet reads the quiet option: "23:00-08:00" in the player's zone
// (zone, which they must have chosen), or "off".
func parseQuiet(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, zone string, db *store.DB) (change, error) {
	o, ok := opts[optQuiet]
	if !ok {
		return nil, nil
	}
	text := strings.ToLower(strings.TrimSpace(fmt.Sprint(o.Value)))
	if isOff(text) {
		return func(ctx context.Context, user string) error { return db.SetQuiet(ctx, user, 0, 0) }, nil
	}
	loc, err := quiet.Zone(zone)
	if err != nil {
		return nil, lang.Fail("settings.err.need_zone")
	}
	h, err := quiet.Parse(text, loc)
	if err != nil {
		return nil, lang.Fail("settings.err.quiet", "Text", kit.Clip(text, 20))
	}
	return func(ctx context.Context, user string) error { return db.SetQuiet(ctx, user, h.From, h.To) }, nil
}

// parseDigest reads the digest option: an hour of the player's day, or -1
// for none.
func parseDigest(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, zone string, db *store.DB) (change, error) {
	o, ok := opts[optDigest]
	if !ok {
		return nil, nil
	}
	hour, _ := o.Value.(float64)
	switch {
	case hour < 0:
		return func(ctx context.Context, user string) error { return db.SetDigest(ctx, user, false, 0) }, nil
	case hour > 23 || hour != float64(int(hour)):
		return nil, lang.Fail("settings.err.digest")
	}
	if _, err := quiet.Zone(zone); err != nil {
		return nil, lang.Fail("settings.err.need_zone")
	}
	return func(ctx context.Context, user string) error { return db.SetDigest(ctx, user, true, int(hour)*60) }, nil
}

// isOff reports whether a player typed "off" for a text option, in any
// language Kilab speaks.
func isOff(text string) bool {
	for _, t := range lang.Tags {
		if strings.EqualFold(text, lang.Of(t).T("settings.off")) {
			return true
		}
	}
	return text == "off" || text == "none" || text == "-"
}

// Describe is every setting of s, in l, for the answer to /settings; now
// gives the player's local time, so they can see their zone is right.
func Describe(l *lang.Lang, s store.Settings, now time.Time) string {
	text := l.T("settings.now", "DMs", onOff(l, s.DMs), "Reminders", onOff(l, s.Reminders),
		"AutoMove", onOff(l, s.AutoMove), "AutoThrow", onOff(l, s.AutoThrow))
	text += " " + l.T("settings.now_place", "AutoPlace", onOff(l, s.AutoPlace))
	language := languageName(l, "auto")
	if s.Language != "" {
		language = languageName(l, s.Language)
	}
	zone, quietText, digest := l.T("settings.none"), l.T("settings.none"), l.T("settings.off")
	if loc, err := quiet.Zone(s.TimeZone); err == nil {
		zone = l.T("settings.zone", "Zone", s.TimeZone, "Time", now.In(loc).Format("15:04"))
	}
	if s.Quiet.Set() {
		quietText = s.Quiet.String()
	}
	if s.Digest {
		digest = l.T("settings.digest_at", "Time", fmt.Sprintf("%02d:%02d", s.DigestAt/60, s.DigestAt%60))
	}
	text += "\n" + l.T("settings.now_when", "Language", language, "Zone", zone, "Quiet", quietText, "Digest", digest)
	side := l.T("settings.side_mine")
	if s.FixedSide {
		side = l.T("settings.side_fixed")
	}
	text += " " + l.T("settings.now_side", "Side", side)
	if s.DMs && !s.DMsClosed.IsZero() {
		text += "\n" + l.T("settings.closed")
	}
	return text
}

func onOff(l *lang.Lang, on bool) string {
	if on {
		return l.T("settings.on")
	}
	return l.T("settings.off")
}

// canonicalZone is the zone named by what the player typed, written as the
// zone database writes it where only its capitals or spaces differ
// ("europe/berlin", "america/new york"); else what they typed, trimmed.
func canonicalZone(typed string) string {
	typed = strings.TrimSpace(typed)
	want := strings.ReplaceAll(typed, " ", "_")
	for _, z := range zones {
		if strings.EqualFold(z, want) {
			return z
		}
	}
	return typed
}

// ZoneChoices offers the time zones whose names hold what the player typed
// (spaces read as underscores: "new york" finds America/New_York).
func (b *Settings) ZoneChoices(ctx context.Context, i *discordgo.Interaction, typed string) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	want := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(typed)), " ", "_")
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, z := range zones {
		if want != "" && !strings.Contains(strings.ToLower(z), want) {
			continue
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: z, Value: z})
		if len(out) == 25 {
			break
		}
	}
	return out, nil
}
