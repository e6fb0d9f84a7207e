package web

import (
	"context"
	"errors"
	"net/http"
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
