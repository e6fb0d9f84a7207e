package tab

import (
	"fmt"
	"testing"

	"kilab/games"
	"kilab/internal/testlong"
)

// Property tests: thousands of seeded random games played the way the bot plays
// them (games.Roll for a click on Throw, Advance for what follows by itself, a
// random choice among Moves for the player), checked after every move against a
// model that follows each piece by identity through the moves' traces.

func TestPropertyRandomGames(t *testing.T) {
	// By default 600 games, which a planted bug in movement, stacking or
	// capture fails within the first few dozen; 10,000 with KILAB_LONG=1.
	counts := testlong.Pick(map[int]int{7: 300, 11: 200, 29: 100}, map[int]int{7: 5500, 11: 3300, 29: 1200})
	if testing.Short() {
		counts = map[int]int{7: 200, 11: 200, 29: 100}
	}
	for _, w := range []int{7, 11, 29} {
		t.Run(fmt.Sprint("width", w), func(t *testing.T) {
			t.Parallel()
			for seed := range counts[w] {
				playChecked(t, w, uint64(w*1_000_000+seed))
				if t.Failed() {
					t.Fatalf("width %d seed %d failed", w, seed)
				}
			}
		})
	}
}

// maxSteps bounds a game; T12 ends every game long before.
const maxSteps = 1_000_000

// playChecked plays one random game, checking the model after every move, and
// replays its record.
func playChecked(t *testing.T, w int, seed uint64) {
	start, _ := Start(w)
	throws, choices := games.Seeded(seed), games.Seeded(^seed)
	m := newModel(start)
	var rec games.Recorder
	var pos games.Position = start
	var err error
	for step := 0; !pos.Outcome().Over(); step++ {
		if step == maxSteps {
			t.Fatalf("seed %d: no end after %d steps: %v", seed, step, pos)
		}
		due := pos.Due()
		if due.Kind == games.DueThrow {
			if due.Auto {
				t.Fatalf("seed %d: a turn starts with an automatic throw: %v", seed, pos)
			}
			if pos, err = games.Roll(pos, due.Player, throws, &rec); err != nil {
				t.Fatalf("seed %d: roll: %v", seed, err)
			}
			m.check(t, pos.(Position))
			continue
		}
		pos = m.playRandom(t, pos.(Position), choices, &rec)
	}
	checkReplay(t, start, rec, pos)
}

// playRandom plays a random legal move and whatever follows it by itself.
func (m *model) playRandom(t *testing.T, p Position, src games.Source, rec *games.Recorder) games.Position {
	moves := p.Moves()
	if d := p.Due(); d.Auto || len(moves) == 0 {
		t.Fatalf("a player's decision with due %+v and moves %v: %v", d, notations(p), p)
	}
	mv := moves[src.Uint64()%uint64(len(moves))]
	tr, err := p.Trace(mv.Notation)
	if err != nil {
		t.Fatalf("trace %s in %v: %v", mv.Notation, p, err)
	}
	if want := tr.Move.From.String(); !mv.Pass && mv.Group != want || mv.Pass && mv.Group != "" {
		t.Fatalf("move %+v has group %q, want %q", mv, mv.Group, want)
	}
	next, err := games.PlayAs(p, p.Turn(), mv.Notation)
	if err != nil {
		t.Fatalf("play %s in %v: %v", mv.Notation, p, err)
	}
	rec.Move(p.Turn(), mv.Notation)
	m.follow(t, tr)
	m.check(t, next.(Position))
	next, err = games.Advance(next, games.Seeded(0), rec) // only passes are automatic here
	if err != nil {
		t.Fatalf("advance after %s: %v", mv.Notation, err)
	}
	return next
}

// checkReplay replays the record, through its text form, and compares the end.
func checkReplay(t *testing.T, start Position, rec games.Recorder, end games.Position) {
	t.Helper()
	plies, err := games.ParseRecord(games.FormatRecord(rec.Plies))
	if err != nil {
		t.Fatalf("record: %v", err)
	}
	again, err := games.Replay(start, plies, nil)
	if err != nil || again.String() != end.String() {
		t.Fatalf("replay: %v, %v; want %v", again, err, end)
	}
}

// model follows every piece by identity.
type model struct {
	w      int
	cells  [][]int // absolute cell -> piece ids, bottom first
	owner  []uint8
	home   []int // the cell each piece starts on
	left   []bool
	christ []bool
	flip   []bool
	alive  [2]int
}

func newModel(p Position) *model {
	m := &model{w: p.Width(), cells: make([][]int, 4*p.Width())}
	for c := range m.cells {
		st := p.s.cells[c]
		if st.n == 1 {
			m.cells[c] = []int{len(m.owner)}
			m.owner = append(m.owner, st.owner)
			m.home = append(m.home, c)
			m.left = append(m.left, false)
			m.christ = append(m.christ, true)
			m.flip = append(m.flip, false)
			m.alive[st.owner]++
		}
	}
	return m
}

// follow moves the pieces of a traced move in the model.
func (m *model) follow(t *testing.T, tr Trace) {
	if tr.Move.Pass {
		return
	}
	from, to := tr.Move.From.abs(m.w), tr.Move.To.abs(m.w)
	ids := m.cells[from]
	moving := ids
	m.cells[from] = nil
	if tr.Move.Split {
		moving, m.cells[from] = ids[len(ids)-1:], ids[:len(ids)-1]
	}
	if tr.Reduced != 0 {
		if tr.Reduced != len(moving)-1 {
			t.Fatalf("%v reduces %d of a stack of %d", tr.Move, tr.Reduced, len(moving))
		}
		m.alive[tr.Player] -= tr.Reduced
		moving = moving[:1]
	}
	dst := m.cells[to]
	if len(dst) > 0 && m.owner[dst[0]] != uint8(tr.Player) {
		if tr.Captured != len(dst) {
			t.Fatalf("%v captures %d of %d pieces", tr.Move, tr.Captured, len(dst))
		}
		m.alive[1-tr.Player] -= len(dst)
		dst = nil
	}
	if tr.Path[len(tr.Path)-1] != tr.Move.To || len(tr.Path) != tr.Move.Score {
		t.Fatalf("%v has path %v", tr.Move, tr.Path)
	}
	m.cells[to] = append(append([]int(nil), dst...), moving...)
}

// check compares p with the model: the same pieces on the same cells, flags that
// only ever change one way, no piece back on its home row, Christians alone on
// their starting cells, and a notation that reads back the same.
func (m *model) check(t *testing.T, p Position) {
	for pl := range 2 {
		if got := p.Pieces(games.Player(pl)); got != m.alive[pl] {
			t.Fatalf("player %d has %d pieces, the model %d: %v", pl, got, m.alive[pl], p)
		}
	}
	for c, ids := range m.cells {
		st := p.s.cells[c]
		if int(st.n) != len(ids) {
			t.Fatalf("%v holds %d pieces, the model %d: %v", cellAt(m.w, c), st.n, len(ids), p)
		}
		for k, id := range ids {
			m.checkPiece(t, p, c, st, k, id)
		}
	}
	if q, err := ParsePosition(p.String()); err != nil || q.String() != p.String() {
		t.Fatalf("notation %q reads back as %v, %v", p, q, err)
	}
}

func (m *model) checkPiece(t *testing.T, p Position, c int, st stack, k, id int) {
	christ, flip := st.christ, st.flip>>k&1 != 0
	switch {
	case st.owner != m.owner[id]:
		t.Fatalf("piece %d changed owner on %v: %v", id, cellAt(m.w, c), p)
	case christ && !m.christ[id], flip != m.flip[id] && !flip:
		t.Fatalf("piece %d on %v went back to Christian %v / flipped %v: %v", id, cellAt(m.w, c), christ, flip, p)
	case christ && (c != m.home[id] || st.n != 1):
		t.Fatalf("Christian %d on %v, starting cell %v, stack of %d: %v", id, cellAt(m.w, c), cellAt(m.w, m.home[id]), st.n, p)
	}
	home := p.Row(games.Player(st.owner), cellAt(m.w, c)) == 1
	if home && m.left[id] {
		t.Fatalf("piece %d is back on its home row at %v: %v", id, cellAt(m.w, c), p)
	}
	m.left[id] = m.left[id] || !home
	m.christ[id], m.flip[id] = christ, flip
}
