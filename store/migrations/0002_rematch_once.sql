-- A finished game has at most one rematch challenge open or accepted, so two
-- clicks on its Rematch button at the same moment make one challenge, not two;
-- once one is declined, withdrawn or expired, the game may be offered again.
CREATE UNIQUE INDEX challenges_rematch_once ON challenges (rematch_of)
	WHERE rematch_of IS NOT NULL AND status IN ('open', 'accepted');
