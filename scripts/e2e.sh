#!/usr/bin/env bash
# Plays two turns of a 2-Dwarf mission in a real window, as a person would: the game under Xvfb,
# driven by xdotool mouse clicks and key presses, screenshots along the way (target/e2e/*.png).
# Then checks the game's own record (--record) holds exactly the commands played. A click that
# lands nowhere leaves the record short and fails the run. On the way it undoes and redoes a move
# (Ctrl+Z, Ctrl+Y); at the end it closes the game, starts `hoxxes` again with no arguments, and
# checks the game goes on where it was, kept in the same autosave.
#
# The clicks are at the pixels of First Light, seed 5, Scout and Gunner, in a 1280x720 window:
# the layout is fixed by the mission, so the spaces do not move.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/e2e-lib.sh   # E2E_SCREEN, the virtual screen
scripts/deps.sh
cargo build --release --locked --quiet

out=target/e2e
rm -rf "$out"
mkdir -p "$out"
runtime="$(mktemp -d)"
chmod 700 "$runtime"
trap 'rm -rf "$runtime"' EXIT
# The game's saves go here, not into the player's own data folder.
export HOXXES_DATA="$out/data"

XDG_RUNTIME_DIR="$runtime" BEVY_ASSET_ROOT="$PWD" OUT="$out" \
    xvfb-run -a -s "-screen 0 $E2E_SCREEN" bash -s <<'EOF'
set -euo pipefail
BIN=target/release/hoxxes E2E=e2e
source scripts/e2e-lib.sh
record="$OUT/record.ron"
trap '[ -z "${game:-}" ] || kill "$game" 2>/dev/null || true' EXIT
start_game "$OUT/game.log" 8 --mission missions/01-first-light.ron --dwarves Scout,Gunner --seed 5 --record "$record"
press() { xdotool key --window "$window" "$1"; sleep 1; }
click() { pointer "$1" "$2"; sleep 1; xdotool click 1; }

press Tab; press Tab                 # the creatures' turn at Instant speed
shot 0-start 0
click 175 225; until_played 1 "the Scout's move"        # a lit space two to the right
press ctrl+z; until_exactly 0 "the undo of the move"     # taken back...
shot 0-undone 0
press ctrl+y; until_played 1 "the redo of the move"      # ...and played again
press c; shot 1-chop-asked 0; until_exactly 1 "the chop asked"  # nothing next to the Scout: asked first
press c; until_played 2 "the axe chop"                   # C again rolls
shot 1-for-karl 0                                        # the axe die waits: For Karl! or let it stand
press 1; until_played 3 "For Karl! passed on the chop"   # the Scout holds it: any roll waits (ruling 32)
until_played 4 "the axe success"                         # nothing next to him: answered for him
press q; shot 1-aiming 1                                 # Regular shot: targets lit
click 247 225; shot 1-empty-asked 0; until_exactly 4 "the shot asked"  # an empty space: asked first
click 247 225; until_played 5 "the shot"                 # a second click shoots at it
press 1; until_played 6 "For Karl! passed on the shot"   # the card is not played on that roll
press e; until_played 7 "the end of the turn"
shot 2-cave-turn 2                                       # the Event card, the Slasher's ambush
press 3; until_played 8 "the reaction shot passed"       # the Gunner lets it go (BurstFire, his secondary, pass)
press 1; until_played 9 "For Karl! passed on the Slasher's attack"
shot 3-gunner 1
press F3; shot 3-log 1; press Escape                     # the whole log over the table, and back
until_exactly 9 "the log looked at"                      # nothing played meanwhile
click 175 288; until_played 10 "the Gunner's move"
press e; press e; until_played 11 "the Gunner's end of turn"   # 2 actions left: asked twice
shot 4-supply-drop 2                                     # Supply Drop: where the pod lands, spaces lit
press 1; until_played 12 "the pod sent to the nearest space"
shot 4-after 4                                           # the cave's turn again
kill $game; wait $game 2>/dev/null || true

# Start again with no arguments: the main menu, Continue first; Enter goes on where it was.
record="$OUT/again.ron"
start_game "$OUT/game-again.log" 10 --record "$record"
shot 5-menu 0
press Return
shot 5-welcome-back 3
press e; press e; until_played 13 "the end of the turn after coming back"
kill $game; wait $game 2>/dev/null || true

# A newcomer's way in, in a data folder of its own: the main menu, Quick mission, the Gunner
# brought and the Driller left out by clicks, the mission started; then back to the menu (F10),
# a Deep Dive begun, and every menu screen seen. The clicks are at the 1280x720 layout's pixels.
export HOXXES_DATA="$OUT/data-menus"
record="$OUT/menus.ron"
start_game "$OUT/game-menus.log" 10 --record "$record"
shot 6-title 0
click 165 188; shot 7-quick 3                          # Quick mission (under the newcomer's Tutorial, on the left)
click 765 420; sleep 2                          # bring the Gunner...
click 615 420; sleep 2                          # ...leave the Driller out
shot 7-quick-team 1
click 145 623; shot 8-quick-mission 6              # Start the mission (at the foot of the screen)
press e; press e; until_played 1 "the end of the first turn of the quick mission"
press F10; shot 9-title-continue 3
click 681 188; shot 10-dive 3                          # Deep Dive (under Continue, on the right)
click 130 623; shot 11-dive-mission 6               # Begin the dive (at the foot of the screen)
press e; press e                                     # a command in the dive's mission: it is saved
for _ in $(seq 40); do
    grep -ls "run: DeepDive" "$HOXXES_DATA"/saves/*.ron | xargs -r grep -l "EndTurn" >/dev/null && break
    sleep 0.5
done
press F10; sleep 3
click 681 236; shot 11b-dive-again 3                   # the dive under way (Deep Dive, under two games to go on with)
click 537 623; shot 11c-give-up-asked 2               # Give up the dive: asked first...
click 767 623; shot 11d-given-up 2                    # ...given up by "Yes, give up the dive" beside it
press Escape; sleep 2
# The dive given up, the main menu has one game to go on with again: each row one row higher.
click 165 236; shot 12-replays 3; press Escape; sleep 2   # Replays
click 423 236; shot 13-rules 3; press Escape; sleep 2     # Rules reference
click 681 236; shot 14-settings 3; press Escape; sleep 2  # Settings
click 423 188; shot 15-campaign 3; press Escape; sleep 2  # Solo campaign
kill $game; wait $game 2>/dev/null || true
EOF

python3 - "$out/record.ron" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
played = re.findall(r"^    ([A-Za-z]+)", text, re.M)
want = ["Move", "Chop", "Choose", "Choose", "Shoot", "Choose", "EndTurn", "Choose", "Choose", "Move", "EndTurn", "Choose"]
if played != want:
    sys.exit(f"the game recorded {played}, expected {want}")
if "Chop(Nothing)" not in text or text.count("Pass") != 4 or "Space(" not in text:
    sys.exit(f"the choices recorded are not the ones made:\n{text}")
print(f"e2e: {len(played)} commands played through the window, as recorded; screenshots in target/e2e/")
EOF

# The second run went on with the first game: its record and the autosave hold the twelve commands
# of the first run, then the thirteenth.
saves=("$HOXXES_DATA"/saves/*.ron)
[ "${#saves[@]}" -eq 1 ] || { echo "e2e: expected one game under way, found ${saves[*]}" >&2; exit 1; }
python3 - "$out/record.ron" "$out/again.ron" "${saves[0]}" <<'EOF'
import re, sys
first, again, save = (open(f).read() for f in sys.argv[1:])
names = lambda t: re.findall(r"^\s+(Move|Chop|Choose|Shoot|EndTurn)\b", t, re.M)
if names(again) != names(first) + ["EndTurn"] or names(save) != names(again):
    sys.exit(f"e2e: the game did not go on where it was:\n{names(first)}\n{names(again)}\n{names(save)}")
print("e2e: started again with no arguments, the game went on where it was, in the same save")
EOF

# The quick mission was set up as clicked; the dive was begun, kept, and given up, its mission's
# save moved from the games under way to the finished ones.
python3 - "$out/data-menus" <<'EOF'
import glob, re, sys
data = sys.argv[1]
texts = [open(f).read() for f in glob.glob(f"{data}/saves/*.ron")]
quick = [t for t in texts if "run: DeepDive" not in t]
if len(texts) != 1 or len(quick) != 1 or not re.search(r"classes: \[\s*Scout,\s*Gunner,?\s*\]", quick[0]):
    sys.exit(f"e2e: under way should be the quick mission alone, of the Scout and Gunner clicked: {texts}")
d = open(f"{data}/dive.ron").read()
if "state: Lost" not in d or "at: 0" not in d:
    sys.exit(f"e2e: the Deep Dive begun is not kept as given up:\n{d}")
filed = [open(f).read() for f in glob.glob(f"{data}/finished/*.ron")]
if len(filed) != 1 or "run: DeepDive" not in filed[0]:
    sys.exit(f"e2e: the given-up dive's mission is not among the finished games: {filed}")
print("e2e: from the main menu, a quick mission with the Dwarves clicked; a Deep Dive begun, a command played, given up and its save filed away")
EOF
