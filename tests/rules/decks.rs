//! The box as data: every deck and counted token loads, the counts match the published component
//! list, and `hoxxes validate` reports broken asset files by name.

use super::common::{data, hoxxes, text};
use hoxxes::data::GameData;
use hoxxes::data::cards::*;
use hoxxes::data::creatures::CreatureKind;
use hoxxes::data::deck_check::validate_asset;
use hoxxes::data::dice::DieKind;
use std::path::{Path, PathBuf};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

fn asset_text(file: &str) -> String {
    std::fs::read_to_string(assets().join(file)).expect("asset file")
}

/// A fresh temporary folder for one test.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hoxxes-decks-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Replace exactly one occurrence of `from`.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "{from:?} occurs once");
    text.replacen(from, to, 1)
}

/// Problems the asset checker finds in `text` given as `file`.
fn problems(file: &str, text: &str) -> Vec<String> {
    validate_asset(&Path::new("somewhere").join(file), text).expect("an asset file").into_iter().map(|p| p.0).collect()
}

fn copies<T>(deck: &[T], n: impl Fn(&T) -> u32) -> u32 {
    deck.iter().map(n).sum()
}

#[test]
fn every_deck_has_the_size_of_the_box() {
    let d = data();
    assert_eq!(copies(&d.events, |c| c.copies), 50);
    assert_eq!(copies(&d.events, |c| if c.special { c.copies } else { 0 }), 14);
    assert_eq!(copies(&d.swarms, |c| c.copies), 13);
    assert_eq!(copies(&d.rock_and_stone, |c| c.copies), 18);
    assert_eq!(d.throwables.len(), 16);
    assert_eq!(d.secondaries.len(), 9);
    assert_eq!(d.resupply.len(), 9);
    assert_eq!(d.upgrades.len(), 10);
}

#[test]
fn the_counted_tokens_and_figures_match_the_box() {
    let d = data();
    // The box's known counts, the ones `hoxxes validate` checks a lone box.ron against.
    for (kind, n) in hoxxes::data::deck_check::PICKUPS {
        assert_eq!(d.box_counts.pickups.get(&kind), Some(&n), "{kind:?}");
    }
    for (kind, n) in hoxxes::data::deck_check::WALL_MINERALS {
        assert_eq!(d.box_counts.wall_minerals.get(&kind), Some(&n), "{kind:?}");
    }
    use CreatureKind::*;
    let figures = [
        (Grunt, 18),
        (WebSpitter, 3),
        (Exploder, 3),
        (MacteraSpawn, 3),
        (Slasher, 2),
        (BroodNexus, 2),
        (SpitballInfector, 3),
        (Praetorian, 2),
        (Oppressor, 1),
    ];
    for (kind, n) in figures {
        assert_eq!(d.creatures.get(kind).figures, n, "{kind:?}");
    }
}

#[test]
fn cards_carry_the_numbers_of_the_design() {
    let d = data();
    let event = |name: &str| d.events.iter().find(|c| c.name == name).expect(name);
    let flight = EventEffect::Spawn(CreatureKind::MacteraSpawn, 2, Place::FirstRevealed(vec![3, 2]));
    assert_eq!(event("Mactera Flight").effects, [flight]);
    assert_eq!(event("Hunting Party").effects, [EventEffect::SwarmThreat(1), EventEffect::ActivateAll]);
    assert!(event("Second Chance").special && !event("They Are Awake").special);
    let pods: Vec<(u32, u32, u32)> = d.resupply.iter().map(|c| (c.primary, c.secondary, c.health)).collect();
    let design = [(7, 4, 1), (6, 3, 2), (5, 5, 2), (8, 2, 1), (4, 4, 3), (6, 6, 0), (5, 3, 3), (7, 2, 2), (6, 4, 2)];
    assert_eq!(pods, design);
    let throw = |name: &str| d.throwables.iter().find(|c| c.name == name).expect(name);
    assert_eq!((throw("Sticky Grenade").range, throw("Sticky Grenade").area), (3, Area::Single));
    assert_eq!((throw("Satchel Charge").range, throw("Satchel Charge").area), (1, Area::Triangle));
    assert_eq!(throw("Tunnel Carver").area, Area::Line3);
    assert_eq!(throw("Impact Axe").effects, [ThrowEffect::Roll(DieKind::Axe, 2), ThrowEffect::IgnoreAxeResistance]);
    let effects: Vec<UpgradeEffect> = d.upgrades.iter().map(|u| u.effect).collect();
    for e in [
        UpgradeEffect::DoubleOne,
        UpgradeEffect::IgnoreResistance,
        UpgradeEffect::ExtraRange(1),
        UpgradeEffect::RerollOne,
        UpgradeEffect::StunOnHit,
        UpgradeEffect::ExtraDie(DieKind::Bullet),
        UpgradeEffect::ExtraDie(DieKind::Flame),
        UpgradeEffect::ExtraDie(DieKind::Piercing),
        UpgradeEffect::ExtraDie(DieKind::Explosive),
        UpgradeEffect::AnyAmmo,
    ] {
        assert!(effects.contains(&e), "{e:?}");
    }
    let bulldog = d.secondaries.iter().find(|w| w.name == "Bulldog Heavy Revolver").expect("Bulldog");
    assert_eq!((bulldog.normal.range, bulldog.overclocked.dice.clone()), (6, vec![(DieKind::Piercing, 2)]));
    assert!(bulldog.overclocked.extras.contains(&SecondaryExtra::IgnoreResistance));
}

#[test]
fn validate_passes_every_asset_file() {
    let mut files: Vec<String> = std::fs::read_dir(assets())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| format!("assets/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    files.sort();
    assert!(files.len() >= 12, "{files:?}");
    let args: Vec<&str> = std::iter::once("validate").chain(files.iter().map(String::as_str)).collect();
    let out = hoxxes(&args);
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
}

#[test]
fn validate_reports_a_broken_event_deck_by_file_name() {
    let dir = temp_dir("events");
    let file = dir.join("events.ron");
    let original = asset_text("events.ron");
    let cases = [
        (edit(&original, "\"Distant Rumbling\", copies: 6,", "\"Distant Rumbling\", copies: 5,"), "49 cards"),
        (edit(&original, "effects: [ActivateAll]),", "effects: [WakeEverything]),"), "WakeEverything"),
    ];
    for (broken, expected) in cases {
        std::fs::write(&file, broken).unwrap();
        let out = hoxxes(&["validate", file.to_str().unwrap()]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}");
        assert!(stdout.starts_with(&format!("{}:", file.display())), "{stdout}");
        assert!(stdout.contains(expected), "{stdout}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_parse_error_names_the_line_and_column() {
    let broken = edit(&asset_text("events.ron"), "effects: [ActivateAll]),", "effects: [WakeEverything]),");
    let line = broken.lines().position(|l| l.contains("WakeEverything")).unwrap() + 1;
    let found = problems("events.ron", &broken);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with(&format!("somewhere/events.ron:{line}:")), "{found:?}");
    let missing = edit(&asset_text("swarms.ron"), "text: \"Three Grunts at every revealed Tunnel Exit.\",", "");
    let found = problems("swarms.ron", &missing);
    assert!(found[0].contains("text"), "{found:?}");
}

#[test]
fn each_table_checks_its_own_numbers() {
    let cases = [
        ("events.ron", "copies: 3, special: true,", "copies: 3,", "11 Event cards are marked special"),
        ("swarms.ron", "places: [(Grunt, 3, EveryExit)]", "places: [(Grunt, 3, Exit(4))]", "Tunnel Exit 4"),
        ("rock_and_stone.ron", "(name: \"Second Wind\",", "(name: \"Mushroom!\",", "Mushroom!: the name is used twice"),
        ("throwables.ron", "\"Sticky Grenade\", range: 3,", "\"Sticky Grenade\", range: 0,", "Sticky Grenade: range 0"),
        ("throwables.ron", "effects: [Roll(Axe, 2), IgnoreAxeResistance]", "effects: [IgnoreAxeResistance]", "no Roll"),
        ("secondaries.ron", "dice: [(Piercing, 1)], range: 6,", "dice: [(Mineral, 1)], range: 6,", "Mineral"),
        ("resupply.ron", "(primary: 6, secondary: 4, health: 2),", "", "8 cards"),
        ("upgrades.ron", "effect: ExtraRange(1)", "effect: ExtraRange(0)", "ExtraRange(0)"),
        ("box.ron", "Fossil: 5", "Fossil: 4", "4 Fossil pickups"),
        ("rules.ron", "special_cards_by_hazard: [10, 6, 2]", "special_cards_by_hazard: [15, 6, 2]", "15 special"),
        ("rules.ron", "(steps: 20, start: 1,", "(steps: 4000000000, start: 1,", "4000000000 steps; at most 40"),
    ];
    for (file, from, to, expected) in cases {
        assert_eq!(problems(file, &asset_text(file)), Vec::<String>::new(), "{file} as shipped");
        let found = problems(file, &edit(&asset_text(file), from, to));
        assert!(found.iter().any(|p| p.starts_with("somewhere/") && p.contains(expected)), "{file}: {found:?}");
    }
}

#[test]
fn mission_files_are_not_taken_for_assets() {
    assert!(validate_asset(Path::new("missions/01-first-light.ron"), "()").is_none());
}

#[test]
fn loading_names_the_broken_file() {
    let dir = temp_dir("load");
    for entry in std::fs::read_dir(assets()).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    assert!(GameData::load(&dir).is_ok());
    let broken = edit(&asset_text("throwables.ron"), "\"L.U.R.E.\", range: 4,", "\"L.U.R.E.\", range: 0,");
    std::fs::write(dir.join("throwables.ron"), broken).unwrap();
    std::fs::remove_file(dir.join("box.ron")).unwrap();
    let problems: Vec<String> = GameData::load(&dir).unwrap_err().into_iter().map(|p| p.0).collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems.iter().any(|p| p.contains("throwables.ron: L.U.R.E.: range 0")), "{problems:?}");
    assert!(problems.iter().any(|p| p.contains("box.ron: cannot read")), "{problems:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
