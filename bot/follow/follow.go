package follow

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/lang"
	"kilab/store"
)

// Follows is /follow, /unfollow and the followers' DMs, on the bot's
// shared Core.
type Follows struct{ *kit.Core }

// New is the following of the bot whose Core is core.
func New(core *kit.Core) *Follows { return &Follows{core} }

// optMoves is /follow game's choice of every move.
const optMoves = "moves"

// Command is /follow as it is registered.
func Command() *discordgo.ApplicationCommand {
	c := kit.Command("follow", lang.T("cmd.follow.name"), lang.T("cmd.follow.desc"),
		kit.Subcommand("game", lang.T("cmd.follow.game"), lang.T("cmd.follow.game_desc"),
			kit.GameOption(lang.T("cmd.follow.game_opt")),
			kit.Option(discordgo.ApplicationCommandOptionBoolean, optMoves, lang.T("cmd.follow.opt_moves"), lang.T("cmd.follow.moves"), false)),
		kit.Subcommand("tournament", lang.T("cmd.follow.tournament"), lang.T("cmd.follow.tournament_desc"), tournamentOption()))
	c.Contexts = kit.GuildOnly()
	return c
}

// UnfollowCommand is /unfollow as it is registered: in servers and in DMs,
// so that a follower who left the server can still stop what it sends.
func UnfollowCommand() *discordgo.ApplicationCommand {
	return kit.Command("unfollow", lang.T("cmd.unfollow.name"), lang.T("cmd.unfollow.desc"),
		kit.Subcommand("game", lang.T("cmd.follow.game"), lang.T("cmd.unfollow.game_desc"), kit.GameOption(lang.T("cmd.follow.game_opt"))),
		kit.Subcommand("tournament", lang.T("cmd.follow.tournament"), lang.T("cmd.unfollow.tournament_desc"), tournamentOption()))
}

func tournamentOption() *discordgo.ApplicationCommandOption {
	return kit.WithMax(kit.Option(discordgo.ApplicationCommandOptionString, kit.OptTournament, lang.T("cmd.opt.tournament"), lang.T("cmd.follow.tournament_opt"), true), 20, true)
}

// Follow is /follow game and /follow tournament.
func (f *Follows) Follow(ctx context.Context, i *discordgo.Interaction) error {
	if i.GuildID == "" {
		return lang.Fail("follow.err.no_server")
	}
	l, user := kit.LangOf(i), kit.UserOf(i).ID
	if sub(i) == "tournament" {
		t, err := f.tournamentOf(ctx, i)
		if err != nil {
			return err
		}
		if err := f.DB.FollowTournament(ctx, user, t.ID); err != nil {
			return err
		}
		return f.Reply(i, "%s", l.T("follow.tournament_done", "ID", t.ID))
	}
	g, err := f.GameOf(ctx, i)
	if err != nil {
		return err
	}
	every := false
	if o, ok := kit.Options(i)[optMoves]; ok {
		every, _ = o.Value.(bool)
	}
	switch err := f.DB.FollowGame(ctx, user, g.ID, every); {
	case errors.Is(err, store.ErrInvalid):
		return lang.Fail("follow.err.yours", "ID", g.ID)
	case err != nil:
		return err
	}
	if every {
		return f.Reply(i, "%s", l.T("follow.game_moves", "ID", g.ID))
	}
	return f.Reply(i, "%s", l.T("follow.game_done", "ID", g.ID))
}

// Unfollow is /unfollow game and /unfollow tournament. It takes the id of
// anything the asker follows, of this server or another (or in DMs, of
// any): stopping one's own DMs needs no look at the game.
func (f *Follows) Unfollow(ctx context.Context, i *discordgo.Interaction) error {
	l, user := kit.LangOf(i), kit.UserOf(i).ID
	tournament := sub(i) == "tournament"
	opt := kit.OptGame
	if tournament {
		opt = kit.OptTournament
	}
	raw := strings.TrimPrefix(kit.OptString(i, opt), "#")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		if tournament {
			return lang.Fail("follow.err.not_a_tournament", "Raw", strconv.Quote(kit.Clip(raw, 20)))
		}
		return lang.Fail("cmd.not_a_game", "Raw", strconv.Quote(kit.Clip(raw, 20)))
	}
	var was bool
	if tournament {
		was, err = f.DB.UnfollowTournament(ctx, user, id)
	} else {
		was, err = f.DB.UnfollowGame(ctx, user, id)
	}
	if err != nil {
		return err
	}
	if !was {
		return f.Reply(i, "%s", l.T("follow.not_following", "ID", id))
	}
	return f.Reply(i, "%s", l.T("follow.undone", "ID", id))
}

// sub is the subcommand i took.
func sub(i *discordgo.Interaction) string {
	if opts := i.ApplicationCommandData().Options; len(opts) == 1 {
		return opts[0].Name
	}
	return ""
}

// tournamentOf reads the tournament option: one of this server's.
func (f *Follows) tournamentOf(ctx context.Context, i *discordgo.Interaction) (store.Tournament, error) {
	raw := strings.TrimPrefix(kit.OptString(i, kit.OptTournament), "#")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return store.Tournament{}, lang.Fail("follow.err.not_a_tournament", "Raw", strconv.Quote(kit.Clip(raw, 20)))
	}
	t, err := f.DB.Tournament(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && t.GuildID != i.GuildID {
		return t, lang.Fail("follow.err.no_such_tournament", "ID", id)
	}
	return t, err
}

// GameChoices offers, as one types /follow game, the server's games in
// play that one does not play, newest first; for /unfollow, those one
// follows.
func (f *Follows) GameChoices(ctx context.Context, i *discordgo.Interaction, typed string) ([]*discordgo.ApplicationCommandOptionChoice, error) {
	me := kit.UserOf(i).ID
	var list []store.Game
	var err error
	if i.ApplicationCommandData().Name == "unfollow" {
		list, err = f.DB.FollowedGames(ctx, me, i.GuildID, 25)
	} else {
		list, err = f.DB.GamesInPlayIn(ctx, i.GuildID, me, 25)
	}
	if err != nil {
		return nil, err
	}
	l := kit.LangOf(i)
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, g := range list {
		label := l.T("follow.label", "ID", g.ID, "Title", kit.KindTitle(g.Kind), "First", f.Name(l, g.Players[0]), "Second", f.Name(l, g.Players[1]))
		if typed != "" && !strings.Contains(strings.ToLower(label), strings.ToLower(strings.TrimPrefix(typed, "#"))) {
			continue
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: kit.Clip(label, 100), Value: strconv.FormatInt(g.ID, 10)})
	}
	return out, nil
}
