package bytecode_test

import (
	"testing"

	"github.com/darwinsim/darwinsim/bytecode"
	"github.com/darwinsim/darwinsim/internal/cardrules"
)

// TestEvalSetOrder: rank comparisons follow the deck's order. "card.rank >
// top.rank" on the king of clubs allows the aces with aces high, nothing
// above a king but the aces with twos high (and the twos), and no ace with
// aces low; "card.rank < 3" allows the twos with aces high, the aces and
// twos with aces low, and nothing with twos high.
func TestEvalSetOrder(t *testing.T) {
	gt := []byte{byte(bytecode.OpCardRank), byte(bytecode.OpTopRank), byte(bytecode.OpGt), byte(bytecode.OpRet)}
	lt3 := []byte{byte(bytecode.OpCardRank), byte(bytecode.OpRank), 1, byte(bytecode.OpLt), byte(bytecode.OpRet)}
	kc := uint8(cardrules.NewCard(11, 0))
	ranks := func(set uint64) (out uint16) {
		for c := range uint8(52) {
			if set&(1<<c) != 0 {
				out |= 1 << (c % 13)
			}
		}
		return out
	}
	const two, ace = 1 << 0, 1 << 12
	for _, tc := range []struct {
		order   cardrules.RankOrder
		gt, lt3 uint16
	}{
		{cardrules.OrderAceHigh, ace, two},
		{cardrules.OrderAceLow, 0, ace | two},
		{cardrules.OrderTwoHigh, ace | two, 0},
	} {
		if got := ranks(bytecode.EvalSet(gt, tc.order, kc, 0, 0)); got != tc.gt {
			t.Errorf("%s: card.rank > top.rank on KC allows ranks %013b, want %013b", tc.order, got, tc.gt)
		}
		if got := ranks(bytecode.EvalSet(lt3, tc.order, kc, 0, 0)); got != tc.lt3 {
			t.Errorf("%s: card.rank < 3 allows ranks %013b, want %013b", tc.order, got, tc.lt3)
		}
	}
}
