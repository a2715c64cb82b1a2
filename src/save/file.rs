//! The save file: RON, small and readable, written so that a kill at any moment leaves a loadable
//! save (a temporary file, flushed, then renamed over the old one, which is kept beside it).

use crate::data::GameData;
use crate::data::load::{Problem, parse_ron, read_text};
use crate::data::mission::Mission;
use crate::data::validate::load_mission;
use crate::rules::command::Command;
use crate::rules::setup::MissionSetup;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The save format this game writes and reads. A save of a newer format is refused by name.
/// 2: any roll, not only a shot, waits for For Karl! while a Dwarf holds it (ruling 32); a
/// format-1 save is replayed with those rolls let stand (`replay::upgrade`).
pub const FORMAT: u32 = 2;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Save {
    /// The save format ([`FORMAT`]).
    pub format: u32,
    /// The mission file played.
    pub mission: PathBuf,
    /// SHA-256 of the mission file's bytes when the game began: a mission changed since is found out.
    pub mission_sha256: String,
    /// Dwarves, seed, hazard, secondaries, BOSCO.
    pub setup: MissionSetup,
    /// Every command the rules accepted, in order.
    pub commands: Vec<Command>,
    /// What the game is part of: a quick mission, the solo campaign, a Deep Dive. A save written
    /// before this field was added reads as a quick mission.
    #[serde(default)]
    pub run: Run,
}

/// What a game is part of, so that its end goes on to the right place (ruling 45, rulebook "Deep
/// Dive campaign").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Run {
    #[default]
    Quick,
    Campaign,
    DeepDive,
}

/// The first field of any save, read before the rest so a newer format is named, not misread.
#[derive(Deserialize)]
struct Header {
    format: u32,
}

impl Save {
    /// A game about to begin: the mission file as it is now.
    pub fn begin(mission: &Path, text: &str, setup: MissionSetup) -> Save {
        let mission = std::path::absolute(mission).unwrap_or_else(|_| mission.to_path_buf());
        Save { format: FORMAT, mission, mission_sha256: fingerprint(text), setup, commands: vec![], run: Run::Quick }
    }

    /// The mission this save was played on, checked as `validate` checks it and unchanged since. A
    /// mission file moved away is looked for by name in the game's own `missions/` folder.
    pub fn mission(&self, save: &Path, data: &GameData) -> Result<Mission, Problem> {
        let shipped = crate::data::missions_dir().join(self.mission.file_name().unwrap_or_default());
        let path = if self.mission.exists() { self.mission.clone() } else { shipped };
        let (mission, text) = load_mission(&path, data).map_err(|ps| Problem(Problem::lines(&ps)))?;
        if fingerprint(&text) != self.mission_sha256 {
            return Err(Problem(format!(
                "{}: the mission {} has changed since this game began, so its commands cannot be replayed on it",
                save.display(),
                path.display()
            )));
        }
        Ok(mission)
    }
}

/// SHA-256 of a text, in hex.
pub fn fingerprint(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Read a save: size-capped, a newer format refused by name, every fault named with file and line.
pub fn read(path: &Path) -> Result<Save, Problem> {
    let name = path.display().to_string();
    let text = read_text(path)?;
    let header: Header = parse_ron(&name, &text)?;
    if header.format > FORMAT || header.format == 0 {
        return Err(Problem(format!(
            "{name}: save format {} is not one this game reads (it reads 1 to {FORMAT}); a newer hoxxes wrote it",
            header.format
        )));
    }
    parse_ron(&name, &text)
}

/// Write a save atomically, keeping the one it replaces beside it ([`previous`]).
pub fn write(path: &Path, save: &Save) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
    let fail = |e: std::io::Error| format!("{}: {e}", path.display());
    if path.exists() {
        // The previous save, itself replaced in one step.
        let prev_tmp = path.with_extension("prev.tmp");
        std::fs::copy(path, &prev_tmp).and_then(|_| std::fs::rename(&prev_tmp, previous(path))).map_err(fail)?;
    }
    write_atomically(path, &text)
}

/// Where the save before the last one of `save` is kept: `FILE.ron.prev`.
pub fn previous(save: &Path) -> PathBuf {
    save.with_extension("ron.prev")
}

/// A file of the data folder the game keeps (settings, the dive, the campaign record): none yet is
/// `None`; one that cannot be read is named with its fault.
pub fn read_kept<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Option<(T, String)>, Problem> {
    if !path.exists() {
        return Ok(None);
    }
    let name = path.display().to_string();
    Ok(Some((parse_ron(&name, &read_text(path)?)?, name)))
}

/// Keep such a file as readable RON, atomically, its folder made if need be.
pub fn write_kept<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
    write_atomically(path, &text)
}

/// Write a file so that it is either all the old text or all the new one, whenever the game is
/// killed: a temporary file beside it, flushed to disk, renamed over it.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    let fail = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut f = std::fs::File::create(&tmp).map_err(fail)?;
    f.write_all(text.as_bytes()).and_then(|_| f.sync_all()).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}
