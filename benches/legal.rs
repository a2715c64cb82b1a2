//! How long the legal-moves query takes on the largest shipped mission (The Maw) with four Dwarves
//! and at least 25 creatures: `cargo bench --bench legal`. Prints the median, fastest and slowest of
//! repeated runs; the figures go in docs/performance.md.

mod common;

use hoxxes::rules::components::Creature;
use hoxxes::rules::legal::{legal, legal_commands};

const RUNS: usize = 30;
const CREATURES: usize = 25;

fn main() {
    let (data, mission) = common::the_maw();
    let mut app = common::four_dwarves(&data, &mission, 1);
    common::crowd(app.world_mut(), CREATURES);
    let n = app.world_mut().query::<&Creature>().iter(app.world()).count();
    let l = legal(app.world_mut());
    let offers: usize = l.actions.iter().map(|a| a.offers().len()).sum();
    println!("legal-moves query, The Maw, 4 Dwarves, {n} creatures, {offers} offers, {RUNS} runs:");
    let full = common::timed(RUNS, |_| (), |()| drop(std::hint::black_box(legal(app.world_mut()))));
    println!("  with every creature's intent (the screen):  {}", common::spread(&full));
    let bare = common::timed(RUNS, |_| (), |()| drop(std::hint::black_box(legal_commands(app.world_mut()))));
    println!("  the commands alone (the bots):              {}", common::spread(&bare));
}
