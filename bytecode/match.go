package bytecode

import "github.com/darwinsim/darwinsim/internal/cardrules"

// The MATCH block (tag TailMatch) follows the END section's conditions
// when the game is a match of several deals or scores at a deal's end
// (absent otherwise, so a one-deal program without those scores is byte
// for byte what it was):
//
//	deals u8 (0: one deal, not a match; else 1..255)
//	target u16 (the total that ends a match; 0: none, and 0 without a match)
//	flags u8 (bit 0: shooting the moon, only with card scoring rules;
//	    bit 1: the pass fields follow, only in a match; bit 2: the
//	    finishing scores follow)
//	hand rule count n (0..13), then n x (kind u8, value u8, points u8:
//	    1..50), sorted as the card scoring rules are
//	with flag bit 1, the pass before each deal (pass.go): count u8
//	    (1..13, at most the cards a seat is dealt at every seat count),
//	    direction count d (1..4), then d x direction u8 (0 left, 1 right,
//	    2 across: 4 seats only, 3 none, 4 finishing), their shortest
//	    cycle, not all none
//	with flag bit 2, the finishing scores (pass.go): count f (1..the
//	    most seats), then f x points u8 (0..50, the last not 0)
//
// A tail that says nothing (one deal, no moon, no hand rule) is refused:
// the canonical program omits it.

// MatchFlagMoon is the MATCH block's flag of shooting the moon.
const MatchFlagMoon = 1 << 0

// Match is the decoded MATCH block (the zero value when absent).
type Match struct {
	Deals  int // 0: one deal
	Target int
	Moon   bool
	Hand   []ScoreRule // points per card left in hand at a deal's end
	// The pass before each deal: the cards each seat passes (0: no
	// passing) and the directions in rotation by deal number.
	PassCount int
	PassTo    []cardrules.PassTo
	Finish    []int // points per place in a deal's finishing order
	PassAt    int   // the pass fields' offset (0: absent)
	FinishAt  int   // the finishing scores' offset (0: absent)
	At        int   // the tail's offset (0: absent)
	HandAt    []int // each hand rule's offset
}

// AppendMatch appends the MATCH block (nothing when m says nothing).
func AppendMatch(out []byte, m Match) []byte {
	if m.Deals == 0 && !m.Moon && len(m.Hand) == 0 && len(m.Finish) == 0 {
		return out
	}
	var flags byte
	if m.Moon {
		flags |= MatchFlagMoon
	}
	if m.PassCount > 0 {
		flags |= MatchFlagPass
	}
	if len(m.Finish) > 0 {
		flags |= MatchFlagFinish
	}
	out = append(out, TailMatch, byte(m.Deals), byte(m.Target), byte(m.Target>>8), flags, byte(len(m.Hand)))
	for _, r := range m.Hand {
		out = append(out, byte(r.Kind), byte(r.Value), byte(r.Points))
	}
	return appendPass(out, m)
}

// readMatch reads the MATCH block, after its tag.
func readMatch(r *reader, im *Image) {
	m := &im.Match
	m.At = r.off
	at := r.off
	m.Deals = r.u8()
	tat := r.off
	m.Target = r.u16()
	fat := r.off
	flags := r.u8()
	if r.truncated {
		return
	}
	if m.Target > cardrules.MaxTarget || m.Deals == 0 && m.Target != 0 {
		r.fail(tat, "match target %d: 0..%d, and 0 without a match", m.Target, cardrules.MaxTarget)
	}
	if flags&^(MatchFlagMoon|MatchFlagPass|MatchFlagFinish) != 0 {
		r.fail(fat, "unknown match flags 0x%02x", flags&^(MatchFlagMoon|MatchFlagPass|MatchFlagFinish))
	}
	m.Moon = flags&MatchFlagMoon != 0
	if m.Moon && len(im.ScoreRules) == 0 {
		r.fail(fat, "shooting the moon without card scoring rules")
	}
	hat := r.off
	n := r.u8()
	if n > cardrules.MaxHandRules {
		r.fail(hat, "%d hand scoring rules, at most %d", n, cardrules.MaxHandRules)
	}
	for i := 0; i < n && !r.truncated; i++ {
		rat := r.off
		m.HandAt = append(m.HandAt, rat)
		sr := ScoreRule{Kind: cardrules.MatchKind(r.u8()), Value: r.u8(), Points: r.u8()}
		if sr.Value > 0xff || !(cardrules.Match{Kind: sr.Kind, Value: uint8(sr.Value)}).Valid() {
			r.fail(rat, "hand scoring rule kind %d value %d out of range", sr.Kind, sr.Value)
		} else if !matchesDeck(im, sr) {
			r.fail(rat, "hand scoring rule matches no card of the deck")
		}
		if sr.Points < 1 || sr.Points > cardrules.MaxHandPoints {
			r.fail(rat+2, "hand scoring rule of %d points, want 1..%d", sr.Points, cardrules.MaxHandPoints)
		}
		if len(m.Hand) > 0 && lessRule(sr, m.Hand[len(m.Hand)-1]) {
			r.fail(rat, "hand scoring rules must be sorted by kind, value and points")
		}
		m.Hand = append(m.Hand, sr)
	}
	if n > 0 && im.Hand == cardrules.HandPile {
		r.fail(hat, "hand scoring rules with pile hands")
	}
	readPass(r, im, flags, fat)
	if m.Deals == 0 && !m.Moon && n == 0 && len(m.Finish) == 0 {
		r.fail(at, "a MATCH block that says nothing (canonically absent)")
	}
	if m.Deals > 0 && im.Rank == cardrules.RankCards {
		r.fail(at, "a match is won on total score, but the program ranks by cards")
	}
}

// matchesDeck reports whether rule sr matches a card of the deck.
func matchesDeck(im *Image, sr ScoreRule) bool {
	for _, c := range im.Deck() {
		if sr.Matches(c) {
			return true
		}
	}
	return false
}

// disasmMatch renders the MATCH block.
func disasmMatch(line func(off int, format string, args ...any), m *Match) {
	if m.At == 0 {
		return
	}
	line(m.At, "  match deals %d target %d moon %t, %d hand rules", m.Deals, m.Target, m.Moon, len(m.Hand))
	for i, sr := range m.Hand {
		line(m.HandAt[i], "    hand %s %s: %d points", sr.Kind, cardrules.Match{Kind: sr.Kind, Value: uint8(sr.Value)}, sr.Points)
	}
	disasmPass(line, m)
}
