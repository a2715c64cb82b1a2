//! hoxxes: Deep Rock Galactic: The Board Game, with the computer keeping the books and running the
//! creatures.

// Bevy systems name their world access in their parameters: a query's tuple type and a system's
// list of resources are long by nature (the lints Bevy's own project template turns off too).
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

pub mod data;
pub mod headless;
pub mod rules;
pub mod save;
pub mod screen;
pub mod sim;
