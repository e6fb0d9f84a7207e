-- Games against the computer: the seat Kilab itself plays (-1 in a game between
-- people) and the level it plays at (easy, medium, hard). Such games are never
-- rated; the computer never runs out of time.
ALTER TABLE games ADD COLUMN computer_seat INTEGER NOT NULL DEFAULT -1 CHECK (computer_seat IN (-1, 0, 1));
ALTER TABLE games ADD COLUMN computer_level TEXT NOT NULL DEFAULT '';
CREATE INDEX games_computer_on_move ON games (id) WHERE status = 'active' AND computer_seat >= 0;
