// Command kilab runs the Kilab Discord bot and offers the rules engines on the
// command line, in one shape for every game:
//
//	kilab                      run the bot (reads .env and the environment)
//	kilab moves --game G ...   list the legal moves of a position
//	kilab replay --game G ...  replay a record and print every position
//
// `kilab help` and `kilab COMMAND --help` say more; docs/notation.md documents
// the notation and the output, which scripts may depend on.
package main
