#!/usr/bin/env bash
# The test command: installs what a fresh machine lacks, checks the layout (cargo fmt) and the
# lints (clippy, no warning), runs every test, validates every mission,
# lets the simulator's bots play a few hundred whole games (every mission, every hazard, checking
# the invariants after every command and a byte-identical replay of each game), renders a
# screenshot under Xvfb that must not be blank, and plays two turns in a real window driven by
# xdotool (scripts/e2e.sh), and wins the whole Tutorial there (scripts/e2e-tutorial.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
# The code's layout and lints: rustfmt.toml's layout, and no clippy warning.
if command -v rustup >/dev/null; then rustup component add rustfmt clippy >/dev/null 2>&1 || true; fi
cargo fmt --check
# Everything from here is in the release profile only: one build of Bevy and the other
# dependencies serves the tests, the simulator and the window (a debug build besides would be a
# second one, some ten minutes on two cores), and clippy's check of them shares its build scripts
# and macros. Numbers are still checked for overflow there (Cargo.toml's [profile.release]); the
# debug assertions of the standard library and Bevy are not (the game's code has none of its own).
cargo clippy --release --all-targets --locked --quiet -- -D warnings
cargo build --release --locked --quiet
cargo test --release --locked
target/release/hoxxes validate assets/*.ron missions/*.ron tests/maps/*.ron
# A game that breaks anything fails the run; its save is left in target/simulate-failures/.
for bot in greedy random; do
    target/release/hoxxes simulate --all --hazard all --games 4 --bot "$bot" --check --failures target/simulate-failures
done
scripts/screenshot.sh missions/01-first-light.ron target/screenshot.png
scripts/e2e.sh
scripts/e2e-tutorial.sh
