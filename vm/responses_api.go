package vm

// HasResponses reports whether the program has response abilities: some
// rank may answer an effect of some type in a response window. Only such
// a program's games can count responses and cancelled effects (Result's
// Responses and Cancelled), so a report may leave them out for the others.
func (p *Program) HasResponses() bool { return p.answers != 0 }
