-- A finished game is offered as a rematch at most once, so two clicks on its
-- Rematch button at the same moment make one challenge, not two.
CREATE UNIQUE INDEX challenges_rematch_once ON challenges (rematch_of) WHERE rematch_of IS NOT NULL;
