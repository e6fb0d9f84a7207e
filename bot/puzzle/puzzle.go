package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
	"kilab/puzzles"
	"kilab/render"
	"kilab/store"
)

// Puzzles is /puzzle on the bot's shared Core, with the puzzles it offers.
type Puzzles struct {
	*kit.Core
	byID   map[string]puzzles.Puzzle
	byGame map[string][]puzzles.Puzzle
	ids    []string // byID's keys in order: the daily puzzles' round
}

// maxMoves is the most moves a puzzle shown may have: five rows of five
// buttons.
const maxMoves = 25

// New is /puzzle of the bot whose Core is core, offering set's puzzles that
// fit on buttons.
func New(core *kit.Core, set puzzles.Set) *Puzzles {
	b := &Puzzles{Core: core, byID: map[string]puzzles.Puzzle{}, byGame: map[string][]puzzles.Puzzle{}}
	for _, p := range set.Puzzles {
		if len(p.Moves) <= maxMoves {
			b.byID[p.ID] = p
			b.byGame[p.Game] = append(b.byGame[p.Game], p)
		}
	}
	for id := range b.byID {
		b.ids = append(b.ids, id)
	}
	slices.Sort(b.ids)
	return b
}

// Command is /puzzle's definition: solve [game] (the game is optional) and
// mine, for every player, in servers and DMs. The daily puzzle's channel is
// a moderator's, so it is /mod daily (bot/moderation): Discord's
// permissions are per top-level command.
func Command() *discordgo.ApplicationCommand {
	game := kit.KindOptionIn(lang.T("cmd.puzzle.game"))
	game.Required = false
	return kit.Command("puzzle", lang.T("cmd.puzzle.name"), lang.T("cmd.puzzle.desc"),
		kit.Subcommand("solve", lang.T("cmd.puzzle.solve"), lang.T("cmd.puzzle.solve_desc"), game),
		kit.Subcommand("mine", lang.T("cmd.puzzle.mine"), lang.T("cmd.puzzle.mine_desc")))
}

// Puzzle answers /puzzle by its subcommand.
func (b *Puzzles) Puzzle(ctx context.Context, i *discordgo.Interaction) error {
	opts := i.ApplicationCommandData().Options
	if len(opts) != 1 {
		return lang.Fail("puzzle.err.use")
	}
	switch opts[0].Name {
	case "solve":
		return b.solve(ctx, i)
	case "mine":
		return b.mine(ctx, i)
	}
	return lang.Fail("puzzle.err.use")
}

// solve is /puzzle solve [game]: a puzzle of the game, for the player
// alone, near their puzzle rating and not one they solved. Without a game,
// it is of a game drawn at random among those whose puzzles the player has
// not all solved.
func (b *Puzzles) solve(ctx context.Context, i *discordgo.Interaction) error {
	if name := kit.OptString(i, kit.OptGame); name != "" {
		g, err := kit.KindOf(i)
		if err != nil {
			return err
		}
		if len(b.byGame[g.Name()]) == 0 {
			return lang.Fail("puzzle.err.none", "Game", g.Title())
		}
		return b.offer(ctx, i, g)
	}
	names := games.Names()
	first := int(b.Src.Uint64() % uint64(len(names)))
	for k := range names {
		g, err := games.Lookup(names[(first+k)%len(names)])
		if err != nil || len(b.byGame[g.Name()]) == 0 {
			continue
		}
		if err := b.offer(ctx, i, g); !errors.Is(err, errAllSolved) {
			return err
		}
	}
	return lang.Fail("puzzle.err.all_solved_every")
}

// errAllSolved is offer's: the player has solved every puzzle of the game.
var errAllSolved = errors.New("every puzzle of the game solved")

// offer shows the player a puzzle of g picked for them, or says they have
// solved them all (wrapping errAllSolved).
func (b *Puzzles) offer(ctx context.Context, i *discordgo.Interaction, g games.Game) error {
	p, ok, err := b.pick(ctx, kit.UserOf(i).ID, g.Name())
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: %w", errAllSolved, lang.Fail("puzzle.err.all_solved", "Game", g.Title()))
	}
	m, err := b.question(kit.LangOf(i), g, p, kit.PuzzleCID)
	if err != nil {
		return err
	}
	m.Ephemeral = true
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// pick chooses a puzzle of game for user: among those they have not
// solved, one of the nearest their puzzle rating (puzzles.Pick); ok is false
// when they have solved them all.
func (b *Puzzles) pick(ctx context.Context, user, game string) (puzzles.Puzzle, bool, error) {
	st, err := b.DB.PuzzlePlayer(ctx, user, game)
	if err != nil {
		return puzzles.Puzzle{}, false, err
	}
	ratings, err := b.DB.PuzzleRatings(ctx, game)
	if err != nil {
		return puzzles.Puzzle{}, false, err
	}
	solved, err := b.DB.SolvedPuzzles(ctx, user, game)
	if err != nil {
		return puzzles.Puzzle{}, false, err
	}
	list := b.byGame[game]
	cands := make([]puzzles.Rated, len(list))
	for k, p := range list {
		r, ok := ratings[p.ID]
		if !ok {
			r = puzzles.StartRating(p.Difficulty)
		}
		cands[k] = puzzles.Rated{ID: p.ID, Rating: r}
	}
	r, ok := puzzles.Pick(cands, st.Rating, solved, b.Src)
	return b.byID[r.ID], ok, nil
}

// question is the puzzle as the player first sees it: the board, whose
// move, the throw made, and a button for every legal move, whose custom_id
// cid makes.
func (b *Puzzles) question(l *lang.Lang, g games.Game, p puzzles.Puzzle, cid func(string, int) string) (*kit.Message, error) {
	pos, err := g.Parse(p.Config, p.Position)
	if err != nil {
		return nil, err
	}
	png, err := render.Board(l, g, p.Config, pos, render.Last{})
	if err != nil {
		return nil, err
	}
	task := l.T("puzzle.task", "Seat", kit.SeatTitle(l, g, pos.Due().Player))
	if p.Throw != "" {
		task = l.T("puzzle.task_thrown", "Seat", kit.SeatTitle(l, g, pos.Due().Player), "Throw", p.Throw)
	}
	return &kit.Message{
		Embeds: []*discordgo.MessageEmbed{{
			Title:       kit.Clip(l.T("puzzle.title", "Game", g.Title(), "Config", kit.ConfigText(l, g, p.Config)), 256),
			Description: kit.Clip(task, 4096),
			Color:       kit.KindColour(g.Name()),
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://puzzle.png"},
		}},
		Files:      []kit.File{{Name: "puzzle.png", ContentType: "image/png", Data: png, Description: kit.Clip(render.Describe(l, g, p.Config, pos, render.Last{}), 1024)}},
		Components: moveButtons(l, pos, p, cid),
	}, nil
}

// moveButtons are the puzzle's moves in the engine's order, in words, five
// to a row.
func moveButtons(l *lang.Lang, pos games.Position, p puzzles.Puzzle, cid func(string, int) string) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	var row []discordgo.MessageComponent
	for _, m := range pos.Moves() {
		k := indexOf(p, m.Notation)
		row = append(row, discordgo.Button{Label: games.Label(l, pos, m.Notation), Style: discordgo.SecondaryButton, CustomID: cid(p.ID, k)})
		if len(row) == 5 {
			rows, row = append(rows, discordgo.ActionsRow{Components: row}), nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	return rows
}

// indexOf is move's place in p's list of values.
func indexOf(p puzzles.Puzzle, move string) int {
	for k, v := range p.Moves {
		if v.Move == move {
			return k
		}
	}
	return -1
}

// errGone is a button of a puzzle the bot no longer offers.
var errGone = lang.Fail("puzzle.err.gone")

// Answer is a click on one of a puzzle's moves: the answer, in place of
// the question's buttons, with what it did to the player's puzzle rating
// (the first attempt at a puzzle is rated, later ones are not).
func (b *Puzzles) Answer(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	text, link, err := b.answer(ctx, i, a)
	if err != nil {
		return err
	}
	return b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, &kit.Message{
		Content: text, Components: kit.WithLink(kit.LangOf(i), []discordgo.MessageComponent{}, link), ComponentsOnly: true})
}

// AnswerDaily is a click on one of a daily puzzle's moves, in its post in
// a channel: the same answer as Answer's, for the clicker alone, the post
// keeping its buttons for everyone else.
func (b *Puzzles) AnswerDaily(ctx context.Context, i *discordgo.Interaction, a kit.Action) error {
	text, link, err := b.answer(ctx, i, a)
	if err != nil {
		return err
	}
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, &kit.Message{Content: text, Ephemeral: true,
		Components: kit.WithLink(kit.LangOf(i), nil, link)})
}

// answer records the attempt a names and says how it went: the puzzle
// rating's change for a puzzle of the set, whether it is solved for one of
// the player's own. link is the set's puzzle's page on the web, where there
// is one to show ("" for one of the player's own, which stays theirs).
func (b *Puzzles) answer(ctx context.Context, i *discordgo.Interaction, a kit.Action) (text, link string, err error) {
	user := kit.UserOf(i).ID
	p, own, err := b.puzzleOf(ctx, user, a.Arg)
	switch {
	case err != nil:
		return "", "", err
	case a.ID >= int64(len(p.Moves)):
		return "", "", kit.ErrForged // the bot numbers only the puzzle's moves
	}
	g, err := games.Lookup(p.Game)
	if err != nil {
		return "", "", errGone
	}
	pos, err := g.Parse(p.Config, p.Position)
	if err != nil {
		return "", "", errGone
	}
	played := p.Moves[a.ID].Move
	l := kit.LangOf(i)
	if own {
		text, err := b.ownAnswer(ctx, l, user, pos, p, played)
		return text, "", err
	}
	out, err := b.DB.AttemptPuzzle(ctx, store.PuzzleAttempt{User: user, Puzzle: p.ID, Kind: p.Game, Move: played,
		Solved: played == p.Best, Start: puzzles.StartRating(p.Difficulty)}, puzzles.Rate)
	if err != nil {
		return "", "", err
	}
	if link, err = b.WebURL(ctx, i.GuildID, "/puzzle/"+p.ID); err != nil {
		b.Logger(ctx).Warn("a puzzle's page on the web", "err", err) // the answer goes without its link
	}
	return kit.Clip(answerText(l, pos, p, played)+"\n\n"+ratingText(l, g, out), 2000), link, nil
}

// puzzleOf is the puzzle id: one of the set's, or else one of user's own
// (own); errGone when it is neither.
func (b *Puzzles) puzzleOf(ctx context.Context, user, id string) (puzzles.Puzzle, bool, error) {
	if p, ok := b.byID[id]; ok {
		return p, false, nil
	}
	o, err := b.DB.OwnPuzzleOf(ctx, user, id)
	if errors.Is(err, store.ErrNotFound) {
		return puzzles.Puzzle{}, false, errGone
	}
	if err != nil {
		return puzzles.Puzzle{}, false, err
	}
	p, err := decodeOwn(o)
	return p, true, err
}

// ratingText says what the attempt did to the player's puzzle rating: the
// change, on a first attempt; that nothing changed, on a later one.
func ratingText(l *lang.Lang, g games.Game, out store.PuzzleOutcome) string {
	if !out.First {
		return l.T("puzzle.unrated")
	}
	c := out.Change
	return l.T("puzzle.rated", "Game", g.Title(), "Before", kit.RatingShown(c.Before), "After", kit.RatingShown(c.After),
		"Delta", fmt.Sprintf("%+d", int(math.Round(c.After.Rating)-math.Round(c.Before.Rating))))
}

// answerText says whether played was right, which move was best, and what
// every move is worth (puzzles.Answer).
func answerText(l *lang.Lang, pos games.Position, p puzzles.Puzzle, played string) string {
	a := puzzles.Answer(l, pos, p, played)
	lines := append([]string{a.Verdict, "", a.Head}, a.Values...)
	if a.Gains != "" {
		lines = append(lines, "", a.Gains)
	}
	return strings.Join(lines, "\n")
}
