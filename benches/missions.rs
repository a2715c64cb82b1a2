//! Whole games and one creatures' round on the largest shipped mission (The Maw), the figures of
//! issue 12: `cargo bench --bench missions`. Prints the median, fastest and slowest of repeated
//! runs; the figures go in docs/performance.md.
//!
//! - Whole 4-Dwarf missions by the greedy bot, one thread, one game after another, each game's app
//!   kept for the next as the simulator keeps it (`headless::put_back`): games per second per core
//!   (the goal is 500).
//! - One activation of 30 creatures (Grunts added to The Maw's own), "They Are Awake" style: the
//!   time from the agenda's ActivateAll until the cave is still (the goal is 100 microseconds).

mod common;

use hoxxes::headless::{put_back, settle};
use hoxxes::rules::agenda::{Agenda, Job};
use hoxxes::rules::components::{Creature, Hand};
use hoxxes::rules::setup::MissionSetup;
use hoxxes::sim::bot::BotKind;
use hoxxes::sim::game::play_to_end;

const GAMES: usize = 10;
const PASSES: usize = 3;
const ROUNDS: usize = 20;
const CREATURES: usize = 30;

fn main() {
    let (data, mission) = common::the_maw();
    let setup = |i: usize| MissionSetup::new(hoxxes::data::weapons::DwarfClass::ALL.to_vec(), 100 + i as u64, 1);
    let game = |s: MissionSetup| put_back(play_to_end(&data, &mission, &s, BotKind::Greedy).expect("a whole game"));
    // One game first: the thread's app is built then, as the simulator builds it once per thread.
    game(setup(GAMES));
    // Each seed played PASSES times in a row: the machine is noisy, and the fastest of a seed's
    // runs moves least from one run of the bench to the next.
    let runs: Vec<Vec<f64>> = (0..GAMES).map(|i| common::timed(PASSES, |_| setup(i), game)).collect();
    let mut games: Vec<f64> = runs.concat();
    games.sort_by(f64::total_cmp);
    let rate = |times: &[f64]| 1000.0 * times.len() as f64 / times.iter().sum::<f64>();
    let fastest: Vec<f64> = runs.iter().map(|r| r[0]).collect();
    println!("whole 4-Dwarf games of The Maw, greedy bot, one thread, {GAMES} games (seeds 100-109) {PASSES} times each:");
    println!("  {}   = {:.1} games per second per core", common::spread(&games), 1000.0 / games[games.len() / 2]);
    println!("  all {} runs: {:.1} games per second per core", games.len(), rate(&games));
    println!("  the fastest run of each seed: {:.1} games per second per core", rate(&fastest));

    let round = |i: usize| {
        let mut app = common::four_dwarves(&data, &mission, 200 + i as u64);
        common::crowd(app.world_mut(), CREATURES);
        // No For Karl! in hand: no attack waits for the players.
        for mut hand in app.world_mut().query::<&mut Hand>().iter_mut(app.world_mut()) {
            hand.rock_and_stone.clear();
        }
        app.world_mut().resource_mut::<Agenda>().0.push_back(Job::ActivateAll);
        app
    };
    let n = {
        let mut app = round(0);
        app.world_mut().query::<&Creature>().iter(app.world()).count()
    };
    let rounds = common::timed(ROUNDS, round, |mut app| {
        settle(&mut app).expect("the creatures' round ends");
        app
    });
    println!("one activation round of {n} creatures on The Maw, {ROUNDS} runs:");
    println!("  {}   = {:.0} microseconds", common::spread(&rounds), rounds[ROUNDS / 2] * 1000.0);
}
