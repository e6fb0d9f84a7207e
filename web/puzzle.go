package web

import (
	"bytes"
	"context"
	"net/http"
	"slices"
	"strconv"
	"unicode"
	"unicode/utf8"

	"kilab/games"
	"kilab/puzzles"
	"kilab/render"
)

// A puzzle's page: the position, the throw made, and every legal move as a
// link; the move chosen (?move=k, its place among the puzzle's values) is
// answered on the page, as /puzzle answers it in Discord: whether it was
// right, the best move, and what every move is worth. Nobody signs in and
// nothing is rated: the page is for trying a puzzle anywhere. Only the
// starter set's puzzles have pages; a player's own puzzles stay theirs.

// puzzleSet is the puzzles the pages show, by id, and each game's in order
// (for the link to another).
type puzzleSet struct {
	byID   map[string]puzzles.Puzzle
	byGame map[string][]string
}

func loadPuzzles() puzzleSet {
	set, err := puzzles.Starter()
	if err != nil {
		panic(err) // built in: the puzzles package's tests read it
	}
	ps := puzzleSet{byID: map[string]puzzles.Puzzle{}, byGame: map[string][]string{}}
	for _, p := range set.Puzzles {
		ps.byID[p.ID] = p
		ps.byGame[p.Game] = append(ps.byGame[p.Game], p.ID)
	}
	for _, ids := range ps.byGame {
		slices.Sort(ids)
	}
	return ps
}

// next is the id of the game's puzzle after id, round.
func (ps puzzleSet) next(p puzzles.Puzzle) string {
	ids := ps.byGame[p.Game]
	i, _ := slices.BinarySearch(ids, p.ID)
	return ids[(i+1)%len(ids)]
}

// puzzleView is what puzzle.html shows.
type puzzleView struct {
	Lang, Title, Task, Board, Alt, Another string
	Labels                                 map[string]string
	Choices                                []langChoice
	Moves                                  []puzzleMove
	Answer                                 *puzzles.Said
}

type puzzleMove struct {
	Href, Label string
	Chosen      bool
}

// puzzlePage answers /puzzle/{id}, and ?move=k.
func (s *Server) puzzlePage(w http.ResponseWriter, r *http.Request) {
	p, ok := s.puzzles.byID[r.PathValue("id")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	g, pos, err := puzzlePosition(p)
	if err != nil {
		s.failed(w, r, err)
		return
	}
	l, chosen := langOf(r)
	path := "/puzzle/" + p.ID
	v := &puzzleView{Lang: string(l.Tag()), Labels: labels(l), Choices: choices(l, path, ""),
		Title: l.T("puzzle.title", "Game", g.Title(), "Config", variantText(l, g, p.Config)),
		Board: path + "/board.png?lang=" + string(l.Tag()), Alt: render.Describe(l, g, p.Config, pos, render.Last{}),
		Another: withLang("/puzzle/"+s.puzzles.next(p), l, chosen)}
	seat := capital(games.SeatName(l, g, pos.Due().Player))
	v.Task = l.T("puzzle.task", "Seat", seat)
	if p.Throw != "" {
		v.Task = l.T("puzzle.task_thrown", "Seat", seat, "Throw", p.Throw)
	}
	played := -1
	if m := r.URL.Query().Get("move"); m != "" {
		if played, err = strconv.Atoi(m); err != nil || played < 0 || played >= len(p.Moves) || strconv.Itoa(played) != m {
			http.NotFound(w, r)
			return
		}
		a := puzzles.Answer(l, pos, p, p.Moves[played].Move)
		v.Answer = &a
	}
	for _, m := range pos.Moves() {
		k := slices.IndexFunc(p.Moves, func(v puzzles.Value) bool { return v.Move == m.Notation })
		v.Moves = append(v.Moves, puzzleMove{Href: withLang(path+"?move="+strconv.Itoa(k), l, chosen) + "#answer",
			Label: games.Label(l, pos, m.Notation), Chosen: k == played})
	}
	var b bytes.Buffer
	if err := s.tmpl.ExecuteTemplate(&b, "puzzle.html", v); err != nil {
		s.failed(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	pack(b.Bytes()).write(w, r)
}

// puzzleBoard is a puzzle's position, drawn as /puzzle draws it. A puzzle
// never changes: its tag is the language.
func (s *Server) puzzleBoard(w http.ResponseWriter, r *http.Request) {
	p, ok := s.puzzles.byID[r.PathValue("id")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	l, _ := langOf(r)
	tag := "puzzle-" + string(l.Tag())
	s.picture(w, r, "image/png", "public, max-age=86400", tag, "puzzle/"+p.ID+"/"+tag, func(context.Context) ([]byte, error) {
		g, pos, err := puzzlePosition(p)
		if err != nil {
			return nil, err
		}
		return render.Board(l, g, p.Config, pos, render.Last{})
	})
}

// puzzlePosition is p's game and position.
func puzzlePosition(p puzzles.Puzzle) (games.Game, games.Position, error) {
	g, err := games.Lookup(p.Game)
	if err != nil {
		return nil, nil, err
	}
	pos, err := g.Parse(p.Config, p.Position)
	return g, pos, err
}

// capital is s with a capital, to open a sentence.
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
