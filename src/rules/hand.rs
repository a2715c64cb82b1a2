//! Cards in hand: the Rock and Stone and Throwable cards a Dwarf holds. Every Dwarf starts with one
//! of each (rulebook "Player setup"); more come from kills, Barley Bulbs and cards.

use super::RulesStep;
use super::agenda::{CurrentJob, Job, JobKind};
use super::cave::Cave;
use super::components::*;
use super::decks::Decks;
use super::dice::GameRng;
use super::effects::Effects;
use super::log::GameEvent;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(RulesStep::Job(JobKind::DrawCards), draw_cards);
}

/// Draw cards into a hand.
pub fn deal(decks: &mut Decks, rng: &mut GameRng, hand: &mut Hand, rock_and_stone: u32, throwables: u32) {
    for _ in 0..rock_and_stone {
        if let Some(c) = decks.rock_and_stone.draw(rng) {
            hand.rock_and_stone.push(c);
        }
    }
    for _ in 0..throwables {
        if let Some(c) = decks.throwables.draw(rng) {
            hand.throwables.push(c);
        }
    }
}

fn draw_cards(cave: Cave, mut job: ResMut<CurrentJob>, mut decks: ResMut<Decks>, mut hands: Query<&mut Hand>, mut fx: Effects) {
    let Some(Job::DrawCards { seat, rock_and_stone, throwables }) = job.0.take() else { return };
    let Some(d) = cave.dwarf_in_seat(seat) else { return };
    let Ok(mut hand) = hands.get_mut(d.entity) else { return };
    deal(&mut decks, &mut fx.rng, &mut hand, rock_and_stone, throwables);
    fx.say(GameEvent::CardsDrawn { dwarf: d.dwarf.class, rock_and_stone, throwables });
}
