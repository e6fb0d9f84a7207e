package lang

import "slices"

// Text is a message not yet said: its id and arguments, said in whichever
// language the reader turns out to speak. Code that words something before
// it knows its reader (an engine explaining a refusal) returns a Text.
type Text struct {
	ID string
	// Count, when set, picks the plural form (see Lang.N).
	Count *int
	KV    []any
}

// T is a Text of id with names and values kv.
func T(id string, kv ...any) Text { return Text{ID: id, KV: kv} }

// N is a Text of id whose plural form fits n.
func N(id string, n int, kv ...any) Text { return Text{ID: id, Count: &n, KV: kv} }

// In says t in l; a value of t that is itself a Text (a variant's name) is
// said in l too.
func (t Text) In(l *Lang) string {
	kv, cloned := t.KV, false
	for i := 1; i < len(kv); i += 2 {
		x, ok := kv[i].(Text)
		if !ok {
			continue
		}
		if !cloned { // t stays as it was
			kv, cloned = slices.Clone(kv), true
		}
		kv[i] = x.In(l)
	}
	if t.Count != nil {
		return l.N(t.ID, *t.Count, kv...)
	}
	return l.T(t.ID, kv...)
}

// String says t in English.
func (t Text) String() string { return t.In(En) }

// Error is an error whose words a player reads: a Text, and the error it
// stands for (games.ErrIllegalMove), if any, for errors.Is.
type Error struct {
	Text
	Err error
}

// Wrap returns an Error saying id, standing for err (which may be nil).
func Wrap(err error, id string, kv ...any) *Error {
	return &Error{Text: T(id, kv...), Err: err}
}

// Fail returns an Error saying id that stands for nothing else: a refusal
// the player reads as it is ("It is not your turn.").
func Fail(id string, kv ...any) *Error { return Wrap(nil, id, kv...) }

// Error is the message in English, then what it stands for.
func (e *Error) Error() string {
	if e.Err == nil {
		return e.Text.String()
	}
	return e.Text.String() + ": " + e.Err.Error()
}

// Unwrap gives errors.Is and errors.As what e stands for.
func (e *Error) Unwrap() error { return e.Err }
