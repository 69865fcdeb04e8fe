package bytecode

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// CardName names card c ("QS", "10H"; a second pack's copy has its face's
// name), or "card(n)" for a byte that is no card.
func CardName(c uint8) string {
	if !cardrules.Card(c).Valid() {
		return fmt.Sprintf("card(%d)", c)
	}
	return cardrules.Card(c).String()
}

func rankList(mask uint16) string {
	var names []string
	for r := range cardrules.Joker + 1 {
		if mask&(1<<r) != 0 {
			names = append(names, r.String())
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ",")
}

// Disassemble renders a program one instruction (or field group) per line,
// each starting with the byte offset at which Read found it. A program that
// does not verify is reported with its errors instead.
func Disassemble(p []byte) (string, error) {
	im, err := Read(p)
	if err != nil {
		return "", err
	}
	at := &im.At
	var b strings.Builder
	line := func(off int, format string, args ...any) {
		fmt.Fprintf(&b, "%04x  %s\n", off, fmt.Sprintf(format, args...))
	}
	sec := func(i int) {
		off := at.Sections[i]
		line(off, "%s len %d", Op(p[off]), binary.LittleEndian.Uint16(p[off+1:]))
	}
	line(0, "MAGIC %q format %d semantics %d length %d", p[:4], p[4], p[5], binary.LittleEndian.Uint16(p[6:8]))

	sec(0)
	line(at.Seats, "  seats %d..%d default %d", im.SeatsMin, im.SeatsMax, im.SeatsDefault)
	line(at.Hand, "  hand %s", im.Hand)
	var flags []string
	for _, f := range []struct {
		bit  uint8
		name string
	}{{FlagStarter, "starter"}, {FlagReshuffle, "reshuffle"}, {FlagDealAll, "deal_all"},
		{FlagReshuffleAtOnce, "reshuffle_at_once"}, {FlagStarterFires, "starter_fires"}, {FlagLastCardInert, "last_card_inert"}} {
		if im.Flags&f.bit != 0 {
			flags = append(flags, f.name)
		}
	}
	if im.Order != cardrules.OrderAceHigh {
		flags = append(flags, im.Order.String())
	}
	if len(flags) == 0 {
		flags = []string{"none"}
	}
	line(at.Flags, "  flags %s", strings.Join(flags, ","))
	line(at.Deal, "  deal %d per seat, %d overrides", im.DealCards, len(im.Overrides))
	for i, ov := range im.Overrides {
		line(at.Overrides[i], "    %d seats: %d cards", ov.Seats, ov.Cards)
	}
	var suits []string
	for s := range cardrules.Suit(cardrules.NumSuits) {
		if im.SuitMask&(1<<s) != 0 {
			suits = append(suits, s.String())
		}
	}
	jokers := ""
	if im.Jokers > 0 {
		jokers = fmt.Sprintf(" jokers %d", im.Jokers)
	}
	if im.Packs > 1 {
		jokers += fmt.Sprintf(" packs %d", im.Packs)
	}
	line(at.Deck, "  deck ranks %s suits %s%s (%d cards)", rankList(im.RankMask), strings.Join(suits, ","), jokers, len(im.Deck()))
	var removed []string
	for _, c := range im.Remove {
		removed = append(removed, CardName(c))
	}
	if len(removed) == 0 {
		removed = []string{"none"}
	}
	line(at.Remove, "  remove %s", strings.Join(removed, ","))
	lead := "none"
	if im.LeadCard != NoCard {
		lead = CardName(uint8(im.LeadCard))
	}
	line(at.Meld, "  meld %d lead_card %s teams %d", im.Meld, lead, im.Teams)
	line(at.Score, "  score trick %d meld %d, %d card rules", im.ScoreTrick, im.ScoreMeld, len(im.ScoreRules))
	for i, sr := range im.ScoreRules {
		m := cardrules.Match{Kind: sr.Kind, Value: uint8(sr.Value)}
		line(at.ScoreRules[i], "    %s %s: %d points", sr.Kind, m, sr.Points)
	}
	line(at.TurnCap, "  turn_cap %d", im.TurnCap)
	line(at.StarterNot, "  starter_not %s", rankList(im.StarterNot))
	if im.Layout != 0 || im.ScoreSweep != 0 || im.Refill {
		refill := ""
		if im.Refill {
			refill = " refill"
		}
		line(at.Layout, "  layout %d sweep %d%s", im.Layout, im.ScoreSweep, refill)
	}

	sec(1)
	for i, ph := range im.Phases {
		off := at.Phases[i]
		switch ph.Op {
		case OpPlay:
			line(off, "  PLAY legal %s prefer %s draw_max %d name_suit %s draw %s pass %s play_drawn %t", predRef(ph.Pred), predRef(ph.Prefer), ph.DrawMax, rankList(ph.NameSuit), ph.Draw, ph.Pass, ph.PlayDrawn)
		case OpTrick:
			line(off, "  TRICK lead %s lead_prefer %s legal %s prefer %s trump %s", predRef(ph.Lead), predRef(ph.LeadPrefer), predRef(ph.Pred), predRef(ph.Prefer), ph.Trump)
		case OpTake:
			line(off, "  TAKE from %s", ph.From)
		case OpAsk:
			line(off, "  ASK")
		case OpTableau:
			line(off, "  TABLEAU start %s", ph.Start)
		case OpBattle:
			line(off, "  BATTLE war_face_down %d returns %s", ph.WarFaceDown, ph.Returns)
		case OpDraw:
			line(off, "  DRAW count %d", ph.Count)
		case OpClimb:
			line(off, "  CLIMB max %d", ph.Max)
		case OpCapture:
			line(off, "  CAPTURE equal_first %t", ph.EqualFirst)
		case OpClaim:
			line(off, "  CLAIM claims %s start %s max %d", ph.Claims, ph.Start, ph.Max)
		case OpMeld:
			line(off, "  MELD sets %d runs %d lay %s knock %d", ph.Sets, ph.Runs, ph.Lay, ph.Knock)
		case OpTurnUp:
			var ds []string
			for r, n := range ph.Demand {
				if n > 0 {
					ds = append(ds, fmt.Sprintf("%s:%d", cardrules.Rank(r), n))
				}
			}
			line(off, "  TURN_UP returns %s demands %s", ph.Returns, strings.Join(ds, ","))
		}
	}

	sec(2)
	line(at.Preds, "  %d predicates", len(im.Preds))
	for i, pred := range im.Preds {
		off := im.PredOffsets[i]
		line(off, "  pred %d:", i)
		for j := 0; j < len(pred); j++ {
			op := Op(pred[j])
			switch op {
			case OpRank:
				line(off+j, "    RANK %s", cardrules.Rank(pred[j+1]))
				j++
			case OpSuit, OpPlayed:
				line(off+j, "    %s %s", op, cardrules.Suit(pred[j+1]))
				j++
			default:
				line(off+j, "    %s", op)
			}
		}
	}

	sec(3)
	line(at.Until, "  until %s rank %s blocked %d", im.Until, im.Rank, im.Blocked)
	for i, c := range im.Conditions {
		line(at.Conditions[i], "  when %s result %s", c.Event, c.Result)
	}
	disasmMatch(line, &im.Match)
	if c := im.Chips; c.Stake > 0 {
		line(at.Chips, "  chips stake %d ante %d pass %d per_card %d", c.Stake, c.Ante, c.Pass, c.PerCard)
	}
	disasmTally(line, &im.Tally)
	if im.Out.At != 0 {
		line(im.Out.At, "  out deadwood: gin %d undercut %d", im.Out.Gin, im.Out.Undercut)
	}
	if k := im.Contract; k.At != 0 {
		line(k.At, "  bid contract: trick %d over %d bags %d penalty %d nil %d", k.Trick, k.Over, k.Bags, k.Penalty, k.Nil)
	}
	if b := im.Betting; b.At != 0 {
		line(b.At, "  bet: bet %d raises %d blind %d draw %d showdown %t", b.Bet, b.Raises, b.Blind, b.Draw, b.Showdown)
	}
	if d := im.Dealer; d.At != 0 {
		line(d.At, "  dealer: wager %d stand %d soft_hits %t", d.Wager, d.Stand, d.SoftHits)
	}

	line(at.Sections[4], "EFFECTS count %d", len(im.Effects))
	for i, e := range im.Effects {
		raw := e.Value
		if e.Gate {
			raw |= EffectGate
		}
		if e.Random {
			raw |= EffectRandom
		}
		s := fmt.Sprintf("  %02x %02x %02x %02x  rank %s", e.Rank|uint8(e.Suit)<<4, uint8(e.Type), uint8(e.Target), raw, cardrules.Rank(e.Rank))
		if e.Suit != cardrules.AnySuit {
			s += " of " + e.Suit.String()
		}
		s += " " + e.Type.String()
		if e.Type.UsesTarget() {
			s += " target " + e.Target.String()
		}
		if e.Gate {
			s += " gated"
		}
		if e.Random {
			s += " random"
		}
		if e.Type.UsesValue() {
			s += fmt.Sprintf(" value %d", e.Value)
		}
		s += ": " + e.Type.Phrase(e.Target, int(e.Value))
		if e.Random {
			s += " at random"
		}
		if e.Gate {
			s += ", not playable while it cannot resolve"
		}
		line(at.Effects[i], "%s", s)
	}
	im.disasmResponses(line)
	im.disasmTriggers(line)
	im.disasmLasting(line)
	im.disasmRules(line)
	return b.String(), nil
}

func predRef(i int) string {
	if i == NoPred {
		return "-"
	}
	return fmt.Sprintf("pred %d", i)
}
