//! `hoxxes scenario FILE.ron`: a position, forced dice and commands in; the final state as JSON out.
//! The format is documented in `tests/scenarios/README.md`.

use super::dump::{TerrainSnapshot, dump};
use super::{answer_default, apply, laid_out};
use crate::data::GameData;
use crate::data::creatures::CreatureKind;
use crate::data::dice::DieKind;
use crate::data::load::{Problem, parse_ron, read_text};
use crate::data::mission::{Facing, Ground, Item, Mineral, Mission, Pickup};
use crate::data::validate::{check, load_mission};
use crate::data::weapons::DwarfClass;
use crate::rules::command::{Command, Pending};
use crate::rules::components::*;
use crate::rules::deck::Deck;
use crate::rules::decks::Decks;
use crate::rules::dice::ForcedDice;
use crate::rules::hex::Qr;
use crate::rules::setup::{MissionSetup, begin_first_turn};
use crate::rules::state::{Board, Mule, NextId};
use crate::rules::swarm::SwarmThreat;
use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum MissionRef {
    /// A mission file, relative to the scenario file's folder.
    File(PathBuf),
    Inline(Box<Mission>),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum TokenSpec {
    Mineral(Mineral, bool),
    Pickup(Pickup, bool),
    Upgrade(u32),
}

/// Changes to the laid-out position before the first turn.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum SetupChange {
    PlaceDwarf(DwarfClass, Qr),
    RemoveDwarf(DwarfClass),
    PlaceCreature(CreatureKind, Qr, Option<Facing>),
    /// Remove the creature with this id.
    RemoveCreature(u32),
    PlaceToken(TokenSpec, Qr),
    /// Remove every token on a space.
    RemoveTokens(Qr),
    SetGround(Qr, Ground),
    SetDwarfHealth(DwarfClass, u32),
    SetCreatureHealth(u32, u32),
    SetAmmo(DwarfClass, u32, u32),
    SetStatus(DwarfClass, DwarfStatus),
    SetCreatureStatus(u32, CreatureStatus),
    SetMule(Item, u32),
    /// Put these Event cards on top of the deck, the first named drawn first.
    StackEvents(Vec<String>),
    /// Put these Swarm cards on top of the Swarm deck, the first named drawn first.
    StackSwarms(Vec<String>),
    SetThreat(u32),
    /// The cards a Dwarf holds, by name: Rock and Stone cards, then Throwables.
    SetHand(DwarfClass, Vec<String>, Vec<String>),
}

impl SetupChange {
    /// The step as written, cut short when it names a long list.
    fn short(&self) -> String {
        let s = format!("{self:?}");
        match s.char_indices().nth(80) {
            Some((i, _)) => format!("{}...", &s[..i]),
            None => s,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Scenario {
    pub mission: MissionRef,
    pub dwarves: Vec<DwarfClass>,
    pub seed: u64,
    #[serde(default = "one")]
    pub hazard: u32,
    /// Secondary weapons by name, in seat order (optional; see MissionSetup).
    #[serde(default)]
    pub secondaries: Vec<String>,
    /// Bring BOSCO (one Dwarf only).
    #[serde(default)]
    pub bosco: bool,
    /// Faces used instead of rolling, in order: the die expected and the face's index.
    #[serde(default)]
    pub dice: Vec<(DieKind, usize)>,
    #[serde(default)]
    pub setup: Vec<SetupChange>,
    #[serde(default)]
    pub commands: Vec<Command>,
}

fn one() -> u32 {
    1
}

/// Read a scenario file and its mission, the mission held to every check `hoxxes validate` makes
/// (a file beside the scenario or from the working folder, or written inline).
pub fn load(path: &Path, data: &GameData) -> Result<(Scenario, Mission), Problem> {
    let name = path.display().to_string();
    let text = read_text(path)?;
    let scenario: Scenario = parse_ron(&name, &text)?;
    let mission = match &scenario.mission {
        MissionRef::Inline(m) => match check(&name, &text, m, data) {
            problems if problems.is_empty() => (**m).clone(),
            problems => return Err(Problem(Problem::lines(&problems))),
        },
        MissionRef::File(p) => {
            let full = path.parent().unwrap_or_else(|| Path::new(".")).join(p);
            let found = if full.exists() { full } else { p.clone() };
            load_mission(&found, data).map_err(|ps| Problem(Problem::lines(&ps)))?.0
        }
    };
    Ok((scenario, mission))
}

/// Run a scenario to its end; the JSON of the final state, or what went wrong.
pub fn run(data: GameData, scenario: &Scenario, mission: &Mission) -> Result<String, String> {
    let (mut app, snapshot) = play(data, scenario, mission)?;
    while app.world().resource::<Pending>().0.is_some() {
        answer_default(&mut app)?;
    }
    Ok(dump(app.world_mut(), &snapshot))
}

/// Play a scenario's commands and stop there, a choice still pending if the last command left one
/// (`hoxxes legal` shows it): the game and the terrain as it was laid out.
pub fn play(data: GameData, scenario: &Scenario, mission: &Mission) -> Result<(App, TerrainSnapshot), String> {
    let setup = MissionSetup {
        classes: scenario.dwarves.clone(),
        seed: scenario.seed,
        hazard: scenario.hazard,
        secondaries: scenario.secondaries.clone(),
        bosco: scenario.bosco,
        carried: vec![],
    };
    let mut app = laid_out(data, mission, &setup)?;
    // Each step must leave a position the game could reach (tests/scenarios/README.md).
    for (i, change) in scenario.setup.iter().enumerate() {
        let step = |e: String| format!("set-up step {} ({}): {e}", i + 1, change.short());
        apply_change(app.world_mut(), change).map_err(step)?;
        super::invariants::check(app.world_mut()).map_err(step)?;
    }
    app.world_mut().resource_mut::<ForcedDice>().0 = scenario.dice.iter().copied().collect();
    let snapshot = TerrainSnapshot::take(app.world_mut());
    begin_first_turn(app.world_mut())?;
    app.update();
    for (i, cmd) in scenario.commands.iter().enumerate() {
        let rerolls = crate::rules::cards::rerolls_a_roll(app.world().resource::<GameData>(), cmd);
        if !matches!(cmd, Command::Choose(_)) && !rerolls {
            while answer_default(&mut app)? {}
        }
        apply(&mut app, cmd.clone()).map_err(|e| format!("command {} ({}): {e}", i + 1, cmd.name()))?;
    }
    Ok((app, snapshot))
}

/// The legal-moves query for the position after a scenario's commands, as JSON.
pub fn legal(data: GameData, scenario: &Scenario, mission: &Mission) -> Result<String, String> {
    let (mut app, _) = play(data, scenario, mission)?;
    let legal = crate::rules::legal::legal(app.world_mut());
    serde_json::to_string_pretty(&legal).map_err(|e| e.to_string())
}

fn find_dwarf(world: &mut World, class: DwarfClass) -> Result<Entity, String> {
    let mut q = world.query::<(Entity, &Dwarf)>();
    q.iter(world).find(|(_, d)| d.class == class).map(|(e, _)| e).ok_or_else(|| format!("no {class:?} in this scenario"))
}

fn find_creature(world: &mut World, id: u32) -> Result<Entity, String> {
    let mut q = world.query_filtered::<(Entity, &Id), With<Creature>>();
    q.iter(world).find(|(_, i)| i.0 == id).map(|(e, _)| e).ok_or_else(|| format!("no creature with id {id}"))
}

fn on_board(world: &World, h: Qr) -> Result<Hex, String> {
    let hex = Hex::from(h);
    if world.resource::<Board>().spaces.contains_key(&hex) { Ok(hex) } else { Err(format!("({}, {}) is not part of the cave", h.q, h.r)) }
}

fn apply_change(world: &mut World, change: &SetupChange) -> Result<(), String> {
    match change {
        SetupChange::PlaceDwarf(c, h) => {
            let hex = on_board(world, *h)?;
            let e = find_dwarf(world, *c)?;
            world.entity_mut(e).insert(At(hex));
        }
        SetupChange::RemoveDwarf(c) => {
            let e = find_dwarf(world, *c)?;
            world.despawn(e);
            reseat(world);
        }
        SetupChange::PlaceCreature(kind, h, facing) => {
            let hex = on_board(world, *h)?;
            let health = world.resource::<GameData>().creatures.get(*kind).health;
            let id = world.resource_mut::<NextId>().take();
            world.spawn((
                id,
                Creature { kind: *kind },
                At(hex),
                Health(health),
                Faces(facing.unwrap_or(Facing::W)),
                CreatureStatus::default(),
            ));
        }
        SetupChange::RemoveCreature(id) => {
            let e = find_creature(world, *id)?;
            world.despawn(e);
        }
        SetupChange::PlaceToken(spec, h) => {
            let hex = on_board(world, *h)?;
            let token = match spec {
                TokenSpec::Mineral(mineral, loose) => Token::Mineral { mineral: *mineral, loose: *loose },
                TokenSpec::Pickup(pickup, revealed) => Token::Pickup { pickup: *pickup, revealed: *revealed },
                TokenSpec::Upgrade(kind) => Token::Upgrade { kind: *kind },
            };
            let id = world.resource_mut::<NextId>().take();
            world.spawn((id, token, At(hex)));
        }
        SetupChange::RemoveTokens(h) => {
            let hex = on_board(world, *h)?;
            let mut q = world.query::<(Entity, &At, &Token)>();
            let gone: Vec<Entity> = q.iter(world).filter(|(_, a, _)| a.0 == hex).map(|(e, _, _)| e).collect();
            for e in gone {
                world.despawn(e);
            }
        }
        SetupChange::SetGround(h, g) => {
            let hex = on_board(world, *h)?;
            let e = world.resource::<Board>().spaces[&hex];
            world.entity_mut(e).insert(Terrain::Open(*g));
        }
        SetupChange::SetDwarfHealth(c, n) => {
            let e = find_dwarf(world, *c)?;
            world.entity_mut(e).insert(Health(*n));
        }
        SetupChange::SetCreatureHealth(id, n) => {
            let e = find_creature(world, *id)?;
            world.entity_mut(e).insert(Health(*n));
        }
        SetupChange::SetAmmo(c, p, s) => {
            let e = find_dwarf(world, *c)?;
            world.entity_mut(e).insert(Ammo { primary: *p, secondary: *s });
        }
        SetupChange::SetStatus(c, s) => {
            let e = find_dwarf(world, *c)?;
            world.entity_mut(e).insert(*s);
        }
        SetupChange::SetCreatureStatus(id, s) => {
            let e = find_creature(world, *id)?;
            world.entity_mut(e).insert(*s);
        }
        SetupChange::SetMule(item, n) => {
            world.resource_mut::<Mule>().0.insert(*item, *n);
        }
        SetupChange::StackEvents(names) => {
            let cards = card_indices(names, &world.resource::<GameData>().events, |c| &c.name)?;
            let mut decks = world.resource_mut::<Decks>();
            for (card, name) in cards.iter().zip(names) {
                // A special card this hazard set apart comes from the box (the invariants count
                // the copies).
                take_card(&mut decks.events, *card, name).ok();
            }
            decks.events.draw.extend(cards.into_iter().rev());
        }
        SetupChange::StackSwarms(names) => {
            let cards = card_indices(names, &world.resource::<GameData>().swarms, |c| &c.name)?;
            let mut decks = world.resource_mut::<Decks>();
            for (card, name) in cards.iter().zip(names) {
                take_card(&mut decks.swarms, *card, name)?;
            }
            decks.swarms.draw.extend(cards.into_iter().rev());
        }
        SetupChange::SetThreat(n) => world.resource_mut::<SwarmThreat>().0 = *n,
        SetupChange::SetHand(c, rock_and_stone, throwables) => {
            let data = world.resource::<GameData>();
            let hand = Hand {
                rock_and_stone: card_indices(rock_and_stone, &data.rock_and_stone, |c| &c.name)?,
                throwables: card_indices(throwables, &data.throwables, |c| &c.name)?,
            };
            let e = find_dwarf(world, *c)?;
            let old = world.get::<Hand>(e).cloned().unwrap_or_default();
            let mut decks = world.resource_mut::<Decks>();
            // The cards he held go back to the draw piles; the ones he is dealt come out of them.
            decks.rock_and_stone.draw.extend(old.rock_and_stone);
            decks.throwables.draw.extend(old.throwables);
            for (card, name) in hand.rock_and_stone.iter().zip(rock_and_stone) {
                take_card(&mut decks.rock_and_stone, *card, name)?;
            }
            for (card, name) in hand.throwables.iter().zip(throwables) {
                take_card(&mut decks.throwables, *card, name)?;
            }
            world.entity_mut(e).insert(hand);
        }
    }
    Ok(())
}

/// One copy of a card out of a deck's piles, for a hand or the top of the deck.
fn take_card(deck: &mut Deck, card: usize, name: &str) -> Result<(), String> {
    if deck.take(card) { Ok(()) } else { Err(format!("no copy of {name:?} is left in its deck to deal")) }
}

/// Card list positions of named cards.
fn card_indices<T>(names: &[String], cards: &[T], name: fn(&T) -> &String) -> Result<Vec<usize>, String> {
    names.iter().map(|n| cards.iter().position(|c| name(c) == n).ok_or_else(|| format!("no card named {n:?}"))).collect()
}

/// After a Dwarf is taken out, the others keep their order from seat 0.
fn reseat(world: &mut World) {
    let mut q = world.query::<(Entity, &Dwarf)>();
    let mut v: Vec<(Entity, Dwarf)> = q.iter(world).map(|(e, d)| (e, *d)).collect();
    v.sort_by_key(|(_, d)| d.seat);
    for (seat, (e, d)) in v.into_iter().enumerate() {
        world.entity_mut(e).insert(Dwarf { seat: seat as u32, ..d });
    }
}
