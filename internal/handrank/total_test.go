package handrank

import "testing"

func TestTotals(t *testing.T) {
	for _, tc := range []struct {
		hand  string
		total int
		soft  bool
	}{
		{"", 0, false},
		{"AS KD", 21, true},
		{"AS AD", 12, true},
		{"AS AD KH", 12, false},
		{"10C 6D AH", 17, false},
		{"AS 6D", 17, true},
		{"AS AS", 12, true},
		{"AS AS AH AD AC", 15, true},
		{"2C 3D 4H 5S 6C 7D 8H 9S 10C", 54, false},
		{"JC QD KH", 30, false},
		{"KH 5D 6C", 21, false},
		{"AS 10D", 21, true},
		{"AS 9D AH", 21, true},
		{"Joker Joker 7C", 7, false},
		{"Joker", 0, false},
		{"9H 9H AS", 19, false},
	} {
		hand, hand2, cards := parseHand(t, tc.hand)
		total, soft := Total(hand, hand2)
		if total != tc.total || soft != tc.soft {
			t.Errorf("Total(%q) = %d %v, want %d %v", tc.hand, total, soft, tc.total, tc.soft)
		}
		total, soft = SlowTotal(cards)
		if total != tc.total || soft != tc.soft {
			t.Errorf("SlowTotal(%q) = %d %v, want %d %v", tc.hand, total, soft, tc.total, tc.soft)
		}
	}
}
