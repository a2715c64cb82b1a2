#!/usr/bin/env bash
# The test command: installs what a fresh machine lacks, runs every test, validates every mission,
# renders a screenshot under Xvfb that must not be blank, and plays two turns in a real window
# driven by xdotool (scripts/e2e.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cargo test --locked
cargo run --locked --quiet -- validate assets/*.ron missions/*.ron tests/maps/*.ron
scripts/screenshot.sh missions/01-first-light.ron target/screenshot.png
scripts/e2e.sh
