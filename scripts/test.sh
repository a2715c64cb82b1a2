#!/usr/bin/env bash
# The test command: installs what a fresh machine lacks, runs every test, validates every mission,
# and renders a screenshot under Xvfb that must not be blank.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cargo test --locked
cargo run --locked --quiet -- validate assets/*.ron missions/*.ron tests/maps/*.ron
if [ -x scripts/screenshot.sh ]; then
    scripts/screenshot.sh missions/01-first-light.ron target/screenshot.png
fi
