package genome

import (
	"fmt"
	"slices"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// Rule is a continuous rule: a lasting type that holds over the seats it
// picks from the state, as an active effect of the type would, never
// started by a card and never ending. The seats it holds for and its
// value are worked out from the seats still in after the deal and at the
// end of every turn (after the turn count grows and the effects counted
// in turns end, before the move passes on), and hold until the next time.
// Over a seat, the rules' values combine before the active effects', in
// genome order; rules count nothing toward cardrules.MaxActive.
type Rule struct {
	Type EffectType    `json:"type"`          // a lasting type: what it does to the seats it holds for
	Who  cardrules.Who `json:"who,omitempty"` // which of the seats still in it picks (absent: everyone)
	// a condition (absent: none): hand tests each seat's own hand and
	// leaves out those that fail; stock, pile, seats and top_suit test the
	// table, and while they fail the rule holds for nobody
	If EffectCondition `json:"if,omitzero"`
	// draw_limit and bonus: the value, 1..13, before scale
	Value int `json:"value,omitempty"`
	// draw_limit and bonus: the value grows by one for every per of a
	// count (absent: it does not), up to 13
	Scale Scale `json:"scale,omitzero"`
	// lock_rank and ban_rank: the rank (absent: 2)
	Rank Rank `json:"rank,omitempty"`
	// lock_suit and ban_suit: the suit
	Suit cardrules.TriggerSuit `json:"suit,omitempty"`
	// its stacking key 0..3, as an effect's lasts.key: over one seat its
	// value combines with those of the other rules and the active effects
	// of its type and key
	Key int `json:"key,omitempty"`
	// how they combine, as an effect's lasts.stack (absent: additive):
	// every effect and rule of one type and key must share it
	Stack cardrules.Stacking `json:"stack,omitempty"`
	// suppress only: the effect type it switches off
	Suppresses cardrules.Suppressed `json:"suppresses,omitempty"`
}

// Scale makes a rule's value grow with the state: by one for every Per of
// By's count (a seat's own hand, the stock, the discard pile, the seats
// still in), integer division, the sum capped at 13. The zero value is no
// scaling.
type Scale struct {
	By  cardrules.CondOf `json:"by"`  // the count: hand (the seat's own), stock, pile or seats
	Per int              `json:"per"` // one more for every per of the count, 1..52
}

// canonical clears what rule r does not read.
func (r *Rule) canonical() {
	if !r.Type.UsesValue() {
		r.Value, r.Scale = 0, Scale{}
	}
	if r.Type != cardrules.LockRank && r.Type != cardrules.BanRank {
		r.Rank = 0
	}
	if !r.Type.NamesSuit() {
		r.Suit = cardrules.AnySuit
	}
	if r.Type != cardrules.Suppress {
		r.Suppresses = cardrules.NoSuppressed
	}
	r.Stack = r.stacking()
}

// stacking is rule r's stacking mode as its canonical form has it.
func (r *Rule) stacking() cardrules.Stacking {
	e := Effect{Type: r.Type, Lasts: Lasting{Stack: r.Stack}}
	return e.stacking()
}

// checkAt adds the problems of effect e's resolution point (at path p) to
// ps.
func (g *Genome) checkAt(ps *Problems, p string, e *Effect) {
	switch {
	case e.At == cardrules.ResolveNow:
	case e.At >= cardrules.NumResolves:
		ps.add(p+".at", "unknown resolution point %d", e.At)
	case !e.Type.CanWait():
		ps.add(p+".at", "only draw_cards and force_discard can resolve later (%s)", e.Type)
	case e.Gate:
		ps.add(p+".gate", "an effect that resolves later cannot keep its card from being played")
	}
}

// checkRules adds the problems of the continuous rules to ps.
func (g *Genome) checkRules(ps *Problems) {
	if len(g.Rules) > cardrules.MaxRules {
		ps.add("$.rules", "at most %d rules, got %d", cardrules.MaxRules, len(g.Rules))
	}
	for i := range g.Rules {
		r := &g.Rules[i]
		p := fmt.Sprintf("$.rules[%d]", i)
		if r.Type >= cardrules.NumEffectTypes || !r.Type.Lasts() {
			ps.add(p+".type", "a rule holds a lasting type (lock_suit, lock_rank, ban_suit, ban_rank, draw_limit, miss_turns, bonus or suppress), got %s", r.Type)
			continue
		}
		if why := g.lastingActs(r.Type); why != "" {
			ps.add(p+".type", "%s", why)
		}
		if r.Who >= cardrules.NumWhos {
			ps.add(p+".who", "unknown rule holder %d", r.Who)
		}
		g.checkCondition(ps, p+".if", r.If)
		if r.If.Of == cardrules.CondTarget {
			ps.add(p+".if.of", "a rule has no target: test each seat's own hand (hand)")
		}
		if r.Type.UsesValue() {
			if r.Value < 1 || r.Value > cardrules.MaxEffectValue {
				ps.add(p+".value", "%s needs a value from 1 to %d, got %d", r.Type, cardrules.MaxEffectValue, r.Value)
			}
			switch s := r.Scale; {
			case s == Scale{}:
			case !s.By.ScalesBy():
				ps.add(p+".scale.by", "a value scales by hand, stock, pile or seats, got %s", s.By)
			case s.Per < 1 || s.Per > cardrules.NumCards:
				ps.add(p+".scale.per", "one more for every 1 to %d, got %d", cardrules.NumCards, s.Per)
			}
		} else {
			if r.Value != 0 {
				ps.add(p+".value", "%s takes no value", r.Type)
			}
			if r.Scale != (Scale{}) {
				ps.add(p+".scale", "%s has no value to scale", r.Type)
			}
		}
		switch {
		case r.Type == cardrules.LockRank || r.Type == cardrules.BanRank:
			if r.Rank == cardrules.Joker {
				ps.add(p+".rank", "a rule cannot lock or ban jokers, only a standard rank")
			} else if r.Rank >= cardrules.NumRanks {
				ps.add(p+".rank", "rank %d out of range", r.Rank)
			}
		case r.Rank != 0:
			ps.add(p+".rank", "%s names no rank", r.Type)
		}
		switch {
		case r.Type.NamesSuit():
			if r.Suit == cardrules.AnySuit || r.Suit >= cardrules.NumTriggerSuits {
				ps.add(p+".suit", "%s needs a suit (clubs, diamonds, hearts or spades)", r.Type)
			}
		case r.Suit != cardrules.AnySuit:
			ps.add(p+".suit", "%s names no suit", r.Type)
		}
		if r.Key < 0 || r.Key > cardrules.MaxStackKey {
			ps.add(p+".key", "a stacking key from 0 to %d, got %d", cardrules.MaxStackKey, r.Key)
		}
		if r.Stack >= cardrules.NumStacks {
			ps.add(p+".stack", "unknown stacking mode %d", r.Stack)
		} else if j := slices.IndexFunc(g.Effects, func(x Effect) bool {
			return x.Type == r.Type && x.Lasts.Key == r.Key && x.stacking() != r.stacking()
		}); j >= 0 {
			ps.add(p+".stack", "effect %d is %s with stacking key %d too, so they stack alike, but say %s and %s", j, r.Type, r.Key, g.Effects[j].Lasts.Stack, r.Stack)
		} else if j := slices.IndexFunc(g.Rules[:i], func(x Rule) bool {
			return x.Type == r.Type && x.Key == r.Key && x.stacking() != r.stacking()
		}); j >= 0 {
			ps.add(p+".stack", "rules %d and %d are both %s with stacking key %d, so they stack alike, but say %s and %s", j, i, r.Type, r.Key, g.Rules[j].Stack, r.Stack)
		}
		checkSuppresses(ps, p+".suppresses", r.Type, r.Suppresses)
	}
}
