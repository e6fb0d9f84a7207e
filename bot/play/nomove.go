package play

import (
	"context"
	"fmt"
	"kilab/bot/kit"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// maxListedMoves is how many moves a /move without a move lists.
const maxListedMoves = 12

// noMove answers a /move that names no move (a blank, or only spaces): it
// is neither a throw nor a move, so it says what the player can type now.
func (b *Play) noMove(ctx context.Context, i *discordgo.Interaction, g store.Game) error {
	_, err := b.checkTurn(ctx, g, kit.UserOf(i).ID, kit.Action{Kind: "g", Verb: "m", Version: g.Version})
	if err != nil {
		return err
	}
	s, err := b.Load(ctx, g)
	if err != nil {
		return err
	}
	return noMoveError(kit.LangOf(i), s.Game, g, s.Pos)
}

// noMoveError tells the player on move what /move takes now: `throw`, or one
// of the legal moves, listed in notation and in words. The list and the
// count are worded in l, the language the refusal is answered in (a plural
// message carries nothing but its count, so the count is said here).
func noMoveError(l *lang.Lang, game games.Game, g store.Game, pos games.Position) error {
	where := fmt.Sprintf("%s #%d", game.Title(), g.ID)
	if pos.Due().Kind == games.DueThrow {
		return lang.Fail("play.nomove.throw", "Where", where, "Game", g.ID)
	}
	moves := pos.Moves()
	var lines []string
	for k, m := range moves {
		if k == maxListedMoves {
			lines = append(lines, l.N("play.nomove.more", len(moves)-k))
			break
		}
		line := "`" + m.Notation + "`"
		if label := games.Label(l, pos, m.Notation); label != m.Notation {
			line += " " + label
		}
		lines = append(lines, line)
	}
	return lang.Fail("play.nomove.moves", "Where", where, "Number", l.N("play.nomove.count", len(moves)),
		"List", strings.Join(lines, "\n"), "Game", g.ID, "Move", moves[0].Notation, "Kind", game.Name())
}
