#!/usr/bin/env bash
# Plays two turns of a 2-Dwarf mission in a real window, as a person would: the game under Xvfb,
# driven by xdotool mouse clicks and key presses, screenshots along the way (target/e2e/*.png).
# Then checks the game's own record (--record) holds exactly the commands played. A click that
# lands nowhere leaves the record short and fails the run.
#
# The clicks are at the pixels of First Light, seed 5, Scout and Gunner, in a 1280x720 window:
# the layout is fixed by the mission, so the spaces do not move.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cargo build --locked --quiet

out=target/e2e
rm -rf "$out"
mkdir -p "$out"
runtime="$(mktemp -d)"
chmod 700 "$runtime"
trap 'rm -rf "$runtime"' EXIT

XDG_RUNTIME_DIR="$runtime" BEVY_ASSET_ROOT="$PWD" OUT="$out" \
    xvfb-run -a -s "-screen 0 1280x720x24" bash -s <<'EOF'
set -euo pipefail
record="$OUT/record.ron"
target/debug/hoxxes --mission missions/01-first-light.ron --dwarves Scout,Gunner --seed 5 --record "$record" \
    >"$OUT/game.log" 2>&1 &
game=$!
trap 'kill $game 2>/dev/null || true' EXIT
window=$(timeout 120 xdotool search --sync --name hoxxes | head -1)
sleep 8
xdotool windowfocus --sync "$window"
shot() { sleep "$2"; xwd -root -silent | convert xwd:- "$OUT/$1.png"; }
press() { xdotool key --window "$window" "$1"; sleep 2; }
click() { xdotool mousemove "$1" "$2" click 1; sleep 2; }

press Tab; press Tab                 # the creatures' turn at Instant speed
shot 0-start 0
click 157 235                        # Scout: move two spaces right (a lit space)
press c; press 1                     # Scout: axe chop, spend the success on nothing
press q; shot 1-aiming 1             # Scout: Regular shot, targets lit
click 233 235                        # ... at a space in range
press 1                              # For Karl! is not played on that roll
press e; shot 2-cave-turn 2          # end of turn: the Event card, the Slasher's ambush
press 2                              # Gunner passes the reaction shot
shot 3-gunner 1
click 157 302                        # Gunner: move
press e; shot 4-after 4              # end of turn, the cave's turn again
EOF

python3 - "$out/record.ron" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
played = re.findall(r"^    ([A-Za-z]+)", text, re.M)
want = ["Move", "Chop", "Choose", "Shoot", "Choose", "EndTurn", "Choose", "Move", "EndTurn"]
if played != want:
    sys.exit(f"the game recorded {played}, expected {want}")
if "Chop(Nothing)" not in text or text.count("Pass") != 2:
    sys.exit(f"the choices recorded are not the ones made:\n{text}")
print(f"e2e: {len(played)} commands played through the window, as recorded; screenshots in target/e2e/")
EOF
