//! Every mission file loads, validates and sets up for four Dwarves.

use super::common::*;
use hoxxes::data::load::read_ron;
use hoxxes::data::mission::Mission;
use hoxxes::data::validate::validate_file;
use hoxxes::data::weapons::DwarfClass;
use hoxxes::headless::new_game;
use hoxxes::rules::setup::MissionSetup;
use std::path::{Path, PathBuf};

fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("folder exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_mission_is_sound_and_sets_up() {
    let missions = files("missions");
    assert!(!missions.is_empty());
    for path in missions.iter().chain(files("tests/maps").iter()) {
        let problems = validate_file(path, &data());
        assert!(problems.is_empty(), "{}: {problems:?}", path.display());
        let m: Mission = read_ron(path).expect("reads");
        let setup = MissionSetup { classes: DwarfClass::ALL.to_vec(), seed: 1, hazard: 2 };
        let app = new_game(data(), &m, &setup);
        assert!(app.is_ok(), "{}: {:?}", path.display(), app.err());
    }
}
