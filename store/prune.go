package store

import (
	"context"
	"time"
)

// AnnouncementMemory is how long a delivered announcement is kept, for an
// operator looking into what was sent and how (its outcome); the sweep
// prunes those delivered longer ago (PruneAnnouncements).
const AnnouncementMemory = 7 * 24 * time.Hour

// pruneBatch bounds what one sweep deletes, so that the first sweep after
// an upgrade, facing a year of delivered announcements, holds the writer
// for moments rather than minutes; the next sweeps go on with the rest.
const pruneBatch = 5000

// PruneAnnouncements deletes up to pruneBatch announcements delivered more
// than AnnouncementMemory ago that nothing can write again, and returns how
// many it deleted. A delivered row's one remaining use is announcements_once,
// which keeps a notice from being written twice; it is kept while its
// subject can still write it: a game at the row's version (a new move writes
// a newer one), an open challenge, a tournament under way. Draw offers and
// vacation notices are not in that index, and a daily puzzle is announced
// only by the transaction that plans it; a digest and a reminder are
// written only by the claim that moves their due time past them
// (ClaimDigests, MarkReminded), so a week on nothing can write them again.
func (db *DB) PruneAnnouncements(ctx context.Context) (int64, error) {
	res, err := db.execAgain(ctx, qPruneAnnouncements, db.now().Add(-AnnouncementMemory).UnixMilli(), pruneBatch)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

const qPruneAnnouncements = `DELETE FROM announcements WHERE id IN (SELECT a.id FROM announcements a
	WHERE a.done_at IS NOT NULL AND a.done_at < ?1 AND (
		a.kind IN ('` + AnnounceDrawOffer + `', '` + AnnounceVacation + `', '` + AnnounceDigest + `', '` + AnnounceReminder + `') OR a.daily_id IS NOT NULL
		OR EXISTS (SELECT 1 FROM games g WHERE g.id = a.game_id AND (g.status = 'finished' OR g.version > a.version))
		OR EXISTS (SELECT 1 FROM challenges c WHERE c.id = a.challenge_id AND c.status <> 'open')
		OR EXISTS (SELECT 1 FROM tournaments t WHERE t.id = a.tournament_id AND t.status IN ('finished', 'cancelled')))
	ORDER BY a.done_at LIMIT ?2)`
