// Package web is Kilab's second face, beside Discord: a page for every
// game, served by the bot's own process when WEB_ADDR is set. A game's page
// shows its board as the Discord boards draw it (package render), its
// players, whose turn it is, and its moves in notation and in words, each
// a link; it steps through the game with buttons and with the keys, and
// follows a game in play live (Server-Sent Events).
//
// The way in is New, which gives the pages as an http.Handler; its route
// table (routes) names every address it answers. Handlers hold no state of
// their own beyond caches (a page reads the store), so every copy of the
// bot serves every page. The web shares the domain with the bot (store,
// render, games, lang), never the bot's packages.
//
// Private by default: a game's address carries its web token (128 random
// bits), never its number; every page says noindex; a server whose
// moderators turned the web off (/mod web) has no pages at all. Anything
// else answers 404. Every asset is embedded; a strict Content-Security-Policy
// allows nothing inline and nothing from another site; only GET and HEAD are
// answered; each client is held to a request rate.
package web
