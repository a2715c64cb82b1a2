//! `hoxxes validate`'s "sound as play" checks (`data::playable`): each fires on a small broken
//! mission and stays quiet on the sound one it was broken from.

use super::common::*;
use hoxxes::data::creatures::CreatureKind;
use hoxxes::data::load::parse_ron;
use hoxxes::data::map::parse;
use hoxxes::data::mission::*;
use hoxxes::data::playable::{check, validate_campaign};
use hoxxes::data::validate;
use std::path::Path;

/// A sound little cave: the pod on the left, one Morkite wall, both exits on the right.
const SOUND: [&str; 5] = ["# # # # # # # # #", " # P P . . . . 1 #", "# P . . . . . M #", " # P . . . . . 2 #", "# # # # # # # # #"];

/// A cave cut in two by a column of pits from the top edge to the bottom edge: the east room,
/// its Morkite, its exits and hidden cave 'a' cannot be reached without crossing a pit.
const SPLIT: [&str; 6] =
    ["# # # # O # # # #", " # P P . O . . 1 #", "# P . . O . . M #", " # P . . O . . 2 #", "# # # # O # a a #", " # # # # O # # # #"];

fn problems(m: &Mission) -> Vec<String> {
    let (cells, bad) = parse(&m.map);
    assert!(bad.is_empty(), "the test map is drawn right: {bad:?}");
    check("t.ron", m, &cells, &data())
}

fn has(problems: &[String], words: &[&str]) -> bool {
    problems.iter().any(|p| p.starts_with("t.ron: ") && words.iter().all(|w| p.contains(w)))
}

/// The sound cave with its first `n` (at most 5) middle-row floor spaces made pickup spots, and
/// this pool.
fn with_pool(n: usize, pool: &[(Pickup, u32)]) -> Mission {
    let middle: String = (0..5).map(|i| if i < n { "? " } else { ". " }).collect();
    let mut m = mission(&SOUND);
    m.map[2] = format!("# P {middle}M #");
    m.pickups = pool.iter().copied().collect();
    m
}

#[test]
fn a_sound_mission_has_no_problems() {
    assert_eq!(problems(&mission(&SOUND)), Vec::<String>::new());
}

#[test]
fn a_morkite_quota_larger_than_the_cave_is_an_error() {
    let mut m = mission(&SOUND);
    m.objectives.primary = vec![Objective::Collect(Item::Morkite, 2)];
    let p = problems(&m);
    assert!(has(&p, &["primary objective asks for 2 Morkite", "reach only 1"]), "{p:?}");
    m.objectives.primary = vec![Objective::Collect(Item::Morkite, 1)];
    m.objectives.secondary = vec![Objective::Collect(Item::Aquarq, 1)];
    assert!(has(&problems(&m), &["secondary objective asks for 1 Aquarq", "reach only 0"]));
}

#[test]
fn morkite_in_a_hidden_cave_counts_toward_the_quota() {
    let mut m = mission(&[
        "# # # # # # # # #",
        " # P P . . . . 1 #",
        "# P . . . . . M #",
        " # P . . . . . 2 #",
        "# # # # # a a # #",
        " # # # # # # # # #",
    ]);
    m.objectives.primary = vec![Objective::Collect(Item::Morkite, 3)];
    assert!(has(&problems(&m), &["asks for 3 Morkite", "reach only 1"]));
    m.hidden_caves = vec![HiddenCave {
        id: 'a',
        name: String::new(),
        contents: vec![
            Placed { at: (5, 4), put: FaceItem::Mineral(Mineral::Morkite) },
            Placed { at: (6, 4), put: FaceItem::Ground(Ground::Wall(Some(Mineral::Morkite))) },
        ],
    }];
    assert_eq!(problems(&m), Vec::<String>::new());
}

#[test]
fn a_room_sealed_off_by_pits_is_an_error() {
    let m = mission(&SPLIT);
    let p = problems(&m);
    assert!(has(&p, &["open spaces cannot be reached from the Drop Pod without crossing a pit", "Tunnel Exit I (7, 1)"]), "{p:?}");
    assert!(has(&p, &["hidden cave 'a' cannot be reached"]), "{p:?}");
    assert!(has(&p, &["asks for 1 Morkite", "reach only 0"]), "the Morkite beyond the pits does not count: {p:?}");
    let mut bridged = m.clone();
    bridged.map[5] = " # # # # # # # # #".into();
    let p = problems(&bridged);
    assert!(!has(&p, &["cannot be reached"]), "carving round the end of the chasm reaches everything: {p:?}");
}

#[test]
fn an_egg_quota_the_pool_may_not_place_is_an_error() {
    let mut m = with_pool(3, &[(Pickup::AlienEgg, 2), (Pickup::LootBug, 2)]);
    m.objectives.primary = vec![Objective::Collect(Item::AlienEgg, 2)];
    let p = problems(&m);
    assert!(has(&p, &["asks for 2 AlienEgg", "guarantees only 1", "4 tokens for 3 pickup spots"]), "{p:?}");
    m.pickups = [(Pickup::AlienEgg, 2), (Pickup::LootBug, 1)].into();
    assert_eq!(problems(&m), Vec::<String>::new(), "three tokens for three spots: both eggs are placed");
}

#[test]
fn salvage_counts_flare_spots_too() {
    let mut m = with_pool(2, &[(Pickup::Fossil, 2), (Pickup::RedSugar, 1)]);
    m.objectives.primary = vec![Objective::Collect(Item::Fossil, 2)];
    assert!(has(&problems(&m), &["asks for 2 Fossil", "guarantees only 1"]));
    m.map[4] = "# # # # # a a # #".into();
    m.map.push(" # # # # # # # # #".into());
    m.hidden_caves = vec![HiddenCave { id: 'a', name: String::new(), contents: vec![] }];
    assert_eq!(problems(&m), Vec::<String>::new(), "the hidden cave's flare spot draws the third token");
}

#[test]
fn killing_a_creature_that_is_not_there_is_an_error() {
    let mut m = mission(&SOUND);
    m.objectives.primary = vec![Objective::Kill(CreatureKind::Praetorian)];
    assert!(has(&problems(&m), &["kill every Praetorian", "no Praetorian starts in the cave"]));
    m.creatures = vec![StartingCreature { kind: CreatureKind::Praetorian, at: (5, 2), facing: Some(Facing::W) }];
    assert_eq!(problems(&m), Vec::<String>::new());
    m.creatures.clear();
    m.map[4] = "# # # # # a a # #".into();
    m.map.push(" # # # # # # # # #".into());
    let lair = Placed { at: (5, 4), put: FaceItem::Creature(CreatureKind::Praetorian) };
    m.hidden_caves = vec![HiddenCave { id: 'a', name: String::new(), contents: vec![lair] }];
    m.pickups = [(Pickup::RedSugar, 1)].into();
    assert_eq!(problems(&m), Vec::<String>::new(), "a Praetorian waiting in a hidden cave will do");
}

#[test]
fn a_drop_pod_space_with_no_way_out_is_an_error() {
    let mut m = mission(&SOUND);
    m.map[2] = "P P . . . . . M #".into();
    let p = problems(&m);
    assert!(has(&p, &["Drop Pod space (0, 2) touches no open floor"]), "{p:?}");
    assert_eq!(p.len(), 1, "{p:?}");
}

#[test]
fn more_than_the_box_holds_is_an_error() {
    let mut m = with_pool(5, &[(Pickup::AlienEgg, 6)]);
    assert!(has(&problems(&m), &["pool has 6 AlienEgg but the box has only 5"]));
    m.pickups = [(Pickup::AlienEgg, 5), (Pickup::LootBug, 1)].into();
    assert_eq!(problems(&m), Vec::<String>::new());
    let mut rich = mission(&SOUND);
    rich.map[0] = "A A A A A A A A A".into();
    assert!(has(&problems(&rich), &["holds 9 Aquarq", "box has only 6"]));
}

#[test]
fn validate_reports_an_unwinnable_mission_file() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/00-tutorial.ron");
    let text = std::fs::read_to_string(path).expect("the tutorial exists");
    let greedy = text.replacen("Collect(Morkite, 3)", "Collect(Morkite, 12)", 1);
    let m: Mission = parse_ron("m.ron", &greedy).expect("still a mission");
    let p: Vec<String> = validate::check("m.ron", &greedy, &m, &data()).into_iter().map(|p| p.0).collect();
    assert!(p.iter().any(|s| s.starts_with("m.ron: the primary objective asks for 12 Morkite")), "{p:?}");
}

#[test]
fn the_worked_example_of_the_readme_is_sound() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/README.md")).unwrap();
    let example = readme.split("## A complete example").nth(1).expect("the README has a worked example");
    let ron = example.split("```ron\n").nth(1).and_then(|b| b.split("```").next()).expect("a RON block");
    let m: Mission = parse_ron("tiny-seam.ron", ron).expect("the example reads as a mission");
    let p: Vec<String> = validate::check("tiny-seam.ron", ron, &m, &data()).into_iter().map(|p| p.0).collect();
    assert_eq!(p, Vec::<String>::new());
}

#[test]
fn the_campaign_must_list_every_mission_once() {
    let dir = std::env::temp_dir().join(format!("hoxxes-campaign-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["a.ron", "b.ron", "c.ron"] {
        std::fs::write(dir.join(f), "()").unwrap();
    }
    let campaign = dir.join("campaign.ron");
    let problems_of =
        |text: &str| -> Vec<String> { validate_campaign(&campaign, text).expect("a campaign file").into_iter().map(|p| p.0).collect() };
    assert_eq!(problems_of(r#"["a.ron", "b.ron", "c.ron"]"#), Vec::<String>::new());
    let p = problems_of(r#"["a.ron", "a.ron", "d.ron", "c.ron"]"#);
    assert!(p.iter().any(|s| s.contains("a.ron is listed more than once")), "{p:?}");
    assert!(p.iter().any(|s| s.contains("d.ron is listed but there is no such mission file")), "{p:?}");
    assert!(p.iter().any(|s| s.contains("the mission b.ron is not in the campaign")), "{p:?}");
    assert_eq!(p.len(), 3, "{p:?}");
    assert!(problems_of("[a.ron]")[0].starts_with(&format!("{}:1:", campaign.display())));
    assert!(validate_campaign(&dir.join("a.ron"), "[]").is_none(), "other files are not campaigns");
    std::fs::remove_dir_all(&dir).unwrap();
}
