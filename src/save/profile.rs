//! The solo campaign's record (ruling 45), kept in `campaign.ron` in the game's data folder: for
//! each mission of `missions/campaign.ron`, the best result and the highest hazard it was won at.
//! Winning a mission (a success or minor success) opens the next.

use crate::data::load::{Problem, parse_ron, read_text};
use crate::rules::end::Result as MissionResult;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    /// By mission file name.
    pub missions: BTreeMap<String, Record>,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub best: MissionResult,
    /// The highest hazard of a win (0: not won yet).
    pub won_at_hazard: u32,
    pub played: u32,
}

/// Better results first: a success, a minor success, a loss.
fn rank(r: MissionResult) -> u32 {
    match r {
        MissionResult::Success => 2,
        MissionResult::MinorSuccess => 1,
        MissionResult::Loss => 0,
    }
}

impl Profile {
    /// A mission played to its end: the record keeps the best of it.
    pub fn note(&mut self, mission: &str, result: MissionResult, hazard: u32) {
        let r = self.missions.entry(mission.to_string()).or_insert(Record { best: result, won_at_hazard: 0, played: 0 });
        r.played = r.played.saturating_add(1);
        if rank(result) > rank(r.best) {
            r.best = result;
        }
        if result != MissionResult::Loss {
            r.won_at_hazard = r.won_at_hazard.max(hazard);
        }
    }

    pub fn won(&self, mission: &str) -> bool {
        self.missions.get(mission).is_some_and(|r| r.won_at_hazard > 0)
    }

    /// The campaign's missions open now: the first, and each after a won one.
    pub fn open(&self, campaign: &[String]) -> Vec<bool> {
        (0..campaign.len()).map(|i| i == 0 || self.won(&campaign[i - 1])).collect()
    }
}

pub fn file() -> Result<PathBuf, String> {
    super::folder::data_dir().map(|d| d.join("campaign.ron"))
}

/// The record, or an empty one when there is none yet.
pub fn read() -> Result<Profile, Problem> {
    let Some((p, name)) = super::read_kept::<Profile>(&file().map_err(Problem)?)? else { return Ok(Profile::default()) };
    if p.missions.len() > 1000 || p.missions.values().any(|r| r.won_at_hazard > 3) {
        return Err(Problem(format!("{name}: more missions or a higher hazard than the game has")));
    }
    Ok(p)
}

pub fn write(p: &Profile) -> Result<(), String> {
    super::write_kept(&file()?, p)
}

/// The campaign's missions, in order (`missions/campaign.ron`).
pub fn campaign() -> Result<Vec<String>, Problem> {
    let path = crate::data::missions_dir().join("campaign.ron");
    parse_ron(&path.display().to_string(), &read_text(&path)?)
}
