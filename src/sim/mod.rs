//! The simulator: bots that play whole games headless, choosing only among the commands the rules'
//! legal-moves query lists; the checks made after every command; the report of many games.
//! `hoxxes simulate` is its command line.

pub mod bot;
pub mod cli;
pub mod dive;
pub mod game;
mod greedy;
pub mod report;

pub use bot::{Bot, BotKind};
pub use game::{GameRecord, play};
