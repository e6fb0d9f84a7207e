package bot

import (
	"context"
	"fmt"
	"strings"

	"kilab/games"
	"kilab/store"
)

// maxAutoMoves bounds the moves played in a row for players; a game reaching
// it simply waits for a click.
const maxAutoMoves = 200

// autoMoves plays, for each player who wants it (store.Settings.AutoMove,
// /settings automove), a move of theirs that is the only one possible, and
// what follows by itself (Advance), until someone has a choice, a throw is
// due or the game ends. Passes are not its business: Advance plays those for
// everyone. Each move is recorded in rec, as the player's; it is not a move
// they chose, so it does not count for the abort rule (Commit.Moved). It
// returns the position after them and what it played, in words.
func (b *Bot) autoMoves(ctx context.Context, g store.Game, game games.Game, pos games.Position, rec *games.Recorder) (games.Position, []string, error) {
	var played []string
	want := map[games.Player]bool{}
	asked := map[games.Player]bool{}
	for range maxAutoMoves {
		due := pos.Due()
		if due.Kind != games.DueMove {
			break
		}
		moves := pos.Moves()
		if len(moves) != 1 {
			break
		}
		if !asked[due.Player] {
			asked[due.Player] = true
			set, err := b.db.Settings(ctx, g.Players[due.Player])
			want[due.Player] = err == nil && set.AutoMove // unsure: leave the choice to the player
		}
		if !want[due.Player] {
			break
		}
		m := moves[0].Notation
		label := games.Label(pos, m)
		next, err := pos.Play(m)
		if err != nil {
			return pos, played, err
		}
		rec.Move(due.Player, m)
		played = append(played, fmt.Sprintf("%s %s", game.Seats()[due.Player], label))
		if pos, err = games.Advance(next, b.src, rec); err != nil {
			return pos, played, err
		}
	}
	return pos, played, nil
}

// autoNote says what autoMoves played.
func autoNote(played []string) string {
	if len(played) == 0 {
		return ""
	}
	return "Played by itself, the only possible move: " + strings.Join(played, "; ") + ". (/settings automove:false turns this off.)"
}

// autoStart plays a new game's opening moves that are the only ones possible
// (Seega lane's first placements, S2) for the players who want it, as a
// commit of their own after the game's start.
func (b *Bot) autoStart(ctx context.Context, g store.Game) {
	s, err := b.loadLatest(ctx, g.ID)
	if err != nil {
		b.log.Warn("loading a new game", "game", g.ID, "err", err)
		return
	}
	var rec games.Recorder
	next, _, err := b.autoMoves(ctx, s.g, s.game, s.pos, &rec)
	if err != nil || len(rec.Plies) == 0 {
		return
	}
	_, _, err = b.db.Commit(ctx, store.Commit{Game: g.ID, Version: s.g.Version, Plies: rec.Plies,
		Position: next.String(), ToMove: next.Due().Player, End: endOf(next), Announce: true})
	if err != nil && !isConflict(err) {
		b.log.Warn("playing a new game's only moves", "game", g.ID, "err", err)
	}
}
