//! The rules reference: the game's rules in our own words, with the rulings, in sections
//! (`assets/reference.md`, a `## Title` line opening each). Type to search; the sections that match
//! are listed, their titles first; pick one to read it. From the main menu it is a screen of its
//! own; at the table F2 opens it over the game, looking up what the pointer rests on (a creature,
//! a tile, an action's button), and Escape goes back to the game.

use super::{Clicked, MenuButton, MenuInput, button, framed, says, words};
use crate::data::assets_dir;
use crate::screen::front::Screen;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;

pub fn plugin(app: &mut App) {
    app.init_resource::<Reading>()
        .add_systems(OnEnter(Screen::Rules), (clear_search, load, focus_open, build).chain())
        .add_systems(OnEnter(Screen::Reference), (load, look_up, focus_open, build).chain())
        .add_systems(
            Update,
            (typing, scroll, press.after(MenuInput), open_focused.after(MenuInput), build_again.run_if(resource_changed::<Reading>))
                .chain()
                .run_if(reading),
        )
        .add_systems(Update, from_the_table.in_set(crate::screen::front::Table).run_if(crate::screen::front::at_play))
        .add_systems(Update, from_the_menu.run_if(in_state(Screen::Title)));
}

/// F2 on the main menu: the reference, as at the table (a play-tester pressed it there and nothing
/// happened).
fn from_the_menu(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::F2) {
        next.set(Screen::Rules);
    }
}

/// The reference shows, from the menu or over the table.
fn reading(screen: Res<State<Screen>>) -> bool {
    matches!(screen.get(), Screen::Rules | Screen::Reference)
}

/// F2 at the table: the reference, over the game.
fn from_the_table(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::F2) {
        next.set(Screen::Reference);
    }
}

fn clear_search(mut reading: ResMut<Reading>) {
    reading.search.clear();
}

/// What the pointer rested on, looked up: the section about it open, the others that name it listed.
fn look_up(pointed: Res<crate::screen::play::Pointed>, reference: Res<Reference>, mut reading: ResMut<Reading>) {
    let Ok(all) = &reference.0 else { return };
    reading.search = search_for(&pointed.0, all);
    if let Some((i, _)) = matching(all, &reading.search).first() {
        reading.open = *i;
    }
}

/// The words to search the reference for, from a description of something on screen: the longest
/// section title it names, or else its first word (of four letters or more) that a section's
/// title holds, or else the first that a section's text holds.
pub fn search_for(described: &str, all: &[Section]) -> String {
    let text = described.to_lowercase();
    // A line that says which section F2 opens ("F2: \"Moving\"", a log line's) is taken at its word.
    let said = text.split_once("f2: \"").and_then(|(_, rest)| rest.split_once('"')).map(|(title, _)| title);
    if let Some(title) = said.filter(|t| all.iter().any(|s| s.title.to_lowercase() == *t)) {
        return title.to_string();
    }
    // A thing on the map whose section's title does not name it: its section, before any title
    // its description happens to hold ("the Scout's hook" on a pit).
    if let Some((_, title)) = TERMS.iter().find(|(term, title)| text.contains(term) && all.iter().any(|s| s.title.to_lowercase() == *title))
    {
        return title.to_string();
    }
    let named = all.iter().map(|s| s.title.to_lowercase()).filter(|t| t.len() >= 4 && text.contains(t.as_str())).max_by_key(|t| t.len());
    if let Some(title) = named {
        return title;
    }
    // In the order they come: a description names the thing before its details.
    let words: Vec<&str> = text.split(|c: char| !c.is_alphabetic()).filter(|w| w.len() >= 4).collect();
    // A word some title holds ("grunt") before a word only some text holds ("activates").
    let in_a_title = |w: &&str| all.iter().any(|s| s.title.to_lowercase().contains(*w));
    let in_a_text = |w: &&str| !matching(all, w).is_empty();
    words.iter().copied().find(in_a_title).or_else(|| words.iter().copied().find(in_a_text)).map(str::to_string).unwrap_or_default()
}

/// Things on the map and the section that tells of them, where no section's title names them.
const TERMS: &[(&str, &str)] = &[
    ("tunnel exit", "spawning creatures and figure limits"),
    ("deep pit", "moving"),
    // Bare rock, carved by the axe: not the Rock and Stone cards, whose title holds "rock" (a
    // play-tester's F2 on a wall).
    ("rock: ", "mining and minerals"),
];

/// One section of the reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub title: String,
    pub body: String,
}

/// The reference's sections, or why the file could not be read.
#[derive(Resource, Clone, Debug)]
pub struct Reference(pub Result<Vec<Section>, String>);

/// Split the reference text into its sections; text before the first title is no section. The
/// lines of a paragraph or a bullet are joined, to be wrapped at the page's width.
pub fn sections(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            out.push(Section { title: title.trim().to_string(), body: String::new() });
        } else if let Some(s) = out.last_mut() {
            add_line(&mut s.body, line);
        }
    }
    for s in &mut out {
        s.body = s.body.trim().to_string();
    }
    out
}

/// A source line onto a body: a blank line ends a paragraph, a bullet starts a line, any other
/// line goes on the one before.
fn add_line(body: &mut String, line: &str) {
    let t = line.trim();
    if t.is_empty() {
        if !body.is_empty() && !body.ends_with("\n\n") {
            body.push_str(if body.ends_with('\n') { "\n" } else { "\n\n" });
        }
    } else if t.starts_with("- ") || body.is_empty() || body.ends_with('\n') {
        if !body.is_empty() && !body.ends_with('\n') {
            body.push('\n');
        }
        body.push_str(t);
    } else {
        body.push(' ');
        body.push_str(t);
    }
}

/// The sections matching a search, those whose title matches first (all of them for no search).
pub fn matching<'a>(all: &'a [Section], search: &str) -> Vec<(usize, &'a Section)> {
    let q = search.trim().to_lowercase();
    let title = |s: &Section| s.title.to_lowercase().contains(&q);
    let body = |s: &Section| s.body.to_lowercase().contains(&q);
    let mut found: Vec<(usize, &Section)> = all.iter().enumerate().filter(|(_, s)| title(s)).collect();
    found.extend(all.iter().enumerate().filter(|(_, s)| !title(s) && body(s)));
    found
}

fn load(mut commands: Commands, reference: Option<Res<Reference>>) {
    if reference.is_some() {
        return;
    }
    let path = assets_dir().join("reference.md");
    let read = crate::data::load::read_text(&path).map(|t| sections(&t)).map_err(|p| p.to_string());
    commands.insert_resource(Reference(read));
}

/// What is being read: the search typed and the section open.
#[derive(Resource, Default)]
struct Reading {
    search: String,
    open: usize,
}

#[derive(Component, Clone, Copy, Debug)]
enum Entry {
    Section(usize),
    Back,
}

/// The list of the sections found: it scrolls, Back at its foot.
#[derive(Component)]
struct Listed;

/// The keyboard's focus on the section open, in the list of those the search finds (the list's
/// buttons come first on the screen, in its order): the list is scrolled to it, and Enter reads
/// what is shown. The section open is not found (a search that finds nothing): the first button.
fn focus_open(reference: Res<Reference>, reading: Res<Reading>, mut focus: ResMut<super::Focus>) {
    let at = reference.0.as_ref().map_or(0, |all| open_place(all, &reading));
    *focus = super::Focus { at, ..default() };
}

/// A key typed into the search: a letter, a digit or a space added (up to 40), one taken back, or
/// the whole cleared.
fn edit(search: &mut String, key: &Key) {
    match key {
        Key::Backspace => {
            search.pop();
        }
        Key::Delete => search.clear(),
        Key::Character(c) if c.chars().all(|c| c.is_alphanumeric() || c == ' ' || c == '.') && search.len() < 40 => search.push_str(c),
        Key::Space if search.len() < 40 => search.push(' '),
        _ => {}
    }
}

/// The place of the section open in the list of those the search finds (the first, when it is
/// not found).
fn open_place(all: &[Section], reading: &Reading) -> usize {
    matching(all, &reading.search).iter().position(|(i, _)| *i == reading.open).unwrap_or(0)
}

fn build(mut commands: Commands, reference: Res<Reference>, reading: Res<Reading>, screen: Res<State<Screen>>) {
    let over_the_table = *screen.get() == Screen::Reference;
    let back = if over_the_table { "Back to the game (Escape)" } else { "Back to the main menu (Escape)" };
    // The page's node, for the line that says it has more below.
    let shown = std::cell::Cell::new(Entity::PLACEHOLDER);
    let body = |b: &mut ChildSpawnerCommands| {
        let all = match &reference.0 {
            Ok(all) => all,
            Err(e) => return words(b, e.clone(), 16.0, super::AMBER),
        };
        let found = matching(all, &reading.search);
        let search = match reading.search.is_empty() {
            true => "type to search".to_string(),
            // F2 fills it in with what the pointer rested on.
            false => format!("{}_   (Backspace takes a letter back, Delete clears it)", reading.search),
        };
        words(b, format!("Search: {search}   {} of {} sections", found.len(), all.len()), 16.0, super::DIM);
        // The list and the page share the body's height, each scrolling on its own: the body
        // itself never needs to, so the search line stays in view (Back is in the foot).
        let columns = Node { column_gap: px(24.0), flex_grow: 1.0, min_height: px(0.0), width: percent(100.0), ..default() };
        b.spawn(columns).with_children(|cols| {
            let list = Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(2.0),
                width: px(300.0),
                flex_shrink: 0.0,
                overflow: Overflow::scroll_y(),
                ..default()
            };
            cols.spawn((Listed, super::ScrollsItself, list, ScrollPosition::default())).with_children(|list| {
                for (i, s) in &found {
                    button(
                        list,
                        s.title.clone(),
                        Entry::Section(*i),
                        MenuButton { picked: *i == reading.open, tip: format!("Read: {}", s.title), small: true, ..default() },
                    );
                }
            });
            let page = Node { overflow: Overflow::scroll_y(), ..super::side_column(8.0) };
            let mut page = cols.spawn((Page, super::ScrollsItself, page, ScrollPosition::default()));
            shown.set(page.id());
            page.with_children(|page| {
                if let Some(s) = all.get(reading.open) {
                    words(page, s.title.clone(), 24.0, crate::screen::look::PAPER);
                    words(page, s.body.clone(), 16.0, crate::screen::look::PAPER);
                    // A reader sent here by F2 has not read the first section, which says what these are.
                    if s.body.contains("(ruling") {
                        words(page, RULING_NOTE, 14.0, super::DIM);
                    }
                }
            });
        });
    };
    let root = framed(&mut commands, *screen.get(), "Rules reference", body, |foot| {
        button(foot, "Back", Entry::Back, says(back));
        // The page scrolls on its own, not the body: said while it has more below (a play-tester's
        // list of cards ran out of sight with nothing to say so).
        let more = Node { display: Display::None, ..default() };
        let words = crate::screen::look::ui_text("More of the page below: the wheel or Page Down scrolls it", 16.0, super::DIM);
        foot.spawn((crate::screen::layout::MoreBelow(shown.get()), more, children![words]));
    });
    if over_the_table {
        // Over the table's panels.
        commands.entity(root).insert(GlobalZIndex(20));
    }
}

fn build_again(
    mut commands: Commands,
    roots: Query<Entity, With<super::MenuRoot>>,
    reference: Res<Reference>,
    reading: Res<Reading>,
    screen: Res<State<Screen>>,
) {
    for e in &roots {
        commands.entity(e).despawn();
    }
    build(commands, reference, reading, screen);
}

/// Under a section that cites a ruling: what one is.
const RULING_NOTE: &str = "(ruling N): a point the printed rulebook leaves open or unclear, settled the way this game plays it.";

/// The page of the section open: it scrolls.
#[derive(Component)]
struct Page;

/// Pixels a page key scrolls (a wheel step: `super::wheeled`).
const PAGE_STEP: f32 = 300.0;

/// The mouse wheel scrolls the list or the page it is over; Page Up / Page Down scroll the
/// section open.
fn scroll(
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    keys: Res<ButtonInput<KeyCode>>,
    mut parts: Query<(&mut ScrollPosition, &RelativeCursorPosition, Has<Page>), Or<(With<Page>, With<Listed>)>>,
) {
    let wheeled = super::wheeled(&mut wheel);
    let paged = match (keys.just_pressed(KeyCode::PageDown), keys.just_pressed(KeyCode::PageUp)) {
        (true, false) => PAGE_STEP,
        (false, true) => -PAGE_STEP,
        _ => 0.0,
    };
    for (mut at, pointer, page) in &mut parts {
        let by = if pointer.cursor_over() { wheeled } else { 0.0 } + if page { paged } else { 0.0 };
        if by != 0.0 {
            at.0.y = (at.0.y + by).max(0.0);
        }
    }
}

/// Letters and digits typed go into the search; Backspace takes one back, Delete clears it (F2 may
/// have filled in a long one). The section open follows the search: once it is not among the
/// sections found, the first found opens.
fn typing(
    mut keys: MessageReader<KeyboardInput>,
    reference: Res<Reference>,
    mut reading: ResMut<Reading>,
    mut focus: ResMut<super::Focus>,
) {
    // Edited aside: the reading is touched only when the search changes, or any key (Page Down)
    // would build the page again, scrolled back to its top.
    let mut search = reading.search.clone();
    for k in keys.read() {
        if !k.state.is_pressed() {
            continue;
        }
        edit(&mut search, &k.logical_key);
    }
    if let Ok(all) = &reference.0
        && search != reading.search
    {
        reading.search = search;
        reading.open = open_among(all, &reading.search, reading.open);
        focus.at = open_place(all, &reading);
    }
}

/// The arrows (and Tab) read as they go: the section they focus in the list opens at once (a
/// play-tester moved down the list and the page stayed). The pointer resting on a section only
/// focuses it; a click or Enter opens it. The list's buttons come first in the focus's order,
/// in the list's order (`focus_open`); past them is Back.
fn open_focused(mut keys: MessageReader<KeyboardInput>, focus: Res<super::Focus>, reference: Res<Reference>, mut reading: ResMut<Reading>) {
    use KeyCode::{ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Tab};
    let moved =
        keys.read().filter(|k| k.state.is_pressed()).any(|k| matches!(k.key_code, ArrowDown | ArrowUp | ArrowLeft | ArrowRight | Tab));
    let Ok(all) = &reference.0 else { return };
    if let Some((i, _)) = matching(all, &reading.search).get(focus.at).filter(|_| moved)
        && *i != reading.open
    {
        reading.open = *i;
    }
}

/// The section to show for a search: the one open if the search finds it, else the first found
/// (none found: the one open stays).
fn open_among(all: &[Section], search: &str, open: usize) -> usize {
    let found = matching(all, search);
    match found.iter().any(|(i, _)| *i == open) {
        true => open,
        false => found.first().map_or(open, |(i, _)| *i),
    }
}

fn press(
    mut clicked: MessageReader<Clicked>,
    entries: Query<&Entry>,
    mut reading: ResMut<Reading>,
    mut next: ResMut<NextState<Screen>>,
    screen: Res<State<Screen>>,
) {
    for Clicked(e) in clicked.read() {
        match entries.get(*e) {
            Ok(Entry::Section(i)) => reading.open = *i,
            Ok(Entry::Back) if *screen.get() == Screen::Reference => next.set(Screen::Mission),
            Ok(Entry::Back) => next.set(Screen::Title),
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// F2 on the main menu opens the rules reference.
    #[test]
    fn f2_on_the_main_menu_opens_the_rules() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .init_resource::<ButtonInput<KeyCode>>()
            .insert_state(Screen::Title)
            .add_systems(Update, from_the_menu.run_if(in_state(Screen::Title)));
        app.update();
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::F2);
        app.update();
        app.update();
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Rules);
    }

    #[test]
    fn the_reference_splits_into_sections_and_a_search_finds_titles_first() {
        let text = "intro\n## Moving\nA Dwarf\nmoves.\n- one\n  more\n- two\n\nAfter.\n## Line of sight\nMoving creatures block no shot.\n";
        let all = sections(text);
        assert_eq!(all.len(), 2);
        assert_eq!(all[0], Section { title: "Moving".into(), body: "A Dwarf moves.\n- one more\n- two\n\nAfter.".into() });
        let found: Vec<&str> = matching(&all, "moving").iter().map(|(_, s)| s.title.as_str()).collect();
        assert_eq!(found, ["Moving", "Line of sight"]);
        assert!(matching(&all, "zipline").is_empty());
    }

    /// Every topic a log line sends F2 to is a section of the shipped reference, and so is every
    /// section a thing on the map is looked up by.
    #[test]
    fn a_log_lines_topic_is_a_section_of_the_reference() {
        let text = std::fs::read_to_string(crate::data::assets_dir().join("reference.md")).expect("the reference reads");
        let all = sections(&text);
        let titles: Vec<String> = all.iter().map(|s| s.title.clone()).collect();
        for (term, title) in TERMS {
            assert!(titles.iter().any(|t| t.to_lowercase() == *title), "{term}: {title} is not a section");
        }
        // What the hover card says of a Tunnel Exit and of a pit.
        use crate::screen::play::view::{exit_words, ground_words};
        assert_eq!(search_for(&format!("(4, 1) - {}", exit_words(2)), &all), "spawning creatures and figure limits");
        assert_eq!(search_for(&format!("(5, 5) - {}", ground_words(&crate::data::mission::Ground::Pit)), &all), "moving");
        let rock = ground_words(&crate::data::mission::Ground::Wall(None));
        assert_eq!(search_for(&format!("(6, 2) - {rock}"), &all), "mining and minerals");
        assert_eq!(matching(&all, "bang").first().map(|(_, s)| s.title.as_str()), Some("Dice and what faces mean"));
        let events = [
            crate::rules::log::GameEvent::EventCard {
                name: "They Are Awake".into(),
                text: String::new(),
                dwarf: crate::data::weapons::DwarfClass::Scout,
            },
            crate::rules::log::GameEvent::Chop { dwarf: crate::data::weapons::DwarfClass::Scout, successes: 1 },
            crate::rules::log::GameEvent::Drilled { at: crate::rules::hex::Qr { q: 1, r: 1 } },
        ];
        for e in &events {
            let t = crate::screen::words::topic(e).expect("a topic");
            assert!(titles.iter().any(|x| x == t), "{t} is not a section: {titles:?}");
        }
        // A question's answers send F2 to their kind's section, whatever the question names: "Put
        // Stun on a weapon" opened the Throwables by its word "weapon".
        use crate::rules::command::ChoiceKind::*;
        let kinds =
            [AxeSuccess, DamageChain, Area, KeepDie, Scare, Reaction, Offer, Reroll, Double, AlsoAt, UpgradeSlot, Flames, Space, Continue];
        for kind in kinds {
            let t = crate::screen::words::choice_topic(kind);
            assert!(titles.iter().any(|x| x == t), "{kind:?}: {t} is not a section");
        }
        let hint = format!("Put Stun on a weapon (F2: \"{}\")", crate::screen::words::choice_topic(UpgradeSlot));
        assert_eq!(search_for(&hint, &all), "weapon upgrades");
    }

    #[test]
    fn a_log_line_is_looked_up_by_the_section_it_names() {
        let all = vec![
            Section { title: "The Scout".into(), body: "He flies.".into() },
            Section { title: "The Event deck".into(), body: "Cards.".into() },
        ];
        assert_eq!(search_for("Log: The Scout draws They Are Awake (F2: \"The Event deck\")", &all), "the event deck");
        assert_eq!(search_for("Log: The Scout draws a card (F2: \"No such section\")", &all), "the scout");
    }

    #[test]
    fn what_the_pointer_rests_on_is_looked_up_by_its_name_or_its_first_known_word() {
        let all = sections("## Web Spitter\nSpits webs.\n## Rocks\nA stalagmite blocks sight.\n");
        assert_eq!(
            search_for("(9, 4) - floor - Glyphid Web Spitter 2/2 Health - activates 1 of 4", &all),
            "web spitter",
            "a title it names"
        );
        assert_eq!(search_for("stalagmite: blocks movement and sight", &all), "stalagmite", "no title: the first word a text holds");
        assert_eq!(search_for("(3, 4) - floor", &all), "");
        assert_eq!(
            search_for("Glyphid Grunt 1/1 Health - activates 1 of 1: blocks", &all),
            "blocks",
            "no title holds a word of it: a word a text holds"
        );
        assert_eq!(search_for("a Spitter that blocks", &all), "spitter", "a title's word before a text's longer one");
    }

    /// Backspace takes a letter back and Delete clears the search, as its line says.
    #[test]
    fn backspace_takes_a_letter_back_and_delete_clears() {
        let mut search = "deep pit".to_string();
        edit(&mut search, &Key::Backspace);
        assert_eq!(search, "deep pi");
        edit(&mut search, &Key::Character("t".into()));
        edit(&mut search, &Key::Delete);
        assert_eq!(search, "");
    }

    /// Typing a search that no longer finds the section open opens the first it finds; one that
    /// still finds it leaves it open; one that finds nothing leaves the page as it was.
    #[test]
    fn the_section_open_follows_the_search() {
        let all = sections("## Moving\nWalk.\n## Line of sight\nMoving creatures block no shot.\n## Stalagmites\nRock.\n");
        assert_eq!(open_among(&all, "stala", 0), 2);
        assert_eq!(open_among(&all, "moving", 1), 1, "Line of sight holds the word: it stays open");
        assert_eq!(open_among(&all, "zipline", 1), 1);
    }

    /// An arrow that moves the focus down the list opens the section it lands on; the focus on
    /// Back, past the list, leaves the page as it is.
    #[test]
    fn the_arrows_open_the_section_they_reach() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_message::<KeyboardInput>().init_resource::<super::super::Focus>().init_resource::<Reading>();
        let all = sections("## Moving\nWalk.\n## Line of sight\nSee.\n## Stalagmites\nRock.\n");
        app.insert_resource(Reference(Ok(all))).add_systems(Update, open_focused);
        let press = |app: &mut App, key_code: KeyCode, at: usize| {
            app.world_mut().resource_mut::<super::super::Focus>().at = at;
            key(app, key_code, Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified));
            app.world().resource::<Reading>().open
        };
        assert_eq!(press(&mut app, KeyCode::ArrowDown, 1), 1, "Line of sight");
        assert_eq!(press(&mut app, KeyCode::ArrowDown, 2), 2, "Stalagmites");
        assert_eq!(press(&mut app, KeyCode::ArrowDown, 3), 2, "Back: the page stays");
        assert_eq!(press(&mut app, KeyCode::ArrowUp, 0), 0, "Moving");
        assert_eq!(press(&mut app, KeyCode::KeyM, 2), 0, "a letter is the search's, not a move");
    }

    /// A key pressed, and an update.
    fn key(app: &mut App, key_code: KeyCode, logical_key: Key) {
        let state = bevy::input::ButtonState::Pressed;
        app.world_mut().write_message(KeyboardInput {
            key_code,
            logical_key,
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }

    /// A key that types nothing (Page Down) leaves the reading untouched, so the page is not built
    /// again, scrolled back to its top (Page Down did nothing); a letter is typed.
    #[test]
    fn page_down_does_not_build_the_page_again() {
        #[derive(Resource, Default)]
        struct Built(u32);
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<KeyboardInput>()
            .init_resource::<super::super::Focus>()
            .init_resource::<Reading>()
            .init_resource::<Built>()
            .insert_resource(Reference(Ok(sections("## Moving\nWalk.\n## Mining\nDig.\n"))))
            .add_systems(Update, (typing, (|mut b: ResMut<Built>| b.0 += 1).run_if(resource_changed::<Reading>)).chain());
        let press = |app: &mut App, key_code: KeyCode, logical_key: Key| {
            key(app, key_code, logical_key);
            app.world().resource::<Built>().0
        };
        app.update();
        assert_eq!(press(&mut app, KeyCode::PageDown, Key::PageDown), 1, "built once, at the start");
        assert_eq!(press(&mut app, KeyCode::KeyM, Key::Character("m".into())), 2, "a letter searches");
        assert_eq!(app.world().resource::<Reading>().search, "m");
    }

    /// The Sentry Gun under the pointer looks up the Engineer's section, not the Health its words
    /// also name.
    #[test]
    fn the_sentry_gun_is_looked_up_in_the_engineers_section() {
        let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/reference.md"))
            .expect("assets/reference.md");
        let all = sections(&text);
        let token = crate::rules::components::Token::SentryGun { health: 1 };
        let described = format!("(7, 5) - floor - {}", crate::screen::play::token_words(&token));
        let search = search_for(&described, &all);
        assert_eq!(matching(&all, &search).first().map(|(_, s)| s.title.as_str()), Some("The Engineer"), "{described}: {search}");
    }

    /// A pickup under the pointer looks up the pickups' section (its description names it a pickup).
    #[test]
    fn a_pickup_is_looked_up_in_the_pickups_section() {
        let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/reference.md"))
            .expect("assets/reference.md");
        let all = sections(&text);
        let red_sugar = crate::data::mission::Pickup::RedSugar;
        let described = format!("(12, 5) - floor - {}", crate::screen::play::pickup_words(red_sugar));
        let search = search_for(&described, &all);
        assert_eq!(matching(&all, &search).first().map(|(_, s)| s.title.as_str()), Some("Unknown pickups"), "{described}: {search}");
    }

    #[test]
    fn the_shipped_reference_has_its_sections_each_titled_once_and_filled() {
        let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/reference.md"))
            .expect("assets/reference.md");
        let all = sections(&text);
        assert!(all.len() >= 30, "{} sections", all.len());
        for (i, s) in all.iter().enumerate() {
            assert!(!s.body.is_empty(), "{} is empty", s.title);
            assert!(all[..i].iter().all(|o| o.title != s.title), "{} twice", s.title);
        }
        for topic in ["Deep Dive", "For Karl!", "Reaction shots", "Stalagmites", "BOSCO"] {
            assert!(all.iter().any(|s| s.title == topic), "no section on {topic}");
        }
    }
}
