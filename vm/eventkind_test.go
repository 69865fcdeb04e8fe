package vm

import (
	"fmt"
	"regexp"
	"testing"
)

// TestEventKindNames: every kind has a snake_case name of its own, and a
// number past the last kind says what it is.
func TestEventKindNames(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)
	seen := map[string]EventKind{}
	for _, k := range EventKinds() {
		name := k.String()
		if !snake.MatchString(name) {
			t.Errorf("kind %d: name %q is not snake_case (has the kind a name in eventKindNames?)", k, name)
		}
		if o, dup := seen[name]; dup {
			t.Errorf("kinds %d and %d are both named %q", o, k, name)
		}
		seen[name] = k
	}
	if got, want := EventKind(numEventKinds).String(), fmt.Sprintf("kind(%d)", numEventKinds); got != want {
		t.Errorf("a number past the kinds: %q, want %q", got, want)
	}
}
