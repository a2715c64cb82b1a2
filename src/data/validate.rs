//! `hoxxes validate`: is a mission file sound? Syntax and type errors name the line and column;
//! the rest are sentences naming the thing that is wrong.

use super::GameData;
use super::load::{Problem, parse_ron, string_list_positions};
use super::map::{MAX_COLUMNS, MAX_ROWS, MapSymbol, parse};
use super::mission::{Cell, FaceItem, Ground, Mission, MissionEffect, Objective, SpawnPoint};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Read and check one mission file. Never panics, whatever the bytes.
pub fn validate_file(path: &Path, data: &GameData) -> Vec<Problem> {
    validate_file_with(path, Some(data))
}

/// The same, when the game's own data may have failed to load: asset and campaign files are still
/// checked; a mission cannot be, and says so.
pub fn validate_file_with(path: &Path, data: Option<&GameData>) -> Vec<Problem> {
    let name = path.display().to_string();
    let text = match super::load::read_text(path) {
        Ok(t) => t,
        Err(p) => return vec![p],
    };
    if let Some(p) = super::deck_check::validate_asset(path, &text) {
        return p;
    }
    if let Some(p) = super::playable::validate_campaign(path, &text) {
        return p;
    }
    match (parse_ron::<Mission>(&name, &text), data) {
        (Err(p), _) => vec![p],
        (Ok(m), Some(data)) => {
            let mut problems = check(&name, &text, &m, data);
            problems.extend(obsolete(&name, &text, &m));
            problems
        }
        (Ok(_), None) => vec![Problem(format!("{name}: cannot be checked while the game's own data files are broken"))],
    }
}

/// Marks still read but no longer meant (only `validate` names them; the game plays the file).
fn obsolete(name: &str, text: &str, m: &Mission) -> Vec<Problem> {
    let mark = super::map::OBSOLETE_STALAGMITE.to_string();
    let rows = m.map.iter().enumerate().filter(|(_, row)| row.split(' ').any(|w| w == mark));
    let rows = rows.map(|(i, _)| Problem(format!("{name}: map row {}: '{mark}' is obsolete: every stalagmite an axe breaks rolls the Mineral die now (ruling 28), so draw it as '^'", i + 1)));
    let words = super::load::old_words_in(text).into_iter();
    let words = words.map(|(line, old)| {
        Problem(format!("{name}:{line}: `{old}` is obsolete: every stalagmite may hide a mineral now (ruling 28), so write `Stalagmite`"))
    });
    rows.chain(words).collect()
}

/// Load a mission to play it: read, parsed and held to every check `hoxxes validate` makes, so the
/// window, a save and a scenario all refuse the same broken files with the same messages.
pub fn load_mission(path: &Path, data: &GameData) -> Result<(Mission, String), Vec<Problem>> {
    let name = path.display().to_string();
    let text = super::load::read_text(path).map_err(|p| vec![p])?;
    let mission = parse_ron::<Mission>(&name, &text).map_err(|p| vec![p])?;
    match check(&name, &text, &mission, data) {
        problems if problems.is_empty() => Ok((mission, text)),
        problems => Err(problems),
    }
}

/// Neighbours of a (column, row) cell in odd-r offset rows.
pub fn cell_neighbours((c, r): Cell) -> [Cell; 6] {
    let odd = r & 1;
    [(c + 1, r), (c - 1, r), (c - 1 + odd, r - 1), (c + odd, r - 1), (c - 1 + odd, r + 1), (c + odd, r + 1)]
}

/// Every semantic check of a parsed mission.
pub fn check(name: &str, text: &str, m: &Mission, data: &GameData) -> Vec<Problem> {
    let mut out: Vec<String> = Vec::new();
    let widest = m.map.iter().map(|row| row.split(' ').filter(|w| !w.is_empty()).count()).max().unwrap_or(0);
    if m.map.len() > MAX_ROWS || widest > MAX_COLUMNS {
        out.push(format!(
            "{name}: the map is {} rows of up to {widest} spaces; a map has at most {MAX_ROWS} rows of {MAX_COLUMNS}",
            m.map.len()
        ));
        return into_problems(out);
    }
    let (cells, bad) = parse(&m.map);
    let rows = string_list_positions(text, "map");
    for b in &bad {
        let (line, col) = rows.get(b.row).map_or((0, 0), |(l, c)| (*l, c + b.offset));
        out.push(format!("{name}:{line}:{col}: unknown map symbol '{}' (see missions/README.md for the legend)", b.text));
    }
    if cells.is_empty() {
        out.push(format!("{name}: the map has no spaces"));
        return into_problems(out);
    }
    let at = |c: &Cell| cells.get(c).copied();
    let walkable = |s: Option<MapSymbol>| {
        matches!(s, Some(MapSymbol::Ground(Ground::Floor) | MapSymbol::DropPod | MapSymbol::TunnelExit(_) | MapSymbol::PickupSpot))
    };
    check_exits_and_pod(name, &cells, &mut out, &walkable);
    let letters: BTreeSet<char> = cells
        .values()
        .filter_map(|s| match s {
            MapSymbol::Hidden(c) => Some(*c),
            _ => None,
        })
        .collect();
    let mut exit3 = 0;
    let mut face_cells: BTreeMap<Cell, char> = BTreeMap::new();
    for hc in &m.hidden_caves {
        if !letters.contains(&hc.id) {
            out.push(format!("{name}: hidden cave '{}' has no spaces marked '{}' on the map", hc.id, hc.id));
        }
        if m.hidden_caves.iter().filter(|o| o.id == hc.id).count() > 1 {
            out.push(format!("{name}: hidden cave '{}' is described more than once", hc.id));
        }
        let flares = hc.contents.iter().filter(|p| p.put == FaceItem::Flare).count();
        if flares != 1 {
            out.push(format!("{name}: hidden cave '{}' has {flares} flare spots; every hidden cave has exactly one", hc.id));
        }
        for p in &hc.contents {
            exit3 += usize::from(p.put == FaceItem::TunnelExit3);
            match at(&p.at) {
                None => out.push(format!("{name}: hidden cave '{}' puts {:?} at {:?}, outside the map", hc.id, p.put, p.at)),
                Some(MapSymbol::Hidden(c)) if c == hc.id => {}
                Some(MapSymbol::Hidden(c)) => out.push(format!(
                    "{name}: hidden cave '{}' puts {:?} at {:?}, which belongs to hidden cave '{c}' (hidden caves overlap)",
                    hc.id, p.put, p.at
                )),
                Some(s) => out.push(format!(
                    "{name}: hidden cave '{}' puts {:?} at {:?}, which is not one of its spaces (the map has {s:?} there)",
                    hc.id, p.put, p.at
                )),
            }
            let solid = |f: &FaceItem| matches!(f, FaceItem::Ground(g) if *g != Ground::Floor);
            if let Some(other) = hc.contents.iter().find(|o| o.at == p.at && solid(&o.put) && !solid(&p.put)) {
                out.push(format!("{name}: hidden cave '{}' puts {:?} on {:?} at {:?}", hc.id, p.put, other.put, p.at));
            }
            if let Some(prev) = face_cells.insert(p.at, hc.id).filter(|prev| *prev != hc.id) {
                out.push(format!("{name}: hidden caves '{prev}' and '{}' both put things at {:?}", hc.id, p.at));
            }
        }
    }
    for l in &letters {
        if !m.hidden_caves.iter().any(|h| h.id == *l) {
            out.push(format!("{name}: the map marks spaces '{l}' but no hidden cave '{l}' is described"));
        }
        let spaces: Vec<Cell> = cells.iter().filter(|(_, s)| **s == MapSymbol::Hidden(*l)).map(|(c, _)| *c).collect();
        let touches_open = spaces.iter().flat_map(|c| cell_neighbours(*c)).find(|n| walkable(at(n)));
        if let Some(n) = touches_open {
            out.push(format!("{name}: hidden cave '{l}' touches open space {n:?}; it must lie behind walls until carved into"));
        }
        let touches_wall =
            spaces.iter().flat_map(|c| cell_neighbours(*c)).any(|n| matches!(at(&n), Some(MapSymbol::Ground(Ground::Wall(_)))));
        if !touches_wall {
            out.push(format!("{name}: hidden cave '{l}' touches no wall, so no Dwarf can carve into it"));
        }
    }
    if exit3 != 1 {
        out.push(format!("{name}: {exit3} hidden caves hold Tunnel Exit III; exactly one must"));
    }
    let spots = cells.values().filter(|s| **s == MapSymbol::PickupSpot).count() + m.hidden_caves.len();
    let pool: u32 = m.pickups.values().sum();
    if (pool as usize) < spots {
        out.push(format!(
            "{name}: {spots} pickup spots (the '?' spaces and one flare spot per hidden cave) but only {pool} unknown pickups"
        ));
    }
    check_creatures(name, m, &cells, data, &mut out);
    check_objectives_and_event(name, m, &cells, &letters, &mut out);
    check_event_numbers(name, m, data, &mut out);
    if !(1..=5).contains(&m.difficulty) {
        out.push(format!("{name}: difficulty {} is not between 1 and 5", m.difficulty));
    }
    out.extend(super::playable::check(name, m, &cells, data));
    into_problems(out)
}

fn into_problems(v: Vec<String>) -> Vec<Problem> {
    v.into_iter().map(Problem).collect()
}

fn check_exits_and_pod(name: &str, cells: &BTreeMap<Cell, MapSymbol>, out: &mut Vec<String>, walkable: &dyn Fn(Option<MapSymbol>) -> bool) {
    for n in [1u8, 2] {
        let count = cells.values().filter(|s| **s == MapSymbol::TunnelExit(n)).count();
        if count != 1 {
            out.push(format!("{name}: the map has {count} Tunnel Exit {}; it needs exactly one", "I".repeat(n as usize)));
        }
    }
    let pods: Vec<Cell> = cells.iter().filter(|(_, s)| **s == MapSymbol::DropPod).map(|(c, _)| *c).collect();
    if pods.len() < 4 {
        out.push(format!("{name}: the Drop Pod has {} spaces; four Dwarves need 4", pods.len()));
    }
    let reached = pods
        .iter()
        .flat_map(|c| cell_neighbours(*c))
        .any(|n| walkable(cells.get(&n).copied()) && cells.get(&n) != Some(&MapSymbol::DropPod));
    if !pods.is_empty() && !reached {
        out.push(format!("{name}: no open space reaches the Drop Pod"));
    }
}

fn check_creatures(name: &str, m: &Mission, cells: &BTreeMap<Cell, MapSymbol>, data: &GameData, out: &mut Vec<String>) {
    let mut taken = BTreeSet::new();
    for c in &m.creatures {
        match cells.get(&c.at) {
            None => out.push(format!("{name}: the {:?} at {:?} is outside the map", c.kind, c.at)),
            Some(MapSymbol::Ground(Ground::Floor | Ground::Pit) | MapSymbol::PickupSpot | MapSymbol::TunnelExit(_)) => {}
            Some(s) => out.push(format!("{name}: the {:?} at {:?} stands on {s:?}", c.kind, c.at)),
        }
        if !taken.insert(c.at) {
            out.push(format!("{name}: two creatures start at {:?}", c.at));
        }
    }
    for stats in &data.creatures.0 {
        let n = m.creatures.iter().filter(|c| c.kind == stats.kind).count()
            + m.hidden_caves.iter().flat_map(|h| &h.contents).filter(|p| p.put == FaceItem::Creature(stats.kind)).count();
        if n as u32 > stats.figures {
            out.push(format!("{name}: {n} {:?} but the box has {} figures", stats.kind, stats.figures));
        }
    }
}

/// The Mission Event's numbers within what the box and the boards allow: the Swarm Threat moved at
/// most the length of the meter, at most the box's figures spawned, damage at most a Dwarf's Health.
fn check_event_numbers(name: &str, m: &Mission, data: &GameData, out: &mut Vec<String>) {
    let n = &data.numbers;
    for e in &m.mission_event.effects {
        match e {
            MissionEffect::SwarmThreat(k) if k.unsigned_abs() > n.swarm_meter.steps => out.push(format!(
                "{name}: the Mission Event moves the Swarm Threat {k} steps; the meter has {}, so -{0} to {0}",
                n.swarm_meter.steps
            )),
            MissionEffect::Spawn(kind, k, _) => {
                let box_has = data.creatures.get(*kind).figures;
                if !(1..=box_has).contains(k) {
                    out.push(format!("{name}: the Mission Event spawns {k} {kind:?}; 1 to {box_has}, the figures in the box"));
                }
            }
            MissionEffect::DamageActive(k) | MissionEffect::DamageAll(k) if *k > n.dwarf.health => {
                out.push(format!("{name}: the Mission Event deals {k} damage; 0 to {}, a Dwarf's Health", n.dwarf.health))
            }
            _ => {}
        }
    }
}

fn check_objectives_and_event(name: &str, m: &Mission, cells: &BTreeMap<Cell, MapSymbol>, letters: &BTreeSet<char>, out: &mut Vec<String>) {
    if m.objectives.primary.is_empty() {
        out.push(format!("{name}: the mission has no primary objective"));
    }
    for o in m.objectives.primary.iter().chain(&m.objectives.secondary) {
        if let Objective::Collect(item, 0) = o {
            out.push(format!("{name}: an objective asks for 0 {item:?}"));
        }
    }
    let point = |p: &SpawnPoint, out: &mut Vec<String>| match p {
        SpawnPoint::Exit(n) if !(1..=3).contains(n) => {
            out.push(format!("{name}: the Mission Event names Tunnel Exit {n}; there are Exits 1, 2 and 3"));
        }
        SpawnPoint::At(c) if !cells.contains_key(c) => {
            out.push(format!("{name}: the Mission Event places something at {c:?}, outside the map"));
        }
        _ => {}
    };
    for e in &m.mission_event.effects {
        match e {
            MissionEffect::Spawn(_, _, p) | MissionEffect::PlacePickup(_, p) | MissionEffect::DropMineral(_, p) => point(p, out),
            MissionEffect::Reveal(c) if !letters.contains(c) => {
                out.push(format!("{name}: the Mission Event reveals hidden cave '{c}', which the map does not have"));
            }
            _ => {}
        }
    }
}
