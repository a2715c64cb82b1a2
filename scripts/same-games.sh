#!/usr/bin/env bash
# Whether two builds of the game play the same games (a change meant to make the engine faster
# must not change what happens): `scripts/same-games.sh OLD NEW`, two `hoxxes` binaries, e.g. one
# built from an earlier commit and copied aside, and target/release/hoxxes.
#
# Each build's bots play every mission at every hazard, GAMES seeds each (4 unless GAMES=N says),
# both bots, saving every game. The two builds' saves (their command lists) must be the same file
# for file; then each save is replayed (`hoxxes replay`) by both builds, and the final states (the
# whole event log included) must be the same byte for byte. Prints what differs; exits 1 if any.
set -euo pipefail
if [ $# -ne 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
    echo "usage: scripts/same-games.sh OLD-HOXXES NEW-HOXXES (two built binaries)" >&2
    exit 2
fi
old="$1"
new="$2"
cd "$(dirname "$0")/.."
games="${GAMES:-4}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
for bot in greedy random; do
    for build in old new; do
        "${!build}" simulate --all --hazard all --games "$games" --bot "$bot" --saves "$work/$build-$bot" >/dev/null
    done
    if ! diff -rq "$work/old-$bot" "$work/new-$bot"; then
        echo "same-games: the $bot bot's games were not the same commands"
        status=1
    fi
done
played=0
differ=0
for save in "$work"/old-*/*.ron; do
    played=$((played + 1))
    "$old" replay "$save" >"$work/old.json"
    "$new" replay "$save" >"$work/new.json"
    if ! cmp -s "$work/old.json" "$work/new.json"; then
        echo "same-games: $(basename "$save") ends in another state"
        differ=$((differ + 1))
        status=1
    fi
done
echo "same-games: $played games replayed by both builds, $differ ended in another state"
exit $status
