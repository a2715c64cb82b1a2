//! The rules engine's tests: each builds a small position, applies commands with forced dice and
//! checks the outcome, refusals included. One binary with modules keeps linking cheap.

mod rules {
    mod bad_input;
    mod chop;
    mod cli;
    pub mod common;
    mod creatures;
    mod decks;
    mod dive;
    mod ending;
    mod events;
    mod history;
    mod kit_cards;
    mod kit_classes;
    mod kit_supplies;
    mod layers;
    mod legal;
    mod missions;
    mod movement;
    mod playable;
    mod screen;
    mod shoot;
    mod turns;
    mod upgrades;
    mod validate;
}
