package bytecode

import (
	"encoding/binary"
	"fmt"
	"strings"
)

var rankNames = [NumRanks]string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}
var suitNames = [NumSuits]string{"clubs", "diamonds", "hearts", "spades"}
var suitLetters = [NumSuits]string{"C", "D", "H", "S"}
var effectNames = [NumEffectTypes]string{"skip_next", "reverse", "draw_cards", "extra_turn", "force_discard"}
var targetNames = [NumTargets]string{"-", "next", "previous", "all_opponents", "random_opponent", "self"}

// CardName names card c ("QS", "10H").
func CardName(c uint8) string {
	if c >= NumCards {
		return fmt.Sprintf("card(%d)", c)
	}
	return rankNames[c%NumRanks] + suitLetters[c/NumRanks]
}

func rankList(mask uint16) string {
	var names []string
	for r := range NumRanks {
		if mask&(1<<r) != 0 {
			names = append(names, rankNames[r])
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ",")
}

// Disassemble renders a program one instruction (or field group) per line,
// each starting with its byte offset. A program that does not verify is
// reported with its errors instead.
func Disassemble(p []byte) (string, error) {
	im, err := Read(p)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	line := func(off int, format string, args ...any) {
		fmt.Fprintf(&b, "%04x  %s\n", off, fmt.Sprintf(format, args...))
	}
	line(0, "MAGIC %q format %d semantics %d length %d", p[:4], p[4], p[5], binary.LittleEndian.Uint16(p[6:8]))
	off := HeaderSize
	sec := func(op Op) int {
		n := int(binary.LittleEndian.Uint16(p[off+1:]))
		line(off, "%s len %d", op, n)
		off += 3
		return off + n
	}
	end := sec(OpSetup)
	line(off, "  seats %d..%d default %d", im.SeatsMin, im.SeatsMax, im.SeatsDefault)
	hand := "fan"
	if im.Hand == HandPile {
		hand = "pile"
	}
	line(off+3, "  hand %s", hand)
	var flags []string
	for _, f := range []struct {
		bit  uint8
		name string
	}{{FlagStarter, "starter"}, {FlagReshuffle, "reshuffle"}, {FlagDealAll, "deal_all"}} {
		if im.Flags&f.bit != 0 {
			flags = append(flags, f.name)
		}
	}
	if len(flags) == 0 {
		flags = []string{"none"}
	}
	line(off+4, "  flags %s", strings.Join(flags, ","))
	line(off+5, "  deal %d per seat, %d overrides", im.DealCards, len(im.Overrides))
	o := off + 7
	for _, ov := range im.Overrides {
		line(o, "    %d seats: %d cards", ov.Seats, ov.Cards)
		o += 2
	}
	var suits []string
	for s := range NumSuits {
		if im.SuitMask&(1<<s) != 0 {
			suits = append(suits, suitNames[s])
		}
	}
	line(o, "  deck ranks %s suits %s (%d cards)", rankList(im.RankMask), strings.Join(suits, ","), len(im.Deck()))
	o += 3
	var removed []string
	for _, c := range im.Remove {
		removed = append(removed, CardName(c))
	}
	if len(removed) == 0 {
		removed = []string{"none"}
	}
	line(o, "  remove %s", strings.Join(removed, ","))
	o += 1 + len(im.Remove)
	lead := "none"
	if im.LeadCard != NoCard {
		lead = CardName(uint8(im.LeadCard))
	}
	line(o, "  meld %d lead_card %s teams %d", im.Meld, lead, im.Teams)
	o += 3
	line(o, "  score trick %d meld %d, %d card rules", im.ScoreTrick, im.ScoreMeld, len(im.ScoreRules))
	o += 3
	for _, sr := range im.ScoreRules {
		var m string
		switch sr.Kind {
		case MatchRank:
			m = "rank " + rankNames[sr.Value]
		case MatchSuit:
			m = "suit " + suitNames[sr.Value]
		default:
			m = "card " + CardName(uint8(sr.Value))
		}
		line(o, "    %s: %d points", m, sr.Points)
		o += 3
	}
	line(o, "  turn_cap %d", im.TurnCap)
	off = end

	end = sec(OpTurn)
	for _, ph := range im.Phases {
		switch ph.Op {
		case OpPlay:
			line(off, "  PLAY legal %s prefer %s draw_max %d name_suit %s", predRef(ph.Pred), predRef(ph.Prefer), ph.DrawMax, rankList(ph.NameSuit))
		case OpTrick:
			line(off, "  TRICK lead %s lead_prefer %s legal %s prefer %s trump %s", predRef(ph.Lead), predRef(ph.LeadPrefer), predRef(ph.Pred), predRef(ph.Prefer),
				[...]string{"none", "clubs", "diamonds", "hearts", "spades", "last_dealt"}[ph.Trump])
		case OpTake:
			line(off, "  TAKE from %s", targetNames[ph.From])
		case OpAsk:
			line(off, "  ASK")
		case OpBattle:
			ret := "shuffled"
			if ph.Returns == ReturnsInOrder {
				ret = "in_order"
			}
			line(off, "  BATTLE war_face_down %d returns %s", ph.WarFaceDown, ret)
		case OpDraw:
			line(off, "  DRAW count %d", ph.Count)
		}
		info, _ := ph.Op.Info()
		off += 1 + info.Operands
	}
	off = end

	end = sec(OpCode)
	line(off, "  %d predicates", p[off])
	for i, pred := range im.Preds {
		at := im.PredOffsets[i]
		line(at, "  pred %d:", i)
		for j := 0; j < len(pred); j++ {
			op := Op(pred[j])
			switch op {
			case OpRank:
				line(at+j, "    RANK %s", rankNames[pred[j+1]])
				j++
			case OpSuit, OpPlayed:
				line(at+j, "    %s %s", op, suitNames[pred[j+1]])
				j++
			default:
				line(at+j, "    %s", op)
			}
		}
	}
	off = end

	end = sec(OpEnd)
	line(off, "  until %s rank %s", [...]string{"first_out", "one_left", "hands_empty", "no_cards"}[im.Until], [...]string{"cards", "score_low", "score_high"}[im.Rank])
	for i, c := range im.Conditions {
		line(off+3+2*i, "  when %s result %s", [...]string{"hand_empty"}[c.Event], [...]string{"win", "lose"}[c.Result])
	}
	off = end

	line(off, "EFFECTS count %d", len(im.Effects))
	off += 2
	for _, e := range im.Effects {
		s := fmt.Sprintf("  %02x %02x %02x %02x  rank %s %s", e.Rank, e.Type, e.Target, e.Value, rankNames[e.Rank], effectNames[e.Type])
		if EffectUsesTarget(e.Type) {
			s += " target " + targetNames[e.Target]
		}
		if EffectUsesValue(e.Type) {
			s += fmt.Sprintf(" value %d", e.Value)
		}
		line(off, "%s", s)
		off += 4
	}
	return b.String(), nil
}

func predRef(i int) string {
	if i == NoPred {
		return "-"
	}
	return fmt.Sprintf("pred %d", i)
}
