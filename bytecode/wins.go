package bytecode

// verifyWins checks, once the phases are read, that what the program
// scores for cards won can be won: tricks by a trick phase, the cards won
// by tricks or captures, sweeps and a layout by a capture phase.
func verifyWins(r *reader, im *Image, start int) {
	trick, capture := false, false
	for _, ph := range im.Phases {
		trick = trick || ph.Op == OpTrick
		capture = capture || ph.Op == OpCapture
	}
	if im.ScoreTrick > 0 && !trick {
		r.fail(start, "the program scores tricks but no phase plays tricks")
	}
	if len(im.ScoreRules) > 0 && !trick && !capture {
		r.fail(start, "the program scores the cards won but no phase wins any (tricks or captures)")
	}
	if im.ScoreSweep > 0 && !capture {
		r.fail(start, "the program scores sweeps but no phase captures")
	}
	if im.Layout > 0 && !capture {
		r.fail(start, "a layout that no capture phase could ever take")
	}
}
