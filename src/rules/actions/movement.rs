//! The Move action (rulebook "Movement", rulings 2 and 10).

use super::actor;
use crate::data::mission::{Item, Pickup};
use crate::data::weapons::DwarfClass;
use crate::rules::RulesStep;
use crate::rules::agenda::Job;
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::Desk;
use crate::rules::command::{Command, CommandKind};
use crate::rules::components::*;
use crate::rules::effects::Effects;
use crate::rules::hex::{Qr, adjacent};
use crate::rules::log::{GameEvent, Who};
use crate::rules::reveal::reveal_pickups_near;
use crate::rules::skills;
use crate::rules::state::{Mule, Turn};
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Action(CommandKind::Move), resolve_move);
}

fn resolve_move(mut desk: Desk, cave: Cave, mut turn: ResMut<Turn>, mut fx: Effects, mut pool: ResMut<crate::rules::reveal::UpgradePool>) {
    let Some(Command::Move(path)) = desk.current.0.clone() else { return };
    let path: Vec<Hex> = path.into_iter().map(Hex::from).collect();
    let result = check_move(&cave, &turn, &fx.mule, &path).map(|dwarf| {
        turn.actions_left -= 1;
        turn.last_shot = None;
        walk(&cave, &mut fx, dwarf, &path);
        crate::rules::skills::after_move(&cave, &mut fx, &mut pool, &mut turn, dwarf, &path);
    });
    desk.settle(result);
}

/// Whether the active Dwarf may walk this path; the mover's entity when he may. The legal-moves
/// query (`rules::legal`) asks the same two checks: `mover` once, then `check_path` of every path
/// it offers.
pub fn check_move(cave: &Cave, turn: &Turn, mule: &Mule, path: &[Hex]) -> Result<Entity, String> {
    let d = mover(cave, turn)?;
    check_path(cave, mule, &d, path)?;
    Ok(d.entity)
}

/// Whether a Dwarf who may make a Move (`mover`) may walk this path.
pub fn check_path(cave: &Cave, mule: &Mule, d: &DwarfItem, path: &[Hex]) -> Result<(), String> {
    let points = cave.data.numbers.move_points as usize;
    if path.is_empty() {
        return Err("a move needs at least one space".into());
    }
    // Ruling 10, with the Zipline's ride for one point (class gear: `skills`).
    let cost = skills::move_cost(cave, path) as usize;
    if cost > points {
        return Err(format!("a move is at most {points} spaces; this path costs {cost}"));
    }
    let mut from = d.at.0;
    for (i, h) in path.iter().enumerate() {
        let at = Qr::from(*h);
        if !adjacent(from, *h) {
            return Err(format!("({}, {}) is not next to the space before it", at.q, at.r));
        }
        may_step_onto(cave, mule, d.dwarf.class, *h, i + 1 == path.len())
            .map_err(|why| format!("cannot enter ({}, {}): {why}", at.q, at.r))?;
        from = *h;
    }
    may_stop_on(cave, d, *path.last().expect("path is not empty"))
}

/// Whether a Dwarf of this class may step onto a space on a Move (`last`: its last step): as
/// [`enterable`] says, or by his class's skill (`skills::step_over`: the Driller's last step into
/// rock).
pub fn may_step_onto(cave: &Cave, mule: &Mule, class: DwarfClass, h: Hex, last: bool) -> Result<(), String> {
    if skills::step_over(cave, class, h, last) { Ok(()) } else { enterable(cave, mule, h) }
}

/// Whether a Dwarf may end his Move on a space he stepped onto: what the space itself allows (no
/// Tunnel Exit, no other figure, no gear that forbids it).
pub fn may_stop_on(cave: &Cave, d: &DwarfItem, end: Hex) -> Result<(), String> {
    cave.dwarf_may_end(end, d.entity)?;
    skills::may_end_move(cave, end)
}

/// The active Dwarf, if he may make a Move at all, wherever to.
pub fn mover<'a>(cave: &'a Cave, turn: &Turn) -> Result<DwarfItem<'a>, String> {
    let d = actor(cave, turn, 1)?;
    if d.status.webbed {
        return Err(format!("the {:?} is webbed and cannot leave his space this turn", d.dwarf.class));
    }
    Ok(d)
}

/// Whether a Dwarf may step onto a space at all (he may still not be allowed to stop there).
pub fn enterable(cave: &Cave, mule: &Mule, h: Hex) -> Result<(), String> {
    let t = cave.terrain(h).ok_or("it is not part of the cave")?;
    match t {
        Terrain::Hidden(_) => return Err("it is under a hidden cave".into()),
        t if t.is_wall() => return Err("it is a wall".into()),
        t if t.is_stalagmite() => return Err("a stalagmite stands there".into()),
        t if t.is_pit() => return Err("it is a deep pit".into()),
        _ => {}
    }
    if cave.creature_on(h) {
        return Err("a creature stands there".into());
    }
    if cave.is_drop_pod(h) && !cave.objectives_met(mule) {
        return Err("the Drop Pod opens only once the objectives are met".into());
    }
    Ok(())
}

/// Walk step by step: pickups are revealed on the way, walk-on pickups and loose minerals collected.
fn walk(cave: &Cave, fx: &mut Effects, dwarf: Entity, path: &[Hex]) {
    let d = cave.dwarves.get(dwarf).expect("the mover exists");
    fx.commands.entity(dwarf).insert(At(*path.last().expect("path is not empty")));
    fx.say(GameEvent::Moved { who: Who::Dwarf(d.dwarf.class), path: path.iter().map(|h| (*h).into()).collect() });
    reveal_pickups_near(cave, fx, path);
    let mut health = d.health.0;
    for h in path {
        for (e, _, token) in cave.tokens_at(*h) {
            if let Token::Health { amount } = token {
                // Health BOSCO freed from a Red Sugar: taken by walking on, up to the board.
                let gain = amount.min(cave.data.numbers.dwarf.health.saturating_sub(health));
                health += gain;
                fx.commands.entity(e).despawn();
                fx.commands.entity(dwarf).insert(Health(health));
                fx.say(GameEvent::Healed { dwarf: d.dwarf.class, amount: gain, health });
            }
            super::upgrade::pick_up(fx, dwarf, (e, token), *h);
            if let Token::Pickup { pickup: Pickup::BarleyBulb, .. } = token {
                // Rulebook, Barley Bulb: discarded, and the Dwarf draws a Rock and Stone card.
                fx.commands.entity(e).despawn();
                fx.say(GameEvent::Harvested { pickup: Pickup::BarleyBulb, at: (*h).into() });
                fx.agenda.first([Job::DrawCards { seat: d.dwarf.seat, rock_and_stone: 1, throwables: 0 }]);
            }
            if let Some(item) = walk_on_item(token) {
                fx.commands.entity(e).despawn();
                fx.mule.add(item, 1);
                fx.say(GameEvent::Collected { item, at: (*h).into() });
            }
        }
    }
}

/// What a Dwarf picks up just by walking onto a token.
fn walk_on_item(token: Token) -> Option<Item> {
    match token {
        Token::Mineral { mineral, loose: true } => Some(mineral.into()),
        Token::Pickup { pickup: Pickup::ApocaBloom, .. } => Some(Item::ApocaBloom),
        Token::Pickup { pickup: Pickup::Fossil, .. } => Some(Item::Fossil),
        _ => None,
    }
}
