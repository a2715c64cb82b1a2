//! The state of a game as JSON: the public output of `hoxxes scenario`.

use crate::data::GameData;
use crate::data::creatures::CreatureKind;
use crate::data::creatures::Trait;
use crate::data::mission::{Facing, Item};
use crate::data::weapons::DwarfClass;
use crate::rules::command::{Command, CommandLog, Pending, PendingChoice};
use crate::rules::components::*;
use crate::rules::deck::Deck;
use crate::rules::decks::Decks;
use crate::rules::end::{Ending, Outcome};
use crate::rules::hex::{Qr, opposite, step};
use crate::rules::log::{GameEvent, GameLog};
use crate::rules::state::{MissionInfo, Mule, Turn};
use crate::rules::swarm::SwarmThreat;
use bevy::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// The terrain when play began, to report what changed.
pub struct TerrainSnapshot(BTreeMap<(i32, i32), (Qr, Terrain)>);

impl TerrainSnapshot {
    pub fn take(world: &mut World) -> TerrainSnapshot {
        let mut q = world.query::<(&Space, &Terrain)>();
        TerrainSnapshot(q.iter(world).map(|(s, t)| ((s.0.y, s.0.x), (s.0.into(), *t))).collect())
    }
}

#[derive(Serialize)]
struct DwarfOut {
    class: DwarfClass,
    id: u32,
    seat: u32,
    hex: Qr,
    health: u32,
    ammo: Ammo,
    statuses: Vec<&'static str>,
    rock_and_stone: Vec<String>,
    throwables: Vec<String>,
    /// The secondary weapon card, whether it is overclocked, and the Weapon Upgrades on each weapon.
    secondary: String,
    overclocked: bool,
    primary_upgrades: Vec<String>,
    secondary_upgrades: Vec<String>,
}

#[derive(Serialize)]
struct CreatureOut {
    kind: CreatureKind,
    id: u32,
    hexes: Vec<Qr>,
    health: u32,
    facing: Facing,
    statuses: Vec<&'static str>,
}

#[derive(Serialize)]
struct TokenOut {
    id: u32,
    hex: Qr,
    token: Token,
}

#[derive(Serialize)]
struct TerrainChange {
    hex: Qr,
    was: Terrain,
    now: Terrain,
}

#[derive(Serialize)]
struct DeckCount {
    draw: usize,
    discard: usize,
}

#[derive(Serialize)]
struct State<'a> {
    mission: &'a str,
    seed: u64,
    hazard: u32,
    turn: u32,
    active_dwarf: Option<DwarfClass>,
    actions_left: u32,
    mule: &'a BTreeMap<Item, u32>,
    objectives_met: bool,
    swarm_threat: u32,
    ended: Option<&'a Ending>,
    event_deck: DeckCount,
    swarm_deck: DeckCount,
    dwarves: Vec<DwarfOut>,
    creatures: Vec<CreatureOut>,
    tokens: Vec<TokenOut>,
    /// BOSCO's space while it is on the cave.
    bosco: Option<Qr>,
    terrain_changes: Vec<TerrainChange>,
    tunnel_exits: Vec<(u8, Qr)>,
    revealed_caves: Vec<char>,
    pending_choice: Option<&'a PendingChoice>,
    commands: &'a [Command],
    events: &'a [GameEvent],
}

fn count(d: &Deck) -> DeckCount {
    DeckCount { draw: d.draw.len(), discard: d.discard.len() }
}

fn flags(list: &[(bool, &'static str)]) -> Vec<&'static str> {
    list.iter().filter(|(on, _)| *on).map(|(_, n)| *n).collect()
}

/// Pretty JSON of the whole state; entities in stable-id order so the same game prints the same bytes.
pub fn dump(world: &mut World, before: &TerrainSnapshot) -> String {
    let data = world.resource::<GameData>().clone();
    let mut dq = world.query::<(&Id, &Dwarf, &At, &Health, &Ammo, &DwarfStatus, &Hand, Option<&Loadout>)>();
    let upgrades = |tokens: &[u32]| tokens.iter().filter_map(|t| data.upgrades.get(*t as usize)).map(|u| u.name.clone()).collect();
    let mut dwarves: Vec<DwarfOut> = dq
        .iter(world)
        .map(|(id, d, at, h, a, s, hand, l)| DwarfOut {
            class: d.class,
            id: id.0,
            seat: d.seat,
            hex: at.0.into(),
            health: h.0,
            ammo: *a,
            statuses: flags(&[
                (s.stunned, "Stunned"),
                (s.webbed, "Webbed"),
                (s.knocked_over, "KnockedOver"),
                (s.unconscious, "Unconscious"),
            ]),
            rock_and_stone: hand.rock_and_stone.iter().map(|c| data.rock_and_stone[*c].name.clone()).collect(),
            throwables: hand.throwables.iter().map(|c| data.throwables[*c].name.clone()).collect(),
            secondary: l.and_then(|l| data.secondaries.get(l.secondary)).map(|w| w.name.clone()).unwrap_or_default(),
            overclocked: l.is_some_and(|l| l.overclocked),
            primary_upgrades: l.map(|l| upgrades(&l.primary_upgrades)).unwrap_or_default(),
            secondary_upgrades: l.map(|l| upgrades(&l.secondary_upgrades)).unwrap_or_default(),
        })
        .collect();
    dwarves.sort_by_key(|d| d.seat);
    let two_spaces = |k: CreatureKind| data.creatures.get(k).has(Trait::TwoSpaces);
    let mut cq = world.query::<(&Id, &Creature, &At, &Health, &Faces, &CreatureStatus)>();
    let raw: Vec<_> = cq.iter(world).map(|(i, c, a, h, f, s)| (*i, *c, *a, *h, *f, *s)).collect();
    let mut creatures: Vec<CreatureOut> = raw
        .into_iter()
        .map(|(id, c, at, h, f, s)| {
            let mut hexes: Vec<Qr> = vec![at.0.into()];
            if two_spaces(c.kind) {
                hexes.push(step(at.0, opposite(f.0)).into());
            }
            CreatureOut {
                kind: c.kind,
                id: id.0,
                hexes,
                health: h.0,
                facing: f.0,
                statuses: flags(&[(s.stunned, "Stunned"), (s.frozen, "Frozen")]),
            }
        })
        .collect();
    creatures.sort_by_key(|c| c.id);
    let mut tq = world.query::<(&Id, &Token, &At)>();
    let mut tokens: Vec<TokenOut> = tq.iter(world).map(|(i, t, a)| TokenOut { id: i.0, hex: a.0.into(), token: *t }).collect();
    tokens.sort_by_key(|t| t.id);
    let mut bq = world.query_filtered::<&At, With<Bosco>>();
    let bosco = bq.iter(world).next().map(|a| Qr::from(a.0));
    let now = TerrainSnapshot::take(world);
    let terrain_changes = before
        .0
        .iter()
        .filter_map(|(k, (hex, was))| {
            let (_, t) = now.0.get(k)?;
            (t != was).then_some(TerrainChange { hex: *hex, was: *was, now: *t })
        })
        .collect();
    let mut eq = world.query::<(&Space, &TunnelExit)>();
    let mut tunnel_exits: Vec<(u8, Qr)> = eq.iter(world).map(|(s, e)| (e.0, Qr::from(s.0))).collect();
    tunnel_exits.sort();
    let mut hq = world.query::<&HiddenCave>();
    let mut revealed_caves: Vec<char> = hq.iter(world).filter(|c| c.revealed).map(|c| c.letter).collect();
    revealed_caves.sort();
    let info = world.resource::<MissionInfo>();
    let mule = world.resource::<Mule>();
    let turn = world.resource::<Turn>();
    let active_dwarf = dwarves.iter().find(|d| d.seat == turn.seat).map(|d| d.class);
    let state = State {
        mission: &info.name,
        seed: info.seed,
        hazard: info.hazard,
        turn: turn.number,
        active_dwarf,
        actions_left: turn.actions_left,
        mule: &mule.0,
        objectives_met: info.objectives_met(mule, world.resource::<crate::rules::state::Kills>()),
        swarm_threat: world.resource::<SwarmThreat>().0,
        ended: world.resource::<Outcome>().0.as_ref(),
        event_deck: count(&world.resource::<Decks>().events),
        swarm_deck: count(&world.resource::<Decks>().swarms),
        dwarves,
        creatures,
        tokens,
        bosco,
        terrain_changes,
        tunnel_exits,
        revealed_caves,
        pending_choice: world.resource::<Pending>().0.as_ref(),
        commands: &world.resource::<CommandLog>().0,
        events: &world.resource::<GameLog>().0,
    };
    serde_json::to_string_pretty(&state).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
