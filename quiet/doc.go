// Package quiet is the arithmetic of a player's quiet hours: a daily stretch
// of the clock, in the player's own time zone, when Kilab sends them no DM
// it can hold back.
//
// The way in is Hours, parsed from what a player types ("23:00-08:00") in
// the zone they chose: Around says whether a moment falls inside a stretch
// and when that stretch ends, and Remind moves a deadline's reminder out of
// one, earlier or later, so that no deadline passes unreminded. Every
// stretch is computed on the calendar of the player's zone, not as a fixed
// length of time, so the night a clock goes forward or back is an hour
// shorter or longer, as the player lives it.
package quiet
