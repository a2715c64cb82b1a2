//! The Tutorial's coach: a line over the prompt that tells a newcomer what to try next and why,
//! from moving out of the Drop Pod to walking back into it. It holds no rule: what it says comes
//! from the game's log (what the team has done so far), the table (who is out cold, whether the
//! objectives are met) and the rules' legal-moves query (whether a mineral or a creature is in
//! reach now). Undo takes it back with the game, since it is worked out afresh from them.

use super::keys::button_words;
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

/// What the coach teaches. The steps of the Tutorial come in the order a first mission meets
/// them (moving, a Dwarf's own gear, mining, ending the turn, fighting, supplies, the objective);
/// the moment's lessons are said while the game is in that moment, whatever step it is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lesson {
    Moving,
    /// What the Dwarf's class does, at the start of the first turn he plays after the team has
    /// learned to move.
    Class(DwarfClass),
    Mining,
    EndingTheTurn,
    Fighting,
    /// Someone is hurt or short of ammo, the Nitra for a Resupply pod is in, none was called.
    CallResupply,
    /// A Resupply pod beside the Dwarf has what his board has room for.
    GetSupplies,
    Objective,
    /// A question waits, of this kind.
    Question(ChoiceKind),
    CavesTurn,
    OutCold(DwarfClass),
    /// BOSCO's part of the turn, of this many actions.
    Bosco(u32),
    /// The Dwarf deciding has this much Health left, two or less.
    Hurt(u32),
    Webbed,
    /// The Swarm Threat meter is one step from a swarm.
    SwarmNear,
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
    /// BOSCO acts now, with this many actions in his part of a turn.
    pub bosco: Option<u32>,
    pub objectives_met: bool,
    /// The Dwarf deciding has spent his turn's actions.
    pub no_actions_left: bool,
    /// The Dwarf deciding: his Health when two or less, webbed.
    pub hurt: Option<u32>,
    pub webbed: bool,
    pub swarm_near: bool,
    /// A Dwarf of the team is below his full Health or primary ammo.
    pub in_need: bool,
    /// The Dwarf deciding is due his class's lesson: his turn not begun yet, and the first of his
    /// turns after the team learned to move.
    pub class_due: Option<DwarfClass>,
    /// What the log says the team has done.
    pub moved: bool,
    pub mined: bool,
    pub turn_ended: bool,
    pub shot: bool,
    pub resupplied: bool,
    /// What the rules offer now: a chop that may free a mineral, the first shot with a creature
    /// in its sights (its button's words), a Resupply pod to call, supplies to take.
    pub chop_mines: bool,
    pub shot_in_sight: Option<String>,
    pub resupply_now: bool,
    pub supplies_now: bool,
}

impl Facts {
    /// What the log tells of the team so far.
    pub fn from_log(mut self, log: &[GameEvent]) -> Facts {
        for e in log {
            match e {
                GameEvent::Moved { who: Who::Dwarf(_), .. } => self.moved = true,
                GameEvent::Mined { .. } | GameEvent::Collected { .. } => self.mined = true,
                GameEvent::TurnEnded { .. } => self.turn_ended = true,
                GameEvent::Damaged { who: Who::Creature { .. }, .. } | GameEvent::Killed { who: Who::Creature { .. } } => self.shot = true,
                GameEvent::ResupplyLanded { .. } => self.resupplied = true,
                _ => {}
            }
        }
        self
    }

    /// Whether the Dwarf deciding is due his class's lesson: nothing done yet in this turn (his
    /// actions as the turn gave them), and this is his first turn, or his second when he was the
    /// one who learned to move in the first.
    pub fn class_lesson(mut self, log: &[GameEvent], actions_left: u32) -> Facts {
        let starts: Vec<(DwarfClass, u32)> = log
            .iter()
            .filter_map(|e| match e {
                GameEvent::TurnStarted { dwarf, actions, .. } => Some((*dwarf, *actions)),
                _ => None,
            })
            .collect();
        let Some(&(now, given)) = starts.last() else { return self };
        let his_turns = starts.iter().filter(|(c, _)| *c == now).count();
        let first = starts.first().map(|(c, _)| *c) == Some(now);
        let due = self.moved && (his_turns == 1 || (his_turns == 2 && first));
        self.class_due = (self.who == Some(now) && actions_left == given && due).then_some(now);
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
        // Named as its button is, key and all.
        let bosco_acts = legal.decider == Some(Who::Bosco);
        self.shot_in_sight = legal.actions.iter().enumerate().find_map(|(i, a)| {
            let aims = a.kind == ActionKind::Shoot && a.is_allowed() && a.offers().iter().any(|o| at_a_creature(&o.detail));
            aims.then(|| button_words(data, &legal.actions, i, bosco_acts))
        });
        self.resupply_now = allowed(ActionKind::CallResupply).next().is_some();
        self.supplies_now = allowed(ActionKind::GetSupplies).next().is_some();
        self
    }
}

/// The lesson for the moment: the moment's own first (a question, the cave's turn, a Dwarf out
/// cold, BOSCO's part of the turn, the way home, danger), else the first step of the Tutorial not
/// done yet.
pub fn lesson(f: &Facts) -> Lesson {
    let moments = [
        f.question.map(Lesson::Question),
        f.caves_turn.then_some(Lesson::CavesTurn),
        f.out_cold.map(Lesson::OutCold),
        f.bosco.map(Lesson::Bosco),
        f.objectives_met.then_some(Lesson::Home),
        // Said only as his turn begins: danger waits for his first action, or the lesson is lost.
        f.class_due.map(Lesson::Class),
        f.webbed.then_some(Lesson::Webbed),
        f.hurt.map(Lesson::Hurt),
        f.swarm_near.then_some(Lesson::SwarmNear),
        f.supplies_now.then_some(Lesson::GetSupplies),
        // The actions spent: the turn is what is left (before anything else is learned too).
        f.no_actions_left.then_some(Lesson::EndingTheTurn),
    ];
    moments.into_iter().flatten().next().unwrap_or_else(|| step(f))
}

/// The first step of the Tutorial the team has not done yet.
fn step(f: &Facts) -> Lesson {
    match () {
        _ if !f.moved => Lesson::Moving,
        _ if !f.mined => Lesson::Mining,
        _ if !f.turn_ended => Lesson::EndingTheTurn,
        // Fighting is taught while a creature is in the Dwarf's sights, until a first shot.
        _ if f.shot_in_sight.is_some() && !f.shot => Lesson::Fighting,
        _ if f.resupply_now && f.in_need && !f.resupplied => Lesson::CallResupply,
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
            Lesson::Class(c) => ("Your Dwarf", class_words(c).into()),
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
                    "{who} has a few actions each turn (the panel counts them). Spent or not, [E] End turn hands on: to BOSCO's part if he came, then an Event card the cave acts on, then the next Dwarf."
                ),
            ),
            Lesson::Fighting => (
                "Fighting",
                format!(
                    "a creature is in {who}'s sights. {shot}, then click it: each hit the dice give is a point of damage, less its resistance. Ammo is short: the panel counts it.",
                    shot = f.shot_in_sight.as_deref().unwrap_or("A shot")
                ),
            ),
            Lesson::CallResupply => (
                "Supplies",
                "the M.U.L.E. holds the Nitra for a Resupply pod, and the team is short of Health or ammo. [R] Call Resupply, then click an open floor space near you."
                    .into(),
            ),
            Lesson::GetSupplies => (
                "Supplies",
                format!("the Resupply pod is beside {who}. [G] Get supplies takes the Health and ammo his board has room for, for one action."),
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
            Lesson::Question(ChoiceKind::DamageChain) => (
                "The shot's dice",
                "each die is laid on a lit space, one at a time: one at least on the target, the others (for a spreading weapon) next to a space hit. Each answer says who is there."
                    .into(),
            ),
            Lesson::Question(kind) => (
                "A question",
                format!(
                    "the game waits for a decision. The numbered answers on the bar (or a lit space) settle it. F2 explains \"{}\".",
                    crate::screen::words::choice_topic(kind)
                ),
            ),
            Lesson::CavesTurn => (
                "The cave's turn",
                "the Event card drawn is acted out (the log tells it): it may bring creatures, set them walking at the nearest Dwarf to bite, or move the Swarm Threat meter on."
                    .into(),
            ),
            Lesson::OutCold(c) => (
                "Out cold",
                format!(
                    "the {c:?} is down. A Dwarf beside him brings him back with [V] Revive. If every Dwarf is out cold at once, the mission is lost."
                ),
            ),
            Lesson::Bosco(actions) => (
                "BOSCO",
                format!(
                    "the drone's part of the turn: {actions} actions. [M] flies him over anything, [Q] his gun or [C] his axe; what he digs out stays for the Dwarf. [E] ends his part."
                ),
            ),
            Lesson::Hurt(health) => (
                "Hurt",
                format!(
                    "{who} has {health} Health left of 5; at 0 he is out cold. Keep him out of the creatures' reach; a Red Sugar (chopped) heals, and a Resupply pod may bring Health."
                ),
            ),
            Lesson::Webbed => (
                "Webbed",
                format!("a Web Spitter's web holds {who}: he may not leave his space this turn, but may shoot, chop and use his gear."),
            ),
            Lesson::SwarmNear => (
                "A swarm is near",
                "the Swarm Threat meter (right) is one step from a red mark. An Event card that moves it there sends a swarm out of the Tunnel Exits: be ready, ammo in hand."
                    .into(),
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

/// What each class brings, said once to its player (the rules reference's class sections, short).
fn class_words(c: DwarfClass) -> &'static str {
    match c {
        DwarfClass::Scout => {
            "straight after a Move the Scout may shoot (not the Aimed shot) or throw for no action; his hook crosses pits and creatures. [F] Flare: attacks near it reroll a die."
        }
        DwarfClass::Driller => {
            "the Driller's Move may drill into a wall or stalagmite beside him and end there (a mineral in it is lost). His Flaming Ground leaves Flames that creatures avoid."
        }
        DwarfClass::Gunner => {
            "the Gunner's Burst Fire rolls 3 dice, and Sustained Fire 3 more right after for just ammo. [B] Shield: he and Dwarves beside it are safe from creatures' attacks."
        }
        DwarfClass::Engineer => {
            "the Engineer's [N] Sentry Gun shoots creatures that come within 3 spaces; only walls stop his grenades. Careful: the HE grenade hits Dwarves in its blast too."
        }
    }
}

/// The coach's line worked out afresh from the game as it is now.
fn coach(
    mut coach: ResMut<Coach>,
    data: Res<GameData>,
    now: Res<LegalNow>,
    log: Res<GameLog>,
    (agenda, job, turn, threat): (Res<Agenda>, Res<CurrentJob>, Res<crate::rules::state::Turn>, Res<crate::rules::swarm::SwarmThreat>),
    dwarves: Query<TeamMember>,
    (cave, mule): (crate::rules::cave::Cave, Res<crate::rules::state::Mule>),
) {
    let full = &data.numbers.dwarf;
    let mut out_cold: Vec<(u32, DwarfClass)> =
        dwarves.iter().filter(|d| d.status.unconscious).map(|d| (d.dwarf.seat, d.dwarf.class)).collect();
    out_cold.sort();
    let deciding = now.legal.decider.as_ref().and_then(|w| dwarves.iter().find(|d| Who::Dwarf(d.dwarf.class) == *w && !turn.bosco_turn));
    let facts = Facts {
        caves_turn: caves_turn(&agenda, &job),
        out_cold: out_cold.first().map(|(_, c)| *c),
        objectives_met: cave.objectives_met(&mule),
        no_actions_left: !turn.bosco_turn && turn.actions_left == 0,
        bosco: turn.bosco_turn.then_some(data.numbers.bosco.actions),
        hurt: deciding.as_ref().map(|d| d.health.0).filter(|h| *h <= 2),
        webbed: deciding.as_ref().is_some_and(|d| d.status.webbed),
        swarm_near: data.numbers.swarm_meter.swarm_steps.contains(&(threat.0 + 1)),
        in_need: dwarves.iter().any(|d| !d.status.unconscious && (d.health.0 < full.health || d.ammo.primary < full.primary_ammo)),
        ..default()
    }
    .from_legal(&data, &now.legal)
    .from_log(&log.0)
    .class_lesson(&log.0, turn.actions_left);
    let lesson = lesson(&facts);
    let words = lesson.words(&facts);
    if coach.lesson != Some(lesson) || coach.words != words {
        coach.lesson = Some(lesson);
        coach.words = words;
    }
}

/// A Dwarf of the team, as the coach reads him.
#[derive(bevy::ecs::query::QueryData)]
struct TeamMember {
    dwarf: &'static Dwarf,
    status: &'static DwarfStatus,
    health: &'static crate::rules::components::Health,
    ammo: &'static crate::rules::components::Ammo,
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
        assert_eq!(lesson(&f), Lesson::Objective, "a pod is not needed while nobody is short");
        f.in_need = true;
        assert_eq!(lesson(&f), Lesson::CallResupply);
        f.resupplied = true;
        assert_eq!(lesson(&f), Lesson::Objective);
        f.supplies_now = true;
        assert_eq!(lesson(&f), Lesson::GetSupplies, "the pod's supplies while they may be taken");
        f.supplies_now = false;
        f.objectives_met = true;
        assert_eq!(lesson(&f), Lesson::Home);
    }

    /// A question, the cave's turn, a Dwarf out cold and danger are explained while they last,
    /// whatever step the Tutorial is at; with no creature in sight there is nothing to fight yet.
    #[test]
    fn the_moment_comes_before_the_step() {
        let f = Facts { question: Some(ChoiceKind::AxeSuccess), caves_turn: true, ..default() };
        assert_eq!(lesson(&f), Lesson::Question(ChoiceKind::AxeSuccess));
        let f = Facts { caves_turn: true, out_cold: Some(DwarfClass::Driller), ..default() };
        assert_eq!(lesson(&f), Lesson::CavesTurn);
        let f = Facts { out_cold: Some(DwarfClass::Driller), objectives_met: true, bosco: Some(2), ..default() };
        assert_eq!(lesson(&f), Lesson::OutCold(DwarfClass::Driller));
        let f = Facts { bosco: Some(2), objectives_met: true, ..default() };
        assert_eq!(lesson(&f), Lesson::Bosco(2), "BOSCO's part is his");
        let f = Facts { objectives_met: true, hurt: Some(1), ..default() };
        assert_eq!(lesson(&f), Lesson::Home, "the way home is the way out of danger");
        let f = Facts { hurt: Some(2), webbed: true, swarm_near: true, ..default() };
        assert_eq!(lesson(&f), Lesson::Webbed, "webbed, he cannot walk out of reach: that first");
        let f = Facts { hurt: Some(2), swarm_near: true, ..default() };
        assert_eq!(lesson(&f), Lesson::Hurt(2));
        let f = Facts { swarm_near: true, supplies_now: true, ..default() };
        assert_eq!(lesson(&f), Lesson::SwarmNear);
        let f = Facts { moved: true, mined: true, turn_ended: true, ..default() };
        assert_eq!(lesson(&f), Lesson::Objective, "no creature in sight: nothing to fight");
    }

    fn started(dwarf: DwarfClass, turn: u32) -> GameEvent {
        GameEvent::TurnStarted { turn, dwarf, actions: 3 }
    }

    /// Each Dwarf's player is told what his class does once, at the start of his first turn after
    /// the team has learned to move: the second Dwarf in his first, the first in his second.
    #[test]
    fn each_dwarf_is_told_his_class_once() {
        use DwarfClass::{Driller, Scout};
        let due = |log: &[GameEvent], who: DwarfClass, actions_left: u32| {
            Facts { who: Some(who), moved: true, ..default() }.class_lesson(log, actions_left).class_due
        };
        let first = [started(Scout, 1)];
        assert_eq!(Facts { who: Some(Scout), ..default() }.class_lesson(&first, 3).class_due, None, "moving comes first");
        let second = [started(Scout, 1), GameEvent::TurnEnded { dwarf: Scout }, started(Driller, 1)];
        assert_eq!(due(&second, Driller, 3), Some(Driller));
        assert_eq!(due(&second, Driller, 2), None, "once he has acted, the steps go on");
        let round = [&second[..], &[GameEvent::TurnEnded { dwarf: Driller }, started(Scout, 2)]].concat();
        assert_eq!(due(&round, Scout, 3), Some(Scout), "the first Dwarf in his second turn");
        let again = [&round[..], &[GameEvent::TurnEnded { dwarf: Scout }, started(Driller, 2)]].concat();
        assert_eq!(due(&again, Driller, 3), None, "told once");
        let mut f = Facts { who: Some(Driller), moved: true, class_due: Some(Driller), ..default() };
        assert_eq!(lesson(&f), Lesson::Class(Driller));
        f.hurt = Some(2);
        assert_eq!(lesson(&f), Lesson::Class(Driller), "said as his turn begins, before the danger, or it is lost");
        f.class_due = None;
        assert_eq!(lesson(&f), Lesson::Hurt(2));
    }

    /// The words name the Dwarf and what is in reach now, and fit two lines of the bar at
    /// 1280x720 (some 115 characters a line).
    #[test]
    fn the_words_say_what_is_in_reach_and_are_short() {
        let f = Facts { who: Some(DwarfClass::Gunner), chop_mines: true, shot_in_sight: Some("[Q] Regular shot".into()), ..default() };
        assert!(Lesson::Mining.words(&f).contains("within the Gunner's reach"), "{}", Lesson::Mining.words(&f));
        assert!(Lesson::Fighting.words(&f).contains("[Q] Regular shot, then click it"));
        let mut lessons = vec![
            Lesson::Moving,
            Lesson::Mining,
            Lesson::EndingTheTurn,
            Lesson::Fighting,
            Lesson::CallResupply,
            Lesson::GetSupplies,
            Lesson::Objective,
            Lesson::Question(ChoiceKind::AxeSuccess),
            Lesson::Question(ChoiceKind::DamageChain),
            Lesson::Question(ChoiceKind::Reaction),
            Lesson::CavesTurn,
            Lesson::OutCold(DwarfClass::Engineer),
            Lesson::Bosco(2),
            Lesson::Hurt(1),
            Lesson::Webbed,
            Lesson::SwarmNear,
            Lesson::Home,
        ];
        lessons.extend([DwarfClass::Scout, DwarfClass::Driller, DwarfClass::Gunner, DwarfClass::Engineer].map(Lesson::Class));
        for facts in [f, Facts::default()] {
            for l in &lessons {
                let w = l.words(&facts);
                assert!(w.len() <= 230, "{l:?} is {} characters: {w}", w.len());
            }
        }
    }
}
