//! `hoxxes validate`'s checks: syntax errors with line and column, semantic errors as sentences,
//! never a panic.

use super::common::*;
use hoxxes::data::load::parse_ron;
use hoxxes::data::mission::Mission;
use hoxxes::data::validate::{check, validate_file};
use hoxxes::rules::dice::GameRng;
use std::path::Path;

fn problems_of(text: &str) -> Vec<String> {
    match parse_ron::<Mission>("m.ron", text) {
        Err(p) => vec![p.0],
        Ok(m) => check("m.ron", text, &m, &data()).into_iter().map(|p| p.0).collect(),
    }
}

fn tutorial() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/00-tutorial.ron")).unwrap()
}

#[test]
fn a_syntax_error_names_file_line_and_column() {
    let text = tutorial().replacen("name:", "name", 1);
    let p = problems_of(&text);
    assert_eq!(p.len(), 1);
    assert!(p[0].starts_with("m.ron:"), "{}", p[0]);
    let parts: Vec<&str> = p[0].splitn(4, ':').collect();
    assert!(parts[1].parse::<u32>().is_ok() && parts[2].parse::<u32>().is_ok(), "{}", p[0]);
}

#[test]
fn an_unknown_creature_is_named() {
    let text = tutorial().replacen("kind: Grunt", "kind: Grunty", 1);
    let p = problems_of(&text);
    assert!(p[0].contains("Grunty"), "{p:?}");
}

#[test]
fn an_unknown_map_symbol_points_at_its_line() {
    let text = tutorial();
    let line = text.lines().position(|l| l.contains("\" # P") || l.contains("\"# P")).expect("a pod row") + 1;
    let bad = text.replacen(" P ", " X ", 1);
    let p = problems_of(&bad);
    assert!(p.iter().any(|s| s.starts_with(&format!("m.ron:{line}:")) && s.contains("'X'")), "{p:?}");
}

#[test]
fn semantic_mistakes_are_sentences_naming_the_thing() {
    let small = |extra: &str, map: &[&str]| {
        let rows: Vec<String> = map.iter().map(|r| format!("\"{r}\"")).collect();
        format!(
            "(name: \"t\", kind: Mining, difficulty: 1, map: [{}], objectives: (primary: [Collect(Morkite, 1)]), {extra})",
            rows.join(", ")
        )
    };
    let map = ["# # # # # # #", " # P P . . 1 #", "# P . . . . #", " # P . . . 2 #", "# # # # # M #", " # # a a # # #", "# # # # # # #"];
    let cave = "hidden_caves: [(id: 'a', contents: [(at: (2, 5), put: TunnelExit3), (at: (3, 5), put: Flare)])], pickups: {RedSugar: 1}";
    assert!(problems_of(&small(cave, &map)).is_empty(), "{:?}", problems_of(&small(cave, &map)));
    let outside = cave.replace("(3, 5), put: Flare", "(30, 5), put: Flare");
    assert!(problems_of(&small(&outside, &map)).iter().any(|p| p.contains("outside the map")));
    let no_pool = cave.replace("pickups: {RedSugar: 1}", "pickups: {}");
    assert!(problems_of(&small(&no_pool, &map)).iter().any(|p| p.contains("unknown pickups")));
    let mut touching = map;
    touching[4] = "# P . # # # #";
    assert!(problems_of(&small(cave, &touching)).iter().any(|p| p.contains("touches open space")));
    let mut sealed = map;
    sealed[1] = " # # # # # 1 #";
    sealed[2] = "# # # . . . #";
    sealed[3] = " # # # . . 2 #";
    sealed[4] = "# # # # # # #";
    sealed[0] = "# P P P P # #";
    assert!(problems_of(&small(cave, &sealed)).iter().any(|p| p.contains("no open space reaches the Drop Pod")));
    let creature = format!("{cave}, creatures: [(kind: Grunt, at: (0, 0))]");
    assert!(problems_of(&small(&creature, &map)).iter().any(|p| p.contains("Grunt at (0, 0) stands on")));
    let two_exits = map.iter().map(|r| r.replace('2', "1")).collect::<Vec<_>>();
    let two: Vec<&str> = two_exits.iter().map(String::as_str).collect();
    assert!(problems_of(&small(cave, &two)).iter().any(|p| p.contains("Tunnel Exit I;")));
}

#[test]
fn random_bytes_and_mangled_missions_never_panic() {
    let base = tutorial().into_bytes();
    let mut rng = GameRng::seeded(99);
    let dir = std::env::temp_dir().join(format!("hoxxes-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.ron");
    for round in 0..300 {
        let mut bytes = base.clone();
        let edits = 1 + rng.below(8);
        for _ in 0..edits {
            if bytes.is_empty() {
                break;
            }
            let i = rng.below(bytes.len());
            match rng.below(3) {
                0 => bytes[i] = rng.below(256) as u8,
                1 => {
                    bytes.remove(i);
                }
                _ => bytes.truncate(i),
            }
        }
        if round % 50 == 0 {
            bytes = (0..rng.below(200)).map(|_| rng.below(256) as u8).collect();
        }
        std::fs::write(&path, &bytes).unwrap();
        let problems = validate_file(&path, &data());
        if round % 50 == 0 {
            assert!(!problems.is_empty(), "random bytes cannot be a mission");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ruling 28: older missions marked stalagmites hiding a mineral (`$` on the map,
/// `Stalagmite(true)` on a hidden cave's face). They still play, every stalagmite alike, and
/// `validate` names each old mark as obsolete.
#[test]
fn old_stalagmite_marks_still_load_and_validate_calls_them_obsolete() {
    let first_light = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/01-first-light.ron")).unwrap();
    assert!(first_light.contains(" ^ ") && first_light.contains("Ground(Stalagmite)"));
    let old = first_light.replacen(" ^ ", " $ ", 1).replace("Ground(Stalagmite)", "Ground(Stalagmite(true))");
    let dir = std::env::temp_dir().join(format!("hoxxes-old-marks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("old.ron");
    std::fs::write(&file, &old).unwrap();
    let (mission, _) = hoxxes::data::validate::load_mission(&file, &data()).expect("an old mission still plays");
    let (new, _) =
        hoxxes::data::validate::load_mission(&Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/01-first-light.ron"), &data()).unwrap();
    let cells = |m: &Mission| hoxxes::data::map::parse(&m.map).0;
    assert_eq!(cells(&mission), cells(&new), "`$` reads as `^`");
    assert_eq!(format!("{:?}", mission.hidden_caves), format!("{:?}", new.hidden_caves), "`Stalagmite(true)` reads as `Stalagmite`");
    let said: Vec<String> = validate_file(&file, &data()).into_iter().map(|p| p.0).collect();
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(said[0].contains("'$' is obsolete") && said[1].contains("`Stalagmite(true)` is obsolete"), "{said:?}");
    std::fs::remove_dir_all(&dir).ok();
}
