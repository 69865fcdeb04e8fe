package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// outWriter is the CLI's standard output. It keeps the first write error,
// and fails every write after it: a command that ran to the end while its
// output was lost (a full disk, a closed pipe, /dev/full) must not exit 0,
// and run turns the kept error into exit 1. It is safe for concurrent use.
type outWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		o.err = err
	}
	return n, err
}

// Err returns the first write error.
func (o *outWriter) Err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// IsTerminal reports whether the wrapped writer is a terminal.
func (o *outWriter) IsTerminal() bool { return isTerminal(o.w) }

// terminal is a writer that knows whether it is a terminal: outWriter,
// and writers that tests use to play a terminal.
type terminal interface{ IsTerminal() bool }

// isTerminal reports whether w is a terminal: live output (the progress
// bar, rates and times left) goes only there, never to a pipe or a file.
func isTerminal(w io.Writer) bool {
	switch w := w.(type) {
	case terminal:
		return w.IsTerminal()
	case *os.File:
		fi, err := w.Stat()
		return err == nil && fi.Mode()&os.ModeCharDevice != 0
	}
	return false
}

// printable returns a one-line name (a game's name or summary, a path) as
// it may be printed: every character that is not printable (control
// characters such as NUL, ESC and newline, invisible format characters,
// invalid UTF-8) is escaped as Go writes it in a string ("\x1b", "\u202e").
// A genome or program file can carry any bytes in its name, and printed raw
// they could rewrite the user's terminal or forge output lines.
func printable(s string) string { return escape(s, false) }

// printableText is printable for text of several lines (rules in English,
// error messages): newlines and tabs are kept.
func printableText(s string) string { return escape(s, true) }

func escape(s string, multiline bool) string {
	clean := func(r rune) bool {
		return r != utf8.RuneError && (r == ' ' || unicode.IsPrint(r) || multiline && (r == '\n' || r == '\t'))
	}
	if strings.IndexFunc(s, func(r rune) bool { return !clean(r) }) < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case clean(r) || r == utf8.RuneError:
			b.WriteString(s[i : i+n]) // a real U+FFFD is printable
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += n
	}
	return b.String()
}

// progress reports long work on a terminal: one line rewritten in place.
// It writes nothing when quiet or when the writer is not a terminal. A
// batch reports from its worker goroutines: every field below mu is
// guarded by it, and the line never goes backwards (a worker that reports
// a smaller count after a larger one is ignored).
type progress struct {
	w     io.Writer
	total int
	unit  string
	on    bool // fixed at creation

	mu    sync.Mutex
	start time.Time
	last  time.Time
	best  int  // largest count reported so far
	shown bool // a line is on the screen
}

func newProgress(w io.Writer, quiet bool, total int, unit string) *progress {
	now := time.Now()
	return &progress{w: w, total: total, unit: unit, start: now, last: now, on: !quiet && isTerminal(w)}
}

// update reports that done units are finished. Safe for concurrent use.
func (p *progress) update(done int) {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if done <= p.best {
		return
	}
	p.best = done
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond && done < p.total {
		return
	}
	p.last = now
	el := now.Sub(p.start).Seconds()
	rate := float64(done) / max(el, 1e-9)
	left := float64(p.total-done) / max(rate, 1e-9)
	fmt.Fprintf(p.w, "\r%d/%d %s  %.0f %s/s  %.0fs left   ", done, p.total, p.unit, rate, p.unit, left)
	p.shown = true
}

// done clears the line. Safe for concurrent use; later updates still
// write.
func (p *progress) done() {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}
