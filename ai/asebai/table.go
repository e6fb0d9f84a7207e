package asebai

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"kilab/games"
	"kilab/games/aseb"
)

// Table is a solved configuration of Aseb: for every position where a side is
// to throw, the chance that it wins with perfect play by both, to 1/65,535
// (16 bits a position: 79 MiB for 5 pieces).
type Table struct {
	Config games.Config // normalised
	rules  aseb.Rules
	shape  *shape
	q      []uint16
}

// Solve solves cfg exactly (see solveRules) on cores CPUs and returns its
// table. Only 5 pieces are solved: 7 would need 12 times the positions
// (501 million), 4 GiB of values while solving.
func Solve(cfg games.Config, cores int, progress func(string)) (*Table, SolveStats, error) {
	cfg, r, err := solvable(cfg)
	if err != nil {
		return nil, SolveStats{}, err
	}
	s, st := solveRules(r, cores, progress)
	defer s.release()
	return s.table(cfg), st, nil
}

// table quantises the solver's values into a table.
func (s *solver) table(cfg games.Config) *Table {
	t := &Table{Config: cfg, rules: s.rules, shape: s.shape, q: make([]uint16, len(s.v))}
	for i := range s.v {
		t.q[i] = quantise(s.get(int64(i)))
	}
	return t
}

// solvable normalises cfg and checks it is one a table can be made for.
func solvable(cfg games.Config) (games.Config, aseb.Rules, error) {
	cfg, err := games.Normalize(aseb.Game{}, cfg)
	if err != nil {
		return cfg, aseb.Rules{}, err
	}
	r, err := aseb.RulesFor(cfg)
	if err != nil {
		return cfg, r, err
	}
	if r.Pieces != 5 {
		return cfg, r, fmt.Errorf("asebai: only 5-piece Aseb is solved; %d pieces are played by search: %w", r.Pieces, games.ErrBadConfig)
	}
	return cfg, r, nil
}

func quantise(v float64) uint16 { return uint16(math.Round(min(1, max(0, v)) * math.MaxUint16)) }

// Chance is the chance that the side to move in p wins with perfect play:
// the mover to throw, or (a throw made) to choose its move. A finished game
// is 1 for its winner, who stays on turn (aseb.Position.Winner).
func (t *Table) Chance(p aseb.Position) float64 {
	switch p.State() {
	case aseb.Over:
		return 1
	case aseb.MoveDue:
		best, _ := t.best(p)
		return best
	}
	return t.at(t.shape.indexOf(p))
}

func (t *Table) at(i int64) float64 { return float64(t.q[i]) / math.MaxUint16 }

// best is the best move of p, a position where a move is due, and its
// chance for the mover; the pass when there is no move.
func (t *Table) best(p aseb.Position) (float64, aseb.Move) {
	var buf [8]aseb.Move
	legal := p.Legal(buf[:0])
	if len(legal) == 0 {
		q, _ := p.Apply(aseb.Pass)
		return 1 - t.Chance(q), aseb.Pass
	}
	bestV, bestM := -1.0, legal[0]
	for _, m := range legal {
		q, err := p.Apply(m)
		if err != nil {
			continue
		}
		v := t.Chance(q) // for q's side on turn: the mover after a win or a house
		if q.Turn() != p.Turn() {
			v = 1 - v
		}
		if v > bestV {
			bestV, bestM = v, m
		}
	}
	return bestV, bestM
}

// File format: magic, format version, rules revision, pieces, the
// configuration in words, the count of values, the values (16 bits each,
// little-endian), and a CRC-32 of all that.
const (
	magic         = "KILABASB"
	formatVersion = 1
)

// FileName is the table file's name for cfg: "aseb-standard_dice=sticks_pieces=5.table".
func FileName(cfg games.Config) string {
	return "aseb-" + strings.ReplaceAll(cfg.String(), " ", "_") + ".table"
}

// Save writes the table to path atomically: to a temporary file in the same
// directory, synced, then renamed over path. A crash leaves either the old
// file or the new one, never half of one.
func (t *Table) Save(path string) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), ".aseb-table-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	crc := crc32.NewIEEE()
	w := bufio.NewWriterSize(io.MultiWriter(f, crc), 1<<20)
	if err = t.writeTo(w); err != nil {
		return err
	}
	if err = w.Flush(); err != nil {
		return err
	}
	if err = binary.Write(f, binary.LittleEndian, crc.Sum32()); err != nil {
		return err
	}
	if err = f.Chmod(0o644); err != nil { // CreateTemp's 0600 would keep others from reading it
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

func (t *Table) writeTo(w io.Writer) error {
	cfg := t.Config.String()
	head := []any{[]byte(magic), uint16(formatVersion), uint16(aseb.Revision), uint16(t.rules.Pieces), uint16(len(cfg)), []byte(cfg), uint64(len(t.q))}
	for _, v := range head {
		if err := binary.Write(w, binary.LittleEndian, v); err != nil {
			return err
		}
	}
	buf := make([]byte, 0, 1<<16)
	for i, v := range t.q {
		buf = binary.LittleEndian.AppendUint16(buf, v)
		if len(buf) == cap(buf) || i == len(t.q)-1 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	return nil
}

// ErrBadTable is a table file that cannot be used: another format, rules
// revision or configuration, cut short or damaged.
var ErrBadTable = errors.New("asebai: unusable table file")

// Load reads the table of cfg from path, checking everything: a file that is
// not exactly a table of this configuration and rules revision is refused.
func Load(path string, cfg games.Config) (*Table, error) {
	cfg, r, err := solvable(cfg)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t := &Table{Config: cfg, rules: r, shape: shapeFor(int(r.Pieces))}
	if err := t.decode(data); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", path, ErrBadTable, err)
	}
	return t, nil
}

func (t *Table) decode(data []byte) error {
	if len(data) < 4 {
		return errors.New("too short")
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return errors.New("checksum mismatch: cut short or damaged")
	}
	want := t.Config.String()
	head := len(magic) + 8
	switch {
	case len(body) < head || string(body[:len(magic)]) != magic:
		return errors.New("not a Kilab Aseb table")
	case binary.LittleEndian.Uint16(body[8:]) != formatVersion:
		return fmt.Errorf("format %d, not %d", binary.LittleEndian.Uint16(body[8:]), formatVersion)
	case binary.LittleEndian.Uint16(body[10:]) != aseb.Revision:
		return fmt.Errorf("rules revision %d, not %d", binary.LittleEndian.Uint16(body[10:]), aseb.Revision)
	case int(binary.LittleEndian.Uint16(body[14:])) != len(want) || len(body) < head+len(want)+8 || string(body[head:head+len(want)]) != want:
		return fmt.Errorf("not the table of %q", want)
	}
	rest := body[head+len(want):]
	n := binary.LittleEndian.Uint64(rest)
	if n != uint64(t.shape.size) || uint64(len(rest)-8) != 2*n {
		return fmt.Errorf("%d values in %d bytes, want %d", n, len(rest)-8, t.shape.size)
	}
	t.q = make([]uint16, n)
	for i := range t.q {
		t.q[i] = binary.LittleEndian.Uint16(rest[8+2*i:])
	}
	return nil
}

// FirstWins is the first player's chance at the start, with perfect play.
func (t *Table) FirstWins() float64 { return t.Chance(aseb.NewPosition(t.rules)) }
