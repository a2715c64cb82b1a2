//! The Dwarves' class skills and gear (rulebook "The Dwarves"): what each class may do beyond the
//! common actions, and what the gear tokens on the cave do to Dwarves and creatures. How many tokens
//! of each kind a class has comes from `assets/rules.ron` (`gear`); every gear token carries its
//! owner's seat ([`Owner`]).
//!
//! The common actions call in here with one line each: a Move asks [`step_over`], [`move_cost`],
//! [`may_end_move`] and [`after_move`]; creatures ask [`creature_passes`], [`creature_may_pass`],
//! [`creature_may_stand`] and [`creature_sight`]; a new creature goes through [`on_spawn`]; a turn
//! starts with [`start_of_turn`].

pub mod driller;
pub mod engineer;
pub mod gunner;
pub mod scout;

use super::actions::actor;
use super::cave::{Cave, CreatureItem, DwarfItem, is_resupply_pod};
use super::components::*;
use super::damage::{Blow, Hits, hurt_creature, hurt_dwarf};
use super::effects::Effects;
use super::log::GameEvent;
use super::reveal::UpgradePool;
use super::state::Turn;
use crate::data::creatures::CreatureKind;
use crate::data::dice::DieKind;
use crate::data::mission::{Facing, Ground};
use crate::data::weapons::{DwarfClass, LineRule};
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    scout::plugin(app);
    driller::plugin(app);
    gunner::plugin(app);
    engineer::plugin(app);
}

/// The active Dwarf, if he is of this class and may take an action costing `cost`.
fn gear_user<'a>(cave: &'a Cave, turn: &Turn, class: DwarfClass, cost: u32) -> Result<DwarfItem<'a>, String> {
    let d = actor(cave, turn, 0)?;
    if d.dwarf.class != class {
        return Err(format!("only the {class:?} carries that gear"));
    }
    actor(cave, turn, cost)
}

/// Pay a gear action: it is not a shot, so Sustained Fire cannot follow it.
fn spend(turn: &mut Turn, cost: u32) {
    turn.actions_left -= cost;
    turn.last_shot = None;
}

/// How many tokens of a kind of gear a class has (`assets/rules.ron`, `gear`).
pub fn gear_count(cave: &Cave, class: DwarfClass, name: &str) -> u32 {
    cave.data.numbers.gear.get(&class).and_then(|g| g.get(name)).copied().unwrap_or(0)
}

/// The tokens of a kind on the cave, oldest first, with their spaces.
fn tokens_of(cave: &Cave, kind: fn(&Token) -> bool) -> Vec<(Entity, Hex)> {
    let mut v: Vec<_> = cave.tokens.iter().filter(|t| kind(t.token)).map(|t| (*t.id, t.entity, t.at.0)).collect();
    v.sort_by_key(|t| t.0);
    v.into_iter().map(|(_, e, h)| (e, h)).collect()
}

/// The tokens of a kind that belong to the Dwarf in a seat, oldest first.
fn owned_by(cave: &Cave, seat: u32, kind: fn(&Token) -> bool) -> Vec<(Entity, Hex)> {
    let mut v: Vec<_> = cave.owned.iter().filter(|t| t.owner.0 == seat && kind(t.token)).map(|t| (*t.id, t.entity, t.at.0)).collect();
    v.sort_by_key(|t| t.0);
    v.into_iter().map(|(_, e, h)| (e, h)).collect()
}

/// Whether a token of a kind lies on a space.
fn lies_on(cave: &Cave, h: Hex, kind: fn(&Token) -> bool) -> bool {
    cave.any_token(h, |t| kind(&t.2))
}

/// Put a gear token on the cave for the Dwarf in a seat.
fn place(fx: &mut Effects, seat: u32, token: Token, at: Hex) {
    fx.spawn_with_id((token, At(at), Owner(seat)));
}

/// Take a gear token off the cave, back to its owner.
fn take_back(fx: &mut Effects, e: Entity, token: Token, at: Hex) {
    fx.commands.entity(e).despawn();
    fx.say(GameEvent::GearReturned { token, at: at.into() });
}

fn is_sentry(t: &Token) -> bool {
    matches!(t, Token::SentryGun { .. })
}

/// A vacant space (rulebook "Movement"): no figure on it, and no token but an unknown pickup or a
/// Weapon Upgrade (not a Resupply pod, a Flame, the Shield, a mine or another gear).
fn vacant(cave: &Cave, h: Hex) -> bool {
    let other_token = |t: &Token| !matches!(t, Token::Pickup { .. } | Token::Upgrade { .. });
    !cave.dwarf_on(h) && !cave.creature_on(h) && !cave.bosco_on(h) && !lies_on(cave, h, other_token)
}

/// Whether a creature may pass through a space (rulings 11, 12, 13): over floor and pit sides;
/// flyers over stalagmites and figures too; a creature that crashes through rock (the Oppressor)
/// through stalagmites and bare rock, but never a Resupply pod; walkers never through a Dwarf or a
/// L.U.R.E.; nobody through gear that bars it ([`bars_creature`]).
pub fn creature_passes(cave: &Cave, flying: bool, crashes: bool, h: Hex) -> bool {
    cave.look(h, |terrain, dwarf, tokens| creature_passes_over(cave, flying, crashes, terrain, dwarf, tokens)).unwrap_or(false)
}

/// [`creature_passes`], of a space as [`Cave::look`] shows it: asked of every space of the board
/// once for a standing (`Cave::standing`), and the creatures' walks go by that.
pub fn creature_passes_over(
    cave: &Cave,
    flying: bool,
    crashes: bool,
    terrain: Terrain,
    dwarf: bool,
    tokens: &[(Entity, Id, Token)],
) -> bool {
    let ground = match terrain {
        Terrain::Hidden(_) => false,
        Terrain::Open(Ground::Floor | Ground::Pit) => true,
        Terrain::Open(Ground::Stalagmite) => flying || crashes,
        Terrain::Open(Ground::Wall(None)) => crashes,
        Terrain::Open(Ground::Wall(Some(_))) => false,
    };
    // Who stands there and what lies there is looked at only on the ground it could pass.
    ground
        && (flying || !(dwarf || tokens.iter().any(|t| cave.is_lure(t))))
        && !(crashes && tokens.iter().any(|t| is_resupply_pod(&t.2)))
        && !tokens.iter().any(|t| bars_creature(flying, &t.2))
}

/// Whether a creature may pass through a space for the gear on it (ruling 11): never into Flames
/// or the Shield's space; walkers not through the Sentry Gun either (flyers pass over figures).
pub fn creature_may_pass(cave: &Cave, flying: bool, h: Hex) -> bool {
    !cave.any_token(h, |t| bars_creature(flying, &t.2))
}

/// Whether a token keeps a creature from passing its space: Flames and the Shield keep every
/// creature off, the Sentry Gun all but flyers.
pub fn bars_creature(flying: bool, t: &Token) -> bool {
    matches!(t, Token::Flame | Token::Shield) || (!flying && is_sentry(t))
}

/// Whether a creature may end a move on a space for what is on it: not Flames, the Shield, the
/// Sentry Gun or BOSCO (rulebook: nobody ends a move on BOSCO or the Sentry Gun).
pub fn creature_may_stand(cave: &Cave, h: Hex) -> bool {
    creature_may_pass(cave, false, h) && !cave.bosco_on(h)
}

/// Whether gear keeps a spawning creature off a space: the Shield, the Sentry Gun, BOSCO. (Flames
/// only when there is another choice: `spawn.rs`, with [`crate::rules::spawn::spawn_walk`].)
pub fn keeps_spawns_off(cave: &Cave, h: Hex) -> bool {
    lies_on(cave, h, |t| matches!(t, Token::Shield)) || lies_on(cave, h, is_sentry) || cave.bosco_on(h)
}

/// A creature's line of sight for its attack: ruling 7's, and Flames block it too (rulebook,
/// Flaming Ground: creatures will not attack through them).
pub fn creature_sight(cave: &Cave, from: Hex, to: Hex) -> bool {
    cave.line_where(from, to, |h| cave.blocks_line(h, LineRule::Sight) || cave.flame_at(h))
}

/// Whether a class skill or gear lets a Dwarf onto a space the plain rules keep him off: a pit
/// bridged by a Platform or a Zipline, pits and creatures for the Scout's Grappling hook, the rock
/// the Driller drills into as the last step of his Move (Power Drilling).
pub fn step_over(cave: &Cave, class: DwarfClass, h: Hex, last: bool) -> bool {
    let Some(t) = cave.terrain(h) else { return false };
    if class == DwarfClass::Driller && last && (t.is_wall() || t.is_stalagmite()) {
        return true;
    }
    let scout = class == DwarfClass::Scout;
    let creature = cave.creature_on(h);
    if t.is_pit() { scout || (gunner::bridged(cave, h) && !creature) } else { t.is_floor() && creature && scout }
}

/// Movement points a path costs: one a space, but getting on, riding and leaving a Zipline costs
/// one in all (rulebook, Zipline launcher), so the spaces ridden cost nothing.
pub fn move_cost(cave: &Cave, path: &[Hex]) -> u32 {
    path.iter().filter(|h| !gunner::on_zipline(cave, **h)).count() as u32
}

/// Where a Dwarf may not end a Move, beyond ruling 2's: a creature's space (the Scout passes over
/// them), a pit without a Platform (a Zipline is never a stop), BOSCO's space, the Sentry Gun's.
pub fn may_end_move(cave: &Cave, h: Hex) -> Result<(), String> {
    if cave.creature_on(h) {
        return Err("a Dwarf cannot end a move on a creature".into());
    }
    let pit = cave.terrain(h).is_some_and(|t| t.is_pit());
    if pit && gunner::on_zipline(cave, h) && !lies_on(cave, h, |t| matches!(t, Token::Platform)) {
        return Err("a Dwarf cannot end a move on a Zipline".into());
    }
    if pit && !gunner::bridged(cave, h) {
        return Err("a Dwarf cannot end a move over a deep pit".into());
    }
    if cave.bosco_on(h) {
        return Err("nobody ends a move on BOSCO".into());
    }
    if lies_on(cave, h, is_sentry) {
        return Err("nobody ends a move on the Sentry Gun".into());
    }
    Ok(())
}

/// After a Dwarf's Move: the Driller's drill, Flames walked into, the Scout's Light-footed.
pub fn after_move(cave: &Cave, fx: &mut Effects, pool: &mut UpgradePool, turn: &mut Turn, dwarf: Entity, path: &[Hex]) {
    let Ok(d) = cave.dwarves.get(dwarf) else { return };
    let Some(end) = path.last().copied() else { return };
    if d.dwarf.class == DwarfClass::Driller {
        driller::drill(cave, fx, pool, end);
    }
    walk_into_flames(cave, fx, &d, path);
    if d.dwarf.class == DwarfClass::Scout && d.dwarf.seat == turn.seat {
        turn.light_footed = true;
    }
}

/// Ruling 10: entering one or more Flame spaces in one Move costs the Dwarf 1 Health in total.
fn walk_into_flames(cave: &Cave, fx: &mut Effects, d: &DwarfItem, path: &[Hex]) {
    if path.iter().any(|h| cave.flame_at(*h)) {
        fx.say(GameEvent::WalkedIntoFlames { dwarf: d.dwarf.class });
        let n = cave.data.numbers.skills.flame_damage;
        hurt_dwarf(fx, d, &Hits::from([(DieKind::Flame, n)]));
    }
}

/// Whether a gear token goes back to its owner at the start of his next turn (rulebook: the Flare,
/// the Flame tokens, the Shield).
fn comes_back(t: &Token) -> bool {
    matches!(t, Token::Flare | Token::Flame | Token::Shield)
}

/// The gear that comes back at the start of a turn: the Flare, Flames and Shield of the Dwarf whose
/// turn it is, and a Shield creatures attacked in the turn just ended (asked of the log before the
/// new turn is said to start). By id.
pub fn coming_back(cave: &Cave, fx: &Effects, seat: u32) -> Vec<(Id, Entity, Token, Hex)> {
    let struck = gunner::struck_this_turn(fx);
    let mut back: Vec<(Id, Entity, Token, Hex)> = cave
        .tokens
        .iter()
        .filter(|t| {
            let mine = cave.owned.get(t.entity).is_ok_and(|o| o.owner.0 == seat) && comes_back(t.token);
            mine || (struck && matches!(t.token, Token::Shield))
        })
        .map(|t| (*t.id, t.entity, *t.token, t.at.0))
        .collect();
    back.sort_by_key(|t| t.0);
    back
}

/// At the start of a turn: the gear [`coming_back`] comes back; the Sentry Gun may fire again at
/// every creature (ruling 21: once per creature per turn).
pub fn start_of_turn(cave: &Cave, fx: &mut Effects, back: Vec<(Id, Entity, Token, Hex)>) {
    for (_, e, token, at) in back {
        take_back(fx, e, token, at);
    }
    for c in cave.creatures_sorted().into_iter().filter(|c| c.status.sentry_shot) {
        fx.change::<CreatureStatus>(c.entity, |s| s.sentry_shot = false);
    }
}

/// A creature just put on the cave: one that could only go on a Flame puts it out and is burnt
/// (rulebook, Flaming Ground); then the Sentry Gun may fire at it (ruling 21).
pub fn on_spawn(cave: &Cave, fx: &mut Effects, e: Entity, id: Id, kind: CreatureKind, at: Hex, facing: Facing) {
    let stats = cave.stats(kind);
    let (creature, here, faces, status) = (Creature { kind }, At(at), Faces(facing), CreatureStatus::default());
    let mut health = Health(stats.health);
    if let Some(flame) = cave.tokens_at(at).into_iter().find(|t| t.2 == Token::Flame) {
        fx.commands.entity(flame.0).despawn();
        fx.say(GameEvent::FlameSmothered { at: at.into() });
        let n = cave.data.numbers.skills.flame_damage;
        let item =
            CreatureItem { entity: e, id: &id, creature: &creature, at: &here, health: &health, faces: Some(&faces), status: &status };
        if hurt_creature(cave, fx, &item, &Hits::from([(DieKind::Flame, n)]), &Blow::from(at, None)) {
            return;
        }
        health = Health(health.0 - n.saturating_sub(stats.resistance_to(DieKind::Flame)));
    }
    let item = CreatureItem { entity: e, id: &id, creature: &creature, at: &here, health: &health, faces: Some(&faces), status: &status };
    engineer::sentry_sees_spawn(cave, fx, &item);
}
