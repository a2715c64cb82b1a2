//! The window's command line: `[screenshot] [--mission FILE] [--dwarves A,B,..] [--seed N]
//! [--hazard 1-3] [--bosco] [--record FILE] [--out FILE] [--load SAVE] [--watch SAVE] [--new]`. With no game named
//! (nothing but `--record`), the main menu opens (its Continue goes on with the game saved last).

use crate::data::missions_dir;
use crate::data::weapons::DwarfClass;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug)]
pub struct Options {
    pub mission: PathBuf,
    pub classes: Vec<DwarfClass>,
    pub seed: u64,
    pub hazard: u32,
    /// BOSCO joins a lone Dwarf.
    pub bosco: bool,
    /// Write the game's command list to this file as it grows.
    pub record: Option<PathBuf>,
    /// Save one frame to this PNG and exit, instead of playing.
    pub screenshot: Option<PathBuf>,
    /// Which game: a new one, or one under way.
    pub resume: Resume,
}

/// A new game, or one under way from its save.
#[derive(Clone, Debug, PartialEq)]
pub enum Resume {
    New,
    /// `hoxxes` with no game named (no arguments, or only `--record`): the main menu.
    Menu,
    /// `--load FILE`.
    File(PathBuf),
    /// `--watch FILE`: the saved game played again from its start, to be watched, not played on.
    Watch(PathBuf),
}

/// The mission played when none is named.
const DEFAULT_MISSION: &str = "01-first-light.ron";

pub fn parse(args: &[String]) -> Result<Options, String> {
    let (screenshot, mut rest) = match args.split_first() {
        Some((first, rest)) if first == "screenshot" => (true, rest.iter()),
        _ => (false, args.iter()),
    };
    let (mut mission, mut classes, mut seed, mut out) = (None, DwarfClass::ALL.to_vec(), None, None);
    let (mut hazard, mut bosco, mut record) = (1, false, None);
    // A game is chosen by naming any of it; `--record` alone goes on with the game saved last.
    let mut resume = Resume::Menu;
    while let Some(flag) = rest.next() {
        let mut value = || rest.next().ok_or_else(|| format!("{flag} needs a value"));
        if !matches!(flag.as_str(), "--record" | "--load" | "--watch") {
            resume = Resume::New;
        }
        match flag.as_str() {
            "--mission" => mission = Some(PathBuf::from(value()?)),
            "--dwarves" => classes = value()?.split(',').map(str::parse).collect::<Result<_, _>>()?,
            "--seed" => seed = Some(value()?.parse::<u64>().map_err(|e| format!("--seed: {e}"))?),
            "--out" if screenshot => out = Some(PathBuf::from(value()?)),
            "--hazard" => hazard = value()?.parse::<u32>().ok().filter(|h| (1..=3).contains(h)).ok_or("--hazard is 1, 2 or 3")?,
            "--bosco" => bosco = true,
            "--record" => record = Some(PathBuf::from(value()?)),
            "--load" if !screenshot => resume = Resume::File(PathBuf::from(value()?)),
            "--watch" if !screenshot => resume = Resume::Watch(PathBuf::from(value()?)),
            "--new" => resume = Resume::New,
            _ => return Err(format!("unknown argument '{flag}' (try --help)")),
        }
    }
    if screenshot && out.is_none() {
        return Err("screenshot needs --out FILE.png".into());
    }
    let mission = match mission {
        Some(m) => m,
        None => default_mission()?,
    };
    // A screenshot is the same picture every time; a game is a new dive unless a seed is given.
    let seed = seed.unwrap_or_else(|| if screenshot { 1 } else { time_seed() });
    if bosco && classes.len() != 1 {
        return Err("--bosco comes with one Dwarf only (--dwarves Scout, say)".into());
    }
    if screenshot {
        resume = Resume::New;
    }
    Ok(Options { mission, classes, seed, hazard, bosco, record, screenshot: out, resume })
}

/// `missions/01-first-light.ron` if it is there, else the first mission file.
fn default_mission() -> Result<PathBuf, String> {
    let dir = missions_dir();
    let preferred = dir.join(DEFAULT_MISSION);
    if preferred.exists() {
        return Ok(preferred);
    }
    first_ron(&dir).ok_or_else(|| format!("no mission files in {}; name one with --mission FILE", dir.display()))
}

fn first_ron(dir: &Path) -> Option<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files.into_iter().next()
}

fn time_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}
