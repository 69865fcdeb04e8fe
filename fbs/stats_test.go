package fbs

import (
	"reflect"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/fbs/darwinsim/fb"
	"github.com/darwinsim/darwinsim/vm"
)

// Tests of the Stats fields added with bytecode format version 3: draws,
// passes and blocked.

// Draws, passes and blocked games of a real batch survive a round trip
// beside every other field.
func TestStatsDrawsPassesBlockedRoundTrip(t *testing.T) {
	noRecover(t)
	for i, st := range batchStats(t) {
		c := *st
		c.Draws, c.Passes, c.Blocked = 1<<40+uint64(i), 77+uint64(i), c.Games/2
		got := roundTripStats(t, 5, int(c.Games), &c)
		if got.Draws != c.Draws || got.Passes != c.Passes || got.Blocked != c.Blocked {
			t.Errorf("batch %d: draws %d passes %d blocked %d, want %d %d %d", i, got.Draws, got.Passes, got.Blocked, c.Draws, c.Passes, c.Blocked)
		}
		if d := diffStats(got, &c); len(d) > 0 {
			t.Errorf("batch %d: stats differ: %v", i, d)
		}
	}
}

// buildStatsBefore3 writes st as a writer did before bytecode format
// version 3: a Stats table of the fields up to informed, with no slot for
// draws, passes or blocked.
func buildStatsBefore3(b *flatbuffers.Builder, st *vm.Stats) flatbuffers.UOffsetT {
	wins := ulongs(b, st.Wins[:])
	effects := ulongs(b, st.Effects[:])
	turns := buildDist(b, &st.Turns)
	decisions := buildDist(b, &st.Decisions)
	plays := buildDist(b, &st.Plays)
	b.StartObject(stDraws) // the fields before draws
	fb.StatsAddGames(b, st.Games)
	fb.StatsAddSeats(b, byte(st.Seats))
	fb.StatsAddWins(b, wins)
	fb.StatsAddTies(b, st.Ties)
	fb.StatsAddCapped(b, st.Capped)
	fb.StatsAddAborted(b, st.Aborted)
	fb.StatsAddTurns(b, turns)
	fb.StatsAddDecisions(b, decisions)
	fb.StatsAddPlays(b, plays)
	fb.StatsAddOptions(b, st.Options)
	fb.StatsAddForced(b, st.Forced)
	fb.StatsAddLeadChanges(b, st.LeadChanges)
	fb.StatsAddInteractions(b, st.Interactions)
	fb.StatsAddEffects(b, effects)
	fb.StatsAddInformed(b, st.Informed)
	return b.EndObject()
}

// A Stats table from before format version 3 has no draws, passes or
// blocked: they read as 0, and every other field as written.
func TestStatsBefore3ReadsAsZero(t *testing.T) {
	noRecover(t)
	for i, st := range batchStats(t) {
		old := *st
		old.Draws, old.Passes, old.Blocked = 0, 0, 0
		// Every field of the older layout set, so that a reader taking a
		// new field from an old slot would read something non-zero.
		old.Ties, old.Capped, old.Aborted, old.Informed = 1, 2, 3, 4
		b := flatbuffers.NewBuilder(1024)
		so := buildStatsBefore3(b, &old)
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
		// informed.
		tab := fb.GetRootAsBatchResult(buf, 0).Stats(nil).Table()
		vt := tab.Pos - flatbuffers.UOffsetT(tab.GetSOffsetT(tab.Pos))
		if size, want := tab.GetVOffsetT(vt), flatbuffers.VOffsetT(4+2*stDraws); size != want {
			t.Fatalf("batch %d: vtable of %d bytes, want %d (%d fields)", i, size, want, stDraws)
		}

		got, _, _, err := ReadBatchResult(buf)
		if err != nil {
			t.Fatalf("batch %d: %v", i, err)
		}
		if got.Draws != 0 || got.Passes != 0 || got.Blocked != 0 {
			t.Errorf("batch %d: draws %d passes %d blocked %d, want 0", i, got.Draws, got.Passes, got.Blocked)
		}
		if !reflect.DeepEqual(got, &old) {
			t.Errorf("batch %d: stats differ: %v", i, diffStats(got, &old))
		}
	}
}
