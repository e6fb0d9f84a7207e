package web

import (
	"net/http"
	"strconv"

	"kilab/render"
)

// boardPicture is a game's board after its first n plies (/board/n), drawn
// as the Discord boards are, in the page's language. A board at a ply never
// changes, so its ETag is the ply and the language: stepping through a game
// fetches each picture once, and the server draws each once (boards).
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
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=86400")
	if notModified(w, r, `"`+strconv.Itoa(n)+"-"+string(l.Tag())+`"`) {
		return
	}
	key := token + "/" + strconv.Itoa(n) + "/" + string(l.Tag())
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
