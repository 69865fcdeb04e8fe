package vm

import (
	"math/bits"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// greedy is the Greedy policy: a one-ply heuristic over seat s's own view
// (its hand, the public table and rules, what asks made public). It returns
// the index of the option it prefers among the n options of decide, or -1
// when nothing it may see tells them apart (a blind take).
func (m *Machine) greedy(s int, kind DecisionKind, n int, set uint64) int {
	switch kind {
	case DecideCard:
		switch m.ph.op {
		case bytecode.OpTrick:
			return index(set, m.greedyTrick(s, m.ph, set))
		case bytecode.OpTableau:
			return index(set, m.greedyTableau(s, set))
		case bytecode.OpClimb:
			return index(set, m.greedyClimb(s, set))
		case bytecode.OpCapture:
			return index(set, m.greedyCapture(set))
		case bytecode.OpClaim:
			return index(set, m.greedyClaimCard(s, set))
		case bytecode.OpMeld:
			return index(set, m.greedyMeldDiscard(s, set))
		}
		// A card when it has one; else it draws rather than pass.
		if cards := set &^ (1<<OptDraw | 1<<OptPass); cards != 0 {
			return index(set, m.greedyCard(s, cards))
		}
		return 0
	case DecideDiscard:
		return index(set, m.p.greedyDiscard(set))
	case DecideSuit:
		return m.greedySuit(s, n)
	case DecideOpponent:
		return m.greedyAsk(s, n, -1)
	case DecideRank:
		return m.greedyAsk(s, n, m.asked)
	case DecideTarget:
		return m.greedyTarget(n)
	case DecideCapture:
		// The highest value it can take.
		best, bv := uint8(0), -1
		for x := set; x != 0; x &= x - 1 {
			if f := uint8(bits.TrailingZeros64(x)); int(m.p.cval[f]) > bv {
				best, bv = f, int(m.p.cval[f])
			}
		}
		return index(set, best)
	case DecideClaim:
		return index(set, m.greedyClaim(s, set))
	case DecideClaimCard:
		// Its next card of the rank claimed, else done.
		if more := set & rankSet[m.claimRank]; more != 0 {
			return index(set, uint8(bits.TrailingZeros64(more)))
		}
		return n - 1
	case DecideChallenge:
		return m.greedyChallenge(s)
	case DecideDraw:
		return m.greedyMeldDraw(s)
	case DecideMeld, DecideMeldCard, DecideLayOff:
		// Lay every card it can, lowest first: the done option is last.
		return 0
	case DecideKnock:
		return 1
	case DecideBid:
		return index(set, m.greedyBid(s, set))
	case DecideBet:
		return index(set, uint8(m.greedyBet(s, set)))
	case DecideExchange:
		return index(set, m.greedyExchange(s))
	case DecideHit:
		return m.greedyHit(s)
	case DecideClimb:
		// Its lowest card of the rank, never done (see greedyClimb).
		return 0
	case DecidePass:
		return index(set, uint8(bits.TrailingZeros64(m.p.best(pair{set}, 1)[0])))
	case DecideRespond:
		// Its lowest answering card when the link hits it, else it
		// lets the chain be (the pass comes last).
		if int(m.chain[m.chainN-1].hits) == s {
			return 0
		}
		return n - 1
	}
	return -1
}

// greedyCard scores each legal card from seat s's own view: effects that
// hinder opponents first, then keeping suit-naming cards for later, then
// the suit it holds most of, then the highest rank.
func (m *Machine) greedyCard(s int, legal uint64) uint8 {
	var bestC uint8
	best := -1 << 30
	for x := legal; x != 0; x &= x - 1 {
		c := uint8(bits.TrailingZeros64(x))
		r := rankOf[c]
		score := int(m.p.harm[c]) * 64
		if m.p.wild&(1<<r) != 0 {
			score -= 32
		}
		score += m.countOf(s, suitMask(suitOf[c])) * 2
		score += int(m.p.rv[c]) / 7
		if score > best {
			best, bestC = score, c
		}
	}
	return bestC
}

// greedyDiscard sheds the highest rank, lowest suit first: low cards are
// easier to match later.
func (p *Program) greedyDiscard(h uint64) uint8 {
	best, bestR := uint8(0), -1
	for x := h; x != 0; x &= x - 1 {
		c := uint8(bits.TrailingZeros64(x))
		if int(p.rv[c]) > bestR {
			best, bestR = c, int(p.rv[c])
		}
	}
	return best
}

// greedySuit names the suit, among the n in m.opts, that seat s holds most
// of (the first on ties).
func (m *Machine) greedySuit(s, n int) int {
	best, bestN := 0, -1
	for i, su := range m.opts[:n] {
		if k := m.countOf(s, suitMask(su)); k > bestN {
			best, bestN = i, k
		}
	}
	return best
}

// greedyAsk chooses an ask from public knowledge only: prefer a rank the
// opponent is known to hold, never one it is known not to hold, then the
// rank the seat holds most of, then the opponent with most cards. Asked at
// the opponent decision (opp < 0, m.opts the opponents) it returns the
// opponent of the best (opponent, rank) pair; at the rank decision (m.opts
// the ranks held) the best rank for opponent opp, which is the rank of the
// same best pair.
func (m *Machine) greedyAsk(s, n, opp int) int {
	score := func(o int, r uint8) int {
		v := m.countOf(s, rankSet[r])*4 + int(m.count[o])
		if m.knownHas[o]&(1<<r) != 0 {
			v += 100
		}
		if m.denied[o]&(1<<r) != 0 {
			v -= 100
		}
		return v
	}
	best, bestK := -1<<30, 0
	if opp >= 0 {
		for k, r := range m.opts[:n] {
			if v := score(opp, r); v > best {
				best, bestK = v, k
			}
		}
		return bestK
	}
	for k, o := range m.opts[:n] {
		for r := range uint8(numRanks) {
			if m.held(s)&rankSet[r] == 0 {
				continue
			}
			if v := score(int(o), r); v > best {
				best, bestK = v, k
			}
		}
	}
	return bestK
}

// greedyTrick picks a trick card from the seat's own view and the public
// table: when taking tricks pays (the game ranks by high score), it plays
// the lowest card that would win, else its lowest card; when taking tricks
// costs, it plays the highest card that would not win, else its lowest.
func (m *Machine) greedyTrick(s int, ph *phase, legal uint64) uint8 {
	want := m.p.rankBy == cardrules.RankScoreHigh
	if m.p.contract {
		// Tricks while its side's contract is not made, and never on a
		// nil bid.
		bid, won := m.contractOf(m.side(s))
		want = m.bids[s] > 0 && won < bid
	}
	var low, winLow, loseHigh int = -1, -1, -1
	for x := legal; x != 0; x &= x - 1 {
		c := uint8(bits.TrailingZeros64(x))
		if low < 0 || m.p.rv[c] < m.p.rv[low] {
			low = int(c)
		}
		wins := true
		if m.tableN > 0 {
			m.table[m.tableN] = c
			m.tableN++
			wins = m.trickWinner(ph) == m.tableN-1
			m.tableN--
		}
		if wins && (winLow < 0 || m.p.rv[c] < m.p.rv[winLow]) {
			winLow = int(c)
		}
		if !wins && (loseHigh < 0 || m.p.rv[c] > m.p.rv[loseHigh]) {
			loseHigh = int(c)
		}
	}
	switch {
	case want && winLow >= 0:
		return uint8(winLow)
	case !want && loseHigh >= 0:
		return uint8(loseHigh)
	}
	return uint8(low)
}
