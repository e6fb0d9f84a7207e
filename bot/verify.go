package bot

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// MaxSignatureAge is how far a request's signed timestamp may be from now.
// The signature covers the timestamp, so a request captured on its way (or
// logged by a proxy) cannot be sent again with a fresh one: refusing old
// timestamps bounds how long such a copy could be replayed, which matters
// because a replayed /challenge would run again. Five minutes leaves room
// for clocks that disagree by a few seconds and for slow networks.
const MaxSignatureAge = 5 * time.Minute

var errBadSignature = errors.New("bot: bad request signature")

// ParsePublicKey reads an application's public key as the Developer Portal
// shows it: 64 hex digits.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("a public key is %d hex digits (the Developer Portal's General Information page shows it)", 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// verifier checks that a request comes from Discord: an Ed25519 signature
// by the application's key over the timestamp header followed by the raw
// body.
type verifier struct {
	key ed25519.PublicKey
	now func() time.Time
}

// claim is what the headers of a request claim before its body is read:
// the timestamp and the signature over it and the body.
type claim struct {
	stamp string
	sig   []byte
}

// headers checks what can be checked before the body is read: both headers
// there, a signature of the right size, a timestamp within MaxSignatureAge.
// The endpoint reads no body of a request that fails here, so a stream of
// requests with made-up headers costs it no memory.
func (v verifier) headers(h http.Header) (claim, error) {
	ts := h.Get("X-Signature-Timestamp")
	sig, err := hex.DecodeString(h.Get("X-Signature-Ed25519"))
	switch {
	case ts == "" || len(sig) == 0:
		return claim{}, fmt.Errorf("%w: missing signature headers", errBadSignature)
	case err != nil || len(sig) != ed25519.SignatureSize:
		return claim{}, fmt.Errorf("%w: malformed signature", errBadSignature)
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return claim{}, fmt.Errorf("%w: timestamp %q is not Unix seconds", errBadSignature, ts)
	}
	if age := v.now().Sub(time.Unix(sec, 0)); age > MaxSignatureAge || age < -MaxSignatureAge {
		return claim{}, fmt.Errorf("%w: timestamp %v away from now", errBadSignature, age.Round(time.Second))
	}
	return claim{stamp: ts, sig: sig}, nil
}

// signature checks the signature the headers carried over msg: their
// timestamp followed by the body.
func (v verifier) signature(s claim, msg []byte) error {
	if !ed25519.Verify(v.key, msg, s.sig) {
		return fmt.Errorf("%w: signature does not match", errBadSignature)
	}
	return nil
}
