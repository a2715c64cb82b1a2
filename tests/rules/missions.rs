//! Every mission file loads, validates, sets up for four Dwarves and plays a scripted opening
//! through the scenario runner; the campaign lists them all.

use super::common::*;
use hoxxes::data::load::read_ron;
use hoxxes::data::map::{MapSymbol, parse};
use hoxxes::data::mission::{Cell, Ground, Mission, MissionKind};
use hoxxes::data::playable::{CAMPAIGN, mission_files};
use hoxxes::data::validate::{cell_neighbours, validate_file};
use hoxxes::data::weapons::DwarfClass;
use hoxxes::headless::new_game;
use hoxxes::headless::scenario::{MissionRef, Scenario, run};
use hoxxes::rules::command::Command;
use hoxxes::rules::hex::{Qr, cell_to_hex, hex_to_cell};
use hoxxes::rules::setup::MissionSetup;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

fn folder(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)
}

/// The mission files of a folder of this repository, campaign left out.
fn files(dir: &str) -> Vec<PathBuf> {
    let dir = folder(dir);
    mission_files(&dir).into_iter().map(|f| dir.join(f)).collect()
}

fn missions() -> Vec<(PathBuf, Mission)> {
    files("missions").into_iter().map(|p| (p.clone(), read_ron(&p).expect("the mission reads"))).collect()
}

#[test]
fn every_mission_is_sound_and_sets_up() {
    let missions = files("missions");
    assert!(!missions.is_empty());
    for path in missions.iter().chain(files("tests/maps").iter()) {
        let problems = validate_file(path, &data());
        assert!(problems.is_empty(), "{}: {problems:?}", path.display());
        let m: Mission = read_ron(path).expect("reads");
        let setup = MissionSetup::new(DwarfClass::ALL.to_vec(), 1, 2);
        let app = new_game(data(), &m, &setup);
        assert!(app.is_ok(), "{}: {:?}", path.display(), app.err());
    }
}

#[test]
fn the_mission_book_covers_every_kind() {
    let kinds: Vec<MissionKind> = missions().iter().map(|(_, m)| m.kind).collect();
    assert!(kinds.len() >= 12, "{} missions", kinds.len());
    let count = |k: MissionKind| kinds.iter().filter(|x| **x == k).count();
    assert_eq!(count(MissionKind::Tutorial), 1);
    assert!(count(MissionKind::Mining) >= 3);
    for k in [MissionKind::EggHunt, MissionKind::PointExtraction, MissionKind::Salvage, MissionKind::Elimination] {
        assert!(count(k) >= 2, "{k:?}: {}", count(k));
    }
}

#[test]
fn the_campaign_lists_every_mission_once_from_easy_to_hard() {
    let path = folder("missions").join(CAMPAIGN);
    assert_eq!(validate_file(&path, &data()), vec![]);
    let order: Vec<String> = read_ron(&path).expect("the campaign reads");
    let listed: BTreeSet<&String> = order.iter().collect();
    assert_eq!(listed.len(), order.len(), "a mission is listed twice: {order:?}");
    let on_disk = mission_files(&folder("missions"));
    assert_eq!(listed, on_disk.iter().collect::<BTreeSet<_>>());
    let difficulty: Vec<u32> = order.iter().map(|f| read_ron::<Mission>(&folder("missions").join(f)).expect("reads").difficulty).collect();
    assert!(difficulty.is_sorted(), "not from easiest to hardest: {order:?} {difficulty:?}");
}

#[test]
fn every_mission_plays_a_scripted_opening() {
    for (path, m) in missions() {
        let end = opening(&m).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (cells, _) = parse(&m.map);
        for d in end["dwarves"].as_array().expect("dwarves") {
            let at = hex_to_cell(qr(&d["hex"]).into());
            assert_ne!(cells.get(&at), Some(&MapSymbol::DropPod), "{}: {} stayed on the pod", path.display(), d["class"]);
        }
        let chops = end["commands"].as_array().expect("commands").iter().filter(|c| c.as_str() == Some("Chop")).count();
        assert_eq!(chops, DwarfClass::ALL.len(), "{}", path.display());
    }
}

/// Each Dwarf in turn walks off the pod to a free space (next to rock when he can), chops and ends
/// his turn; every step is planned from the position the scenario runner reports. The final state.
fn opening(m: &Mission) -> Result<Value, String> {
    let (cells, _) = parse(&m.map);
    let reach = data().numbers.move_points;
    let mut commands = Vec::new();
    for _ in DwarfClass::ALL {
        let state = play(m, &commands)?;
        let figures = positions(&state)?;
        let from = figures.active;
        let path = way_off_the_pod(&cells, &figures, reach).ok_or_else(|| format!("no way off the pod from {from:?}"))?;
        commands.extend([Command::Move(path), Command::Chop, Command::EndTurn]);
    }
    play(m, &commands)
}

/// Run the scenario from the start with these commands; its JSON.
fn play(m: &Mission, commands: &[Command]) -> Result<Value, String> {
    let scenario = Scenario {
        mission: MissionRef::Inline(Box::new(m.clone())),
        dwarves: DwarfClass::ALL.to_vec(),
        seed: 3,
        hazard: 1,
        secondaries: vec![],
        bosco: false,
        dice: vec![],
        setup: vec![],
        commands: commands.to_vec(),
    };
    let json = run(data(), &scenario, m)?;
    serde_json::from_str(&json).map_err(|e| e.to_string())
}

fn qr(v: &Value) -> Qr {
    serde_json::from_value(v.clone()).expect("a hex")
}

/// Where the figures stand: the active Dwarf's cell, every Dwarf's and every creature's cells.
struct Figures {
    active: Cell,
    dwarves: BTreeSet<Cell>,
    creatures: BTreeSet<Cell>,
}

fn positions(state: &Value) -> Result<Figures, String> {
    let cell = |v: &Value| hex_to_cell(qr(v).into());
    let dwarves = state["dwarves"].as_array().ok_or("no dwarves")?;
    let active = dwarves.iter().find(|d| d["class"] == state["active_dwarf"]).ok_or("no active Dwarf")?;
    let mut creatures = BTreeSet::new();
    for c in state["creatures"].as_array().ok_or("no creatures")? {
        creatures.extend(c["hexes"].as_array().ok_or("no hexes")?.iter().map(cell));
    }
    Ok(Figures { active: cell(&active["hex"]), dwarves: dwarves.iter().map(|d| cell(&d["hex"])).collect(), creatures })
}

/// The shortest walk (at most `reach` spaces) from a pod space to a free floor space, through floor and
/// Tunnel Exits, preferring an end next to rock or a stalagmite so the chop has something to hit.
fn way_off_the_pod(cells: &BTreeMap<Cell, MapSymbol>, figures: &Figures, reach: u32) -> Option<Vec<Qr>> {
    let from = figures.active;
    let at = |c: &Cell| cells.get(c).copied();
    let open = |c: &Cell| matches!(at(c), Some(MapSymbol::Ground(Ground::Floor) | MapSymbol::PickupSpot));
    let stand = |c: &Cell| open(c) && !figures.dwarves.contains(c) && !figures.creatures.contains(c);
    let pass = |c: &Cell| (open(c) || matches!(at(c), Some(MapSymbol::TunnelExit(_)))) && !figures.creatures.contains(c);
    let rock =
        |c: &Cell| cell_neighbours(*c).iter().any(|n| matches!(at(n), Some(MapSymbol::Ground(Ground::Wall(_) | Ground::Stalagmite))));
    let mut came: BTreeMap<Cell, Cell> = BTreeMap::new();
    let mut queue = VecDeque::from([(from, 0)]);
    let mut ends = Vec::new();
    while let Some((c, depth)) = queue.pop_front() {
        if c != from && stand(&c) {
            ends.push(c);
        }
        if depth == reach {
            continue;
        }
        for n in cell_neighbours(c) {
            if n != from && pass(&n) && !came.contains_key(&n) {
                came.insert(n, c);
                queue.push_back((n, depth + 1));
            }
        }
    }
    let end = ends.iter().find(|c| rock(c)).or_else(|| ends.first())?;
    let mut path = vec![*end];
    while let Some(prev) = came.get(path.last()?).filter(|p| **p != from) {
        path.push(*prev);
    }
    path.reverse();
    Some(path.into_iter().map(|c| cell_to_hex(c).into()).collect())
}
