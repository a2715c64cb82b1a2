# Helpers of the real-window tests (scripts/e2e.sh, scripts/e2e-tutorial.sh), sourced inside their
# Xvfb session. They expect BIN (the game), OUT (the screenshot folder), record (the game's
# --record file) and E2E (the test's name, for messages).

# The virtual screen the tests run on (xvfb-run -s "-screen 0 $E2E_SCREEN"): the game opens its
# window at nine tenths of the screen (src/screen/window.rs), 1280x720 here, centred. The tests'
# pixels are the window's own (`pointer`, `shot`).
E2E_SCREEN=1423x800x24

# Put the pointer on a pixel of the game's window: pointer X Y.
pointer() { xdotool mousemove --window "$window" "$1" "$2"; }

# Start the game in the background, its output in LOG, wait for its window and give it SECONDS
# to draw before focusing it: start_game LOG SECONDS ARGS... Sets game (its pid) and window.
start_game() {
    local log=$1 wait=$2
    shift 2
    "$BIN" "$@" >"$log" 2>&1 &
    game=$!
    window=$(timeout 120 xdotool search --sync --name hoxxes | head -1)
    sleep "$wait"
    xdotool windowfocus --sync "$window"
}

# A screenshot of the game's window after a pause: shot NAME SECONDS.
shot() { sleep "$2"; xwd -id "$window" -silent | convert xwd:- "$OUT/$1.png"; }

# How many commands the game has recorded.
played() { if [ -f "$record" ]; then grep -c '^    [A-Z]' "$record" || true; else echo 0; fi; }

# Wait (up to 60 s) until the game has recorded this many commands: a slow machine is waited for,
# and a click or key that did nothing fails here, naming the step.
until_played() {
    for _ in $(seq 120); do [ "$(played)" -ge "$1" ] && return 0; sleep 0.5; done
    echo "$E2E: after '$2' the record holds $(played) commands, expected $1" >&2
    exit 1
}

# The same, for a record that must shrink to exactly this many (an undo).
until_exactly() {
    for _ in $(seq 120); do [ "$(played)" -eq "$1" ] && return 0; sleep 0.5; done
    echo "$E2E: after '$2' the record holds $(played) commands, expected exactly $1" >&2
    exit 1
}
