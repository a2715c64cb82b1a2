#!/usr/bin/env bash
# Plays the whole Tutorial mission (missions/00-tutorial.ron) to a win in a real 1280x720 window,
# as a person would: the game under Xvfb, driven only by xdotool clicks and key presses, with
# screenshots along the way (target/e2e-tutorial/*.png). Scout and Gunner, seed 7, five turns:
# three Morkite mined (one with a carve into hidden cave a on the way), the Gunner back aboard,
# the Supply Drop's pod sent to a space of the players' choosing (ruling 31), the Scout walks into
# the Drop Pod and it launches.
#
# There is no Launch command at the end: with the objectives met, the mission ends by itself the
# moment the last Dwarf steps aboard (rulebook "Game end", ruling 26). The Launch pod key (L) is
# for leaving unconscious Dwarves behind; here it is pressed once on the last turn, and must play
# nothing, as the last Dwarf is not yet aboard.
#
# Then checks: the game's own record (--record) holds exactly the commands played and ends with
# the Scout's move onto a Drop Pod space; the finished save ($HOXXES_DATA/finished/) exists, holds
# the same commands, and replays (`hoxxes replay`) to a Success with 3 Morkite and every Dwarf
# aboard; and that end is byte for byte the golden tests/replays/00-tutorial-window-whole.json
# (the same game, recorded by this script; see tests/replays/README.md).
#
# Spaces are clicked by their mission (column, row), as in the mission file's comments: the pixel
# is computed from the mission's map as MapGeometry::fit and ::centre (src/screen/layout.rs) place
# it, with the camera at the world origin (pixel = 640 + x, 360 - y). The game's hint line and log
# name spaces by the same (column, row).
#
# HOXXES_BIN=PATH plays that binary instead of target/release/hoxxes and skips `cargo build`
# (e.g. HOXXES_BIN=/tmp/e2e-bin/hoxxes scripts/e2e-tutorial.sh, to try the script while cargo is
# busy elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/e2e-lib.sh   # E2E_SCREEN, the virtual screen
scripts/deps.sh
BIN="${HOXXES_BIN:-target/release/hoxxes}"
[ -n "${HOXXES_BIN:-}" ] || cargo build --release --locked --quiet
MISSION=missions/00-tutorial.ron
GOLDEN=tests/replays/00-tutorial-window-whole

out=target/e2e-tutorial
rm -rf "$out"
mkdir -p "$out"
runtime="$(mktemp -d)"
chmod 700 "$runtime"
trap 'rm -rf "$runtime"' EXIT
# The game's saves go here, not into the player's own data folder.
export HOXXES_DATA="$out/data"

# Every space of the mission's map, "column row x y": where its centre is in a 1280x720 window.
python3 - "$MISSION" >"$out/spaces.txt" <<'EOF'
import math, re, sys
text = open(sys.argv[1]).read()
rows = re.findall(r'"([^"]*)"', re.search(r"map:\s*\[(.*?)\]", text, re.S).group(1))
# As src/data/map.rs reads the drawing: words split by spaces, `_` a column with no space.
cells = []
for row, line in enumerate(rows):
    words = [w for w in line.split(" ") if w]
    cells += [(col, row) for col, w in enumerate(words) if w != "_"]
# MapGeometry::fit over every space (src/screen/map.rs): hex_to_cell of a space is its (col, row).
first_col, last_col = min(c for c, _ in cells), max(c for c, _ in cells)
first_row, last_row = min(r for _, r in cells), max(r for _, r in cells)
cols, rows_n = last_col - first_col + 1, last_row - first_row + 1
# The bar's height kept under the cave: KEY_HEIGHT, and in the Tutorial the coach's room over it
# (layout::COACH_ROOM: two lines of its 14-pixel text, and a gap).
bar = 175 + 2 * 14 * 1.2 + 3
area_x, area_y = 1280 - 300 - 2 * 16, 720 - bar - 2 * 16        # WINDOW - (HUD_WIDTH, bar) - 2 MARGIN
ratio = math.sqrt(3) / 2
w = math.floor(min(max(min(area_x / (cols + 0.5), area_y / (0.75 * (rows_n - 1) + 1) * ratio), 20), 80))
h = round(w / ratio)
row_odd = last_row % 2 == 0                                      # HexCoordSystem::RowOdd, else RowEven
# bevy_ecs_tilemap: a tile's centre, unanchored (offset row -> axial -> ROW_BASIS)...
def unanchored(x, y):
    q = x - (y // 2 if row_odd else (y + 1) // 2)
    return (w * (q + 0.5 * y), 0.75 * h * y)
# ...and TilemapAnchor::Center: minus the centre of the map's box (corner tiles, half a tile out).
corners = [unanchored(x, y) for x in (0, cols - 1) for y in (0, rows_n - 1)]
lo = (min(c[0] for c in corners) - w / 2, min(c[1] for c in corners) - h / 2)
hi = (max(c[0] for c in corners) + w / 2, max(c[1] for c in corners) + h / 2)
corner = (-(lo[0] + hi[0]) / 2, -(lo[1] + hi[1]) / 2)
origin = (-300 / 2, bar / 2)                                     # (-HUD_WIDTH, bar) / 2
shifted = lambda r: 0.5 if r % 2 else 0.0
for col, row in cells:                                           # MapGeometry::centre
    across = (col - first_col) + shifted(row) - shifted(last_row)
    up = (last_row - row) * 0.75
    x = origin[0] + corner[0] + across * w
    y = origin[1] + corner[1] + up * h
    print(col, row, round(640 + x), round(360 - y))
EOF

XDG_RUNTIME_DIR="$runtime" BEVY_ASSET_ROOT="$PWD" OUT="$out" BIN="$BIN" MISSION="$MISSION" \
    xvfb-run -a -s "-screen 0 $E2E_SCREEN" bash -s <<'EOF'
set -euo pipefail
E2E=e2e-tutorial
source scripts/e2e-lib.sh
record="$OUT/record.ron"
trap '[ -z "${game:-}" ] || kill "$game" 2>/dev/null || true' EXIT
start_game "$OUT/game.log" 8 --mission "$MISSION" --dwarves Scout,Gunner --seed 7 --record "$record"
press() { xdotool key --window "$window" "$1"; sleep 0.5; }
# The pixel of the space at mission (column, row).
at() {
    local p
    p=$(awk -v c="$1" -v r="$2" '$1 == c && $2 == r { print $3, $4 }' "$OUT/spaces.txt")
    [ -n "$p" ] || { echo "e2e-tutorial: no space ($1, $2) on the map" >&2; exit 1; }
    echo "$p"
}
hover() { local p; p=$(at "$1" "$2"); pointer ${p% *} ${p#* }; sleep 1; }
click_space() { hover "$1" "$2"; xdotool click 1; }
# The end of a Dwarf's turn: the cave's turn runs (at Instant speed) before the next input.
end_turn() { press e; until_played "$1" "$2"; sleep 2; }

press Tab; press Tab                              # the creatures' turn at Instant speed
hover 4 3; shot 0-start 1                         # the Morkite wall lit, the hint names it (4, 3)

# Turn 1, the Scout, out of the Drop Pod at (1,3).
click_space 3 3; until_played 1 "turn 1: the Scout's move to (3,3)"
press c; until_played 2 "turn 1: the Scout's chop"
shot 1-chop 0                                     # one axe success: the walls it may take lit
click_space 4 3; until_played 3 "turn 1: the axe success on the Morkite at (4,3)"
click_space 6 2; until_played 4 "turn 1: the Scout's move to (6,2)"
end_turn 5 "turn 1: the Scout's end of turn"      # Event: Quiet Tunnels

# Turn 2, the Gunner.
click_space 3 6; until_played 6 "turn 2: the Gunner's move onto the pickup at (3,6)"   # Apoca Bloom
press c; until_played 7 "turn 2: the Gunner's first chop"                             # a blank
press c; until_played 8 "turn 2: the Gunner's second chop"
click_space 3 7; until_played 9 "turn 2: the axe success on the Nitra at (3,7)"
end_turn 10 "turn 2: the Gunner's end of turn"
shot 2-cave-turn 0                                # Spitter Nest I: a Web Spitter at Tunnel Exit I

# Turn 3, the Scout: two axe successes, the Morkite at (6,1) and a carve into hidden cave a.
press c; until_played 11 "turn 3: the Scout's chop"
click_space 6 1; until_played 12 "turn 3: the first axe success on the Morkite at (6,1)"
click_space 5 1; until_played 13 "turn 3: the second axe success, the carve at (5,1)"
shot 3-supply-nook 0                              # hidden cave a turned over: the Supply Nook
click_space 6 1; until_played 14 "turn 3: the Scout's move to (6,1)"
press c; until_played 15 "turn 3: the Scout's second chop"
click_space 7 1; until_played 16 "turn 3: the axe success on the Morkite at (7,1)"     # 3 of 3
end_turn 17 "turn 3: the Scout's end of turn"     # Event: Supply Drop
shot 4-supply-drop 0                              # where the free pod lands: every empty space lit
click_space 7 2; until_played 18 "turn 3: the Supply Drop's pod sent to (7,2), not the nearest space"

# Turn 4, the Gunner back aboard.
click_space 2 6; until_played 19 "turn 4: the Gunner's move into the Drop Pod at (2,6)"
# Aboard with the objective met he draws no Event card: one press ends his turn, not asked.
press e; until_played 20 "turn 4: the Gunner's end of turn aboard, 2 actions left, at one press"; sleep 2

# Turn 5, the Scout home.
click_space 4 3; until_played 21 "turn 5: the Scout's move to (4,3)"
press l; shot 5-launch-not-yet 1                  # the hint says why not: the Scout is not aboard
[ "$(played)" -eq 21 ] || { echo "e2e-tutorial: L played a command with the Scout outside" >&2; exit 1; }
hover 1 3; shot 6-launch 0                        # the last step: into the Drop Pod, which then launches
xdotool click 1; until_played 22 "turn 5: the Scout's move into the Drop Pod at (1,3)"
for _ in $(seq 60); do compgen -G "$HOXXES_DATA/finished/*.ron" >/dev/null && break; sleep 0.5; done
shot 7-debrief 2
kill $game; wait $game 2>/dev/null || true
EOF

finished=("$HOXXES_DATA"/finished/*.ron)
[ "${#finished[@]}" -eq 1 ] && [ -f "${finished[0]}" ] \
    || { echo "e2e-tutorial: expected one finished save in $HOXXES_DATA/finished/, found ${finished[*]}" >&2; exit 1; }
"$BIN" replay "${finished[0]}" >"$out/end.json"

python3 - "$out/record.ron" "${finished[0]}" "$out/end.json" "$GOLDEN.ron" "$GOLDEN.json" "$MISSION" <<'EOF'
import json, re, sys
record, finished, end, golden, golden_end, mission = sys.argv[1:]
text = open(record).read()
played = re.findall(r"^    ([A-Za-z]+)", text, re.M)
want = ["Move", "Chop", "Choose", "Move", "EndTurn",
        "Move", "Chop", "Chop", "Choose", "EndTurn",
        "Chop", "Choose", "Choose", "Move", "Chop", "Choose", "EndTurn", "Choose",
        "Move", "EndTurn",
        "Move", "Move"]
if played != want:
    sys.exit(f"e2e-tutorial: the game recorded {played}, expected {want}")
flat = re.sub(r"\s+", "", text)
choices = re.findall(r"Choose\(Chop\((\w+)\(\(q:(-?\d+),r:(-?\d+),\)\)\)\)", flat)
if choices != [("Mine", "3", "3"), ("Mine", "0", "7"), ("Mine", "6", "1"), ("Carve", "5", "1"), ("Mine", "7", "1")]:
    sys.exit(f"e2e-tutorial: the axe successes recorded are not the ones clicked: {choices}")
# The Supply Drop's pod sent where it was clicked, (7,2), axial (6, 2): not the nearest space.
if "Choose(Space((q:6,r:2,)))" not in flat:
    sys.exit(f"e2e-tutorial: the Supply Drop's landing clicked is not in the record")
# The last command: the Scout's move, ending on the Drop Pod at (1,3), axial (0, 3).
if not flat.endswith("(q:0,r:3,),]),]"):
    sys.exit(f"e2e-tutorial: the record does not end with the move into the Drop Pod:\n{text[-300:]}")

def commands(save):
    body = re.sub(r"\s+", "", open(save).read())
    m = re.search(r"commands:(\[.*\]),run:", body)
    if not m:
        sys.exit(f"e2e-tutorial: no commands in {save}")
    return m.group(1)
if commands(finished) != flat:
    sys.exit(f"e2e-tutorial: the finished save {finished} does not hold the commands recorded")
if 'seed: 7' not in open(finished).read():
    sys.exit(f"e2e-tutorial: the finished save is not the seed played")

# The finished save is only the commands; replayed, it says how the mission ended.
state = json.load(open(end))
ended = state.get("ended") or {}
if ended.get("result") != "Success" or ended.get("left_behind") != [] or not state["objectives_met"]:
    sys.exit(f"e2e-tutorial: the finished game did not end in a success: {ended}")
if state["mule"].get("Morkite") != 3:
    sys.exit(f"e2e-tutorial: the M.U.L.E. holds {state['mule']}, not 3 Morkite")
if list(state["events"][-1]) != ["MissionEnded"]:
    sys.exit(f"e2e-tutorial: the last event is {state['events'][-1]}, not the end of the mission")

# The same game, to the byte, as the golden replay recorded from this script.
if commands(golden) != flat or open(end).read() != open(golden_end).read():
    sys.exit(f"e2e-tutorial: the game played is not the one in {golden} (or it ends elsewhere than "
             f"{golden_end}): a change to the game? See tests/replays/README.md to record it anew")
print(f"e2e-tutorial: the Tutorial won through the window in {state['turn']} turns, {len(played)} commands "
      f"({ended['reason']}); finished save {finished}; screenshots in target/e2e-tutorial/")
EOF
