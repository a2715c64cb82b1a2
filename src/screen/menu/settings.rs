//! Settings: the creatures'-turn speed, animations, the size of the text and panels, a window or
//! full screen; kept in the settings file as soon as one is changed.

use super::{Clicked, MenuButton, MenuInput, button, frame, row, says, words};
use crate::screen::front::Screen;
use crate::screen::play::pace::{Pace, Speed};
use crate::screen::settings::{Settings, UI_SCALES};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, apply_settings)
        .add_systems(OnEnter(Screen::Settings), (super::reset_focus, build, focus_in_use).chain())
        .add_systems(
            Update,
            (press.after(MenuInput), build_again.run_if(resource_changed::<Settings>)).chain().run_if(in_state(Screen::Settings)),
        )
        .add_systems(Update, keep);
}

/// The settings file read at start-up; a broken one is named on the main menu and the defaults
/// are used.
pub fn apply_settings(mut commands: Commands, mut pace: ResMut<Pace>, mut said: ResMut<super::title::Said>) {
    let settings = Settings::read().unwrap_or_else(|p| {
        said.0 = format!("{p}; the default settings are used");
        Settings::default()
    });
    pace.speed = settings.speed;
    commands.insert_resource(settings);
}

#[derive(Component, Clone, Copy, Debug)]
enum Entry {
    Speed(Speed),
    Animations(bool),
    Scale(usize),
    FullScreen(bool),
    Back,
}

const SPEEDS: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

/// The keyboard's focus starts on the speed in use, the first row's picked button, not on the row's
/// first button: the focus's outline on Slow beside a lit Normal read as two choices.
fn focus_in_use(settings: Res<Settings>, mut focus: ResMut<super::Focus>) {
    focus.at = SPEEDS.iter().position(|s| *s == settings.speed).unwrap_or(0);
}

/// Keep the settings in their file as soon as they change, here or by a key at the table (Tab,
/// F11); not when they were just read, so that a broken file stays as it is until the player
/// changes a setting. What went wrong is said on the main menu, and in the bar at the table.
fn keep(settings: Option<Res<Settings>>, mut said: ResMut<super::title::Said>, notice: Option<ResMut<crate::screen::play::Notice>>) {
    if let Some(settings) = settings.filter(|s| s.is_changed() && !s.is_added())
        && let Err(e) = settings.write()
    {
        said.0 = format!("the settings could not be kept: {e}");
        if let Some(mut notice) = notice {
            notice.0.clone_from(&said.0);
        }
    }
}

fn build(mut commands: Commands, settings: Res<Settings>) {
    frame(&mut commands, Screen::Settings, "Settings", |b| {
        row(b, |r| {
            words(r, "Creatures' turn", 18.0, super::DIM);
            for speed in SPEEDS {
                let tip = format!(
                    "Each step of the cave's turn stays {} s on screen (Tab changes it during play, Space skips the turn)",
                    speed.seconds()
                );
                let name = crate::screen::words::capitalised(speed.name());
                button(r, name, Entry::Speed(speed), MenuButton { picked: settings.speed == speed, tip, ..default() });
            }
        });
        row(b, |r| {
            words(r, "Animations", 18.0, super::DIM);
            for (on, name) in [(true, "On"), (false, "Off")] {
                let tip = if on { "Figures walk their paths" } else { "Figures jump to their new spaces at once" };
                button(r, name, Entry::Animations(on), MenuButton { picked: settings.animations == on, tip: tip.into(), ..default() });
            }
        });
        row(b, |r| {
            words(r, "Text and panels", 18.0, super::DIM);
            for (i, s) in UI_SCALES.iter().enumerate() {
                let tip = "The size of the text, buttons and panels (on top of the window's own size)";
                button(
                    r,
                    format!("{}%", (s * 100.0).round()),
                    Entry::Scale(i),
                    MenuButton { picked: settings.ui_scale == *s, tip: tip.into(), ..default() },
                );
            }
        });
        row(b, |r| {
            words(r, "Window", 18.0, super::DIM);
            for (full, name) in [(false, "In a window"), (true, "Full screen")] {
                let tip = if full {
                    "The game fills the screen (F11 switches, on any screen)"
                } else {
                    "The game in a window of its own (F11 switches)"
                };
                button(r, name, Entry::FullScreen(full), MenuButton { picked: settings.full_screen == full, tip: tip.into(), ..default() });
            }
        });
        let file = crate::screen::settings::file().map(|f| f.display().to_string()).unwrap_or_else(|e| e);
        words(b, format!("Kept in {file}"), 14.0, super::DIM);
        button(b, "Back", Entry::Back, says("Back to the main menu (Escape)"));
    });
}

fn build_again(mut commands: Commands, roots: Query<Entity, With<super::MenuRoot>>, settings: Res<Settings>) {
    for e in &roots {
        commands.entity(e).despawn();
    }
    build(commands, settings);
}

fn press(
    mut clicked: MessageReader<Clicked>,
    entries: Query<&Entry>,
    mut settings: ResMut<Settings>,
    mut pace: ResMut<Pace>,
    mut next: ResMut<NextState<Screen>>,
) {
    for Clicked(e) in clicked.read() {
        let Ok(entry) = entries.get(*e) else { continue };
        match *entry {
            Entry::Speed(s) => {
                settings.speed = s;
                pace.speed = s;
            }
            Entry::Animations(on) => settings.animations = on,
            Entry::Scale(i) => settings.ui_scale = UI_SCALES[i],
            Entry::FullScreen(full) => settings.full_screen = full,
            Entry::Back => next.set(Screen::Title),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On the Settings screen the focus is first on the speed in use.
    #[test]
    fn the_focus_starts_on_the_speed_in_use() {
        let mut app = App::new();
        app.insert_resource(Settings { speed: Speed::Fast, ..default() })
            .init_resource::<super::super::Focus>()
            .add_systems(Update, focus_in_use);
        app.update();
        assert_eq!(app.world().resource::<super::super::Focus>().at, 2);
    }
}
