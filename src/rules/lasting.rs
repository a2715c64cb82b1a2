//! "Until your next turn" (rulebook "Various effects": Inhibited, L.U.R.E.; content.md, Throwables):
//! what a Dwarf's Throwables and cards leave on the cave ends when his next turn starts. Entities
//! marked `UntilNextTurn` with his seat go (the L.U.R.E., Incendiary flames, the Phosphor Flare's
//! and the Inhibitor Field's areas, a Lights Up! flare) and creatures lose his Corroded and Inhibited
//! marks. Class gear and tokens that wait to be set off (mines, charges) are not marked. Flames and
//! Flares from cards have no `Owner`: they are not the Dwarf's gear and do not count against it.

use super::RulesSet;
use super::cave::Cave;
use super::components::*;
use super::effects::Effects;
use super::log::GameEvent;
use super::state::{RulesResource, Turn};
use bevy::prelude::*;

/// Marks what ends when the next turn of the Dwarf in this seat starts.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct UntilNextTurn(pub u32);

/// The turn whose start was last looked at. A resource of the rules, not a system's `Local`, so a game
/// cleared and played again (undo, load) ends the same things at the same turns.
#[derive(Resource, Default)]
struct Seen(u32);

pub fn plugin(app: &mut App) {
    app.rules_resource::<Seen>().add_systems(Update, end_lasting.in_set(RulesSet::Jobs).after(super::JobsLeft).run_if(turn_begun));
}

/// Run condition: a turn has begun since [`end_lasting`] last looked.
fn turn_begun(turn: Res<Turn>, seen: Res<Seen>) -> bool {
    turn.number != seen.0
}

/// When a new turn has started, everything its Dwarf left "until your next turn" ends.
fn end_lasting(cave: Cave, turn: Res<Turn>, mut seen: ResMut<Seen>, marked: Query<(Entity, &UntilNextTurn)>, mut fx: Effects) {
    seen.0 = turn.number;
    let seat = turn.seat;
    let mut ended = 0;
    for (e, _) in marked.iter().filter(|(_, o)| o.0 == seat) {
        // Another rule may take the same token back this update (a Flame's owner): no warning.
        fx.commands.entity(e).try_despawn();
        ended += 1;
    }
    for c in cave.creatures.iter().filter(|c| c.status.corroded_by == Some(seat)) {
        fx.change::<CreatureStatus>(c.entity, move |s| s.corroded_by = s.corroded_by.filter(|by| *by != seat));
        ended += 1;
    }
    if let (true, Some(d)) = (ended > 0, cave.dwarf_in_seat(seat)) {
        fx.say(GameEvent::LastingEnded { dwarf: d.dwarf.class });
    }
}
