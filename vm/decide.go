package vm

import "math/bits"

// decided records one decision with n options.
func (m *Machine) decided(n int) {
	m.res.Decisions++
	m.res.Options += n
	forced := 0 // branch-free: whether a decision is forced is as random as the game
	if n == 1 {
		forced = 1
	}
	m.res.Forced += forced
	m.steps++
}

// decide is the one place where a seat's policy makes a decision. Seat s
// chooses among n >= 1 options of the given kind, in the canonical order of
// the package doc: the cards of set in ascending order when set is not 0,
// positions 0..n-1 for a blind choice, else m.opts[:n]. It records the
// decision and returns the index of the option chosen: the only one when n
// is 1; else the Greedy policy's choice, or one rng.IntN draw (the Random
// policy, and Greedy where nothing it may see tells the options apart), or
// the External seat's Player's.
func (m *Machine) decide(s int, kind DecisionKind, n int, set uint64) int {
	if m.resuming {
		// A copy has re-entered its paused decision, which the original
		// counted before the copy was made.
		m.resuming = false
	} else {
		m.decided(n)
		if n == 1 {
			return 0
		}
		if kind != DecideBlind {
			// Options the seat can tell apart: an informed decision.
			m.res.Informed++
		}
	}
	return m.choose(s, kind, n, set)
}

// choose is decide's choice by seat s's policy, once the decision is
// recorded.
func (m *Machine) choose(s int, kind DecisionKind, n int, set uint64) int {
	switch m.policy[s] {
	case Greedy:
		if k := m.greedy(s, kind, n, set); k >= 0 {
			return k
		}
	case External:
		switch {
		case set != 0:
			cardOptions(m.opts[:], set)
		case kind == DecideBlind:
			for i := range n {
				m.opts[i] = uint8(i)
			}
		}
		return m.external(s, kind, n)
	}
	return m.rng.IntN(n)
}

// chooseDiscard is seat t's decision of a card to discard (the faces of
// its hand). It is decided by t, even out of turn.
func (m *Machine) chooseDiscard(t int) uint8 {
	h := m.held(t)
	return nth(h, m.decide(t, DecideDiscard, bits.OnesCount64(h), h))
}

// chooseSuit is seat s's decision of the suit to name (the deck's suits in
// order).
func (m *Machine) chooseSuit(s int) uint8 {
	p := m.p
	if m.policy[s] != Random {
		// The options, for the policies that read them.
		copy(m.opts[:], p.suits[:p.nSuits])
	}
	return p.suits[m.decide(s, DecideSuit, p.nSuits, 0)]
}

// cardOptions lists the cards of set in ascending order into opts.
func cardOptions(opts []uint8, set uint64) int {
	n := 0
	for x := set; x != 0; x &= x - 1 {
		opts[n] = uint8(bits.TrailingZeros64(x))
		n++
	}
	return n
}

// nth returns the k-th card of set x in ascending order (k from 0).
func nth(x uint64, k int) uint8 {
	for range k {
		x &= x - 1
	}
	return uint8(bits.TrailingZeros64(x))
}

// index returns the position of card c among the cards of set x in
// ascending order.
func index(x uint64, c uint8) int { return bits.OnesCount64(x & (1<<c - 1)) }

func suitMask(s uint8) uint64 { return (1<<13 - 1) << (13 * uint64(s)) }
