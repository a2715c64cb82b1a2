//! The rules reference: the game's rules in our own words, with the rulings, in sections
//! (`assets/reference.md`, a `## Title` line opening each). Type to search; the sections that match
//! are listed, their titles first; pick one to read it.

use super::{Clicked, MenuButton, MenuInput, button, frame, says, words};
use crate::data::assets_dir;
use crate::screen::front::Screen;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<Reading>()
        .add_systems(OnEnter(Screen::Rules), (super::reset_focus, load, build).chain())
        .add_systems(Update, (typing, press.after(MenuInput), build_again.run_if(resource_changed::<Reading>)).chain().run_if(in_state(Screen::Rules)));
}

/// One section of the reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub title: String,
    pub body: String,
}

/// The reference's sections, or why the file could not be read.
#[derive(Resource, Clone, Debug)]
pub struct Reference(pub Result<Vec<Section>, String>);

/// Split the reference text into its sections; text before the first title is no section.
pub fn sections(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            out.push(Section { title: title.trim().to_string(), body: String::new() });
        } else if let Some(s) = out.last_mut() {
            s.body.push_str(line);
            s.body.push('\n');
        }
    }
    for s in &mut out {
        s.body = s.body.trim().to_string();
    }
    out
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

/// Sections listed at once.
const LISTED: usize = 17;

fn build(mut commands: Commands, reference: Res<Reference>, reading: Res<Reading>) {
    frame(&mut commands, Screen::Rules, "Rules reference", |b| {
        let all = match &reference.0 {
            Ok(all) => all,
            Err(e) => {
                words(b, e.clone(), 16.0, super::AMBER);
                button(b, "Back", Entry::Back, says("Back to the main menu (Escape)"));
                return;
            }
        };
        let found = matching(all, &reading.search);
        let search = if reading.search.is_empty() { "type to search".to_string() } else { format!("{}_", reading.search) };
        words(b, format!("Search: {search}   ({} of {} sections)", found.len(), all.len()), 16.0, super::DIM);
        b.spawn(Node { column_gap: px(24.0), flex_grow: 1.0, width: percent(100.0), ..default() }).with_children(|cols| {
            cols.spawn(Node { flex_direction: FlexDirection::Column, row_gap: px(2.0), width: px(300.0), flex_shrink: 0.0, ..default() }).with_children(|list| {
                for (i, s) in found.iter().take(LISTED) {
                    button(list, s.title.clone(), Entry::Section(*i), MenuButton { picked: *i == reading.open, tip: format!("Read: {}", s.title), small: true, ..default() });
                }
                if found.len() > LISTED {
                    words(list, format!("and {} more: type to narrow", found.len() - LISTED), 14.0, super::DIM);
                }
                button(list, "Back", Entry::Back, says("Back to the main menu (Escape)"));
            });
            cols.spawn(Node { flex_direction: FlexDirection::Column, row_gap: px(8.0), flex_grow: 1.0, flex_basis: px(0.0), min_width: px(0.0), overflow: Overflow::clip(), ..default() }).with_children(|page| {
                if let Some(s) = all.get(reading.open) {
                    words(page, s.title.clone(), 24.0, crate::screen::look::PAPER);
                    words(page, s.body.clone(), 16.0, crate::screen::look::PAPER);
                }
            });
        });
    });
}

fn build_again(mut commands: Commands, roots: Query<Entity, With<super::MenuRoot>>, reference: Res<Reference>, reading: Res<Reading>) {
    for e in &roots {
        commands.entity(e).despawn();
    }
    build(commands, reference, reading);
}

/// Letters and digits typed go into the search; Backspace takes one back.
fn typing(mut keys: MessageReader<KeyboardInput>, mut reading: ResMut<Reading>, mut focus: ResMut<super::Focus>) {
    for k in keys.read() {
        if !k.state.is_pressed() {
            continue;
        }
        match &k.logical_key {
            Key::Backspace => {
                reading.search.pop();
            }
            Key::Character(c) if c.chars().all(|c| c.is_alphanumeric() || c == ' ' || c == '.') && reading.search.len() < 40 => reading.search.push_str(c),
            Key::Space if reading.search.len() < 40 => reading.search.push(' '),
            _ => continue,
        }
        focus.at = 0;
    }
}

fn press(mut clicked: MessageReader<Clicked>, entries: Query<&Entry>, mut reading: ResMut<Reading>, mut next: ResMut<NextState<Screen>>) {
    for Clicked(e) in clicked.read() {
        match entries.get(*e) {
            Ok(Entry::Section(i)) => reading.open = *i,
            Ok(Entry::Back) => next.set(Screen::Title),
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_splits_into_sections_and_a_search_finds_titles_first() {
        let text = "intro\n## Moving\nA Dwarf moves.\n\n## Line of sight\nMoving creatures block no shot.\n";
        let all = sections(text);
        assert_eq!(all.len(), 2);
        assert_eq!(all[0], Section { title: "Moving".into(), body: "A Dwarf moves.".into() });
        let found: Vec<&str> = matching(&all, "moving").iter().map(|(_, s)| s.title.as_str()).collect();
        assert_eq!(found, ["Moving", "Line of sight"]);
        assert!(matching(&all, "zipline").is_empty());
    }
}
