//! What the Quick mission, campaign and Deep Dive screens share: the book of missions (every file of
//! `missions/`, broken ones named with what is wrong) and the team form (hazard, Dwarves in seat
//! order, each one's secondary weapon, BOSCO for a lone Dwarf, the seed), with its buttons.

use super::{Clicked, MenuButton, MenuInput, button, row, words};
use crate::data::GameData;
use crate::data::map::{MapSymbol, parse};
use crate::data::mission::Mission;
use crate::data::validate::load_mission;
use crate::data::weapons::DwarfClass;
use crate::rules::components::Terrain;
use crate::rules::setup::{MissionSetup, secondary_for};
use crate::screen::atlas::{TileKind, map_picture};
use bevy::prelude::*;
use std::path::PathBuf;

pub fn plugin(app: &mut App) {
    app.init_resource::<TeamForm>()
        .add_systems(Update, press.after(MenuInput).run_if(super::in_menu))
        .add_systems(OnEnter(crate::screen::front::AtTable), renew_seed);
}

/// A game begun from the form has had its seed: the next one gets a new seed (a play-tester's
/// campaign mission, Deep Dive and quick mission all had the same), unless the player gives one.
fn renew_seed(mut form: ResMut<TeamForm>) {
    form.seed = new_seed();
}

/// One mission file of the book: the mission, or what is wrong with the file.
pub struct BookEntry {
    pub path: PathBuf,
    pub mission: Result<Mission, String>,
}

/// Every mission file of `missions/`, in file order, read once (each checked as `validate` does).
#[derive(Resource)]
pub struct Book(pub Vec<BookEntry>);

/// The mission files of `missions/`, in the book's order (by file name: the Tutorial first).
fn mission_files() -> Vec<PathBuf> {
    let dir = crate::data::missions_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron") && !p.ends_with("campaign.ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

impl Book {
    pub fn read(data: &GameData) -> Book {
        let entries = mission_files()
            .into_iter()
            .map(|path| {
                let mission = load_mission(&path, data).map(|(m, _)| m).map_err(|ps| crate::data::load::Problem::lines(&ps));
                BookEntry { path, mission }
            })
            .collect();
        Book(entries)
    }

    /// The entry of a mission file, by file name.
    pub fn find(&self, name: &std::ffi::OsStr) -> Option<usize> {
        self.0.iter().position(|e| e.path.file_name() == Some(name))
    }
}

/// The book, read when a screen that lists missions is first shown.
pub fn read_book(mut commands: Commands, data: Res<GameData>, book: Option<Res<Book>>) {
    if book.is_none() {
        commands.insert_resource(Book::read(&data));
    }
}

/// Who plays and how: the choices of the team form.
#[derive(Resource, Clone, Debug)]
pub struct TeamForm {
    pub hazard: u32,
    /// The Dwarves, in seat order (the order they were picked).
    pub team: Vec<DwarfClass>,
    /// Each seat's secondary weapon, as an index into the game data's secondaries; `None` is the
    /// rulebook's default for the class.
    pub secondaries: Vec<Option<usize>>,
    pub bosco: bool,
    pub seed: u64,
    /// The Quick mission last picked, by its file's name (the book's order may change): the list
    /// opens on it, in this run of the game and the next.
    pub mission: Option<String>,
}

impl Default for TeamForm {
    fn default() -> TeamForm {
        TeamForm {
            hazard: 1,
            team: vec![DwarfClass::Scout, DwarfClass::Driller],
            secondaries: vec![None, None],
            bosco: false,
            seed: new_seed(),
            mission: None,
        }
    }
}

/// A seed from the clock: every game a new dive unless one is given.
pub fn new_seed() -> u64 {
    let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    (t.as_secs() ^ u64::from(t.subsec_nanos())) % 1_000_000
}

impl TeamForm {
    /// The mission set-up these choices make.
    pub fn setup(&self, data: &GameData) -> MissionSetup {
        let mut setup = MissionSetup::new(self.team.clone(), self.seed, self.hazard);
        setup.secondaries = self.team.iter().zip(&self.secondaries).map(|(c, s)| secondary_name(data, *c, *s)).collect();
        setup.bosco = self.bosco && self.team.len() == 1;
        setup
    }

    fn toggle(&mut self, class: DwarfClass) {
        if let Some(i) = self.team.iter().position(|c| *c == class) {
            // At least one Dwarf always plays.
            if self.team.len() > 1 {
                self.team.remove(i);
                self.secondaries.remove(i);
            }
        } else {
            self.team.push(class);
            self.secondaries.push(None);
        }
        if self.team.len() != 1 {
            self.bosco = false;
        }
    }
}

/// A seat's secondary weapon: the one chosen, or the class's default.
fn secondary(data: &GameData, class: DwarfClass, chosen: Option<usize>) -> Option<&crate::data::cards::SecondaryWeapon> {
    data.secondaries.get(chosen.or_else(|| secondary_for(data, class, None).ok()).unwrap_or(0))
}

/// A seat's secondary weapon's name.
fn secondary_name(data: &GameData, class: DwarfClass, chosen: Option<usize>) -> String {
    secondary(data, class, chosen).map(|s| s.name.clone()).unwrap_or_default()
}

/// A button of the team form.
#[derive(Component, Clone, Copy, Debug)]
pub enum FormButton {
    Hazard(u32),
    Dwarf(DwarfClass),
    /// The next secondary weapon for this seat.
    Secondary(usize),
    Bosco,
    NewSeed,
}

/// The form's rows: hazard, Dwarves, secondaries, BOSCO and the seed.
pub fn team_rows(b: &mut ChildSpawnerCommands, form: &TeamForm, data: &GameData) {
    row(b, |r| {
        words(r, "Hazard", 18.0, super::DIM);
        for h in 1..=3 {
            let tip = format!(
                "Hazard {h}: {} special Event cards mixed into the deck",
                data.numbers.special_cards_by_hazard.get(h as usize - 1).copied().unwrap_or(0)
            );
            button(r, h.to_string(), FormButton::Hazard(h), MenuButton { picked: form.hazard == h, tip, ..default() });
        }
    });
    row(b, |r| {
        words(r, "Dwarves", 18.0, super::DIM);
        for class in DwarfClass::ALL {
            let seat = form.team.iter().position(|c| *c == class);
            // The seat in a box of its own width: a Dwarf brought or left out keeps his button's
            // size, and the next button stays under the pointer.
            let label = match seat {
                Some(s) => format!("[{}] {class:?}", s + 1),
                None => format!("[ ] {class:?}"),
            };
            let tip = if seat.is_some() {
                "In the team (the number is his seat: the turns go in that order): click to leave him out; one Dwarf always plays"
            } else {
                "Not in the team: click to bring him (seats go in the order picked)"
            };
            button(r, label, FormButton::Dwarf(class), MenuButton { picked: seat.is_some(), tip: tip.into(), ..default() });
        }
    });
    row(b, |r| {
        words(r, "Secondary weapons", 18.0, super::DIM);
        for (seat, class) in form.team.iter().enumerate() {
            let weapon = secondary(data, *class, form.secondaries.get(seat).copied().flatten());
            let name = weapon.map_or("", |s| s.name.as_str());
            // What the weapon does, to choose by (a play-tester cycled through names alone).
            let does = weapon.map_or(String::new(), |s| {
                let terms = crate::screen::words::fire_terms(&crate::rules::actions::secondary::fire_mode(s, &s.normal));
                format!("{name}: {} ({terms}) ", s.normal.text)
            });
            let tip = format!("{does}(click for the next secondary weapon; each Dwarf picks one at set-up)");
            button(r, format!("{class:?}: {name}"), FormButton::Secondary(seat), MenuButton { tip, small: true, ..default() });
        }
    });
    row(b, |r| {
        let alone = form.team.len() == 1;
        let tip = if alone {
            "BOSCO, the drone, plays beside a lone Dwarf: two actions after his three"
        } else {
            "BOSCO comes only with a single Dwarf"
        };
        button(
            r,
            if form.bosco { "BOSCO: yes" } else { "BOSCO: no" },
            FormButton::Bosco,
            MenuButton { picked: form.bosco, off: !alone, tip: tip.into(), ..default() },
        );
        words(r, format!("Seed {}", form.seed), 18.0, super::DIM);
        button(
            r,
            "New seed",
            FormButton::NewSeed,
            super::says("The seed fixes every die and card: share it (hoxxes --seed N) to play the same dive"),
        );
    });
}

fn press(mut clicked: MessageReader<Clicked>, buttons: Query<&FormButton>, mut form: ResMut<TeamForm>, data: Res<GameData>) {
    for Clicked(e) in clicked.read() {
        let Ok(b) = buttons.get(*e) else { continue };
        match *b {
            FormButton::Hazard(h) => form.hazard = h,
            FormButton::Dwarf(c) => form.toggle(c),
            FormButton::Secondary(seat) => {
                let n = data.secondaries.len().max(1);
                let now = form
                    .secondaries
                    .get(seat)
                    .copied()
                    .flatten()
                    .or_else(|| form.team.get(seat).and_then(|c| secondary_for(&data, *c, None).ok()))
                    .unwrap_or(0);
                if let Some(s) = form.secondaries.get_mut(seat) {
                    *s = Some((now + 1) % n);
                }
            }
            FormButton::Bosco => form.bosco = !form.bosco && form.team.len() == 1,
            FormButton::NewSeed => form.seed = new_seed(),
        }
    }
}

/// A small picture of a mission's map, its creatures where they start.
pub fn preview(mission: &Mission, images: &mut Assets<Image>) -> Handle<Image> {
    let (cells, _) = parse(&mission.map);
    let tiles: Vec<((i32, i32), TileKind)> = cells
        .iter()
        .map(|(cell, sym)| {
            let kind = match sym {
                MapSymbol::Ground(g) => TileKind::of(Terrain::Open(*g), false, None),
                MapSymbol::DropPod => TileKind::DropPod,
                MapSymbol::TunnelExit(n) => TileKind::Exit(*n),
                MapSymbol::PickupSpot => TileKind::Floor,
                MapSymbol::Hidden(_) => TileKind::FaceDown,
            };
            (*cell, kind)
        })
        .collect();
    // Where the creatures start: a mission with a lair shows its Brood Nexus and guards.
    let dots: Vec<((i32, i32), Color)> =
        mission.creatures.iter().map(|c| (c.at, crate::screen::look::creature_look(c.kind).colour)).collect();
    images.add(map_picture(&tiles, &dots, UVec2::new(14, 16)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screen::front::{AtTable, Screen};
    use bevy::state::app::StatesPlugin;

    /// Each game begun gets the form's seed; coming to the table draws a new one for the next game.
    #[test]
    fn the_seed_is_new_once_a_game_is_begun() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin)).add_message::<Clicked>().init_state::<Screen>().add_computed_state::<AtTable>();
        plugin(&mut app);
        app.world_mut().resource_mut::<TeamForm>().seed = 1_000_001;
        app.update();
        assert_eq!(app.world().resource::<TeamForm>().seed, 1_000_001, "not at the table yet");
        app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Mission);
        app.update();
        assert!(app.world().resource::<TeamForm>().seed < 1_000_000, "a new seed from the clock");
    }
}
