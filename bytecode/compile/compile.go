// Package compile translates between the genome model and bytecode.
//
// Compile validates a genome, takes its canonical semantic form and emits a
// program: the setup fields, one phase instruction per phase (play, battle,
// draw, trick, take or ask), the predicates the phases refer to as postfix
// stack code (any/all become left-folded OR/AND chains; a play phase has
// its legal predicate and maybe a preference, a trick phase up to four:
// lead, lead preference, follow and follow preference), the end conditions
// and the effects. Decompile reads a verified
// program back into the canonical genome. The pair is exact in both
// directions: Decompile(Compile(g)) equals g.Canonical() and
// Compile(Decompile(p)) equals p, so Decompile refuses any program that is
// valid bytecode but not in the form Compile emits.
package compile

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/genome"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Compile validates g and returns its program. The same genome (up to
// metadata and canonical form) always gives the same bytes.
func Compile(g *genome.Genome) ([]byte, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	c := g.Canonical()
	var out []byte
	out = append(out, bytecode.Magic[:]...)
	out = append(out, bytecode.FormatVersion, bytecode.SemanticsVersion, 0, 0)

	// SETUP
	var s []byte
	s = append(s, byte(c.Seats.Min), byte(c.Seats.Max), byte(c.Seats.Default), byte(c.Hand))
	var flags byte
	if c.Deal.Starter {
		flags |= bytecode.FlagStarter
	}
	if c.Reshuffle {
		flags |= bytecode.FlagReshuffle
	}
	if c.Deal.All {
		flags |= bytecode.FlagDealAll
	}
	if c.ReshuffleAtOnce {
		flags |= bytecode.FlagReshuffleAtOnce
	}
	if c.Deal.StarterFires {
		flags |= bytecode.FlagStarterFires
	}
	if c.LastCardInert {
		flags |= bytecode.FlagLastCardInert
	}
	flags |= byte(c.Deck.Order) << bytecode.OrderShift
	s = append(s, flags, byte(c.Deal.Cards), byte(len(c.Deal.Overrides)))
	for _, o := range c.Deal.Overrides {
		s = append(s, byte(o.Seats), byte(o.Cards))
	}
	var rmask uint16
	var smask uint8
	if len(c.Deck.Ranks) == 0 {
		rmask = 1<<cardrules.NumRanks - 1
	}
	for _, r := range c.Deck.Ranks {
		rmask |= 1 << r
	}
	if len(c.Deck.Suits) == 0 {
		smask = 1<<cardrules.NumSuits - 1
	}
	for _, su := range c.Deck.Suits {
		smask |= 1 << su
	}
	s = binary.LittleEndian.AppendUint16(s, rmask)
	if c.Deck.TwoPacks() {
		smask |= bytecode.TwoPacks
	}
	s = append(s, smask|byte(c.Deck.Jokers)<<bytecode.JokerShift, byte(len(c.Deck.Remove)))
	for _, card := range c.Deck.Remove {
		s = append(s, byte(card))
	}
	lead := byte(bytecode.NoCard)
	if c.LeadCard != nil {
		lead = byte(*c.LeadCard)
	}
	s = append(s, byte(c.Meld), lead, byte(c.Teams), byte(c.Score.Trick), byte(c.Score.Meld), byte(len(c.Score.Cards)))
	for _, r := range c.Score.Cards {
		s = append(s, byte(r.Match.Kind), r.Match.Value, byte(r.Points))
	}
	s = binary.LittleEndian.AppendUint16(s, uint16(c.TurnCap))
	var notMask uint16
	for _, r := range c.Deal.StarterNot {
		notMask |= 1 << r
	}
	s = binary.LittleEndian.AppendUint16(s, notMask)
	if c.Deal.Layout != 0 || c.Score.Sweep != 0 || c.Deal.Refill {
		lay := byte(c.Deal.Layout)
		if c.Deal.Refill {
			lay |= bytecode.LayoutRefill
		}
		s = append(s, lay, byte(c.Score.Sweep))
	}
	out = section(out, bytecode.OpSetup, s)

	// TURN and CODE: predicates are numbered in order of reference.
	var t, code []byte
	preds := 0
	ref := func(e *genome.Expr) byte {
		if e == nil {
			return bytecode.NoPred
		}
		code = emitExpr(code, *e)
		code = append(code, byte(bytecode.OpRet))
		preds++
		return byte(preds - 1)
	}
	for _, p := range c.Turn {
		switch p.Kind {
		case cardrules.PhasePlay:
			var mask uint16
			for _, r := range p.NameSuit {
				mask |= 1 << r
			}
			t = append(t, byte(bytecode.OpPlay), ref(p.Legal), ref(p.Prefer), byte(p.DrawMax))
			t = binary.LittleEndian.AppendUint16(t, mask)
			rules := byte(p.Pass) << bytecode.PlayPassShift
			if p.Draw == cardrules.DrawByChoice {
				rules |= bytecode.PlayByChoice
			}
			if p.PlayDrawn {
				rules |= bytecode.PlayDrawnOnly
			}
			t = append(t, rules)
		case cardrules.PhaseBattle:
			t = append(t, byte(bytecode.OpBattle), byte(p.WarFaceDown), byte(p.Returns))
		case cardrules.PhaseDraw:
			t = append(t, byte(bytecode.OpDraw), byte(p.Count))
		case cardrules.PhaseTrick:
			t = append(t, byte(bytecode.OpTrick), ref(p.Lead), ref(p.LeadPrefer), ref(p.Legal), ref(p.Prefer), byte(p.Trump))
		case cardrules.PhaseTake:
			t = append(t, byte(bytecode.OpTake), byte(p.From))
		case cardrules.PhaseAsk:
			t = append(t, byte(bytecode.OpAsk))
		case cardrules.PhaseTableau:
			t = append(t, byte(bytecode.OpTableau), byte(p.Start))
		case cardrules.PhaseClimb:
			t = append(t, byte(bytecode.OpClimb), byte(p.ClimbMax()))
		case cardrules.PhaseClaim:
			t = append(t, byte(bytecode.OpClaim), byte(p.Claims), byte(p.Start), byte(p.ClimbMax()))
		case cardrules.PhaseMeld:
			t = append(t, byte(bytecode.OpMeld), byte(p.Sets), byte(p.Runs), byte(p.Lay), byte(p.Knock))
		case cardrules.PhaseCapture:
			var rules byte
			if p.EqualFirst {
				rules |= bytecode.CaptureEqualFirst
			}
			t = append(t, byte(bytecode.OpCapture), rules)
		case cardrules.PhaseTurnUp:
			// (Canonical sorted the demands by rank.)
			t = append(t, byte(bytecode.OpTurnUp), byte(p.Returns), byte(len(p.Demands)))
			for _, d := range p.Demands {
				t = append(t, byte(d.Rank), byte(d.Count))
			}
		}
	}
	out = section(out, bytecode.OpTurn, t)
	out = section(out, bytecode.OpCode, append([]byte{byte(preds)}, code...))

	// END: conditions in event order.
	e := []byte{byte(c.End.Until), byte(c.End.Rank), byte(c.End.Blocked), byte(len(c.End.Conditions))}
	for ev := genome.Event(0); ev < cardrules.NumEvents; ev++ {
		for _, cond := range c.End.Conditions {
			if cond.When == ev {
				e = append(e, byte(cond.When), byte(cond.Result))
			}
		}
	}
	e = bytecode.AppendMatch(e, compileMatch(c))
	if ch := c.Score.Chips; ch.Stake > 0 {
		e = append(e, bytecode.TailChips, byte(ch.Stake), byte(ch.Stake>>8), byte(ch.Ante), byte(ch.Pass), byte(ch.PerCard))
	}
	e = bytecode.AppendTally(e, compileTally(c))
	if c.Score.Deadwood {
		e = append(e, bytecode.TailOut, byte(c.Score.Gin), byte(c.Score.Undercut))
	}
	if k := c.Score.Contract; k != nil {
		e = append(e, bytecode.TailBid, byte(k.Trick), byte(k.Over), byte(k.Bags), byte(k.Penalty), byte(k.Nil))
	}
	if b := c.Score.Betting; b != nil {
		e = bytecode.AppendBet(e, bytecode.Betting{Bet: b.Bet, Raises: b.Raises, Blind: b.Blind, Draw: b.Draw, Showdown: b.Showdown})
	}
	if d := c.Score.Dealer; d != nil {
		e = bytecode.AppendDealer(e, bytecode.Dealer{Wager: d.Wager, Stand: d.Stand, SoftHits: d.SoftHits})
	}
	out = section(out, bytecode.OpEnd, e)

	// EFFECTS
	out = append(out, byte(bytecode.OpEffects), byte(len(c.Effects)))
	for _, ef := range c.Effects {
		v := byte(ef.Value)
		if ef.Gate {
			v |= bytecode.EffectGate
		}
		if ef.Random {
			v |= bytecode.EffectRandom
		}
		out = append(out, byte(ef.Rank)|byte(ef.Suit)<<4, byte(ef.Type), byte(ef.Target), v)
	}
	out = appendResponses(out, c.Responses)
	out = bytecode.AppendTail(out, tailEntries(c.Effects), compileRules(c.Rules))
	if len(out) > 0xffff {
		return nil, fmt.Errorf("program of %d bytes exceeds the 65535-byte format limit", len(out))
	}
	binary.LittleEndian.PutUint16(out[6:8], uint16(len(out)))
	return out, nil
}

func section(out []byte, op bytecode.Op, payload []byte) []byte {
	out = append(out, byte(op))
	out = binary.LittleEndian.AppendUint16(out, uint16(len(payload)))
	return append(out, payload...)
}

// emitExpr appends the postfix code of a canonical expression.
func emitExpr(code []byte, e genome.Expr) []byte {
	switch e.Op {
	case genome.OpTrue:
		return append(code, byte(bytecode.OpTrue))
	case genome.OpFalse:
		return append(code, byte(bytecode.OpFalse))
	case genome.OpAny, genome.OpAll:
		op := bytecode.OpOr
		if e.Op == genome.OpAll {
			op = bytecode.OpAnd
		}
		code = emitExpr(code, e.Args[0])
		for _, a := range e.Args[1:] {
			code = emitExpr(code, a)
			code = append(code, byte(op))
		}
		return code
	case genome.OpNot:
		return append(emitExpr(code, e.Args[0]), byte(bytecode.OpNot))
	case genome.OpPlayed:
		return append(code, byte(bytecode.OpPlayed), byte(*e.Suit))
	}
	code = emitTerm(code, *e.Left)
	code = emitTerm(code, *e.Right)
	return append(code, byte(map[genome.Op]bytecode.Op{
		genome.OpEq: bytecode.OpEq, genome.OpNe: bytecode.OpNe,
		genome.OpLt: bytecode.OpLt, genome.OpGt: bytecode.OpGt,
	}[e.Op]))
}

func emitTerm(code []byte, t genome.Term) []byte {
	switch t.Kind {
	case genome.TermCardRank:
		return append(code, byte(bytecode.OpCardRank))
	case genome.TermCardSuit:
		return append(code, byte(bytecode.OpCardSuit))
	case genome.TermTopRank:
		return append(code, byte(bytecode.OpTopRank))
	case genome.TermTopSuit:
		return append(code, byte(bytecode.OpTopSuit))
	case genome.TermRank:
		return append(code, byte(bytecode.OpRank), t.Value)
	}
	return append(code, byte(bytecode.OpSuit), t.Value)
}

// Decompile reads a program back into its canonical genome (without
// metadata). It fails on a program that does not verify, that decodes to an
// invalid genome, or that is not in the exact form Compile emits.
func Decompile(p []byte) (*genome.Genome, error) {
	im, err := bytecode.Read(p)
	if err != nil {
		return nil, err
	}
	g := &genome.Genome{
		Schema:    genome.SchemaVersion,
		Seats:     genome.Seats{Min: im.SeatsMin, Max: im.SeatsMax, Default: im.SeatsDefault},
		Hand:      genome.HandKind(im.Hand),
		Reshuffle: im.Flags&bytecode.FlagReshuffle != 0,
		TurnCap:   im.TurnCap,
		End:       genome.End{Until: genome.Until(im.Until), Rank: genome.RankBy(im.Rank), Blocked: im.Blocked},

		ReshuffleAtOnce: im.Flags&bytecode.FlagReshuffleAtOnce != 0,
		LastCardInert:   im.Flags&bytecode.FlagLastCardInert != 0,
		Meld:            im.Meld,
		Teams:           im.Teams,
		Score:           genome.Score{Trick: im.ScoreTrick, Meld: im.ScoreMeld, Sweep: im.ScoreSweep},
	}
	if ch := im.Chips; ch.Stake > 0 {
		g.Score.Chips = genome.Chips{Stake: ch.Stake, Ante: ch.Ante, Pass: ch.Pass, PerCard: ch.PerCard}
	}
	if im.LeadCard != bytecode.NoCard {
		lc := genome.Card(im.LeadCard)
		g.LeadCard = &lc
	}
	for _, r := range im.ScoreRules {
		g.Score.Cards = append(g.Score.Cards, genome.CardPoints{Match: genome.Match{Kind: genome.MatchKind(r.Kind), Value: uint8(r.Value)}, Points: r.Points})
	}
	g.Deal = genome.Deal{Cards: im.DealCards, All: im.Flags&bytecode.FlagDealAll != 0, Starter: im.Flags&bytecode.FlagStarter != 0,
		StarterFires: im.Flags&bytecode.FlagStarterFires != 0, Layout: im.Layout, Refill: im.Refill}
	decompileTally(g, &im.Tally)
	if im.Out.At != 0 {
		g.Score.Deadwood, g.Score.Gin, g.Score.Undercut = true, im.Out.Gin, im.Out.Undercut
	}
	if k := im.Contract; k.At != 0 {
		g.Score.Contract = &genome.Contract{Trick: k.Trick, Over: k.Over, Bags: k.Bags, Penalty: k.Penalty, Nil: k.Nil}
	}
	if b := im.Betting; b.At != 0 {
		g.Score.Betting = &genome.Betting{Bet: b.Bet, Raises: b.Raises, Blind: b.Blind, Draw: b.Draw, Showdown: b.Showdown}
	}
	if d := im.Dealer; d.At != 0 {
		g.Score.Dealer = &genome.Dealer{Wager: d.Wager, Stand: d.Stand, SoftHits: d.SoftHits}
	}
	for r := range cardrules.Joker + 1 {
		if im.StarterNot&(1<<r) != 0 {
			g.Deal.StarterNot = append(g.Deal.StarterNot, r)
		}
	}
	for _, o := range im.Overrides {
		g.Deal.Overrides = append(g.Deal.Overrides, genome.DealOverride{Seats: o.Seats, Cards: o.Cards})
	}
	if im.RankMask != 1<<cardrules.NumRanks-1 {
		for r := range genome.Rank(cardrules.NumRanks) {
			if im.RankMask&(1<<r) != 0 {
				g.Deck.Ranks = append(g.Deck.Ranks, r)
			}
		}
	}
	if im.SuitMask != 1<<cardrules.NumSuits-1 {
		for s := range genome.Suit(cardrules.NumSuits) {
			if im.SuitMask&(1<<s) != 0 {
				g.Deck.Suits = append(g.Deck.Suits, s)
			}
		}
	}
	for _, c := range im.Remove {
		g.Deck.Remove = append(g.Deck.Remove, genome.Card(c))
	}
	g.Deck.Order = im.Order
	g.Deck.Jokers = int(im.Jokers)
	if im.Packs > 1 {
		g.Deck.Packs = int(im.Packs)
	}
	pred := func(i int) (*genome.Expr, error) {
		if i == bytecode.NoPred {
			return nil, nil
		}
		e, err := decodeExpr(im.Preds[i])
		if err != nil {
			return nil, fmt.Errorf("offset %d: %w", im.PredOffsets[i], err)
		}
		return &e, nil
	}
	for _, ph := range im.Phases {
		var p genome.Phase
		var errs [4]error
		switch ph.Op {
		case bytecode.OpPlay:
			p = genome.Phase{Kind: cardrules.PhasePlay, DrawMax: ph.DrawMax, Draw: ph.Draw, Pass: ph.Pass, PlayDrawn: ph.PlayDrawn}
			p.Legal, errs[0] = pred(ph.Pred)
			p.Prefer, errs[1] = pred(ph.Prefer)
			for r := range cardrules.Joker + 1 {
				if ph.NameSuit&(1<<r) != 0 {
					p.NameSuit = append(p.NameSuit, r)
				}
			}
		case bytecode.OpBattle:
			p = genome.Phase{Kind: cardrules.PhaseBattle, WarFaceDown: ph.WarFaceDown, Returns: genome.Returns(ph.Returns)}
		case bytecode.OpDraw:
			p = genome.Phase{Kind: cardrules.PhaseDraw, Count: ph.Count}
		case bytecode.OpTrick:
			p = genome.Phase{Kind: cardrules.PhaseTrick, Trump: genome.Trump(ph.Trump)}
			p.Lead, errs[0] = pred(ph.Lead)
			p.LeadPrefer, errs[1] = pred(ph.LeadPrefer)
			p.Legal, errs[2] = pred(ph.Pred)
			p.Prefer, errs[3] = pred(ph.Prefer)
		case bytecode.OpTake:
			p = genome.Phase{Kind: cardrules.PhaseTake, From: genome.Target(ph.From)}
		case bytecode.OpAsk:
			p = genome.Phase{Kind: cardrules.PhaseAsk}
		case bytecode.OpTableau:
			p = genome.Phase{Kind: cardrules.PhaseTableau, Start: ph.Start}
		case bytecode.OpCapture:
			p = genome.Phase{Kind: cardrules.PhaseCapture, EqualFirst: ph.EqualFirst}
		case bytecode.OpClaim:
			p = genome.Phase{Kind: cardrules.PhaseClaim, Claims: ph.Claims, Start: ph.Start, Max: ph.Max}
			if ph.Max == cardrules.MaxClimb {
				p.Max = 0 // canonical: absent
			}
		case bytecode.OpMeld:
			p = genome.Phase{Kind: cardrules.PhaseMeld, Sets: ph.Sets, Runs: ph.Runs, Lay: ph.Lay, Knock: ph.Knock}
		case bytecode.OpClimb:
			p = genome.Phase{Kind: cardrules.PhaseClimb, Max: ph.Max}
			if ph.Max == cardrules.MaxClimb {
				p.Max = 0 // canonical: absent
			}
		case bytecode.OpTurnUp:
			p = genome.Phase{Kind: cardrules.PhaseTurnUp, Returns: genome.Returns(ph.Returns)}
			for r, n := range ph.Demand {
				if n > 0 {
					p.Demands = append(p.Demands, genome.Demand{Rank: genome.Rank(r), Count: int(n)})
				}
			}
		}
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
		}
		g.Turn = append(g.Turn, p)
	}
	for _, c := range im.Conditions {
		g.End.Conditions = append(g.End.Conditions, genome.Condition{When: genome.Event(c.Event), Result: genome.Result(c.Result)})
	}
	for _, e := range im.Effects {
		g.Effects = append(g.Effects, genome.Effect{Rank: genome.Rank(e.Rank), Suit: e.Suit, Type: genome.EffectType(e.Type), Target: genome.Target(e.Target), Value: int(e.Value), Gate: e.Gate, Random: e.Random, When: e.When, If: decompileCond(e.If, e.Cmp, e.CondValue), Lasts: decompileLasting(e), At: e.At})
	}
	g.Responses = decompileResponses(im)
	g.Rules = decompileRules(im.Rules)
	decompileMatch(g, &im.Match)
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("program decodes to an invalid genome: %w", err)
	}
	again, err := Compile(g)
	if err != nil {
		return nil, fmt.Errorf("program decodes to a genome that does not compile: %w", err)
	}
	if !bytes.Equal(again, p) {
		at := 0
		for at < len(p) && at < len(again) && p[at] == again[at] {
			at++
		}
		return nil, fmt.Errorf("offset %d: program is valid but not in canonical form (recompiling differs from here)", at)
	}
	return g.Canonical(), nil
}

// decodeExpr rebuilds the expression tree of a verified predicate.
func decodeExpr(code []byte) (genome.Expr, error) {
	var stack []genome.Expr
	var terms []genome.Term
	for i := 0; i < len(code); i++ {
		op := bytecode.Op(code[i])
		switch op {
		case bytecode.OpPlayed:
			i++
			stack = append(stack, genome.Played(genome.Suit(code[i])))
		case bytecode.OpTrue:
			stack = append(stack, genome.Expr{Op: genome.OpTrue})
		case bytecode.OpFalse:
			stack = append(stack, genome.Expr{Op: genome.OpFalse})
		case bytecode.OpCardRank, bytecode.OpCardSuit, bytecode.OpTopRank, bytecode.OpTopSuit:
			terms = append(terms, genome.Term{Kind: map[bytecode.Op]genome.TermKind{
				bytecode.OpCardRank: genome.TermCardRank, bytecode.OpCardSuit: genome.TermCardSuit,
				bytecode.OpTopRank: genome.TermTopRank, bytecode.OpTopSuit: genome.TermTopSuit,
			}[op]})
		case bytecode.OpRank, bytecode.OpSuit:
			i++
			k := genome.TermRank
			if op == bytecode.OpSuit {
				k = genome.TermSuit
			}
			terms = append(terms, genome.Term{Kind: k, Value: code[i]})
		case bytecode.OpEq, bytecode.OpNe, bytecode.OpLt, bytecode.OpGt:
			if len(terms) < 2 {
				return genome.Expr{}, fmt.Errorf("%s without two terms", op)
			}
			l, r := terms[len(terms)-2], terms[len(terms)-1]
			terms = terms[:len(terms)-2]
			stack = append(stack, genome.Compare(map[bytecode.Op]genome.Op{
				bytecode.OpEq: genome.OpEq, bytecode.OpNe: genome.OpNe,
				bytecode.OpLt: genome.OpLt, bytecode.OpGt: genome.OpGt,
			}[op], l, r))
		case bytecode.OpAnd, bytecode.OpOr:
			if len(stack) < 2 {
				return genome.Expr{}, fmt.Errorf("%s without two operands", op)
			}
			a, b := stack[len(stack)-2], stack[len(stack)-1]
			stack = stack[:len(stack)-2]
			kind := genome.OpAny
			if op == bytecode.OpAnd {
				kind = genome.OpAll
			}
			if a.Op == kind {
				a.Args = append(a.Args, b)
				stack = append(stack, a)
			} else {
				stack = append(stack, genome.Expr{Op: kind, Args: []genome.Expr{a, b}})
			}
		case bytecode.OpNot:
			if len(stack) < 1 {
				return genome.Expr{}, fmt.Errorf("NOT without an operand")
			}
			stack[len(stack)-1] = genome.Not(stack[len(stack)-1])
		case bytecode.OpRet:
			if len(stack) != 1 || len(terms) != 0 {
				return genome.Expr{}, fmt.Errorf("predicate does not reduce to one expression")
			}
			return stack[0], nil
		}
	}
	return genome.Expr{}, fmt.Errorf("predicate without RET")
}
