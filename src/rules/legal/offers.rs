//! The candidates of each kind of command, each put to the check its action applies.

use super::{Action, ActionKind, Aim, Detail, FigureHit, Offer, Table};
use crate::data::cards::RockAndStoneCard;
use crate::data::weapons::{DwarfClass, FireMode};
use crate::rules::actions::{aid, exchange, overclock, secondary, shoot, supplies, throw};
use crate::rules::agenda::busy;
use crate::rules::bosco;
use crate::rules::cards::{CardsNow, check_card, lent, played_so};
use crate::rules::cave::{Cave, DwarfItem};
use crate::rules::command::BoscoAction;
use crate::rules::command::{Command, Supplies, Trade};
use crate::rules::components::*;
use crate::rules::damage::{Blow, resistance_ignored};
use crate::rules::end::check_launch;
use crate::rules::hex::{NO_HEX, Qr, canonical, within};
use crate::rules::log::Who;
use crate::rules::resupply::pod_may_land;
use crate::rules::skills::{engineer, gear_count, gunner, scout};
use crate::rules::state::Turn;
use crate::rules::thrown::check_detonate;
use bevy::prelude::*;
use hexx::Hex;

/// Every kind of command `want` asks for, in the order a screen shows them. A kind not wanted is
/// not looked at: what a bot never sends (the Flare to every space of the cave) costs it nothing.
/// The attacks are asked of the spaces `aim` names; a Move, of the one space `Aim::Only` names.
pub fn all(t: &Table, want: &dyn Fn(ActionKind) -> bool, aim: Aim) -> Vec<Action> {
    // A guest's free action is his: the action commands are checked against the turn lent to him.
    let (lent, move_only) = lent(&t.turn).unwrap_or_else(|| (t.turn.clone(), false));
    let turn = &lent;
    let cave = &t.cave;
    let me = cave.dwarf_in_seat(turn.seat);
    let by = me.map(|d| d.dwarf.class);
    let mut out = Vec::new();
    // Each kind's offers are worked out only when the kind is wanted.
    let mut push = |kind, what: &str, allowed: &dyn Fn() -> Result<Vec<Offer>, String>| {
        if want(kind) {
            out.push(Action { kind, what: what.to_string(), by, allowed: allowed() });
        }
    };
    let Some(d) = me else {
        push(ActionKind::EndTurn, "", &|| Err("no Dwarf has the turn".to_string()));
        return out;
    };
    let at = d.at.0;
    push(ActionKind::Move, "", &|| {
        let d = crate::rules::actions::movement::mover(cave, turn)?;
        match aim {
            Aim::Only(to) => super::moves::offer_to(cave, &t.mule, &d, to),
            _ => non_empty(super::moves::offers(cave, &t.mule, &d), "no space to move to"),
        }
    });
    push(ActionKind::Chop, "", &|| {
        let chop = |_| vec![Offer { command: Command::Chop, detail: Detail::Chop(crate::rules::actions::chop::targets(cave, at)) }];
        crate::rules::actions::actor(cave, turn, 1).map(chop)
    });
    for mode in &cave.data.weapons.of(d.dwarf.class).modes {
        push(ActionKind::Shoot, &mode.id, &|| shots(t, turn, &d, mode, aim));
    }
    push(ActionKind::ShootSecondary, "", &|| secondary_shots(t, turn, &d, aim));
    if want(ActionKind::Throw) {
        for card in throwables(t, &d) {
            push(ActionKind::Throw, &card, &|| throws(t, turn, &d, &card));
        }
    }
    push(ActionKind::Overclock, "", &|| {
        overclock::check_overclock(cave, turn, &t.mule, &t.loadouts).map(|_| vec![plain(Command::Overclock)])
    });
    push(ActionKind::CallResupply, "", &|| {
        // What does not depend on the space is asked once, not of every space of the cave.
        supplies::check_resupply_paid(cave, turn, &t.mule).and_then(|_| {
            spaces(cave, board(cave), "no space for the pod", |h| pod_may_land(cave, h).map(|_| Command::CallResupply(h.into())))
        })
    });
    push(ActionKind::GetSupplies, "", &|| get_supplies(t, turn));
    push(ActionKind::Exchange, "", &|| exchanges(t, turn, &d));
    push(ActionKind::StandUp, "", &|| aid::check_stand_up(cave, turn).map(|_| vec![plain(Command::StandUp)]));
    push(ActionKind::HelpUp, "", &|| dwarves(cave, |c| aid::check_help_up(cave, turn, c).map(|_| Command::HelpUp(c))));
    push(ActionKind::Revive, "", &|| dwarves(cave, |c| aid::check_revive(cave, turn, c).map(|_| Command::Revive(c))));
    match d.dwarf.class {
        DwarfClass::Scout => push(ActionKind::Flare, "", &|| {
            scout::check_flare_ready(cave, turn).and_then(|_| {
                spaces(cave, board(cave), "no space in sight", |h| scout::check_flare(cave, turn, h).map(|_| Command::Flare(h.into())))
            })
        }),
        DwarfClass::Gunner => {
            push(ActionKind::Zipline, "", &|| {
                gunner::check_zipline_ready(cave, turn)?;
                // The spaces across a deep pit, then whether one takes the Zipline: with a pit but
                // nowhere across it to fix the line, the reason is that, not "no pit" (a play-tester
                // beside a pit with a Mactera across it).
                let reach = gear_count(cave, DwarfClass::Gunner, "Zipline") + 1;
                let across: Vec<Hex> = within(at, reach).filter(|h| gunner::pit_crossed(cave, at, *h).is_ok()).collect();
                let none = if across.is_empty() { "no deep pit next to him to cross" } else { "no vacant floor across the pit" };
                spaces(cave, across, none, |h| gunner::check_zipline(cave, turn, h).map(|_| Command::Zipline(h.into())))
            });
            push(ActionKind::Shield, "", &|| gunner::check_shield(cave, turn).map(|_| vec![plain(Command::Shield)]));
        }
        DwarfClass::Engineer => {
            push(ActionKind::Sentry, "", &|| {
                spaces(cave, within(at, 1).collect(), "no vacant space next to him", |h| {
                    engineer::check_sentry(cave, turn, h).map(|_| Command::Sentry(h.into()))
                })
            });
            push(ActionKind::Platforms, "", &|| {
                // Each space alone; one shot may name several of them (`Detail::Platform`).
                let range = cave.data.numbers.skills.platform_range;
                let at_once = engineer::platforms_at_once(cave) as u32;
                let check = |h: Hex| engineer::check_platforms(cave, turn, &[h]).map(|_| Command::Platforms(vec![h.into()]));
                spaces_as(cave, within(at, range).collect(), "no deep pit in reach", check, |h| Detail::Platform { at: h.into(), at_once })
            });
        }
        DwarfClass::Driller => {}
    }
    if move_only {
        for a in out.iter_mut().filter(|a| a.kind != ActionKind::Move) {
            a.allowed = Err("the free action waiting is a Move".into());
        }
    }
    if !cave.bosco.is_empty() {
        out.extend(bosco_actions(t, by, aim).into_iter().filter(|a| want(a.kind)));
    }
    let mut push = |kind, by, allowed: &dyn Fn() -> Result<Vec<Offer>, String>| {
        if want(kind) {
            out.push(Action { kind, what: String::new(), by, allowed: allowed() });
        }
    };
    push(ActionKind::EndTurn, by, &|| Ok(vec![plain(Command::EndTurn)]));
    push(ActionKind::Launch, by, &|| {
        check_launch(cave, &t.mule).map(|left| vec![Offer { command: Command::Launch, detail: Detail::LeftBehind(left) }])
    });
    if want(ActionKind::Detonate) {
        for other in cave.dwarves_sorted() {
            let c = other.dwarf.class;
            let allowed = check_detonate(cave, c).map(|_| vec![plain(Command::Detonate { by: c })]);
            if allowed.is_ok() {
                out.push(Action { kind: ActionKind::Detonate, what: String::new(), by: Some(c), allowed });
            }
        }
    }
    if want(ActionKind::PlayCard) {
        out.extend(cards(t));
    }
    out
}

fn plain(command: Command) -> Offer {
    Offer { command, detail: Detail::None }
}

fn non_empty(v: Vec<Offer>, none: &str) -> Result<Vec<Offer>, String> {
    if v.is_empty() { Err(none.to_string()) } else { Ok(v) }
}

/// Every space of the cave, in canonical order.
fn board(cave: &Cave) -> Vec<Hex> {
    cave.board.spaces.keys().copied().collect()
}

/// The candidate spaces a check accepts, each as a command on that space. When it accepts none:
/// the check's reason if every candidate got the same one, else `none`.
fn spaces<E: PartialEq + Into<String>>(
    cave: &Cave,
    candidates: Vec<Hex>,
    none: &str,
    check: impl Fn(Hex) -> Result<Command, E>,
) -> Result<Vec<Offer>, String> {
    spaces_as(cave, candidates, none, check, |h| Detail::Space(h.into()))
}

/// [`spaces`], each offer's detail made by `detail` from its space.
fn spaces_as<E: PartialEq + Into<String>>(
    cave: &Cave,
    mut candidates: Vec<Hex>,
    none: &str,
    check: impl Fn(Hex) -> Result<Command, E>,
    detail: impl Fn(Hex) -> Detail,
) -> Result<Vec<Offer>, String> {
    candidates.retain(|h| cave.space(*h).is_some());
    candidates.sort_by_key(|h| canonical(*h));
    let mut offers = Vec::new();
    let mut reasons: Vec<E> = Vec::new();
    for h in candidates {
        match check(h) {
            Ok(command) => offers.push(Offer { command, detail: detail(h) }),
            Err(why) if reasons.len() < 2 && !reasons.contains(&why) => reasons.push(why),
            Err(_) => {}
        }
    }
    match (offers.is_empty(), reasons.len()) {
        (false, _) => Ok(offers),
        (true, 1) => Err(reasons.remove(0).into()),
        _ => Err(none.to_string()),
    }
}

/// One command per Dwarf a check accepts.
fn dwarves(cave: &Cave, check: impl Fn(DwarfClass) -> Result<Command, String>) -> Result<Vec<Offer>, String> {
    let mut reasons = Vec::new();
    let mut offers = Vec::new();
    for d in cave.dwarves_sorted() {
        match check(d.dwarf.class) {
            Ok(command) => offers.push(Offer { command, detail: Detail::Dwarf(d.dwarf.class) }),
            Err(why) => reasons.push(why),
        }
    }
    if offers.is_empty() {
        // The active Dwarf names himself first: his reason is the other Dwarves'.
        let why = reasons
            .into_iter()
            .find(|r| !r.contains("the Dwarf taking the action"))
            .unwrap_or_else(|| "no Dwarf next to him needs it".into());
        return Err(why);
    }
    Ok(offers)
}

/// The figures on a space and how an attack's dice meet them.
pub(super) fn figures(cave: &Cave, blow: &Blow, h: Hex, dice: &[(crate::data::dice::DieKind, u32)]) -> Vec<FigureHit> {
    let mut out = Vec::new();
    if let Some(c) = cave.creature_at(h) {
        let stats = cave.stats(c.creature.kind);
        let ignored = dice.first().and_then(|(k, _)| resistance_ignored(cave, &c, blow, *k));
        let resistance = dice
            .iter()
            .map(|(k, _)| (*k, if resistance_ignored(cave, &c, blow, *k).is_some() { 0 } else { stats.resistance_to(*k) }))
            .collect();
        out.push(FigureHit {
            who: Who::Creature { kind: c.creature.kind, id: c.id.0 },
            health: c.health.0,
            resistance,
            ignored: ignored.map(str::to_string),
            frozen: c.status.frozen,
        });
    }
    if let Some(d) = cave.dwarf_at(h) {
        out.push(FigureHit { who: Who::Dwarf(d.dwarf.class), health: d.health.0, resistance: vec![], ignored: None, frozen: false });
    }
    out
}

/// Spaces a weapon of this reach could aim at from a space.
fn reach(at: Hex, range: u32) -> Vec<Hex> {
    within(at, range).collect()
}

fn shots(t: &Table, turn: &Turn, d: &DwarfItem, mode: &FireMode, aim: Aim) -> Result<Vec<Offer>, String> {
    let cave = &t.cave;
    // What does not depend on the target is asked once, not of every space in reach.
    let (mode, shooter) = shoot::check_shot(cave, turn, &mode.id)?;
    let loadout = t.loadouts.get(d.entity).cloned().unwrap_or_default();
    let mods = crate::rules::actions::modifiers::for_attack(cave, turn, &loadout, WeaponSlot::Primary, d.at.0);
    // A blast's target may lie one space past the weapon's reach (ruling 8).
    let past = u32::from(mode.spread == crate::data::weapons::Spread::Triangle);
    let actions = scout::action_cost(turn, &mode);
    aimed(aim.candidates(cave, d.at.0, mode.range + mods.range + past), |h| {
        let mods = shoot::check_shoot_at(cave, turn, &loadout, WeaponSlot::Primary, &mode, &shooter, h)?;
        Ok(target_offer(cave, Command::Shoot { mode: mode.id.clone(), target: h.into() }, shooter.at.0, h, &mode, &mods, actions))
    })
}

/// The offers of an attack at each candidate space. When none is allowed and the first refusal
/// names no space, it is the weapon's own (no ammo, no actions) and is the reason given; when one
/// space alone was asked, its own refusal is.
fn aimed(candidates: Vec<Hex>, check: impl Fn(Hex) -> Result<Offer, String>) -> Result<Vec<Offer>, String> {
    let one = candidates.len() == 1;
    let mut offers = Vec::new();
    let mut first_reason = None;
    for h in sorted(candidates) {
        match check(h) {
            Ok(o) => offers.push(o),
            Err(why) => {
                first_reason.get_or_insert(why);
            }
        }
    }
    match first_reason.filter(|r| offers.is_empty() && (one || !r.contains('('))) {
        Some(why) => Err(why),
        None => non_empty(offers, "no target in range and line of sight"),
    }
}

fn target_offer(
    cave: &Cave,
    command: Command,
    from: Hex,
    h: Hex,
    m: &FireMode,
    mods: &crate::rules::actions::modifiers::Modifiers,
    actions: u32,
) -> Offer {
    let mut dice = m.dice.clone();
    dice.extend(mods.extra_dice.iter().copied());
    Offer {
        command,
        detail: Detail::Target {
            at: h.into(),
            figures: figures(cave, &Blow { ignore_resistance: mods.ignore_resistance, ..Blow::from(from, None) }, h, &dice),
            ammo: m.ammo,
            actions,
        },
    }
}

fn sorted(mut v: Vec<Hex>) -> Vec<Hex> {
    v.sort_by_key(|h| canonical(*h));
    v
}

fn secondary_shots(t: &Table, turn: &Turn, d: &DwarfItem, aim: Aim) -> Result<Vec<Offer>, String> {
    let cave = &t.cave;
    let (mode, shooter, loadout) = secondary::check_secondary_ready(cave, turn, &t.loadouts)?;
    let mods = crate::rules::actions::modifiers::for_attack(cave, turn, &loadout, WeaponSlot::Secondary, d.at.0);
    aimed(aim.candidates(cave, d.at.0, mode.range + mods.range), |h| {
        let mods = shoot::check_shoot_at(cave, turn, &loadout, WeaponSlot::Secondary, &mode, &shooter, h)?;
        Ok(target_offer(cave, Command::ShootSecondary { target: h.into() }, shooter.at.0, h, &mode, &mods, scout::action_cost(turn, &mode)))
    })
}

/// The Throwable cards in the Dwarf's hand, by name, each once.
fn throwables(t: &Table, d: &DwarfItem) -> Vec<String> {
    let mut names: Vec<String> = t
        .hands
        .get(d.entity)
        .map(|h| h.throwables.iter().filter_map(|i| t.cave.data.throwables.get(*i)).map(|c| c.name.clone()).collect())
        .unwrap_or_default();
    names.dedup();
    names
}

fn throws(t: &Table, turn: &Turn, d: &DwarfItem, name: &str) -> Result<Vec<Offer>, String> {
    let cave = &t.cave;
    let holds = |e: Entity, i: usize| t.hands.get(e).is_ok_and(|h| h.throwables.contains(&i));
    let card = cave.data.throwables.iter().find(|c| c.name == name).ok_or("no such card")?;
    crate::rules::actions::actor(cave, turn, throw::cost(turn, &cave.data))?;
    // A shape may reach one space past its target: a target within range + 1 can still qualify.
    let offers: Vec<Offer> = sorted(reach(d.at.0, card.range + 1))
        .into_iter()
        .filter(|h| throw::check_throw(cave, turn, &holds, name, (*h).into()).is_ok())
        .map(|h| {
            let dice: Vec<_> = crate::rules::blast::dice_of(&card.effects);
            Offer {
                command: Command::Throw { card: name.to_string(), target: h.into() },
                detail: Detail::Target {
                    at: h.into(),
                    figures: figures(cave, &Blow::from(d.at.0, None), h, &dice),
                    ammo: 0,
                    actions: throw::cost(turn, &cave.data),
                },
            }
        })
        .collect();
    non_empty(offers, "no space in reach")
}

fn get_supplies(t: &Table, turn: &Turn) -> Result<Vec<Offer>, String> {
    let [p, s, h] = supplies::supplies_within_reach(&t.cave, turn, &t.loadouts)?;
    let mut offers = Vec::new();
    for primary in 0..=p {
        for secondary in 0..=s {
            for health in 0..=h {
                let want = [primary, secondary, health];
                if supplies::check_get_supplies(&t.cave, turn, &t.loadouts, want).is_ok() {
                    offers.push(plain(Command::GetSupplies { primary, secondary, health }));
                }
            }
        }
    }
    non_empty(offers, "the Dwarf's board has no room for what the pod holds")
}

/// Exchanges of one thing at a time with each adjacent Dwarf: one ammo either way, each card or
/// token either way. Any mix of them is one command too; the rules check the mix when it is sent.
fn exchanges(t: &Table, turn: &Turn, d: &DwarfItem) -> Result<Vec<Offer>, String> {
    let cave = &t.cave;
    let mut offers = Vec::new();
    let mut reasons = Vec::new();
    for other in cave.dwarves_sorted().into_iter().filter(|o| o.entity != d.entity) {
        let with = other.dwarf.class;
        for (give, take) in parcels(t, d, &other) {
            let trade = Trade { with, give, take };
            match exchange::check_exchange(cave, turn, &t.kits, std::slice::from_ref(&trade)) {
                Ok(_) => offers.push(Offer {
                    command: Command::Exchange { with, give: trade.give, take: trade.take, also: vec![] },
                    detail: Detail::Dwarf(with),
                }),
                Err(why) => reasons.push(why),
            }
        }
    }
    if offers.is_empty() {
        return Err(reasons
            .into_iter()
            .find(|r| r.contains("actions") || r.contains("knocked") || r.contains("unconscious"))
            .unwrap_or_else(|| "no Dwarf next to him to exchange with".into()));
    }
    Ok(offers)
}

/// Single-item parcels between two Dwarves, both ways.
fn parcels(t: &Table, me: &DwarfItem, other: &DwarfItem) -> Vec<(Supplies, Supplies)> {
    let one = |d: &DwarfItem| {
        let mut v = vec![];
        if d.ammo.primary > 0 {
            v.push(Supplies { primary: 1, ..Default::default() });
        }
        if d.ammo.secondary > 0 {
            v.push(Supplies { secondary: 1, ..Default::default() });
        }
        if let Ok((l, h)) = t.kits.get(d.entity) {
            let data = &t.cave.data;
            let mut rs: Vec<String> = h.rock_and_stone.iter().filter_map(|i| data.rock_and_stone.get(*i)).map(|c| c.name.clone()).collect();
            rs.dedup();
            v.extend(rs.into_iter().map(|n| Supplies { rock_and_stone: vec![n], ..Default::default() }));
            let mut th: Vec<String> = h.throwables.iter().filter_map(|i| data.throwables.get(*i)).map(|c| c.name.clone()).collect();
            th.dedup();
            v.extend(th.into_iter().map(|n| Supplies { throwables: vec![n], ..Default::default() }));
            for (slot, tokens) in [(WeaponSlot::Primary, &l.primary_upgrades), (WeaponSlot::Secondary, &l.secondary_upgrades)] {
                for token in tokens {
                    for to in [WeaponSlot::Primary, WeaponSlot::Secondary] {
                        let m = crate::rules::command::UpgradeMove { token: *token, from: slot, to };
                        v.push(Supplies { upgrades: vec![m], ..Default::default() });
                    }
                }
            }
        }
        v
    };
    let give = one(me).into_iter().map(|s| (s, Supplies::default()));
    let take = one(other).into_iter().map(|s| (Supplies::default(), s));
    give.chain(take).collect()
}

fn bosco_actions(t: &Table, by: Option<DwarfClass>, aim: Aim) -> Vec<Action> {
    let cave = &t.cave;
    let Some((_, at)) = cave.bosco.iter().next().map(|b| (b.entity, b.at.0)) else { return vec![] };
    let check = |a: BoscoAction| bosco::check(cave, &t.turn, &a).map(|_| Command::Bosco(a));
    let points = cave.data.numbers.bosco.move_points;
    let guns = &cave.data.numbers.bosco;
    // Refused for BOSCO's part of the turn not being come before any space is looked at.
    let flights = bosco::may_act(cave, &t.turn, 1).and_then(|()| {
        let offers = bosco_flights(cave, at, points)
            .into_iter()
            .filter_map(|path| {
                check(BoscoAction::Move(path.clone()))
                    .ok()
                    .map(|command| Offer { command, detail: Detail::Space(*path.last().expect("a flight has a space")) })
            })
            .collect();
        non_empty(offers, "BOSCO has no space to fly to")
    });
    // A gun's offer shows what stands on its target, as a Dwarf's shot does.
    let gun = |g: &FireMode, make: fn(Qr) -> BoscoAction| {
        let target = |h: Hex| Detail::Target {
            at: h.into(),
            figures: figures(cave, &Blow::from(at, None), h, &g.dice),
            ammo: g.ammo,
            actions: g.actions,
        };
        let candidates = aim.candidates(cave, at, g.range);
        spaces_as(cave, candidates, "no target in range and line of sight", |h| check(make(h.into())), target)
    };
    let single = |a: BoscoAction| check(a).map(|c| vec![plain(c)]);
    // What an axe success could be spent on from BOSCO's space, as for a Dwarf's chop: the screen
    // asks before a roll with nothing to spend it on.
    let chop = check(BoscoAction::Chop)
        .map(|command| vec![Offer { command, detail: Detail::Chop(crate::rules::actions::chop::targets(cave, at)) }]);
    let place = bosco::may_place(cave).is_ok().then(|| {
        let offers = bosco_start_spaces(cave)
            .into_iter()
            .filter_map(|h| check(BoscoAction::Place(h.into())).ok().map(|command| Offer { command, detail: Detail::Space(h.into()) }))
            .collect();
        (ActionKind::BoscoPlace, non_empty(offers, "no floor space next to the Drop Pod without a figure or the Sentry Gun"))
    });
    [
        (ActionKind::BoscoMove, flights),
        (ActionKind::BoscoChop, chop),
        (ActionKind::BoscoLightGun, gun(&guns.light_gun, BoscoAction::LightGun)),
        (ActionKind::BoscoRocket, gun(&guns.rocket, BoscoAction::Rocket)),
        (ActionKind::BoscoRevive, single(BoscoAction::Revive)),
    ]
    .into_iter()
    .chain(place)
    .map(|(kind, allowed)| Action { kind, what: String::new(), by, allowed })
    .collect()
}

/// The spaces next to the Drop Pod, outside it, in canonical order: where BOSCO may be set up.
fn bosco_start_spaces(cave: &Cave) -> Vec<Hex> {
    let grid = cave.board.grid();
    let pods: Vec<Hex> = (0..grid.len()).map(|i| grid.hex(i)).filter(|h| cave.is_drop_pod(*h)).collect();
    let mut around: Vec<Hex> = pods.iter().flat_map(|p| crate::rules::hex::neighbours(*p)).filter(|h| !pods.contains(h)).collect();
    crate::rules::hex::sort_canonical(&mut around);
    around.dedup();
    around
}

/// BOSCO's flights: a shortest path over anything but walls to each space within its points. By
/// the board's numbering, which is the canonical order (ruling 4): each step's spaces are tried in
/// that order, and their neighbours too.
fn bosco_flights(cave: &Cave, start: Hex, points: u32) -> Vec<Vec<Qr>> {
    let grid = cave.board.grid();
    let Some(first) = grid.index(start) else { return vec![] };
    let solid = |i: usize| cave.terrain(grid.hex(i)).is_none_or(|t| t.is_wall() || matches!(t, Terrain::Hidden(_)));
    let mut came_from = vec![NO_HEX; grid.len()];
    let mut reached = vec![false; grid.len()];
    reached[first] = true;
    let mut frontier = vec![first];
    for _ in 0..points {
        let mut next = Vec::new();
        frontier.sort_unstable();
        for i in frontier {
            for n in grid.links(i) {
                if !solid(n) && !reached[n] {
                    reached[n] = true;
                    came_from[n] = i as u32;
                    next.push(n);
                }
            }
        }
        frontier = next;
    }
    let ends = (0..grid.len()).filter(|i| reached[*i] && *i != first);
    ends.map(|end| grid.way_back(&came_from, end).into_iter().map(Qr::from).collect()).collect()
}

/// Every Rock and Stone card in every hand (free, in any Dwarf's turn): one entry per holder and
/// card, offered on each Dwarf it may be played on.
fn cards(t: &Table) -> Vec<Action> {
    let cave = &t.cave;
    let holds = |e: Entity, i: usize| t.hands.get(e).is_ok_and(|h| h.rock_and_stone.contains(&i));
    let overclocked = |e: Entity| t.loadouts.get(e).is_ok_and(|l| l.overclocked);
    let now = CardsNow {
        roll_held: t.karl.waits_for().is_some(),
        busy: busy(&t.agenda, &t.job),
        guest_waiting: t.turn.guest.is_some(),
        threat: t.threat.0,
        log: &t.log,
        solo_bosco: cave.dwarves.iter().count() == 1 && !cave.bosco.is_empty(),
        holds: &holds,
        overclocked: &overclocked,
    };
    let mut out = Vec::new();
    for d in cave.dwarves_sorted() {
        let Ok(hand) = t.hands.get(d.entity) else { continue };
        let mut held: Vec<usize> = hand.rock_and_stone.clone();
        held.sort();
        held.dedup();
        for i in held {
            let Some(card) = cave.data.rock_and_stone.get(i) else { continue };
            let allowed = card_offers(t, &now, d.dwarf.class, card);
            out.push(Action { kind: ActionKind::PlayCard, what: card.name.clone(), by: Some(d.dwarf.class), allowed });
        }
    }
    out
}

fn card_offers(t: &Table, now: &CardsNow, by: DwarfClass, card: &RockAndStoneCard) -> Result<Vec<Offer>, String> {
    let cave = &t.cave;
    // A card that names a Dwarf may leave him unnamed when the rules fill him in (yourself).
    let targets: Vec<Option<DwarfClass>> = std::iter::once(None).chain(cave.dwarves_sorted().iter().map(|d| Some(d.dwarf.class))).collect();
    let mut offers = Vec::new();
    // Why not: the first refusal of a way the card is played, before one of a way it is not
    // (Second Wind on no one "names another Dwarf", when the Dwarf it would help is down).
    let (mut reasons, mut form) = (Vec::new(), None);
    for on in targets {
        match check_card(cave, now, &t.pending, by, &card.name, on) {
            Ok(_) => offers.push(Offer {
                command: Command::PlayCard { by, card: card.name.clone(), on },
                detail: on.map(Detail::Dwarf).unwrap_or(Detail::None),
            }),
            Err(why) if played_so(cave, now, by, card, on) => reasons.push(why),
            Err(why) => {
                form.get_or_insert(why);
            }
        }
    }
    if !offers.is_empty() {
        return Ok(offers);
    }
    Err(every_dwarf(cave, &reasons).or_else(|| reasons.into_iter().next()).or(form).unwrap_or_else(|| "it cannot be played now".into()))
}

/// A card refused on every Dwarf it may go on for the same reason, said of them all ("every Dwarf
/// it may go on has none of those conditions"), not of the first (Mushroom! said "the Engineer
/// has none of those conditions" with the whole team well, a play-tester). `None` when the
/// reasons differ or are one Dwarf's.
fn every_dwarf(cave: &Cave, reasons: &[String]) -> Option<String> {
    let first = reasons.first()?;
    // One Dwarf's reason (the holder's, named or not) is said as it is.
    reasons.iter().any(|r| r != first).then_some(())?;
    let tail =
        |why: &String| cave.dwarves_sorted().iter().find_map(|d| why.strip_prefix(&format!("the {:?} ", d.dwarf.class)).map(str::to_owned));
    let same = tail(first)?;
    reasons.iter().all(|r| tail(r).as_ref() == Some(&same)).then(|| format!("every Dwarf it may go on {same}"))
}
