package bot

import (
	"github.com/prometheus/client_golang/prometheus"

	"kilab/store"
)

// dbFaults exposes, at scrape time, the database faults the store met and
// got past without a player seeing them (store.DB.Faults): transactions run
// again after a conflict or a lost connection, reads moved to another
// connection, and commits whose answer was lost and whose outcome the
// server was asked. A rising count of lost connections says the database or
// the network to it is unwell before any player is told so; a non-zero
// unknown count is a commit whose player was told it may not have been kept.
type dbFaults struct{ db faultCounter }

// newDBFaults exposes db's faults; a nil db, none.
func newDBFaults(db *store.DB) dbFaults {
	if db == nil {
		return dbFaults{}
	}
	return dbFaults{db}
}

// faultCounter is the store's side of dbFaults: *store.DB, or a test's.
type faultCounter interface{ Faults() store.Faults }

var (
	dbRetriesDesc = prometheus.NewDesc("kilab_db_retries_total",
		"Database work run again without the player seeing a fault, by reason: conflict (another transaction overlapped), "+
			"lost_connection (the connection was lost before COMMIT, or the server said a COMMIT whose answer was lost rolled back), "+
			"read (a read moved to another connection after the server closed its own).",
		[]string{"reason"}, nil)
	dbCommitsSettledDesc = prometheus.NewDesc("kilab_db_commits_settled_total",
		"Commits whose answer was lost with their connection, by what the server said when asked: kept, rolled_back "+
			"(run again), unknown (it could not tell in time; the caller got store.ErrOutcomeUnknown).",
		[]string{"outcome"}, nil)
)

func (d dbFaults) Describe(ch chan<- *prometheus.Desc) {
	ch <- dbRetriesDesc
	ch <- dbCommitsSettledDesc
}

func (d dbFaults) Collect(ch chan<- prometheus.Metric) {
	if d.db == nil { // unit tests may build a bot without a database
		return
	}
	f := d.db.Faults()
	for reason, n := range map[string]int64{"conflict": f.Conflicts, "lost_connection": f.Lost, "read": f.Reads} {
		ch <- prometheus.MustNewConstMetric(dbRetriesDesc, prometheus.CounterValue, float64(n), reason)
	}
	for outcome, n := range map[string]int64{"kept": f.Kept, "rolled_back": f.RolledBack, "unknown": f.Unknown} {
		ch <- prometheus.MustNewConstMetric(dbCommitsSettledDesc, prometheus.CounterValue, float64(n), outcome)
	}
}
