//! A bot chooses one of the commands the rules list now; it knows no rule of its own. `random`
//! picks uniformly (the fuzzer); `greedy` plays like a sensible beginner (`greedy.rs`). Both are
//! deterministic for a seed.

use super::greedy;
use crate::rules::command::Command;
use crate::rules::legal::{ActionKind, Legal, legal_commands};
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

    /// The command to send now, asking the legal-moves query itself; `None` when nothing is listed.
    /// The greedy bot asks first for the kinds of command it ranks, shots at creatures alone
    /// (`greedy::decide`); when it ranks none of them, it asks for the whole query and picks at
    /// random, as the random bot always does.
    pub fn decide(&mut self, world: &mut World) -> Option<Command> {
        if self.kind == BotKind::Greedy
            && let Some(c) = greedy::decide(world)
        {
            return Some(c);
        }
        let legal = legal_commands(world);
        self.random(&legal)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::load::read_ron;
    use crate::data::mission::Mission;
    use crate::data::weapons::DwarfClass;
    use crate::data::{GameData, assets_dir};
    use crate::headless::{apply, new_game};
    use crate::rules::cave::Cave;
    use crate::rules::command::BoscoAction;
    use crate::rules::end::Outcome;
    use crate::rules::legal::{Action, legal_of};
    use crate::rules::setup::MissionSetup;
    use hexx::Hex;

    /// The greedy bot asks the query for the kinds it ranks alone, its attacks only at creatures:
    /// at every decision of whole games, their entries are the whole query's, word for word, the
    /// attacks' offers narrowed to the spaces a creature stands on, and so is the bot's choice (four
    /// Dwarves with a Scout, whose Flare it never ranks; one Dwarf with BOSCO).
    #[test]
    fn the_kinds_the_greedy_bot_ranks_are_listed_as_in_the_whole_query() {
        let data = GameData::load(&assets_dir()).expect("the game's data loads");
        let mission: Mission = read_ron(std::path::Path::new("missions/03-hatchery-row.ron")).expect("the mission reads");
        let mut solo = MissionSetup::new(vec![DwarfClass::Engineer], 7, 3);
        solo.bosco = true;
        let mut narrowed = 0;
        for setup in [MissionSetup::new(DwarfClass::ALL.to_vec(), 5, 3), solo] {
            let mut app = new_game(data.clone(), &mission, &setup).expect("the mission sets up");
            let mut bot = Bot::new(BotKind::Greedy, setup.seed);
            let mut decisions = 0;
            let ranks = [greedy::BEFORE_MOVING, greedy::MOVING].concat();
            let ranks = ranks.as_slice();
            while app.world().resource::<Outcome>().0.is_none() && decisions < 600 {
                let world = app.world_mut();
                let (full, ranked) = (legal_commands(world), legal_of(world, ranks, greedy::AIM));
                let creatures = world.run_system_cached(creature_spaces).expect("the cave reads");
                let whole: Vec<Action> = full.actions.iter().filter(|a| ranks.contains(&a.kind)).cloned().collect();
                assert_eq!(ranked.actions.len(), whole.len(), "decision {decisions}");
                for (r, w) in ranked.actions.iter().zip(&whole) {
                    match attack_target(w) {
                        false => assert_eq!(json(r), json(w), "decision {decisions}"),
                        true => {
                            let at_creatures: Vec<_> =
                                w.offers().iter().filter(|o| target(&o.command).is_some_and(|h| creatures.contains(&h))).collect();
                            narrowed += w.offers().len() - at_creatures.len();
                            assert_eq!((r.kind, &r.what, r.by), (w.kind, &w.what, w.by));
                            assert_eq!(json(&r.offers().iter().collect::<Vec<_>>()), json(&at_creatures), "decision {decisions}");
                        }
                    }
                }
                assert_eq!(format!("{:?}", ranked.pending), format!("{:?}", full.pending));
                assert!(full.actions.len() > ranked.actions.len() || full.pending.is_some(), "the whole query lists more kinds");
                let choice = greedy::choose(world, &full);
                assert_eq!(greedy::choose(world, &ranked), choice, "decision {decisions}");
                assert_eq!(greedy::decide(world), choice, "decision {decisions}: asked in two steps");
                let cmd = bot.decide(world).expect("something is listed");
                apply(&mut app, cmd).expect("a listed command is taken");
                decisions += 1;
            }
            assert!(app.world().resource::<Outcome>().0.is_some(), "the game ends within 600 decisions");
        }
        assert!(narrowed > 0, "some shots at empty spaces were listed by the whole query and left out");
    }

    /// BOSCO's guns show what stands on their target, as a Dwarf's shots do, and the greedy bot
    /// flies BOSCO toward the nearest creature when his guns reach none: in three games of
    /// Hatchery Row he flies and fires in each (he never fired while the guns' offers named only the
    /// space, nor flew while the bot ended his part of the turn at once).
    #[test]
    fn the_greedy_bot_flies_bosco_to_the_fight_and_fires_his_guns() {
        let data = GameData::load(&assets_dir()).expect("the game's data loads");
        let mission: Mission = read_ron(std::path::Path::new("missions/03-hatchery-row.ron")).expect("the mission reads");
        for seed in 1..=3 {
            let mut setup = MissionSetup::new(vec![DwarfClass::Engineer], seed, 2);
            setup.bosco = true;
            let app = crate::sim::game::play_to_end(&data, &mission, &setup, BotKind::Greedy).expect("a whole game");
            let log = &app.world().resource::<crate::rules::command::CommandLog>().0;
            let fired = log.iter().filter(|c| matches!(c, Command::Bosco(_)) && target(c).is_some()).count();
            let flew = log.iter().filter(|c| matches!(c, Command::Bosco(BoscoAction::Move(_)))).count();
            assert!(fired > 0 && flew > 0, "seed {seed}: BOSCO fired {fired} times and flew {flew} times");
        }
    }

    fn json(v: &impl serde::Serialize) -> String {
        serde_json::to_string(v).expect("the query serialises")
    }

    fn creature_spaces(cave: Cave) -> Vec<Hex> {
        cave.board.spaces.keys().copied().filter(|h| cave.creature_on(*h)).collect()
    }

    fn attack_target(a: &Action) -> bool {
        matches!(a.kind, ActionKind::Shoot | ActionKind::ShootSecondary | ActionKind::BoscoLightGun | ActionKind::BoscoRocket)
    }

    /// The space an attack is aimed at.
    fn target(cmd: &Command) -> Option<Hex> {
        match cmd {
            Command::Shoot { target, .. } | Command::ShootSecondary { target } => Some((*target).into()),
            Command::Bosco(BoscoAction::LightGun(q) | BoscoAction::Rocket(q)) => Some((*q).into()),
            _ => None,
        }
    }
}
