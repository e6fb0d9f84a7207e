package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"kilab/lru"
)

// BenchmarkGamePage is the page of a long Tab game (300 throws and moves
// asked for; the plies it has are reported), server time only. made: each
// page made afresh (the store's reads, the replay, every ply's words, the
// template), as for the first viewer of each new version; kept: the page
// already made for that version, as for every other viewer.
//
//	go test -run XXX -bench GamePage -count 5 ./web
func BenchmarkGamePage(b *testing.B) {
	s := newBenchSite(b)
	g := s.game("tab", 1000, "width", "29")
	_, rec, _ := s.db.GameRecord(context.Background(), g.ID)
	path := "/g/" + g.WebToken
	for _, kept := range []bool{false, true} {
		b.Run(map[bool]string{false: "made", true: "kept"}[kept], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if !kept {
					s.srv.pages = lru.New[packed](256, time.Minute)
				}
				w := httptest.NewRecorder()
				s.srv.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
				if w.Code != http.StatusOK {
					b.Fatalf("%d", w.Code)
				}
			}
			b.ReportMetric(float64(len(rec)), "plies")
		})
	}
}

// BenchmarkBoardKept is a board picture already drawn once, as a second
// viewer stepping through the game gets it.
func BenchmarkBoardKept(b *testing.B) {
	s := newBenchSite(b)
	g := s.game("tab", 1000, "width", "29")
	path := "/g/" + g.WebToken + "/board/10"
	s.srv.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path, nil))
	for b.Loop() {
		w := httptest.NewRecorder()
		s.srv.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		if w.Code != http.StatusOK {
			b.Fatal(strconv.Itoa(w.Code))
		}
	}
}

// BenchmarkGamePageAt200 asks for the long game's page 200 times a second
// over HTTP, for two seconds a run, a new version of the game (a new page
// to make) every 50th request, and reports the server time's median and
// 99th percentile.
//
//	go test -run XXX -bench GamePageAt200 -count 5 ./web
func BenchmarkGamePageAt200(b *testing.B) {
	s := newBenchSite(b)
	g := s.game("tab", 1000, "width", "29")
	path := "/g/" + g.WebToken
	for b.Loop() {
		var (
			mu    sync.Mutex
			times []time.Duration
			wg    sync.WaitGroup
		)
		tick := time.NewTicker(5 * time.Millisecond)
		for n := range 400 {
			<-tick.C
			if n%50 == 0 {
				s.srv.pages = lru.New[packed](256, time.Minute) // as a new version would
			}
			wg.Go(func() {
				start := time.Now()
				w := httptest.NewRecorder()
				s.srv.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
				d := time.Since(start)
				mu.Lock()
				times = append(times, d)
				mu.Unlock()
			})
		}
		tick.Stop()
		wg.Wait()
		slices.Sort(times)
		b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
	}
}
