package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
)

// ---- capture by sum ----

// captureValue is card c's capture value: its rank's place among the
// deck's ranks (all 13 when the deck names none; each once, though listed
// twice) in the deck's order,
// counting from 1; a joker's is the number of the deck's ranks, the
// joker's own included (it is above every rank).
func (m *game) captureValue(c genome.Card) int {
	ranks := m.g.Deck.Ranks
	if len(ranks) == 0 {
		for r := genome.Rank(0); r < 13; r++ {
			ranks = append(ranks, r)
		}
	}
	v := 1
	for i, r := range ranks {
		// (A rank listed twice is one rank of the deck.)
		if !slices.Contains(ranks[:i], r) && place(m.g.Deck.Order, r) < place(m.g.Deck.Order, c.Rank()) {
			v++
		}
	}
	return v
}

// capturePhase: seat s plays one card and captures with it by sum.
//
//  1. Its cards are its hand less the cards its locks and bans forbid, the
//     lead card alone while it must play it, less the cards a gate holds
//     back now (the card lands on no discard pile), as in a tableau phase.
//     With none it passes without a decision (N 0).
//  2. It decides among their faces, ascending; the lowest id of the face
//     leaves its hand. Let v be its capture value.
//  3. While some set of layout cards sums to what v still lacks and holds
//     a card not chosen yet, the seat chooses one: its options are the
//     faces (each once, ascending) of the layout cards that belong to such
//     a set, with equal_first only the faces of value v while the layout
//     holds one and nothing is chosen. The lowest id of the face leaves the
//     layout for the seat's won pile (out of play, its score.cards points
//     scored): EvCollect, N 0. The choice ends when the chosen cards sum
//     to v; with no capture at all it makes none.
//  4. A capture makes the seat the deal's last capturer; one that empties
//     the layout is a sweep (EvSweep, score.sweep points, when it has
//     any) unless every hand and the stock are empty. The card played then follows the
//     captured cards to the won pile (its points scored, no event); a card
//     that captured nothing joins the layout (EvLayout, Seat s).
//  5. It is played (EvPlay, the play count, the suits played, the last
//     card, the lead card), its effects resolve with no response window,
//     and the end conditions are checked.
func (m *game) capturePhase(s int, p *genome.Phase) {
	var cards []genome.Card
	if s == m.leadHolder && slices.Contains(m.hands[s], *m.g.LeadCard) {
		cards = []genome.Card{*m.g.LeadCard}
	} else {
		cards = m.unforbidden(s, m.hands[s])
	}
	opts := faces(m.ungated(s, cards, false))
	if len(opts) == 0 {
		m.pass(s, 0)
		return
	}
	c := m.held(s, opts[m.decide(s, len(opts))])
	m.remove(s, c)
	v := m.captureValue(c)
	captured := false
	for need := v; need > 0; {
		var from []genome.Card // the layout cards the capture may take
		if p.EqualFirst && !captured && slices.ContainsFunc(m.layout, func(x genome.Card) bool { return m.captureValue(x) == v }) {
			for _, x := range m.layout {
				if m.captureValue(x) == v {
					from = append(from, x)
				}
			}
		} else {
			for i, x := range m.layout {
				rest := slices.Delete(slices.Clone(m.layout), i, i+1)
				if w := m.captureValue(x); w <= need && m.sums(rest, need-w) {
					from = append(from, x)
				}
			}
		}
		if len(from) == 0 {
			break // no capture (only ever before the first card chosen)
		}
		f := faces(from)
		x := lowestOf(m.layout, f[m.decide(s, len(f))])
		m.layout = slices.DeleteFunc(m.layout, func(y genome.Card) bool { return y == x })
		m.win(s, x)
		m.emit(Event{Kind: EvCollect, Seat: s, Card: int(x)})
		need -= m.captureValue(x)
		captured = true
	}
	if captured {
		m.capturer = s
		// (A sweep worth no points is no event: the VM's reading.)
		if len(m.layout) == 0 && !m.nothingLeft() && m.g.Score.Sweep > 0 {
			m.score[s] += m.g.Score.Sweep
			m.emit(Event{Kind: EvSweep, Seat: s, N: m.g.Score.Sweep})
		}
		m.win(s, c)
	} else {
		m.layout = append(m.layout, c)
		m.emit(Event{Kind: EvLayout, Seat: s, Card: int(c)})
	}
	m.passesInRow = 0
	m.markPlayed(s, c)
	m.firePlayed(s, c, false)
	if !m.over {
		m.endCheck()
	}
}

// sums reports whether some set of the cards cs (none: the empty set) has
// capture values summing to k.
func (m *game) sums(cs []genome.Card, k int) bool {
	reach := map[int]bool{0: true}
	for _, c := range cs {
		w := m.captureValue(c)
		for t := k; t >= w; t-- {
			if reach[t-w] {
				reach[t] = true
			}
		}
	}
	return reach[k]
}

// win puts card c, captured or gathered by seat s, out of play into its
// won pile, scoring its score.cards points.
func (m *game) win(s int, c genome.Card) {
	m.gone = append(m.gone, c)
	m.won[s] = append(m.won[s], c)
	for _, r := range m.g.Score.Cards {
		if matches(r.Match, c) {
			m.score[s] += r.Points
		}
	}
}

// nothingLeft reports whether no card is left to play in the deal: every
// hand and the stock are empty.
func (m *game) nothingLeft() bool { return m.handsEmpty() && len(m.stock) == 0 }

// gatherLayout gives the cards left on the layout as a deal ends to the
// seat that captured last in it, in ascending id order (EvCollect, N 1),
// scoring their points; with no capture in the deal they stay.
func (m *game) gatherLayout() {
	if m.capturer < 0 {
		return
	}
	slices.Sort(m.layout)
	for _, c := range m.layout {
		m.win(m.capturer, c)
		m.emit(Event{Kind: EvCollect, Seat: m.capturer, Card: int(c), N: 1})
	}
	m.layout = nil
}
