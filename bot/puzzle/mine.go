package puzzle

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"kilab/bot/kit"
	"kilab/games"
	"kilab/lang"
	"kilab/puzzles"
	"kilab/store"
)

// A player's own puzzles: /review makes the reviewer's costliest moves of
// the game puzzles of their own (bot/info keeps them in the store), and
// /puzzle mine offers them, oldest first, from the very position of each
// mistake, until the player finds the best move there. They are practice:
// unrated, since each is one player's alone.

// mine is /puzzle mine: the player's oldest own puzzle not yet solved, for
// them alone.
func (b *Puzzles) mine(ctx context.Context, i *discordgo.Interaction) error {
	o, open, ok, err := b.DB.NextOwnPuzzle(ctx, kit.UserOf(i).ID)
	if err != nil {
		return err
	}
	if !ok {
		return lang.Fail("puzzle.err.no_own")
	}
	p, err := decodeOwn(o)
	if err != nil {
		return err
	}
	g, err := games.Lookup(p.Game)
	if err != nil {
		return errGone
	}
	l := kit.LangOf(i)
	m, err := b.question(l, g, p, kit.PuzzleCID)
	if err != nil {
		return err
	}
	m.Ephemeral = true
	m.Content = l.T("puzzle.mine.heading", "Game", o.Game, "Ply", o.Ply, "Points", fmt.Sprintf("%.1f", 100*o.Cost)) + "\n" + l.N("puzzle.mine.left", open)
	return b.DC.Respond(i, discordgo.InteractionResponseChannelMessageWithSource, m)
}

// ownAnswer is the answer to one of the player's own puzzles: right marks
// it solved, so that /puzzle mine goes on to the next; wrong leaves it to
// try again.
func (b *Puzzles) ownAnswer(ctx context.Context, l *lang.Lang, user string, pos games.Position, p puzzles.Puzzle, played string) (string, error) {
	after := l.T("puzzle.mine.again")
	if played == p.Best {
		if _, err := b.DB.SolveOwnPuzzle(ctx, user, p.ID); err != nil {
			return "", err
		}
		after = l.T("puzzle.mine.solved")
	}
	return kit.Clip(answerText(l, pos, p, played)+"\n\n"+after, 2000), nil
}

// decodeOwn is the puzzle an own puzzle keeps, as the review wrote it.
func decodeOwn(o store.OwnPuzzle) (puzzles.Puzzle, error) {
	var p puzzles.Puzzle
	if err := json.Unmarshal([]byte(o.Puzzle), &p); err != nil || p.ID != o.ID || len(p.Moves) == 0 {
		return p, fmt.Errorf("own puzzle %s of %s: %w", o.ID, o.User, errGone)
	}
	return p, nil
}
