//! A small table for tests: an inline map, Dwarves and creatures placed by (column, row).

use bevy::prelude::*;
use hoxxes::data::GameData;
use hoxxes::data::creatures::CreatureKind;
use hoxxes::data::dice::DieKind;
use hoxxes::data::mission::*;
use hoxxes::data::weapons::DwarfClass;
use hoxxes::headless::{apply, new_game};
use hoxxes::rules::command::{Answer, Command, Pending};
use hoxxes::rules::components::*;
use hoxxes::rules::dice::ForcedDice;
use hoxxes::rules::hex::{Qr, cell_to_hex};
use hoxxes::rules::log::{GameEvent, GameLog};
use hoxxes::rules::setup::MissionSetup;
use hoxxes::rules::state::{Mule, NextId, Turn};
use std::path::Path;

pub fn data() -> GameData {
    GameData::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).expect("assets load")
}

/// A mission around a drawn map; the objective is 1 Morkite unless changed.
pub fn mission(rows: &[&str]) -> Mission {
    Mission {
        name: "test".into(),
        briefing: String::new(),
        kind: MissionKind::Tutorial,
        difficulty: 1,
        map: rows.iter().map(|r| r.to_string()).collect(),
        hidden_caves: vec![],
        pickups: Default::default(),
        creatures: vec![],
        objectives: Objectives { primary: vec![Objective::Collect(Item::Morkite, 1)], secondary: vec![] },
        mission_event: Default::default(),
        deck_changes: Default::default(),
    }
}

/// A room 9 wide and 5 high: the pod on the left, exits on the right.
pub const ROOM: [&str; 7] = [
    "# # # # # # # # # # #",
    " # P . . . . . . . 1 #",
    "# P . . . . . . . . #",
    " # P . . . . . . . . #",
    "# P . . . . . . . . #",
    " # . . . . . . . . 2 #",
    "# # # # # # # # # # #",
];

/// (column, row) of the drawing as the axial hex commands use.
pub fn q(c: i32, r: i32) -> Qr {
    cell_to_hex((c, r)).into()
}

pub struct Game {
    pub app: App,
}

impl Game {
    pub fn new(m: Mission, classes: &[DwarfClass]) -> Game {
        let setup = MissionSetup::new(classes.to_vec(), 7, 1);
        let mut g = Game { app: new_game(data(), &m, &setup).expect("the test mission sets up") };
        g.no_for_karl();
        g
    }

    /// Take For Karl! out of the starting hands: with it in a hand every shot waits for the card to
    /// be played or not, which only the tests about it want.
    pub fn no_for_karl(&mut self) {
        let data = self.app.world().resource::<GameData>().clone();
        let mut q = self.world().query::<&mut Hand>();
        for mut h in q.iter_mut(self.app.world_mut()) {
            h.rock_and_stone.retain(|c| data.rock_and_stone[*c].effect != hoxxes::data::cards::RockAndStoneEffect::RerollLastRoll);
        }
    }

    pub fn room(classes: &[DwarfClass]) -> Game {
        Game::new(mission(&ROOM), classes)
    }

    pub fn world(&mut self) -> &mut World {
        self.app.world_mut()
    }

    fn dwarf_entity(&mut self, class: DwarfClass) -> Entity {
        let mut q = self.world().query::<(Entity, &Dwarf)>();
        q.iter(self.app.world()).find(|(_, d)| d.class == class).map(|(e, _)| e).expect("that Dwarf is in the game")
    }

    /// Put a Dwarf on a cell (test set-up, outside the rules).
    pub fn put(&mut self, class: DwarfClass, c: i32, r: i32) {
        let e = self.dwarf_entity(class);
        self.world().entity_mut(e).insert(At(cell_to_hex((c, r))));
    }

    pub fn pos(&mut self, class: DwarfClass) -> Qr {
        let e = self.dwarf_entity(class);
        self.app.world().get::<At>(e).expect("placed").0.into()
    }

    pub fn health(&mut self, class: DwarfClass) -> u32 {
        let e = self.dwarf_entity(class);
        self.app.world().get::<Health>(e).expect("health").0
    }

    pub fn set_health(&mut self, class: DwarfClass, n: u32) {
        let e = self.dwarf_entity(class);
        self.world().entity_mut(e).insert(Health(n));
    }

    pub fn ammo(&mut self, class: DwarfClass) -> Ammo {
        let e = self.dwarf_entity(class);
        *self.app.world().get::<Ammo>(e).expect("ammo")
    }

    /// Put the Resupply card bringing these supplies on top of the deck; its index.
    pub fn stack_resupply(&mut self, primary: u32, secondary: u32, health: u32) -> u32 {
        let card = self
            .app
            .world()
            .resource::<GameData>()
            .resupply
            .iter()
            .position(|c| (c.primary, c.secondary, c.health) == (primary, secondary, health))
            .expect("a Resupply card like that");
        let mut decks = self.world().resource_mut::<hoxxes::rules::decks::Decks>();
        decks.resupply.draw.retain(|c| *c != card);
        decks.resupply.draw.push(card);
        card as u32
    }

    pub fn set_ammo(&mut self, class: DwarfClass, primary: u32) {
        let e = self.dwarf_entity(class);
        self.world().entity_mut(e).insert(Ammo { primary, secondary: 3 });
    }

    pub fn status(&mut self, class: DwarfClass) -> DwarfStatus {
        let e = self.dwarf_entity(class);
        *self.app.world().get::<DwarfStatus>(e).expect("status")
    }

    pub fn set_status(&mut self, class: DwarfClass, s: DwarfStatus) {
        let e = self.dwarf_entity(class);
        self.world().entity_mut(e).insert(s);
    }

    /// Place a creature; returns its id.
    pub fn creature(&mut self, kind: CreatureKind, c: i32, r: i32) -> u32 {
        self.creature_facing(kind, c, r, Facing::W)
    }

    pub fn creature_facing(&mut self, kind: CreatureKind, c: i32, r: i32, f: Facing) -> u32 {
        let health = self.app.world().resource::<GameData>().creatures.get(kind).health;
        let id = self.world().resource_mut::<NextId>().take();
        self.world().spawn((id, Creature { kind }, At(cell_to_hex((c, r))), Health(health), Faces(f), CreatureStatus::default()));
        id.0
    }

    /// Health of a creature by id; None once it is dead.
    pub fn creature_health(&mut self, id: u32) -> Option<u32> {
        let mut q = self.world().query::<(&Id, &Health, &Creature)>();
        q.iter(self.app.world()).find(|(i, _, _)| i.0 == id).map(|(_, h, _)| h.0)
    }

    pub fn creature_pos(&mut self, id: u32) -> Option<Qr> {
        let mut q = self.world().query::<(&Id, &At, &Creature)>();
        q.iter(self.app.world()).find(|(i, _, _)| i.0 == id).map(|(_, a, _)| a.0.into())
    }

    pub fn creatures(&mut self, kind: CreatureKind) -> Vec<Qr> {
        let mut q = self.world().query::<(&Id, &At, &Creature)>();
        let mut v: Vec<(u32, Qr)> =
            q.iter(self.app.world()).filter(|(_, _, c)| c.kind == kind).map(|(i, a, _)| (i.0, a.0.into())).collect();
        v.sort();
        v.into_iter().map(|(_, h)| h).collect()
    }

    pub fn token(&mut self, t: Token, c: i32, r: i32) {
        let id = self.world().resource_mut::<NextId>().take();
        self.world().spawn((id, t, At(cell_to_hex((c, r)))));
    }

    pub fn tokens_at(&mut self, c: i32, r: i32) -> Vec<Token> {
        let h = cell_to_hex((c, r));
        let mut q = self.world().query::<(&Token, &At)>();
        q.iter(self.app.world()).filter(|(_, a)| a.0 == h).map(|(t, _)| *t).collect()
    }

    pub fn terrain(&mut self, c: i32, r: i32) -> Terrain {
        let h = cell_to_hex((c, r));
        let mut q = self.world().query::<(&Space, &Terrain)>();
        q.iter(self.app.world()).find(|(s, _)| s.0 == h).map(|(_, t)| *t).expect("a space")
    }

    pub fn dice(&mut self, faces: &[(DieKind, usize)]) {
        self.world().resource_mut::<ForcedDice>().0.extend(faces.iter().copied());
    }

    pub fn mule(&mut self, item: Item) -> u32 {
        self.app.world().resource::<Mule>().count(item)
    }

    pub fn set_mule(&mut self, item: Item, n: u32) {
        self.world().resource_mut::<Mule>().0.insert(item, n);
    }

    pub fn turn(&mut self) -> Turn {
        self.app.world().resource::<Turn>().clone()
    }

    pub fn run(&mut self, cmd: Command) -> Result<(), String> {
        apply(&mut self.app, cmd)
    }

    pub fn ok(&mut self, cmd: Command) {
        let shown = format!("{cmd:?}");
        if let Err(e) = self.run(cmd) {
            panic!("{shown} was refused: {e}");
        }
    }

    /// The refusal's text; panics when the command was accepted.
    pub fn refused(&mut self, cmd: Command) -> String {
        let shown = format!("{cmd:?}");
        match self.run(cmd) {
            Ok(()) => panic!("{shown} should have been refused"),
            Err(e) => e,
        }
    }

    pub fn choose(&mut self, a: Answer) {
        self.ok(Command::Choose(a));
    }

    pub fn options(&mut self) -> Vec<Answer> {
        self.app.world().resource::<Pending>().0.as_ref().map(|p| p.options.clone()).unwrap_or_default()
    }

    /// Why the choice waiting is one no player need answer, when it is (`PendingChoice::needless`).
    pub fn needless(&mut self) -> Option<String> {
        self.app.world().resource::<Pending>().0.as_ref().and_then(|p| p.needless.clone())
    }

    pub fn events(&mut self) -> Vec<GameEvent> {
        self.app.world().resource::<GameLog>().0.clone()
    }

    pub fn walk(&mut self, cells: &[(i32, i32)]) -> Result<(), String> {
        self.run(Command::Move(cells.iter().map(|(c, r)| q(*c, *r)).collect()))
    }
}

impl Game {
    /// Change a space's ground (test set-up, outside the rules).
    pub fn set_ground(&mut self, c: i32, r: i32, g: Ground) {
        let h = cell_to_hex((c, r));
        let mut q = self.world().query::<(Entity, &Space)>();
        let e = q.iter(self.app.world()).find(|(_, s)| s.0 == h).map(|(e, _)| e).expect("a space");
        self.world().entity_mut(e).insert(Terrain::Open(g));
    }

    pub fn exits(&mut self) -> Vec<(u8, Qr)> {
        let mut q = self.world().query::<(&Space, &TunnelExit)>();
        let mut v: Vec<(u8, Qr)> = q.iter(self.app.world()).map(|(s, e)| (e.0, s.0.into())).collect();
        v.sort();
        v
    }
}

/// A cave with a hidden cave 'a' behind the east wall of the top rows: Exit III and a flare spot.
pub fn cave_with_hidden() -> Mission {
    let mut m = mission(&[
        "# # # # # # # #",
        " # P . . . # a #",
        "# P . . . # a #",
        " # P . . . # # #",
        "# P . . . . 1 #",
        " # . . . . . 2 #",
        "# # # # # # # #",
    ]);
    m.hidden_caves = vec![hoxxes::data::mission::HiddenCave {
        id: 'a',
        name: "Side pocket".into(),
        contents: vec![
            Placed { at: (6, 1), put: FaceItem::TunnelExit3 },
            Placed { at: (6, 2), put: FaceItem::Flare },
            Placed { at: (6, 2), put: FaceItem::Creature(CreatureKind::Grunt) },
        ],
    }];
    m.pickups = [(Pickup::RedSugar, 1)].into();
    m
}

/// The command for one answer value, for brevity.
pub fn choose(a: Answer) -> Command {
    Command::Choose(a)
}

impl Game {
    /// Put a job on the agenda and let the rules work it through (answering nothing).
    pub fn job(&mut self, j: hoxxes::rules::agenda::Job) {
        self.world().resource_mut::<hoxxes::rules::agenda::Agenda>().0.push_back(j);
        hoxxes::headless::settle(&mut self.app).expect("the rules settle");
    }

    /// Put the named Event card on top of the Event deck.
    pub fn next_event(&mut self, name: &str) {
        let i = self.app.world().resource::<GameData>().events.iter().position(|c| c.name == name).expect("a card of that name");
        self.world().resource_mut::<hoxxes::rules::decks::Decks>().events.draw.push(i);
    }

    /// Put the named Swarm card on top of the Swarm deck.
    pub fn next_swarm(&mut self, name: &str) {
        let i = self.app.world().resource::<GameData>().swarms.iter().position(|c| c.name == name).expect("a card of that name");
        self.world().resource_mut::<hoxxes::rules::decks::Decks>().swarms.draw.push(i);
    }

    pub fn set_seat(&mut self, seat: u32) {
        self.world().resource_mut::<Turn>().seat = seat;
    }

    pub fn threat(&mut self) -> u32 {
        self.app.world().resource::<hoxxes::rules::swarm::SwarmThreat>().0
    }

    pub fn set_threat(&mut self, n: u32) {
        self.world().resource_mut::<hoxxes::rules::swarm::SwarmThreat>().0 = n;
    }

    pub fn outcome(&mut self) -> Option<hoxxes::rules::end::Ending> {
        self.app.world().resource::<hoxxes::rules::end::Outcome>().0.clone()
    }

    pub fn set_creature_status(&mut self, id: u32, s: CreatureStatus) {
        let mut q = self.world().query::<(Entity, &Id, &Creature)>();
        let e = q.iter(self.app.world()).find(|(_, i, _)| i.0 == id).map(|(e, _, _)| e).expect("that creature");
        self.world().entity_mut(e).insert(s);
    }

    pub fn creature_facing_now(&mut self, id: u32) -> Facing {
        let mut q = self.world().query::<(&Id, &Faces)>();
        q.iter(self.app.world()).find(|(i, _)| i.0 == id).map(|(_, f)| f.0).expect("that creature")
    }
}

impl Game {
    /// Put Weapon Upgrade tokens (by name) on a Dwarf's primary weapon (test set-up).
    pub fn upgrade_primary(&mut self, class: DwarfClass, names: &[&str]) {
        let list: Vec<u32> = names
            .iter()
            .map(|n| self.app.world().resource::<GameData>().upgrades.iter().position(|u| u.name == *n).expect("an upgrade") as u32)
            .collect();
        let e = self.dwarf_entity(class);
        let mut l = self.app.world().get::<Loadout>(e).expect("a loadout").clone();
        l.primary_upgrades = list;
        self.world().entity_mut(e).insert(l);
    }
}

/// An empty folder of this test's own under the system's temporary folder, removed with what it
/// holds when the test lets go of it (a test that fails leaves it, to be looked at).
pub fn temp(name: &str) -> Temp {
    let dir = std::env::temp_dir().join(format!("hoxxes-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    Temp(dir)
}

/// A test's temporary folder (`temp`).
pub struct Temp(std::path::PathBuf);

impl std::ops::Deref for Temp {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Temp {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Temp {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// Run the `hoxxes` binary from the repository's folder.
pub fn hoxxes(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_hoxxes"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

/// A command's output as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
