//! The `hoxxes` command line: play (default), validate, scenario, legal, replay, simulate, screenshot.

use hoxxes::data::{GameData, assets_dir, validate::validate_file_with};
use hoxxes::headless::scenario;
use hoxxes::save;
use std::path::PathBuf;
use std::process::ExitCode;

// The rules allocate many small lists that live for one question (the legal moves, a path): the
// simulator plays whole games about 7% faster on mimalloc than on the system's allocator
// (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "usage:
  hoxxes [--record FILE]                                            the main menu (Continue goes on with the game left last)
  hoxxes [--mission FILE] [--dwarves Scout,Driller,...] [--seed N]
         [--hazard 1-3] [--bosco] [--new] [--record FILE]           play a new game in a window (--new alone: First Light)
  hoxxes --load SAVE.ron                                            go on with a saved game
  hoxxes --watch SAVE.ron                                           watch a saved or finished game, forward and back
  hoxxes validate FILE...                                           check mission, campaign and asset files
  hoxxes scenario FILE.ron                                          run a scenario, JSON on stdout
  hoxxes replay SAVE.ron                                            replay a save, the final state as JSON
  hoxxes legal FILE.ron                                             what may be done after a scenario's commands, JSON
  hoxxes simulate [--mission FILE|--all] [--hazard 1-3|all] [--dwarves ...] [--bosco]
         [--games N] [--seed S] [--bot random|greedy] [--jobs J] [--check]
         [--json FILE] [--markdown FILE] [--failures DIR] [--saves DIR]
                                                                    bots play whole games; a balance report
  hoxxes screenshot --mission FILE --out FILE.png                   render one frame to a PNG";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Asked for help anywhere (`hoxxes simulate --help`), the usage, not an unknown argument.
    if args.first().is_some_and(|a| a == "help") || args.iter().any(|a| matches!(a.as_str(), "-h" | "--help")) {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match args.first().map(String::as_str) {
        Some("validate") => validate(&args[1..]),
        Some("scenario") => run_scenario(&args[1..], scenario::run),
        Some("legal") => run_scenario(&args[1..], scenario::legal),
        Some("replay") => replay(&args[1..]),
        Some("simulate") => hoxxes::sim::cli::run(&args[1..]),
        _ => hoxxes::screen::run(&args),
    }
}

fn data_or_exit() -> Result<GameData, ExitCode> {
    GameData::load(&assets_dir()).map_err(|problems| {
        for p in problems {
            eprintln!("{p}");
        }
        ExitCode::from(2)
    })
}

/// Replay a save headless and print the final state, as `scenario` does; exit 1 naming the command
/// that no longer applies (a rule or mission changed), so a save is also a bug report.
fn replay(args: &[String]) -> ExitCode {
    let (file, data) = match one_file(args) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let path = PathBuf::from(file);
    let replayed = save::read(&path)
        .and_then(|s| s.mission(&path, &data).map(|m| (s, m)))
        .map_err(|p| p.to_string())
        .and_then(|(s, m)| save::replay::headless(data, &m, &s).map_err(|e| format!("{file}: {e}")));
    print_json(replayed.map(|(mut app, snapshot)| hoxxes::headless::dump::dump(app.world_mut(), &snapshot)))
}

/// The one file a command takes, and the game's data; or the exit code when either is missing.
fn one_file(args: &[String]) -> Result<(&String, GameData), ExitCode> {
    let [file] = args else {
        eprintln!("{USAGE}");
        return Err(ExitCode::from(2));
    };
    Ok((file, data_or_exit()?))
}

/// JSON to stdout, or the message to stderr and exit 1.
fn print_json(json: Result<String, String>) -> ExitCode {
    match json {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}

fn validate(files: &[String]) -> ExitCode {
    if files.is_empty() {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    // Broken game data is reported, and every file given is still checked as far as it can be.
    let data = data_or_exit().ok();
    let mut bad = data.is_none();
    for f in files {
        for p in validate_file_with(&PathBuf::from(f), data.as_ref()) {
            println!("{p}");
            bad = true;
        }
    }
    if bad { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// Load a scenario and print what `run` makes of it (the final state, or the legal-moves query).
fn run_scenario(
    args: &[String],
    run: fn(GameData, &scenario::Scenario, &hoxxes::data::mission::Mission) -> Result<String, String>,
) -> ExitCode {
    let (file, data) = match one_file(args) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let (s, m) = match scenario::load(&PathBuf::from(file), &data) {
        Ok(x) => x,
        Err(p) => {
            eprintln!("{p}");
            return ExitCode::from(1);
        }
    };
    print_json(run(data, &s, &m).map_err(|e| format!("{file}: {e}")))
}
