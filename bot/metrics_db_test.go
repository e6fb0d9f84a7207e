package bot

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"kilab/store"
)

type faultsOf store.Faults

func (f faultsOf) Faults() store.Faults { return store.Faults(f) }

// Each of the store's fault counts shows under its own label, and a bot
// without a database shows none.
func TestDBFaultMetrics(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	reg.MustRegister(dbFaults{faultsOf{Conflicts: 1, Lost: 2, Reads: 3, Kept: 4, RolledBack: 5, Unknown: 6}})
	got := gathered(t, reg)
	for k, want := range map[string]float64{
		"kilab_db_retries_total/conflict":            1,
		"kilab_db_retries_total/lost_connection":     2,
		"kilab_db_retries_total/read":                3,
		"kilab_db_commits_settled_total/kept":        4,
		"kilab_db_commits_settled_total/rolled_back": 5,
		"kilab_db_commits_settled_total/unknown":     6,
	} {
		if got[k] != want {
			t.Errorf("%s = %v, want %v", k, got[k], want)
		}
	}
	if len(got) != 6 {
		t.Errorf("%d series: %v", len(got), got)
	}
	none := prometheus.NewRegistry()
	none.MustRegister(newDBFaults(nil))
	if got := gathered(t, none); len(got) != 0 {
		t.Errorf("no database, yet %v", got)
	}
}

// gathered maps each series of reg, as name/label value, to its value.
func gathered(t *testing.T, reg *prometheus.Registry) map[string]float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			got[mf.GetName()+"/"+m.GetLabel()[0].GetValue()] = m.GetCounter().GetValue()
		}
	}
	return got
}
