package reference

import (
	"fmt"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// ---- decisions ----

// decide asks seat s's policy (random) to choose among n options it can
// tell apart.
func (m *game) decide(s, n int) int { return m.choose(s, n, true) }

// decideBlind is decide among n options the seat cannot tell apart (the
// positions of an opponent's face-down cards).
func (m *game) decideBlind(s, n int) int { return m.choose(s, n, false) }

func (m *game) choose(s, n int, informed bool) int {
	if n < 1 {
		panic("reference: a decision without options")
	}
	m.res.Decisions++
	m.res.Options += n
	i := 0
	if n == 1 {
		m.res.Forced++
	} else {
		if len(m.picks) > 0 {
			i, m.picks = m.picks[0], m.picks[1:]
			if i >= n {
				panic(fmt.Sprintf("reference: pick %d of %d options", i, n))
			}
		} else {
			i = m.src.IntN(n)
		}
		if informed {
			m.res.Informed++
		}
	}
	m.emit(Event{Kind: EvDecision, Seat: s, Options: n, Choice: i, Blind: !informed})
	return i
}

// ---- seats ----

// step moves k active seats from seat from in direction dir (from itself
// may be out).
func (m *game) step(from, dir, k int) int {
	s := from
	for range k {
		for {
			s = ((s+dir)%m.n + m.n) % m.n
			if m.active[s] {
				break
			}
		}
	}
	return s
}

// opponents lists the active seats other than s in play order from the
// next seat.
func (m *game) opponents(s int) []int {
	var out []int
	for i := 1; i < m.n; i++ {
		t := ((s+m.dir*i)%m.n + m.n) % m.n
		if m.active[t] {
			out = append(out, t)
		}
	}
	return out
}

// ---- the turn ----

func (m *game) turn() {
	m.res.Turns++
	s := m.cur
	startDir := m.dir
	m.emit(Event{Kind: EvTurn, Seat: s, N: m.res.Turns})
	// The move has come to s: the effects it started until its turn end,
	// the rules' groups and the active effects are shown, and the delayed
	// effects waiting for its turn resolve on it.
	m.endSourceTurn(s)
	m.showRules()
	m.showActive()
	m.resolveTargetTurn(s)
	m.next, m.again = -1, false
	for i := range m.g.Turn {
		// A seat that goes out during its own turn ends that turn.
		if m.over || !m.active[s] {
			break
		}
		p := &m.g.Turn[i]
		switch p.Kind {
		case cardrules.PhasePlay:
			m.playPhase(s, p)
		case cardrules.PhaseBattle:
			m.battlePhase(s, p)
		case cardrules.PhaseDraw:
			m.drawPhase(s, p)
		case cardrules.PhaseTrick:
			m.trickPhase(s, p)
		case cardrules.PhaseTake:
			m.takePhase(s, p)
		case cardrules.PhaseAsk:
			m.askPhase(s, p)
		case cardrules.PhaseTableau:
			m.tableauPhase(s, p)
		case cardrules.PhaseTurnUp:
			m.turnUpPhase(s, p)
		case cardrules.PhaseClimb:
			m.climbPhase(s, p)
		case cardrules.PhaseCapture:
			m.capturePhase(s, p)
		case cardrules.PhaseClaim:
			m.claimPhase(s, p)
		case cardrules.PhaseMeld:
			m.meldPhase(s, p)
		}
		m.verify()
		// The events of the phase that effects wait for resolve now,
		// before the turn's advance.
		m.resolve()
	}
	// The delayed effects waiting for the turn's end resolve.
	if !m.over {
		m.resolveTurnEnd()
	}
	m.leadCheck()
	// The turn is completed: the effects whose last turn it was end
	// (even when the game is over), and the rules are recomputed.
	m.done = m.res.Turns
	m.endTurns()
	if m.over {
		return
	}
	m.rerule()
	// The move passes to the winner of the turn's last trick when it is
	// still in (any skip count left is dropped), else to the same seat
	// again when an ask said so, else 1 + skip count active seats on. (The
	// vm doc does not say where the move goes when the trick's winner
	// went out; the VM, and this reference, fall back to the ask's rule,
	// then to the plain advance.) Then it passes over every seat it
	// reaches that has lost its turn or misses its turns.
	plain := false
	switch {
	case m.next >= 0 && m.active[m.next]:
		m.cur = m.next
	case m.again && m.active[m.cur]:
	default:
		m.cur = m.step(m.cur, m.dir, 1+m.skip)
		plain = true
	}
	m.cur = m.passMove(m.cur)
	// Effects that change who moves next (a skip, an extra turn, a
	// reverse with three seats or more, a lost or missed turn) are an
	// interaction when the move advances.
	if plain && m.cur != m.step(s, startDir, 1) {
		m.res.Interactions++
	}
	m.skip = 0
}

// fewerIsBetter reports whether holding fewer cards is the better standing.
func (m *game) fewerIsBetter() bool {
	for _, c := range m.g.End.Conditions {
		if c.When == cardrules.EventHandEmpty {
			return c.Result == cardrules.ResultWin
		}
	}
	return true
}

// standing is seat s's standing key and whether a lower key is better: its
// card count (fewer better unless emptying the hand loses), or its score
// when the game ranks by score.
func (m *game) standing(s int) (key int, lowerBetter bool) {
	switch m.g.End.Rank {
	case cardrules.RankScoreLow:
		return m.score[s], true
	case cardrules.RankScoreHigh:
		return m.score[s], false
	}
	return len(m.hands[s]), m.fewerIsBetter()
}

// leadCheck runs after every turn: when one active seat alone has the best
// standing and it is not the seat that last led alone, the lead changes
// (the first sole leader of the game is not a change; a tie for the lead
// keeps the last sole leader).
func (m *game) leadCheck() {
	who, best, alone := -1, 0, false
	for s := range m.n {
		if !m.active[s] {
			continue
		}
		k, low := m.standing(s)
		switch {
		case who < 0 || (low && k < best) || (!low && k > best):
			who, best, alone = s, k, true
		case k == best:
			alone = false
		}
	}
	if !alone {
		return
	}
	if m.leader >= 0 && who != m.leader {
		m.res.LeadChanges++
	}
	m.leader = who
}
