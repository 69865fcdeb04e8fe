package genome

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// TextProblem says what keeps s from being a free-text field (a name, a
// summary) of at most max characters, or returns "" when s is fine. Such
// text is printed as it is, in terminals, tables and reports, so it must be
// valid UTF-8 made of printable characters (unicode.IsPrint: letters,
// marks, numbers, punctuation, symbols and the ASCII space). That rules out
// control characters (NUL, tab, newline, ESC and with it every ANSI escape
// sequence), invisible formatting characters (such as the bidirectional
// overrides that reorder what a reader sees), and U+FFFD, the replacement
// character that decoders put where the input was not UTF-8.
func TextProblem(s string, max int) string {
	n := 0
	for i, r := range s {
		n++
		switch {
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return fmt.Sprintf("is not valid UTF-8 (byte 0x%02x at byte %d)", s[i], i)
			}
			return fmt.Sprintf("holds U+FFFD, the replacement character that marks text that was not valid UTF-8, at character %d", n)
		case !unicode.IsPrint(r):
			what := "the non-printable character"
			if unicode.IsControl(r) {
				what = "the control character"
			}
			return fmt.Sprintf("holds %s %U at character %d: text must be printable (no control characters, escape sequences or invisible formatting)", what, r, n)
		}
	}
	if n > max {
		return fmt.Sprintf("is %d characters long, at most %d", n, max)
	}
	return ""
}
