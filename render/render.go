package render

import (
	"fmt"
	"image"
	"image/draw"
	"maps"
	"strings"
	"sync"
	"unicode/utf8"

	"kilab/games"
	"kilab/lang"
)

// Last is what a picture shows of how its position came about: the last move,
// highlighted, and the last throws, drawn as sticks or a die. The zero Last
// shows neither, as at the start of a game. FromRecord and Last.After build it
// from a game record.
type Last struct {
	// Before is the position the move was played from, after its throws; Move is
	// that move in the game's notation. With either missing no move is marked.
	Before games.Position
	Move   string
	// Throws are the throws to show, in the order they came, and Thrower the
	// seat that made them: the turn in progress, or else the one just played
	// (every score of a Tab turn; Aseb's thrown-again 0s too).
	Throws  []games.Throw
	Thrower games.Player
	// ThrownFrom is the position the first of Throws was thrown from, which
	// tells, for one, whether Tab's opening voids some of them (T10). Optional.
	ThrownFrom games.Position
	// Ended is a result decided off the board (a resignation, a time-out, a
	// draw agreed, an abort): the picture shows it instead of whose turn it
	// would be. Nil when the board alone says how things stand.
	Ended *Ending
	// Span is everything played since the reader's last move, oldest first
	// (FromRecordSince): the opponent's whole turn with what the rules
	// played by themselves, or the reader's own turn so far while it goes
	// on. Reader is that reader: the seat on move, or once the game is over
	// the seat that did not make the last ply. Board marks every move of
	// Span and Describe says them; a Last without Span (Last.After's) marks
	// Move alone.
	Span   []Played
	Reader games.Player
	// Turned draws the board from the second seat's side, for a reader who
	// plays it and chose to see their own side (what only they see): Aseb's
	// and Tab's second home row at the bottom, Seega's board turned half
	// round. The coordinates stay on their cells; what the picture says
	// does not change.
	Turned bool
}

// Ending is how a game ended off the board.
type Ending struct {
	Status games.Status // Won or Drawn; Ongoing means the game was aborted
	Winner games.Player // meaningful when Status is Won
	// Reason says why, for the alt text, in the language the picture is
	// drawn in: "Dark resigned", "agreed".
	Reason string
}

// Art is what render needs to draw one game: a game brings its own and
// registers it under the game's name with Register, as engines register
// with games, so render draws a new game without an edit of its own.
type Art interface {
	// Paint draws pos with its words in l, at twice the size a phone shows
	// (render's pictures are 800 pixels wide); render snaps its colours to
	// the shared palette.
	Paint(l *lang.Lang, game games.Game, pos games.Position, last Last) (image.Image, error)
	// Describe is the alt text in l (see Describe), before trimming.
	Describe(l *lang.Lang, game games.Game, pos games.Position, last Last) string
	// Colour is the game's own colour (0xRRGGBB), for what frames its boards.
	Colour() int
}

// Legender is implemented by the arts whose pictures carry marks that do
// not explain themselves (Tab's stack heights, the quiet counts): the
// parts of Legend, in l, for pos. Legend asks every art that has one, as it
// is given a position and not its game: an art says nothing of a position
// not of its game.
type Legender interface {
	Legend(l *lang.Lang, pos games.Position) []string
}

var (
	artsMu sync.RWMutex
	arts   = map[string]Art{}
)

// Register makes a the art of the game named name. Each art calls it from
// init; registering a name twice is a programming error and panics.
func Register(name string, a Art) {
	artsMu.Lock()
	defer artsMu.Unlock()
	if _, dup := arts[name]; dup {
		panic("render: Register called twice for " + name)
	}
	arts[name] = a
}

// art is how render's own arts draw: on its canvas, which keeps the labels
// for the tests, with the turn banner worded by each game.
type art interface {
	// paint draws pos with its words in l; the canvas holds the picture and
	// its labels.
	paint(l *lang.Lang, game games.Game, pos games.Position, last Last) (*canvas, error)
	// describe is the alt text in l (see Describe), before trimming.
	describe(l *lang.Lang, game games.Game, pos games.Position, last Last) string
	// turn says in l what seat (its name in l) does next, or that it won:
	// each game words its own, so each language can make the verb agree
	// with the game's seat names.
	turn(l *lang.Lang, v verb, seat string) string
	// colour is the game's own colour (0xRRGGBB), for what frames its boards.
	colour() int
}

// own makes one of render's own arts an Art; paint takes the canvas path
// without going through Paint.
type own struct{ art }

func (o own) Paint(l *lang.Lang, game games.Game, pos games.Position, last Last) (image.Image, error) {
	c, err := o.paint(l, game, pos, last)
	if err != nil {
		return nil, err
	}
	c.release()
	return c.picture(), nil
}

func (o own) Describe(l *lang.Lang, game games.Game, pos games.Position, last Last) string {
	return o.describe(l, game, pos, last)
}

func (o own) Colour() int { return o.colour() }

// Legend asks the art itself, which own's embedded interface hides.
func (o own) Legend(l *lang.Lang, pos games.Position) []string {
	if lg, ok := o.art.(Legender); ok {
		return lg.Legend(l, pos)
	}
	return nil
}

// Colour is a game's own colour as 0xRRGGBB, for the embeds that carry its
// boards, so a channel of boards reads at a glance; 0 for a game render does
// not draw.
func Colour(game games.Game) int {
	a, err := artFor(game)
	if err != nil {
		return 0
	}
	return a.Colour()
}

func artFor(game games.Game) (Art, error) {
	if game == nil {
		return nil, fmt.Errorf("render: no game")
	}
	artsMu.RLock()
	a, ok := arts[game.Name()]
	artsMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("render: no pictures for %q yet", game.Name())
	}
	return a, nil
}

// Board draws pos as a PNG: the board, the pieces, the last move and throws of
// last, the pieces waiting or done beside the board, and whose turn it is,
// its words in l. The same arguments always give the same bytes. cfg is the
// game's configuration, checked against the game; the position itself
// carries its rules.
func Board(l *lang.Lang, game games.Game, cfg games.Config, pos games.Position, last Last) ([]byte, error) {
	img, err := picture(l, game, cfg, pos, last)
	if err != nil {
		return nil, err
	}
	defer releasePicture(img)
	return encodePNG(img)
}

// picture draws pos as a paletted image, for Board and Replay, which give
// it back with releasePicture once it is encoded.
func picture(l *lang.Lang, game games.Game, cfg games.Config, pos games.Position, last Last) (*image.Paletted, error) {
	c, err := paint(l, game, cfg, pos, last)
	if err != nil {
		return nil, err
	}
	if c.pal == nil {
		return palette().paletted(c.img), nil
	}
	img := c.pal
	c.recycle()
	return img, nil
}

func paint(l *lang.Lang, game games.Game, cfg games.Config, pos games.Position, last Last) (*canvas, error) {
	a, err := artFor(game)
	if err != nil {
		return nil, err
	}
	if err := checkConfig(game, cfg); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	if pos == nil {
		return nil, fmt.Errorf("render: no position")
	}
	c, err := canvasOf(l, a, game, pos, last)
	if err != nil {
		return nil, fmt.Errorf("render: %s: %w", game.Name(), err)
	}
	c.release()
	return c, nil
}

// configKey is a game's configuration as validConfigs files it: the
// options are told apart by their count and a sum of their hashes, which
// does not depend on the map's order, and then compared in full.
type configKey struct {
	game, variant string
	n             int
	sum           uint64
}

// validConfigs are the configurations found valid, the last of each key: a
// game's boards are drawn again and again with one configuration, and
// games.Normalize builds the game's variants each time it checks one.
var validConfigs = cache[configKey, games.Config]{bound: 256}

// checkConfig checks cfg against game as games.Normalize does, once for
// every configuration seen.
func checkConfig(game games.Game, cfg games.Config) error {
	k := configKey{game: game.Name(), variant: cfg.Variant, n: len(cfg.Options)}
	for o, v := range cfg.Options {
		k.sum += fnv(fnv(fnvBasis, o)^0xff, v)
	}
	if known, ok := validConfigs.lookup(k); ok && maps.Equal(known.Options, cfg.Options) {
		return nil
	}
	if _, err := games.Normalize(game, cfg); err != nil {
		return err
	}
	validConfigs.put(k, games.Config{Variant: cfg.Variant, Options: maps.Clone(cfg.Options)})
	return nil
}

const fnvBasis = 14695981039346656037

// fnv continues the FNV-1a hash h with s.
func fnv(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}

// canvasOf has a draw pos: render's own arts on a canvas, any other through
// Paint, its picture copied onto one.
func canvasOf(l *lang.Lang, a Art, game games.Game, pos games.Position, last Last) (*canvas, error) {
	if o, ok := a.(own); ok {
		return o.paint(l, game, pos, last)
	}
	img, err := a.Paint(l, game, pos, last)
	if err != nil {
		return nil, err
	}
	b := img.Bounds()
	if b.Empty() {
		return nil, fmt.Errorf("an empty picture")
	}
	c := newCanvas(float64(b.Dx())/scale, float64(b.Dy())/scale)
	draw.Draw(c.img, c.img.Bounds(), img, b.Min, draw.Src)
	return c, nil
}

// MaxDescription is the most Discord takes as an attachment's description.
const MaxDescription = 1024

// Describe says in l's words what Board draws, for the image's alt text: the
// game, each side's pieces, the last move and throws, and whose turn it is.
// It is at most MaxDescription bytes, and it is "" only for a game it cannot
// describe.
func Describe(l *lang.Lang, game games.Game, cfg games.Config, pos games.Position, last Last) string {
	a, err := artFor(game)
	if err != nil || pos == nil {
		return ""
	}
	return clip(a.Describe(l, game, pos, last), MaxDescription)
}

// clip shortens s to at most n bytes at a word boundary, marking the cut. A
// cut with no space near enough falls between two runes, never inside one.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n-3], ' ')
	if cut < n/2 {
		cut = n - 3
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
	}
	return s[:cut] + "..."
}

// After returns the Last that follows ply p, played by p.Player from the
// position before (throws then move): the move is the ply's if it has one, and
// the throws are the ply's, or the turn's so far when the ply has none (a Tab
// turn's later moves). It also returns the position after the ply.
func (l Last) After(before games.Position, p games.Ply) (games.Position, Last, error) {
	if err := games.CheckRevision(before, p.Revision); err != nil {
		return before, l, err
	}
	pos := before
	for _, t := range p.Throws {
		next, err := games.ThrowAs(pos, p.Player, t)
		if err != nil {
			return before, l, err
		}
		pos = next
	}
	next := l
	switch {
	case len(p.Throws) > 0:
		next.Throws, next.Thrower, next.ThrownFrom = p.Throws, p.Player, before
	case p.Player != l.Thrower:
		next.Throws, next.ThrownFrom = nil, nil
	}
	if p.Move == "" {
		return pos, next, nil
	}
	after, _, err := games.PlayRecorded(pos, p) // a ply of an older rules revision as it was played
	if err != nil {
		return before, l, err
	}
	next.Before, next.Move = pos, p.Move
	return after, next, nil
}

// FromRecord replays plies from start and returns the position reached and
// the Last that Board and Describe take to draw it.
func FromRecord(start games.Position, plies []games.Ply) (games.Position, Last, error) {
	pos, last := start, Last{}
	err := walk(start, plies, func(_ int, p games.Position, l Last) error {
		pos, last = p, l
		return nil
	})
	return pos, last, err
}
