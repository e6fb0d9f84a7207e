package web

import (
	"net/http"
	"strconv"

	"kilab/render"
)

// boardPicture is a game's board after its first n plies (/board/n), drawn
// as the Discord boards are, in the page's language. A ply is complete once
// another follows it, but the last may still grow (a throw's ply gains its
// move), so a board before the last is tagged by its ply and language, and
// kept a day, while the last's tag also names the game's version and is
// asked again each time: stepping through a game fetches each picture once,
// and the server draws each once (boards).
func (s *Server) boardPicture(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	sh, err := s.load(r.Context(), token)
	if err != nil {
		s.failed(w, r, err)
		return
	}
	n, ok := sh.stepOf(r.PathValue("ply"))
	if !ok || r.PathValue("ply") == "" {
		http.NotFound(w, r)
		return
	}
	l, _ := langOf(r)
	tag := strconv.Itoa(n) + "-" + string(l.Tag())
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=86400")
	if n == len(sh.plies) {
		tag += "-v" + strconv.FormatInt(sh.g.Version, 10)
		w.Header().Set("Cache-Control", "private, no-cache")
	}
	if notModified(w, r, `"`+tag+`"`) {
		return
	}
	key := token + "/" + tag
	png, ok := s.boards.get(key)
	if !ok {
		pos, last, err := sh.at(n)
		if err == nil {
			png, err = render.Board(l, sh.game, sh.g.Config, pos, last)
		}
		if err != nil {
			s.failed(w, r, err)
			return
		}
		s.boards.put(key, png)
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(png)))
	w.Write(png)
}
