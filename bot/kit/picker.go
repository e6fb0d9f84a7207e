package kit

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"kilab/games"
	"kilab/lang"
)

// Discord's limits on components (DESIGN: at most 5 action rows of 5 buttons,
// 25 options per select menu).
const (
	MaxRows        = 5
	maxButtons     = 5
	MaxOptions     = 25
	maxMoveButtons = 20 // four rows of moves, one row left for Back
	maxLabel       = 80 // a button's label
	maxOptionLabel = 100
)

// Components are the controls of a board for the player on move, labelled
// in l: Throw where a throw is due, else the legal moves under the picker
// prefix, and on a placement turn a button that places at random.
func Components(l *lang.Lang, gameID, version int64, pos games.Position, prefix string) []discordgo.MessageComponent {
	due := pos.Due()
	switch due.Kind {
	case games.DueThrow:
		label := l.T("play.throw_sticks")
		if due.Dice == games.D4 {
			label = l.T("play.throw_die")
		}
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: GameCID(gameID, version, "t", ""), Emoji: &discordgo.ComponentEmoji{Name: "🎲"}},
		}}}
	case games.DueMove:
		rows := MovePicker(l, gameID, version, pos, prefix)
		if games.Placing(pos) {
			rows = withRandomPlace(l, gameID, version, rows, prefix)
		}
		return rows
	}
	return nil
}

// withRandomPlace adds the button that places the player's pieces of this
// turn at random (S2), saving the several clicks of a placement: in its own
// row at the top of the picker, beside Back further in.
func withRandomPlace(l *lang.Lang, gameID, version int64, rows []discordgo.MessageComponent, prefix string) []discordgo.MessageComponent {
	b := discordgo.Button{Label: l.T("play.place_random"), Style: discordgo.SecondaryButton,
		CustomID: RandomPlaceCID(gameID, version), Emoji: &discordgo.ComponentEmoji{Name: "🎲"}}
	if n := len(rows); prefix != "" && n > 0 {
		if back, ok := rows[n-1].(discordgo.ActionsRow); ok && allButtons(back) && len(back.Components) < maxButtons {
			back.Components = append(back.Components, b)
			rows[n-1] = back
			return rows
		}
	}
	if len(rows) < MaxRows {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{b}})
	}
	return rows
}

// allButtons reports whether a row holds only buttons: a select menu fills
// its row alone.
func allButtons(row discordgo.ActionsRow) bool {
	for _, c := range row.Components {
		if _, ok := c.(discordgo.Button); !ok {
			return false
		}
	}
	return true
}

// Under returns the moves whose picker group path starts with prefix.
func Under(moves []games.Move, prefix string) []games.Move {
	if prefix == "" {
		return moves
	}
	var out []games.Move
	for _, m := range moves {
		if m.Group == prefix || strings.HasPrefix(m.Group, prefix+"/") {
			out = append(out, m)
		}
	}
	return out
}

// MovePicker shows the moves of pos under prefix: as buttons when few, in one
// select menu up to 25, and otherwise in steps by the next level of their
// groups (the piece that moves, the row of a placement), split over several
// select menus when a level has more than 25 entries. Moves are shown in the
// game's words (games.Label); their ids carry the notation.
func MovePicker(l *lang.Lang, gameID, version int64, pos games.Position, prefix string) []discordgo.MessageComponent {
	cands := Under(pos.Moves(), prefix)
	label := func(m games.Move) string { return games.Label(l, pos, m.Notation) }
	var rows []discordgo.MessageComponent
	switch {
	case len(cands) <= maxMoveButtons:
		rows = moveButtons(gameID, version, cands, label)
	case len(cands) <= MaxOptions:
		rows = []discordgo.MessageComponent{moveSelect(l, gameID, version, cands, label)}
	default:
		group := func(level string) string { return games.GroupLabel(l, pos, level) }
		rows = stepSelects(l, gameID, version, cands, prefix, label, group)
	}
	if prefix != "" && len(rows) < MaxRows {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("play.back"), Style: discordgo.SecondaryButton, CustomID: GameCID(gameID, version, "p", parent(prefix))},
		}})
	}
	return rows
}

func parent(prefix string) string {
	i := strings.LastIndex(prefix, "/")
	if i < 0 {
		return ""
	}
	return prefix[:i]
}

func moveButtons(gameID, version int64, moves []games.Move, label func(games.Move) string) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for start := 0; start < len(moves); start += maxButtons {
		var row []discordgo.MessageComponent
		for _, m := range moves[start:min(start+maxButtons, len(moves))] {
			style := discordgo.PrimaryButton
			if m.Pass {
				style = discordgo.SecondaryButton
			}
			row = append(row, discordgo.Button{Label: Clip(label(m), maxLabel), Style: style, CustomID: GameCID(gameID, version, "m", m.Notation)})
		}
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	return rows
}

func moveSelect(l *lang.Lang, gameID, version int64, moves []games.Move, label func(games.Move) string) discordgo.MessageComponent {
	opts := make([]discordgo.SelectMenuOption, len(moves))
	for i, m := range moves {
		opts[i] = discordgo.SelectMenuOption{Label: Clip(label(m), maxOptionLabel), Value: m.Notation}
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
		CustomID: GameCID(gameID, version, "s", ""), Placeholder: l.T("play.choose_move"), Options: opts,
	}}}
}

// entry is one choice of a stepped picker: a move, or a group to open.
type entry struct {
	label, value string
	move         bool
}

// stepEntries lists, in the engine's order, the next level under prefix: the
// distinct next group names, worded by group, and moves that have no deeper
// group (passes).
func stepEntries(cands []games.Move, prefix string, label func(games.Move) string, group func(string) string) []entry {
	var out []entry
	seen := map[string]bool{}
	for _, m := range cands {
		rest := strings.TrimPrefix(strings.TrimPrefix(m.Group, prefix), "/")
		if m.Group == prefix || m.Group == "" {
			out = append(out, entry{label: label(m), value: "=" + m.Notation, move: true})
			continue
		}
		next, _, _ := strings.Cut(rest, "/")
		if !seen[next] {
			seen[next] = true
			out = append(out, entry{label: group(next), value: next})
		}
	}
	return out
}

// stepSelects puts the entries in select menus of 25, one per action row.
// A select's custom_id carries the prefix; the chosen value names the group
// to open ("=" + move for a move).
func stepSelects(l *lang.Lang, gameID, version int64, cands []games.Move, prefix string, label func(games.Move) string, group func(string) string) []discordgo.MessageComponent {
	entries := stepEntries(cands, prefix, label, group)
	var rows []discordgo.MessageComponent
	for start := 0; start < len(entries) && len(rows) < MaxRows-1; start += MaxOptions {
		chunk := entries[start:min(start+MaxOptions, len(entries))]
		opts := make([]discordgo.SelectMenuOption, len(chunk))
		for i, e := range chunk {
			opts[i] = discordgo.SelectMenuOption{Label: Clip(e.label, maxOptionLabel), Value: e.value}
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
			CustomID:    GameCID(gameID, version, "p", prefix) + chunkSuffix(start),
			Placeholder: Clip(l.T("play.choose_range", "First", chunk[0].label, "Last", chunk[len(chunk)-1].label), 150),
			Options:     opts,
		}}})
	}
	return rows
}

// chunkSuffix keeps the custom_ids of several selects in one message distinct
// (Discord requires it); the handler ignores it.
func chunkSuffix(start int) string {
	if start == 0 {
		return ""
	}
	return fmt.Sprintf("#%d", start/MaxOptions)
}
