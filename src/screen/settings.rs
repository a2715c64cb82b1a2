//! The player's settings, kept in `settings.ron` in the game's data folder: the creatures'-turn
//! speed, animations on or off, the size of the text and panels, a window or full screen. A broken
//! file is named with its line and what is wrong, and the game goes on with the defaults (the file
//! is left as it is until the settings are changed).

use super::play::pace::Speed;
use crate::data::load::Problem;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// How long each step of the creatures' turn stays on screen.
    pub speed: Speed,
    /// Figures glide along their paths and banners fade; off, everything is at once.
    pub animations: bool,
    /// The panels and text, times the window's own scale.
    pub ui_scale: f32,
    /// The game fills the screen, without the window's frame (F11 switches). A settings file
    /// kept before this was asked is read as a window.
    pub full_screen: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { speed: Speed::Normal, animations: true, ui_scale: 1.0, full_screen: false }
    }
}

/// The sizes offered for the text and panels.
pub const UI_SCALES: [f32; 5] = [0.8, 1.0, 1.2, 1.4, 1.6];

pub fn file() -> Result<PathBuf, String> {
    crate::save::folder::data_dir().map(|d| d.join("settings.ron"))
}

impl Settings {
    /// The settings file, or the defaults when there is none; a broken one is an error.
    pub fn read() -> Result<Settings, Problem> {
        let Some((s, name)) = crate::save::read_kept::<Settings>(&file().map_err(Problem)?)? else { return Ok(Settings::default()) };
        if !UI_SCALES.contains(&s.ui_scale) {
            return Err(Problem(format!("{name}: ui_scale {} is not one of {UI_SCALES:?}", s.ui_scale)));
        }
        Ok(s)
    }

    /// Keep the settings, atomically.
    pub fn write(&self) -> Result<(), String> {
        crate::save::write_kept(&file()?, self)
    }
}
