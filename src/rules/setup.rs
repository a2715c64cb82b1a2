//! Setting a mission on the table: spaces, hidden caves, pickups, creatures and the Dwarves on the
//! Drop Pod, then the first turn.

use super::cave::Cave;
use super::components::*;
use super::decks::Decks;
use super::dice::GameRng;
use super::dive::{self, Carried};
use super::effects::Effects;
use super::hand::deal;
use super::hex::{cell_to_hex, sort_canonical};
use super::lasting::UntilNextTurn;
use super::log::{GameEvent, GameLog};
use super::reveal::UpgradePool;
use super::state::{Board, Fresh, MissionInfo, NextId, Turn};
use super::swarm::SwarmThreat;
use super::turn::begin_turn;
use crate::data::GameData;
use crate::data::map::{MapSymbol, parse};
use crate::data::mission::{Facing, Ground, Mission, Pickup};
use crate::data::weapons::DwarfClass;
use bevy::ecs::system::RunSystemOnce;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// Take the game off the table: every entity the rules laid out or put down since, every resource of
/// the rules back to its start, the events not yet read. [`start_mission`] then lays it out again, and
/// the commands replayed bring it back to any point of the game (loading a save, undo).
pub fn clear(world: &mut World) {
    let mut table = world.query_filtered::<Entity, Or<(With<Space>, With<Id>, With<HiddenCave>, With<Field>, With<UntilNextTurn>)>>();
    let all: Vec<Entity> = table.iter(world).collect();
    for e in all {
        world.despawn(e);
    }
    Fresh::restore(world);
    if let Some(mut events) = world.get_resource_mut::<Messages<GameEvent>>() {
        events.clear();
    }
}

/// Everything chosen before play: with the command list, this is a save file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MissionSetup {
    pub classes: Vec<DwarfClass>,
    pub seed: u64,
    #[serde(default = "default_hazard")]
    pub hazard: u32,
    /// Each Dwarf's secondary weapon by name, in seat order; a Dwarf not listed takes the first
    /// secondary that rolls other dice than his primary (rulebook "Player setup").
    #[serde(default)]
    pub secondaries: Vec<String>,
    /// Bring BOSCO (solo with one Dwarf only).
    #[serde(default)]
    pub bosco: bool,
    /// A Deep Dive's mission after the first: what each Dwarf brings from the last one (empty: a
    /// fresh start, as every other mission).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carried: Vec<Carried>,
}

fn default_hazard() -> u32 {
    1
}

impl MissionSetup {
    /// A team with default secondaries and no BOSCO.
    pub fn new(classes: Vec<DwarfClass>, seed: u64, hazard: u32) -> MissionSetup {
        MissionSetup { classes, seed, hazard, secondaries: vec![], bosco: false, carried: vec![] }
    }
}

/// The secondary weapon a Dwarf takes: the one named, or the first that rolls other dice than his
/// primary weapon.
pub fn secondary_for(data: &GameData, class: DwarfClass, named: Option<&String>) -> Result<usize, String> {
    if let Some(name) = named {
        return data.secondaries.iter().position(|s| &s.name == name).ok_or_else(|| format!("no secondary weapon named {name:?}"));
    }
    let primary: Vec<_> = data.weapons.of(class).modes.iter().flat_map(|m| m.dice.iter().map(|d| d.0)).collect();
    let other = |i: &usize| data.secondaries[*i].normal.dice.iter().all(|(d, _)| !primary.contains(d));
    (0..data.secondaries.len())
        .find(other)
        .or_else(|| (!data.secondaries.is_empty()).then_some(0))
        .ok_or_else(|| "no secondary weapons in the data".into())
}

/// BOSCO starts on a cave space next to the Drop Pod, outside it (rulebook "Player setup").
fn bosco_start(cells: &std::collections::BTreeMap<crate::data::mission::Cell, MapSymbol>, pods: &[Hex]) -> Option<Hex> {
    let floor = |h: Hex| matches!(cells.get(&super::hex::hex_to_cell(h)), Some(MapSymbol::Ground(Ground::Floor) | MapSymbol::PickupSpot));
    let mut around: Vec<Hex> = pods.iter().flat_map(|p| super::hex::neighbours(*p)).filter(|h| floor(*h)).collect();
    sort_canonical(&mut around);
    around.first().copied()
}

/// What a team may be (rulebook "Player setup"): 1 to 4 Dwarves, each class once, BOSCO only
/// beside a lone Dwarf, a hazard level of 1 to 3. Laying out a mission asks it, and so does reading
/// the team form a player left (`team.ron`).
pub fn check_team(classes: &[DwarfClass], bosco: bool, hazard: u32) -> Result<(), String> {
    if classes.is_empty() || classes.len() > 4 {
        return Err(format!("a mission needs 1 to 4 Dwarves, not {}", classes.len()));
    }
    for (i, c) in classes.iter().enumerate() {
        if classes[..i].contains(c) {
            return Err(format!("the {c:?} is chosen twice"));
        }
    }
    if bosco && classes.len() != 1 {
        return Err("BOSCO comes only with a single Dwarf".into());
    }
    if !(1..=3).contains(&hazard) {
        return Err(format!("the hazard level is 1, 2 or 3, not {hazard}"));
    }
    Ok(())
}

/// Lay a mission out on the table in a world that has the rules plugin and the game data.
pub fn start_mission(world: &mut World, mission: &Mission, setup: &MissionSetup) -> Result<(), String> {
    let data = world.get_resource::<GameData>().ok_or("the game data is not loaded")?.clone();
    check_team(&setup.classes, setup.bosco, setup.hazard)?;
    let mut rng = GameRng::seeded(setup.seed);
    let (cells, bad) = parse(&mission.map);
    if let Some(b) = bad.first() {
        return Err(format!("unknown map symbol '{}' in row {}", b.text, b.row));
    }
    let mut ids = NextId::default();
    let mut spaces = HashMap::new();
    let mut pods = Vec::new();
    let mut spots = Vec::new();
    for (cell, sym) in &cells {
        let h = cell_to_hex(*cell);
        let terrain = match sym {
            MapSymbol::Ground(g) => Terrain::Open(*g),
            MapSymbol::Hidden(c) => Terrain::Hidden(*c),
            _ => Terrain::Open(Ground::Floor),
        };
        let mut e = world.spawn((Space(h), terrain));
        match sym {
            MapSymbol::DropPod => {
                e.insert(DropPod);
                pods.push(h);
            }
            MapSymbol::TunnelExit(n) => {
                e.insert(TunnelExit(*n));
            }
            MapSymbol::PickupSpot => spots.push(h),
            _ => {}
        }
        spaces.insert(h, e.id());
    }
    sort_canonical(&mut pods);
    sort_canonical(&mut spots);
    if pods.len() < setup.classes.len() {
        return Err(format!("the Drop Pod has {} spaces for {} Dwarves", pods.len(), setup.classes.len()));
    }
    let mut pool: Vec<Pickup> = mission.pickups.iter().flat_map(|(p, n)| std::iter::repeat_n(*p, *n as usize)).collect();
    let mut draw = |rng: &mut GameRng| (!pool.is_empty()).then(|| pool.remove(rng.below(pool.len())));
    let board_pickups: Vec<(Hex, Option<Pickup>)> = spots.iter().map(|h| (*h, draw(&mut rng))).collect();
    let n = &data.numbers.dwarf;
    let mut decks = Decks::build(&data, mission, setup.hazard, &mut rng);
    let mut pool: Vec<u32> = (0..data.upgrades.len() as u32).collect();
    dive::check(&data, &setup.carried, &setup.classes)?;
    dive::withhold(&mut decks, &mut pool, &setup.carried);
    for (seat, class) in setup.classes.iter().enumerate() {
        let id = ids.take();
        let (hand, health, ammo, loadout) = match setup.carried.iter().find(|c| c.class == *class) {
            Some(carried) => dive::equip(&data, carried, &mut decks, &mut rng),
            None => {
                // Rulebook "Player setup": one Rock and Stone card and one Throwable each.
                let mut hand = Hand::default();
                deal(&mut decks, &mut rng, &mut hand, 1, 1);
                let loadout = Loadout { secondary: secondary_for(&data, *class, setup.secondaries.get(seat))?, ..Default::default() };
                (hand, Health(n.health), Ammo { primary: n.primary_ammo, secondary: n.secondary_ammo }, loadout)
            }
        };
        world.spawn((loadout, hand, id, Dwarf { class: *class, seat: seat as u32 }, At(pods[seat]), health, ammo, DwarfStatus::default()));
    }
    for c in &mission.creatures {
        let id = ids.take();
        world.spawn((
            id,
            Creature { kind: c.kind },
            At(cell_to_hex(c.at)),
            Health(data.creatures.get(c.kind).health),
            Faces(c.facing.unwrap_or(Facing::W)),
            CreatureStatus::default(),
        ));
    }
    for (h, pickup) in board_pickups {
        if let Some(pickup) = pickup {
            let id = ids.take();
            world.spawn((id, Token::Pickup { pickup, revealed: false }, At(h)));
        }
    }
    for hc in &mission.hidden_caves {
        let mut spaces: Vec<Hex> = cells.iter().filter(|(_, s)| **s == MapSymbol::Hidden(hc.id)).map(|(c, _)| cell_to_hex(*c)).collect();
        sort_canonical(&mut spaces);
        world.spawn(HiddenCave {
            letter: hc.id,
            name: hc.name.clone(),
            spaces,
            face: hc.contents.iter().map(|p| (cell_to_hex(p.at), p.put)).collect(),
            pickup: draw(&mut rng),
            revealed: false,
        });
    }
    world.insert_resource(UpgradePool(pool));
    world.insert_resource(decks);
    if setup.bosco {
        let at = bosco_start(&cells, &pods).ok_or("no cave space next to the Drop Pod for BOSCO")?;
        let id = ids.take();
        world.spawn((id, Bosco, BoscoSetUp, At(at)));
    }
    world.insert_resource(SwarmThreat(data.numbers.swarm_meter.start));
    world.insert_resource(Board::new(spaces));
    world.insert_resource(ids);
    world.insert_resource(rng);
    world.insert_resource(MissionInfo {
        name: mission.name.clone(),
        objectives: mission.objectives.clone(),
        mission_event: mission.mission_event.clone(),
        hazard: setup.hazard,
        seed: setup.seed,
    });
    world.resource_mut::<GameLog>().push(GameEvent::MissionStarted { name: mission.name.clone() });
    Ok(())
}

/// The first Dwarf's turn begins (after any set-up changes a scenario makes).
pub fn begin_first_turn(world: &mut World) -> Result<(), String> {
    world
        .run_system_once(|cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects| begin_turn(&cave, &mut turn, &mut fx, 0))
        .map_err(|e| format!("could not start the first turn: {e}"))?;
    world.flush();
    Ok(())
}
