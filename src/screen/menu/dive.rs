//! Deep Dive (rulebook "Deep Dive campaign"; rulings 37-44): three missions in a row, the same
//! Dwarves throughout, carrying what they have. Before a dive: pick its three missions (or draw them
//! by seed) and the team. Between missions: what was done so far, what each Dwarf carries, which
//! Weapon Upgrade he keeps, and the next mission. After a loss: replay it fresh, or give up. At the
//! end, the run's summary.

use super::team::{Book, TeamForm, read_book, team_rows};
use super::{Clicked, MenuButton, MenuInput, button, framed, row, says, words};
use crate::data::GameData;
use crate::rules::dive::carry_over;
use crate::rules::end::Outcome;
use crate::rules::log::counted;
use crate::save::dive::{self, Dive, DiveState, Leg, draw_missions};
use crate::save::{Run, folder};
use crate::screen::front::{Begin, Leave, Screen};
use crate::screen::play::Game;
use bevy::prelude::*;
use std::path::PathBuf;

pub fn plugin(app: &mut App) {
    app.init_resource::<View>()
        .add_systems(OnEnter(Screen::DeepDive), (super::reset_focus, read_book, read_dive, build).chain())
        .add_systems(
            Update,
            (press.after(MenuInput), build_again.run_if(resource_changed::<View>.or_eager(resource_changed::<TeamForm>)))
                .chain()
                .run_if(in_state(Screen::DeepDive)),
        )
        .add_systems(Update, mission_over.run_if(resource_exists::<MissionOver>).after(super::after_the_mission));
}

/// The dive as the screen shows it, the three missions picked for a new one, a word for the player.
#[derive(Resource, Default)]
struct View {
    dive: Option<Dive>,
    slots: Vec<usize>,
    said: String,
    /// Giving up a dive under way was pressed once: the next press gives it up.
    give_up_asked: bool,
}

impl View {
    /// Give up the dive. One under way with a mission still to play is asked twice, as a slip of
    /// the mouse must not end it; a lost mission's "Give up" is already the answer to a question.
    /// Whether it was given up.
    fn give_up(&mut self) -> bool {
        let Some(d) = &mut self.dive else { return false };
        if d.state == DiveState::UnderWay && !self.give_up_asked {
            self.give_up_asked = true;
            self.said = "Give up the dive? It ends lost, and its mission under way is left unplayed (kept among the finished games, to watch). Press \"Yes, give up the dive\" to end it; anything else plays on.".into();
            return false;
        }
        d.give_up();
        self.give_up_asked = false;
        self.said.clear();
        true
    }
}

/// The debrief of a dive's mission was left with Enter: note how it went, then show the dive.
#[derive(Resource)]
pub struct MissionOver;

#[derive(Component, Clone, Copy, Debug)]
enum Entry {
    /// The next playable mission of the book for slot n of a new dive.
    Slot(usize),
    Draw,
    Begin,
    Play,
    Replay,
    GiveUp,
    /// "No" to giving up: it only clears the question (anything pressed after it plays on).
    Stay,
    /// Dwarf n keeps upgrade k.
    Keep(usize, usize),
    Back,
}

fn read_dive(mut view: ResMut<View>, book: Res<Book>) {
    view.said.clear();
    // Leaving the screen (Escape) plays on: a give-up asked before is asked again.
    view.give_up_asked = false;
    match dive::read_current() {
        Ok(d) => view.dive = d,
        Err(e) => {
            view.dive = None;
            view.said = format!("{e}; beginning a new dive will replace it");
        }
    }
    if view.slots.len() != dive::MISSIONS {
        let playable: Vec<usize> = (0..book.0.len()).filter(|i| book.0[*i].mission.is_ok()).collect();
        view.slots = (0..dive::MISSIONS).map(|i| playable.get(i + 1).or_else(|| playable.first()).copied().unwrap_or(0)).collect();
    }
}

fn name(book: &Book, path: &std::path::Path) -> String {
    book.find(path.file_name().unwrap_or_default())
        .and_then(|i| book.0[i].mission.as_ref().ok())
        .map(|m| m.name.clone())
        .unwrap_or_else(|| path.display().to_string())
}

/// A mission slot's width: the longest mission name of the book fits it, so a slot clicked on to
/// the next mission keeps its size and the next slot stays where it was.
const SLOT_WIDTH: f32 = 250.0;

fn build(mut commands: Commands, book: Res<Book>, view: Res<View>, form: Res<TeamForm>, data: Res<GameData>) {
    let going_on = view.dive.as_ref().filter(|d| !d.over());
    let body = |b: &mut ChildSpawnerCommands| match going_on {
        Some(d) => {
            under_way(b, d, &book, &data);
            said(b, &view);
        }
        None => {
            if let Some(d) = &view.dive {
                summary(b, d, &book);
            }
            new_dive(b, &view, &book, &form, &data);
        }
    };
    framed(&mut commands, Screen::DeepDive, "Deep Dive", body, |r| match going_on {
        Some(d) => under_way_buttons(r, d, &book, view.give_up_asked),
        None => {
            button(r, "Begin the dive", Entry::Begin, says("Hazard, team and BOSCO hold for the whole dive (rulings 38, 44)"));
            button(r, "Back", Entry::Back, says("Back to the main menu (Escape)"));
        }
    });
}

/// What the last press came to, when it needs a word (a dive that could not be saved or begun).
fn said(b: &mut ChildSpawnerCommands, view: &View) {
    if !view.said.is_empty() {
        words(b, view.said.clone(), 16.0, super::AMBER);
    }
}

/// What each mission of the dive came to.
fn legs(b: &mut ChildSpawnerCommands, d: &Dive) {
    for (i, leg) in d.legs.iter().enumerate() {
        let back: Vec<String> = leg.back.iter().map(|(c, h)| format!("{c:?} ({h} Health)")).collect();
        let back = if back.is_empty() { "nobody came back".to_string() } else { format!("back aboard: {}", back.join(", ")) };
        let mule: Vec<String> =
            leg.mule.iter().filter(|(_, n)| **n > 0).map(|(i, n)| format!("{n} {}", crate::screen::look::item_name(*i))).collect();
        let mule = if mule.is_empty() { "empty".to_string() } else { mule.join(", ") };
        words(
            b,
            format!("{}. {}: {:?} in {} turns, {} kills, M.U.L.E. {mule}; {back}", i + 1, leg.mission, leg.result, leg.turns, leg.kills),
            15.0,
            crate::screen::look::PAPER,
        );
    }
}

fn summary(b: &mut ChildSpawnerCommands, d: &Dive, book: &Book) {
    let missions: Vec<String> = d.missions.iter().map(|m| name(book, m)).collect();
    words(
        b,
        format!("The last dive ({}): {}, hazard {}", missions.join(", "), if d.state == DiveState::Won { "WON" } else { "LOST" }, d.hazard),
        20.0,
        super::AMBER,
    );
    legs(b, d);
}

fn under_way(b: &mut ChildSpawnerCommands, d: &Dive, book: &Book, data: &GameData) {
    let missions: Vec<String> =
        d.missions.iter().enumerate().map(|(i, m)| if i == d.at { format!("[{}]", name(book, m)) } else { name(book, m) }).collect();
    words(b, format!("Hazard {}, seed {}: {}", d.hazard, d.seed, missions.join(" > ")), 18.0, super::DIM);
    legs(b, d);
    if d.carried.is_empty() {
        let team: Vec<String> = d.team.iter().map(|c| format!("{c:?}")).collect();
        let bosco = if d.bosco { ", with BOSCO" } else { "" };
        // Once the first mission is begun, its game holds their Health and ammo.
        let how = if d.save.is_some() { "in the first mission" } else { "at full Health and ammo for the first mission" };
        words(b, format!("The team, {how}: {}{bosco}", team.join(", ")), 16.0, crate::screen::look::PAPER);
    }
    if let Some(out) = crate::screen::words::left_behind(&d.out_of_the_dive()) {
        // A play-tester's Driller, left behind out cold, was simply no longer named.
        let out = format!("Out for the rest of the dive: {out}, not aboard the Drop Pod when it left, and all he carried with him");
        words(b, out, 15.0, super::AMBER);
    }
    if !d.carried.is_empty() {
        words(b, "Each Dwarf goes on as he left the last mission: nothing is restocked between missions.", 15.0, super::DIM);
    }
    for (n, c) in d.carried.iter().enumerate() {
        let cards = format!("{} Rock and Stone, {}", c.hand.rock_and_stone.len(), counted(c.hand.throwables.len() as u64, "Throwable"));
        // The upgrade he keeps is said too (a play-tester's was carried over unnamed); of several,
        // the buttons after the line pick it.
        let upgrade = |u: &crate::rules::dive::HeldUpgrade| data.upgrades.get(u.card as usize).map_or("", |x| x.name.as_str());
        let kept = match c.upgrades.as_slice() {
            [] => String::new(),
            [u] => format!(", the {} upgrade", upgrade(u)),
            _ => ", one of his Weapon Upgrades (picked beside)".to_string(),
        };
        let cards = format!("{cards}{kept}");
        row(b, |r| {
            words(
                r,
                format!(
                    "{:?}: {} Health, ammo {}+{}, {cards}; draws 1 Rock and Stone card{}",
                    c.class,
                    c.health,
                    c.primary_ammo,
                    c.secondary_ammo,
                    if c.owed_throwables() > 0 {
                        format!(" and {} for upgrades given back", counted(c.owed_throwables() as u64, "Throwable"))
                    } else {
                        String::new()
                    }
                ),
                15.0,
                crate::screen::look::PAPER,
            );
            if c.upgrades.len() > 1 {
                for (k, u) in c.upgrades.iter().enumerate() {
                    let label = upgrade(u);
                    let tip =
                        "A Dwarf keeps one Weapon Upgrade between missions; each other one gives him a Throwable (ruling 42)".to_string();
                    button(r, format!("keep {label}"), Entry::Keep(n, k), MenuButton { picked: c.keep == k, tip, ..default() });
                }
            }
        });
    }
}

/// What a dive under way may do next, at the screen's foot.
fn under_way_buttons(r: &mut ChildSpawnerCommands, d: &Dive, book: &Book, asked: bool) {
    let next = d.missions.get(d.at).map(|m| name(book, m)).unwrap_or_default();
    if d.state == DiveState::MissionLost {
        button(
            r,
            format!("Replay {next} with fresh Dwarves"),
            Entry::Replay,
            says("Every Dwarf the dive began with comes back fresh, as at set-up (ruling 41)"),
        );
        button(r, "Give up the dive", Entry::GiveUp, says("The dive is lost"));
    } else {
        let label = if d.save.is_some() {
            format!("Go on with mission {}: {next}", d.at + 1)
        } else {
            format!("Play mission {}: {next}", d.at + 1)
        };
        button(r, label, Entry::Play, says("To the cave"));
        if asked {
            // Where "Give up" was, under the pointer and the keyboard's focus, the harmless answer:
            // a double click or a second Enter does not end the dive (a play-tester's worry).
            button(r, "No, keep diving", Entry::Stay, says("The dive goes on"));
            button(r, "Yes, give up the dive", Entry::GiveUp, says("The dive ends lost"));
        } else {
            button(r, "Give up the dive", Entry::GiveUp, says("The dive ends lost (asked first)"));
        }
    }
    button(r, "Back", Entry::Back, says("Back to the main menu: the dive is kept (Escape)"));
}

fn new_dive(b: &mut ChildSpawnerCommands, view: &View, book: &Book, form: &TeamForm, data: &GameData) {
    words(
        b,
        "A new dive: three missions in a row. Nothing is restocked between them; each Dwarf keeps one Weapon Upgrade; only those back aboard go on.",
        15.0,
        super::DIM,
    );
    row(b, |r| {
        words(r, "Missions", 18.0, super::DIM);
        for (n, i) in view.slots.iter().enumerate() {
            let label = book.0.get(*i).map(|e| name(book, &e.path)).unwrap_or_default();
            let tip = "Click for the next mission of the book (a mission may come twice)".to_string();
            button(r, format!("{}. {label}", n + 1), Entry::Slot(n), MenuButton { tip, width: Some(SLOT_WIDTH), ..default() });
        }
        button(r, "Draw three", Entry::Draw, says("Three different missions drawn by the seed (ruling 39)"));
    });
    // What each mission is, before the dive is begun (a play-tester picked them blind).
    for (n, i) in view.slots.iter().enumerate() {
        if let Some(Ok(m)) = book.0.get(*i).map(|e| e.mission.as_ref()) {
            words(b, format!("{}. {}", n + 1, super::mission_heading(m)), 15.0, super::DIM);
        }
    }
    team_rows(b, form, data);
    said(b, view);
}

fn build_again(
    mut commands: Commands,
    roots: Query<Entity, With<super::MenuRoot>>,
    book: Res<Book>,
    view: Res<View>,
    form: Res<TeamForm>,
    data: Res<GameData>,
) {
    for e in &roots {
        commands.entity(e).despawn();
    }
    build(commands, book, view, form, data);
}

fn press(
    mut clicked: MessageReader<Clicked>,
    entries: Query<&Entry>,
    mut view: ResMut<View>,
    book: Res<Book>,
    form: Res<TeamForm>,
    data: Res<GameData>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    for Clicked(e) in clicked.read() {
        let Ok(entry) = entries.get(*e) else { continue };
        let playable = |i: usize| book.0.get(i).is_some_and(|e| e.mission.is_ok());
        // Anything pressed after "Give up the dive" plays on.
        if !matches!(entry, Entry::GiveUp) && view.give_up_asked {
            view.give_up_asked = false;
            view.said.clear();
        }
        match *entry {
            Entry::Back => next.set(Screen::Title),
            Entry::Slot(n) => {
                let len = book.0.len().max(1);
                let mut i = view.slots[n];
                for _ in 0..len {
                    i = (i + 1) % len;
                    if playable(i) {
                        break;
                    }
                }
                view.slots[n] = i;
            }
            Entry::Draw => {
                let playable_ones: Vec<usize> = (0..book.0.len()).filter(|i| playable(*i)).collect();
                view.slots = draw_missions(playable_ones.len(), form.seed).into_iter().map(|k| playable_ones[k]).collect();
            }
            Entry::Begin => {
                let missions: Vec<PathBuf> = view.slots.iter().filter_map(|i| book.0.get(*i).map(|e| e.path.clone())).collect();
                let setup = form.setup(&data);
                let d = Dive::new(missions, setup.classes, setup.secondaries, setup.hazard, setup.bosco, form.seed);
                view.dive = Some(d);
                play(&mut view, &data, &mut commands);
            }
            Entry::Play => play(&mut view, &data, &mut commands),
            Entry::Replay => {
                if let Some(d) = &mut view.dive {
                    d.replay_lost();
                }
                play(&mut view, &data, &mut commands);
            }
            Entry::GiveUp => {
                // The dive is kept as given up first: a save moved away from a dive still kept
                // under way would be gone on with.
                if view.give_up() && keep(&mut view) {
                    file_away_mission(&mut view);
                }
            }
            Entry::Stay => {}
            Entry::Keep(n, k) => {
                if let Some(c) = view.dive.as_mut().and_then(|d| d.carried.get_mut(n)) {
                    c.keep = k;
                }
                keep(&mut view);
            }
        }
    }
}

/// A dive given up with its mission begun: that game's save goes to the finished games, so the
/// replays list it to be watched and offer no going on with a mission of a dive that is over. A
/// failure is said on screen.
fn file_away_mission(view: &mut View) {
    let Some(save) = view.dive.as_ref().and_then(|d| d.save.clone()) else { return };
    if let Err(e) = folder::file_away(&save) {
        view.said = format!("the given-up mission's save stays among the games under way: {e}");
    }
}

/// Write the dive; a failure is said on screen. Whether it was written.
fn keep(view: &mut View) -> bool {
    if let Some(d) = &view.dive
        && let Err(e) = dive::write(d)
    {
        view.said = format!("the dive could not be kept: {e}");
        return false;
    }
    true
}

/// The dive's mission now: the one begun (its save), or a new game of it.
fn play(view: &mut View, data: &GameData, commands: &mut Commands) {
    let Some(d) = view.dive.as_mut() else { return };
    let begun = d.save.as_ref().and_then(|f| find_save(f)).and_then(|f| crate::screen::saved_game(&f, data).ok());
    let mut warning = String::new();
    let game = match begun {
        Some(g) => g,
        None => {
            let Some(path) = d.missions.get(d.at).cloned() else { return };
            match crate::screen::new_game(&path, d.setup(), Run::DeepDive, data, true) {
                Ok((g, unsaved)) => {
                    warning = unsaved;
                    g
                }
                Err(e) => {
                    view.said = e;
                    return;
                }
            }
        }
    };
    d.save = game.file.as_ref().and_then(|f| f.file_name()).map(PathBuf::from);
    keep(view);
    let welcome = format!(
        "Deep Dive, mission {} of {}: {}. {}",
        view.dive.as_ref().map_or(1, |d| d.at + 1),
        dive::MISSIONS,
        game.mission.name,
        super::FIRST_KEYS
    );
    commands.insert_resource(Begin { game, watch: false, welcome, warning });
}

/// A dive mission's save, by name: under way, or finished.
fn find_save(name: &std::path::Path) -> Option<PathBuf> {
    [folder::under_way(), folder::finished()].into_iter().flatten().map(|d| d.join(name)).find(|p| p.exists())
}

/// The mission's end noted in the dive: what it came to, and what the Dwarves aboard carry on.
fn mission_over(world: &mut World) {
    world.remove_resource::<MissionOver>();
    world.insert_resource(Leave(Screen::DeepDive));
    let (Some(game), Some(end)) = (world.get_resource::<Game>().cloned(), world.resource::<Outcome>().0.clone()) else { return };
    let Ok(Some(mut d)) = dive::read_current() else { return };
    let this = game.file.as_ref().and_then(|f| f.file_name()).map(PathBuf::from);
    if d.save.is_none() || d.save != this || d.over() {
        return;
    }
    let carried = if end.result == crate::rules::end::Result::Loss { vec![] } else { carry_over(world) };
    let Some(leg) = Leg::of(world, &game.mission.name, &carried) else { return };
    d.mission_over(leg, carried);
    if let Err(e) = dive::write(&d) {
        error!("the dive could not be kept: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::weapons::DwarfClass;

    fn under_way() -> View {
        let dive = Dive::new(vec!["a".into(), "b".into(), "c".into()], vec![DwarfClass::Scout], vec![], 1, false, 9);
        View { dive: Some(dive), ..default() }
    }

    #[test]
    fn a_dive_under_way_is_given_up_on_the_second_press_only() {
        let mut view = under_way();
        assert!(!view.give_up(), "the first press asks");
        assert!(view.said.contains("Give up the dive?"), "{}", view.said);
        assert_eq!(view.dive.as_ref().map(|d| d.state), Some(DiveState::UnderWay));
        assert!(view.give_up(), "the second press gives it up");
        assert_eq!(view.dive.as_ref().map(|d| d.state), Some(DiveState::Lost));
        assert!(view.said.is_empty());
        // A lost mission's Give up answers the dive's own question: one press.
        let mut view = under_way();
        if let Some(d) = &mut view.dive {
            d.mission_over(
                crate::save::dive::Leg {
                    mission: "a".into(),
                    result: crate::rules::end::Result::Loss,
                    turns: 3,
                    kills: 0,
                    mule: default(),
                    back: vec![],
                },
                vec![],
            );
        }
        assert!(view.give_up());
        assert_eq!(view.dive.as_ref().map(|d| d.state), Some(DiveState::Lost));
    }
}
