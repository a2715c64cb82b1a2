//! The one way rules change the table: deferred entity changes, the log, the pile and the dice.

use super::agenda::Agenda;
use super::components::Id;
use super::dice::{ForcedDice, GameRng, roll_all};
use super::for_karl::KarlWindow;
use super::log::{DieRoll, GameEvent, GameLog, Who};
use super::state::{Mule, NextId, Placed};
use crate::data::GameData;
use crate::data::dice::DieKind;
use bevy::ecs::component::Mutable;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

#[derive(SystemParam)]
pub struct Effects<'w, 's> {
    pub commands: Commands<'w, 's>,
    pub log: ResMut<'w, GameLog>,
    pub mule: ResMut<'w, Mule>,
    pub ids: ResMut<'w, NextId>,
    /// Creatures placed by this update's systems and not yet on the table.
    pub placed: ResMut<'w, Placed>,
    pub rng: ResMut<'w, GameRng>,
    pub forced: ResMut<'w, ForcedDice>,
    pub messages: MessageWriter<'w, GameEvent>,
    /// Jobs a change sets off (a creature's death, a swarm step).
    pub agenda: ResMut<'w, Agenda>,
    /// A roll held for For Karl! (ruling 32).
    pub karl: ResMut<'w, KarlWindow>,
}

impl Effects<'_, '_> {
    /// Record an event in the game log and tell the screen.
    pub fn say(&mut self, e: GameEvent) {
        self.messages.write(e.clone());
        self.log.push(e);
    }

    /// Log a shot fired at a space, naming who stands there, before its dice are rolled.
    pub fn fired(&mut self, cave: &super::cave::Cave, who: Who, weapon: &str, at: hexx::Hex) {
        self.say(GameEvent::Fired { who, weapon: weapon.to_string(), at: at.into(), aimed_at: cave.figure_at(at) });
    }

    /// Roll dice for someone and log the faces.
    pub fn roll(&mut self, who: Who, dice: &[(DieKind, u32)], data: &GameData) -> Result<Vec<DieRoll>, String> {
        let rolls = roll_all(dice, data, &mut self.rng, &mut self.forced)?;
        self.say(GameEvent::Rolled { who, dice: rolls.clone() });
        Ok(rolls)
    }

    /// Change one component of a figure when this update's changes land, on top of whatever
    /// else changed it meanwhile: a condition one rule sets is not undone by another rule that
    /// read the figure before it (systems read the world but write through deferred commands).
    pub fn change<T: Component<Mutability = Mutable>>(&mut self, e: Entity, f: impl FnOnce(&mut T) + Send + Sync + 'static) {
        self.commands.entity(e).entry::<T>().and_modify(move |mut v| f(&mut v));
    }

    pub fn spawn_with_id(&mut self, bundle: impl Bundle) -> (Entity, Id) {
        let id = self.ids.take();
        (self.commands.spawn((id, bundle)).id(), id)
    }
}
