//! The Resupply pod (rulebook "Call down a Resupply pod"): one pod token on an empty floor space,
//! with its card's ammo and Health; a new call moves it and discards what was left.

use super::cave::{Cave, NotEmpty};
use super::components::*;
use super::decks::Decks;
use super::effects::Effects;
use super::hex::canonical;
use super::log::GameEvent;
use hexx::Hex;

/// Where a pod may land: on empty floor (not a Tunnel Exit, no figure, no token).
pub fn pod_may_land(cave: &Cave, h: Hex) -> Result<(), &'static str> {
    cave.empty_floor(h).map_err(|why| match why {
        NotEmpty::NotFloor => "a Resupply pod lands only on open floor",
        NotEmpty::TunnelExit => "a Resupply pod cannot land on a Tunnel Exit",
        NotEmpty::Taken => "a Resupply pod needs an empty space",
    })
}

/// Every space a pod may land on, nearest `anchor` by walking distance first, then canonical
/// order; the spaces no walk reaches last (a Supply Drop's choice, ruling 31).
pub fn pod_spaces(cave: &Cave, anchor: Hex) -> Vec<Hex> {
    let walked = super::spawn::walking_distances(cave, anchor);
    let mut spaces: Vec<Hex> = cave.board.spaces.keys().copied().filter(|h| pod_may_land(cave, *h).is_ok()).collect();
    spaces.sort_by_key(|h| (walked.get(h).copied().unwrap_or(u32::MAX), canonical(*h)));
    spaces
}

/// Land the pod at a space: the old pod (and what was left on its card) goes, a new card is drawn.
pub fn land_pod(cave: &Cave, decks: &mut Decks, fx: &mut Effects, at: Hex) {
    for pod in cave.tokens.iter() {
        if let Token::ResupplyPod { card, .. } = pod.token {
            decks.resupply.discard(*card as usize);
            fx.commands.entity(pod.entity).despawn();
        }
    }
    let Some(card) = decks.resupply.draw(&mut fx.rng) else { return };
    let c = &cave.data.resupply[card];
    fx.spawn_with_id((Token::ResupplyPod { card: card as u32, primary: c.primary, secondary: c.secondary, health: c.health }, At(at)));
    fx.say(GameEvent::ResupplyLanded { at: at.into(), primary: c.primary, secondary: c.secondary, health: c.health });
}
