//! Bad input never hurts (issue 15): every reproducer of the fuzzing pass in `tests/bad-input/`
//! ends by itself with its clear message or the right outcome, and missions, set-up steps and
//! commands carrying extreme numbers are refused or played, never a panic or a hang.

use super::common::*;
use hoxxes::headless::invariants;
use hoxxes::headless::scenario::{load, play};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn bad_input(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-input").join(file)
}

/// `hoxxes scenario FILE`, killed if it has not ended in 30 s (a hang fails the test, it does not
/// stall the suite): the exit code, what it printed, and how long it took.
fn scenario_exits(file: &Path) -> (Option<i32>, String, Duration) {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hoxxes"))
        .args(["scenario", &file.display().to_string()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    while child.try_wait().expect("waits").is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            child.kill().ok();
            panic!("{}: still running after 30 s", file.display());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().expect("its output");
    (out.status.code(), text(&out.stderr), start.elapsed())
}

#[test]
fn every_reproducer_ends_by_itself_with_its_clear_message() {
    let refused = [
        ("event-threat-huge-abort.ron", "moves the Swarm Threat 2147483647 steps; the meter has 20"),
        ("event-threat-back-stall.ron", "moves the Swarm Threat -1000000 steps"),
        ("event-spawn-huge-hang.ron", "spawns 4294967295 Grunt; 1 to 18"),
        ("pickups-huge-memory.ron", "4294967295 RedSugar but the box has only 2"),
        ("zipline-far.ron", "(100000000, 2) is not a space of the cave"),
        ("zipline-far-hang.ron", "(2147483647, 2) is not a space of the cave"),
        ("mule-overflow-wraps.ron", "set-up step 1 (SetMule(Morkite, 4294967295)): the M.U.L.E. holds 4294967295 Morkite; the box has 13"),
        ("setup-unchecked-values.ron", "the hazard level is 1, 2 or 3, not 99"),
        ("setup-stacked-figures.ron", "set-up step 2 (PlaceDwarf(Gunner"),
    ];
    for (file, message) in refused {
        let (code, err, took) = scenario_exits(&bad_input(file));
        println!("{file}: exit {code:?} in {} ms: {}", took.as_millis(), err.trim());
        assert_eq!(code, Some(1), "{file}: {err}");
        assert!(err.contains(message), "{file} should say {message:?}, says: {err}");
    }
    for file in ["lights-up-slow.ron", "oppressor-tail-on-grunt.ron"] {
        let (code, err, took) = scenario_exits(&bad_input(file));
        println!("{file}: exit {code:?} in {} ms", took.as_millis());
        assert_eq!(code, Some(0), "{file}: {err}");
    }
}

/// The Oppressor's rear never ends on a Grunt (ruling 33), whatever They Are Awake makes it do.
#[test]
fn the_oppressor_of_the_reproducer_ends_with_both_spaces_free() {
    let (s, m) = load(&bad_input("oppressor-tail-on-grunt.ron"), &data()).expect("loads");
    let (mut app, _) = play(data(), &s, &m).expect("plays");
    invariants::check(app.world_mut()).expect("no two figures share a space");
}

/// The set-up steps one at a time: each breaks one bound and is refused naming itself.
#[test]
fn a_setup_step_the_game_could_never_reach_is_refused_naming_the_step() {
    let cases = [
        ("SetDwarfHealth(Driller, 99)", "the Driller has 99 Health, above the 5 of the board"),
        ("SetDwarfHealth(Driller, 0)", "has 0 Health and is not unconscious"),
        ("SetAmmo(Driller, 6, 0)", "6 primary ammo, above his 5 slots"),
        ("SetThreat(0)", "the Swarm Threat marker is on step 0; the meter runs 1 to 20"),
        ("SetThreat(21)", "on step 21"),
        ("SetMule(Gold, 100)", "the M.U.L.E. holds 100 Gold"),
        ("PlaceDwarf(Driller, (q: 0, r: 0))", "stands in rock"),
        ("PlaceCreature(Grunt, (q: 2, r: 2), None)", "share the space"),
        ("PlaceCreature(Grunt, (q: 99, r: 2), None)", "(99, 2) is not part of the cave"),
        ("SetHand(Driller, [\"For Karl!\", \"For Karl!\", \"For Karl!\", \"For Karl!\", \"For Karl!\"], [])", "no copy of \"For Karl!\""),
    ];
    let dir = temp("setup-steps");
    for (step, why) in cases {
        let text = format!(
            "(mission: File(\"tests/bad-input/open.ron\"), dwarves: [Driller], seed: 1, setup: [PlaceDwarf(Driller, (q: 2, r: 2)), {step}])"
        );
        let err = run_text(&dir, &text).expect_err(step);
        assert!(err.contains("set-up step 2") && err.contains(why), "{step}: should say {why:?}, says {err}");
    }
}

/// A scenario from its text, written in `dir`, as `hoxxes scenario` runs it: the JSON, or the
/// message.
fn run_text(dir: &Path, text: &str) -> Result<String, String> {
    let file = dir.join(format!("case-{:x}.ron", fxhash(text)));
    std::fs::write(&file, text).expect("written");
    let out = (|| {
        let (s, m) = load(&file, &data()).map_err(|p| p.to_string())?;
        hoxxes::headless::scenario::run(data(), &s, &m)
    })();
    std::fs::remove_file(&file).ok();
    out
}

fn fxhash(s: &str) -> u64 {
    s.bytes().fold(0xcbf29ce484222325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100000001b3))
}

/// Files that are not files: `/dev/zero` as a mission, and a 2 GB file, answer at once.
#[test]
fn endless_and_huge_files_are_refused_at_once() {
    let (code, err, _) = scenario_exits(Path::new("/dev/zero"));
    assert_eq!(code, Some(1));
    assert!(err.contains("larger than 4 MiB"), "{err}");
    let dir = temp("huge");
    let huge = dir.join("huge.ron");
    std::fs::File::create(&huge).and_then(|f| f.set_len(2 << 30)).expect("a sparse 2 GB file");
    let scenario = dir.join("uses-huge.ron");
    std::fs::write(&scenario, "(mission: File(\"huge.ron\"), dwarves: [Scout], seed: 1)").expect("written");
    let zero = dir.join("uses-zero.ron");
    std::fs::write(&zero, "(mission: File(\"/dev/zero\"), dwarves: [Scout], seed: 1)").expect("written");
    for file in [&huge, &scenario, &zero] {
        let (code, err, took) = scenario_exits(file);
        println!("{}: exit {code:?} in {} ms: {}", file.display(), took.as_millis(), err.trim());
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("larger than 4 MiB"), "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The numbers a file or command may carry, at their extremes.
const EXTREMES: [&str; 9] = ["-2147483648", "-1", "0", "1", "3", "20", "65535", "2147483647", "4294967295"];

/// Every numeric field of a mission's event, pickups, difficulty and objectives, of a set-up step
/// and of a command's target, set to each extreme: read, refused or played, never a panic; each
/// answer's time is printed (the slowest too) for docs/performance.md.
#[test]
fn extreme_numbers_anywhere_are_refused_or_played_never_a_panic() {
    let mission = std::fs::read_to_string(bad_input("open.ron")).expect("the open room");
    let mission_cases = [
        ("effects: [", "effects: [SwarmThreat(N), "),
        ("effects: [", "effects: [Spawn(Grunt, N, Exit(1)), "),
        ("effects: [", "effects: [DamageAll(N), "),
        ("effects: [", "effects: [Spawn(Grunt, 1, At((N, 2))), "),
        ("difficulty: 1", "difficulty: N"),
        ("RedSugar: 1", "RedSugar: N"),
        ("Collect(Morkite, 1)", "Collect(Morkite, N)"),
    ];
    let setup_cases = [
        "SetDwarfHealth(Driller, N)",
        "SetCreatureHealth(N, 1)",
        "SetAmmo(Driller, N, N)",
        "SetThreat(N)",
        "SetMule(Morkite, N)",
        "PlaceDwarf(Driller, (q: N, r: 2))",
        "PlaceCreature(Grunt, (q: 3, r: N), None)",
        "RemoveCreature(N)",
        "PlaceToken(Upgrade(N), (q: 3, r: 3))",
    ];
    let command_cases = [
        "Move([(q: N, r: 2)])",
        "Move([(q: 3, r: 2), (q: N, r: N)])",
        "Shoot(mode: \"Spread\", target: (q: N, r: 2))",
        "ShootSecondary(target: (q: 2, r: N))",
        "CallResupply((q: N, r: N))",
        "GetSupplies(primary: N, secondary: 0, health: N)",
        "Flare((q: N, r: 2))",
        "Zipline((q: N, r: 2))",
        "Sentry((q: 2, r: N))",
        "Platforms([(q: N, r: 2)])",
        "Throw(card: \"Frag Grenade\", target: (q: N, r: N))",
        "Choose(Chop(Mine((q: N, r: 2))))",
        "Choose(Keep(N))",
    ];
    let mut texts: Vec<String> = Vec::new();
    for n in EXTREMES {
        for (from, to) in mission_cases {
            assert!(mission.contains(from), "{from} is in the open room");
            let m = mission.replacen(from, &to.replace('N', n), 1);
            texts.push(format!("(mission: Inline({m}), dwarves: [Driller], seed: 1, setup: [StackEvents([\"Mission Event\"])], commands: [EndTurn, EndTurn])"));
        }
        for step in setup_cases {
            let step = step.replace('N', n);
            texts.push(format!(
                "(mission: File(\"tests/bad-input/open.ron\"), dwarves: [Driller], seed: 1, setup: [{step}], commands: [EndTurn])"
            ));
        }
        for cmd in command_cases {
            let cmd = cmd.replace('N', n);
            texts.push(format!("(mission: File(\"tests/bad-input/open.ron\"), dwarves: [Driller], seed: 1, setup: [PlaceDwarf(Driller, (q: 3, r: 3))], commands: [{cmd}])"));
        }
    }
    let dir = temp("extremes");
    let (mut played, mut refused, mut slowest) = (0, 0, (Duration::ZERO, String::new()));
    for text in &texts {
        let start = Instant::now();
        match run_text(&dir, text) {
            Ok(_) => played += 1,
            Err(_) => refused += 1,
        }
        let took = start.elapsed();
        if took > slowest.0 {
            slowest = (took, text.chars().rev().take(120).collect::<String>().chars().rev().collect());
        }
    }
    println!("{} cases: {played} played, {refused} refused; the slowest {} ms: ...{}", texts.len(), slowest.0.as_millis(), slowest.1);
    assert!(refused > played, "most extremes are refused");
}

/// The engine's own safety net: rules that keep finding work (here a step that adds two jobs to
/// the agenda every update while the rules do one, as a rule that loops would) are stopped after a bounded number of updates,
/// the message naming the job under way.
#[test]
fn rules_that_never_settle_are_stopped_naming_the_job() {
    use hoxxes::data::cards::EventEffect;
    use hoxxes::rules::agenda::{Agenda, Job};
    let nothing = || Job::Effect(EventEffect::Nothing);
    let mut g = Game::room(&[hoxxes::data::weapons::DwarfClass::Scout]);
    g.world().resource_mut::<Agenda>().0.push_back(nothing());
    let start = Instant::now();
    let mut looping = |w: &mut bevy::prelude::World| {
        w.resource_mut::<Agenda>().0.extend([nothing(), nothing()]);
        hoxxes::headless::update(w);
    };
    let err = hoxxes::headless::settle_in(g.world(), &mut looping).expect_err("it never settles");
    println!("stopped in {} ms: {err}", start.elapsed().as_millis());
    assert!(err.contains("did not settle after 2000 updates") && err.contains("Effect(Nothing)"), "{err}");
}

/// A job no rule takes is dropped at once, the log saying so, instead of standing in hand until
/// the settle guard (issue 12). Every job of the suite and of 288 simulated games is taken by its
/// rule, so the check runs here on its own: a job in hand, no choice asked, nothing under way.
#[test]
fn a_job_no_rule_takes_is_dropped_at_once_and_logged() {
    use hoxxes::data::cards::EventEffect;
    use hoxxes::rules::agenda::{CurrentJob, Job};
    use hoxxes::rules::drop_unhandled;
    use hoxxes::rules::log::GameEvent;
    let mut g = Game::room(&[hoxxes::data::weapons::DwarfClass::Scout]);
    g.world().resource_mut::<CurrentJob>().0 = Some(Job::Effect(EventEffect::Nothing));
    g.world().run_system_cached(drop_unhandled).expect("runs");
    assert_eq!(g.world().resource::<CurrentJob>().0, None);
    let said =
        g.events().into_iter().any(|e| matches!(e, GameEvent::Skipped { why } if why.contains("no rule handles the job Effect(Nothing)")));
    assert!(said, "the log names the job");
}
