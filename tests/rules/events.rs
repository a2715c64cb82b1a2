//! The Event deck (ruling 23, 25), every card's steps, reaction shots (ruling 24) and swarms.

use super::common::*;
use hoxxes::data::creatures::CreatureKind::*;
use hoxxes::data::dice::DieKind::{Creature as CreatureDie, Mineral as MineralDie};
use hoxxes::data::mission::{Item, Pickup};
use hoxxes::data::weapons::DwarfClass::*;
use hoxxes::rules::agenda::Job;
use hoxxes::rules::command::{Answer, Command};
use hoxxes::rules::components::{DwarfStatus, Token};
use hoxxes::rules::log::GameEvent;

/// End the Scout's turn with a chosen card on top of the deck.
fn draw(g: &mut Game, card: &str) {
    g.next_event(card);
    g.ok(Command::EndTurn);
}

#[test]
fn a_card_is_drawn_after_each_turn_and_the_deck_reshuffles_when_empty() {
    let mut g = Game::room(&[Scout]);
    let size = {
        let d = g.app.world().resource::<hoxxes::rules::decks::Decks>();
        d.events.draw.len()
    };
    assert_eq!(size, 46, "36 regular cards and 10 special ones at hazard 1");
    for _ in 0..size + 2 {
        g.ok(Command::EndTurn);
        // A card that asks (Supply Drop's landing) takes its first choice.
        while let Some(first) = g.options().first().cloned() {
            g.choose(first);
        }
        if g.outcome().is_some() {
            break;
        }
    }
    let drawn = g.events().iter().filter(|e| matches!(e, GameEvent::EventCard { .. })).count();
    assert!(drawn > size || g.outcome().is_some(), "the discards came back: {drawn} cards drawn");
}

#[test]
fn the_hazard_level_sets_the_special_cards() {
    for (hazard, size) in [(1, 46), (2, 42), (3, 38)] {
        let setup = hoxxes::rules::setup::MissionSetup::new(vec![Scout], 3, hazard);
        let app = hoxxes::headless::new_game(data(), &mission(&ROOM), &setup).unwrap();
        assert_eq!(app.world().resource::<hoxxes::rules::decks::Decks>().events.draw.len(), size);
    }
}

#[test]
fn rumbling_moves_the_swarm_threat() {
    let mut g = Game::room(&[Scout]);
    draw(&mut g, "Distant Rumbling");
    assert_eq!(g.threat(), 2);
    draw(&mut g, "The Ground Shakes");
    assert_eq!(g.threat(), 4);
    draw(&mut g, "Quiet Tunnels");
    assert_eq!(g.threat(), 3);
}

#[test]
fn quiet_tunnels_never_go_below_the_start() {
    let mut g = Game::room(&[Scout]);
    draw(&mut g, "Quiet Tunnels");
    assert_eq!(g.threat(), 1);
}

#[test]
fn glyphids_emerge_at_their_exit_and_not_at_an_unrevealed_one() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    draw(&mut g, "Glyphids Emerging I");
    assert_eq!(g.creatures(Grunt), vec![q(9, 1), q(8, 1)]);
    draw(&mut g, "Glyphids Emerging III");
    assert_eq!(g.creatures(Grunt).len(), 2);
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::NothingSpawned { .. })));
}

#[test]
fn the_rulebook_emerging_example_three_grunts_at_exit_one() {
    // Exit I with one free neighbour: the first Grunt on the Exit, the second on the only free space
    // next to it (a Loot Bug's space: tokens do not stop a spawn), the third two spaces out, on the
    // space nearest the Engineer.
    let mut g = Game::new(
        mission(&[
            "# # # # # # # # # #",
            " # P . . . . . # # #",
            "# P . . . . . # # #",
            " # P . . . . . 1 # #",
            "# P . . . . . # # #",
            " # # # # # # # # # #",
        ]),
        &[Engineer],
    );
    g.put(Engineer, 6, 1);
    g.token(Token::Pickup { pickup: Pickup::LootBug, revealed: true }, 6, 3);
    g.job(Job::Effect(hoxxes::data::cards::EventEffect::Spawn(Grunt, 3, hoxxes::data::cards::Place::Exit(1))));
    assert_eq!(g.creatures(Grunt), vec![q(7, 3), q(6, 3), q(6, 2)]);
}

#[test]
fn a_grunt_pack_comes_out_of_the_exit_nearest_the_active_dwarf() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 8, 4);
    draw(&mut g, "Grunt Pack");
    let grunts = g.creatures(Grunt);
    assert_eq!(grunts.len(), 3);
    assert_eq!(grunts[0], q(9, 5), "Exit II is nearer");
}

#[test]
fn mactera_flight_falls_back_to_exit_two() {
    let mut g = Game::room(&[Scout]);
    draw(&mut g, "Mactera Flight");
    assert_eq!(g.creatures(MacteraSpawn)[0], q(9, 5));
}

#[test]
fn figure_limits_put_grunts_in_place_of_missing_figures() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    for (c, r) in [(4, 3), (5, 3), (6, 3)] {
        g.creature(WebSpitter, c, r);
    }
    draw(&mut g, "Spitter Nest I");
    assert_eq!(g.creatures(WebSpitter).len(), 3);
    assert_eq!(g.creatures(Grunt), vec![q(9, 1)]);
}

#[test]
fn a_slasher_ambush_can_be_shot_down_by_a_reaction_shot() {
    let mut g = Game::room(&[Scout, Gunner]);
    g.put(Scout, 4, 2);
    g.put(Gunner, 4, 4);
    g.dice(&[(hoxxes::data::dice::DieKind::Bullet, 5), (hoxxes::data::dice::DieKind::Bullet, 5), (hoxxes::data::dice::DieKind::Bullet, 0)]);
    draw(&mut g, "Slasher Ambush");
    assert_eq!(g.creatures(Slasher).len(), 1);
    assert!(g.options().contains(&Answer::React("BurstFire".into())));
    assert!(g.options().contains(&Answer::Pass));
    let prompt = g.world().resource::<hoxxes::rules::command::Pending>().0.as_ref().map(|p| p.prompt.clone());
    assert_eq!(prompt.as_deref(), Some("The Gunner may take a reaction shot at the Slasher"), "the offer names its target");
    g.ok(choose(Answer::React("BurstFire".into())));
    lay_all_on_the_slasher(&mut g);
    assert!(g.creatures(Slasher).is_empty(), "4 Bullet hits less 1 resistance kill it");
    assert_eq!(g.health(Scout), 5, "it never attacks");
    assert_eq!(g.ammo(Gunner).primary, 4, "the reaction shot pays its ammo");
}

#[test]
fn a_surviving_ambusher_attacks_the_active_dwarf() {
    let mut g = Game::room(&[Scout, Gunner]);
    g.put(Scout, 4, 2);
    g.put(Gunner, 8, 4);
    g.dice(&[(CreatureDie, 4), (CreatureDie, 5)]);
    draw(&mut g, "Slasher Ambush");
    assert!(g.options().is_empty(), "the Gunner is too far to react");
    assert_eq!(g.health(Scout), 3);
    assert!(g.status(Scout).knocked_over);
}

#[test]
fn any_hit_breaks_a_cave_leech_and_a_miss_lets_it_land() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 4, 2);
    g.put(Driller, 5, 3);
    g.dice(&[(hoxxes::data::dice::DieKind::Flame, 2), (hoxxes::data::dice::DieKind::Flame, 0), (hoxxes::data::dice::DieKind::Flame, 0)]);
    draw(&mut g, "Cave Leech");
    g.ok(choose(Answer::React("FireHaze".into())));
    assert_eq!(g.health(Scout), 5);
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 4, 2);
    g.put(Driller, 5, 3);
    draw(&mut g, "Cave Leech");
    g.ok(choose(Answer::Pass));
    assert_eq!(g.health(Scout), 3);
    assert!(g.status(Scout).knocked_over);
}

/// A reaction shot at a grab on a shielded Dwarf is still offered (a hit breaks the grab), and the
/// question says the Shield keeps the grab off him anyway; the grab then does him no harm.
#[test]
fn a_reaction_at_a_grab_on_a_shielded_dwarf_says_the_shield_holds() {
    let mut g = Game::room(&[Gunner, Driller]);
    g.put(Gunner, 4, 2);
    g.put(Driller, 5, 3);
    g.ok(Command::Shield);
    draw(&mut g, "Cave Leech");
    let prompt = g.world().resource::<hoxxes::rules::command::Pending>().0.as_ref().map(|p| p.prompt.clone());
    assert_eq!(prompt.as_deref(), Some("The Driller may take a reaction shot (the Shield already keeps the grab off)"));
    g.ok(choose(Answer::Pass));
    assert_eq!(g.health(Gunner), 5, "the Shield holds");
}

/// Ruling 32: a reaction shot at a grab is a Dwarf's shot; For Karl! may reroll its misses.
#[test]
fn for_karl_rerolls_a_reaction_shot_at_a_cave_leech() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 4, 2);
    g.put(Driller, 5, 3);
    let karl = g.app.world().resource::<hoxxes::data::GameData>().rock_and_stone.iter().position(|c| c.name == "For Karl!").unwrap();
    let scout = {
        let mut q = g.world().query::<(bevy::prelude::Entity, &hoxxes::rules::components::Dwarf)>();
        q.iter(g.app.world()).find(|(_, d)| d.class == Scout).map(|(e, _)| e).unwrap()
    };
    g.world().entity_mut(scout).insert(hoxxes::rules::components::Hand { rock_and_stone: vec![karl], throwables: vec![] });
    let flame = hoxxes::data::dice::DieKind::Flame;
    g.dice(&[(flame, 0), (flame, 0), (flame, 0)]);
    draw(&mut g, "Cave Leech");
    g.ok(choose(Answer::React("FireHaze".into())));
    assert_eq!(g.options(), vec![Answer::Pass], "the misses wait for For Karl!");
    g.dice(&[(flame, 2), (flame, 0), (flame, 0)]);
    g.ok(Command::PlayCard { by: Scout, card: "For Karl!".into(), on: None });
    assert!(g.events().contains(&GameEvent::GrabBroken { by: Driller }));
    assert_eq!(g.health(Scout), 5, "the grab is broken");
}

#[test]
fn they_are_awake_activates_every_creature() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    let id = g.creature(Grunt, 8, 2);
    draw(&mut g, "They Are Awake");
    assert_eq!(g.creature_pos(id), Some(q(5, 2)));
}

#[test]
fn hunting_party_raises_the_threat_then_activates() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    let id = g.creature(Grunt, 8, 2);
    draw(&mut g, "Hunting Party");
    assert_eq!((g.threat(), g.creature_pos(id)), (2, Some(q(5, 2))));
}

#[test]
fn falling_rocks_hurt_the_active_dwarf_per_hit() {
    let mut g = Game::room(&[Scout]);
    g.dice(&[(CreatureDie, 4)]);
    draw(&mut g, "Falling Rocks");
    assert_eq!(g.health(Scout), 3);
}

#[test]
fn sweet_spot_is_optional_and_needs_a_standing_dwarf() {
    let mut g = Game::room(&[Scout]);
    g.dice(&[(MineralDie, 5)]);
    draw(&mut g, "Sweet Spot");
    assert_eq!(g.options(), vec![Answer::Accept(true), Answer::Accept(false)]);
    g.ok(choose(Answer::Accept(true)));
    assert_eq!(g.mule(Item::Gold), 1);
    g.dice(&[(MineralDie, 0)]);
    draw(&mut g, "Sweet Spot");
    g.ok(choose(Answer::Accept(true)));
    assert_eq!(g.threat(), 2, "a blank raises the threat");
    g.set_status(Scout, DwarfStatus { knocked_over: true, ..Default::default() });
    draw(&mut g, "Sweet Spot");
    assert!(g.options().is_empty(), "a knocked-over Dwarf cannot take it");
}

#[test]
fn double_trouble_adds_a_swarm_card_to_the_next_swarm() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.next_swarm("Slasher Swarm");
    draw(&mut g, "Double Trouble");
    g.set_threat(4);
    g.next_swarm("Grunt Swarm");
    draw(&mut g, "Distant Rumbling");
    let cards: Vec<String> = g
        .events()
        .iter()
        .filter_map(|e| match e {
            GameEvent::SwarmCard { name, .. } => Some(name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(cards, vec!["Slasher Swarm".to_string(), "Grunt Swarm".to_string()]);
    assert_eq!(g.creatures(Slasher).len(), 1);
}

#[test]
fn reaching_a_swarm_step_places_the_swarm_and_activates_everything() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.set_threat(4);
    g.next_swarm("Grunt Swarm");
    draw(&mut g, "Distant Rumbling");
    assert_eq!(g.threat(), 5);
    let grunts = g.creatures(Grunt);
    assert_eq!(grunts.len(), 6, "3 at each revealed Exit");
    assert!(!grunts.contains(&q(9, 1)), "they activated and left the Exit");
}

#[test]
fn hungry_loot_bug_appears_near_the_exit_nearest_the_active_dwarf() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 8, 2);
    draw(&mut g, "Hungry Loot Bug");
    assert_eq!(g.tokens_at(8, 1), vec![Token::Pickup { pickup: Pickup::LootBug, revealed: true }]);
}

#[test]
fn the_special_cards_help() {
    let mut g = Game::room(&[Scout, Driller]);
    g.set_health(Scout, 2);
    g.set_ammo(Scout, 1);
    draw(&mut g, "Catch Your Breath");
    assert_eq!(g.health(Scout), 3);
    g.set_seat(0);
    draw(&mut g, "Ammo Cache");
    assert_eq!(g.ammo(Scout).primary, 2);
    g.set_seat(0);
    draw(&mut g, "Lucky Find");
    assert_eq!(g.mule(Item::Gold), 1);
    g.set_seat(0);
    g.set_status(Driller, DwarfStatus { unconscious: true, knocked_over: true, webbed: true, ..Default::default() });
    g.set_health(Driller, 0);
    draw(&mut g, "Second Chance");
    assert_eq!(g.health(Driller), 1);
    // Revived as by the Revive action (rulebook: back on his feet, 1 Health); the web stays.
    assert_eq!(g.status(Driller), DwarfStatus { webbed: true, ..Default::default() });
}

#[test]
fn the_mission_event_runs_the_missions_own_steps() {
    let mut m = mission(&ROOM);
    m.mission_event.effects = vec![
        hoxxes::data::mission::MissionEffect::SwarmThreat(2),
        hoxxes::data::mission::MissionEffect::Spawn(Grunt, 1, hoxxes::data::mission::SpawnPoint::Exit(2)),
    ];
    let mut g = Game::new(m, &[Scout]);
    draw(&mut g, "Mission Event");
    assert_eq!(g.threat(), 3);
    assert_eq!(g.creatures(Grunt), vec![q(9, 5)]);
}

#[test]
fn every_card_of_the_deck_resolves() {
    let names: Vec<String> = data().events.iter().map(|c| c.name.clone()).collect();
    for name in names {
        let mut g = Game::room(&[Scout, Gunner]);
        g.put(Scout, 4, 2);
        g.put(Gunner, 4, 4);
        g.creature(Grunt, 7, 3);
        g.next_event(&name);
        g.ok(Command::EndTurn);
        while !g.options().is_empty() {
            let first = g.options()[0].clone();
            g.ok(choose(first));
        }
        assert!(g.events().iter().any(|e| matches!(e, GameEvent::EventCard { name: n, .. } if *n == name)), "{name}");
    }
}

fn hand(g: &mut Game, class: hoxxes::data::weapons::DwarfClass) -> hoxxes::rules::components::Hand {
    let mut q = g.world().query::<(&hoxxes::rules::components::Dwarf, &hoxxes::rules::components::Hand)>();
    q.iter(g.app.world()).find(|(d, _)| d.class == class).map(|(_, h)| h.clone()).expect("a hand")
}

#[test]
fn every_dwarf_starts_with_a_rock_and_stone_card_and_a_throwable() {
    let mut g = Game::room(&[Scout, Driller]);
    for c in [Scout, Driller] {
        let h = hand(&mut g, c);
        assert_eq!((h.rock_and_stone.len(), h.throwables.len()), (1, 1));
    }
}

#[test]
fn morale_boost_gives_every_dwarf_a_rock_and_stone_card() {
    let mut g = Game::room(&[Scout, Driller]);
    draw(&mut g, "Morale Boost");
    assert_eq!(hand(&mut g, Scout).rock_and_stone.len(), 2);
    assert_eq!(hand(&mut g, Driller).rock_and_stone.len(), 2);
}

/// Ruling 31: the players pick where Supply Drop's pod lands, any space a pod may be called to;
/// the first choice (the headless default) is the empty space nearest the active Dwarf.
#[test]
fn supply_drop_asks_where_the_pod_lands() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 4, 2);
    g.creature(Grunt, 8, 4);
    draw(&mut g, "Supply Drop");
    let options = g.options();
    let near = [(5, 2), (3, 2), (3, 1), (4, 1), (3, 3), (4, 3)].map(|(c, r)| Answer::Space(q(c, r)));
    assert!(near.contains(&options[0]), "the nearest empty space first: {:?}", options[0]);
    assert!(options.contains(&Answer::Space(q(9, 4))), "any empty floor");
    for taken in [q(4, 2), q(8, 4), q(9, 1), q(0, 2)] {
        assert!(!options.contains(&Answer::Space(taken)), "not the Dwarf's, a creature's, a Tunnel Exit or rock: {taken:?}");
    }
    g.choose(Answer::Space(q(9, 4)));
    assert!(matches!(g.tokens_at(9, 4).as_slice(), [Token::ResupplyPod { .. }]));
    assert!(g.options().is_empty(), "the turn goes on once the pod is down");
}

#[test]
fn killing_a_praetorian_earns_a_rock_and_stone_card() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.creature(Praetorian, 5, 2);
    g.world().resource_mut::<hoxxes::rules::dice::ForcedDice>().0.clear();
    g.dice(&[(hoxxes::data::dice::DieKind::Piercing, 4), (hoxxes::data::dice::DieKind::Piercing, 4)]);
    g.ok(Command::Shoot { mode: "AimedShot".into(), target: q(5, 2) });
    assert_eq!(hand(&mut g, Scout).rock_and_stone.len(), 1, "4 damage: still alive");
    g.set_seat(0);
    g.dice(&[(hoxxes::data::dice::DieKind::Piercing, 4)]);
    g.ok(Command::Shoot { mode: "RegularShot".into(), target: q(5, 2) });
    assert!(g.creatures(Praetorian).is_empty());
    assert_eq!(hand(&mut g, Scout).rock_and_stone.len(), 2);
}

#[test]
fn a_barley_bulb_is_drunk_for_a_rock_and_stone_card() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.token(Token::Pickup { pickup: Pickup::BarleyBulb, revealed: true }, 4, 2);
    g.walk(&[(4, 2)]).unwrap();
    assert!(g.tokens_at(4, 2).is_empty());
    assert_eq!(hand(&mut g, Scout).rock_and_stone.len(), 2);
}

/// The reaction distance is a number of the rules (assets/rules.ron, ruling 30), not of the code: a
/// Gunner three spaces from the ambushed Scout reacts only when the number says three; when he
/// does not, the log says it is the distance (a play-tester read "none of his weapons reaches it").
#[test]
fn the_reaction_distance_comes_from_the_rules_numbers() {
    use hoxxes::rules::log::NoReactionWhy;
    for (distance, offered) in [(2, false), (3, true)] {
        let mut g = Game::room(&[Scout, Gunner]);
        g.world().resource_mut::<hoxxes::data::GameData>().numbers.kit.reaction_distance = distance;
        g.put(Scout, 4, 2);
        g.put(Gunner, 4, 5);
        g.dice(&[(CreatureDie, 0), (CreatureDie, 0)]);
        draw(&mut g, "Slasher Ambush");
        assert_eq!(g.options().contains(&Answer::Pass), offered, "reaction distance {distance}");
        let why = g.events().iter().find_map(|e| match e {
            GameEvent::NoReaction { why, .. } => Some(*why),
            _ => None,
        });
        assert_eq!(why, (!offered).then_some(NoReactionWhy::TooFar { spaces: 3, most: 2 }), "reaction distance {distance}");
    }
}

/// A Dwarf near enough but with no weapon that reaches the creature is told so: a wall between.
#[test]
fn a_reaction_with_no_weapon_in_sight_says_so() {
    use hoxxes::data::mission::Ground;
    use hoxxes::rules::log::NoReactionWhy;
    let mut g = Game::room(&[Scout, Gunner]);
    g.put(Scout, 4, 2);
    g.put(Gunner, 4, 4);
    for c in 2..=6 {
        g.set_ground(c, 3, Ground::Wall(None));
    }
    g.dice(&[(CreatureDie, 0), (CreatureDie, 0)]);
    draw(&mut g, "Slasher Ambush");
    let why = g.events().iter().find_map(|e| match e {
        GameEvent::NoReaction { why, .. } => Some(*why),
        _ => None,
    });
    assert_eq!(why, Some(NoReactionWhy::NoWeaponReaches));
}

/// A reaction shot is laid as any shot (ruling 30): every die on the Slasher's space.
fn lay_all_on_the_slasher(g: &mut Game) {
    let at = g.creatures(Slasher)[0];
    while let Some(Answer::Place { die, .. }) = g.options().first().cloned() {
        g.ok(choose(Answer::Place { die, at }));
    }
}

fn loadout_mut(g: &mut Game, class: hoxxes::data::weapons::DwarfClass, change: impl Fn(&mut hoxxes::rules::components::Loadout)) {
    let mut q = g.world().query::<(&hoxxes::rules::components::Dwarf, &mut hoxxes::rules::components::Loadout)>();
    for (d, mut l) in q.iter_mut(g.app.world_mut()) {
        if d.class == class {
            change(&mut l);
        }
    }
}

/// Ruling 30: a reaction shot is an ordinary ranged attack, upgrades included: the Gunner's Ignore
/// Resistance token makes two Bullet hits kill the Slasher (2 Health, 1 Bullet resistance).
#[test]
fn a_reaction_shot_has_its_weapons_upgrades() {
    use hoxxes::data::dice::DieKind::Bullet;
    for (upgraded, killed) in [(false, false), (true, true)] {
        let mut g = Game::room(&[Scout, Gunner]);
        g.put(Scout, 4, 2);
        g.put(Gunner, 4, 4);
        if upgraded {
            loadout_mut(&mut g, Gunner, |l| l.primary_upgrades = vec![1]);
        }
        g.dice(&[(Bullet, 2), (Bullet, 2), (Bullet, 0), (CreatureDie, 0), (CreatureDie, 0)]);
        draw(&mut g, "Slasher Ambush");
        g.ok(choose(Answer::React("BurstFire".into())));
        lay_all_on_the_slasher(&mut g);
        assert_eq!(g.creatures(Slasher).is_empty(), killed, "upgraded: {upgraded}");
    }
}

/// Ruling 30: any primary mode or the secondary weapon may react.
#[test]
fn a_reaction_shot_may_be_fired_with_the_secondary_weapon() {
    let mut g = Game::room(&[Scout, Gunner]);
    g.put(Scout, 4, 2);
    g.put(Gunner, 4, 4);
    let data = data();
    let mut q = g.world().query::<(&hoxxes::rules::components::Dwarf, &hoxxes::rules::components::Loadout)>();
    let secondary = q
        .iter(g.app.world())
        .find(|(d, _)| d.class == Gunner)
        .map(|(_, l)| data.secondaries[l.secondary].name.clone())
        .expect("the Gunner");
    // The seeded dice roll: whatever they show, the ammo is what is checked.
    draw(&mut g, "Slasher Ambush");
    assert!(g.options().contains(&Answer::React(secondary.clone())), "{secondary} in {:?}", g.options());
    let before = g.ammo(Gunner);
    g.ok(choose(Answer::React(secondary)));
    let after = g.ammo(Gunner);
    assert_eq!((after.primary, after.secondary + 1), (before.primary, before.secondary), "the secondary pays its own ammo");
}

/// Ruling 31: with two Dwarves unconscious, Second Chance asks the players whom it brings round
/// (by his space); the one picked stands with 1 Health, the other stays down.
#[test]
fn second_chance_asks_whom_it_revives_when_several_are_down() {
    let mut g = Game::room(&[Scout, Driller, Gunner]);
    g.put(Driller, 4, 2);
    g.put(Gunner, 5, 3);
    for class in [Driller, Gunner] {
        g.set_status(class, DwarfStatus { unconscious: true, ..Default::default() });
        g.set_health(class, 0);
    }
    g.next_event("Second Chance");
    g.ok(Command::EndTurn);
    assert_eq!(g.options(), vec![Answer::Space(q(4, 2)), Answer::Space(q(5, 3))], "both, in seat order");
    g.choose(Answer::Space(q(5, 3)));
    assert_eq!((g.health(Gunner), g.status(Gunner).unconscious), (1, false), "the Gunner, as picked");
    assert!(g.status(Driller).unconscious);
}
