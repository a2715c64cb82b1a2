//! For Karl! (ruling 32): the card rerolls every die of one roll just made: a Dwarf's or BOSCO's
//! shot, throw, axe chop or Mineral die, or a creature's attack roll; the second result stands.
//!
//! While a Dwarf holds the card, such a roll is held here before it counts, and the players are
//! asked whether to play it. The rule that rolled names what the roll is for (`AfterRoll`) and
//! keeps anything else it needs; once the roll is let stand or rerolled, that rule's own system
//! (run condition `released`) takes the dice back and carries on. With no For Karl! in any hand
//! nothing is held and the rule goes straight on.

use super::cave::Cave;
use super::command::{Answer, Command, Desk, Pending, ask, needless};
use super::components::Hand;
use super::log::{DieRoll, Who};
use crate::data::GameData;
use crate::data::cards::RockAndStoneEffect;
use crate::data::creatures::{Bang, CreatureKind};
use crate::data::dice::{Symbol, hits};
use crate::data::weapons::DwarfClass;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;

/// What a held roll is for: the rule that made it carries on from this once it is released.
#[derive(Clone, Debug, PartialEq)]
pub enum AfterRoll {
    /// A Dwarf's shot (reaction shots too); its state waits in the action in progress.
    Shot,
    /// A Dwarf's reaction shot at the Cave Leech holding the Dwarf in this seat: any hit frees him.
    GrabShot { by: DwarfClass },
    /// A Dwarf's throw; its state waits in the action in progress.
    Throw,
    /// A Satchel Charge set off by the Dwarf who threw it: its card, his seat, its space and area.
    Detonate { card: usize, seat: u32, from: Hex, area: Vec<Hex> },
    /// A Dwarf's axe chop.
    Chop { dwarf: Entity },
    /// The Mineral die, one for each space (a Soil Smasher rolls one per stalagmite), rolled for
    /// `who`: a Dwarf collects what it shows (and any bonus Gold), BOSCO drops it there; a blank may
    /// move the Swarm Threat marker (an Event card).
    Mineral { at: Vec<Hex>, bonus_gold: u32, on_blank_threat: i32 },
    /// A creature's attack on a Dwarf.
    Attack { creature: u32, kind: CreatureKind, dwarf: Entity },
    /// A creature's attack on the Sentry Gun.
    AttackSentry { kind: CreatureKind },
    /// The Brood Nexus's roll: each "!" hatches a Grunt.
    Hatch { at: Hex },
    /// An Exploder going off at a space.
    Explode { at: Hex },
    /// BOSCO's gun at a space, fired from where BOSCO stands.
    BoscoShot { from: Hex, target: Hex },
    /// BOSCO's axe chop.
    BoscoChop,
    /// BOSCO's reaction shot with its light gun at a creature (none: a grab).
    BoscoReaction { from: Hex, creature: Option<u32> },
}

/// A roll waiting for For Karl!, or let stand (or rerolled) and waiting for its rule.
#[derive(Clone, Debug)]
pub struct HeldRoll {
    pub who: Who,
    pub rolls: Vec<DieRoll>,
    pub then: AfterRoll,
    /// The players have let it stand, or For Karl! rerolled it: its rule may go on.
    pub released: bool,
    /// For Karl! rerolled it: choices made on the first dice no longer hold.
    pub rerolled: bool,
}

#[derive(Resource, Default, Debug)]
pub struct KarlWindow(pub Option<HeldRoll>);

impl KarlWindow {
    /// The roll waiting for the players' word, if one is.
    pub fn waiting(&mut self) -> Option<&mut HeldRoll> {
        self.0.as_mut().filter(|h| !h.released)
    }

    /// What the roll waiting for the players' word is for, if one waits.
    pub fn waits_for(&self) -> Option<&AfterRoll> {
        self.0.as_ref().filter(|h| !h.released).map(|h| &h.then)
    }

    /// The released roll for its rule to carry on with.
    pub fn take(&mut self) -> Option<HeldRoll> {
        self.0.take_if(|h| h.released)
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        let_stand.after(super::RulesSet::Take).before(super::RulesSet::Actions).run_if(|w: Res<KarlWindow>| w.0.is_some()),
    );
}

/// The Dwarves' hands, as a rule that rolls reads them: only to ask whether For Karl! is held.
#[derive(SystemParam)]
pub struct ForKarlHands<'w, 's> {
    hands: Query<'w, 's, &'static Hand>,
}

impl ForKarlHands<'_, '_> {
    /// [`karl_in_hand`], the hands read off the cave.
    pub fn in_hand(&self, cave: &Cave) -> bool {
        karl_in_hand(cave, |e| self.hands.get(e).ok())
    }
}

/// Whether a Dwarf who may play a card now (any but an unconscious one) holds one that rerolls
/// the roll just made; `hand_of` finds a Dwarf's hand.
pub fn karl_in_hand<'h>(cave: &Cave, hand_of: impl Fn(Entity) -> Option<&'h Hand>) -> bool {
    // Asked at every roll: the Dwarves as the query gives them, not sorted.
    cave.dwarves.iter().filter(|d| !d.status.unconscious).any(|d| hand_of(d.entity).is_some_and(|h| rerolls(cave, h)))
}

/// The first Dwarf, by seat, who may play a card now and holds one that rerolls the roll just
/// made: the one a held roll waits on.
pub fn karl_holder<'h>(cave: &Cave, hand_of: impl Fn(Entity) -> Option<&'h Hand>) -> Option<DwarfClass> {
    let holds = |d: &crate::rules::cave::DwarfItem| !d.status.unconscious && hand_of(d.entity).is_some_and(|h| rerolls(cave, h));
    cave.dwarves_sorted().into_iter().find(holds).map(|d| d.dwarf.class)
}

/// Whether a hand holds a card that rerolls the roll just made.
fn rerolls(cave: &Cave, h: &Hand) -> bool {
    h.rock_and_stone.iter().any(|c| cave.data.rock_and_stone.get(*c).is_some_and(|r| r.effect == RockAndStoneEffect::RerollLastRoll))
}

/// A roll just made: when a Dwarf holds For Karl! (`karl`), it is held and the players asked;
/// `None` then, and the rule waits for `released`. Otherwise the dice come straight back.
pub fn hold(
    data: &GameData,
    window: &mut KarlWindow,
    pending: &mut Pending,
    karl: bool,
    who: Who,
    rolls: Vec<DieRoll>,
    then: AfterRoll,
) -> Option<Vec<DieRoll>> {
    if !karl || rolls.is_empty() {
        return Some(rolls);
    }
    ask(pending, "For Karl! may reroll every die of this roll now; or let it stand".into(), vec![Answer::Pass]);
    if harmless(data, &who, &then, &rolls) {
        needless(pending, "the creature's roll hurts nobody: a reroll could only do worse");
    }
    window.0 = Some(HeldRoll { who, rolls, then, released: false, rerolled: false });
    None
}

/// A creature's roll that does nothing: nothing the Dwarves would reroll, since a reroll can only
/// hurt them. An attack with no hit and no "!" that does anything (a Grunt's does nothing; on the
/// Sentry Gun only extra damage counts); a Brood Nexus's roll with no "!" (its hits do nothing).
fn harmless(data: &GameData, who: &Who, then: &AfterRoll, rolls: &[DieRoll]) -> bool {
    let Who::Creature { kind, .. } = who else { return false };
    let bang = rolls.iter().any(|r| r.symbols.contains(&Symbol::Bang));
    let hit = rolls.iter().any(|r| hits(&r.symbols) > 0);
    let special = &data.creatures.get(*kind).bang;
    match then {
        AfterRoll::Attack { .. } => !hit && (!bang || *special == Bang::Nothing),
        // On the Sentry Gun a "!" counts only as extra damage (`engineer::sentry_hit`).
        AfterRoll::AttackSentry { .. } => !hit && (!bang || !matches!(special, Bang::Damage(_))),
        AfterRoll::Hatch { .. } => !bang,
        _ => false,
    }
}

/// Run condition: a held roll has been let stand or rerolled.
pub fn any_released(w: Res<KarlWindow>) -> bool {
    w.0.as_ref().is_some_and(|h| h.released)
}

/// Run condition: the held roll is released, and `f` says it is this rule's.
pub fn released(f: fn(&AfterRoll) -> bool) -> impl Fn(Res<KarlWindow>) -> bool + Clone {
    move |w: Res<KarlWindow>| w.0.as_ref().is_some_and(|h| h.released && f(&h.then))
}

/// The players let the held roll stand: the answer is taken here, before any action's own answer
/// system could read it as its own.
pub fn let_stand(mut desk: Desk, mut pending: ResMut<Pending>, mut window: ResMut<KarlWindow>) {
    if !matches!(desk.current.0, Some(Command::Choose(_))) || window.waiting().is_none() {
        return;
    }
    let result = desk.answer(&pending).map(|_| {
        pending.0 = None;
        if let Some(h) = window.waiting() {
            h.released = true;
        }
    });
    desk.settle(result);
}
