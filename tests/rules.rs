//! The rules engine's tests: each builds a small position, applies commands with forced dice and
//! checks the outcome, refusals included. One binary with modules keeps linking cheap.

mod rules {
    pub mod common;
    mod chop;
    mod cli;
    mod creatures;
    mod decks;
    mod ending;
    mod events;
    mod missions;
    mod movement;
    mod playable;
    mod shoot;
    mod turns;
    mod upgrades;
    mod validate;
    mod kit_supplies;
    mod kit_cards;
    mod kit_classes;
    mod legal;
    mod screen;
    mod history;
    mod dive;
    mod bad_input;
}
