package genome

import "github.com/darwinsim/darwinsim/internal/cardrules"

// Distance is a dissimilarity between two valid genomes in [0, 1]: the mean
// over the model's parts (seats, deck, hand, deal, turn structure, legality,
// effects, end, turn cap) of how much each part differs, every part scaled
// to [0, 1]. Equal canonical forms are at distance 0. Evolution uses it to
// keep a population diverse.
func Distance(a, b *Genome) float64 {
	var parts [9]float64
	parts[0] = rel(a.Seats.Default, b.Seats.Default)
	da, db := a.Deck.Cards(), b.Deck.Cards()
	parts[1] = setDiff(da, db)
	if a.Hand != b.Hand {
		parts[2] = 1
	}
	parts[3] = (rel(a.DealFor(a.Seats.Default), b.DealFor(b.Seats.Default)) + flag(a.Deal.All != b.Deal.All) + flag(a.Deal.Starter != b.Deal.Starter) + flag(a.Reshuffle != b.Reshuffle)) / 4
	// Turn structure: phase kinds position by position, and for two phases
	// of one kind the fields the phase table measures (phaseDiff).
	n := max(len(a.Turn), len(b.Turn))
	diff := 0.0
	for i := range n {
		if i >= len(a.Turn) || i >= len(b.Turn) {
			diff++
			continue
		}
		if pa, pb := &a.Turn[i], &b.Turn[i]; pa.Kind != pb.Kind {
			diff++
		} else {
			diff += phaseDiff(pa, pb)
		}
	}
	parts[4] = diff / float64(n)
	parts[5] = legalityDiff(a, b, da)
	parts[6] = effectDiff(a.Effects, b.Effects)
	parts[7] = (flag(a.End.Until != b.End.Until) + flag(a.fewerIsBetter() != b.fewerIsBetter())) / 2
	parts[8] = rel(a.TurnCap, b.TurnCap)
	sum := 0.0
	for _, p := range parts {
		sum += p
	}
	return sum / float64(len(parts))
}

// legalityDiff compares the first play phases' predicates on a fixed sample
// of (card, top, suit) triples from a's deck.
func legalityDiff(a, b *Genome, deck []Card) float64 {
	ea, eb := firstLegal(a), firstLegal(b)
	switch {
	case ea == nil && eb == nil:
		return 0
	case ea == nil || eb == nil:
		return 1
	}
	differ, total := 0, 0
	for i, c := range deck {
		top := deck[(i*7+3)%len(deck)]
		for s := Suit(0); s < cardrules.NumSuits; s++ {
			total++
			if ea.Eval(c, top, s, 0) != eb.Eval(c, top, s, 0) {
				differ++
			}
		}
	}
	return float64(differ) / float64(max(total, 1))
}

func firstLegal(g *Genome) *Expr {
	for _, p := range g.Turn {
		if p.Kind == cardrules.PhasePlay {
			return p.Legal
		}
	}
	return nil
}

// effectDiff is the Jaccard distance of the effect multisets keyed by
// (rank, type, target, value).
func effectDiff(a, b []Effect) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 0
	}
	used := make([]bool, len(b))
	common := 0
	for _, e := range a {
		for j, f := range b {
			if !used[j] && e == f {
				used[j] = true
				common++
				break
			}
		}
	}
	return 1 - float64(common)/float64(len(a)+len(b)-common)
}

func setDiff(a, b []Card) float64 {
	var ma, mb uint64
	for _, c := range a {
		ma |= 1 << c
	}
	for _, c := range b {
		mb |= 1 << c
	}
	union := popcount(ma | mb)
	if union == 0 {
		return 0
	}
	return float64(popcount(ma^mb)) / float64(union)
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func rel(a, b int) float64 {
	if a == b {
		return 0
	}
	d := float64(a - b)
	if d < 0 {
		d = -d
	}
	return d / float64(max(a, b, 1))
}

func flag(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
