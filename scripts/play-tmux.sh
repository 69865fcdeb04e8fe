#!/usr/bin/env bash
# Plays a whole game of `darwinsim play` in a real terminal: a detached tmux
# session runs `BIN play crazy-eights --seed 7`, and this script answers
# "1" and Enter to every prompt until the game ends, then checks that the
# pane shows the result line and the final standing and that the command
# exited 0. It checks what a pipe cannot: that the game reads a terminal,
# waits at each prompt and prints plain text there.
#
# Usage: scripts/play-tmux.sh [BIN]   (default bin/darwinsim; make play-test)
set -euo pipefail

bin=${1:-bin/darwinsim}
if ! command -v tmux >/dev/null 2>&1; then
	echo "play-tmux: tmux is not installed: skipped"
	exit 0
fi
if [ ! -x "$bin" ]; then
	echo "play-tmux: $bin is not an executable (run make build)" >&2
	exit 1
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

# A server of our own (-L), with no configuration (-f /dev/null), so that
# neither a user's tmux server nor their settings play any part.
sock="darwinsim-play-test-$$"
tm() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'tm kill-server >/dev/null 2>&1 || true' EXIT

tm new-session -d -s play -x 160 -y 50 \
	"'$bin' play crazy-eights --seed 7; echo \"play exited \$?\"; sleep 600"
tm set-option -t play history-limit 100000 >/dev/null

# pane prints the whole pane, history included.
pane() { tm capture-pane -p -J -t play -S - -E -; }

answers=0
for _ in $(seq 1 3000); do
	screen=$(pane)
	if grep -q '^play exited ' <<<"$screen"; then
		break
	fi
	# The game waits at a prompt when the last line written ends with "> "
	# and nothing has been typed after it yet.
	last=$(grep -v '^[[:space:]]*$' <<<"$screen" | tail -n 1 || true)
	if [[ "$last" == *"q quit]> " || "$last" == *"q quit]>" ]]; then
		tm send-keys -t play 1 Enter
		answers=$((answers + 1))
	fi
	sleep 0.05
done

screen=$(pane)
fail() {
	echo "play-tmux: $1; the pane shows:" >&2
	tail -n 40 <<<"$screen" >&2
	exit 1
}
grep -q '^play exited ' <<<"$screen" || fail "the game did not end after $answers answers"
grep -q '^play exited 0$' <<<"$screen" || fail "play did not exit 0"
grep -Eq '^result: you (won|lost|and your partner won)|^result: a (tie|draw)' <<<"$screen" || fail "no result line"
grep -q '^final standing:$' <<<"$screen" || fail "no final standing"
# With -e, tmux writes the colours and attributes of the text as escape
# sequences: plain output has none.
if tm capture-pane -p -e -t play -S - -E - | grep -q $'\e'; then
	fail "colours or attributes (escape sequences) in the output"
fi
# The person answered exactly the prompts the game showed.
prompts=$(grep -c 'q quit\]> 1$' <<<"$screen" || true)
[ "$prompts" -eq "$answers" ] || fail "$answers answers sent for $prompts prompts answered"
echo "play-tmux: a whole game of crazy-eights played in tmux ($answers answers): $(grep '^result: ' <<<"$screen")"
