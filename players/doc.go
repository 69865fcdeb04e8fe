// Package players builds the players of a game from policy specs, and
// holds the search players that think ahead.
//
// A policy spec names how one seat plays: "random" and "greedy" are the
// VM's built-in policies (vm.Random, vm.Greedy), which the machine plays
// in its own loop; "ismcts:N" is an information-set Monte Carlo tree
// search of N iterations per decision that sees only its seat's view
// (Search), and "mcts:N" the same search allowed to see every card, which
// exists only to measure what peeking is worth. Further fields set the
// search's exploration constant and its rollouts ("ismcts:500:1.0",
// "ismcts:500:greedy", "ismcts:500:1.0:greedy"): random rollouts by
// default, or greedy ones that play as the Greedy policy would four times
// in five, which make a stronger player for the same iterations at some
// cost in speed (bench/RESULTS.md). Parse and ParseList
// read specs; Configure turns a list of them into a vm.BatchConfig's
// policies and its factory of players, so that each worker of a batch
// owns its search players and a batch is the same bytes for any worker
// count.
//
// A search decides by playing copies of the game to their end: it forks
// the game at the decision (vm.Machine.Fork), re-deals the cards its seat
// cannot see consistently with all the seat has seen
// (vm.Machine.Determinize), and plays the copy on (vm.Machine.Resume),
// with every seat of the copy decided by the search's tree or, past its
// leaves, by its rollouts. Its random numbers come from the seed the machine
// gives it for each game (vm.GameStarter).
package players
