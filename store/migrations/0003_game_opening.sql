-- How a game's first player was decided: a coin, the challenge's choice, or
-- Aseb standard's throw-off with every throw of it (A3, D3: every throw
-- the server draws is recorded, even those that move nothing).
ALTER TABLE games ADD COLUMN opening TEXT NOT NULL DEFAULT '';
