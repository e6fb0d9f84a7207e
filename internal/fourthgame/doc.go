// Package fourthgame holds only a test: a made-up fourth game, Dash, with
// its engine and its art, registered in this package's own test binary and
// played end to end through the bot against the fake Discord, a challenge
// to its record and pictures. It shows that a game brings everything the
// bot, the store and the renderer need of it (games.Game and its optional
// interfaces, a render.Art) without an edit to any of them.
//
// It lives apart from the bot's tests because registries are global: the
// bot's tests run in parallel and go over every registered game, which
// should be the real three there.
package fourthgame
