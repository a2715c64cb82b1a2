//! The public command line: `hoxxes validate` and `hoxxes scenario`.

use std::path::Path;
use std::process::{Command, Output};

fn hoxxes(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hoxxes"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

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
    assert_eq!(json["creatures"].as_array().unwrap().len(), 0, "the Grunt was shot");
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
