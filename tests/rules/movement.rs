//! Move (rulebook "Movement"; rulings 2 and 10).

use super::common::*;
use hoxxes::data::creatures::CreatureKind::*;
use hoxxes::data::mission::{Item, Pickup};
use hoxxes::data::weapons::DwarfClass::*;
use hoxxes::rules::components::{DwarfStatus, Token};

#[test]
fn a_move_walks_up_to_three_spaces_for_one_action() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.walk(&[(4, 2), (5, 2), (6, 2)]).unwrap();
    assert_eq!(g.pos(Scout), q(6, 2));
    assert_eq!(g.turn().actions_left, 2);
}

#[test]
fn four_spaces_are_too_many() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    let why = g.walk(&[(4, 2), (5, 2), (6, 2), (7, 2)]).unwrap_err();
    assert!(why.contains("at most 3"), "{why}");
    assert_eq!(g.pos(Scout), q(3, 2));
    assert_eq!(g.turn().actions_left, 3);
}

#[test]
fn each_step_must_be_next_to_the_last() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    assert!(g.walk(&[(5, 2)]).unwrap_err().contains("not next to"));
}

#[test]
fn creatures_block_the_way_and_the_end() {
    // The Scout's Grappling hook passes over them: kit_classes.rs.
    let mut g = Game::room(&[Gunner]);
    g.put(Gunner, 3, 2);
    g.creature(Grunt, 4, 2);
    assert!(g.walk(&[(4, 2)]).unwrap_err().contains("creature"));
    assert!(g.walk(&[(4, 2), (5, 2)]).unwrap_err().contains("creature"));
}

#[test]
fn walls_stalagmites_and_pits_block() {
    let mut g = Game::new(
        mission(&[
            "# # # # # # #",
            " # P . ^ . . #",
            "# P . O . . #",
            " # P . # . . #",
            "# P . . . . #",
            " # . . . . 1 #",
            "# # # # 2 # #",
        ]),
        &[Scout],
    );
    g.put(Scout, 2, 2);
    assert!(g.walk(&[(3, 2)]).unwrap_err().contains("pit"));
    g.put(Scout, 2, 1);
    assert!(g.walk(&[(3, 1)]).unwrap_err().contains("stalagmite"));
    g.put(Scout, 2, 3);
    assert!(g.walk(&[(3, 3)]).unwrap_err().contains("wall"));
    assert!(g.walk(&[(3, 2)]).unwrap_err().contains("pit"));
}

#[test]
fn dwarves_pass_through_dwarves_but_do_not_stop_on_them() {
    let mut g = Game::room(&[Scout, Driller]);
    g.put(Scout, 3, 2);
    g.put(Driller, 4, 2);
    assert!(g.walk(&[(4, 2)]).unwrap_err().contains("another Dwarf"));
    g.walk(&[(4, 2), (5, 2)]).unwrap();
    assert_eq!(g.pos(Scout), q(5, 2));
}

#[test]
fn a_tunnel_exit_is_passed_through_but_never_a_stop() {
    let mut g = Game::room(&[Scout]);
    // Exit I is at (9, 1).
    g.put(Scout, 8, 1);
    assert!(g.walk(&[(9, 1)]).unwrap_err().contains("Tunnel Exit"));
    g.walk(&[(9, 1), (9, 2)]).unwrap();
    assert_eq!(g.pos(Scout), q(9, 2));
}

#[test]
fn the_drop_pod_opens_only_once_the_objectives_are_met() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 2);
    assert!(g.walk(&[(1, 2)]).unwrap_err().contains("Drop Pod"));
    g.set_mule(Item::Morkite, 1);
    g.walk(&[(1, 2)]).unwrap();
    assert_eq!(g.pos(Scout), q(1, 2));
}

#[test]
fn leaving_the_pod_at_the_start_is_allowed() {
    let mut g = Game::room(&[Scout, Gunner]);
    // Seat 0 starts on the first pod space in canonical order: (1, 1).
    assert_eq!(g.pos(Scout), q(1, 1));
    g.walk(&[(2, 1)]).unwrap();
}

#[test]
fn pickups_flip_when_a_dwarf_comes_next_to_them() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.token(Token::Pickup { pickup: Pickup::LootBug, revealed: false }, 6, 2);
    g.walk(&[(4, 2)]).unwrap();
    assert_eq!(g.tokens_at(6, 2), vec![Token::Pickup { pickup: Pickup::LootBug, revealed: false }]);
    g.walk(&[(5, 2)]).unwrap();
    assert_eq!(g.tokens_at(6, 2), vec![Token::Pickup { pickup: Pickup::LootBug, revealed: true }]);
}

#[test]
fn a_pickup_passed_by_mid_move_is_revealed() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 2, 3);
    g.token(Token::Pickup { pickup: Pickup::RedSugar, revealed: false }, 5, 2);
    // Only the middle step, (4, 3), is next to (5, 2).
    g.walk(&[(3, 3), (4, 3), (5, 4)]).unwrap();
    assert!(matches!(g.tokens_at(5, 2)[0], Token::Pickup { revealed: true, .. }));
}

#[test]
fn walk_on_pickups_are_collected_and_axe_pickups_stay() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.token(Token::Pickup { pickup: Pickup::ApocaBloom, revealed: false }, 4, 2);
    g.token(Token::Pickup { pickup: Pickup::LootBug, revealed: false }, 5, 2);
    g.walk(&[(4, 2), (5, 2), (6, 2)]).unwrap();
    assert_eq!(g.mule(Item::ApocaBloom), 1);
    assert!(g.tokens_at(4, 2).is_empty());
    assert_eq!(g.tokens_at(5, 2).len(), 1, "a Loot Bug needs the axe; it does not block either");
}

#[test]
fn loose_minerals_are_picked_up_by_walking_on() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.token(Token::Mineral { mineral: hoxxes::data::mission::Mineral::Gold, loose: true }, 4, 2);
    g.walk(&[(4, 2)]).unwrap();
    assert_eq!(g.mule(Item::Gold), 1);
}

#[test]
fn a_webbed_dwarf_cannot_move() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.set_status(Scout, DwarfStatus { webbed: true, ..Default::default() });
    assert!(g.walk(&[(4, 2)]).unwrap_err().contains("webbed"));
}

#[test]
fn a_knocked_over_dwarf_cannot_act() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.set_status(Scout, DwarfStatus { knocked_over: true, ..Default::default() });
    assert!(g.walk(&[(4, 2)]).unwrap_err().contains("knocked over"));
}

#[test]
fn a_resupply_pod_is_passed_through_but_never_a_stop() {
    let mut g = Game::room(&[Scout]);
    g.put(Scout, 3, 2);
    g.token(Token::ResupplyPod { card: 0, primary: 1, secondary: 1, health: 1 }, 4, 2);
    assert!(g.walk(&[(4, 2)]).unwrap_err().contains("not end his move"));
    g.walk(&[(4, 2), (5, 2)]).unwrap();
    assert_eq!(g.pos(Scout), q(5, 2));
}
