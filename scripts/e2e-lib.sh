# Helpers of the real-window tests (scripts/e2e.sh, scripts/e2e-tutorial.sh), sourced inside their
# Xvfb session. They expect OUT (the screenshot folder), record (the game's --record file) and
# E2E (the test's name, for messages).

# A screenshot of the whole screen after a pause: shot NAME SECONDS.
shot() { sleep "$2"; xwd -root -silent | convert xwd:- "$OUT/$1.png"; }

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
