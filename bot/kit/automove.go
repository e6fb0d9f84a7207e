package kit

import (
	"context"
	"errors"
	"strings"

	"kilab/games"
	"kilab/lang"
	"kilab/store"
)

// MaxAutoMoves bounds the moves played in a row for players; a game reaching
// it simply waits for a click.
const MaxAutoMoves = 200

// AutoMoves plays, for each player who wants it, what needs no choice of
// theirs: a throw that is due (store.Settings.AutoThrow, /settings
// autothrow), a move that is the only one possible (AutoMove, /settings
// automove) and a Seega placement, picked at random (AutoPlace, /settings
// autoplace, S2), with what follows by itself (Advance), until someone has a
// choice to make or wants to make it themselves, or the game ends. Passes are
// not its business: Advance plays those for everyone. Each ply is recorded in
// rec as the player's; none is a move they chose, so none counts for the
// abort rule (Commit.Moved). It returns the position after them and what it
// played (autoNote words it).
func (b *Core) AutoMoves(ctx context.Context, g store.Game, game games.Game, pos games.Position, rec *games.Recorder) (games.Position, []AutoPlay, error) {
	var played []AutoPlay
	prefs := map[games.Player]store.Settings{}
	for range MaxAutoMoves {
		due := pos.Due()
		if due.Kind == games.DueNothing {
			break
		}
		set, ok := prefs[due.Player]
		if !ok {
			var err error
			if set, err = b.SettingsOf(ctx, g.Players[due.Player]); err != nil {
				set = store.Settings{} // unsure: leave every choice to the player
			}
			prefs[due.Player] = set
		}
		var next games.Position
		var err error
		switch {
		case due.Kind == games.DueThrow && set.AutoThrow:
			n := len(AllThrows(rec))
			next, err = games.Roll(pos, due.Player, b.Src, rec)
			played = append(played, AutoPlay{seat: due.Player, throws: AllThrows(rec)[n:]})
		case due.Kind == games.DueMove && set.AutoMove && len(pos.Moves()) == 1:
			m := pos.Moves()[0].Notation
			played = append(played, AutoPlay{seat: due.Player, from: pos, move: m})
			next, err = b.playFor(pos, due.Player, m, rec)
		case due.Kind == games.DueMove && set.AutoPlace && games.Placing(pos):
			m, _ := games.RandomPlacement(pos, b.Src)
			played = append(played, AutoPlay{seat: due.Player, from: pos, move: m, random: true})
			next, err = b.playFor(pos, due.Player, m, rec)
		default:
			return pos, played, nil
		}
		if err != nil {
			return pos, played, err
		}
		pos = next
	}
	return pos, played, nil
}

// playFor plays move m for seat, then what follows by itself (Advance).
func (b *Core) playFor(pos games.Position, seat games.Player, m string, rec *games.Recorder) (games.Position, error) {
	next, err := games.PlayAs(pos, seat, m)
	if err != nil {
		return pos, err
	}
	rec.Move(seat, m)
	return games.Advance(next, b.Src, rec)
}

// AllThrows is every throw recorded in rec, in order.
func AllThrows(rec *games.Recorder) []games.Throw {
	var ts []games.Throw
	for _, p := range rec.Plies {
		ts = append(ts, p.Throws...)
	}
	return ts
}

// AutoPlay is one thing autoMoves played for a player: a throw, the only
// move possible from a position, or a placement picked at random. It is
// worded later, in the language of whoever reads of it.
type AutoPlay struct {
	seat   games.Player
	throws []games.Throw  // a throw: what came up
	from   games.Position // a move: where it was played from
	move   string         // and its notation
	random bool           // the move is a placement picked at random
}

// AutoNote says in l what autoMoves played in game.
func AutoNote(l *lang.Lang, game games.Game, played []AutoPlay) string {
	if len(played) == 0 {
		return ""
	}
	parts := make([]string, len(played))
	note := "play.auto.note"
	for k, p := range played {
		seat := SeatWord(l, game, p.seat)
		switch {
		case p.from == nil:
			parts[k] = l.T("play.auto.threw", "Seat", seat, "Throws", ThrowsText(p.throws))
		case p.random:
			parts[k] = l.T("play.auto.placed", "Seat", seat, "Move", games.Label(l, p.from, p.move))
			note = "play.auto.note_placed" // a choice was made for someone: not "needing no choice"
		default:
			parts[k] = l.T("play.auto.moved", "Seat", seat, "Move", games.Label(l, p.from, p.move))
		}
	}
	return l.T(note, "Plays", strings.Join(parts, "; "))
}

// AutoStart plays a new game's opening moves that are the only ones possible
// (Seega lane's first placements, S2), a first throw, or Seega placements at
// random, for the players who want it, as a commit of their own after the
// game's start.
func (b *Core) AutoStart(ctx context.Context, g store.Game) {
	s, err := b.LoadLatest(ctx, g.ID)
	if err != nil {
		b.Logger(ctx).Warn("loading a new game", "new_game", g.ID, "err", err)
		return
	}
	var rec games.Recorder
	next, _, err := b.AutoMoves(ctx, s.G, s.Game, s.Pos, &rec)
	if err != nil || len(rec.Plies) == 0 {
		return
	}
	_, _, err = b.Commit(ctx, store.Commit{Game: g.ID, Version: s.G.Version, Plies: rec.Plies,
		Position: next.String(), ToMove: next.Due().Player, End: EndOf(next), Announce: true})
	if err != nil && !IsConflict(err) {
		b.Logger(ctx).Warn("playing a new game's only moves", "new_game", g.ID, "err", err)
	}
}

func IsConflict(err error) bool { return errors.Is(err, store.ErrConflict) }
