//! Reveals: unknown pickups flip when a Dwarf stands next to them; a hidden cave flips when a wall
//! next to it is carved (rulebook, "Axe chops").

use super::cave::{Cave, DwarfData, TokenData, TokenDataItem};
use super::components::*;
use super::effects::Effects;
use super::hex::{adjacent, canonical, neighbours_canonical};
use super::log::GameEvent;
use super::spawn::{figure_available, placement, spawn_creature};
use crate::data::mission::{FaceItem, Ground};
use bevy::prelude::*;
use hexx::Hex;
use std::collections::BTreeSet;

/// The Weapon Upgrade tokens not yet placed, by index into the upgrade list.
#[derive(Resource, Default, Debug, Clone)]
pub struct UpgradePool(pub Vec<u32>);

/// A face-down pickup on the cave: its token, id, space and what it is.
type FaceDown = (Entity, Id, Hex, crate::data::mission::Pickup);

/// The token, if it is a face-down pickup on or next to one of these spaces.
fn face_down_near(t: &TokenDataItem, spaces: &[Hex]) -> Option<FaceDown> {
    match t.token {
        Token::Pickup { pickup, revealed: false } if spaces.iter().any(|s| *s == t.at.0 || adjacent(*s, t.at.0)) => {
            Some((t.entity, *t.id, t.at.0, *pickup))
        }
        _ => None,
    }
}

/// Flip every face-down pickup on or next to one of these spaces, in id order.
pub fn reveal_pickups_near(cave: &Cave, fx: &mut Effects, spaces: &[Hex]) {
    let mut found: Vec<FaceDown> = cave.tokens.iter().filter_map(|t| face_down_near(&t, spaces)).collect();
    found.sort_by_key(|f| f.1);
    for (e, _, at, pickup) in found {
        fx.commands.entity(e).insert(Token::Pickup { pickup, revealed: true });
        fx.say(GameEvent::PickupRevealed { pickup, at: at.into() });
    }
}

/// The spaces of the conscious Dwarves.
fn conscious(dwarves: &Query<DwarfData>) -> Vec<Hex> {
    dwarves.iter().filter(|d| !d.status.unconscious).map(|d| d.at.0).collect()
}

/// After every action: pickups next to any conscious Dwarf are face up (a Dwarf may arrive next to
/// one other than by walking, e.g. when a cave opens around him).
pub fn reveal_pickups_by_dwarves(cave: Cave, mut fx: Effects) {
    reveal_pickups_near(&cave, &mut fx, &conscious(&cave.dwarves));
}

/// Run condition of [`reveal_pickups_by_dwarves`]: a face-down pickup is on or next to a conscious
/// Dwarf. It is asked after every update's action or job and most have none: asking reads two
/// queries, where the reveal's own parameters cost several times more to fetch.
pub fn pickups_by_dwarves(dwarves: Query<DwarfData>, tokens: Query<TokenData>) -> bool {
    let spaces = conscious(&dwarves);
    tokens.iter().any(|t| face_down_near(&t, &spaces).is_some())
}

/// Reveal every face-down cave touching a space that was just carved open.
pub fn reveal_caves_touching(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, carved: Hex) {
    for (e, hidden) in caves_touching(cave, carved) {
        reveal_cave(cave, fx, pool, e, hidden);
    }
}

/// The face-down caves a space touches, by letter: those carving it open would reveal (the legal
/// query warns of them before an axe success is spent).
pub fn caves_touching<'a>(cave: &'a Cave, carved: Hex) -> Vec<(Entity, &'a HiddenCave)> {
    let mut caves: Vec<(Entity, &HiddenCave)> =
        cave.caves.iter().filter(|(_, c)| !c.revealed && c.spaces.iter().any(|s| adjacent(*s, carved))).collect();
    caves.sort_by_key(|(_, c)| c.letter);
    caves
}

/// Flip a hidden cave: its spaces open, and everything printed on its face is placed.
pub fn reveal_cave(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, e: Entity, hidden: &HiddenCave) {
    if fx.placed.caves.contains(&e) {
        return;
    }
    fx.placed.caves.push(e);
    let mut flipped = hidden.clone();
    flipped.revealed = true;
    fx.commands.entity(e).insert(flipped);
    fx.say(GameEvent::CaveRevealed { letter: hidden.letter, name: hidden.name.clone() });
    for h in &hidden.spaces {
        let ground = hidden
            .face
            .iter()
            .find_map(|(at, item)| match item {
                FaceItem::Ground(g) if at == h => Some(*g),
                _ => None,
            })
            .unwrap_or(Ground::Floor);
        if let Some(space) = cave.space(*h) {
            fx.commands.entity(space).insert(Terrain::Open(ground));
        }
    }
    // The printed creatures' spaces are theirs: a two-space creature's back goes elsewhere.
    let mut taken: BTreeSet<(i32, i32)> =
        hidden.face.iter().filter(|(_, i)| matches!(i, FaceItem::Creature(_))).map(|(at, _)| canonical(*at)).collect();
    for (at, item) in &hidden.face {
        place_face_item(cave, fx, pool, hidden, *at, *item, &mut taken);
    }
}

fn place_face_item(
    cave: &Cave,
    fx: &mut Effects,
    pool: &mut UpgradePool,
    hidden: &HiddenCave,
    at: Hex,
    item: FaceItem,
    taken: &mut BTreeSet<(i32, i32)>,
) {
    match item {
        FaceItem::TunnelExit3 => {
            if let Some(space) = cave.space(at) {
                fx.commands.entity(space).insert(TunnelExit(3));
            }
        }
        FaceItem::Flare => {
            if let Some(pickup) = hidden.pickup {
                fx.spawn_with_id((Token::Pickup { pickup, revealed: false }, At(at)));
            }
        }
        FaceItem::Upgrade => {
            if !pool.0.is_empty() {
                let i = fx.rng.below(pool.0.len());
                let kind = pool.0.remove(i);
                fx.spawn_with_id((Token::Upgrade { kind }, At(at)));
            }
        }
        // Ruling 35: the box's figure limits hold, a Grunt standing in for a kind all on the cave.
        // Ruling 33: a two-space creature is turned until its back fits.
        FaceItem::Creature(kind) => match figure_available(cave, &fx.placed, kind) {
            Some(real) => match placement(cave, real, at, &taken_but(taken, at), &hidden.spaces) {
                Some(facing) => {
                    taken.extend(cave.creature_spaces(real, at, Some(&Faces(facing))).into_iter().map(canonical));
                    spawn_creature(cave, fx, real, at, facing);
                }
                None => fx.say(GameEvent::NothingSpawned { kind: real, reason: "no room for it there".into() }),
            },
            None => fx.say(GameEvent::NothingSpawned { kind, reason: "every figure is already on the cave".into() }),
        },
        FaceItem::Mineral(mineral) => {
            fx.spawn_with_id((Token::Mineral { mineral, loose: false }, At(at)));
        }
        FaceItem::Ground(_) => {}
    }
}

/// Spaces next to a hex that are on the board, in canonical order.
pub fn board_neighbours(cave: &Cave, h: Hex) -> Vec<Hex> {
    neighbours_canonical(h).into_iter().filter(|n| cave.space(*n).is_some()).collect()
}

/// The spaces taken, but for this one (a creature's own printed space).
fn taken_but(taken: &BTreeSet<(i32, i32)>, at: Hex) -> BTreeSet<(i32, i32)> {
    let mut t = taken.clone();
    t.remove(&canonical(at));
    t
}
