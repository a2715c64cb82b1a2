//! Shoot with the primary weapons (rulebook "Shoot", "Damaging targets"; rulings 6-9).
//! Faces: Piercing 0-1 blank, 2-3 one, 4-5 double; Bullet and Flame 0-1 blank, 2-4 one, 5 double;
//! Explosive 0-1 blank, 2-3 one, 4 double, 5 scare.

use super::common::*;
use hexx::Hex;
use hoxxes::data::creatures::CreatureKind::*;
use hoxxes::data::dice::DieKind::{Bullet, Explosive, Flame, Piercing};
use hoxxes::data::mission::{Facing, Ground};
use hoxxes::data::weapons::DwarfClass::*;
use hoxxes::rules::command::{Answer, Command, Pending};
use hoxxes::rules::components::DwarfStatus;
use hoxxes::rules::log::{GameEvent, Who};

fn shoot(mode: &str, c: i32, r: i32) -> Command {
    Command::Shoot { mode: mode.into(), target: q(c, r) }
}

fn place(die: usize, c: i32, r: i32) -> Answer {
    Answer::Place { die, at: q(c, r) }
}

#[test]
fn a_regular_shot_kills_a_grunt_six_spaces_away() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    let id = g.creature(Grunt, 8, 2);
    g.dice(&[(Piercing, 2)]);
    g.ok(shoot("RegularShot", 8, 2));
    assert_eq!(g.creature_health(id), None);
    assert_eq!(g.ammo(Scout).primary, 4);
    assert_eq!(g.turn().actions_left, 2);
    // The log says what the shot was aimed at, before its roll.
    let events = g.events();
    let fired = events.iter().position(|e| {
        *e == GameEvent::Fired {
            who: Who::Dwarf(Scout),
            weapon: "Regular shot".into(),
            at: q(8, 2),
            aimed_at: Some(Who::Creature { kind: Grunt, id }),
        }
    });
    let rolled = events.iter().position(|e| matches!(e, GameEvent::Rolled { .. }));
    assert!(fired.is_some() && fired < rolled, "{events:?}");
}

#[test]
fn out_of_range_is_refused_before_any_roll() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.creature(Grunt, 9, 2);
    let why = g.refused(shoot("RegularShot", 9, 2));
    assert!(why.contains("7 spaces away"), "{why}");
    assert_eq!(g.ammo(Scout).primary, 5);
}

#[test]
fn a_stalagmite_blocks_the_line() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.set_ground(4, 2, Ground::Stalagmite);
    g.creature(Grunt, 6, 2);
    assert!(g.refused(shoot("RegularShot", 6, 2)).contains("line of sight"));
}

#[test]
fn shots_pass_over_grunts_but_not_bigger_creatures() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.creature(Grunt, 4, 2);
    let spitter = g.creature(WebSpitter, 6, 2);
    g.dice(&[(Piercing, 2)]);
    g.ok(shoot("RegularShot", 6, 2));
    assert_eq!(g.creature_health(spitter), Some(1));
    g.creature(Slasher, 4, 3);
    g.creature(Grunt, 6, 4);
    g.put(Scout, 2, 4);
    g.creature(WebSpitter, 4, 4);
    assert!(g.refused(shoot("RegularShot", 6, 4)).contains("line of sight"));
}

#[test]
fn standing_dwarves_block_and_knocked_over_ones_do_not() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 2, 2);
    g.put(Driller, 4, 2);
    g.creature(Grunt, 6, 2);
    assert!(g.refused(shoot("RegularShot", 6, 2)).contains("line of sight"));
    g.set_status(Driller, DwarfStatus { knocked_over: true, ..Default::default() });
    g.dice(&[(Piercing, 2)]);
    g.ok(shoot("RegularShot", 6, 2));
}

#[test]
fn grazing_the_corner_between_two_walls_is_blocked() {
    // Cell (3, 2) to cell (4, 3): the straight line runs along the edge between (4, 2) and (3, 3).
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.creature(WebSpitter, 4, 3);
    g.set_ground(4, 2, Ground::Wall(None));
    g.set_ground(3, 3, Ground::Wall(None));
    assert!(g.refused(shoot("RegularShot", 4, 3)).contains("line of sight"));
}

#[test]
fn one_open_side_of_a_grazed_edge_gives_sight() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.creature(WebSpitter, 4, 3);
    g.set_ground(4, 2, Ground::Wall(None));
    g.dice(&[(Piercing, 2)]);
    g.ok(shoot("RegularShot", 4, 3));
}

#[test]
fn a_shot_at_rock_or_at_oneself_is_refused() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.set_ground(4, 2, Ground::Wall(None));
    assert!(g.refused(shoot("RegularShot", 4, 2)).contains("solid rock"));
    assert!(g.refused(shoot("RegularShot", 2, 2)).contains("own space"));
}

#[test]
fn no_ammo_no_shot() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.set_ammo(Scout, 0);
    g.creature(Grunt, 4, 2);
    assert!(g.refused(shoot("RegularShot", 4, 2)).contains("no primary ammo"));
}

#[test]
fn an_unknown_mode_is_refused() {
    let mut g = Game::room(&[Scout]);
    assert!(g.refused(shoot("BurstFire", 4, 2)).contains("no mode"));
}

#[test]
fn the_aimed_shot_takes_two_actions() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    let id = g.creature(Praetorian, 9, 3);
    g.dice(&[(Piercing, 4), (Piercing, 4)]);
    g.ok(shoot("AimedShot", 9, 3));
    assert_eq!(g.turn().actions_left, 1);
    assert_eq!(g.creature_health(id), Some(2));
    assert!(g.refused(shoot("AimedShot", 9, 3)).contains("needs 2"));
}

#[test]
fn damage_walks_along_the_chain_as_in_the_rulebook_example() {
    // Double on the first Grunt, the blank on the empty space beyond it, the single on the Grunt
    // beyond that: both Grunts die though the second is not next to the first.
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 2, 2);
    let a = g.creature(Grunt, 5, 2);
    let b = g.creature(Grunt, 7, 2);
    g.dice(&[(Bullet, 5), (Bullet, 0), (Bullet, 2)]);
    g.ok(shoot("BurstFire", 5, 2));
    assert!(g.options().iter().all(|o| matches!(o, Answer::Place { at, .. } if *at == q(5, 2))));
    g.choose(place(0, 5, 2));
    assert!(g.refused(choose(place(2, 7, 2))).contains("not one of the choices"));
    g.choose(place(1, 6, 2));
    g.choose(place(2, 7, 2));
    assert_eq!((g.creature_health(a), g.creature_health(b)), (None, None));
}

/// The chain's next result is needless to lay when nothing it and the results after it could
/// reach is still standing: the Grunt hit is dead, the next is three spaces beyond with two
/// results left. A Grunt two spaces beyond could be reached; a Mactera the first hit leaves
/// standing could be hit again.
#[test]
fn laying_the_chain_is_needless_once_nothing_in_reach_stands() {
    for (other, first, needless) in [(Some((Grunt, 8)), Grunt, true), (Some((Grunt, 7)), Grunt, false), (None, MacteraSpawn, false)] {
        // From (3, 2) both Grunts beyond are within Burst Fire's range of 5.
        let mut g = Game::room(&[Gunner]);
        g.put(Gunner, 3, 2);
        g.creature(first, 5, 2);
        if let Some((kind, col)) = other {
            g.creature(kind, col, 2);
        }
        g.dice(&[(Bullet, 2), (Bullet, 2), (Bullet, 0)]);
        g.ok(shoot("BurstFire", 5, 2));
        g.choose(place(0, 5, 2));
        assert_eq!(g.needless().is_some(), needless, "{other:?}, {first:?}: {:?}", g.needless());
    }
}

#[test]
fn the_first_result_must_be_a_hit_on_the_target() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 2, 2);
    g.creature(Grunt, 5, 2);
    g.dice(&[(Bullet, 0), (Bullet, 2), (Bullet, 0)]);
    g.ok(shoot("BurstFire", 5, 2));
    assert_eq!(g.options(), vec![place(1, 5, 2)]);
}

#[test]
fn all_blanks_miss_without_a_choice() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 2, 2);
    let id = g.creature(Grunt, 5, 2);
    g.dice(&[(Bullet, 0), (Bullet, 1), (Bullet, 0)]);
    g.ok(shoot("BurstFire", 5, 2));
    assert!(g.options().is_empty());
    assert_eq!(g.creature_health(id), Some(1));
}

#[test]
fn bullet_resistance_takes_one_hit_off_a_mactera() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 2, 2);
    let id = g.creature(MacteraSpawn, 5, 2);
    g.dice(&[(Bullet, 5), (Bullet, 0), (Bullet, 0)]);
    g.ok(shoot("BurstFire", 5, 2));
    g.choose(place(0, 5, 2));
    g.choose(place(1, 5, 2));
    g.choose(place(2, 5, 2));
    assert_eq!(g.creature_health(id), Some(1));
}

#[test]
fn sustained_fire_only_follows_a_burst_and_costs_no_action() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 2, 2);
    g.creature(Oppressor, 6, 2);
    // The mode it follows is named as the player knows it, not by its id.
    assert!(g.refused(shoot("SustainedFire", 6, 2)).ends_with("straight after a shot of Burst Fire or Sustained Fire"));
    g.dice(&[(Bullet, 0), (Bullet, 0), (Bullet, 0), (Bullet, 0), (Bullet, 0), (Bullet, 0)]);
    g.ok(shoot("BurstFire", 6, 2));
    g.ok(shoot("SustainedFire", 6, 2));
    assert_eq!(g.turn().actions_left, 2);
    assert_eq!(g.ammo(Gunner).primary, 3);
    g.walk(&[(3, 2)]).unwrap();
    assert!(g.refused(shoot("SustainedFire", 6, 2)).contains("straight after"));
}

#[test]
fn flaming_ground_twice_a_turn_at_most() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 2, 2);
    g.dice(&[(Flame, 0), (Flame, 0), (Flame, 0), (Flame, 0)]);
    for _ in 0..2 {
        g.ok(shoot("FlamingGround", 4, 2));
        g.choose(Answer::Flames(vec![]));
    }
    assert!(g.refused(shoot("FlamingGround", 4, 2)).contains("2 times a turn"));
}

#[test]
fn the_he_grenade_hits_a_triangle_dwarves_included() {
    let mut g = Game::room(&[Engineer, Scout]);
    g.put(Engineer, 2, 2);
    g.put(Scout, 5, 3);
    let a = g.creature(Grunt, 5, 2);
    let b = g.creature(Grunt, 6, 2);
    g.dice(&[(Explosive, 2)]);
    g.ok(shoot("HeGrenade", 5, 2));
    g.choose(Answer::Triangle(q(6, 2), q(5, 3)));
    assert_eq!((g.creature_health(a), g.creature_health(b)), (None, None));
    assert_eq!(g.health(Scout), 4);
}

/// Which way the blast turns is no question a player need answer when every way comes to the
/// same: a blank roll, or a scare on a lone Brood Nexus (it never moves). Where some ways land on
/// a figure others miss, it is asked.
#[test]
fn turning_the_blast_is_needless_when_every_way_comes_to_the_same() {
    let blast = |face: usize, figures: &[(hoxxes::data::creatures::CreatureKind, i32, i32)]| {
        let mut g = Game::room(&[Engineer]);
        g.put(Engineer, 2, 2);
        for (kind, c, r) in figures {
            g.creature(*kind, *c, *r);
        }
        g.dice(&[(Explosive, face)]);
        g.ok(shoot("HeGrenade", 5, 2));
        g
    };
    let mut g = blast(0, &[(Grunt, 5, 2), (Grunt, 6, 2)]);
    assert!(g.needless().is_some_and(|w| w.contains("hurts and moves no one")), "a blank: {:?}", g.needless());
    let first = g.options()[0].clone();
    g.choose(first);
    assert!(g.options().is_empty(), "answered, the shot is over");
    let mut g = blast(2, &[(Grunt, 5, 2), (Grunt, 6, 2)]);
    assert_eq!(g.needless(), None, "a hit: the Grunt at (6, 2) is in some ways and not others");
    let mut g = blast(2, &[(Grunt, 5, 2)]);
    assert!(g.needless().is_some_and(|w| w.contains("same figures")), "a hit on the target alone: {:?}", g.needless());
    let mut g = blast(5, &[(BroodNexus, 5, 2)]);
    assert!(g.needless().is_some(), "a scare on a Brood Nexus moves nothing");
    let mut g = blast(5, &[(BroodNexus, 5, 2), (Grunt, 6, 2)]);
    assert_eq!(g.needless(), None, "a scare may send the Grunt away, or not");
}

/// Laying the chain's dice asks nothing when there is nothing to decide: one die with one place,
/// or only blanks left; it asks when a die has several places or two faces may go first.
#[test]
fn laying_a_die_with_one_place_or_only_blanks_left_is_needless() {
    let haze = |dice: &[(hoxxes::data::dice::DieKind, usize)]| {
        let mut g = Game::room(&[Driller]);
        g.put(Driller, 2, 2);
        g.creature(Grunt, 4, 2);
        g.creature(Grunt, 5, 2);
        g.dice(dice);
        g.ok(Command::Shoot { mode: "FireHaze".into(), target: q(4, 2) });
        g
    };
    // A Fire Haze of one Flame and two blanks: the Flame can only go on the target; then the
    // blanks anywhere.
    let mut g = haze(&[(Flame, 2), (Flame, 0), (Flame, 0)]);
    assert_eq!(g.options().len(), 1);
    assert!(g.needless().is_some_and(|w| w.contains("one place")), "{:?}", g.needless());
    let only = g.options()[0].clone();
    g.choose(only);
    assert!(g.options().len() > 1, "the blank may go on several spaces: {:?}", g.options());
    let prompt = g.world().resource::<hoxxes::rules::command::Pending>().0.as_ref().map(|p| p.prompt.clone());
    assert!(g.needless().is_some_and(|w| w.contains("only blanks")), "{prompt:?} {:?}", g.options());
    // A second Flame left: where it goes matters (the Grunt next along, or not).
    let mut g = haze(&[(Flame, 2), (Flame, 3), (Flame, 0)]);
    let first = g.options()[0].clone();
    g.choose(first);
    assert_eq!(g.needless(), None, "a Flame with several places is asked: {:?}", g.options());
    // Two faces that hit differently: which goes first on the target is a choice.
    let g = &mut haze(&[(Flame, 2), (Flame, 5), (Flame, 0)]);
    assert_eq!(g.needless(), None, "{:?}", g.options());
}

/// Each way to turn the blast names who it lands on with the roll, so a Dwarf beside the target is
/// seen to be in some ways and not in others (friendly fire, before the answer).
#[test]
fn each_way_to_turn_the_blast_names_who_it_lands_on() {
    use hoxxes::rules::legal::Detail;
    let mut g = Game::room(&[Engineer, Gunner]);
    g.put(Engineer, 2, 2);
    g.put(Gunner, 6, 2);
    let grunt = g.creature(Grunt, 5, 2);
    g.dice(&[(Explosive, 2)]);
    g.ok(shoot("HeGrenade", 5, 2));
    let pending = hoxxes::rules::legal::legal(g.world()).pending.expect("the blast's turn is asked");
    let grunt = Who::Creature { kind: Grunt, id: grunt };
    let (mut with, mut without) = (0, 0);
    for o in &pending.answers {
        let (Command::Choose(Answer::Triangle(x, y)), Detail::Blast(on)) = (&o.command, &o.detail) else {
            panic!("a way to turn the blast, with who it lands on: {o:?}")
        };
        let gunner_in = [x, y].contains(&&q(6, 2));
        assert_eq!(on.contains(&Who::Dwarf(Gunner)), gunner_in, "{x:?} {y:?}: {on:?}");
        assert!(on.contains(&grunt), "the target's Grunt is hit every way: {on:?}");
        if gunner_in { with += 1 } else { without += 1 }
    }
    assert!(with > 0 && without > 0, "{with} ways with the Gunner, {without} without");
}

#[test]
fn grenades_fly_over_figures_and_stalagmites_not_walls() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    g.set_ground(3, 2, Ground::Stalagmite);
    g.creature(Slasher, 4, 2);
    let id = g.creature(WebSpitter, 5, 2);
    g.dice(&[(Explosive, 4), (Explosive, 0)]);
    g.ok(shoot("ApGrenade", 5, 2));
    assert_eq!(g.options(), vec![Answer::Keep(0), Answer::Keep(1)]);
    g.choose(Answer::Keep(0));
    assert_eq!(g.creature_health(id), None);
    // Walled in on all six sides: every line out touches rock.
    for (c, r) in [(3, 2), (1, 2), (1, 1), (2, 1), (1, 3), (2, 3)] {
        g.set_ground(c, r, Ground::Wall(None));
    }
    g.creature(Grunt, 5, 2);
    assert!(g.refused(shoot("ApGrenade", 5, 2)).contains("line of sight"));
}

#[test]
fn a_scare_result_sends_the_creature_away_along_the_chosen_spaces() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    let id = g.creature(WebSpitter, 5, 2);
    g.dice(&[(Explosive, 5)]);
    g.ok(shoot("HeGrenade", 5, 2));
    g.choose(Answer::Triangle(q(6, 2), q(5, 3)));
    let run = Answer::Scare(vec![q(6, 2), q(7, 2)]);
    assert!(g.options().contains(&run));
    assert!(!g.options().contains(&Answer::Scare(vec![q(4, 2)])), "never toward the shooter");
    g.choose(run);
    assert_eq!(g.creature_pos(id), Some(q(7, 2)));
    assert_eq!(g.creature_health(id), Some(2));
}

/// Ruling 34: a creature never ends a move on the Resupply pod, a scared run included. It may
/// run over it to the space beyond.
#[test]
fn a_scared_creature_does_not_end_its_run_on_the_resupply_pod() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    g.token(hoxxes::rules::components::Token::ResupplyPod { card: 0, primary: 1, secondary: 1, health: 1 }, 6, 2);
    g.creature(WebSpitter, 5, 2);
    g.dice(&[(Explosive, 5)]);
    g.ok(shoot("HeGrenade", 5, 2));
    g.choose(Answer::Triangle(q(6, 2), q(5, 3)));
    assert!(!g.options().contains(&Answer::Scare(vec![q(6, 2)])), "the run may not end on the pod");
    assert!(g.options().contains(&Answer::Scare(vec![q(6, 2), q(7, 2)])), "it may run over the pod");
}

#[test]
fn a_praetorian_resists_from_the_front_and_not_from_behind() {
    // It faces west: (6, 2) is behind it, (4, 2) in front. Three Bullet hits, 2 Bullet resistance.
    for (from, health) in [(6, 3), (4, 5)] {
        let mut g = Game::room(&[Gunner]);
        g.put(Gunner, from, 2);
        let id = g.creature_facing(Praetorian, 5, 2, Facing::W);
        g.dice(&[(Bullet, 2), (Bullet, 2), (Bullet, 2)]);
        g.ok(shoot("BurstFire", 5, 2));
        for die in 0..3 {
            g.choose(place(die, 5, 2));
        }
        assert_eq!(g.creature_health(id), Some(health), "shot from ({from}, 2)");
    }
}

/// Ruling 8 (the Grenade Launcher follows the Throwables' rule): range and line to one space of
/// the blast are enough. From (2, 2) the HE grenade (range 4) may be aimed at (7, 2), five away,
/// since (6, 2) next to it is in range; only the triangles with a space in range are offered, and
/// the blast hits the Grunt on the target. (8, 2), whose blast never comes within 4, is refused.
#[test]
fn an_he_grenade_may_be_aimed_past_its_range_when_one_space_of_the_blast_is_in_it() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    g.creature(Grunt, 7, 2);
    let far = g.refused(Command::Shoot { mode: "HeGrenade".into(), target: q(8, 2) });
    assert!(far.contains("6 spaces away"), "{far}");
    g.dice(&[(Explosive, 2)]);
    g.ok(Command::Shoot { mode: "HeGrenade".into(), target: q(7, 2) });
    let options = g.options();
    assert!(!options.is_empty());
    for o in &options {
        assert!(matches!(o, Answer::Triangle(a, b) if *a == q(6, 2) || *b == q(6, 2)), "{o:?} has no space in range");
    }
    g.choose(options[0].clone());
    assert!(g.creatures(Grunt).is_empty(), "the Grunt on the target is hit");
}

/// Two dice that show the same leave nothing to choose in which is kept; a scared creature walled
/// in on every side away from the shooter can only stay. Both are asked (the log keeps the
/// answers) but marked needless, so the screen answers them for the player.
#[test]
fn like_dice_to_keep_and_a_creature_with_nowhere_to_run_are_needless_questions() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    g.creature(WebSpitter, 5, 2);
    g.dice(&[(Explosive, 4), (Explosive, 0)]);
    g.ok(shoot("ApGrenade", 5, 2));
    assert_eq!(g.needless(), None, "a boom and a blank: which is kept matters");

    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    let target = q(5, 2);
    let id = g.creature(WebSpitter, 5, 2);
    let (shooter, at) = (Hex::from(q(2, 2)), Hex::from(target));
    for n in hoxxes::rules::hex::neighbours(at) {
        if hoxxes::rules::hex::distance(n, shooter) > hoxxes::rules::hex::distance(at, shooter) {
            let (c, r) = hoxxes::rules::hex::hex_to_cell(n);
            g.set_ground(c, r, Ground::Wall(None));
        }
    }
    g.dice(&[(Explosive, 5), (Explosive, 5)]);
    g.ok(shoot("ApGrenade", 5, 2));
    assert_eq!(g.options(), vec![Answer::Keep(0), Answer::Keep(1)]);
    assert!(g.needless().is_some_and(|why| why.contains("the same")), "{:?}", g.needless());
    g.choose(Answer::Keep(0));
    assert_eq!(g.options(), vec![Answer::Scare(vec![])], "walled in: staying is the only way");
    assert!(g.needless().is_some_and(|why| why.contains("nowhere to run")), "{:?}", g.needless());
    assert!(g.app.world().resource::<Pending>().0.as_ref().is_some_and(|p| p.prompt == format!("Scare the Web Spitter #{id} away")));
}
