package bytecode

import "github.com/darwinsim/darwinsim/internal/cardrules"

// readChips reads the END section's chips, after its conditions: the
// stake u16 (1..MaxStake), then the ante, pass and per-card payments u8
// (0..MaxChipPayment, not all 0 without betting). Chips are the only score, and rank the
// seats, most first.
func readChips(r *reader, im *Image, rankAt int) {
	at := r.off
	im.At.Chips = at
	c := Chips{Stake: r.u16(), Ante: r.u8(), Pass: r.u8(), PerCard: r.u8()}
	im.Chips = c
	if r.truncated {
		return
	}
	if c.Stake < 1 || c.Stake > cardrules.MaxStake {
		r.fail(at, "chips' stake %d, want 1..%d", c.Stake, cardrules.MaxStake)
	}
	for i, v := range []int{c.Ante, c.Pass, c.PerCard} {
		if v > cardrules.MaxChipPayment {
			r.fail(at+2+i, "chips' payment %d above %d", v, cardrules.MaxChipPayment)
		}
	}
	if im.ScoreTrick != 0 || im.ScoreMeld != 0 || im.ScoreSweep != 0 || len(im.ScoreRules) != 0 || len(im.Match.Hand) != 0 || len(im.Match.Finish) != 0 {
		r.fail(at, "chips and other scores: with chips, the scores are the chips")
	}
	if im.Rank != cardrules.RankScoreHigh {
		r.fail(rankAt, "chips rank the seats, most first (ranking 2), not ranking %d", im.Rank)
	}
}
