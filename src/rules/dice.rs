//! Rolling dice: a seeded ChaCha RNG, and forced faces for tests and bug reports.

use super::log::DieRoll;
use crate::data::GameData;
use crate::data::dice::DieKind;
use bevy::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// The game's one source of chance, seeded from the game seed.
#[derive(Resource, Debug, Clone)]
pub struct GameRng(pub ChaCha8Rng);

impl GameRng {
    pub fn seeded(seed: u64) -> GameRng {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 { 0 } else { self.0.random_range(0..n) }
    }
}

/// Faces to use instead of rolling, in order: each names the die it expects and a face index.
#[derive(Resource, Default, Debug, Clone)]
pub struct ForcedDice(pub VecDeque<(DieKind, usize)>);

/// Roll one die: a forced face when one is queued, else the RNG.
pub fn roll(die: DieKind, data: &GameData, rng: &mut GameRng, forced: &mut ForcedDice) -> Result<DieRoll, String> {
    let faces = data.dice.faces(die);
    let face = match forced.0.pop_front() {
        Some((kind, face)) if kind == die && face < faces.len() => face,
        Some((kind, face)) if kind == die => {
            return Err(format!("forced face {face} does not exist on the {die:?} die"));
        }
        Some((kind, _)) => {
            return Err(format!("the next forced die is a {kind:?} die but a {die:?} die is rolled"));
        }
        None => rng.below(faces.len()),
    };
    Ok(DieRoll { die, face, symbols: faces[face].clone() })
}

/// Roll several dice of kinds in order.
pub fn roll_all(dice: &[(DieKind, u32)], data: &GameData, rng: &mut GameRng, forced: &mut ForcedDice) -> Result<Vec<DieRoll>, String> {
    let mut out = Vec::new();
    for (die, n) in dice {
        for _ in 0..*n {
            out.push(roll(*die, data, rng, forced)?);
        }
    }
    Ok(out)
}
