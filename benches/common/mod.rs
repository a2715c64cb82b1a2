//! What the benchmarks share: The Maw laid out with four Dwarves, crowded with Grunts.

use bevy::prelude::*;
use hoxxes::data::creatures::CreatureKind;
use hoxxes::data::load::read_ron;
use hoxxes::data::mission::{Facing, Mission};
use hoxxes::data::weapons::DwarfClass;
use hoxxes::data::{GameData, assets_dir};
use hoxxes::headless::new_game;
use hoxxes::rules::components::*;
use hoxxes::rules::hex::canonical;
use hoxxes::rules::setup::MissionSetup;
use hoxxes::rules::state::{Board, NextId};
use std::time::Instant;

// The allocator the game's binary runs on (src/main.rs), so the figures are the simulator's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The game's data and the largest shipped mission.
pub fn the_maw() -> (GameData, Mission) {
    let data = GameData::load(&assets_dir()).expect("the game's data loads");
    let mission: Mission = read_ron(std::path::Path::new("missions/11-the-maw.ron")).expect("The Maw reads");
    (data, mission)
}

/// The Maw at hazard 3 with all four Dwarves, the first turn begun.
pub fn four_dwarves(data: &GameData, mission: &Mission, seed: u64) -> App {
    new_game(data.clone(), mission, &MissionSetup::new(DwarfClass::ALL.to_vec(), seed, 3)).expect("The Maw sets up")
}

/// Grunts on empty floor, every fifth space in canonical order, until the cave holds `creatures`.
pub fn crowd(world: &mut World, creatures: usize) {
    let mut floor: Vec<hexx::Hex> = {
        let board = world.resource::<Board>().spaces.clone();
        let mut q = world.query::<&Terrain>();
        board.iter().filter(|(_, e)| q.get(world, **e).is_ok_and(|t| t.is_floor())).map(|(h, _)| *h).collect()
    };
    floor.sort_by_key(|h| canonical(*h));
    let taken: Vec<hexx::Hex> = world.query::<&At>().iter(world).map(|a| a.0).collect();
    let have = world.query::<&Creature>().iter(world).count();
    let health = world.resource::<GameData>().creatures.get(CreatureKind::Grunt).health;
    for h in floor.into_iter().filter(|h| !taken.contains(h)).step_by(5).take(creatures.saturating_sub(have)) {
        let id = world.resource_mut::<NextId>().take();
        world.spawn((id, Creature { kind: CreatureKind::Grunt }, At(h), Health(health), Faces(Facing::W), CreatureStatus::default()));
    }
}

/// Time `run` `runs` times, each on what `set_up` made (not timed): the times in milliseconds,
/// fastest first. What `run` returns is dropped after the clock stops (a whole app's teardown is
/// no part of what is measured).
pub fn timed<T, R>(runs: usize, mut set_up: impl FnMut(usize) -> T, mut run: impl FnMut(T) -> R) -> Vec<f64> {
    let mut times: Vec<f64> = (0..runs)
        .map(|i| {
            let input = set_up(i);
            let t = Instant::now();
            let left = run(input);
            let time = t.elapsed().as_secs_f64() * 1000.0;
            drop(left);
            time
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times
}

/// "median M ms   fastest F ms   slowest S ms".
pub fn spread(times: &[f64]) -> String {
    format!("median {:.2} ms   fastest {:.2} ms   slowest {:.2} ms", times[times.len() / 2], times[0], times[times.len() - 1])
}
