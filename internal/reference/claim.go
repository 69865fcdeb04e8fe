package reference

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// claimState is a deal's state of its claim phases: the face-down claim
// pile, the cards of the latest claim (still on the pile until a challenge
// turns them up and someone takes it) and the last claim's rank (none at
// the deal's start; it outlives a pile taken). Its zero value is a deal's
// start.
type claimState struct {
	pile   []genome.Card // the claim pile, in the order laid (face down)
	latest []genome.Card // the cards of the latest claim, in the order laid
	last   genome.Rank   // the last claim's rank, when made
	made   bool          // a claim was made in the deal
}

// claimable lists the deck's claimable ranks in the deck's order, lowest
// first: the standard ranks some card of the deck has (jokers excluded).
func (m *game) claimable() []genome.Rank {
	var out []genome.Rank
	for _, r := range orderRanks[m.g.Deck.Order] {
		if r == cardrules.Joker {
			continue
		}
		if slices.ContainsFunc(m.deck, func(c genome.Card) bool { return c.Rank() == r }) {
			out = append(out, r)
		}
	}
	return out
}

// claimStep returns the claimable rank k places from r (a claimable rank)
// in the deck's order, cyclically: 1 for up(r), -1 for down(r).
func claimStep(ranks []genome.Rank, r genome.Rank, k int) genome.Rank {
	i := slices.Index(ranks, r)
	if i < 0 {
		panic("reference: the last claim is not a claimable rank")
	}
	n := len(ranks)
	return ranks[((i+k)%n+n)%n]
}

// claimRanks returns the ranks seat s may claim now under the phase's
// rule, ascending by rank index (2 first, A last), each once.
func (m *game) claimRanks(p *genome.Phase) []genome.Rank {
	ranks := m.claimable()
	cl := &m.claims
	var out []genome.Rank
	switch p.Claims {
	case cardrules.ClaimNext:
		if cl.made {
			out = []genome.Rank{claimStep(ranks, cl.last, 1)}
		} else {
			out = []genome.Rank{p.Start}
		}
	case cardrules.ClaimNear:
		if cl.made {
			out = []genome.Rank{cl.last, claimStep(ranks, cl.last, 1), claimStep(ranks, cl.last, -1)}
		} else {
			out = slices.Clone(ranks)
		}
	default: // cardrules.ClaimAny
		out = slices.Clone(ranks)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// claimPhase: seat s's claim phase (Cheat).
//
//  1. With no card in its hand the seat passes without a decision (N 0,
//     counted towards the blocked end), then the end conditions are
//     checked; nothing else happens.
//  2. It decides the rank it claims among the ranks the phase's rule
//     allows, ascending by rank index (a decision even when forced).
//  3. It decides its first card among the faces it holds, ascending (no
//     lock, ban, gate or lead card obligation applies: the card is face
//     down); the lowest id of the face goes face down onto the claim pile
//     (EvPlay, N 1; a play; it sets off no effect and no event, and is
//     neither the last card played nor a suit played).
//  4. While it has chosen fewer than the phase's max cards and holds a
//     card, it decides among its faces, ascending, then done; each card
//     chosen goes as in 3.
//  5. EvClaim (the rank, the count); the rank is the last claim.
//  6. Each other seat still in, in turn order from the next, decides
//     between letting it be and challenging; the first to challenge ends
//     the window: EvChallenge (the claimer, whether the claim was true:
//     every card of it of the rank claimed), EvReveal per card of the
//     claim, ascending id, and the loser (the challenger when it was true,
//     else the claimer) takes the whole pile into its hand (EvTake), an
//     interaction.
//  7. The end conditions are checked.
func (m *game) claimPhase(s int, p *genome.Phase) {
	cl := &m.claims
	if len(m.hands[s]) == 0 {
		m.pass(s, 0)
		if !m.over { // (a blocked end)
			m.endCheck()
		}
		return
	}
	ranks := m.claimRanks(p)
	rank := ranks[m.decide(s, len(ranks))]
	f := faces(m.hands[s])
	cl.latest = nil
	m.claimLay(s, m.held(s, f[m.decide(s, len(f))]))
	for len(cl.latest) < p.ClimbMax() && len(m.hands[s]) > 0 {
		f := faces(m.hands[s])
		i := m.decide(s, len(f)+1) // done, last
		if i == len(f) {
			break
		}
		m.claimLay(s, m.held(s, f[i]))
	}
	cl.last, cl.made = rank, true
	m.passesInRow = 0
	m.emit(Event{Kind: EvClaim, Seat: s, Card: int(rank), N: len(cl.latest)})
	for _, t := range m.opponents(s) {
		if m.decide(t, 2) == 0 { // let it be
			continue
		}
		m.challenge(s, t, rank)
		break
	}
	m.endCheck()
}

// claimLay moves card c of seat s's claim face down onto the claim pile.
func (m *game) claimLay(s int, c genome.Card) {
	cl := &m.claims
	m.remove(s, c)
	cl.pile = append(cl.pile, c)
	cl.latest = append(cl.latest, c)
	m.res.Plays++
	m.emit(Event{Kind: EvPlay, Seat: s, Card: int(c), N: 1})
}

// challenge: seat t challenges seat s's latest claim, of rank r. The claim's
// cards are turned up, ascending, and the loser takes the whole pile.
func (m *game) challenge(s, t int, r genome.Rank) {
	cl := &m.claims
	truth := !slices.ContainsFunc(cl.latest, func(c genome.Card) bool { return c.Rank() != r })
	n, loser := 0, s
	if truth {
		n, loser = 1, t
	}
	m.emit(Event{Kind: EvChallenge, Seat: t, Card: s, N: n})
	shown := slices.Clone(cl.latest)
	slices.Sort(shown)
	for _, c := range shown {
		m.emit(Event{Kind: EvReveal, Seat: s, Card: int(c)})
	}
	for _, c := range cl.pile {
		m.give(loser, c)
	}
	m.emit(Event{Kind: EvTake, Seat: loser, N: len(cl.pile)})
	cl.pile, cl.latest = nil, nil
	m.res.Interactions++
}

// verifyClaims checks the claim state when the game runs checked: the
// latest claim's cards are on the claim pile, at most the most cards of a
// claim, and a pile with cards on it was claimed.
func (m *game) verifyClaims() {
	cl := &m.claims
	for _, c := range cl.latest {
		if !slices.Contains(cl.pile, c) {
			panic(fmt.Sprintf("reference: claimed card %v is not on the claim pile %v", c, cl.pile))
		}
	}
	if len(cl.latest) > cardrules.MaxClimb || (len(cl.pile) > 0 && !cl.made) {
		panic(fmt.Sprintf("reference: claim pile %v, latest claim %v, made %v", cl.pile, cl.latest, cl.made))
	}
}
