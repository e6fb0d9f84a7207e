package puzzle

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
	"kilab/puzzles"
	"kilab/render"
)

// Puzzles is /puzzle on the bot's shared Core, with the puzzles it offers.
type Puzzles struct {
	*kit.Core
	byID   map[string]puzzles.Puzzle
	byGame map[string][]puzzles.Puzzle
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
	return b
}

// Command is /puzzle's definition: the game is optional.
func Command() *discordgo.ApplicationCommand {
	o := kit.KindOptionIn(lang.T("cmd.puzzle.game"))
	o.Required = false
	return kit.Command("puzzle", lang.T("cmd.puzzle.name"), lang.T("cmd.puzzle.desc"), o)
}

// Puzzle is /puzzle [game]: a puzzle of the game (any game without one),
// for the player alone.
func (b *Puzzles) Puzzle(_ context.Context, i *discordgo.Interaction) error {
	name := kit.OptString(i, kit.OptGame)
	if name == "" {
		names := games.Names()
		name = names[b.Src.Uint64()%uint64(len(names))]
	}
	g, err := kit.KindOf(withGame(i, name))
	if err != nil {
		return err
	}
	list := b.byGame[g.Name()]
	if len(list) == 0 {
		return lang.Fail("puzzle.err.none", "Game", g.Title())
	}
	p := list[b.Src.Uint64()%uint64(len(list))]
	m, err := b.question(kit.LangOf(i), g, p)
	if err != nil {
		return err
	}
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// withGame is i where the game option reads name: the one drawn when the
// player named none.
func withGame(i *discordgo.Interaction, name string) *discordgo.Interaction {
	if kit.OptString(i, kit.OptGame) != "" {
		return i
	}
	j := *i
	data := i.ApplicationCommandData()
	data.Options = append(data.Options, &discordgo.ApplicationCommandInteractionDataOption{Name: kit.OptGame, Type: discordgo.ApplicationCommandOptionString, Value: name})
	j.Data = data
	return &j
}

// question is the puzzle as the player first sees it: the board, whose
// move, the throw made, and a button for every legal move.
func (b *Puzzles) question(l *lang.Lang, g games.Game, p puzzles.Puzzle) (*kit.Message, error) {
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
		Ephemeral: true,
		Embeds: []*discordgo.MessageEmbed{{
			Title:       kit.Clip(l.T("puzzle.title", "Game", g.Title(), "Config", kit.ConfigText(l, g, p.Config)), 256),
			Description: kit.Clip(task, 4096),
			Color:       kit.KindColour(g.Name()),
			Image:       &discordgo.MessageEmbedImage{URL: "attachment://puzzle.png"},
		}},
		Files:      []kit.File{{Name: "puzzle.png", ContentType: "image/png", Data: png, Description: kit.Clip(render.Describe(l, g, p.Config, pos, render.Last{}), 1024)}},
		Components: moveButtons(l, pos, p),
	}, nil
}

// moveButtons are the puzzle's moves in the engine's order, in words, five
// to a row.
func moveButtons(l *lang.Lang, pos games.Position, p puzzles.Puzzle) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	var row []discordgo.MessageComponent
	for _, m := range pos.Moves() {
		k := indexOf(p, m.Notation)
		row = append(row, discordgo.Button{Label: games.Label(l, pos, m.Notation), Style: discordgo.SecondaryButton, CustomID: kit.PuzzleCID(p.ID, k)})
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
// the question's buttons.
func (b *Puzzles) Answer(_ context.Context, i *discordgo.Interaction, a kit.Action) error {
	p, ok := b.byID[a.Arg]
	switch {
	case !ok:
		return errGone
	case a.ID >= int64(len(p.Moves)):
		return kit.ErrForged // the bot numbers only the puzzle's moves
	}
	g, err := games.Lookup(p.Game)
	if err != nil {
		return errGone
	}
	pos, err := g.Parse(p.Config, p.Position)
	if err != nil {
		return errGone
	}
	l := kit.LangOf(i)
	return b.DC.Respond(i, discordgo.InteractionResponseUpdateMessage, &kit.Message{
		Content: kit.Clip(answerText(l, pos, p, p.Moves[a.ID].Move), 2000), Components: []discordgo.MessageComponent{}, ComponentsOnly: true})
}

// answerText says whether played was right, which move was best, and what
// every move is worth.
func answerText(l *lang.Lang, pos games.Position, p puzzles.Puzzle, played string) string {
	say := func(m string) string { return games.Label(l, pos, m) }
	verdict := l.T("puzzle.wrong", "Played", say(played), "Best", say(p.Best))
	if played == p.Best {
		verdict = l.T("puzzle.right", "Best", say(p.Best))
	}
	head := l.T("puzzle.values_estimate")
	if p.Exact {
		head = l.T("puzzle.values_exact")
	}
	lines := []string{verdict, "", head}
	for _, v := range p.Moves {
		lines = append(lines, fmt.Sprintf("%s: %.1f%%", say(v.Move), 100*v.Chance))
	}
	return strings.Join(lines, "\n")
}
