//! Deep Dive carry-over (rulebook "Deep Dive campaign"; rulings 26, 37-44): each rule a test, then
//! whole dives played by the bot.

use super::common::*;
use bevy::prelude::*;
use hoxxes::data::weapons::DwarfClass::{Driller, Gunner, Scout};
use hoxxes::headless::new_game;
use hoxxes::rules::components::*;
use hoxxes::rules::decks::Decks;
use hoxxes::rules::dive::{Carried, HeldUpgrade, carry_over};
use hoxxes::rules::end::Result as MissionResult;
use hoxxes::rules::reveal::UpgradePool;
use hoxxes::rules::setup::MissionSetup;
use hoxxes::save::dive::{Dive, DiveState, Leg, draw_missions};

fn set_board(g: &mut Game, class: hoxxes::data::weapons::DwarfClass, health: u32, ammo: Ammo, hand: Hand, loadout: Loadout) {
    let mut q = g.world().query::<(&Dwarf, &mut Health, &mut Ammo, &mut Hand, &mut Loadout)>();
    for (d, mut h, mut a, mut cards, mut l) in q.iter_mut(g.app.world_mut()) {
        if d.class == class {
            (*h, *a, *cards, *l) = (Health(health), ammo, hand.clone(), loadout.clone());
        }
    }
}

/// The Scout worn down, with cards, an Overclock and two upgrades, aboard; the Driller out in the
/// cave; the Gunner aboard but unconscious.
fn worn_team() -> Game {
    let mut g = Game::room(&[Scout, Driller, Gunner]);
    let hand = Hand { rock_and_stone: vec![2], throwables: vec![0, 1] };
    let loadout = Loadout { secondary: 1, overclocked: true, primary_upgrades: vec![0], secondary_upgrades: vec![3] };
    set_board(&mut g, Scout, 3, Ammo { primary: 2, secondary: 1 }, hand, loadout);
    g.put(Driller, 5, 3);
    g.set_health(Gunner, 0);
    g
}

#[test]
fn only_the_conscious_dwarves_aboard_carry_on_with_what_they_have() {
    let mut g = worn_team();
    let carried = carry_over(g.world());
    assert_eq!(carried.len(), 1, "the Driller is not aboard and the Gunner is unconscious: out for the rest of the dive");
    let c = &carried[0];
    assert_eq!((c.class, c.health, c.primary_ammo, c.secondary_ammo), (Scout, 3, 2, 1), "no restock of Health or ammo");
    assert_eq!(c.hand, Hand { rock_and_stone: vec![2], throwables: vec![0, 1] }, "cards kept");
    assert!(c.overclocked, "the secondary's Overclock is kept");
    assert_eq!(c.upgrades, vec![HeldUpgrade { on_secondary: false, card: 0 }, HeldUpgrade { on_secondary: true, card: 3 }]);
    assert_eq!(c.owed_throwables(), 1, "one Throwable for the upgrade given back");
}

/// The next mission set up with what the Scout carries, keeping the upgrade `keep`.
fn next_mission(keep: usize) -> (Game, Carried) {
    let mut g = worn_team();
    let mut carried = carry_over(g.world());
    carried[0].keep = keep;
    let setup = MissionSetup { carried: carried.clone(), ..MissionSetup::new(vec![Scout], 11, 1) };
    let app = new_game(data(), &mission(&ROOM), &setup).expect("a carried Dwarf sets up");
    (Game { app }, carried.remove(0))
}

#[test]
fn the_next_mission_starts_with_what_was_carried_plus_the_free_card_and_the_owed_throwable() {
    let (mut g, c) = next_mission(1);
    assert_eq!((g.health(Scout), g.ammo(Scout)), (3, Ammo { primary: 2, secondary: 1 }));
    let mut q = g.world().query::<(&Hand, &Loadout)>();
    let (hand, loadout) = q.single(g.app.world()).expect("one Dwarf");
    assert_eq!(hand.rock_and_stone.len(), 2, "his card and the free one of a Dwarf aboard (ruling 40)");
    assert_eq!(hand.rock_and_stone[0], 2);
    assert_eq!(hand.throwables.len(), 3, "his two and one for the upgrade given back");
    assert_eq!(&hand.throwables[..2], &c.hand.throwables[..]);
    assert_eq!(
        (loadout.primary_upgrades.clone(), loadout.secondary_upgrades.clone()),
        (vec![], vec![3]),
        "he kept the one picked (ruling 42)"
    );
    assert!(loadout.overclocked);
    assert_eq!(loadout.secondary, 1);
    let pool = g.world().resource::<UpgradePool>().0.clone();
    assert!(!pool.contains(&3) && pool.contains(&0), "the kept upgrade leaves the pool; the one given back is in it");
}

#[test]
fn the_decks_of_the_next_mission_hold_every_card_no_dwarf_holds() {
    let (mut g, _) = next_mission(0);
    let data = data();
    let decks = g.world().resource::<Decks>().clone();
    let mut q = g.world().query::<&Hand>();
    let hands: Vec<Hand> = q.iter(g.app.world()).cloned().collect();
    for (card, c) in data.rock_and_stone.iter().enumerate() {
        let held = hands.iter().map(|h| h.rock_and_stone.iter().filter(|x| **x == card).count()).sum::<usize>();
        let in_deck = decks.rock_and_stone.draw.iter().chain(&decks.rock_and_stone.discard).filter(|x| **x == card).count();
        assert_eq!(held + in_deck, c.copies as usize, "{}: every copy in exactly one place (ruling 37)", c.name);
    }
    for card in 0..data.throwables.len() {
        let held = hands.iter().map(|h| h.throwables.iter().filter(|x| **x == card).count()).sum::<usize>();
        let in_deck = decks.throwables.draw.iter().filter(|x| **x == card).count();
        assert_eq!(held + in_deck, 1, "Throwable {card} in exactly one place");
    }
}

#[test]
fn a_carried_dwarf_out_of_bounds_is_refused() {
    let mut g = worn_team();
    let mut carried = carry_over(g.world());
    carried[0].health = 99;
    let setup = MissionSetup { carried: carried.clone(), ..MissionSetup::new(vec![Scout], 11, 1) };
    let Err(err) = new_game(data(), &mission(&ROOM), &setup) else { panic!("a Dwarf with 99 Health is refused") };
    assert!(err.contains("Health"), "{err}");
    carried[0].health = 3;
    carried[0].hand.throwables.push(10_000);
    let setup = MissionSetup { carried, ..MissionSetup::new(vec![Scout], 11, 1) };
    assert!(new_game(data(), &mission(&ROOM), &setup).is_err(), "a card the box does not have");
}

fn leg(result: MissionResult) -> Leg {
    Leg { mission: "m".into(), result, turns: 5, kills: 1, mule: Default::default(), back: vec![] }
}

fn carried_scout() -> Carried {
    let mut g = worn_team();
    carry_over(g.world()).remove(0)
}

#[test]
fn a_dive_goes_on_after_a_success_or_a_minor_success_and_is_won_after_the_third() {
    let mut d = Dive::new(vec!["a".into(), "b".into(), "c".into()], vec![Scout, Driller], vec![], 2, false, 9);
    assert!(d.setup().carried.is_empty(), "the first mission starts fresh");
    assert!(d.out_of_the_dive().is_empty());
    d.mission_over(leg(MissionResult::MinorSuccess), vec![carried_scout()]);
    assert_eq!((d.at, d.state), (1, DiveState::UnderWay), "a minor success counts (ruling 40)");
    let s = d.setup();
    assert_eq!((s.classes.clone(), s.hazard, s.carried.len()), (vec![Scout], 2, 1), "only the Scout came back; hazard held (ruling 38)");
    assert_eq!(d.out_of_the_dive(), [Driller], "the Driller is out for the rest of the dive (ruling 40)");
    d.mission_over(leg(MissionResult::Success), vec![carried_scout()]);
    d.mission_over(leg(MissionResult::Success), vec![carried_scout()]);
    assert_eq!(d.state, DiveState::Won);
    assert_eq!(d.legs.len(), 3);
}

#[test]
fn a_lost_mission_is_replayed_with_the_whole_team_fresh_or_the_dive_given_up() {
    let mut d = Dive::new(vec!["a".into(), "b".into(), "c".into()], vec![Scout, Driller], vec![], 1, false, 9);
    d.mission_over(leg(MissionResult::Success), vec![carried_scout()]);
    let first_try = d.setup().seed;
    assert_eq!(d.out_of_the_dive(), [Driller]);
    d.mission_over(leg(MissionResult::Loss), vec![]);
    assert_eq!(d.state, DiveState::MissionLost);
    assert!(d.out_of_the_dive().is_empty(), "a replay would bring him back");
    d.replay_lost();
    let s = d.setup();
    assert_eq!(
        (d.at, s.classes.clone(), s.carried.len()),
        (1, vec![Scout, Driller], 0),
        "the same mission, every Dwarf back and fresh (ruling 41)"
    );
    assert_ne!(s.seed, first_try, "a replay is a new dive of the mission");
    d.mission_over(leg(MissionResult::Loss), vec![]);
    d.give_up();
    assert_eq!(d.state, DiveState::Lost);
}

#[test]
fn bosco_comes_back_for_every_mission_of_a_lone_dwarfs_dive() {
    let mut d = Dive::new(vec!["a".into(), "b".into(), "c".into()], vec![Scout], vec![], 1, true, 9);
    assert!(d.setup().bosco);
    d.mission_over(leg(MissionResult::Success), vec![carried_scout()]);
    assert!(d.setup().bosco, "ruling 44");
    assert!(!Dive::new(vec![], vec![Scout, Driller], vec![], 1, true, 9).bosco, "BOSCO only with one Dwarf");
}

#[test]
fn the_dive_draws_three_different_missions_by_its_seed() {
    let a = draw_missions(12, 5);
    assert_eq!(a.len(), 3);
    assert!(a[0] != a[1] && a[1] != a[2] && a[0] != a[2]);
    assert_eq!(a, draw_missions(12, 5), "the same seed, the same missions");
    assert_eq!(draw_missions(2, 5).len(), 2);
}

#[test]
fn whole_dives_are_played_headless_by_the_greedy_bot() {
    let data = data();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("missions");
    let files = ["00-tutorial.ron", "02-ember-vein.ron", "05-apoca-gardens.ron"];
    let missions: Vec<_> =
        files.iter().map(|f| hoxxes::data::validate::load_mission(&dir.join(f), &data).expect("shipped mission").0).collect();
    let mut outcomes = Vec::new();
    for seed in 1..=3 {
        let dive = Dive::new(files.iter().map(|f| dir.join(f)).collect(), vec![Scout, Driller], vec![], 1, false, seed);
        let d =
            hoxxes::sim::dive::whole_dive(&data, &missions, dive, hoxxes::sim::bot::BotKind::Greedy, 1).expect("the dive plays to its end");
        assert!(d.over(), "seed {seed}: the dive ends");
        for (i, l) in d.legs.iter().enumerate() {
            if l.result != MissionResult::Loss {
                assert!(!l.back.is_empty(), "seed {seed}, leg {i}: a won mission has Dwarves aboard");
            }
        }
        if d.state == DiveState::Won {
            assert!(d.legs.iter().filter(|l| l.result != MissionResult::Loss).count() == 3);
        }
        outcomes.push((d.state, d.legs.len()));
    }
    assert!(outcomes.iter().any(|(s, _)| *s == DiveState::Won), "the greedy bot wins at least one of three easy dives: {outcomes:?}");
}

#[test]
fn the_campaign_record_keeps_the_best_result_and_opens_the_mission_after_a_win() {
    use hoxxes::save::profile::Profile;
    let campaign: Vec<String> = ["a.ron", "b.ron", "c.ron"].map(String::from).to_vec();
    let mut p = Profile::default();
    assert_eq!(p.open(&campaign), [true, false, false], "only the first mission is open at first (ruling 45)");
    p.note("a.ron", MissionResult::Loss, 2);
    assert_eq!(p.open(&campaign), [true, false, false], "a loss opens nothing");
    p.note("a.ron", MissionResult::MinorSuccess, 1);
    assert_eq!(p.open(&campaign), [true, true, false], "a minor success opens the next");
    p.note("a.ron", MissionResult::Success, 3);
    p.note("a.ron", MissionResult::Loss, 3);
    let r = p.missions["a.ron"];
    assert_eq!((r.best, r.won_at_hazard, r.played), (MissionResult::Success, 3, 4), "the best result and the highest hazard won stay");
}

#[test]
fn a_kept_dive_reads_back_and_a_broken_one_is_named() {
    let dir = std::env::temp_dir().join(format!("hoxxes-kept-{}", std::process::id()));
    let file = dir.join("deeper/dive.ron");
    let mut d = Dive::new(vec!["a".into(), "b".into(), "c".into()], vec![Scout], vec![], 2, true, 9);
    d.mission_over(leg(MissionResult::Success), vec![carried_scout()]);
    hoxxes::save::write_kept(&file, &d).expect("written, its folder made");
    let (back, name) = hoxxes::save::read_kept::<Dive>(&file).expect("read").expect("there");
    assert_eq!((back, name), (d, file.display().to_string()));
    std::fs::write(&file, "(format: 1, seed: ").unwrap();
    let err = hoxxes::save::read_kept::<Dive>(&file).expect_err("cut short").to_string();
    assert!(err.starts_with(&format!("{}:1:", file.display())), "{err}");
    assert!(hoxxes::save::read_kept::<Dive>(&dir.join("none.ron")).expect("no file is no fault").is_none());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_kept_dive_with_an_impossible_team_is_named_when_read() {
    let good = Dive::new(vec!["a".into(), "b".into(), "c".into()], vec![Scout, Driller], vec![], 2, false, 9);
    assert!(good.check("dive.ron").is_ok());
    let said = |change: &dyn Fn(&mut Dive)| {
        let mut d = good.clone();
        change(&mut d);
        d.check("dive.ron").expect_err("refused").to_string()
    };
    assert_eq!(said(&|d| d.team = vec![Scout, Scout]), "dive.ron: the Scout is chosen twice");
    assert_eq!(said(&|d| d.bosco = true), "dive.ron: BOSCO comes only with a single Dwarf");
    assert_eq!(said(&|d| d.hazard = 7), "dive.ron: the hazard level is 1, 2 or 3, not 7");
    assert_eq!(said(&|d| d.secondaries = vec!["x".into(); 3]), "dive.ron: 3 secondary weapons for 2 Dwarves");
    assert_eq!(
        said(&|d| d.carried = vec![carried_scout(), carried_scout()]),
        "dive.ron: the Scout carries on into the next mission but is not in the team once"
    );
    assert_eq!(said(&|d| d.attempt = 5000), "dive.ron: a mission is replayed at most 1000 times");
}
