//! hoxxes: Deep Rock Galactic: The Board Game, with the computer keeping the books and running the
//! creatures.

pub mod data;
pub mod headless;
pub mod rules;
pub mod save;
pub mod screen;
pub mod sim;
