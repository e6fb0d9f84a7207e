package fakediscord

import (
	"encoding/json"
	"net/http"
	"strings"
)

// validate checks a request body against the documented limits and the
// spec. A body that breaks them is reported and answered as Discord answers
// it, 400 Invalid Form Body, so the bot's own error handling runs too.
func (s *Server) validate(c *call) bool {
	vs := CheckLimits(c.req.Route, c.req.JSON, c.req.Files)
	if s.spec != nil {
		vs = append(vs, s.spec.Check(c.req.Route, c.req.JSON)...)
	}
	if len(vs) == 0 {
		return false
	}
	c.req.Violations = vs
	s.cfg.onViolation(c.req, vs)
	c.json(http.StatusBadRequest, apiError{Message: "Invalid Form Body", Code: codeInvalidFormBody, Errors: formErrors(vs)})
	return true
}

// formErrors nests violations the way Discord reports form errors:
// {"content": {"_errors": [{"code": ..., "message": ...}]}}.
func formErrors(vs []Violation) json.RawMessage {
	root := object{}
	for _, v := range vs {
		node := root
		if v.Path != "" {
			for _, k := range strings.Split(v.Path, ".") {
				next, ok := node[k].(object)
				if !ok {
					next = object{}
					node[k] = next
				}
				node = next
			}
		}
		errs, _ := node["_errors"].([]object)
		node["_errors"] = append(errs, object{"code": "BASE_TYPE_INVALID", "message": v.Rule})
	}
	b, _ := json.Marshal(root)
	return b
}

// Spec is the OpenAPI description the fake checks bodies against, or nil.
func (s *Server) Spec() *Spec { return s.spec }
