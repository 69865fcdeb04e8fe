package bytecode

import "github.com/darwinsim/darwinsim/internal/cardrules"

// readSetup reads and checks the SETUP section: seats, hand, flags, deal
// and overrides, deck masks and removed cards, sets, lead card, teams,
// scoring, turn cap and the starter's ranks, then the checks that need
// several of them (the deal against the deck at every seat count).
func readSetup(r *reader, im *Image) {
	start := r.off
	end, ok := r.section(OpSetup)
	if !ok {
		return
	}
	at := r.off
	im.At.Seats = at
	im.SeatsMin, im.SeatsMax, im.SeatsDefault = r.u8(), r.u8(), r.u8()
	if im.SeatsMin < 2 || im.SeatsMax < im.SeatsMin || im.SeatsMax > cardrules.MaxSeats || im.SeatsDefault < im.SeatsMin || im.SeatsDefault > im.SeatsMax {
		r.fail(at, "seats min %d, max %d, default %d: want 2 <= min <= default <= max <= %d", im.SeatsMin, im.SeatsMax, im.SeatsDefault, cardrules.MaxSeats)
	}
	at = r.off
	im.At.Hand = at
	im.Hand = cardrules.HandKind(r.u8())
	if im.Hand > cardrules.HandPile {
		r.fail(at, "unknown hand kind %d", im.Hand)
	}
	at = r.off
	im.At.Flags = at
	im.Flags = uint8(r.u8())
	im.Order = cardrules.RankOrder(im.Flags >> OrderShift)
	if im.Order >= cardrules.NumRankOrders {
		r.fail(at, "unknown rank order %d (setup flags bits 6-7)", im.Order)
	}
	at = r.off
	im.At.Deal = at
	im.DealCards = r.u8()
	dealAll := im.Flags&FlagDealAll != 0
	if dealAll && im.DealCards != 0 {
		r.fail(at, "deal-all program with a per-seat deal of %d (must be 0)", im.DealCards)
	}
	if !dealAll && im.DealCards < 1 {
		r.fail(at, "deal of %d cards per seat (must be at least 1)", im.DealCards)
	}
	at = r.off
	n := r.u8()
	if dealAll && n != 0 {
		r.fail(at, "deal-all program with %d deal overrides", n)
	}
	for i := 0; i < n && !r.truncated; i++ {
		oat := r.off
		im.At.Overrides = append(im.At.Overrides, oat)
		o := Override{Seats: r.u8(), Cards: r.u8()}
		if o.Seats < im.SeatsMin || o.Seats > im.SeatsMax {
			r.fail(oat, "deal override for %d seats, outside %d..%d", o.Seats, im.SeatsMin, im.SeatsMax)
		}
		if len(im.Overrides) > 0 && o.Seats <= im.Overrides[len(im.Overrides)-1].Seats {
			r.fail(oat, "deal overrides must be in increasing seat order without repeats")
		}
		if o.Cards < 1 || o.Cards == im.DealCards {
			r.fail(oat+1, "deal override of %d cards (must be at least 1 and differ from the base deal)", o.Cards)
		}
		im.Overrides = append(im.Overrides, o)
	}
	at = r.off
	im.At.Deck = at
	im.RankMask = uint16(r.u16())
	sb := uint8(r.u8())
	im.SuitMask, im.Jokers, im.Packs = sb&(1<<JokerShift-1), sb&^TwoPacks>>JokerShift, 1
	if sb&TwoPacks != 0 {
		im.Packs = cardrules.MaxPacks
	}
	if im.Jokers > cardrules.MaxJokers {
		r.fail(at+2, "%d jokers, at most %d", im.Jokers, cardrules.MaxJokers)
	}
	if im.RankMask == 0 || im.RankMask >= 1<<cardrules.NumRanks || im.SuitMask == 0 || im.SuitMask >= 1<<cardrules.NumSuits {
		r.fail(at, "deck masks ranks 0x%04x suits 0x%02x: each needs at least one bit and no bit beyond the deck", im.RankMask, im.SuitMask)
	}

	im.At.Remove = r.off
	n = r.u8()
	for i := 0; i < n && !r.truncated; i++ {
		cat := r.off
		c := r.u8()
		if c >= cardrules.NumCards || im.RankMask&(1<<(c%cardrules.NumRanks)) == 0 || im.SuitMask&(1<<(c/cardrules.NumRanks)) == 0 {
			r.fail(cat, "removed card %d is not in the deck", c)
		}
		if len(im.Remove) > 0 && uint8(c) <= im.Remove[len(im.Remove)-1] {
			r.fail(cat, "removed cards must be in increasing order without repeats")
		}
		im.Remove = append(im.Remove, uint8(c))
	}
	at = r.off
	im.At.Meld = at
	im.Meld = r.u8()
	if im.Meld != 0 && (im.Meld < 2 || im.Meld > cardrules.NumSuits) {
		r.fail(at, "set size %d, want 0 or 2..%d", im.Meld, cardrules.NumSuits)
	}
	if im.Meld != 0 && im.Hand != cardrules.HandFan {
		r.fail(at, "sets (size %d) need a fan hand", im.Meld)
	}
	at = r.off
	im.LeadCard = r.u8()
	if im.LeadCard != NoCard && im.Hand != cardrules.HandFan {
		r.fail(at, "a lead card needs a fan hand")
	}
	if im.LeadCard != NoCard && (im.LeadCard >= cardrules.NumCards || im.RankMask&(1<<(im.LeadCard%cardrules.NumRanks)) == 0 || im.SuitMask&(1<<(im.LeadCard/cardrules.NumRanks)) == 0) {
		r.fail(at, "lead card %d is not in the deck", im.LeadCard)
	}
	at = r.off
	im.Teams = r.u8()
	if im.Teams != 0 && (im.Teams != 2 || im.SeatsMin != im.SeatsMax || im.SeatsMin%2 != 0) {
		r.fail(at, "teams %d with seats %d..%d: want 0, or 2 with a fixed even seat count", im.Teams, im.SeatsMin, im.SeatsMax)
	}
	at = r.off
	im.At.Score = at
	im.ScoreTrick, im.ScoreMeld = r.u8(), r.u8()
	if im.ScoreTrick > cardrules.MaxScore || im.ScoreMeld > cardrules.MaxScore {
		r.fail(at, "points per trick %d and per set %d: each at most %d", im.ScoreTrick, im.ScoreMeld, cardrules.MaxScore)
	}
	if im.ScoreMeld > 0 && im.Meld == 0 {
		r.fail(at+1, "points per set without sets (set size 0)")
	}
	at = r.off
	n = r.u8()
	if n > cardrules.MaxScoreRules {
		r.fail(at, "%d scoring rules, at most %d", n, cardrules.MaxScoreRules)
	}
	for i := 0; i < n && !r.truncated; i++ {
		rat := r.off
		im.At.ScoreRules = append(im.At.ScoreRules, rat)
		sr := ScoreRule{Kind: cardrules.MatchKind(r.u8()), Value: r.u8(), Points: r.u8()}
		if sr.Value > 0xff || !(cardrules.Match{Kind: sr.Kind, Value: uint8(sr.Value)}).Valid() {
			r.fail(rat, "scoring rule kind %d value %d out of range", sr.Kind, sr.Value)
		}
		if sr.Points < 1 || sr.Points > cardrules.MaxCardPoints {
			r.fail(rat+2, "scoring rule of %d points, want 1..%d", sr.Points, cardrules.MaxCardPoints)
		}
		if len(im.ScoreRules) > 0 && lessRule(sr, im.ScoreRules[len(im.ScoreRules)-1]) {
			r.fail(rat, "scoring rules must be sorted by kind, value and points")
		}
		im.ScoreRules = append(im.ScoreRules, sr)
	}
	at = r.off
	im.At.TurnCap = at
	im.TurnCap = r.u16()
	if im.TurnCap < 1 || im.TurnCap > cardrules.MaxTurnCap {
		r.fail(at, "turn cap %d outside 1..%d", im.TurnCap, cardrules.MaxTurnCap)
	}
	at = r.off
	im.At.StarterNot = at
	im.StarterNot = uint16(r.u16())
	if im.StarterNot&^im.Ranks() != 0 {
		r.fail(at, "starter_not ranks 0x%04x include ranks not in the deck", im.StarterNot&^im.Ranks())
	}
	if im.StarterNot != 0 && im.Flags&FlagStarter == 0 {
		r.fail(at, "starter_not ranks without a starter card")
	}
	if im.Flags&FlagStarterFires != 0 && im.Flags&FlagStarter == 0 {
		r.fail(im.At.Flags, "the starter fires its effects, but no starter card is turned up")
	}
	if im.Flags&FlagReshuffleAtOnce != 0 && im.Flags&FlagReshuffle == 0 {
		r.fail(im.At.Flags, "reshuffle at once without reshuffle")
	}
	// The layout and sweep bytes, present only when either is not 0, so
	// that a program without them keeps its bytes. Bit LayoutRefill of the
	// layout byte deals the hands again when all are empty.
	at = r.off
	im.At.Layout = at
	if end-at >= 2 {
		im.Layout, im.ScoreSweep = r.u8(), r.u8()
		im.Refill = im.Layout&LayoutRefill != 0
		im.Layout &^= LayoutRefill
		if im.Layout == 0 && im.ScoreSweep == 0 && !im.Refill {
			r.fail(at, "layout and sweep bytes both 0: they are left out when no layout is dealt, no sweep scores and hands are not dealt again")
		}
	}
	if im.Refill && dealAll {
		r.fail(at, "hands dealt again from the stock, but the whole deck is dealt")
	}
	if im.Layout > cardrules.MaxLayout {
		r.fail(at, "layout of %d cards, at most %d", im.Layout, cardrules.MaxLayout)
	}
	if im.Layout > 0 && dealAll {
		r.fail(at, "a layout needs a stock, but the whole deck is dealt")
	}
	if im.ScoreSweep > cardrules.MaxScore {
		r.fail(at+1, "points per sweep %d, at most %d", im.ScoreSweep, cardrules.MaxScore)
	}
	r.finish(OpSetup, start, end)
	if r.truncated || len(r.errs) > 0 {
		return
	}
	deck := len(im.Deck())
	if deck < 2 {
		r.fail(start, "the deck has %d cards; a game needs at least 2", deck)
	}
	for _, c := range im.Remove {
		if int(c) == im.LeadCard {
			r.fail(start, "the lead card %s is removed from the deck", CardName(c))
		}
	}
	for _, sr := range im.ScoreRules {
		matched := false
		for _, c := range im.Deck() {
			matched = matched || sr.Matches(c)
		}
		if !matched {
			r.fail(start, "a scoring rule matches no card of the deck")
		}
	}
	starter := im.Layout // (dealt from the stock, as the starter is)
	if im.Flags&FlagStarter != 0 {
		starter++
		if dealAll {
			r.fail(start, "a starter card needs a stock, but the whole deck is dealt")
		}
	}
	if !dealAll {
		if im.DealCards > deck { // even where overrides replace it at every seat count
			r.fail(im.At.Deal, "deal of %d cards per seat is more than the deck's %d", im.DealCards, deck)
		}
		others := 0
		for _, c := range im.Deck() {
			if im.StarterNot&(1<<cardrules.Card(c).Rank()) == 0 {
				others++
			}
		}
		for s := im.SeatsMin; s <= im.SeatsMax; s++ {
			if need := im.DealFor(s)*s + starter; need > deck {
				r.fail(start, "with %d seats the deal needs %d cards but the deck has %d", s, need, deck)
			}
			if dealt := im.DealFor(s) * s; im.StarterNot != 0 && others <= dealt {
				r.fail(im.At.StarterNot, "with %d seats the deal may take every card the starter may be", s)
			}
		}
	}
}
