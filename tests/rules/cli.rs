//! The public command line: `hoxxes validate` and `hoxxes scenario`.

use super::common::{hoxxes, text};
use std::path::Path;
use std::process::Command;

#[test]
fn validate_passes_sound_missions_and_fails_broken_ones() {
    let ok = hoxxes(&["validate", "missions/00-tutorial.ron", "missions/01-first-light.ron"]);
    assert!(ok.status.success(), "{}", text(&ok.stdout));
    let dir = std::env::temp_dir().join(format!("hoxxes-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(name: \"x\",\n kind: Mining, difficulty: 1, map: [\"# P\"], objectives: (primary: [])").unwrap();
    let out = hoxxes(&["validate", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).starts_with(&format!("{}:", bad.display())), "{}", text(&out.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_scenario_prints_json_and_replays_byte_for_byte() {
    let a = hoxxes(&["scenario", "tests/scenarios/chop-and-shoot.ron"]);
    assert!(a.status.success(), "{}", text(&a.stderr));
    let b = hoxxes(&["scenario", "tests/scenarios/chop-and-shoot.ron"]);
    assert_eq!(a.stdout, b.stdout);
    let json: serde_json::Value = serde_json::from_slice(&a.stdout).expect("JSON");
    assert_eq!(json["mule"]["Morkite"], 1);
    let creatures = json["creatures"].as_array().unwrap();
    assert!(creatures.iter().all(|c| c["kind"] != "Grunt"), "the Grunt was shot");
    // The Gunner never left the pod and the objective is met: no Event card for him (ruling 23).
    let cards: Vec<&serde_json::Value> = json["events"].as_array().unwrap().iter().filter(|e| e.get("EventCard").is_some()).collect();
    assert_eq!(cards.len(), 1);
    assert_eq!(cards[0]["EventCard"]["dwarf"], "Driller");
    assert_eq!(json["active_dwarf"], "Driller");
    assert_eq!(json["turn"], 3);
}

#[test]
fn an_illegal_command_stops_the_scenario_with_a_message() {
    let dir = std::env::temp_dir().join(format!("hoxxes-ill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.ron");
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps/open.ron");
    std::fs::write(
        &file,
        format!("(mission: File({:?}), dwarves: [Scout], seed: 1, commands: [Move([(q: 9, r: 9)])])", maps.display().to_string()),
    )
    .unwrap();
    let out = hoxxes(&["scenario", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("command 1 (Move)"), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn scenario_json(file: &str) -> serde_json::Value {
    let out = hoxxes(&["scenario", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn creature_at(json: &serde_json::Value, id: u64) -> serde_json::Value {
    json["creatures"].as_array().unwrap().iter().find(|c| c["id"] == id).expect("alive")["hexes"][0].clone()
}

#[test]
fn the_rulebook_activating_creatures_example() {
    let json = scenario_json("tests/scenarios/activating-creatures.ron");
    let hex = |q: i64, r: i64| serde_json::json!({ "q": q, "r": r });
    // Grunt (id 3): two spaces, next to the Driller at (2, 2).
    assert_eq!(creature_at(&json, 3), hex(3, 2));
    // First Mactera (id 4) stays and bites the Engineer; the Slasher bites him too.
    assert_eq!(creature_at(&json, 4), hex(3, 4));
    let dwarves = json["dwarves"].as_array().unwrap();
    assert_eq!(dwarves[0]["class"], "Engineer");
    assert_eq!(dwarves[0]["health"], 3);
    assert_eq!(dwarves[1]["health"], 5, "the Driller is not attacked");
    // Second Mactera (id 5): one space, into the Grunt's old space.
    assert_eq!(creature_at(&json, 5), hex(5, 2));
    // The Nexus hatched one Grunt (id 8) next to itself; it did not activate.
    assert_eq!(creature_at(&json, 8), hex(4, 4));
    let activated = json["events"].as_array().unwrap().iter().filter(|e| e.get("Activated").is_some()).count();
    assert_eq!(activated, 5);
}

#[test]
fn the_scenario_json_says_how_the_mission_ended() {
    let json = scenario_json("tests/scenarios/swarm-runs-out.ron");
    assert_eq!(json["swarm_threat"], 20);
    assert_eq!(json["ended"]["result"], "Loss");
    assert!(json["ended"]["reason"].as_str().unwrap().contains("Swarm Threat"));
}

#[test]
fn validate_still_checks_the_files_given_when_the_games_data_is_broken() {
    let dir = std::env::temp_dir().join(format!("hoxxes-broken-{}", std::process::id()));
    let assets = dir.join("assets");
    std::fs::create_dir_all(&assets).unwrap();
    for f in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).unwrap() {
        let f = f.unwrap().path();
        std::fs::copy(&f, assets.join(f.file_name().unwrap())).unwrap();
    }
    std::fs::write(assets.join("events.ron"), "garbage").unwrap();
    let broken = assets.join("events.ron");
    let out = Command::new(env!("CARGO_BIN_EXE_hoxxes"))
        .args(["validate", broken.to_str().unwrap(), "missions/00-tutorial.ron"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("HOXXES_ASSETS", &assets)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains(&format!("{}:1:1:", broken.display())), "{stdout}");
    assert!(stdout.contains("00-tutorial.ron: cannot be checked"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `hoxxes replay` prints the state a save ends in, and refuses a file that is no save (here one
/// that never ends) with exit 1 and the file named, at once.
#[test]
fn replay_prints_a_saves_end_and_refuses_what_is_no_save() {
    let run = |file: &str| {
        Command::new(env!("CARGO_BIN_EXE_hoxxes")).args(["replay", file]).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
    };
    let out = run("tests/replays/first-light-two-turns.ron");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let want = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/first-light-two-turns.json")).unwrap();
    assert_eq!(text(&out.stdout).trim_end(), want.trim_end());
    let out = run("/dev/zero");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("/dev/zero: larger than 4 MiB"), "{}", text(&out.stderr));
}

/// `--help` anywhere prints the usage and succeeds: `hoxxes simulate --help` said "unknown
/// argument".
#[test]
fn help_anywhere_prints_the_usage() {
    for args in [&["--help"][..], &["simulate", "--help"], &["validate", "-h"], &["--mission", "x.ron", "--help"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_hoxxes")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(said.starts_with("usage:") && said.contains("hoxxes simulate"), "{args:?}: {said}");
    }
}
