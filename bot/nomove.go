package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// notationDoc points to the full notation guide, for /help and /rules.
const notationDoc = "Buttons show moves in words; the full guide to the notation is docs/notation.md in Kilab's source."

// maxListedMoves is how many moves a /move without a move lists.
const maxListedMoves = 12

// noMove answers a /move that names no move (a blank, or only spaces): it
// is neither a throw nor a move, so it says what the player can type now.
func (b *Bot) noMove(ctx context.Context, i *discordgo.Interaction, g store.Game) error {
	seat, err := b.checkTurn(ctx, g, userOf(i).ID, action{kind: "g", verb: "m", version: g.Version})
	if err != nil {
		return err
	}
	s, err := b.load(ctx, g)
	if err != nil {
		return err
	}
	return userf("%s", noMoveText(s.game, g, s.pos, seat))
}

// noMoveText tells the player on move what /move takes now: `throw`, or one of
// the legal moves, listed in notation and in words.
func noMoveText(game games.Game, g store.Game, pos games.Position, seat games.Player) string {
	where := fmt.Sprintf("%s #%d", game.Title(), g.ID)
	if pos.Due().Kind == games.DueThrow {
		return fmt.Sprintf("Give a move to play: in %s you have to throw first. Type `/move game:%d move:throw`, or press the throw button on the board.", where, g.ID)
	}
	moves := pos.Moves()
	lines := []string{fmt.Sprintf("Give a move to play: in %s you can play %s:", where, countOf(len(moves), "move"))}
	for k, m := range moves {
		if k == maxListedMoves {
			lines = append(lines, fmt.Sprintf("… and %d more: /board shows them all as buttons.", len(moves)-k))
			break
		}
		line := "`" + m.Notation + "`"
		if l := games.Label(lang.En, pos, m.Notation); l != m.Notation {
			line += " " + l
		}
		lines = append(lines, line)
	}
	lines = append(lines, fmt.Sprintf("For example `/move game:%d move:%s`. /rules %s explains how moves are written.", g.ID, moves[0].Notation, game.Name()))
	return strings.Join(lines, "\n")
}

// countOf is "1 move", "3 moves".
func countOf(n int, word string) string { return fmt.Sprintf("%d %s%s", n, word, plural(n)) }
