//! A whole Deep Dive played headless by a bot: each mission to its end, what the Dwarves aboard
//! carry taken on to the next (rulebook "Deep Dive campaign"), a lost mission replayed fresh up to
//! `replays` times before the dive is given up (ruling 41).

use super::bot::BotKind;
use super::game::play_to_end;
use crate::data::GameData;
use crate::data::mission::Mission;
use crate::rules::dive::carry_over;
use crate::rules::end::Result as MissionResult;
use crate::save::dive::{Dive, DiveState, Leg};

/// Play the dive from where it stands to its end. `missions` are the dive's three, in order.
pub fn whole_dive(data: &GameData, missions: &[Mission], mut dive: Dive, bot: BotKind, replays: u32) -> Result<Dive, String> {
    while !dive.over() {
        if dive.state == DiveState::MissionLost {
            if dive.attempt >= replays {
                dive.give_up();
                break;
            }
            dive.replay_lost();
        }
        let mission = missions.get(dive.at).ok_or_else(|| format!("the dive has no mission {}", dive.at + 1))?;
        let mut app = play_to_end(data, mission, &dive.setup(), bot).map_err(|e| format!("{}: {e}", mission.name))?;
        let lost = app.world().resource::<crate::rules::end::Outcome>().0.as_ref().is_none_or(|e| e.result == MissionResult::Loss);
        let carried = if lost { vec![] } else { carry_over(app.world_mut()) };
        let leg = Leg::of(app.world(), &mission.name, &carried).ok_or_else(|| format!("{}: the mission did not end", mission.name))?;
        dive.mission_over(leg, carried);
    }
    Ok(dive)
}
