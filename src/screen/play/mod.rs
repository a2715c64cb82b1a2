//! Playing at the table: the one layer that turns the players' keys and clicks into commands. It
//! holds no rule: what may be done comes from the rules' legal-moves query ([`LegalNow`]), and a
//! choice is always one of the query's offers, sent as it is.
//!
//! `logic` is the part a headless test drives (input messages in, commands out); `view`, `input`,
//! `marks`, `named` and `pace` are the window's: the action bar and prompt, the pointer, the lit
//! spaces, what a log line names ringed on the cave, the creatures' turn played at a speed.

mod banner;
pub mod coach;
pub mod dice;
pub mod history;
mod input;
mod keys;
mod logic;
mod marks;
mod named;
pub mod pace;
mod record;
pub mod view;
mod watch;

pub use banner::DebriefChoice;
pub use banner::Tally;
pub use coach::Coach;
pub use history::{Game, History, Rewind};
pub use input::{ByKeys, Hovered};
pub use keys::{key_of, label};
pub use logic::{
    ExchangeDraft, LegalNow, Listing, MOST_CHOICES, Notice, Pick, PlayerInput, Selection, SpaceDraft, SuppliesDraft, Welcome, WhyNotHere,
    choices, listing,
};
pub use marks::MARKS;
pub use record::Record;
pub use view::{Pointed, pickup_words, token_words};
pub use watch::Watching;

use bevy::prelude::*;

/// The part of play that needs no window: the query kept up to date, input turned into commands,
/// the Tutorial's coach, the pace of the creatures' turn, the record of the game.
pub fn logic_plugin(app: &mut App) {
    logic::plugin(app);
    coach::plugin(app);
    pace::plugin(app);
    record::plugin(app);
    history::plugin(app);
    watch::plugin(app);
}

pub use crate::screen::front::Screen;

/// The window's part: pointer and keys, the action bar and prompt, the lit spaces, the banners;
/// their systems run while the table is up ([`crate::screen::front::AtTable`]).
pub fn view_plugin(app: &mut App) {
    app.add_systems(Update, (to_debrief.run_if(in_state(Screen::Mission)), to_table.run_if(in_state(Screen::Debrief))));
    input::plugin(app);
    view::plugin(app);
    marks::plugin(app);
    named::plugin(app);
    banner::plugin(app);
    dice::plugin(app);
}

/// Once the mission has ended, the debrief.
fn to_debrief(outcome: Res<crate::rules::end::Outcome>, mut next: ResMut<NextState<Screen>>) {
    if outcome.0.is_some() {
        next.set(Screen::Debrief);
    }
}

/// A mission taken back from its end (watching a game, stepping back) returns to the table.
fn to_table(outcome: Res<crate::rules::end::Outcome>, mut next: ResMut<NextState<Screen>>) {
    if outcome.0.is_none() {
        next.set(Screen::Mission);
    }
}
