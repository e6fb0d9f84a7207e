package tournament

import "kilab/lang"

// FormatText says in l how a tournament of format f pairs and how many
// rounds it has (rounds; 0 for a round robin not yet scheduled), and for a
// round robin whether each pair plays twice, once on each side
// (sidesMatter).
func FormatText(l *lang.Lang, f Format, rounds int, sidesMatter bool) string {
	if f == Swiss {
		return l.N("tour.format.swiss", rounds)
	}
	text := l.T("tour.format.robin")
	if sidesMatter {
		text = l.T("tour.format.robin_twice")
	}
	if rounds > 0 {
		text += " " + l.N("tour.format.rounds", rounds)
	}
	return text
}
