package web

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"kilab/ai"
	"kilab/games"
	"kilab/store"
)

// gatedJudge answers ½ for every position once open is closed, and counts
// the reviews it was asked to judge (one per judge made).
type gatedJudge struct {
	open chan struct{}
	fail bool
}

func (j gatedJudge) WinChance(ctx context.Context, _ games.Position) (float64, bool, error) {
	select {
	case <-j.open:
	case <-ctx.Done():
		return 0, false, ctx.Err()
	}
	if j.fail {
		return 0, false, errors.New("the judge failed")
	}
	return 0.5, false, nil
}

// finishedWith is a finished game of Tab on site s, its reviews judged by
// j; made counts the judges asked for, one for each review begun.
func finishedWith(t *testing.T, s *site, j gatedJudge, made *atomic.Int32) string {
	t.Helper()
	s.srv.judge = func(string, games.Config) (ai.Judge, error) { made.Add(1); return j, nil }
	s.srv.cfg.ReviewWait = time.Nanosecond
	g := s.game("tab", 6)
	if _, _, err := s.db.Commit(context.Background(), store.Commit{Game: g.ID, Version: g.Version, End: &store.End{Result: store.FirstWins, Reason: store.ReasonResignation}, Announce: true}); err != nil {
		t.Fatal(err)
	}
	return "/g/" + g.WebToken
}

// A finished game whose review is still being made shows the page at once,
// saying so, with where its chart will be for the page's script to wait on;
// visits meanwhile begin no second review, and the page is not kept: once
// the review is made the chart answers and the page shows the review.
func TestReviewBeingMade(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	j := gatedJudge{open: make(chan struct{})}
	var made atomic.Int32
	path := finishedWith(t, s, j, &made)
	for range 2 {
		page := body(t, s.get(path))
		for _, want := range []string{`id="review-pending"`, `data-chart="` + path + `/review.png?lang=en"`, "The review is being made"} {
			if !strings.Contains(page, want) {
				t.Errorf("the page of a game being reviewed lacks %q", want)
			}
		}
		if strings.Contains(page, `id="chart"`) {
			t.Error("the page of a game being reviewed shows a chart")
		}
	}
	if n := made.Load(); n != 1 {
		t.Errorf("%d reviews begun for two visits, want 1", n)
	}
	close(j.open)
	if r := s.get(path + "/review.png"); r.StatusCode != http.StatusOK || !strings.HasPrefix(body(t, r), "\x89PNG") {
		t.Fatalf("the chart once the review is made: %d", r.StatusCode)
	}
	page := body(t, s.get(path))
	if !strings.Contains(page, `id="chart"`) || strings.Contains(page, "review-pending") {
		t.Error("the page does not show the review once it is made")
	}
}

// A review that cannot be made leaves the page without one, saying nothing
// of one on its way, and is not tried again at every visit.
func TestReviewFailed(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	j := gatedJudge{open: make(chan struct{}), fail: true}
	close(j.open)
	var made atomic.Int32
	path := finishedWith(t, s, j, &made)
	if r := s.get(path + "/review.png"); r.StatusCode != http.StatusNotFound {
		t.Errorf("the chart of a review that failed: %d, want 404", r.StatusCode)
	}
	for range 2 {
		if page := body(t, s.get(path)); strings.Contains(page, `class="review"`) {
			t.Error("the page shows a review, or one on its way, that failed")
		}
	}
	if n := made.Load(); n != 1 {
		t.Errorf("%d reviews begun, want 1", n)
	}
}

// A chart asked for while its review is being made answers 503, to be asked
// again in a few seconds and kept by no cache (a picture's answer is
// otherwise kept a day): both when its making time runs out first and when
// the page's own wait does.
func TestChartWhileReviewBeingMade(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	j := gatedJudge{open: make(chan struct{})}
	defer close(j.open)
	var made atomic.Int32
	path := finishedWith(t, s, j, &made)
	body(t, s.get(path)) // the review begins
	g, err := s.srv.visible(context.Background(), strings.TrimPrefix(path, "/g/"))
	if err != nil {
		t.Fatal(err)
	}
	sh, err := s.srv.load(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	if _, err := s.srv.reviewOf(ctx, sh, time.Hour); !errors.Is(err, errReviewPending) {
		t.Errorf("the review once the making time is up: %v, want errReviewPending", err)
	}
	w := httptest.NewRecorder()
	w.Header().Set("Cache-Control", "private, max-age=86400")
	s.srv.failed(w, httptest.NewRequest(http.MethodGet, path+"/review.png", nil), errReviewPending)
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Cache-Control") != "no-store" || w.Header().Get("Retry-After") == "" {
		t.Errorf("a chart being made: %d, Cache-Control %q, Retry-After %q", w.Code, w.Header().Get("Cache-Control"), w.Header().Get("Retry-After"))
	}
}

// A review cut short by the server's stopping is not kept as failed: a
// copy of the pages that starts again makes it.
func TestReviewStoppedNotKept(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	base, stop := context.WithCancel(context.Background())
	s.srv.base = base
	j := gatedJudge{open: make(chan struct{})}
	var made atomic.Int32
	path := finishedWith(t, s, j, &made)
	body(t, s.get(path))
	key := strings.TrimPrefix(path, "/g/") + "/"
	job := s.srv.jobOf(jobKey(t, s, key))
	if job == nil {
		t.Fatal("no review being made")
	}
	stop()
	<-job.done
	if s.srv.reviews.Len() != 0 {
		t.Error("a review cut short by the server's stopping was kept")
	}
}

// jobKey is the one key of the reviews being made on s whose game's key
// starts with prefix.
func jobKey(t *testing.T, s *site, prefix string) string {
	t.Helper()
	s.srv.jobsMu.Lock()
	defer s.srv.jobsMu.Unlock()
	for k := range s.srv.jobs {
		if strings.HasPrefix(k, prefix) {
			return k
		}
	}
	return ""
}
