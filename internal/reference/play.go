package reference

import (
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// playPhase: seat s plays one legal card onto the discard pile, or draws,
// or passes. It repeats until the seat plays a card or passes:
//
//  1. The legal cards are the hand's cards the phase allows (legalCards),
//     less the cards a gate holds back now (ungated); with play_drawn,
//     once the seat has drawn in this phase, only the cards of the face
//     it drew last remain among them. (legalCards has taken the cards the seat's
//     active locks and bans forbid out of its hand first.)
//  2. The seat can draw while it has drawn fewer than draw_max cards in
//     this phase (its draw limit, when lower) and a card can be drawn.
//  3. Drawing when stuck: with no legal card, the seat draws one card
//     without a decision when it can, and starts again.
//  4. The options, in canonical order: the faces of the legal cards
//     ascending (each once, even when the seat holds both copies), then
//     drawing (draw by_choice, when the seat can draw), then passing (as
//     the pass rule says).
//  5. With no option the seat passes without a decision; otherwise it
//     decides among the options: a face plays the lowest id of it the
//     seat holds, a draw draws one card and starts again, a pass passes.
func (m *game) playPhase(s int, p *genome.Phase) {
	drawn := 0
	var drew genome.Card // the card drawn last in this phase
	for {
		legal := m.ungated(s, m.legalCards(s, p.Legal, p.Prefer, m.topDiscard(), m.suit), true)
		if p.PlayDrawn && drawn > 0 {
			// Only the face drawn last remains (with two packs the
			// lowest id of it is played: a lead card its holder must
			// play first, though the copy drawn was the second).
			legal = slices.DeleteFunc(legal, func(c genome.Card) bool { return c.Face() != drew.Face() })
		}
		more := drawn < m.limitDraw(s, p.DrawMax) && m.canDraw()
		if p.Draw == cardrules.DrawWhenStuck && len(legal) == 0 && more {
			drew, _ = m.drawOne(s)
			drawn++
			continue
		}
		draw := p.Draw == cardrules.DrawByChoice && more
		pass := false
		switch p.Pass {
		case cardrules.PassAlways:
			pass = true
		case cardrules.PassAfterDraws:
			pass = !more
		case cardrules.PassEmptyStock:
			pass = !m.canDraw()
		}
		// The options name faces: a face held twice is one option, and
		// choosing it plays the lowest id of it the seat holds.
		opts := faces(legal)
		n := len(opts)
		if draw {
			n++
		}
		if pass {
			n++
		}
		if n == 0 {
			m.pass(s, 0)
			return
		}
		i := m.decide(s, n)
		switch {
		case i < len(opts):
			m.playCard(s, p, m.held(s, opts[i]))
			return
		case i == len(opts) && draw:
			drew, _ = m.drawOne(s)
			drawn++
		default:
			m.pass(s, 1)
			return
		}
	}
}

// playCard: seat s plays card c onto the discard pile. The card's suit
// becomes the active suit; with reshuffle_at_once an empty stock is
// refilled now that the card has landed; then the seat names a suit if the
// card's rank says so, the card's effects resolve (their targets may
// answer them in response windows) and the end conditions are checked,
// unless an answer has ended the game already.
func (m *game) playCard(s int, p *genome.Phase, c genome.Card) {
	m.remove(s, c)
	m.discard = append(m.discard, c)
	m.suit = c.Suit()
	m.passesInRow = 0
	m.refillAtOnce() // traced before the play, as the VM does
	m.markPlayed(s, c)
	if slices.Contains(p.NameSuit, c.Rank()) {
		m.suit = m.suits[m.decide(s, len(m.suits))]
		m.lastSuit = m.suit
		m.emit(Event{Kind: EvNameSuit, Seat: s, Card: int(m.suit)})
	}
	m.firePlayed(s, c, true)
	if !m.over {
		m.endCheck()
	}
}

// pass: seat s passes, by choice (chose 1, the event's N) or with no
// option (0). While nothing can be drawn, passes count towards
// the blocked end: once the passes in a row reach the seats still in plus
// blocked - 1, the game is over (and ranked as any finished game). A pass
// while a card can be drawn ends the run.
func (m *game) pass(s, chose int) {
	m.emit(Event{Kind: EvPass, Seat: s, N: chose})
	m.res.Passes++
	m.payChips(s, m.g.Score.Chips.Pass)
	if m.canDraw() {
		m.passesInRow = 0
		return
	}
	m.passesInRow++
	if b := m.g.End.Blocked; b > 0 && m.passesInRow >= m.nActive+b-1 {
		m.over = true
		m.res.Blocked = true
	}
}
