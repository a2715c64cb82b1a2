//! A bot chooses one of the commands the rules list now; it knows no rule of its own. `random`
//! picks uniformly (the fuzzer); `greedy` plays like a sensible beginner (`greedy.rs`). Both are
//! deterministic for a seed.

use super::greedy;
use crate::rules::command::Command;
use crate::rules::legal::{ActionKind, Legal};
use bevy::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Greedy,
}

impl std::str::FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<BotKind, String> {
        match s {
            "random" => Ok(BotKind::Random),
            "greedy" => Ok(BotKind::Greedy),
            _ => Err(format!("unknown bot '{s}' (random or greedy)")),
        }
    }
}

pub struct Bot {
    pub kind: BotKind,
    rng: ChaCha8Rng,
}

impl Bot {
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot { kind, rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    /// The command to send now, one of those `legal` lists; `None` when nothing is listed.
    pub fn choose(&mut self, world: &mut World, legal: &Legal) -> Option<Command> {
        match self.kind {
            BotKind::Random => self.random(legal),
            BotKind::Greedy => greedy::choose(world, legal).or_else(|| self.random(legal)),
        }
    }

    /// A pending choice's answer at random, or one time in two a card the rules admit while it
    /// waits (For Karl! on a held roll: so the fuzz plays it too); else a kind of action at random
    /// (so that every kind gets its turn, however many offers each has), ending the turn one time
    /// in three when something else is allowed, then one of its offers.
    fn random(&mut self, legal: &Legal) -> Option<Command> {
        if let Some(p) = &legal.pending {
            let cards: Vec<_> = legal.actions.iter().filter(|a| a.kind == ActionKind::PlayCard && a.is_allowed()).collect();
            if !cards.is_empty() && self.rng.random_range(0..2) == 0 {
                let card = *self.pick(&cards)?;
                return self.pick(card.offers()).map(|o| o.command.clone());
            }
            return self.pick(&p.answers).map(|o| o.command.clone());
        }
        let kinds: Vec<_> = legal.actions.iter().filter(|a| a.is_allowed()).collect();
        let mut a = *self.pick(&kinds)?;
        if a.kind == ActionKind::EndTurn && kinds.len() > 1 && self.rng.random_range(0..3) > 0 {
            let others: Vec<_> = kinds.iter().filter(|k| k.kind != ActionKind::EndTurn).copied().collect();
            a = *self.pick(&others)?;
        }
        self.pick(a.offers()).map(|o| o.command.clone())
    }

    fn pick<'a, T>(&mut self, from: &'a [T]) -> Option<&'a T> {
        (!from.is_empty()).then(|| &from[self.rng.random_range(0..from.len())])
    }
}
