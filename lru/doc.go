// Package lru is a map that keeps a bounded number of entries and forgets
// the least recently used beyond, and, where given one, those older than a
// time to live: for the caches that would otherwise grow with every user,
// server, game and page a long-running copy of the bot meets (the display
// names and locales it has seen, the web pages' pictures and pages).
//
// The way in is New; a Cache is safe for use by many goroutines.
package lru
