//! `hoxxes simulate [--mission FILE|--all] [--hazard 1-3|all] [--dwarves A,B,..] [--bosco]
//! [--games N] [--seed S] [--bot random|greedy] [--jobs J] [--check] [--json FILE]
//! [--markdown FILE] [--failures DIR] [--saves DIR]`: games played headless on all cores, a progress bar on a
//! terminal, the report on stdout. Exit 1 when any game broke something: its save is written to
//! the failures folder, to be replayed (`hoxxes replay`, `hoxxes --watch`).

use super::bot::BotKind;
use super::game::{GameRecord, play};
use super::report::{self, Summary};
use crate::data::mission::Mission;
use crate::data::playable::mission_files;
use crate::data::validate::load_mission;
use crate::data::weapons::DwarfClass;
use crate::data::{GameData, assets_dir, missions_dir};
use crate::rules::setup::MissionSetup;
use crate::save::Save;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Bounds on what the command line may ask for, checked before any work scales with it.
const MAX_GAMES: u64 = 1_000_000;
const MAX_JOBS: u64 = 256;

#[derive(Debug)]
struct Options {
    missions: Vec<PathBuf>,
    hazards: Vec<u32>,
    classes: Vec<DwarfClass>,
    bosco: bool,
    games: u64,
    seed: u64,
    bot: BotKind,
    jobs: Option<usize>,
    check: bool,
    json: Option<PathBuf>,
    markdown: Option<PathBuf>,
    failures: PathBuf,
    /// Keep every game's save here (for golden replays, or to watch).
    saves: Option<PathBuf>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        missions: vec![],
        hazards: vec![1],
        classes: DwarfClass::ALL.to_vec(),
        bosco: false,
        games: 100,
        seed: 1,
        bot: BotKind::Greedy,
        jobs: None,
        // Always in a debug build; asked for in a release build.
        check: cfg!(debug_assertions),
        json: None,
        markdown: None,
        failures: PathBuf::from("simulate-failures"),
        saves: None,
    };
    let mut all = false;
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let mut value = || rest.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |v: &str, most: u64| {
            v.parse::<u64>().ok().filter(|n| (1..=most).contains(n)).ok_or_else(|| format!("{flag} is a number from 1 to {most}"))
        };
        match flag.as_str() {
            "--mission" => o.missions.push(PathBuf::from(value()?)),
            "--all" => all = true,
            "--hazard" => {
                o.hazards = match value()?.as_str() {
                    "all" => vec![1, 2, 3],
                    h => vec![h.parse::<u32>().ok().filter(|h| (1..=3).contains(h)).ok_or("--hazard is 1, 2, 3 or all")?],
                }
            }
            "--dwarves" => o.classes = value()?.split(',').map(str::parse).collect::<Result<_, _>>()?,
            "--bosco" => o.bosco = true,
            "--games" => o.games = number(value()?, MAX_GAMES)?,
            "--seed" => o.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--bot" => o.bot = value()?.parse()?,
            "--jobs" => o.jobs = Some(number(value()?, MAX_JOBS)? as usize),
            "--check" => o.check = true,
            "--json" => o.json = Some(PathBuf::from(value()?)),
            "--markdown" => o.markdown = Some(PathBuf::from(value()?)),
            "--failures" => o.failures = PathBuf::from(value()?),
            "--saves" => o.saves = Some(PathBuf::from(value()?)),
            _ => return Err(format!("simulate: unknown argument '{flag}'")),
        }
    }
    if all {
        let dir = missions_dir();
        o.missions.extend(mission_files(&dir).into_iter().map(|f| dir.join(f)));
    }
    if o.missions.is_empty() {
        return Err("simulate: name a mission (--mission FILE) or --all".into());
    }
    if o.classes.is_empty() || o.classes.len() > 4 {
        return Err("--dwarves names one to four Dwarves".into());
    }
    if o.bosco && o.classes.len() != 1 {
        return Err("--bosco comes with one Dwarf only".into());
    }
    Ok(o)
}

pub fn run(args: &[String]) -> ExitCode {
    match simulate(args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

/// One mission to play: its file, its text's save header, the mission itself.
struct Table {
    file: PathBuf,
    text: String,
    mission: Mission,
}

/// Play every game asked for; print the report. Returns whether no game broke anything.
fn simulate(args: &[String]) -> Result<bool, String> {
    let o = parse(args)?;
    let data = GameData::load(&assets_dir()).map_err(|ps| crate::data::load::Problem::lines(&ps))?;
    let tables: Vec<Table> = o
        .missions
        .iter()
        .map(|f| {
            load_mission(f, &data)
                .map(|(mission, text)| Table { file: f.clone(), text, mission })
                .map_err(|ps| crate::data::load::Problem::lines(&ps))
        })
        .collect::<Result<_, _>>()?;
    let plays: Vec<(usize, u32, u64)> =
        (0..tables.len()).flat_map(|t| o.hazards.iter().flat_map(move |h| (0..o.games).map(move |i| (t, *h, i)))).collect();
    let bar = progress(plays.len() as u64);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(o.jobs.unwrap_or(0)).build().map_err(|e| e.to_string())?;
    let records: Vec<(usize, u32, GameRecord)> = pool.install(|| {
        plays
            .par_iter()
            .map(|(t, hazard, i)| {
                let table = &tables[*t];
                let mut setup = MissionSetup::new(o.classes.clone(), o.seed.wrapping_add(*i), *hazard);
                setup.bosco = o.bosco;
                let record = play(&data, &table.mission, Save::begin(&table.file, &table.text, setup), o.bot, o.check);
                bar.inc(1);
                (*t, *hazard, record)
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut summaries: Vec<Summary> = vec![];
    let mut sound = true;
    for (t, table) in tables.iter().enumerate() {
        for hazard in &o.hazards {
            let games: Vec<GameRecord> = records.iter().filter(|r| r.0 == t && r.1 == *hazard).map(|r| r.2.clone()).collect();
            for g in &games {
                if g.failure.is_some() {
                    sound = false;
                    report_failure(&o.failures, &table.file, *hazard, g);
                }
                if let Some(dir) = &o.saves {
                    keep(dir, &table.file, *hazard, g)?;
                }
            }
            summaries.push(report::summarise(&table.mission.name, *hazard, &games));
        }
    }
    println!("{}", report::table(&summaries));
    write_reports(&o, args, &summaries)?;
    Ok(sound)
}

fn progress(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left") {
        bar.set_style(style);
    }
    bar
}

/// Write a game's save into a folder, named by mission, hazard and seed.
fn keep(dir: &Path, mission: &Path, hazard: u32, g: &GameRecord) -> Result<PathBuf, String> {
    let stem = mission.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let file = dir.join(format!("{stem}-hazard{hazard}-seed{}.ron", g.seed));
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    crate::save::write(&file, &g.save)?;
    Ok(file)
}

/// A game that broke something: said on stderr, its save written to replay it.
fn report_failure(dir: &Path, mission: &Path, hazard: u32, g: &GameRecord) {
    let kept = keep(dir, mission, hazard, g);
    let reason = g.failure.as_deref().unwrap_or_default();
    match kept {
        Ok(file) => eprintln!("{}: hazard {hazard}, seed {}: {reason}; replay: {}", mission.display(), g.seed, file.display()),
        Err(e) => eprintln!("{}: hazard {hazard}, seed {}: {reason} (its save could not be written: {e})", mission.display(), g.seed),
    }
}

fn write_reports(o: &Options, args: &[String], summaries: &[Summary]) -> Result<(), String> {
    if let Some(f) = &o.json {
        let json = serde_json::to_string_pretty(summaries).map_err(|e| e.to_string())?;
        std::fs::write(f, json + "\n").map_err(|e| format!("{}: {e}", f.display()))?;
    }
    if let Some(f) = &o.markdown {
        let command = format!("hoxxes simulate {}", args.join(" "));
        std::fs::write(f, report::markdown(summaries, &command)).map_err(|e| format!("{}: {e}", f.display()))?;
    }
    Ok(())
}
