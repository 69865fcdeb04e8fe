package main

import (
	"fmt"
	"strings"

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
