//! The legal-moves query, line of sight and the creatures' path search on the largest shipped
//! mission (The Maw) with four Dwarves and at least 25 creatures: `cargo bench --bench legal`.
//! Prints the median, fastest and slowest of repeated runs; the figures go in docs/performance.md.

mod common;

use bevy::prelude::*;
use hexx::Hex;
use hoxxes::data::weapons::{DwarfClass, LineRule};
use hoxxes::rules::cave::Cave;
use hoxxes::rules::components::Creature;
use hoxxes::rules::creatures::reach_of;
use hoxxes::rules::legal::{legal, legal_commands};
use hoxxes::rules::sight::SightMemory;
use hoxxes::rules::state::Board;

const RUNS: usize = 30;
const CREATURES: usize = 25;

fn main() {
    let (data, mission) = common::the_maw();
    let mut app = common::four_dwarves(&data, &mission, 1);
    common::crowd(app.world_mut(), CREATURES);
    let world = app.world_mut();
    let n = world.query::<&Creature>().iter(world).count();
    let l = legal(world);
    let offers: usize = l.actions.iter().map(|a| a.offers().len()).sum();
    println!("legal-moves query, The Maw, 4 Dwarves, {n} creatures, {offers} offers, {RUNS} runs:");
    let full = common::timed(RUNS, |_| (), |()| drop(std::hint::black_box(legal(world))));
    println!("  with every creature's intent (the screen):  {}", common::spread(&full));
    let bare = common::timed(RUNS, |_| (), |()| drop(std::hint::black_box(legal_commands(world))));
    println!("  the commands alone (the bots):              {}", common::spread(&bare));
    // The runs above ask one position again: their lines of sight are the ones the first run kept.
    let cold = common::timed(
        RUNS,
        |_| SightMemory::default(),
        |memory| {
            world.insert_resource(memory);
            drop(std::hint::black_box(legal_commands(world)));
        },
    );
    println!("  the commands alone, no line of sight kept:  {}", common::spread(&cold));

    let spaces: Vec<Hex> = world.resource::<Board>().spaces.keys().copied().collect();
    let scout =
        world.run_system_cached(|cave: Cave| cave.dwarves_sorted().iter().find(|d| d.dwarf.class == DwarfClass::Scout).map(|d| d.at.0));
    let from = scout.expect("the system runs").expect("the Scout is on the cave");
    let sight = |world: &mut World| world.run_system_cached_with(lines_from, (from, spaces.clone())).expect("the system runs");
    println!("line of sight from the Scout's space to each of the {} spaces ({} seen), {RUNS} runs:", spaces.len(), sight(world));
    let cold = common::timed(
        RUNS,
        |_| SightMemory::default(),
        |memory| {
            world.insert_resource(memory);
            std::hint::black_box(sight(world));
        },
    );
    println!("  every line searched (nothing kept):         {}", common::spread(&cold));
    let warm = common::timed(
        RUNS,
        |_| (),
        |()| {
            std::hint::black_box(sight(world));
        },
    );
    println!("  the lines kept from the run before:         {}", common::spread(&warm));

    let reach = |world: &mut World| world.run_system_cached(every_reach).expect("the system runs");
    let (walkers, spaces) = reach(world);
    println!("path search: every creature's reach over the cave ({walkers} creatures, {spaces} spaces reached in all), {RUNS} runs:");
    let searched = common::timed(
        RUNS,
        |_| (),
        |()| {
            std::hint::black_box(reach(world));
        },
    );
    println!("  all of them:                                {}", common::spread(&searched));
    println!("  one creature:                               {:.1} microseconds", searched[RUNS / 2] * 1000.0 / walkers.max(1) as f64);
}

/// How many of the spaces the first sees (ruling 7's line of sight, the Flare's question).
fn lines_from(In((from, to)): In<(Hex, Vec<Hex>)>, cave: Cave) -> usize {
    to.iter().filter(|h| cave.line(from, **h, LineRule::Sight)).count()
}

/// Every creature's breadth-first reach over the cave: the creatures that move, and the spaces
/// reached in all.
fn every_reach(cave: Cave) -> (usize, usize) {
    let reaches: Vec<usize> = cave.creatures_sorted().iter().filter_map(|c| reach_of(&cave, c)).map(|r| r.reached()).collect();
    (reaches.len(), reaches.iter().sum())
}
