//! Weapon Upgrade tokens on a weapon change its attacks (rulebook "Weapon upgrade tokens").

use super::common::*;
use hoxxes::data::creatures::CreatureKind::*;
use hoxxes::data::dice::DieKind::{Bullet, Explosive, Piercing};
use hoxxes::data::weapons::DwarfClass::*;
use hoxxes::rules::command::{Answer, Command};
use hoxxes::rules::components::Ammo;

fn shoot(mode: &str, c: i32, r: i32) -> Command {
    Command::Shoot { mode: mode.into(), target: q(c, r) }
}

#[test]
fn extended_range_reaches_one_space_farther() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.creature(Grunt, 9, 2);
    assert!(g.refused(shoot("RegularShot", 9, 2)).contains("7 spaces away"));
    g.upgrade_primary(Scout, &["Extended Range"]);
    g.dice(&[(Piercing, 2)]);
    g.ok(shoot("RegularShot", 9, 2));
    assert!(g.creatures(Grunt).is_empty());
}

#[test]
fn reroll_offers_one_die_again_and_the_new_result_stands() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    let id = g.creature(Grunt, 5, 2);
    g.upgrade_primary(Scout, &["Reroll"]);
    g.dice(&[(Piercing, 0), (Piercing, 2)]);
    g.ok(shoot("RegularShot", 5, 2));
    assert_eq!(g.options(), vec![Answer::Pass, Answer::Reroll(0)]);
    g.ok(choose(Answer::Reroll(0)));
    assert_eq!(g.creature_health(id), None);
}

#[test]
fn double_damage_counts_one_result_twice() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    let id = g.creature(WebSpitter, 5, 2);
    g.upgrade_primary(Scout, &["Double Damage"]);
    g.dice(&[(Piercing, 2)]);
    g.ok(shoot("RegularShot", 5, 2));
    assert_eq!(g.options(), vec![Answer::Double(0)]);
    g.ok(choose(Answer::Double(0)));
    assert_eq!(g.creature_health(id), None, "2 damage on a 2-health Spitter");
}

/// The doubled die is a choice of its own in the damage chain, though its face is another die's:
/// which of the two lands on the target, and which goes on to the next creature, is the player's.
#[test]
fn the_doubled_die_is_laid_apart_from_a_die_of_the_same_face() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 2, 2);
    g.creature(Grunt, 5, 2);
    g.creature(Grunt, 6, 2);
    g.upgrade_primary(Gunner, &["Double Damage"]);
    g.dice(&[(Bullet, 2), (Bullet, 2), (Bullet, 0)]);
    g.ok(shoot("BurstFire", 5, 2));
    g.ok(choose(Answer::Double(1)));
    let options = g.options();
    for die in [0, 1] {
        assert!(options.contains(&Answer::Place { die, at: q(5, 2) }), "die {die} on the target: {options:?}");
    }
    assert_eq!(g.needless(), None, "two ways to begin the chain");
}

#[test]
fn a_doubled_scare_sends_creatures_four_spaces() {
    let mut g = Game::room(&[Engineer]);
    g.put(Engineer, 2, 2);
    g.creature(WebSpitter, 4, 2);
    g.upgrade_primary(Engineer, &["Double Damage"]);
    g.dice(&[(Explosive, 5), (Explosive, 0)]);
    g.ok(shoot("ApGrenade", 4, 2));
    g.ok(choose(Answer::Double(0)));
    g.ok(choose(Answer::Keep(0)));
    assert!(g.options().iter().any(|o| matches!(o, Answer::Scare(p) if p.len() == 4)));
}

#[test]
fn ignore_resistance_lets_every_hit_count() {
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 2, 2);
    let id = g.creature(MacteraSpawn, 5, 2);
    g.upgrade_primary(Gunner, &["Ignore Resistance"]);
    g.dice(&[(Bullet, 2), (Bullet, 0), (Bullet, 0)]);
    g.ok(shoot("BurstFire", 5, 2));
    for die in 0..3 {
        g.ok(choose(Answer::Place { die, at: q(5, 2) }));
    }
    assert_eq!(g.creature_health(id), Some(1), "1 Bullet hit through 1 Bullet resistance");
}

#[test]
fn stun_on_hit_stuns_a_survivor() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    let id = g.creature(Praetorian, 5, 2);
    g.upgrade_primary(Scout, &["Stun"]);
    g.dice(&[(Piercing, 2)]);
    g.ok(shoot("RegularShot", 5, 2));
    let stunned = g.events().iter().any(|e| matches!(e, hoxxes::rules::log::GameEvent::CreatureStunned { .. }));
    assert!(stunned);
    let pos = g.creature_pos(id);
    g.job(hoxxes::rules::agenda::Job::ActivateAll);
    assert_eq!(g.creature_pos(id), pos, "it skips its next activation");
}

#[test]
fn an_extra_die_joins_the_roll() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    let id = g.creature(WebSpitter, 5, 2);
    g.upgrade_primary(Scout, &["Extra Bullet Die"]);
    g.dice(&[(Piercing, 2), (Bullet, 2)]);
    g.ok(shoot("RegularShot", 5, 2));
    assert_eq!(g.creature_health(id), None);
}

#[test]
fn any_ammo_fires_on_secondary_ammo_when_the_primary_is_spent() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.set_ammo(Scout, 0);
    g.creature(Grunt, 5, 2);
    assert!(g.refused(shoot("RegularShot", 5, 2)).contains("no primary ammo"));
    g.upgrade_primary(Scout, &["Any Ammo"]);
    g.dice(&[(Piercing, 2)]);
    g.ok(shoot("RegularShot", 5, 2));
    assert_eq!(g.ammo(Scout), Ammo { primary: 0, secondary: 2 });
}
