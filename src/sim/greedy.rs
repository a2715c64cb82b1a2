//! The greedy bot: a sensible beginner. It helps a downed friend up, shoots what it can hit, tops up
//! when low, mines what the objectives want, walks toward it (or carves its way), heads for the
//! Drop Pod once the objectives are met and launches when everyone standing is aboard; BOSCO fires
//! at what his guns reach, else flies toward the nearest creature. Every command it sends is one
//! the legal-moves query lists; it only ranks them.

use crate::data::mission::{Ground, Item, Objective, Pickup};
use crate::rules::cave::Cave;
use crate::rules::command::{Answer, ChopTarget, Command};
use crate::rules::components::{DropPod, Space, Terrain, Token};
use crate::rules::hex::distance;
use crate::rules::legal::{Action, ActionKind, Aim, Detail, Legal, Offer, PendingOffer, Table, of_kinds};
use crate::rules::log::Who;
use crate::rules::state::{Mule, Turn};
use bevy::ecs::query::QueryData;
use bevy::prelude::*;
use hexx::Hex;

/// The kinds of command the greedy bot ranks above moving ([`before_moving`]).
pub const BEFORE_MOVING: &[ActionKind] = &[
    ActionKind::Launch,
    ActionKind::Revive,
    ActionKind::BoscoRevive,
    ActionKind::HelpUp,
    ActionKind::StandUp,
    ActionKind::Shoot,
    ActionKind::ShootSecondary,
    ActionKind::BoscoLightGun,
    ActionKind::BoscoRocket,
    ActionKind::GetSupplies,
    ActionKind::CallResupply,
    ActionKind::Chop,
];

/// The kinds it turns to when it takes none of those ([`moving`]). These and [`BEFORE_MOVING`] are
/// every kind it ranks; when it ranks none, the bot asks the whole query and picks at random.
pub const MOVING: &[ActionKind] = &[ActionKind::Move, ActionKind::EndTurn, ActionKind::BoscoMove];

/// Where the greedy bot aims: it only shoots a creature (`best_shot`), and the figures an offer
/// lists are those on its target space, so the shots at other spaces are never asked.
pub const AIM: Aim = Aim::AtCreatures;

/// What the active Dwarf is after now.
struct Plan {
    me: Option<Hex>,
    /// Spaces worth going to, each with how near to stand: 0 on it, 1 next to it.
    goals: Vec<(Hex, u32)>,
    /// Every conscious Dwarf stands on the Drop Pod.
    all_aboard: bool,
    /// Low on ammo or Health.
    low: bool,
    out_of_ammo: bool,
    /// Where the creatures stand: BOSCO flies toward the nearest.
    creatures: Vec<Hex>,
    bosco: Option<Hex>,
}

impl Plan {
    /// How far a space is from the nearest goal, counted to where the Dwarf wants to stand.
    fn away(&self, h: Hex) -> u32 {
        self.goals.iter().map(|(g, near)| distance(h, *g).saturating_sub(*near)).min().unwrap_or(0)
    }
}

/// The command the greedy bot sends now, if it has a preference, asking the legal-moves query for
/// no more than it looks at: while a choice waits, the choice alone (the actions are refused until
/// it is answered, but for a card, which the bot does not play); else the kinds it ranks above
/// moving that its plan may take ([`looked_at`]), and the moves only when it takes none of those.
/// The command [`choose`] picks from the whole query. The plan and the queries are read off one
/// table, in one run of a system.
pub fn decide(world: &mut World) -> Option<Command> {
    world.run_system_cached(decided).ok().flatten()
}

/// [`decide`] as a system.
fn decided(t: Table, spaces: Spaces) -> Option<Command> {
    let plan = || plan(&t.cave, &spaces, &t.mule, &t.turn);
    if t.pending.0.is_some() {
        let legal = of_kinds(&t, &[], AIM);
        return legal.pending.as_ref().and_then(|p| answer(plan, p));
    }
    let plan = plan();
    let mut legal = of_kinds(&t, &looked_at(&plan), AIM);
    before_moving(&legal, &plan).or_else(|| {
        legal.actions.extend(of_kinds(&t, MOVING, AIM).actions);
        moving(&legal, &plan)
    })
}

/// The command the greedy bot picks from a query, if it has a preference.
pub fn choose(world: &mut World, legal: &Legal) -> Option<Command> {
    let plan = world.run_system_cached(planned).ok()?;
    if let Some(p) = &legal.pending {
        return answer(|| plan, p);
    }
    before_moving(legal, &plan).or_else(|| moving(legal, &plan))
}

/// The kinds of [`BEFORE_MOVING`] that [`before_moving`] looks at with this plan: a launch only
/// when all are aboard, supplies only when low, the pod only when out of ammo.
fn looked_at(plan: &Plan) -> Vec<ActionKind> {
    let looks = |kind: &ActionKind| match kind {
        ActionKind::Launch => plan.all_aboard,
        ActionKind::GetSupplies => plan.low,
        ActionKind::CallResupply => plan.out_of_ammo,
        _ => true,
    };
    BEFORE_MOVING.iter().copied().filter(looks).collect()
}

/// The allowed entries of a kind.
fn allowed(legal: &Legal, kind: ActionKind) -> impl Iterator<Item = &Action> {
    legal.actions.iter().filter(move |a| a.kind == kind && a.is_allowed())
}

/// The first offer of a kind allowed.
fn first(legal: &Legal, kind: ActionKind) -> Option<Command> {
    allowed(legal, kind).next().and_then(|a| a.offers().first()).map(|o| o.command.clone())
}

/// What the bot prefers to moving: a launch when all are aboard, a friend helped up, a shot, supplies
/// when low, a chop worth making.
fn before_moving(legal: &Legal, plan: &Plan) -> Option<Command> {
    let first = |kind| first(legal, kind);
    if plan.all_aboard
        && let Some(c) = first(ActionKind::Launch)
    {
        return Some(c);
    }
    for kind in [ActionKind::Revive, ActionKind::BoscoRevive, ActionKind::HelpUp, ActionKind::StandUp] {
        if let Some(c) = first(kind) {
            return Some(c);
        }
    }
    if let Some(c) = best_shot(legal) {
        return Some(c);
    }
    if plan.low
        && let Some(c) = first(ActionKind::GetSupplies)
    {
        return Some(c);
    }
    if plan.out_of_ammo
        && let Some(c) = first(ActionKind::CallResupply)
    {
        return Some(c);
    }
    let chop = allowed(legal, ActionKind::Chop).next();
    chop.is_some_and(|a| chop_targets(a).iter().any(worth_chopping)).then_some(Command::Chop)
}

/// What the bot does when it takes nothing it prefers: the move nearest its goal, else a carve
/// toward it when stuck behind rock, else BOSCO's flight toward a creature, else the end of the turn.
fn moving(legal: &Legal, plan: &Plan) -> Option<Command> {
    if let Some(c) = best_move(legal, plan) {
        return Some(c);
    }
    let closer = |t: &ChopTarget| matches!(t, ChopTarget::Carve(q) if plan.me.is_some_and(|me| plan.away(Hex::from(*q)) < plan.away(me)));
    if allowed(legal, ActionKind::Chop).next().is_some_and(|a| chop_targets(a).iter().any(closer)) {
        return Some(Command::Chop);
    }
    if let Some(c) = best_flight(legal, plan) {
        return Some(c);
    }
    first(legal, ActionKind::EndTurn).or_else(|| first(legal, ActionKind::BoscoMove))
}

/// BOSCO's flight that ends nearest a creature, the first of those; none when none gets him nearer
/// than he is (then his guns may reach one next time round).
fn best_flight(legal: &Legal, plan: &Plan) -> Option<Command> {
    let nearest = |h: Hex| plan.creatures.iter().map(|c| distance(h, *c)).min();
    let here = nearest(plan.bosco?)?;
    legal
        .of(ActionKind::BoscoMove)
        .flat_map(|a| a.offers())
        .filter_map(|o| match &o.detail {
            Detail::Space(to) => nearest(Hex::from(*to)).map(|d| (d, o)),
            _ => None,
        })
        .filter(|(d, _)| *d < here)
        .min_by_key(|(d, _)| *d)
        .map(|(_, o)| o.command.clone())
}

fn chop_targets(a: &Action) -> Vec<ChopTarget> {
    a.offers()
        .iter()
        .flat_map(|o| match &o.detail {
            Detail::Chop(targets) => targets.clone(),
            _ => vec![],
        })
        .collect()
}

/// What an axe success is well spent on, best first; a carve only when it opens the way (above).
fn rank(t: &ChopTarget) -> u32 {
    match t {
        ChopTarget::Mine(_) => 0,
        ChopTarget::Creature(_) => 1,
        ChopTarget::AlienEgg(_) => 2,
        ChopTarget::LootBug(_) => 3,
        ChopTarget::RedSugar(_) => 4,
        ChopTarget::Carve(_) => 5,
        ChopTarget::Stalagmite(_) => 6,
        _ => 7,
    }
}

fn worth_chopping(t: &ChopTarget) -> bool {
    rank(t) <= 4
}

/// The shot that hits the most creatures and no Dwarf, the weakest first; the primary weapon
/// before the secondary.
fn best_shot(legal: &Legal) -> Option<Command> {
    let shots = [ActionKind::Shoot, ActionKind::ShootSecondary, ActionKind::BoscoLightGun, ActionKind::BoscoRocket];
    let score = |a: &Action, o: &Offer| -> Option<(usize, i64)> {
        let Detail::Target { figures, .. } = &o.detail else { return None };
        let creatures = figures.iter().filter(|f| matches!(f.who, Who::Creature { .. })).count();
        let friends = figures.iter().any(|f| matches!(f.who, Who::Dwarf(_) | Who::Bosco));
        let weakest = figures.iter().map(|f| f.health as i64).min().unwrap_or(0);
        let primary = i64::from(a.kind == ActionKind::Shoot);
        (creatures > 0 && !friends).then_some((creatures, primary * 100 - weakest))
    };
    legal
        .actions
        .iter()
        .filter(|a| shots.contains(&a.kind))
        .flat_map(|a| a.offers().iter().filter_map(move |o| score(a, o).map(|s| (s, o))))
        .max_by_key(|(s, _)| *s)
        .map(|(_, o)| o.command.clone())
}

/// The move that ends nearest the goal through no Flames, the cheapest of those; none when no move
/// gets nearer than where the Dwarf stands.
fn best_move(legal: &Legal, plan: &Plan) -> Option<Command> {
    let here = plan.away(plan.me?);
    legal
        .of(ActionKind::Move)
        .flat_map(|a| a.offers())
        .filter_map(|o| match &o.detail {
            Detail::Move { to, cost, flame_damage: 0, .. } => Some((plan.away(Hex::from(*to)), *cost, o)),
            _ => None,
        })
        .filter(|(away, _, _)| *away < here)
        .min_by_key(|(away, cost, _)| (*away, *cost))
        .map(|(_, _, o)| o.command.clone())
}

/// A pending choice: an axe success on the best target, a reaction shot taken, an offered card
/// accepted; anything else the default (the first answer, ruling 4).
fn answer(plan: impl FnOnce() -> Plan, p: &PendingOffer) -> Option<Command> {
    // The plan is worked out only for an axe success that could carve.
    let carves = p.answers.iter().any(|o| matches!(o.command, Command::Choose(Answer::Chop(ChopTarget::Carve(_)))));
    let plan = carves.then(plan);
    let chop_rank = |a: &Answer| match a {
        Answer::Chop(t @ ChopTarget::Carve(q)) => {
            let opens = plan.as_ref().is_some_and(|p| p.me.is_some_and(|me| p.away(Hex::from(*q)) < p.away(me)));
            if opens { rank(t) } else { 8 }
        }
        Answer::Chop(t) => rank(t),
        _ => 9,
    };
    let commands: Vec<&Command> = p.answers.iter().map(|o| &o.command).collect();
    let is = |f: fn(&Answer) -> bool| commands.iter().find(|c| matches!(c, Command::Choose(a) if f(a))).map(|c| (*c).clone());
    is(|a| matches!(a, Answer::React(_)))
        .or_else(|| is(|a| matches!(a, Answer::Accept(true))))
        .or_else(|| {
            commands
                .iter()
                .filter_map(|c| match c {
                    Command::Choose(a @ Answer::Chop(_)) => Some((chop_rank(a), *c)),
                    _ => None,
                })
                .min_by_key(|(r, _)| *r)
                .map(|(_, c)| c.clone())
        })
        .or_else(|| commands.first().map(|c| (*c).clone()))
}

/// The spaces' terrain and the Drop Pod's spaces, as the plan reads them.
type Spaces<'w, 's> = Query<'w, 's, SpaceItem>;

/// A space of the cave as the plan reads it.
#[derive(QueryData)]
struct SpaceItem {
    space: &'static Space,
    terrain: &'static Terrain,
    drop_pod: Has<DropPod>,
}

/// [`plan`] as a system.
fn planned(cave: Cave, spaces: Spaces, mule: Res<Mule>, turn: Res<Turn>) -> Plan {
    plan(&cave, &spaces, &mule, &turn)
}

/// Where the active Dwarf wants to go: what the unmet primary objectives need, or the Drop Pod once
/// they are met.
fn plan(cave: &Cave, spaces: &Spaces, mule: &Mule, turn: &Turn) -> Plan {
    let me = cave.dwarf_in_seat(turn.seat);
    let full = &cave.data.numbers.dwarf;
    let (low, out_of_ammo) = me.map_or((false, false), |d| (d.ammo.primary < 2 || d.health.0 < full.health / 2, d.ammo.primary == 0));
    let pod: Vec<Hex> = spaces.iter().filter(|s| s.drop_pod).map(|s| s.space.0).collect();
    // The goals are looked at nearest first (`Plan::away`), so their order does not matter.
    let walls: Vec<(Hex, Item)> = spaces
        .iter()
        .filter_map(|s| match s.terrain {
            Terrain::Open(Ground::Wall(Some(m))) => Some((s.space.0, Item::from(*m))),
            _ => None,
        })
        .collect();
    let standing: Vec<Hex> = cave.dwarves.iter().filter(|d| !d.status.unconscious).map(|d| d.at.0).collect();
    let all_aboard = !standing.is_empty() && standing.iter().all(|h| pod.contains(h));
    let goals = if cave.objectives_met(mule) {
        pod.iter().map(|h| (*h, 0)).collect()
    } else {
        let wanted: Vec<&Objective> =
            cave.mission.objectives.primary.iter().filter(|o| !matches!(o, Objective::Collect(i, n) if mule.count(*i) >= *n)).collect();
        let mut goals: Vec<(Hex, u32)> = wanted.iter().flat_map(|o| goals_for(cave, &walls, o)).collect();
        if goals.is_empty() {
            goals = mineral_walls(&walls, |_| true);
        }
        goals
    };
    let creatures = cave.creatures.iter().map(|c| c.at.0).collect();
    let bosco = cave.bosco.iter().next().map(|b| b.at.0);
    Plan { me: me.map(|d| d.at.0), goals, all_aboard, low, out_of_ammo, creatures, bosco }
}

fn goals_for(cave: &Cave, walls: &[(Hex, Item)], o: &Objective) -> Vec<(Hex, u32)> {
    match o {
        Objective::Kill(kind) => cave.creatures.iter().filter(|c| c.creature.kind == *kind).map(|c| (c.at.0, 1)).collect(),
        Objective::Collect(item, _) => {
            let mut v = mineral_walls(walls, |i| i == *item);
            for tok in cave.tokens.iter() {
                let (t, at) = (tok.token, tok.at);
                let near = match t {
                    Token::Mineral { mineral, .. } if Item::from(*mineral) == *item => Some(0),
                    Token::Pickup { pickup, revealed: true } if pickup_item(*pickup) == Some(*item) => Some(u32::from(pickup.needs_axe())),
                    // Turned over when a Dwarf stands next to it: it may be what is wanted.
                    Token::Pickup { revealed: false, .. } if pickup_item_wanted(*item) => Some(1),
                    _ => None,
                };
                v.extend(near.map(|n| (at.0, n)));
            }
            v
        }
    }
}

/// The walls holding a wanted mineral, each a goal to stand next to.
fn mineral_walls(walls: &[(Hex, Item)], wanted: impl Fn(Item) -> bool) -> Vec<(Hex, u32)> {
    walls.iter().filter(|(_, i)| wanted(*i)).map(|(h, _)| (*h, 1)).collect()
}

fn pickup_item(p: Pickup) -> Option<Item> {
    match p {
        Pickup::AlienEgg => Some(Item::AlienEgg),
        Pickup::ApocaBloom => Some(Item::ApocaBloom),
        Pickup::Fossil => Some(Item::Fossil),
        _ => None,
    }
}

fn pickup_item_wanted(item: Item) -> bool {
    matches!(item, Item::AlienEgg | Item::ApocaBloom | Item::Fossil)
}
