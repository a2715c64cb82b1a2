//! How long the legal-moves query takes on the largest shipped mission (The Maw) with four Dwarves
//! and at least 25 creatures: `cargo bench --bench legal`. Prints the median, fastest and slowest of
//! repeated runs; the figures go in docs/performance.md.

use bevy::prelude::*;
use hoxxes::data::creatures::CreatureKind;
use hoxxes::data::load::read_ron;
use hoxxes::data::mission::{Facing, Mission};
use hoxxes::data::weapons::DwarfClass;
use hoxxes::data::{GameData, assets_dir};
use hoxxes::headless::new_game;
use hoxxes::rules::components::*;
use hoxxes::rules::hex::canonical;
use hoxxes::rules::legal::legal;
use hoxxes::rules::setup::MissionSetup;
use hoxxes::rules::state::{Board, NextId};
use std::time::Instant;

const RUNS: usize = 30;
const CREATURES: usize = 25;

fn main() {
    let data = GameData::load(&assets_dir()).expect("the game's data loads");
    let mission: Mission = read_ron(std::path::Path::new("missions/11-the-maw.ron")).expect("The Maw reads");
    let mut app = new_game(data, &mission, &MissionSetup::new(DwarfClass::ALL.to_vec(), 1, 3)).expect("The Maw sets up");
    crowd(app.world_mut());
    let n = app.world_mut().query::<&Creature>().iter(app.world()).count();
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(legal(app.world_mut()));
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let l = legal(app.world_mut());
    let offers: usize = l.actions.iter().map(|a| a.offers().len()).sum();
    println!("legal-moves query, The Maw, 4 Dwarves, {n} creatures, {offers} offers, {RUNS} runs:");
    println!("  median {:.2} ms   fastest {:.2} ms   slowest {:.2} ms", times[RUNS / 2], times[0], times[RUNS - 1]);
}

/// Grunts on empty floor until the cave holds enough creatures, in canonical order.
fn crowd(world: &mut World) {
    let mut floor: Vec<hexx::Hex> = {
        let board = world.resource::<Board>().spaces.clone();
        let mut q = world.query::<&Terrain>();
        board.iter().filter(|(_, e)| q.get(world, **e).is_ok_and(|t| t.is_floor())).map(|(h, _)| *h).collect()
    };
    floor.sort_by_key(|h| canonical(*h));
    let taken: Vec<hexx::Hex> = world.query::<&At>().iter(world).map(|a| a.0).collect();
    let have = world.query::<&Creature>().iter(world).count();
    let health = world.resource::<GameData>().creatures.get(CreatureKind::Grunt).health;
    for h in floor.into_iter().filter(|h| !taken.contains(h)).step_by(5).take(CREATURES.saturating_sub(have)) {
        let id = world.resource_mut::<NextId>().take();
        world.spawn((id, Creature { kind: CreatureKind::Grunt }, At(h), Health(health), Faces(Facing::W), CreatureStatus::default()));
    }
}
