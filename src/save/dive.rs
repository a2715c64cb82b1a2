//! A Deep Dive under way (rulebook "Deep Dive campaign"; rulings 37-44), kept in `dive.ron` in the
//! game's data folder beside the saves: the dive's choices, the missions, where it stands, what the
//! Dwarves carry into the next mission, and what each mission came to. Each mission itself is an
//! ordinary save (its set-up holds what was carried), so it is resumed and replayed like any game.

use crate::data::load::Problem;
use crate::data::mission::Item;
use crate::data::weapons::DwarfClass;
use crate::rules::dive::Carried;
use crate::rules::end::{Outcome, Result as MissionResult};
use crate::rules::log::GameLog;
use crate::rules::setup::MissionSetup;
use crate::rules::state::{Mule, Turn};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The dive file format this game writes and reads.
pub const FORMAT: u32 = 1;
/// A Deep Dive is three missions in a row (ruling 27).
pub const MISSIONS: usize = 3;
/// Replays of one lost mission before the game stops offering more (a bound on the file's count).
pub const MOST_ATTEMPTS: u32 = 1000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dive {
    pub format: u32,
    pub seed: u64,
    /// Chosen once, for every mission and replay (ruling 38).
    pub hazard: u32,
    /// BOSCO joins a dive of one Dwarf, back for every mission (ruling 44).
    pub bosco: bool,
    /// The team the dive began with, and their secondaries: a replayed mission brings them all back
    /// fresh (ruling 41).
    pub team: Vec<DwarfClass>,
    pub secondaries: Vec<String>,
    /// The dive's three mission files.
    pub missions: Vec<PathBuf>,
    /// The mission being played (from 0).
    pub at: usize,
    /// How often this mission has been replayed after a loss.
    pub attempt: u32,
    /// What the Dwarves bring into the mission `at` (empty: fresh).
    pub carried: Vec<Carried>,
    /// The save of the mission under way, once begun.
    pub save: Option<PathBuf>,
    /// What each mission played came to, lost ones included.
    pub legs: Vec<Leg>,
    pub state: DiveState,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiveState {
    /// The next mission is to be played (or is being played).
    UnderWay,
    /// The last mission was lost: replay it or give the dive up (ruling 41).
    MissionLost,
    Won,
    /// Given up, after a lost mission or between missions.
    Lost,
}

/// One mission of the dive as it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leg {
    pub mission: String,
    pub result: MissionResult,
    pub turns: u32,
    pub kills: u32,
    /// What the M.U.L.E. held, shipped back to the Company.
    pub mule: BTreeMap<Item, u32>,
    /// Who came back aboard, with his Health.
    pub back: Vec<(DwarfClass, u32)>,
}

impl Leg {
    /// The mission on the table as it ended, and who carries on from it.
    pub fn of(world: &World, mission: &str, carried: &[Carried]) -> Option<Leg> {
        let end = world.resource::<Outcome>().0.as_ref()?;
        Some(Leg {
            mission: mission.to_string(),
            result: end.result,
            turns: world.resource::<Turn>().number,
            kills: world.resource::<GameLog>().creatures_killed() as u32,
            mule: world.resource::<Mule>().0.clone(),
            back: carried.iter().map(|c| (c.class, c.health)).collect(),
        })
    }
}

impl Dive {
    pub fn new(missions: Vec<PathBuf>, team: Vec<DwarfClass>, secondaries: Vec<String>, hazard: u32, bosco: bool, seed: u64) -> Dive {
        Dive {
            format: FORMAT,
            seed,
            hazard,
            bosco: bosco && team.len() == 1,
            team,
            secondaries,
            missions,
            at: 0,
            attempt: 0,
            carried: vec![],
            save: None,
            legs: vec![],
            state: DiveState::UnderWay,
        }
    }

    /// The set-up of the mission to play now: the Dwarves still in the dive with what they carry
    /// (or the whole team, fresh, at the start and after a loss), a seed of its own.
    pub fn setup(&self) -> MissionSetup {
        let fresh = self.carried.is_empty();
        let classes: Vec<DwarfClass> = if fresh { self.team.clone() } else { self.carried.iter().map(|c| c.class).collect() };
        let seed = self.seed.wrapping_mul(1_000_003).wrapping_add(self.at as u64 * 7919 + u64::from(self.attempt) * 104_729);
        let mut setup = MissionSetup::new(classes.clone(), seed, self.hazard);
        setup.secondaries = if fresh { self.secondaries.clone() } else { vec![] };
        setup.bosco = self.bosco && classes.len() == 1;
        setup.carried = self.carried.clone();
        setup
    }

    /// The Dwarves of the team out for the rest of the dive: not aboard the Drop Pod when it left a
    /// mission (ruling 40). None at the start, nor after a lost mission (its replay brings the whole
    /// team back, ruling 41).
    pub fn out_of_the_dive(&self) -> Vec<DwarfClass> {
        if self.carried.is_empty() || self.state == DiveState::MissionLost {
            return vec![];
        }
        self.team.iter().copied().filter(|c| !self.carried.iter().any(|k| k.class == *c)).collect()
    }

    /// The mission now under way ended. A success or minor success goes on to the next mission
    /// with what the Dwarves aboard carry (rulings 40, 42); the third ends the dive won. A loss
    /// waits for the players: replay or give up (ruling 41).
    pub fn mission_over(&mut self, leg: Leg, carried: Vec<Carried>) {
        let won = leg.result != MissionResult::Loss && !carried.is_empty();
        self.legs.push(leg);
        self.save = None;
        if !won {
            self.state = DiveState::MissionLost;
            return;
        }
        self.carried = carried;
        self.at += 1;
        self.attempt = 0;
        self.state = if self.at >= self.missions.len() { DiveState::Won } else { DiveState::UnderWay };
    }

    /// Ruling 41: the lost mission again, every Dwarf the dive began with back and fresh.
    pub fn replay_lost(&mut self) {
        if self.state == DiveState::MissionLost && self.attempt < MOST_ATTEMPTS {
            self.carried.clear();
            self.attempt += 1;
            self.state = DiveState::UnderWay;
        }
    }

    /// The players stop the dive: after a lost mission instead of replaying it (ruling 41), or
    /// at any time before its end, as a table may put the box away. It ends lost.
    pub fn give_up(&mut self) {
        if !self.over() {
            self.state = DiveState::Lost;
        }
    }

    pub fn over(&self) -> bool {
        matches!(self.state, DiveState::Won | DiveState::Lost)
    }

    /// Where the dive stands, in a few words.
    pub fn progress(&self) -> String {
        match self.state {
            DiveState::Won => "won".into(),
            DiveState::Lost => "lost".into(),
            DiveState::MissionLost => format!("mission {} of {} lost", self.at + 1, self.missions.len()),
            DiveState::UnderWay => format!("mission {} of {}", self.at + 1, self.missions.len()),
        }
    }

    /// Bounds on what a file may say, checked before anything is played: what is wrong is named
    /// when the file is read, not when its next mission is laid out. `name`: the file.
    pub fn check(&self, name: &str) -> Result<(), Problem> {
        let bad = |what: String| Err(Problem(format!("{name}: {what}")));
        if self.format != FORMAT {
            return bad(format!("dive format {} is not one this game reads (it reads {FORMAT})", self.format));
        }
        if self.missions.len() != MISSIONS || self.at > MISSIONS {
            return bad(format!("a Deep Dive is {MISSIONS} missions, at mission 1 to {MISSIONS}"));
        }
        // The team as any set-up must be (the set-up's own check and words).
        if let Err(e) = crate::rules::setup::check_team(&self.team, self.bosco, self.hazard) {
            return bad(e);
        }
        if self.secondaries.len() > self.team.len() {
            return bad(format!("{} secondary weapons for {} Dwarves", self.secondaries.len(), self.team.len()));
        }
        // Who carries on into the next mission is some of the team, each once (ruling 40).
        for (i, c) in self.carried.iter().enumerate() {
            if !self.team.contains(&c.class) || self.carried[..i].iter().any(|o| o.class == c.class) {
                return bad(format!("the {:?} carries on into the next mission but is not in the team once", c.class));
            }
        }
        if self.attempt > MOST_ATTEMPTS || self.legs.len() > MISSIONS * (MOST_ATTEMPTS as usize + 1) {
            return bad(format!("a mission is replayed at most {MOST_ATTEMPTS} times"));
        }
        Ok(())
    }
}

/// Three different missions drawn from `count` by the dive's seed (ruling 39), or fewer when the
/// book is smaller.
pub fn draw_missions(count: usize, seed: u64) -> Vec<usize> {
    let mut rng = crate::rules::dice::GameRng::seeded(seed);
    let mut all: Vec<usize> = (0..count).collect();
    crate::rules::deck::shuffle(&mut all, &mut rng);
    all.truncate(MISSIONS);
    all
}

/// Where the dive under way is kept.
pub fn file() -> Result<PathBuf, String> {
    super::folder::data_dir().map(|d| d.join("dive.ron"))
}

/// The dive under way, if any (a dive won or lost is kept for its summary until another begins).
pub fn read_current() -> Result<Option<Dive>, Problem> {
    let Some((dive, name)) = super::read_kept::<Dive>(&file().map_err(Problem)?)? else { return Ok(None) };
    dive.check(&name)?;
    Ok(Some(dive))
}

/// Keep the dive, atomically.
pub fn write(dive: &Dive) -> Result<(), String> {
    super::write_kept(&file()?, dive)
}
