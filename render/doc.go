// Package render draws Kilab positions as pictures: a PNG of any position of any
// game for the board message, a short text for the image's alt text, and an
// animated GIF replay of a whole game.
//
// The bot needs to know nothing of the games: Board, Describe and Replay take a
// games.Game, its configuration and positions, and Last tells what the picture
// shows of the ply that led there (FromRecord builds it from a game record), or,
// for a board's reader, of every ply since their last move (FromRecordSince).
// Each game's art says how to draw it (Art) and is registered under the game's
// name (Register), as engines register with games: the three here from their
// own files (aseb.go, tab.go, seega.go), a new game's from its own package.
// Every function that draws or writes words takes the reader's *lang.Lang and
// says them from the render.* catalogs, the seats by their seat.* names; the
// Go fonts draw Cyrillic and accented Latin as well as English. A turn banner
// that a language makes longer shrinks to fit, never below the legible size;
// the tests draw every language and fail on a label that overlaps another or
// leaves the picture.
//
// Pictures are drawn with gg and the embedded Go fonts at 800 pixels wide, twice
// the 400 pixels a phone shows in a Discord embed, so every size in this package
// is written in those 400-pixel "display" units and multiplied by scale. Nothing
// is transparent, so a board reads the same on Discord's light and dark themes.
// The two sides differ in shape and in lightness (ivory against deep blue), which
// survives every kind of colour blindness and a greyscale print.
//
// Speed follows Lichess's GIF service: every colour is one of a fixed palette of
// at most 255 entries, reached through a lookup table, so the PNG is paletted
// (small and fast to encode) and the GIF frames share that palette and store
// only the rectangle that changed since the frame before. A board is drawn
// straight on that palette (stamp.go): what never changes (a board's
// background) is drawn with gg once per kind of board and quantized once; the
// pieces, marks, highlights and labels are drawn with gg once each and kept as
// stamps, palette indices for the pixels they cover whole and colour and
// coverage for their antialiased edges, which are blended with the palette
// colour under them. A picture is a copy of its background and a few hundred
// stamps, with no allocation beyond the picture itself, which Board and
// Replay give back for the next once it is encoded. The words a board says are
// kept once said too (words.go): filling a message's template costs more than
// drawing it. Tables and charts are drawn with gg in full colour and quantized.
//
// The encoders are render's own, for these flat pictures (encode.go,
// deflate.go, bands.go, gifenc.go). The PNG's deflate tries at each byte the
// row above and a run of the byte before, and a small hash table only where
// both fail; its rows go by bands of 16, and a band whose pixels and the row
// above were coded before (a move leaves most of a board as it was) reuses
// its tokens from a cache shared by all pictures. The same picture always
// gives the same bytes, no more than image/png made. The GIF's LZW keeps each
// byte's run of codes in an array, so a run of the transparent colour is one
// look-up, and writes the very bytes image/gif wrote.
package render
