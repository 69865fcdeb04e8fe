package reference

import (
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// trickPhase: s leads and the other active seats holding cards follow one
// at a time in the current play direction; the highest trump, else the
// highest card of the led suit, takes the trick, scores it (with its
// bonus; the trick counts among the deal's tricks it won) and moves next;
// then the effects of duration trick end. A seat none of whose cards its
// active locks and bans and the predicates allow, or whose allowed cards a
// gate all holds back, plays nothing; when the leader plays nothing, the
// next seat to play a card leads (by the lead predicates) and the seats
// that passed have had their chance.
func (m *game) trickPhase(s int, p *genome.Phase) {
	type played struct {
		seat int
		card genome.Card
	}
	var trick []played
	var led genome.Card
	had := make([]bool, m.n)
	t := s
	for t >= 0 {
		had[t] = true
		var options []genome.Card
		if len(trick) == 0 {
			// The last card played is the top card; its suit (or the
			// suit named after it) the active suit. Trick cards do
			// not change the discard pile's active suit.
			options = m.legalCards(t, p.Lead, p.LeadPrefer, m.last, m.lastSuit)
		} else {
			options = m.legalCards(t, p.Legal, p.Prefer, int(led), led.Suit())
		}
		// A card a gate holds back is not an option; trick cards do
		// not land on the discard pile.
		options = m.ungated(t, options, false)
		if len(options) > 0 {
			// One option per face; the lowest id of it is played.
			fs := faces(options)
			c := m.held(t, fs[m.decide(t, len(fs))])
			m.remove(t, c)
			if len(trick) == 0 {
				led = c
			}
			trick = append(trick, played{t, c})
			m.markPlayed(t, c)
			m.firePlayed(t, c, false)
		}
		// The next active seat in the current direction that has not
		// yet had its chance (a seat holding no cards has it and plays
		// nothing); while the skip count is positive, that seat misses
		// this trick instead.
		for {
			next := -1
			for i, x := 1, t; i <= m.n; i++ {
				x = ((x+m.dir)%m.n + m.n) % m.n
				if m.active[x] && !had[x] {
					next = x
					break
				}
			}
			t = next
			if t < 0 || m.skip == 0 {
				break
			}
			had[t] = true
			m.skip--
			m.res.Interactions++
		}
	}
	if len(trick) == 0 {
		m.endTrick()
		m.endCheck()
		return
	}
	trump := -1
	switch p.Trump {
	case cardrules.TrumpNone:
	case cardrules.TrumpLastDealt:
		trump = m.trump
	default:
		trump = int(p.Trump) - int(cardrules.TrumpClubs)
	}
	win := 0
	hasTrump := false
	for i, x := range trick {
		if trump >= 0 && int(x.card.Suit()) == trump {
			if !hasTrump || m.higher(x.card, trick[win].card) {
				win = i
			}
			hasTrump = true
		}
	}
	if !hasTrump {
		for i, x := range trick {
			if x.card.Suit() == led.Suit() && m.higher(x.card, trick[win].card) {
				win = i
			}
		}
	}
	w := trick[win].seat
	pts := m.g.Score.Trick
	for _, x := range trick {
		m.gone = append(m.gone, x.card)
		for _, r := range m.g.Score.Cards {
			if matches(r.Match, x.card) {
				pts += r.Points
			}
		}
	}
	m.score[w] += pts + m.bonus(w)
	m.tricks[w]++
	for _, x := range trick {
		m.won[w] = append(m.won[w], x.card)
	}
	m.emit(Event{Kind: EvTake, Seat: w, N: len(trick)})
	m.happen(cardrules.TrickWon, w, trick[win].card)
	if len(trick) > 1 {
		m.res.Interactions++
	}
	// The winner moves next; any skip count left is dropped when the move
	// passes to it at the end of the turn (a later phase of this turn
	// still sees it).
	m.next = w
	m.endTrick()
	m.endCheck()
}

// matches reports whether card c is one that scoring rule m names: a
// rank, a suit or one face (either copy of it, with two packs).
func matches(m genome.Match, c genome.Card) bool {
	switch m.Kind {
	case cardrules.MatchRank:
		return int(c.Rank()) == int(m.Value)
	case cardrules.MatchSuit:
		return int(c.Suit()) == int(m.Value)
	}
	return int(c.Face()) == int(m.Value)
}
