package fourthgame_test

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"strconv"
	"strings"

	"kilab/games"
	"kilab/lang"
	"kilab/render"
)

// Dash is a made-up race: each side has one piece before a track of size
// squares (the option), throws a four-sided die and steps forward by the
// throw, or by one where the throw is more; the first past the end wins.
// In the standard variant a piece must land on the last square exactly
// (a throw too long is passed, nobody's choice); in free it may run past.
// Its words are texts the catalogs have, so that it speaks every language.
type dash struct{}

func (dash) Name() string     { return "dash" }
func (dash) Title() string    { return "Dash" }
func (dash) Seats() [2]string { return [2]string{"hare", "hound"} }

var dashSize = games.Option{Key: "size", Name: lang.T("cmd.opt.size"), Values: []string{"5", "7", "9"},
	Help: lang.T("variant.seega.opt.size")}

func (dash) Variants() []games.Variant {
	return []games.Variant{
		{Key: "standard", Name: lang.T("cmd.choice.standard"), Title: lang.T("variant.tab.standard"), Options: []games.Option{dashSize}},
		{Key: "free", Name: lang.T("cmd.choice.free"), Title: lang.T("variant.seega.free"), Options: []games.Option{dashSize}},
	}
}

// SidesMatter: the first to throw is a step ahead.
func (dash) SidesMatter() bool { return true }

func (g dash) rules(cfg games.Config) (size int, exact bool, err error) {
	cfg, err = games.Normalize(g, cfg)
	if err != nil {
		return 0, false, err
	}
	size, _ = strconv.Atoi(cfg.Options["size"])
	return size, cfg.Variant == "standard", nil
}

func (g dash) New(cfg games.Config) (games.Position, error) {
	size, exact, err := g.rules(cfg)
	if err != nil {
		return nil, err
	}
	return dashPos{size: size, exact: exact}, nil
}

// Parse reads what String writes: "3,0 hare throw", "3,0 hound 4", "5,2 hare won".
func (g dash) Parse(cfg games.Config, s string) (games.Position, error) {
	size, exact, err := g.rules(cfg)
	if err != nil {
		return nil, err
	}
	p := dashPos{size: size, exact: exact}
	var at, turn, state string
	if _, err := fmt.Sscan(s, &at, &turn, &state); err != nil {
		return nil, fmt.Errorf("dash: %q: %w", s, games.ErrBadNotation)
	}
	a, b, ok := strings.Cut(at, ",")
	p.at[0], err = strconv.Atoi(a)
	if err == nil {
		p.at[1], err = strconv.Atoi(b)
	}
	if !ok || err != nil || (turn != "hare" && turn != "hound") {
		return nil, fmt.Errorf("dash: %q: %w", s, games.ErrBadNotation)
	}
	if turn == "hound" {
		p.turn = games.Second
	}
	switch state {
	case "throw":
	case "won":
		p.over = true
	default:
		t, err := strconv.Atoi(state)
		if err != nil || t < 1 || t > 4 {
			return nil, fmt.Errorf("dash: %q: %w", s, games.ErrBadNotation)
		}
		p.throw = games.Throw(t)
	}
	return p, nil
}

func (dash) DrawFirst(_ games.Config, src games.Source) (games.Opening, error) {
	return games.Opening{First: int(games.Coin(src))}, nil
}

type dashPos struct {
	size  int
	exact bool
	at    [2]int // squares run, 0 before the track
	turn  games.Player
	throw games.Throw // the throw to play; 0 when one is due
	over  bool        // turn has won
}

func (p dashPos) Due() games.Due {
	switch {
	case p.over:
		return games.Due{Kind: games.DueNothing, Player: p.turn}
	case p.throw == 0:
		return games.Due{Kind: games.DueThrow, Player: p.turn, Dice: games.D4}
	}
	moves := p.Moves()
	return games.Due{Kind: games.DueMove, Player: p.turn, Dice: games.D4, Auto: len(moves) == 1 && moves[0].Pass}
}

func (p dashPos) Throw(t games.Throw) (games.Position, error) {
	if p.over || p.throw != 0 {
		return p, fmt.Errorf("dash: no throw is due: %w", games.ErrIllegalMove)
	}
	if t < 1 || t > 4 {
		return p, fmt.Errorf("dash: a die shows 1 to 4, not %d: %w", t, games.ErrIllegalMove)
	}
	p.throw = t
	return p, nil
}

// Moves are "+N", a step of N squares: the throw's, and one where the throw
// is more; "pass" when neither fits the track.
func (p dashPos) Moves() []games.Move {
	if p.over || p.throw == 0 {
		return nil
	}
	var out []games.Move
	for _, n := range []int{int(p.throw), 1} {
		if (!p.exact || p.at[p.turn]+n <= p.size) && (len(out) == 0 || n != int(p.throw)) {
			out = append(out, games.Move{Notation: "+" + strconv.Itoa(n)})
		}
	}
	if len(out) == 0 {
		return []games.Move{{Notation: "pass", Pass: true}}
	}
	return out
}

func (p dashPos) Play(move string) (games.Position, error) {
	if p.over {
		return p, fmt.Errorf("dash: %w", games.ErrGameOver)
	}
	for _, m := range p.Moves() {
		if m.Notation != move {
			continue
		}
		if n, ok := strings.CutPrefix(move, "+"); ok {
			step, _ := strconv.Atoi(n)
			p.at[p.turn] += step
		}
		p.throw = 0
		if p.at[p.turn] >= p.size {
			p.over = true
			return p, nil
		}
		p.turn = p.turn.Other()
		return p, nil
	}
	return p, fmt.Errorf("dash: %q is not a move now: %w", move, games.ErrIllegalMove)
}

func (p dashPos) Outcome() games.Outcome {
	if !p.over {
		return games.Outcome{}
	}
	return games.Outcome{Status: games.Won, Winner: p.turn, Reason: lang.T("aseb.end.borne_off")}
}

func (p dashPos) String() string {
	state := strconv.Itoa(int(p.throw))
	switch {
	case p.over:
		state = "won"
	case p.throw == 0:
		state = "throw"
	}
	return fmt.Sprintf("%d,%d %s %s", p.at[0], p.at[1], dash{}.Seats()[p.turn], state)
}

// dashArt draws the track as a row of squares with each side's piece on a
// lane of its own: enough of a picture to show that render takes an art
// from outside.
type dashArt struct{}

const dashCell = 40 // pixels, at the size render's pictures are drawn

func (dashArt) Paint(_ *lang.Lang, _ games.Game, gp games.Position, _ render.Last) (image.Image, error) {
	p, ok := gp.(dashPos)
	if !ok {
		return nil, fmt.Errorf("dash: not a dash position: %T", gp)
	}
	img := image.NewRGBA(image.Rect(0, 0, (p.size+2)*dashCell, 3*dashCell))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{0xF4, 0xEF, 0xE1, 0xFF}), image.Point{}, draw.Src)
	ink := []color.RGBA{{0x1F, 0x3A, 0x5F, 0xFF}, {0xC8, 0x96, 0x3E, 0xFF}}
	for seat, at := range p.at {
		x := min(at, p.size+1) * dashCell
		y := (seat*3 + 1) * dashCell / 2
		r := image.Rect(x+8, y+8, x+dashCell-8, y+dashCell/2+8)
		draw.Draw(img, r, image.NewUniform(ink[seat]), image.Point{}, draw.Src)
	}
	return img, nil
}

func (dashArt) Describe(l *lang.Lang, g games.Game, gp games.Position, _ render.Last) string {
	p, _ := gp.(dashPos)
	return fmt.Sprintf("%s: %s %d, %s %d / %d", g.Title(), games.SeatName(l, g, games.First), p.at[0],
		games.SeatName(l, g, games.Second), p.at[1], p.size)
}

func (dashArt) Colour() int { return 0x8E44AD }
