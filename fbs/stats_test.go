package fbs

import (
	"reflect"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/vm"
)

// Tests of the Stats fields appended after the first layout: draws,
// passes and blocked (bytecode format version 3), then fizzled, then
// responses and cancelled (bytecode format version 4), then captures
// (bytecode format version 10).

// Draws, passes, blocked games, fizzled effects, responses, cancelled
// effects and captures of a real batch survive a round trip beside every
// other field.
func TestStatsAppendedFieldsRoundTrip(t *testing.T) {
	noRecover(t)
	for i, st := range batchStats(t) {
		c := *st
		c.Draws, c.Passes, c.Blocked = 1<<40+uint64(i), 77+uint64(i), c.Games/2
		c.Fizzled = 1<<33 + 5*uint64(i)
		c.Responses, c.Cancelled = 1<<35+3*uint64(i), 11+uint64(i)
		c.Captures = 1<<37 + 7*uint64(i)
		got := roundTripStats(t, 5, int(c.Games), &c)
		if got.Draws != c.Draws || got.Passes != c.Passes || got.Blocked != c.Blocked || got.Fizzled != c.Fizzled {
			t.Errorf("batch %d: draws %d passes %d blocked %d fizzled %d, want %d %d %d %d",
				i, got.Draws, got.Passes, got.Blocked, got.Fizzled, c.Draws, c.Passes, c.Blocked, c.Fizzled)
		}
		if got.Responses != c.Responses || got.Cancelled != c.Cancelled {
			t.Errorf("batch %d: responses %d cancelled %d, want %d %d", i, got.Responses, got.Cancelled, c.Responses, c.Cancelled)
		}
		if got.Captures != c.Captures {
			t.Errorf("batch %d: captures %d, want %d", i, got.Captures, c.Captures)
		}
		if d := diffStats(got, &c); len(d) > 0 {
			t.Errorf("batch %d: stats differ: %v", i, d)
		}
	}
}

// buildStatsLayout writes st as an older writer did: a Stats table of its
// first n fields (n of the st* slots), with no slot for the later ones.
func buildStatsLayout(b *flatbuffers.Builder, st *vm.Stats, n int) flatbuffers.UOffsetT {
	wins := ulongs(b, st.Wins[:])
	effects := ulongs(b, st.Effects[:])
	turns := buildDist(b, &st.Turns)
	decisions := buildDist(b, &st.Decisions)
	plays := buildDist(b, &st.Plays)
	adds := []func(){
		stGames:        func() { fb.StatsAddGames(b, st.Games) },
		stSeats:        func() { fb.StatsAddSeats(b, byte(st.Seats)) },
		stWins:         func() { fb.StatsAddWins(b, wins) },
		stTies:         func() { fb.StatsAddTies(b, st.Ties) },
		stCapped:       func() { fb.StatsAddCapped(b, st.Capped) },
		stAborted:      func() { fb.StatsAddAborted(b, st.Aborted) },
		stTurns:        func() { fb.StatsAddTurns(b, turns) },
		stDecisions:    func() { fb.StatsAddDecisions(b, decisions) },
		stPlays:        func() { fb.StatsAddPlays(b, plays) },
		stOptions:      func() { fb.StatsAddOptions(b, st.Options) },
		stForced:       func() { fb.StatsAddForced(b, st.Forced) },
		stLeadChanges:  func() { fb.StatsAddLeadChanges(b, st.LeadChanges) },
		stInteractions: func() { fb.StatsAddInteractions(b, st.Interactions) },
		stEffects:      func() { fb.StatsAddEffects(b, effects) },
		stInformed:     func() { fb.StatsAddInformed(b, st.Informed) },
		stDraws:        func() { fb.StatsAddDraws(b, st.Draws) },
		stPasses:       func() { fb.StatsAddPasses(b, st.Passes) },
		stBlocked:      func() { fb.StatsAddBlocked(b, st.Blocked) },
		stFizzled:      func() { fb.StatsAddFizzled(b, st.Fizzled) },
		stResponses:    func() { fb.StatsAddResponses(b, st.Responses) },
		stCancelled:    func() { fb.StatsAddCancelled(b, st.Cancelled) },
		stCaptures:     func() { fb.StatsAddCaptures(b, st.Captures) },
	}
	b.StartObject(n)
	for _, add := range adds[:n] {
		add()
	}
	return b.EndObject()
}

// A Stats table of an older layout has no slot for the fields appended
// since: they read as 0, and every other field as written. Before format
// version 3 the table ended at informed; before fizzled, at blocked;
// before responses and cancelled, at fizzled; before captures, at
// cancelled; before deals, at captures (and deals read as one per game).
func TestStatsOlderLayoutsReadAsZero(t *testing.T) {
	noRecover(t)
	for _, layout := range []struct {
		name   string
		fields int // the slots the older writer had
	}{
		{"before format 3", stDraws},
		{"before fizzled", stFizzled},
		{"before responses", stResponses},
		{"before captures", stCaptures},
		{"before deals", stDeals},
	} {
		for i, st := range batchStats(t) {
			old := *st
			// Every field of the older layout set, so that a reader taking
			// a new field from an old slot would read something non-zero.
			old.Ties, old.Capped, old.Aborted, old.Informed = 1, 2, 3, 4
			old.Draws, old.Passes, old.Blocked, old.Fizzled = 5, 6, 7, 8
			old.Responses, old.Cancelled, old.Captures = 9, 10, 0
			old.Deals = old.Games // no deals slot: one deal per game
			if layout.fields > stCaptures {
				old.Captures = 11
			}
			if layout.fields <= stResponses {
				old.Responses, old.Cancelled = 0, 0
			}
			if layout.fields <= stFizzled {
				old.Fizzled = 0
			}
			if layout.fields <= stDraws {
				old.Draws, old.Passes, old.Blocked = 0, 0, 0
			}
			b := flatbuffers.NewBuilder(1024)
			so := buildStatsLayout(b, &old, layout.fields)
			fb.BatchResultStart(b)
			fb.BatchResultAddVersion(b, BatchResultVersion)
			fb.BatchResultAddSeed(b, 3)
			fb.BatchResultAddGames(b, old.Games)
			fb.BatchResultAddStats(b, so)
			fb.BatchResultAddFormatVersion(b, bytecode.FormatVersion)
			fb.BatchResultAddSemanticsVersion(b, bytecode.SemanticsVersion)
			b.FinishWithFileIdentifier(fb.BatchResultEnd(b), []byte(BatchResultIdentifier))
			buf := b.FinishedBytes()

			// The table really is of the older layout: its vtable ends at
			// its last field.
			tab := fb.GetRootAsBatchResult(buf, 0).Stats(nil).Table()
			vt := tab.Pos - flatbuffers.UOffsetT(tab.GetSOffsetT(tab.Pos))
			if size, want := tab.GetVOffsetT(vt), flatbuffers.VOffsetT(4+2*layout.fields); size != want {
				t.Fatalf("%s, batch %d: vtable of %d bytes, want %d (%d fields)", layout.name, i, size, want, layout.fields)
			}

			got, _, _, err := ReadBatchResult(buf)
			if err != nil {
				t.Fatalf("%s, batch %d: %v", layout.name, i, err)
			}
			if got.Captures != 0 && layout.fields <= stCaptures {
				t.Errorf("%s, batch %d: captures %d, want 0", layout.name, i, got.Captures)
			}
			if !reflect.DeepEqual(got, &old) {
				t.Errorf("%s, batch %d: stats differ: %v", layout.name, i, diffStats(got, &old))
			}
		}
	}
}
