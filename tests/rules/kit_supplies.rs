//! Every Dwarf's full kit: the secondary weapon and its overclock, the Resupply pod, exchanging
//! supplies, standing up, helping up and reviving, and Weapon Upgrade tokens picked up on a walk
//! (rulebook "Game progress" and the actions it lists; content.md "Secondary weapons").
//! Faces: Piercing 0-1 blank, 2-3 one, 4-5 double; Bullet and Flame 0-1 blank, 2-4 one, 5 double;
//! Explosive 0-1 blank, 2-3 one, 4 double, 5 scare.

use super::common::*;
use bevy::prelude::*;
use hoxxes::data::GameData;
use hoxxes::data::creatures::CreatureKind::*;
use hoxxes::data::dice::DieKind::{self, Bullet, Explosive, Piercing};
use hoxxes::data::mission::{Ground, Item};
use hoxxes::data::weapons::DwarfClass::{self, *};
use hoxxes::rules::command::{Answer, Command, Supplies, Trade, UpgradeMove};
use hoxxes::rules::components::*;
use hoxxes::rules::decks::Decks;
use hoxxes::rules::hex::Qr;
use hoxxes::rules::log::GameEvent;
use hoxxes::rules::state::Turn;

fn entity(g: &mut Game, class: DwarfClass) -> Entity {
    let mut q = g.world().query::<(Entity, &Dwarf)>();
    q.iter(g.app.world()).find(|(_, d)| d.class == class).map(|(e, _)| e).expect("that Dwarf is in the game")
}

fn loadout(g: &mut Game, class: DwarfClass) -> Loadout {
    let e = entity(g, class);
    g.app.world().get::<Loadout>(e).expect("a loadout").clone()
}

fn set_loadout(g: &mut Game, class: DwarfClass, l: Loadout) {
    let e = entity(g, class);
    g.world().entity_mut(e).insert(l);
}

fn game_data(g: &Game) -> &GameData {
    g.app.world().resource::<GameData>()
}

/// Give a Dwarf the named secondary weapon, on its normal or overclocked side.
fn arm(g: &mut Game, class: DwarfClass, weapon: &str, overclocked: bool) {
    let secondary = game_data(g).secondaries.iter().position(|w| w.name == weapon).expect("a secondary of that name");
    let l = loadout(g, class);
    set_loadout(g, class, Loadout { secondary, overclocked, ..l });
}

fn set_ammo(g: &mut Game, class: DwarfClass, primary: u32, secondary: u32) {
    let e = entity(g, class);
    g.world().entity_mut(e).insert(Ammo { primary, secondary });
}

fn hand(g: &mut Game, class: DwarfClass) -> Hand {
    let e = entity(g, class);
    g.app.world().get::<Hand>(e).expect("a hand").clone()
}

fn set_actions(g: &mut Game, n: u32) {
    g.world().resource_mut::<Turn>().actions_left = n;
}

fn secondary_shot(c: i32, r: i32) -> Command {
    Command::ShootSecondary { target: q(c, r) }
}

/// The Resupply pod on the cave: where, and the token.
fn pod(g: &mut Game) -> Option<(Qr, Token)> {
    let mut q = g.world().query::<(&Token, &At)>();
    q.iter(g.app.world()).find(|(t, _)| matches!(t, Token::ResupplyPod { .. })).map(|(t, a)| (a.0.into(), *t))
}

fn is_hurt(e: &GameEvent, class: DwarfClass) -> bool {
    matches!(e, GameEvent::Damaged { who: hoxxes::rules::log::Who::Dwarf(c), .. } if *c == class)
}

// ---- Secondary weapons ----

#[test]
fn a_secondary_shot_pays_secondary_ammo_and_rolls_the_card_dice() {
    let mut g = Game::room(&[Scout]);
    arm(&mut g, Scout, "Subata 120", false);
    g.put(Scout, 2, 2);
    let id = g.creature(Grunt, 7, 2);
    g.dice(&[(Piercing, 2)]);
    g.ok(secondary_shot(7, 2));
    assert_eq!(g.creature_health(id), None);
    assert_eq!(g.ammo(Scout), Ammo { primary: 5, secondary: 2 });
    assert_eq!(g.turn().actions_left, 2);
}

#[test]
fn a_secondary_shot_needs_secondary_ammo_range_and_line() {
    let mut g = Game::room(&[Scout]);
    arm(&mut g, Scout, "Subata 120", false);
    g.put(Scout, 2, 2);
    g.creature(Grunt, 8, 2);
    assert!(g.refused(secondary_shot(8, 2)).contains("6 spaces away"));
    g.set_ground(4, 2, Ground::Stalagmite);
    assert!(g.refused(secondary_shot(6, 2)).contains("line of sight"));
    set_ammo(&mut g, Scout, 5, 0);
    assert!(g.refused(secondary_shot(3, 3)).contains("no secondary ammo"));
    assert_eq!(g.turn().actions_left, 3);
}

/// Every card, both sides, straight from the data: the dice rolled, the reach, the cost.
#[test]
fn every_secondary_fires_both_sides_as_its_card_says() {
    let cards = data().secondaries.clone();
    for w in &cards {
        for (overclocked, side) in [(false, &w.normal), (true, &w.overclocked)] {
            let mut g = Game::room(&[Scout]);
            arm(&mut g, Scout, &w.name, overclocked);
            set_ammo(&mut g, Scout, 5, w.ammo);
            g.put(Scout, 2, 2);
            let reach = side.range as i32;
            assert!(g.refused(secondary_shot(2 + reach + 1, 2)).contains("spaces away"), "{} reaches {reach}", w.name);
            let dice: Vec<DieKind> = side.dice.iter().flat_map(|(d, n)| std::iter::repeat_n(*d, *n as usize)).collect();
            g.dice(&dice.iter().map(|d| (*d, 0)).collect::<Vec<_>>());
            g.ok(secondary_shot(2 + reach, 2));
            while hoxxes::headless::answer_default(&mut g.app).expect("a default answer") {}
            let rolled = g.events().iter().find_map(|e| match e {
                GameEvent::Rolled { dice, .. } => Some(dice.iter().map(|r| r.die).collect::<Vec<_>>()),
                _ => None,
            });
            assert_eq!(rolled, Some(dice), "{} (overclocked: {overclocked})", w.name);
            assert_eq!(g.ammo(Scout).secondary, 0, "{}", w.name);
            assert_eq!(g.turn().actions_left, 3 - w.actions, "{}", w.name);
        }
    }
}

#[test]
fn the_overclocked_side_reaches_farther() {
    let mut g = Game::room(&[Gunner]);
    arm(&mut g, Gunner, "BRT7 Burst Fire Gun", false);
    g.put(Gunner, 2, 2);
    let id = g.creature(Grunt, 8, 2);
    assert!(g.refused(secondary_shot(8, 2)).contains("reaches 4"));
    arm(&mut g, Gunner, "BRT7 Burst Fire Gun", true);
    g.dice(&[(Bullet, 2), (Bullet, 0), (Bullet, 0)]);
    g.ok(secondary_shot(8, 2));
    assert_eq!(g.creature_health(id), None);
}

#[test]
fn scare_on_hit_scares_every_creature_hit_one_space() {
    let mut g = Game::room(&[Scout]);
    arm(&mut g, Scout, "Jury-Rigged Boomstick", true);
    g.put(Scout, 2, 2);
    let id = g.creature(WebSpitter, 4, 2);
    g.dice(&[(Bullet, 2), (Bullet, 0), (Bullet, 0)]);
    g.ok(secondary_shot(4, 2));
    for die in 0..3 {
        g.choose(Answer::Place { die, at: q(4, 2) });
    }
    assert_eq!(g.creature_health(id), Some(1));
    let runs: Vec<usize> = g.options().iter().map(|o| if let Answer::Scare(p) = o { p.len() } else { 99 }).collect();
    assert_eq!(runs.iter().max(), Some(&1), "scared exactly up to 1 space: {runs:?}");
    g.choose(Answer::Scare(vec![q(5, 2)]));
    assert_eq!(g.creature_pos(id), Some(q(5, 2)));
}

#[test]
fn the_normal_boomstick_does_not_scare() {
    let mut g = Game::room(&[Scout]);
    arm(&mut g, Scout, "Jury-Rigged Boomstick", false);
    g.put(Scout, 2, 2);
    let id = g.creature(WebSpitter, 4, 2);
    g.dice(&[(Bullet, 2), (Bullet, 0)]);
    g.ok(secondary_shot(4, 2));
    g.choose(Answer::Place { die: 0, at: q(4, 2) });
    g.choose(Answer::Place { die: 1, at: q(4, 2) });
    assert!(g.options().is_empty());
    assert_eq!(g.creature_pos(id), Some(q(4, 2)));
}

#[test]
fn the_overclocked_twin_smgs_reroll_one_die() {
    let mut g = Game::room(&[Scout]);
    arm(&mut g, Scout, "Zhukov NUK17 Twin SMGs", true);
    g.put(Scout, 2, 2);
    let id = g.creature(WebSpitter, 5, 2);
    g.dice(&[(Bullet, 0), (Bullet, 0), (Bullet, 5)]);
    g.ok(secondary_shot(5, 2));
    assert_eq!(g.options(), vec![Answer::Pass, Answer::Reroll(0), Answer::Reroll(1)]);
    let prompt = g.world().resource::<hoxxes::rules::command::Pending>().0.as_ref().map(|p| p.prompt.clone());
    assert_eq!(prompt.as_deref(), Some("Reroll a die? (1 reroll left, from Zhukov NUK17 Twin SMGs)"));
    g.choose(Answer::Reroll(1));
    assert_eq!(g.creature_health(id), None, "the rerolled double kills the 2-Health Spitter");
    // The normal side offers no reroll.
    arm(&mut g, Scout, "Zhukov NUK17 Twin SMGs", false);
    let other = g.creature(WebSpitter, 5, 3);
    g.dice(&[(Bullet, 2), (Bullet, 0)]);
    g.ok(secondary_shot(5, 3));
    assert!(g.options().is_empty());
    assert_eq!(g.creature_health(other), Some(1));
}

#[test]
fn a_double_face_of_the_voltaic_smg_stuns() {
    let mut g = Game::room(&[Engineer]);
    arm(&mut g, Engineer, "Stubby Voltaic SMG", false);
    g.put(Engineer, 2, 2);
    let plain = g.creature(BroodNexus, 5, 2);
    g.dice(&[(Bullet, 2), (Bullet, 3)]);
    g.ok(secondary_shot(5, 2));
    assert_eq!(g.creature_health(plain), Some(4), "2 hits, 1 Bullet resistance");
    assert!(!g.events().iter().any(|e| matches!(e, GameEvent::CreatureStunned { .. })));
    let stunned = g.creature(BroodNexus, 5, 4);
    g.put(Engineer, 2, 4);
    g.dice(&[(Bullet, 5), (Bullet, 0)]);
    g.ok(secondary_shot(5, 4));
    assert_eq!(g.creature_health(stunned), Some(4));
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::CreatureStunned { .. })));
}

#[test]
fn the_bulldog_ignores_resistance() {
    let mut g = Game::room(&[Scout]);
    arm(&mut g, Scout, "Subata 120", false);
    g.put(Scout, 2, 2);
    let id = g.creature(Oppressor, 5, 2);
    g.dice(&[(Piercing, 2)]);
    g.ok(secondary_shot(5, 2));
    assert_eq!(g.creature_health(id), Some(7), "the Subata's hit is resisted");
    arm(&mut g, Scout, "Bulldog Heavy Revolver", false);
    g.dice(&[(Piercing, 2)]);
    g.ok(secondary_shot(5, 2));
    assert_eq!(g.creature_health(id), Some(6));
}

#[test]
fn the_plasma_charger_also_hits_a_space_next_to_the_target() {
    let mut g = Game::room(&[Gunner, Scout]);
    arm(&mut g, Gunner, "Experimental Plasma Charger", false);
    g.put(Gunner, 2, 2);
    g.put(Scout, 6, 3);
    let target = g.creature(Grunt, 6, 2);
    let beside = g.creature(Grunt, 7, 2);
    g.dice(&[(Explosive, 2)]);
    g.ok(secondary_shot(6, 2));
    let options = g.options();
    assert_eq!(options.first(), Some(&Answer::AlsoAt(q(7, 2))), "a creature's space first");
    assert_eq!(options.last(), Some(&Answer::AlsoAt(q(6, 3))), "a Dwarf's space last");
    g.choose(Answer::AlsoAt(q(7, 2)));
    assert_eq!((g.creature_health(target), g.creature_health(beside)), (None, None));
    // It hurts a Dwarf on the chosen space too.
    g.creature(Grunt, 6, 2);
    g.dice(&[(Explosive, 2)]);
    g.ok(secondary_shot(6, 2));
    g.choose(Answer::AlsoAt(q(6, 3)));
    assert_eq!(g.health(Scout), 4);
    assert!(g.events().iter().any(|e| is_hurt(e, Scout)));
}

// ---- Overclock ----

#[test]
fn overclocking_costs_an_action_and_gold_and_opens_ammo_slots_but_gives_no_ammo() {
    let mut g = Game::room(&[Scout]);
    g.set_mule(Item::Gold, 2);
    g.ok(Command::Overclock);
    assert!(loadout(&mut g, Scout).overclocked);
    assert_eq!(g.mule(Item::Gold), 1);
    assert_eq!(g.turn().actions_left, 2);
    assert_eq!(g.ammo(Scout).secondary, data().numbers.dwarf.secondary_ammo, "no ammo comes with it");
}

#[test]
fn overclocking_is_refused_without_gold_or_when_already_overclocked() {
    let mut g = Game::room(&[Scout]);
    g.set_mule(Item::Nitra, 5);
    assert!(g.refused(Command::Overclock).contains("0 Gold"));
    g.set_mule(Item::Gold, 2);
    g.ok(Command::Overclock);
    assert!(g.refused(Command::Overclock).contains("already overclocked"));
    assert_eq!(g.mule(Item::Gold), 1);
}

// ---- Resupply ----

#[test]
fn calling_a_pod_pays_nitra_first_then_gold() {
    let mut g = Game::room(&[Driller]);
    g.set_mule(Item::Nitra, 2);
    g.set_mule(Item::Gold, 3);
    let card = g.stack_resupply(6, 3, 2);
    g.ok(Command::CallResupply(q(5, 3)));
    assert_eq!((g.mule(Item::Nitra), g.mule(Item::Gold)), (0, 2));
    assert_eq!(g.turn().actions_left, 2);
    assert_eq!(pod(&mut g), Some((q(5, 3), Token::ResupplyPod { card, primary: 6, secondary: 3, health: 2 })));
}

#[test]
fn a_pod_needs_the_nitra_and_an_empty_floor_space() {
    let mut g = Game::room(&[Driller]);
    g.set_mule(Item::Nitra, 1);
    g.set_mule(Item::Gold, 1);
    assert!(g.refused(Command::CallResupply(q(5, 3))).contains("costs 3 Nitra"));
    g.set_mule(Item::Nitra, 3);
    let (_, exit) = g.exits()[0];
    assert!(g.refused(Command::CallResupply(exit)).contains("Tunnel Exit"));
    g.set_ground(5, 3, Ground::Pit);
    assert!(g.refused(Command::CallResupply(q(5, 3))).contains("open floor"));
    g.creature(Grunt, 6, 3);
    assert!(g.refused(Command::CallResupply(q(6, 3))).contains("empty space"));
    assert_eq!((g.mule(Item::Nitra), g.turn().actions_left), (3, 3));
}

#[test]
fn a_new_call_moves_the_pod_and_discards_what_was_left() {
    let mut g = Game::room(&[Driller]);
    g.set_mule(Item::Nitra, 6);
    let first = g.stack_resupply(7, 4, 1);
    g.ok(Command::CallResupply(q(5, 3)));
    g.stack_resupply(5, 5, 2);
    g.ok(Command::CallResupply(q(7, 3)));
    assert_eq!(pod(&mut g).map(|p| p.0), Some(q(7, 3)));
    assert!(g.tokens_at(5, 3).is_empty());
    assert!(g.app.world().resource::<Decks>().resupply.discard.contains(&(first as usize)));
}

#[test]
fn getting_supplies_fills_the_board_from_the_pod_next_to_the_dwarf() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 4, 2);
    set_ammo(&mut g, Driller, 1, 0);
    g.set_health(Driller, 4);
    let card = g.stack_resupply(7, 4, 1);
    g.set_mule(Item::Nitra, 3);
    g.ok(Command::CallResupply(q(5, 2)));
    let take = |primary, secondary, health| Command::GetSupplies { primary, secondary, health };
    assert!(g.refused(take(5, 0, 0)).contains("room for 4 more primary ammo"));
    assert!(g.refused(take(0, 0, 2)).contains("holds only 1 Health"));
    assert!(g.refused(take(0, 0, 0)).contains("at least one"));
    g.ok(take(4, 3, 1));
    assert_eq!((g.ammo(Driller), g.health(Driller)), (Ammo { primary: 5, secondary: 3 }, 5));
    assert_eq!(pod(&mut g), Some((q(5, 2), Token::ResupplyPod { card, primary: 3, secondary: 1, health: 0 })));
    g.put(Driller, 7, 2);
    assert!(g.refused(take(0, 1, 0)).contains("no Resupply pod"));
}

#[test]
fn the_last_supplies_taken_remove_the_pod_and_overclocked_slots_hold_five() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 4, 2);
    let card = g.stack_resupply(6, 6, 0);
    g.set_mule(Item::Nitra, 3);
    g.set_mule(Item::Gold, 1);
    g.ok(Command::CallResupply(q(5, 2)));
    set_ammo(&mut g, Driller, 0, 0);
    assert!(g.refused(Command::GetSupplies { primary: 0, secondary: 4, health: 0 }).contains("room for 3 more secondary"));
    g.ok(Command::Overclock);
    g.ok(Command::GetSupplies { primary: 5, secondary: 5, health: 0 });
    assert_eq!(g.ammo(Driller), Ammo { primary: 5, secondary: 5 });
    set_actions(&mut g, 1);
    assert!(g.refused(Command::GetSupplies { primary: 0, secondary: 2, health: 0 }).contains("holds only 1 secondary"));
    set_ammo(&mut g, Driller, 4, 4);
    g.ok(Command::GetSupplies { primary: 1, secondary: 1, health: 0 });
    assert_eq!(pod(&mut g), None);
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::ResupplyEmptied { .. })));
    assert!(g.app.world().resource::<Decks>().resupply.discard.contains(&(card as usize)));
}

/// The rulebook's Resupply example: the Driller pays 3 Nitra; no space next to him is empty, so he
/// puts the pod next to the Engineer; the card brings 7 primary ammo, 4 secondary and 1 Health,
/// which the Engineer takes from where he stands.
#[test]
fn the_rulebook_resupply_example() {
    let mut g = Game::room(&[Driller, Engineer, Scout]);
    g.put(Driller, 4, 2);
    g.put(Engineer, 7, 3);
    // Everything around the Driller is taken: rock, a stalagmite, a pit, a mineral, a Grunt, the Scout.
    g.set_ground(3, 1, Ground::Wall(None));
    g.set_ground(4, 1, Ground::Stalagmite);
    g.set_ground(3, 3, Ground::Pit);
    g.token(Token::Mineral { mineral: hoxxes::data::mission::Mineral::Nitra, loose: true }, 4, 3);
    g.creature(Grunt, 5, 2);
    g.put(Scout, 3, 2);
    g.set_mule(Item::Nitra, 3);
    let card = g.stack_resupply(7, 4, 1);
    for (c, r) in [(3, 1), (4, 1), (3, 3), (4, 3), (5, 2), (3, 2)] {
        g.refused(Command::CallResupply(q(c, r)));
    }
    g.ok(Command::CallResupply(q(7, 2)));
    assert_eq!(g.mule(Item::Nitra), 0);
    assert_eq!(pod(&mut g), Some((q(7, 2), Token::ResupplyPod { card, primary: 7, secondary: 4, health: 1 })));
    // The Engineer, next to the pod, takes what he needs without a move.
    g.set_seat(1);
    set_ammo(&mut g, Engineer, 2, 1);
    g.set_health(Engineer, 4);
    g.ok(Command::GetSupplies { primary: 3, secondary: 2, health: 1 });
    assert_eq!((g.ammo(Engineer), g.health(Engineer)), (Ammo { primary: 5, secondary: 3 }, 5));
    assert_eq!(pod(&mut g).map(|p| p.1), Some(Token::ResupplyPod { card, primary: 4, secondary: 2, health: 0 }));
}

// ---- Exchange supplies ----

fn card_names(g: &Game) -> (String, String) {
    let d = game_data(g);
    (d.rock_and_stone[0].name.clone(), d.throwables[0].name.clone())
}

#[test]
fn an_exchange_moves_ammo_cards_and_upgrades_both_ways() {
    let mut g = Game::room(&[Scout, Gunner]);
    g.put(Scout, 3, 2);
    g.put(Gunner, 4, 2);
    let (rock, throwable) = card_names(&g);
    for (class, cards) in
        [(Scout, Hand { rock_and_stone: vec![0], throwables: vec![] }), (Gunner, Hand { rock_and_stone: vec![], throwables: vec![0] })]
    {
        let e = entity(&mut g, class);
        g.world().entity_mut(e).insert(cards);
    }
    g.upgrade_primary(Scout, &["Reroll"]);
    let reroll = game_data(&g).upgrades.iter().position(|u| u.name == "Reroll").expect("the Reroll token") as u32;
    set_ammo(&mut g, Scout, 3, 1);
    set_ammo(&mut g, Gunner, 2, 3);
    let give = Supplies {
        primary: 2,
        rock_and_stone: vec![rock.clone()],
        upgrades: vec![UpgradeMove { token: reroll, from: WeaponSlot::Primary, to: WeaponSlot::Secondary }],
        ..Default::default()
    };
    let take = Supplies { secondary: 2, throwables: vec![throwable.clone()], ..Default::default() };
    g.ok(Command::Exchange { with: Gunner, give, take, also: vec![] });
    assert_eq!(g.turn().actions_left, 2);
    assert_eq!((g.ammo(Scout), g.ammo(Gunner)), (Ammo { primary: 1, secondary: 3 }, Ammo { primary: 4, secondary: 1 }));
    assert_eq!(hand(&mut g, Scout), Hand { rock_and_stone: vec![], throwables: vec![0] });
    assert_eq!(hand(&mut g, Gunner), Hand { rock_and_stone: vec![0], throwables: vec![] });
    assert!(loadout(&mut g, Scout).primary_upgrades.is_empty());
    assert_eq!(loadout(&mut g, Gunner).secondary_upgrades, vec![reroll]);
}

#[test]
fn an_exchange_is_refused_when_apart_short_or_over_the_slots() {
    let mut g = Game::room(&[Scout, Gunner]);
    g.put(Scout, 3, 2);
    g.put(Gunner, 6, 2);
    let (rock, _) = card_names(&g);
    let ammo = |primary| Supplies { primary, ..Default::default() };
    let with = |give: Supplies| Command::Exchange { with: Gunner, give, take: Supplies::default(), also: vec![] };
    assert!(g.refused(with(ammo(1))).contains("not next to"));
    g.put(Gunner, 4, 2);
    set_ammo(&mut g, Gunner, 5, 3);
    assert!(g.refused(with(ammo(1))).contains("slots for 5 primary"));
    set_ammo(&mut g, Scout, 1, 3);
    set_ammo(&mut g, Gunner, 0, 3);
    assert!(g.refused(with(ammo(2))).contains("has 1 primary"));
    let e = entity(&mut g, Scout);
    g.world().entity_mut(e).insert(Hand::default());
    assert!(g.refused(with(Supplies { rock_and_stone: vec![rock], ..Default::default() })).contains("holds no"));
    assert!(g.refused(with(Supplies::default())).contains("hands over something"));
    assert!(
        g.refused(Command::Exchange { with: Scout, give: ammo(1), take: Supplies::default(), also: vec![] }).contains("taking the action")
    );
    assert_eq!((g.ammo(Scout).primary, g.turn().actions_left), (1, 3));
}

/// Ruling 31: one Exchange action may involve every adjacent Dwarf; each is named once and must
/// stand next to the one exchanging, and all of it happens at once.
#[test]
fn one_exchange_trades_with_every_adjacent_dwarf() {
    let mut g = Game::room(&[Scout, Gunner, Driller]);
    g.put(Scout, 3, 2);
    g.put(Gunner, 4, 2);
    g.put(Driller, 2, 2);
    set_ammo(&mut g, Scout, 3, 1);
    set_ammo(&mut g, Gunner, 2, 3);
    set_ammo(&mut g, Driller, 4, 0);
    let ammo = |primary, secondary| Supplies { primary, secondary, ..Default::default() };
    let trade = |with, give, take| Trade { with, give, take };
    let both = Command::Exchange { with: Gunner, give: ammo(2, 0), take: ammo(0, 2), also: vec![trade(Driller, ammo(1, 1), ammo(1, 0))] };
    g.ok(both);
    assert_eq!(g.turn().actions_left, 2, "one action for both");
    assert_eq!(g.ammo(Scout), Ammo { primary: 1, secondary: 2 });
    assert_eq!(g.ammo(Gunner), Ammo { primary: 4, secondary: 1 });
    assert_eq!(g.ammo(Driller), Ammo { primary: 4, secondary: 1 });
    let twice = Command::Exchange { with: Gunner, give: ammo(1, 0), take: ammo(0, 0), also: vec![trade(Gunner, ammo(0, 1), ammo(0, 0))] };
    assert!(g.refused(twice).contains("named twice"));
    g.put(Driller, 6, 2);
    let apart = Command::Exchange { with: Gunner, give: ammo(1, 0), take: ammo(0, 0), also: vec![trade(Driller, ammo(0, 1), ammo(0, 0))] };
    assert!(g.refused(apart).contains("not next to"));
    assert_eq!(g.ammo(Gunner), Ammo { primary: 4, secondary: 1 }, "a refused exchange hands nothing over");
}

/// An exchange written before ruling 31 (no `also`) still reads, and a one-Dwarf exchange is
/// written as it was.
#[test]
fn an_old_exchange_command_reads_and_a_single_one_is_written_as_before() {
    let cmd: Command = ron::from_str("Exchange(with: Gunner, give: (primary: 1))").expect("an old exchange reads");
    assert_eq!(
        cmd,
        Command::Exchange { with: Gunner, give: Supplies { primary: 1, ..Default::default() }, take: Supplies::default(), also: vec![] }
    );
    assert!(!ron::to_string(&cmd).expect("written").contains("also"));
}

// ---- Stand up, help up, revive ----

#[test]
fn standing_up_takes_two_actions_of_the_same_turn() {
    let mut g = Game::room(&[Driller]);
    g.put(Driller, 4, 2);
    assert!(g.refused(Command::StandUp).contains("not knocked over"));
    g.set_status(Driller, DwarfStatus { knocked_over: true, ..Default::default() });
    assert!(g.walk(&[(5, 2)]).unwrap_err().contains("knocked over"));
    set_actions(&mut g, 1);
    assert!(g.refused(Command::StandUp).contains("2 actions in the same turn"));
    set_actions(&mut g, 3);
    g.ok(Command::StandUp);
    assert!(!g.status(Driller).knocked_over);
    assert_eq!(g.turn().actions_left, 1);
    g.ok(Command::Move(vec![q(5, 2)]));
}

#[test]
fn helping_up_an_adjacent_dwarf_costs_one_action() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 3, 2);
    g.put(Driller, 5, 2);
    g.set_status(Driller, DwarfStatus { knocked_over: true, stunned: true, ..Default::default() });
    assert!(g.refused(Command::HelpUp(Driller)).contains("not next to"));
    g.put(Driller, 4, 2);
    g.ok(Command::HelpUp(Driller));
    assert_eq!(g.status(Driller), DwarfStatus { stunned: true, ..Default::default() });
    assert_eq!(g.turn().actions_left, 2);
    assert!(g.refused(Command::HelpUp(Driller)).contains("not knocked over"));
}

#[test]
fn reviving_an_adjacent_unconscious_dwarf_stands_him_up_with_one_health() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 3, 2);
    g.put(Driller, 5, 2);
    g.set_health(Driller, 0);
    g.set_status(Driller, DwarfStatus { unconscious: true, knocked_over: true, ..Default::default() });
    assert!(g.refused(Command::Revive(Driller)).contains("not next to"));
    assert!(g.refused(Command::HelpUp(Driller)).contains("not next to"));
    g.put(Driller, 4, 2);
    assert!(g.refused(Command::HelpUp(Driller)).contains("must be revived"));
    g.ok(Command::Revive(Driller));
    assert_eq!(g.health(Driller), data().numbers.kit.revive_health);
    assert_eq!(g.status(Driller), DwarfStatus::default());
    assert_eq!(g.turn().actions_left, 2);
    assert!(g.refused(Command::Revive(Driller)).contains("not unconscious"));
}

#[test]
fn an_unconscious_dwarf_cannot_stand_up() {
    let mut g = Game::room(&[Scout, Driller]);
    g.set_status(Scout, DwarfStatus { unconscious: true, knocked_over: true, ..Default::default() });
    assert!(g.refused(Command::StandUp).contains("unconscious"));
}

// ---- Weapon Upgrade tokens ----

#[test]
fn walking_onto_an_upgrade_token_puts_it_on_a_weapon() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    g.token(Token::Upgrade { kind: 2 }, 3, 2);
    g.walk(&[(3, 2), (4, 2)]).expect("the walk");
    assert_eq!(g.options(), vec![Answer::Upgrade(WeaponSlot::Primary, None), Answer::Upgrade(WeaponSlot::Secondary, None)]);
    // The question says what the token does: it decides the weapon.
    let prompt = g.world().resource::<hoxxes::rules::command::Pending>().0.as_ref().map(|p| p.prompt.clone());
    assert_eq!(prompt.as_deref(), Some("Put Extended Range on a weapon (This weapon reaches 1 space farther)"));
    assert!(g.tokens_at(3, 2).is_empty(), "picked up");
    assert!(g.refused(Command::EndTurn).contains("first answer"));
    g.choose(Answer::Upgrade(WeaponSlot::Secondary, None));
    assert_eq!(loadout(&mut g, Scout).secondary_upgrades, vec![2]);
    assert!(g.tokens_at(3, 2).is_empty());
    assert_eq!(g.turn().actions_left, 2);
}

#[test]
fn with_every_slot_full_a_token_replaces_one_or_stays() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    let full = Loadout { primary_upgrades: vec![0, 1], secondary_upgrades: vec![3, 4], ..loadout(&mut g, Scout) };
    set_loadout(&mut g, Scout, full);
    g.token(Token::Upgrade { kind: 2 }, 3, 2);
    g.token(Token::Upgrade { kind: 5 }, 4, 2);
    g.walk(&[(3, 2), (4, 2), (5, 2)]).expect("the walk");
    let options = g.options();
    assert_eq!(options[0], Answer::Pass, "the default keeps what he has");
    assert_eq!(options.len(), 5);
    g.choose(Answer::Upgrade(WeaponSlot::Primary, Some(0)));
    assert_eq!(loadout(&mut g, Scout).primary_upgrades, vec![1, 2]);
    assert!(g.events().iter().any(|e| matches!(e, GameEvent::UpgradeFitted { discarded: Some(_), .. })));
    // The second token on the path comes next; he leaves it where it lies.
    g.choose(Answer::Pass);
    assert_eq!(g.tokens_at(4, 2), vec![Token::Upgrade { kind: 5 }]);
    assert!(g.options().is_empty());
}
