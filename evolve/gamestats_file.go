package evolve

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/internal/jsontree"
	"github.com/darwinsim/darwinsim/vm"
)

// StartsFile and GameStatsFile are JSON Lines: one compact JSON object per
// line, each line ending in a newline. They are not *.json files, so that
// a run directory given to evolve --from, which reads every *.json file as
// games, gives the games it always gave.

// MarshalLine returns gs as one line of GameStatsFile: compact JSON (its
// field order fixed, so equal statistics give equal bytes) and a newline.
func (gs *GameStats) MarshalLine() ([]byte, error) {
	b, err := json.Marshal(gs)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// MarshalStarts returns games as StartsFile: each genome's JSON, metadata
// included, on a line of its own.
func MarshalStarts(games []*genome.Genome) ([]byte, error) {
	var out []byte
	for _, g := range games {
		b, err := json.Marshal(g)
		if err != nil {
			return nil, err
		}
		out = append(append(out, b...), '\n')
	}
	return out, nil
}

// jsonLines splits a JSON Lines file into its lines, numbered from 1, or
// says what is wrong with its shape: a last line without its newline or
// an empty line. An empty file has no lines.
func jsonLines(data []byte) ([][]byte, error) {
	if len(data) == 0 {
		return nil, nil
	}
	if data[len(data)-1] != '\n' {
		return nil, fmt.Errorf("line %d: the last line does not end in a newline (was the file cut short?)", bytes.Count(data, []byte("\n"))+1)
	}
	lines := bytes.Split(data[:len(data)-1], []byte("\n"))
	for i, l := range lines {
		if len(bytes.TrimSpace(l)) == 0 {
			return nil, fmt.Errorf("line %d: an empty line (want one JSON object per line)", i+1)
		}
	}
	return lines, nil
}

// ParseStarts reads StartsFile: every genome parsed strictly and validated
// (genome.Parse). An error names the line and the JSON path in it.
func ParseStarts(data []byte) ([]*genome.Genome, error) {
	lines, err := jsonLines(data)
	if err != nil {
		return nil, err
	}
	var gs []*genome.Genome
	for i, l := range lines {
		g, err := genome.Parse(l)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		gs = append(gs, g)
	}
	return gs, nil
}

// ParseGameStats reads GameStatsFile strictly: valid UTF-8 JSON, one object
// per line, no unknown or repeated keys, and statistics that hold
// together (Check). An error names the line and where in it.
func ParseGameStats(data []byte) ([]GameStats, error) {
	lines, err := jsonLines(data)
	if err != nil {
		return nil, err
	}
	var out []GameStats
	for i, l := range lines {
		var tree any
		if path, reason := jsontree.DecodeAt(l, &tree, "a JSON object", "line's object"); reason != "" {
			if path != "$" {
				reason = path + ": " + reason
			}
			return nil, fmt.Errorf("line %d: %s", i+1, reason)
		}
		if _, ok := tree.(map[string]any); !ok {
			return nil, fmt.Errorf("line %d: expected a JSON object, got %s", i+1, jsontree.Kind(tree))
		}
		var gs GameStats
		dec := json.NewDecoder(bytes.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&gs); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Field != "" {
				return nil, fmt.Errorf("line %d: $.%s: expected %s, got a JSON %s", i+1, te.Field, te.Type, te.Value)
			}
			return nil, fmt.Errorf("line %d: %s", i+1, strings.TrimPrefix(err.Error(), "json: "))
		}
		if err := gs.Check(); err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		out = append(out, gs)
	}
	return out, nil
}

// Check reports the first thing in gs that does not hold together, at its
// JSON path: an unknown role or policy, a hash that is not one, seat
// counts out of order or out of range, more wins, ties, capped or aborted
// games than games, a histogram whose counts are not the batch's games or
// whose buckets are not vm.Dist's, an unknown effect type.
func (gs *GameStats) Check() error {
	bad := func(path, format string, args ...any) error {
		return genome.Problem{Path: path, Reason: fmt.Sprintf(format, args...)}
	}
	switch gs.Role {
	case RoleWinner, RoleStart, RoleGame:
	default:
		return bad("$.role", "unknown role %q (want %s, %s or %s)", gs.Role, RoleWinner, RoleStart, RoleGame)
	}
	if h, err := hex.DecodeString(gs.Hash); err != nil || len(h) != len(genome.Hash{}) {
		return bad("$.hash", "%q is not a genome hash (%d hex digits)", gs.Hash, 2*len(genome.Hash{}))
	}
	if gs.Games < 1 || gs.ImpactGames < 0 {
		return bad("$.games", "%d games per batch and %d per impact: want at least 1 and 0", gs.Games, gs.ImpactGames)
	}
	if len(gs.Seats) == 0 {
		return bad("$.seats", "no seat counts")
	}
	for i, ss := range gs.Seats {
		at := fmt.Sprintf("$.seats[%d]", i)
		if ss.Seats < 1 || ss.Seats > vm.MaxSeats || (i > 0 && ss.Seats <= gs.Seats[i-1].Seats) {
			return bad(at+".seats", "seat count %d: want increasing seat counts from 1 to %d", ss.Seats, vm.MaxSeats)
		}
		if len(ss.Play) == 0 {
			return bad(at+".play", "no batches")
		}
		for j := range ss.Play {
			if err := ss.Play[j].check(fmt.Sprintf("%s.play[%d]", at, j), ss.Seats); err != nil {
				return err
			}
		}
	}
	for i, e := range gs.Effects {
		for j, im := range e.Seats {
			if im.Seats < 1 || im.Seats > vm.MaxSeats {
				return bad(fmt.Sprintf("$.effects[%d].seats[%d].seats", i, j), "seat count %d out of 1..%d", im.Seats, vm.MaxSeats)
			}
		}
	}
	if l := gs.Ladder; l != nil {
		if len(l.Rungs) == 0 {
			return bad("$.ladder.rungs", "a ladder without rungs")
		}
		for i, r := range l.Rungs {
			if r.Wins > r.Games || !(r.CI95[0] <= r.WinRate && r.WinRate <= r.CI95[1]) {
				return bad(fmt.Sprintf("$.ladder.rungs[%d]", i), "%d wins of %d games, win rate %v outside its interval %v", r.Wins, r.Games, r.WinRate, r.CI95)
			}
		}
	}
	return nil
}

func (ps *PlayStats) check(at string, seats int) error {
	bad := func(path, format string, args ...any) error {
		return genome.Problem{Path: at + path, Reason: fmt.Sprintf(format, args...)}
	}
	if _, ok := vm.ParsePolicy(ps.Policy); !ok {
		return bad(".policy", "unknown policy %q", ps.Policy)
	}
	if ps.Games == 0 {
		return bad(".games", "a batch of no games")
	}
	if len(ps.Wins) != seats {
		return bad(".wins", "%d seats' wins at %d seats", len(ps.Wins), seats)
	}
	for s, w := range ps.Wins {
		if w > ps.Games {
			return bad(fmt.Sprintf(".wins[%d]", s), "%d wins in %d games", w, ps.Games)
		}
	}
	if ps.Ties > ps.Games || ps.Capped > ps.Games || ps.Aborted > ps.Games || ps.Ties+ps.Capped+ps.Aborted > ps.Games {
		return bad("", "%d ties, %d capped and %d aborted of %d games", ps.Ties, ps.Capped, ps.Aborted, ps.Games)
	}
	for _, h := range []struct {
		name string
		h    *Hist
	}{{".turns", &ps.Turns}, {".decisions", &ps.Decisions}, {".plays", &ps.Plays}} {
		if err := h.h.check(at+h.name, ps.Games); err != nil {
			return err
		}
	}
	for i, e := range ps.Effects {
		var t cardrules.EffectType
		if err := t.UnmarshalText([]byte(e.Type)); err != nil || e.Count == 0 {
			return bad(fmt.Sprintf(".effects[%d]", i), "effect type %q fired %d times: want a known type that fired", e.Type, e.Count)
		}
	}
	return nil
}

func (h *Hist) check(at string, games uint64) error {
	var n uint64
	for i, b := range h.Buckets {
		if vm.BucketLow(vm.Bucket(b.Low)) != b.Low || (i > 0 && b.Low <= h.Buckets[i-1].Low) || b.Count == 0 || b.Low > h.Max {
			return genome.Problem{Path: fmt.Sprintf("%s.buckets[%d]", at, i), Reason: fmt.Sprintf("bucket from %d of %d values: want non-empty buckets of vm.Dist in increasing order, none above the maximum %d", b.Low, b.Count, h.Max)}
		}
		n += b.Count
	}
	if n != games {
		return genome.Problem{Path: at + ".buckets", Reason: fmt.Sprintf("%d values for %d games", n, games)}
	}
	return nil
}
