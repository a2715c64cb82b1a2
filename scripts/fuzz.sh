#!/usr/bin/env bash
# The long fuzz run (issue 12): 10,080 whole games, every shipped mission at every hazard, 140
# games each for the random bot and for the greedy bot (GAMES=N changes the 140), every command
# followed by the invariants and every game replayed from its command list to the same state byte
# for byte. Prints each bot's table and time; a game that breaks anything is named and its save
# left in target/fuzz-failures/ (replay or watch it), and the run exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cargo build --release --locked --quiet
games="${GAMES:-140}"
status=0
for bot in random greedy; do
    /usr/bin/time -f "fuzz: the $bot bot's games took %e s, %M KB at most" \
        target/release/hoxxes simulate --all --hazard all --games "$games" --bot "$bot" --check \
        --failures target/fuzz-failures --json "target/fuzz-$bot.json" || status=1
done
exit $status
