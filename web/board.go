package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"kilab/lang"
	"kilab/render"
	"kilab/store"
)

// boardPicture is a game's board after its first n plies (/board/n), drawn
// as the Discord boards are, in the page's language. A ply is complete once
// another follows it, but the last may still grow (a throw's ply gains its
// move), so a board before the last is tagged by its ply and language, and
// kept a day, while the last's tag also names the game's version and is
// asked again each time: stepping through a game fetches each picture once,
// and the server draws each once (boards).
func (s *Server) boardPicture(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, err := s.visible(ctx, r.PathValue("token"))
	if err != nil {
		s.failed(w, r, err)
		return
	}
	plies, err := s.db.PlyCount(ctx, g.ID)
	if err != nil {
		s.failed(w, r, err)
		return
	}
	n, err := strconv.Atoi(r.PathValue("ply"))
	if err != nil || n < 0 || n > plies || strconv.Itoa(n) != r.PathValue("ply") {
		http.NotFound(w, r)
		return
	}
	l, _ := langOf(r)
	tag, cache := strconv.Itoa(n)+"-"+string(l.Tag()), "private, max-age=86400"
	if n == plies {
		tag, cache = tag+"-v"+strconv.FormatInt(g.Version, 10), "private, no-cache"
	}
	s.picture(w, r, "image/png", cache, tag, g.WebToken+"/"+tag, func(ctx context.Context) ([]byte, error) { return s.drawBoard(ctx, g, l, n) })
}

// drawBoard draws game g's board after its first n plies, in l.
func (s *Server) drawBoard(ctx context.Context, g store.Game, l *lang.Lang, n int) ([]byte, error) {
	sh, err := s.load(ctx, g)
	if err != nil {
		return nil, err
	}
	if n > len(sh.plies) {
		return nil, fmt.Errorf("board %d of game %d: %w", n, g.ID, store.ErrNotFound)
	}
	pos, last, err := sh.at(n)
	if err != nil {
		return nil, err
	}
	return render.Board(l, sh.game, g.Config, pos, last)
}

// replayGIF is a game's animated replay, as /history draws it, in the
// page's language: tagged by the game's version, drawn once per version (a
// long game's takes seconds) and kept with the boards.
func (s *Server) replayGIF(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	g, err := s.visible(ctx, r.PathValue("token"))
	if err != nil {
		s.failed(w, r, err)
		return
	}
	l, _ := langOf(r)
	tag := fmt.Sprintf("replay-%s-v%d", l.Tag(), g.Version)
	s.picture(w, r, "image/gif", "private, no-cache", tag, g.WebToken+"/"+tag, func(ctx context.Context) ([]byte, error) {
		sh, err := s.load(ctx, g)
		if err != nil {
			return nil, err
		}
		return render.Replay(l, sh.game, g.Config, sh.plies)
	})
}

// picture answers a picture kept (boards) by key: 304 where the request
// holds tag already, else the kept picture, else the one draw makes, made
// once however many ask for it at a time, and kept.
func (s *Server) picture(w http.ResponseWriter, r *http.Request, contentType, cacheControl, tag, key string, draw func(context.Context) ([]byte, error)) {
	ctx, cancel := makingContext(r)
	defer cancel()
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", cacheControl)
	if notModified(w, r, `"`+tag+`"`) {
		return
	}
	data, err := s.making.do(key, func() ([]byte, error) {
		if data, ok := s.boards.Get(key); ok {
			return data, nil
		}
		data, err := draw(ctx)
		if err == nil {
			s.boards.Put(key, data)
		}
		return data, err
	})
	if err != nil {
		s.failed(w, r, err)
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.Write(data)
}

// makingTime bounds the making of a page or picture.
const makingTime = 30 * time.Second

// makingContext is the context a page or picture is made in for r: not r's own,
// which ends when its client leaves, since others may be waiting for the
// same making (once), but bounded in time.
func makingContext(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(r.Context()), makingTime)
}
