#!/usr/bin/env bash
# Runs the game in a window (installs the window and Vulkan packages first if they are missing).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
exec cargo run --release --locked -- "$@"
