package render

import (
	"fmt"
	"strings"

	"kilab/games"
	"kilab/lang"
)

// PlyText says one ply of game in l, as boards and pages list a game's
// moves: "light threw 3 and played in-3 (enter on 3)",
// the move in notation and in words (with what it captured), marked when it
// was the only one possible; a pass says that the player could not move.
func PlyText(l *lang.Lang, game games.Game, p Played) string {
	who := games.SeatName(l, game, p.Ply.Player)
	throws := ThrowsText(p.Ply.Throws)
	move := p.Ply.Move
	switch {
	case move == "pass" && throws != "":
		return l.T("play.last.threw_passed", "Seat", who, "Throws", throws)
	case move == "pass":
		return l.T("play.last.passed", "Seat", who)
	}
	if move != "" && p.Before != nil {
		if label := games.Label(l, p.Before, move); label != move {
			move += " (" + label + ")"
		}
		if p.Only {
			move = l.T("play.since.only", "Move", move)
		}
	}
	switch {
	case throws != "" && move != "":
		return l.T("play.last.threw_played", "Seat", who, "Throws", throws, "Move", move)
	case throws != "":
		return l.T("play.last.threw", "Seat", who, "Throws", throws)
	case move != "":
		return l.T("play.last.played", "Seat", who, "Move", move)
	}
	return who
}

// ThrowsText lists throws as they came: "1, 1, 3".
func ThrowsText(ts []games.Throw) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = fmt.Sprint(t)
	}
	return strings.Join(s, ", ")
}
