// Package vacation is /vacation: a player takes up to 30 days a year off
// (store.VacationAllowance), during which the deadlines of their games
// wait, and comes back early if they like; the boards and lists show who is
// away.
//
// The way in is Vacations: Vacation answers the command, and Deliver tells
// a game's thread that a player went or came back (an announcement the
// store wrote with the change). From the store it takes StartVacation,
// EndVacation and the games they moved; of Discord it answers the
// interaction and posts in game threads.
package vacation
