//! The Tutorial's coach: a line over the prompt that tells a newcomer what to try next and why,
//! from moving out of the Drop Pod to walking back into it. It holds no rule: what it says comes
//! from the game's log (what the team has done so far), the table (who is out cold, whether the
//! objectives are met) and the rules' legal-moves query (whether a mineral or a creature is in
//! reach now). Undo takes it back with the game, since it is worked out afresh from them.

use super::keys::{key_name, key_of, label};
use super::logic::LegalNow;
use crate::data::GameData;
use crate::data::weapons::DwarfClass;
use crate::rules::agenda::{Agenda, CurrentJob};
use crate::rules::command::{ChoiceKind, ChopTarget};
use crate::rules::components::{Dwarf, DwarfStatus};
use crate::rules::legal::{ActionKind, Detail, Legal};
use crate::rules::log::{GameEvent, GameLog, Who};
use crate::screen::hud::caves_turn;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<Coach>().add_systems(
        Update,
        coach
            .run_if(|c: Res<Coach>| c.on)
            .run_if(
                resource_changed::<LegalNow>
                    .or_eager(resource_changed::<GameLog>)
                    .or_eager(resource_changed::<Agenda>)
                    .or_eager(resource_changed::<CurrentJob>),
            )
            .after(super::logic::Acts),
    );
}

/// Whether the coach speaks in this game (the Tutorial, played, not watched) and what it says now.
#[derive(Resource, Default, Debug, Clone)]
pub struct Coach {
    pub on: bool,
    pub lesson: Option<Lesson>,
    pub words: String,
}

impl Coach {
    /// The coach of a game begun: on for the Tutorial's mission, when played.
    pub fn of(kind: crate::data::mission::MissionKind, watched: bool) -> Coach {
        Coach { on: kind == crate::data::mission::MissionKind::Tutorial && !watched, ..default() }
    }
}

/// What the coach teaches. The first five are the Tutorial's steps, in the order a first mission
/// meets them; the others are said while the game is in that moment, whatever step it is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lesson {
    Moving,
    Mining,
    EndingTheTurn,
    Fighting,
    Objective,
    /// Three Nitra in the M.U.L.E. and nobody has called a Resupply pod yet.
    Supplies,
    /// A question waits, of this kind.
    Question(ChoiceKind),
    CavesTurn,
    OutCold(DwarfClass),
    Home,
}

/// What the coach reads of the game.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Facts {
    /// The Dwarf deciding now.
    pub who: Option<DwarfClass>,
    pub question: Option<ChoiceKind>,
    pub caves_turn: bool,
    pub out_cold: Option<DwarfClass>,
    pub objectives_met: bool,
    /// The Dwarf deciding has spent his turn's actions.
    pub no_actions_left: bool,
    /// What the log says the team has done.
    pub moved: bool,
    pub mined: bool,
    pub turn_ended: bool,
    pub shot: bool,
    pub resupplied: bool,
    /// What the rules offer now: a chop that may free a mineral, the first shot with a creature
    /// in its sights (its button's words), a Resupply pod called.
    pub chop_mines: bool,
    pub shot_in_sight: Option<String>,
    pub resupply_now: bool,
}

impl Facts {
    /// What the log tells of the team so far.
    pub fn from_log(mut self, log: &[GameEvent]) -> Facts {
        for e in log {
            match e {
                GameEvent::Moved { who: Who::Dwarf(_), .. } => self.moved = true,
                GameEvent::Mined { .. } | GameEvent::Collected { .. } => self.mined = true,
                GameEvent::TurnEnded { .. } => self.turn_ended = true,
                GameEvent::AmmoSpent { .. } | GameEvent::Killed { who: Who::Creature { .. } } => self.shot = true,
                GameEvent::ResupplyLanded { .. } => self.resupplied = true,
                _ => {}
            }
        }
        self
    }

    /// What the legal-moves query offers now.
    pub fn from_legal(mut self, data: &GameData, legal: &Legal) -> Facts {
        let allowed = |k: ActionKind| legal.actions.iter().filter(move |a| a.kind == k && a.is_allowed());
        self.who = match legal.decider {
            Some(Who::Dwarf(c)) => Some(c),
            _ => None,
        };
        self.question = legal.pending.as_ref().map(|p| p.kind);
        self.chop_mines = allowed(ActionKind::Chop)
            .flat_map(|a| a.offers())
            .any(|o| matches!(&o.detail, Detail::Chop(targets) if targets.iter().any(|t| matches!(t, ChopTarget::Mine(_)))));
        let at_a_creature = |d: &Detail| match d {
            Detail::Target { figures, .. } => figures.iter().any(|f| matches!(f.who, Who::Creature { .. })),
            _ => false,
        };
        self.shot_in_sight = legal.actions.iter().enumerate().find_map(|(i, a)| {
            let aims = a.kind == ActionKind::Shoot && a.is_allowed() && a.offers().iter().any(|o| at_a_creature(&o.detail));
            aims.then(|| match key_of(&legal.actions, i) {
                Some(k) => format!("[{}] {}", key_name(k), label(data, a)),
                None => label(data, a),
            })
        });
        self.resupply_now = allowed(ActionKind::CallResupply).next().is_some();
        self
    }
}

/// The lesson for the moment: the moment's own first (a question, the cave's turn, a Dwarf out
/// cold, the way home), else the first step of the Tutorial not done yet.
pub fn lesson(f: &Facts) -> Lesson {
    if let Some(kind) = f.question {
        return Lesson::Question(kind);
    }
    if f.caves_turn {
        return Lesson::CavesTurn;
    }
    if let Some(c) = f.out_cold {
        return Lesson::OutCold(c);
    }
    match () {
        _ if f.objectives_met => Lesson::Home,
        // A first turn's actions spent before it moved or mined: the turn is what is left to learn.
        _ if !f.turn_ended && f.no_actions_left => Lesson::EndingTheTurn,
        _ if !f.moved => Lesson::Moving,
        _ if !f.mined => Lesson::Mining,
        _ if !f.turn_ended => Lesson::EndingTheTurn,
        // Fighting is taught while a creature is in the Dwarf's sights, until a first shot.
        _ if f.shot_in_sight.is_some() && !f.shot => Lesson::Fighting,
        _ if f.resupply_now && !f.resupplied => Lesson::Supplies,
        _ => Lesson::Objective,
    }
}

impl Lesson {
    /// The coach's words: a heading, then what to do and why, in two lines of the bar at most.
    pub fn words(self, f: &Facts) -> String {
        let who = f.who.map_or_else(|| "your Dwarf".into(), |c| format!("the {c:?}"));
        let (heading, says) = match self {
            Lesson::Moving => (
                "Moving",
                format!(
                    "the lit spaces are where {who} can walk for one action. Click one (or [M], the arrows, then Enter). Rest the pointer on any space to learn what is there."
                ),
            ),
            Lesson::Mining if f.chop_mines => (
                "Mining",
                format!(
                    "a mineral is within {who}'s reach. [C] Chop swings the axe, an action: each success can free a mineral into the M.U.L.E. (right)."
                ),
            ),
            Lesson::Mining => (
                "Mining",
                "Morkite is the blue M in the walls. Walk next to one, then [C] Chop: the axe's dice say how much comes out. The M.U.L.E. (right) counts what the team has."
                    .into(),
            ),
            Lesson::EndingTheTurn => (
                "The turn",
                format!(
                    "{who} has a few actions each turn (the panel counts them). Spent or not, [E] End turn hands over to the cave: an Event card, then the creatures move."
                ),
            ),
            Lesson::Fighting => (
                "Fighting",
                format!(
                    "a creature is in {who}'s sights. {shot}, then click it: the dice give hits, its armour takes some. Ammo is short: the panel shows what is left.",
                    shot = f.shot_in_sight.as_deref().unwrap_or("A shot")
                ),
            ),
            Lesson::Supplies => (
                "Supplies",
                "the M.U.L.E. holds the Nitra for a Resupply pod. [R] Call Resupply and click an open floor space; then [G] Get supplies beside it refills ammo and Health."
                    .into(),
            ),
            Lesson::Objective => (
                "The objective",
                "the M.U.L.E. (right) says how much Morkite is still wanted. Rest the pointer on walls to find more, and on creatures to see whom they are after."
                    .into(),
            ),
            Lesson::Question(ChoiceKind::AxeSuccess) => (
                "The axe",
                "each success is spent on one thing in reach: a mineral (into the M.U.L.E.), a wall carved away, a creature hit. Click its lit space or press its number."
                    .into(),
            ),
            Lesson::Question(kind) => (
                "A question",
                format!(
                    "the game waits for a decision. The numbered answers (or a lit space) settle it; resting the pointer on one says what it does. F2: \"{}\".",
                    crate::screen::words::choice_topic(kind)
                ),
            ),
            Lesson::CavesTurn => (
                "The cave's turn",
                "an Event card is drawn and acted out (the log tells it), the Swarm Threat meter may move on, and each creature walks toward the nearest Dwarf, biting once beside him. [Space] skips ahead."
                    .into(),
            ),
            Lesson::OutCold(c) => (
                "Out cold",
                format!(
                    "the {c:?} is down. A Dwarf beside him brings him back with [V] Revive. If every Dwarf is out cold at once, the mission is lost."
                ),
            ),
            Lesson::Home => (
                "Home",
                "the objective is met. Walk every Dwarf back onto the Drop Pod (the striped spaces): the mission is won as the last one steps aboard."
                    .into(),
            ),
        };
        format!("Tutorial - {heading}: {says}")
    }
}

/// The coach's line worked out afresh from the game as it is now.
fn coach(
    mut coach: ResMut<Coach>,
    data: Res<GameData>,
    now: Res<LegalNow>,
    log: Res<GameLog>,
    (agenda, job, turn): (Res<Agenda>, Res<CurrentJob>, Res<crate::rules::state::Turn>),
    dwarves: Query<(&Dwarf, &DwarfStatus)>,
    (cave, mule): (crate::rules::cave::Cave, Res<crate::rules::state::Mule>),
) {
    let mut out_cold: Vec<(u32, DwarfClass)> = dwarves.iter().filter(|(_, s)| s.unconscious).map(|(d, _)| (d.seat, d.class)).collect();
    out_cold.sort();
    let facts = Facts {
        caves_turn: caves_turn(&agenda, &job),
        out_cold: out_cold.first().map(|(_, c)| *c),
        objectives_met: cave.objectives_met(&mule),
        no_actions_left: !turn.bosco_turn && turn.actions_left == 0,
        ..default()
    }
    .from_log(&log.0)
    .from_legal(&data, &now.legal);
    let lesson = lesson(&facts);
    let words = lesson.words(&facts);
    if coach.lesson != Some(lesson) || coach.words != words {
        coach.lesson = Some(lesson);
        coach.words = words;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Tutorial's steps come one after the other as the team does each thing.
    #[test]
    fn the_steps_follow_what_the_team_has_done() {
        let mut f = Facts { who: Some(DwarfClass::Scout), shot_in_sight: Some("[Q] Regular shot".into()), ..default() };
        assert_eq!(lesson(&f), Lesson::Moving);
        f.moved = true;
        assert_eq!(lesson(&f), Lesson::Mining);
        f.no_actions_left = true;
        assert_eq!(lesson(&f), Lesson::EndingTheTurn, "nothing to mine with: the turn is next");
        f.no_actions_left = false;
        f.mined = true;
        assert_eq!(lesson(&f), Lesson::EndingTheTurn);
        f.turn_ended = true;
        assert_eq!(lesson(&f), Lesson::Fighting);
        f.shot = true;
        assert_eq!(lesson(&f), Lesson::Objective);
        f.resupply_now = true;
        assert_eq!(lesson(&f), Lesson::Supplies, "taught while a pod may be called");
        f.resupplied = true;
        assert_eq!(lesson(&f), Lesson::Objective);
        f.objectives_met = true;
        assert_eq!(lesson(&f), Lesson::Home);
    }

    /// A question, the cave's turn and a Dwarf out cold are explained while they last, whatever
    /// step the Tutorial is at; with no creature in sight there is nothing to fight yet.
    #[test]
    fn the_moment_comes_before_the_step() {
        let f = Facts { question: Some(ChoiceKind::AxeSuccess), caves_turn: true, ..default() };
        assert_eq!(lesson(&f), Lesson::Question(ChoiceKind::AxeSuccess));
        let f = Facts { caves_turn: true, out_cold: Some(DwarfClass::Driller), ..default() };
        assert_eq!(lesson(&f), Lesson::CavesTurn);
        let f = Facts { out_cold: Some(DwarfClass::Driller), objectives_met: true, ..default() };
        assert_eq!(lesson(&f), Lesson::OutCold(DwarfClass::Driller));
        let f = Facts { moved: true, mined: true, turn_ended: true, ..default() };
        assert_eq!(lesson(&f), Lesson::Objective, "no creature in sight: nothing to fight");
    }

    /// The words name the Dwarf and what is in reach now, and fit two lines of the bar at
    /// 1280x720 (some 115 characters a line).
    #[test]
    fn the_words_say_what_is_in_reach_and_are_short() {
        let f = Facts { who: Some(DwarfClass::Gunner), chop_mines: true, shot_in_sight: Some("[Q] Regular shot".into()), ..default() };
        assert!(Lesson::Mining.words(&f).contains("within the Gunner's reach"), "{}", Lesson::Mining.words(&f));
        assert!(Lesson::Fighting.words(&f).contains("[Q] Regular shot, then click it"));
        let lessons = [
            Lesson::Moving,
            Lesson::Mining,
            Lesson::EndingTheTurn,
            Lesson::Fighting,
            Lesson::Objective,
            Lesson::Supplies,
            Lesson::Question(ChoiceKind::AxeSuccess),
            Lesson::Question(ChoiceKind::DamageChain),
            Lesson::CavesTurn,
            Lesson::OutCold(DwarfClass::Engineer),
            Lesson::Home,
        ];
        for facts in [f, Facts::default()] {
            for l in lessons {
                let w = l.words(&facts);
                assert!(w.len() <= 220, "{l:?} is {} characters: {w}", w.len());
            }
        }
    }
}
