package main

import (
	"encoding/json"
	"io"

	"github.com/darwinsim/darwinsim/evolve"
	"github.com/darwinsim/darwinsim/internal/cardrules"
	"github.com/darwinsim/darwinsim/vm"
)

// statsReport is simulate's --json document: the batch, a summary derived
// from its statistics, and the raw integer statistics.
type statsReport struct {
	Format int    `json:"format"`
	Game   string `json:"game"`
	Seed   uint64 `json:"seed"`
	Policy string `json:"policy"`
	evolve.Versions
	Summary summary    `json:"summary"`
	Stats   *jsonStats `json:"stats"`
}

// jsonStats is vm.Stats as --json writes it: snake_case keys, one win
// count per seat, the effects by type name, and each histogram as its
// buckets that hold a game.
type jsonStats vm.Stats

// statsKeys is the JSON form of jsonStats.
type statsKeys struct {
	Games        uint64            `json:"games"`
	Seats        int               `json:"seats"`
	Wins         []uint64          `json:"wins"`
	Ties         uint64            `json:"ties"`
	Capped       uint64            `json:"capped"`
	Aborted      uint64            `json:"aborted"`
	Blocked      uint64            `json:"blocked"`
	Turns        distKeys          `json:"turns"`
	Decisions    distKeys          `json:"decisions"`
	Plays        distKeys          `json:"plays"`
	Options      uint64            `json:"options"`
	Forced       uint64            `json:"forced"`
	Informed     uint64            `json:"informed"`
	LeadChanges  uint64            `json:"lead_changes"`
	Interactions uint64            `json:"interactions"`
	Draws        uint64            `json:"draws"`
	Passes       uint64            `json:"passes"`
	Fizzled      uint64            `json:"fizzled"`
	Responses    uint64            `json:"responses"`
	Cancelled    uint64            `json:"cancelled"`
	Effects      map[string]uint64 `json:"effects"`
	Captures     uint64            `json:"captures"`
	Deals        uint64            `json:"deals"`
}

// distKeys is a vm.Dist: its sum, its maximum and the histogram's buckets
// that hold a value, in order.
type distKeys struct {
	Sum       uint64       `json:"sum"`
	Max       uint64       `json:"max"`
	Histogram []bucketKeys `json:"histogram"`
}

// bucketKeys is one histogram bucket: the values from Low to High (both
// included; the last bucket's High is the maximum) and how many games had
// one of them.
type bucketKeys struct {
	Low   uint64 `json:"low"`
	High  uint64 `json:"high"`
	Count uint64 `json:"count"`
}

func (s *jsonStats) MarshalJSON() ([]byte, error) {
	st := (*vm.Stats)(s)
	k := statsKeys{
		Games: st.Games, Seats: st.Seats, Wins: append([]uint64{}, st.Wins[:st.Seats]...),
		Ties: st.Ties, Capped: st.Capped, Aborted: st.Aborted, Blocked: st.Blocked,
		Turns: distOfKeys(&st.Turns), Decisions: distOfKeys(&st.Decisions), Plays: distOfKeys(&st.Plays),
		Options: st.Options, Forced: st.Forced, Informed: st.Informed, LeadChanges: st.LeadChanges,
		Interactions: st.Interactions, Draws: st.Draws, Passes: st.Passes, Fizzled: st.Fizzled,
		Responses: st.Responses, Cancelled: st.Cancelled, Effects: map[string]uint64{},
		Captures: st.Captures, Deals: st.Deals,
	}
	for t := range cardrules.NumEffectTypes {
		k.Effects[t.String()] = st.Effects[t]
	}
	return json.Marshal(k)
}

func distOfKeys(d *vm.Dist) distKeys {
	k := distKeys{Sum: d.Sum, Max: d.Max, Histogram: []bucketKeys{}}
	for b, n := range d.Hist {
		if n == 0 {
			continue
		}
		high := d.Max
		if b+1 < vm.NumBuckets {
			high = min(vm.BucketLow(b+1)-1, d.Max)
		}
		k.Histogram = append(k.Histogram, bucketKeys{Low: vm.BucketLow(b), High: high, Count: n})
	}
	return k
}

func writeStatsJSON(w io.Writer, name string, seed uint64, policy string, st *vm.Stats) error {
	return writeJSON(w, statsReport{Format: jsonFormat, Game: name, Seed: seed, Policy: policy,
		Versions: evolve.CurrentVersions(), Summary: summarize(st), Stats: (*jsonStats)(st)})
}
