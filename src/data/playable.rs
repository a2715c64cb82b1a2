//! "Sound as play": can the mission be won at all? `hoxxes validate` runs these checks after the
//! format checks of `validate.rs`; each problem is a sentence naming the thing that is wrong.
//!
//! * The objectives can be met: enough Morkite and Aquarq the Dwarves can reach, enough eggs,
//!   blooms or fossils in the pickup pool whatever the draw, and the creature to kill exists.
//! * The mission uses no more minerals and pickups than the box holds.
//! * Every open space and every hidden cave can be reached from the Drop Pod by walking and
//!   carving, without crossing a pit (pits need the gear of particular Dwarves).
//! * Every Drop Pod space has a way out: the Dwarf who starts there can step off.
//!
//! It also checks the solo campaign's running order, `missions/campaign.ron`: a list of the
//! mission files of its folder from easiest to hardest, each exactly once.

use super::GameData;
use super::load::{Problem, parse_ron};
use super::map::MapSymbol;
use super::mission::{Cell, FaceItem, Ground, Item, Mineral, Mission, Objective, Pickup};
use super::validate::cell_neighbours;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

/// The file name of the solo campaign's running order.
pub const CAMPAIGN: &str = "campaign.ron";

/// How many unreachable spaces a problem lists by place before it just counts the rest.
const LISTED: usize = 5;

/// Every "sound as play" problem of a mission whose map is already parsed, each prefixed with
/// the file's name.
pub fn check(name: &str, m: &Mission, cells: &BTreeMap<Cell, MapSymbol>, data: &GameData) -> Vec<String> {
    let mut out = Vec::new();
    let reached = reachable(m, cells);
    check_pod_exits(cells, &mut out);
    check_reach(cells, &reached, &mut out);
    check_box(m, cells, data, &mut out);
    for (which, list) in [("primary", &m.objectives.primary), ("secondary", &m.objectives.secondary)] {
        for o in list {
            check_objective(which, o, m, cells, &reached, data, &mut out);
        }
    }
    out.into_iter().map(|s| format!("{name}: {s}")).collect()
}

/// The spaces a Dwarf can get to from the Drop Pod by walking, carving walls, destroying
/// stalagmites and opening hidden caves, but never crossing a pit. Without a Drop Pod (already a
/// format problem) every space counts as reached, so the other checks still make sense.
pub fn reachable(m: &Mission, cells: &BTreeMap<Cell, MapSymbol>) -> BTreeSet<Cell> {
    let pods: Vec<Cell> = cells_where(cells, |s| s == MapSymbol::DropPod);
    if pods.is_empty() {
        return cells.keys().copied().collect();
    }
    let face_pits: BTreeSet<Cell> =
        m.hidden_caves.iter().flat_map(|h| &h.contents).filter(|p| p.put == FaceItem::Ground(Ground::Pit)).map(|p| p.at).collect();
    let passable = |c: &Cell| !face_pits.contains(c) && cells.get(c).is_some_and(|s| *s != MapSymbol::Ground(Ground::Pit));
    let mut reached: BTreeSet<Cell> = pods.iter().copied().collect();
    let mut queue: VecDeque<Cell> = pods.into();
    while let Some(c) = queue.pop_front() {
        for n in cell_neighbours(c) {
            if passable(&n) && reached.insert(n) {
                queue.push_back(n);
            }
        }
    }
    reached
}

fn cells_where(cells: &BTreeMap<Cell, MapSymbol>, keep: impl Fn(MapSymbol) -> bool) -> Vec<Cell> {
    cells.iter().filter(|(_, s)| keep(**s)).map(|(c, _)| *c).collect()
}

/// Dwarves may not step onto Drop Pod spaces before the objectives are met, so each pod space
/// needs open floor (or a pickup spot) of its own next to it.
fn check_pod_exits(cells: &BTreeMap<Cell, MapSymbol>, out: &mut Vec<String>) {
    let way_out = |s: Option<&MapSymbol>| matches!(s, Some(MapSymbol::Ground(Ground::Floor) | MapSymbol::PickupSpot));
    for pod in cells_where(cells, |s| s == MapSymbol::DropPod) {
        if !cell_neighbours(pod).iter().any(|n| way_out(cells.get(n))) {
            out.push(format!(
                "the Drop Pod space {pod:?} touches no open floor, so the Dwarf who starts there cannot \
                 leave (Dwarves may not step onto other Drop Pod spaces before the objectives are met)"
            ));
        }
    }
}

/// Every open space and every hidden cave must be reachable without crossing a pit.
fn check_reach(cells: &BTreeMap<Cell, MapSymbol>, reached: &BTreeSet<Cell>, out: &mut Vec<String>) {
    let mut lost: Vec<(Cell, String)> = cells
        .iter()
        .filter(|(c, _)| !reached.contains(c))
        .filter_map(|(c, s)| open_space_name(*s).map(|what| (*c, format!("{what} {c:?}"))))
        .collect();
    lost.sort_by_key(|((col, row), _)| (*row, *col));
    let lost: Vec<String> = lost.into_iter().map(|(_, s)| s).collect();
    if !lost.is_empty() {
        let more = lost.len().saturating_sub(LISTED);
        let tail = if more > 0 { format!(" and {more} more") } else { String::new() };
        out.push(format!(
            "{} open spaces cannot be reached from the Drop Pod without crossing a pit, even by carving \
             through rock: {}{tail}",
            lost.len(),
            lost[..lost.len().min(LISTED)].join(", ")
        ));
    }
    let letters: BTreeSet<char> = cells.values().filter_map(hidden_letter).collect();
    for l in letters {
        let cave = cells_where(cells, |s| s == MapSymbol::Hidden(l));
        if !cave.iter().any(|c| reached.contains(c)) {
            out.push(format!("hidden cave '{l}' cannot be reached from the Drop Pod without crossing a pit, even by carving through rock"));
        }
    }
}

fn hidden_letter(s: &MapSymbol) -> Option<char> {
    match s {
        MapSymbol::Hidden(c) => Some(*c),
        _ => None,
    }
}

/// What an open space is called in a problem; None for rock, pits, the pod and hidden caves.
fn open_space_name(s: MapSymbol) -> Option<String> {
    Some(match s {
        MapSymbol::Ground(Ground::Floor) => "floor".into(),
        MapSymbol::Ground(Ground::Stalagmite) => "stalagmite".into(),
        MapSymbol::PickupSpot => "pickup spot".into(),
        MapSymbol::TunnelExit(n) => format!("Tunnel Exit {}", "I".repeat(n as usize)),
        _ => return None,
    })
}

/// No more minerals or pickups than the box has (`assets/box.ron`).
fn check_box(m: &Mission, cells: &BTreeMap<Cell, MapSymbol>, data: &GameData, out: &mut Vec<String>) {
    let everywhere: BTreeSet<Cell> = cells.keys().copied().collect();
    for (mineral, have) in &data.box_counts.wall_minerals {
        let used = minerals(m, cells, &everywhere, *mineral);
        if used > *have {
            out.push(format!("the cave holds {used} {mineral:?} (walls and hidden caves) but the box has only {have}"));
        }
    }
    for (pickup, used) in &m.pickups {
        let have = data.box_counts.pickups.get(pickup).copied().unwrap_or(0);
        if *used > have {
            out.push(format!("the pickup pool has {used} {pickup:?} but the box has only {have}"));
        }
    }
}

/// Minerals of a kind among the `within` spaces: mineral walls on the map, and mineral walls and
/// loose minerals printed on hidden caves.
fn minerals(m: &Mission, cells: &BTreeMap<Cell, MapSymbol>, within: &BTreeSet<Cell>, mineral: Mineral) -> u32 {
    let walls = cells.iter().filter(|(c, s)| within.contains(c) && **s == MapSymbol::Ground(Ground::Wall(Some(mineral)))).count();
    let printed = m
        .hidden_caves
        .iter()
        .flat_map(|h| &h.contents)
        .filter(|p| within.contains(&p.at))
        .filter(|p| matches!(p.put, FaceItem::Mineral(x) | FaceItem::Ground(Ground::Wall(Some(x))) if x == mineral))
        .count();
    (walls + printed) as u32
}

/// Whether one objective can be met.
fn check_objective(
    which: &str,
    o: &Objective,
    m: &Mission,
    cells: &BTreeMap<Cell, MapSymbol>,
    reached: &BTreeSet<Cell>,
    data: &GameData,
    out: &mut Vec<String>,
) {
    match o {
        Objective::Collect(item, n) => {
            if let Some(mineral) = quota_mineral(*item) {
                let there = minerals(m, cells, reached, mineral);
                if there < *n {
                    out.push(format!(
                        "the {which} objective asks for {n} {item:?} but the Dwarves can reach only {there} \
                         (in walls and hidden caves, without crossing a pit)"
                    ));
                }
            } else if let Some(pickup) = item_pickup(*item) {
                check_pickup_objective(which, pickup, *n, m, cells, out);
            }
        }
        Objective::Kill(kind) => {
            let starts = m.creatures.iter().any(|c| c.kind == *kind);
            let hidden = m.hidden_caves.iter().flat_map(|h| &h.contents).any(|p| p.put == FaceItem::Creature(*kind));
            if !starts && !hidden {
                let what = &data.creatures.get(*kind).name;
                out.push(format!(
                    "the {which} objective is to kill every {what}, but no {what} starts in the cave or waits in a hidden cave"
                ));
            }
        }
    }
}

/// The minerals an objective must find in the rock. Nitra and Gold also come from stalagmites,
/// Loot Bugs and event cards, so their quotas are not checked.
fn quota_mineral(item: Item) -> Option<Mineral> {
    match item {
        Item::Morkite => Some(Mineral::Morkite),
        Item::Aquarq => Some(Mineral::Aquarq),
        _ => None,
    }
}

/// The pickup token that brings an item, for the items only pickups bring.
fn item_pickup(item: Item) -> Option<Pickup> {
    match item {
        Item::AlienEgg => Some(Pickup::AlienEgg),
        Item::ApocaBloom => Some(Pickup::ApocaBloom),
        Item::Fossil => Some(Pickup::Fossil),
        _ => None,
    }
}

/// The pool must place enough of the pickup even in the worst draw: every token left in the bag
/// could be one of them.
fn check_pickup_objective(which: &str, pickup: Pickup, n: u32, m: &Mission, cells: &BTreeMap<Cell, MapSymbol>, out: &mut Vec<String>) {
    let spots = (cells_where(cells, |s| s == MapSymbol::PickupSpot).len() + m.hidden_caves.len()) as u32;
    let pool: u32 = m.pickups.values().sum();
    let have = m.pickups.get(&pickup).copied().unwrap_or(0);
    let left_over = pool.saturating_sub(spots);
    let sure = have.saturating_sub(left_over);
    if sure < n {
        out.push(format!(
            "the {which} objective asks for {n} {pickup:?} but the pickup pool guarantees only {sure}: it holds \
             {have} {pickup:?} among {pool} tokens for {spots} pickup spots, and the {left_over} tokens left \
             undrawn could all be {pickup:?}"
        ));
    }
}

/// Check the campaign file when `path` is one (its name is [`CAMPAIGN`]); `None` for any other
/// file. Every listed mission must exist in the campaign's folder, and every mission file of the
/// folder must be listed exactly once.
pub fn validate_campaign(path: &Path, text: &str) -> Option<Vec<Problem>> {
    if path.file_name()? != CAMPAIGN {
        return None;
    }
    let name = path.display().to_string();
    let listed: Vec<String> = match parse_ron(&name, text) {
        Ok(l) => l,
        Err(p) => return Some(vec![p]),
    };
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or_else(|| Path::new("."));
    let mut out = Vec::new();
    for (i, file) in listed.iter().enumerate() {
        if listed[..i].contains(file) {
            out.push(format!("{name}: {file} is listed more than once"));
        } else if !dir.join(file).is_file() {
            out.push(format!("{name}: {file} is listed but there is no such mission file next to the campaign"));
        }
    }
    for file in mission_files(dir) {
        if !listed.contains(&file) {
            out.push(format!("{name}: the mission {file} is not in the campaign"));
        }
    }
    Some(out.into_iter().map(Problem).collect())
}

/// The names of the mission files in a folder (every `.ron` file but the campaign), sorted.
pub fn mission_files(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> =
        entries.filter_map(|e| e.ok()?.file_name().into_string().ok()).filter(|n| n.ends_with(".ron") && n != CAMPAIGN).collect();
    names.sort();
    names
}
