package tournaments

import (
	"context"
	"errors"
	"fmt"
	"kilab/bot/kit"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
	"kilab/tournament"
)

const (
	optFormat = "format"
	optRounds = "rounds"
	// defaultSwissRounds is a Swiss's rounds when the creator gives none.
	defaultSwissRounds = 3
	maxSwissRounds     = 20
)

// Command is /tournament, for those who may manage the server
// (default_member_permissions: server admins can give it to others in
// Discord's integration settings), and /standings, for everyone. Discord's
// permissions are per command, which is why the standings are not a
// /tournament subcommand.
func Command() *discordgo.ApplicationCommand {
	manage := int64(discordgo.PermissionManageGuild)
	create := kit.Option(discordgo.ApplicationCommandOptionSubCommandGroup, "create", lang.T("cmd.tournament.create"), lang.T("cmd.tournament.create_desc"), false)
	create.Options = tournamentGames()
	run := kit.Command("tournament", lang.T("cmd.tournament.name"), lang.T("cmd.tournament.desc"),
		create,
		kit.Subcommand("start", lang.T("cmd.tournament.start"), lang.T("cmd.tournament.start_desc"), tournamentOption(true)),
		kit.Subcommand("cancel", lang.T("cmd.tournament.cancel"), lang.T("cmd.tournament.cancel_desc"), tournamentOption(true)),
	)
	run.DefaultMemberPermissions, run.Contexts = &manage, kit.GuildOnly()
	return run
}

// StandingsCommand is /standings, for everyone, in servers only.
func StandingsCommand() *discordgo.ApplicationCommand {
	standings := kit.Command("standings", lang.T("cmd.standings.name"), lang.T("cmd.standings.desc"), tournamentOption(false))
	standings.Contexts = kit.GuildOnly()
	return standings
}

func tournamentOption(required bool) *discordgo.ApplicationCommandOption {
	desc := lang.T("cmd.tournament.which")
	if !required {
		desc = lang.T("cmd.tournament.which_latest")
	}
	return kit.WithMax(kit.Option(discordgo.ApplicationCommandOptionString, kit.OptTournament, lang.T("cmd.opt.tournament"), desc, required), 20, true)
}

// tournamentGames are /tournament create's subcommands, one per game, with
// the game's variants and options as /challenge has them.
func tournamentGames() []*discordgo.ApplicationCommandOption {
	one, most := 1.0, float64(maxSwissRounds)
	var subs []*discordgo.ApplicationCommandOption
	for _, name := range games.Names() {
		g, _ := games.Lookup(name)
		format := kit.ChoiceOption(nil, optFormat, lang.T("cmd.opt.format"), lang.T("cmd.tournament.format"), string(tournament.RoundRobin), string(tournament.Swiss))
		format.Required = true
		rounds := kit.Option(discordgo.ApplicationCommandOptionInteger, optRounds, lang.T("cmd.opt.rounds"), lang.T("cmd.tournament.rounds", "Rounds", defaultSwissRounds), false)
		rounds.MinValue, rounds.MaxValue = &one, most
		opts := append([]*discordgo.ApplicationCommandOption{format, rounds}, kit.VariantOptions(g)...)
		opts = append(opts,
			kit.TimeOption(),
			kit.Option(discordgo.ApplicationCommandOptionBoolean, kit.OptRated, lang.T("cmd.opt.rated"), lang.T("cmd.tournament.rated"), false),
		)
		subs = append(subs, kit.GameSubcommand(g, lang.T("cmd.tournament.game", "Game", g.Title()), opts))
	}
	return subs
}

// Tournament routes /tournament create, start and cancel.
func (b *Tournaments) Tournament(ctx context.Context, i *discordgo.Interaction) error {
	if i.GuildID == "" {
		return lang.Fail("tour.err.no_server")
	}
	data := i.ApplicationCommandData()
	if len(data.Options) != 1 {
		return lang.Fail("tour.err.use")
	}
	switch sub := data.Options[0]; sub.Name {
	case "create":
		if len(sub.Options) != 1 {
			l := kit.LangOf(i)
			return lang.Fail("tour.err.choose_game", "Games", kit.OrWords(l, kit.Each(l.T("tour.create_command")+" ", games.Names())))
		}
		return b.createTournament(ctx, i, sub.Options[0])
	case "start":
		return b.startTournament(ctx, i)
	case "cancel":
		return b.cancelTournament(ctx, i)
	}
	return lang.Fail("tour.err.use")
}

// createTournament opens a tournament and posts its announcement, with the
// Join and Leave buttons.
func (b *Tournaments) createTournament(ctx context.Context, i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) error {
	t, err := parseTournament(sub)
	if err != nil {
		return err
	}
	t.GuildID, t.ChannelID, t.Creator = i.GuildID, i.ChannelID, kit.UserOf(i).ID
	if t, err = b.DB.CreateTournament(ctx, t); err != nil {
		return err
	}
	// The announcement is the server's, redrawn later in the server's language.
	l := b.GuildLang(ctx, t.GuildID, t.Creator)
	if err := b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, tournamentMessage(l, t, nil)); err != nil {
		return err
	}
	if msg, err := b.DC.Original(i); err == nil {
		return b.DB.SetTournamentMessage(ctx, t.ID, msg.ID)
	} else {
		b.Log.Warn("could not read the tournament message back", "tournament", t.ID, "err", err)
	}
	return nil
}

// parseTournament reads a game subcommand of /tournament create.
func parseTournament(sub *discordgo.ApplicationCommandInteractionDataOption) (store.Tournament, error) {
	g, err := games.Lookup(sub.Name)
	if err != nil {
		return store.Tournament{}, err
	}
	t := store.Tournament{Kind: g.Name(), Rounds: defaultSwissRounds, TimeLimit: 3 * store.Day, Rated: true}
	cfg := games.Config{Options: map[string]string{}}
	for _, o := range sub.Options {
		switch o.Name {
		case optFormat:
			t.Format = tournament.Format(fmt.Sprint(o.Value))
		case optRounds:
			if n, ok := o.Value.(float64); ok && n >= 1 && n <= maxSwissRounds {
				t.Rounds = int(n)
			}
		case kit.OptTime:
			if d, ok := o.Value.(float64); ok && kit.ValidDays(int(d)) {
				t.TimeLimit = time.Duration(d) * store.Day
			}
		case kit.OptRated:
			t.Rated, _ = o.Value.(bool)
		case kit.OptVariant:
			cfg.Variant = fmt.Sprint(o.Value)
		default:
			cfg.Options[o.Name] = fmt.Sprint(o.Value)
		}
	}
	if !t.Format.Valid() {
		return t, lang.Fail("tour.err.format")
	}
	if t.Config, err = games.Normalize(g, cfg); err != nil {
		return t, err
	}
	return t, nil
}

// tournamentOf reads the tournament option: one of this server's.
func (b *Tournaments) tournamentOf(ctx context.Context, i *discordgo.Interaction) (store.Tournament, error) {
	raw := strings.TrimPrefix(kit.OptString(i, kit.OptTournament), "#")
	if raw == "" {
		return b.latestTournament(ctx, i.GuildID)
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return store.Tournament{}, lang.Fail("tour.err.not_a_tournament", "Raw", fmt.Sprintf("%q", kit.Clip(raw, 20)))
	}
	t, err := b.DB.Tournament(ctx, id)
	if err == nil && t.GuildID != i.GuildID {
		return t, lang.Fail("tour.err.no_such", "ID", id) // another server's tournaments stay in it
	}
	if errors.Is(err, store.ErrNotFound) {
		return t, lang.Fail("tour.err.no_such", "ID", id)
	}
	return t, err
}

// latestTournament is the server's newest tournament that has started, or
// else its newest.
func (b *Tournaments) latestTournament(ctx context.Context, guild string) (store.Tournament, error) {
	ts, err := b.DB.Tournaments(ctx, guild, 20)
	if err != nil || len(ts) == 0 {
		return store.Tournament{}, errors.Join(err, lang.Fail("tour.err.none_yet"))
	}
	for _, t := range ts {
		if t.Status == store.TournamentRunning || t.Status == store.TournamentFinished {
			return t, nil
		}
	}
	return ts[0], nil
}

// startTournament is /tournament start: the first round's games begin.
func (b *Tournaments) startTournament(ctx context.Context, i *discordgo.Interaction) error {
	t, err := b.tournamentOf(ctx, i)
	if err != nil {
		return err
	}
	players, err := b.DB.TournamentPlayers(ctx, t.ID)
	if err != nil {
		return err
	}
	started, err := b.DB.StartTournament(ctx, t.ID)
	switch {
	case errors.Is(err, store.ErrTooFew):
		return lang.Fail("tour.err.too_few", "ID", t.ID, "Min", store.MinTournamentPlayers, "Joined", kit.LangOf(i).N("tour.n.joined", len(players)))
	case errors.Is(err, store.ErrClosed):
		now, _ := b.DB.Tournament(ctx, t.ID)
		return lang.Fail("tour.err.not_open", "ID", t.ID, "Status", statusWord(kit.LangOf(i), now.Status))
	case err != nil:
		return err
	}
	b.Kick() // the first round's games and notice were recorded with the start
	b.refreshTournament(ctx, started)
	l := kit.LangOf(i)
	note := ""
	if started.Format == tournament.Swiss && started.Rounds < t.Rounds {
		note = " " + l.T("tour.started_fewer", "Players", len(players), "Rounds", l.N("tour.n.swiss_rounds", started.Rounds))
	}
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{
		Content: l.T("tour.started", "ID", t.ID, "Rounds", l.N("tour.n.rounds", started.Rounds), "Note", note)})
}

// cancelTournament is /tournament cancel: an open tournament is called off;
// a running one stops, its games in play going on as ordinary games.
func (b *Tournaments) cancelTournament(ctx context.Context, i *discordgo.Interaction) error {
	t, err := b.tournamentOf(ctx, i)
	if err != nil {
		return err
	}
	if err := b.cancel(ctx, i, t); errors.Is(err, store.ErrClosed) {
		return lang.Fail("tour.err.over", "ID", t.ID)
	} else if err != nil {
		return err
	}
	text := kit.LangOf(i).T("tour.cancelled", "ID", t.ID)
	if t.Status == store.TournamentRunning {
		text = kit.LangOf(i).T("tour.cancelled_running", "ID", t.ID)
	}
	t.Status = store.TournamentCancelled
	b.refreshTournament(ctx, t)
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Content: text})
}

// cancel calls t off for its creator, or for a moderator of the server,
// whose action the moderation log keeps. Anyone else is refused: the
// command's default permissions only hide it, and an administrator may give
// it to members who moderate nothing.
func (b *Tournaments) cancel(ctx context.Context, i *discordgo.Interaction, t store.Tournament) error {
	user := kit.UserOf(i).ID
	if user == t.Creator {
		return b.DB.CancelTournament(ctx, t.ID)
	}
	mod, err := b.Moderator(ctx, i)
	switch {
	case err != nil:
		return err
	case !mod:
		return lang.Fail("mod.err.tournament_creator", "ID", t.ID, "Creator", t.Creator)
	}
	return b.DB.CancelTournamentByModerator(ctx, t.ID, user)
}

// refreshTournament redraws the tournament's announcement as it now stands,
// in the server's language.
// It is a courtesy: the tournament itself is in the database, so a failed
// edit is logged, not an error.
func (b *Tournaments) refreshTournament(ctx context.Context, t store.Tournament) {
	if t.MessageID == "" {
		return
	}
	players, err := b.DB.TournamentPlayers(ctx, t.ID)
	if err == nil {
		err = b.DC.Edit(t.ChannelID, t.MessageID, tournamentMessage(b.GuildLang(ctx, t.GuildID, t.Creator), t, players))
	}
	if err != nil {
		b.Log.Warn("could not update the tournament message", "tournament", t.ID, "err", err)
	}
}
