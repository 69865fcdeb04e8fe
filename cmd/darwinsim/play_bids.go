package main

import (
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/internal/handrank"
	"github.com/darwinsim/darwinsim/vm"
)

// bidsSoFar lists the bids made before a bid decision (" (bids so far:
// seat 0 3, ...)"), or "" before the first.
func (t *table) bidsSoFar(d *vm.Decision) string {
	var bids []string
	for s, b := range d.View.Bids[:d.Seats()] {
		switch {
		case b == 0:
			bids = append(bids, t.seatName(s)+" nil")
		case b > 0:
			bids = append(bids, fmt.Sprintf("%s %d", t.seatName(s), b))
		}
	}
	if len(bids) == 0 {
		return ""
	}
	return " (bids so far: " + strings.Join(bids, ", ") + ")"
}

// chipWords words the decisions about chips: a betting round's action, a
// draw round's card and a hit or stand against the dealer; cards keeps
// the card names.
func chipWords(d *vm.Decision, cards func(uint8) string) (what, prompt string, label func(uint8) string) {
	v := &d.View
	switch d.Kind {
	case vm.DecideBet:
		most := int32(0)
		for _, b := range v.Bets[:d.Seats()] {
			most = max(most, b)
		}
		owe := most - v.Bets[v.Seat]
		what = fmt.Sprintf("your bet: the pot holds %d, you owe %d and hold %d", v.Pot, owe, v.Scores[v.Seat])
		return what, "action", func(o uint8) string {
			switch {
			case o == vm.BetFold:
				return "fold"
			case o == vm.BetCall && owe == 0:
				return "check"
			case o == vm.BetCall:
				return fmt.Sprintf("call %d", min(owe, v.Scores[v.Seat]))
			case most == 0:
				return "bet"
			}
			return "raise"
		}
	case vm.DecideExchange:
		return "the draw: choose a card to throw away, or keep the rest", "card to throw away", func(o uint8) string {
			if o == vm.OptDone {
				return "keep the rest"
			}
			return cards(o)
		}
	}
	t, _ := handrank.Total(v.Hand, v.Hand2)
	up, _ := handrank.Total(v.Dealer, v.Dealer2)
	what = fmt.Sprintf("your total is %d; the dealer shows %s (%d)", t, cardSet(v.Dealer, v.Dealer2), up)
	return what, "hit or stand", func(o uint8) string {
		if o == vm.HitDraw {
			return "hit: draw a card"
		}
		return "stand"
	}
}
