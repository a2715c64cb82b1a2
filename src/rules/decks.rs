//! The decks on the table: built at set-up from the data and the hazard level.

use super::deck::{Deck, copies_of, shuffle};
use super::dice::GameRng;
use crate::data::GameData;
use crate::data::mission::Mission;
use bevy::prelude::*;

#[derive(Resource, Debug, Clone, Default)]
pub struct Decks {
    pub events: Deck,
    pub swarms: Deck,
    /// Swarm cards put aside by Double Trouble, resolved with the next swarm.
    pub swarm_aside: Vec<usize>,
    pub rock_and_stone: Deck,
    pub throwables: Deck,
    pub resupply: Deck,
}

impl Decks {
    /// Shuffle the decks for a mission (rulebook "Hazard level"): the special Event cards are set
    /// apart and as many as the hazard level allows are mixed back in; the mission's deck changes
    /// take cards out.
    pub fn build(data: &GameData, mission: &Mission, hazard: u32, rng: &mut GameRng) -> Decks {
        let removed = |name: &String| mission.deck_changes.remove.contains(name);
        let mut specials = copies_of(&data.events, |c| c.copies, |c| c.special && !removed(&c.name));
        shuffle(&mut specials, rng);
        let by_hazard = &data.numbers.special_cards_by_hazard;
        let level = (hazard.max(1) as usize).min(by_hazard.len()) - 1;
        specials.truncate(by_hazard.get(level).copied().unwrap_or(0) as usize);
        let mut events = copies_of(&data.events, |c| c.copies, |c| !c.special && !removed(&c.name));
        events.extend(specials);
        Decks {
            events: Deck::shuffled(events, rng),
            swarms: Deck::shuffled(copies_of(&data.swarms, |c| c.copies, |_| true), rng),
            swarm_aside: vec![],
            rock_and_stone: Deck::shuffled(copies_of(&data.rock_and_stone, |c| c.copies, |_| true), rng),
            throwables: Deck::shuffled((0..data.throwables.len()).collect(), rng),
            resupply: Deck::shuffled((0..data.resupply.len()).collect(), rng),
        }
    }
}
