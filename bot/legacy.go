package bot

import "fmt"

// userError is an English refusal not yet in the catalogs. TODO(lang): every
// use moves to lang.Fail, then this file goes.
type userError struct{ text string }

func (e userError) Error() string { return e.text }

func userf(format string, a ...any) error { return userError{fmt.Sprintf(format, a...)} }
