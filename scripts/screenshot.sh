#!/usr/bin/env bash
# Renders a mission under Xvfb (software Vulkan) and saves one frame as a PNG:
#   scripts/screenshot.sh [MISSION.ron] [OUT.png] [more hoxxes arguments, e.g. --dwarves Scout,Gunner]
# The game itself reads the PNG back and fails when it is blank; this script also fails when the
# file is missing, not a PNG, or suspiciously small.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/e2e-lib.sh   # E2E_SCREEN, the virtual screen
mission="${1:-missions/01-first-light.ron}"
out="${2:-target/screenshot.png}"
shift $(( $# < 2 ? $# : 2 ))

scripts/deps.sh
cargo build --release --locked --quiet
runtime="$(mktemp -d)"
chmod 700 "$runtime"
trap 'rm -rf "$runtime"' EXIT
rm -f "$out"
mkdir -p "$(dirname "$out")"

XDG_RUNTIME_DIR="$runtime" BEVY_ASSET_ROOT="$PWD" \
    xvfb-run -a -s "-screen 0 $E2E_SCREEN" \
    target/release/hoxxes screenshot --mission "$mission" --out "$out" "$@"

python3 - "$out" <<'EOF'
import sys
path = sys.argv[1]
data = open(path, "rb").read()
if not data.startswith(b"\x89PNG\r\n\x1a\n"):
    sys.exit(f"{path}: not a PNG")
if len(data) < 20_000:
    sys.exit(f"{path}: only {len(data)} bytes, the picture is blank")
print(f"{path}: {len(data) // 1024} KB")
EOF
