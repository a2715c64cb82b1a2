//! What a line of the log names, shown on the cave while the pointer rests on the line: the log
//! says "Glyphid Grunt #9 moves 3 spaces" and a ring on the cave shows which Grunt that is; a line
//! that names a space (a wall mined, a Resupply pod landed, a Throwable's area) rings the space.

use crate::rules::components::At;
use crate::rules::hex::Qr;
use crate::rules::log::{GameEvent, GameLog, Who};
use crate::screen::figures::WhoIs;
use crate::screen::front::{AtTable, Table};
use crate::screen::hud::Tooltip;
use crate::screen::layout::MapGeometry;
use crate::screen::look::Shape;
use crate::screen::sprites::{Shapes, Z_FIGURE};
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, ring.in_set(Table));
}

/// The ring's colour, for the key (F1) too.
pub const NAMED: Color = Color::srgba(1.0, 1.0, 1.0, 0.95);

#[derive(Component)]
#[require(DespawnOnExit<AtTable> = DespawnOnExit(AtTable))]
struct Ring;

/// The figures and the spaces a line of the log names. A figure is ringed where it stands now (a
/// creature killed since is not on the cave).
pub fn named(e: &GameEvent) -> (Vec<Who>, Vec<Qr>) {
    use GameEvent::*;
    let dwarf = |d: &crate::data::weapons::DwarfClass| Who::Dwarf(*d);
    match e {
        Moved { who, .. }
        | Rolled { who, .. }
        | Damaged { who, .. }
        | Killed { who }
        | Scared { who, .. }
        | Activated { who }
        | SkipsActivation { who, .. }
        | CreatureStunned { who }
        | Rerolled { who, .. }
        | SentryAttacked { who }
        | CreatureAfflicted { who, .. } => (vec![who.clone()], vec![]),
        Spawned { who, at } | MineTriggered { who, at } | LureAttacked { who, at } => (vec![who.clone()], vec![*at]),
        Attacks { who, target } => (vec![who.clone(), dwarf(target)], vec![]),
        SentryFires { at, target } => (vec![Who::SentryGun, target.clone()], vec![*at]),
        Fired { who, at, aimed_at, .. } => (std::iter::once(who).chain(aimed_at).cloned().collect(), vec![*at]),
        TurnStarted { dwarf: d, .. }
        | TurnEnded { dwarf: d }
        | AmmoSpent { dwarf: d, .. }
        | Chop { dwarf: d, .. }
        | Healed { dwarf: d, .. }
        | Unconscious { dwarf: d }
        | EventCard { dwarf: d, .. }
        | Afflicted { dwarf: d, .. }
        | NoReaction { dwarf: d, .. }
        | GrabBroken { by: d }
        | Grabbed { dwarf: d }
        | AmmoGained { dwarf: d, .. }
        | Revived { dwarf: d, .. }
        | CardsDrawn { dwarf: d, .. }
        | Overclocked { dwarf: d, .. }
        | SuppliesTaken { dwarf: d, .. }
        | UpgradeFitted { dwarf: d, .. }
        | WalkedIntoFlames { dwarf: d }
        | ShieldHeld { dwarf: d }
        | LastingEnded { dwarf: d }
        | FreeAction { dwarf: d, .. }
        | AmmoRestocked { dwarf: d, .. }
        | StatusCleared { dwarf: d, .. } => (vec![dwarf(d)], vec![]),
        Exchanged { dwarf: d, with, .. } => (vec![dwarf(d), dwarf(with)], vec![]),
        StoodUp { dwarf: d, helped_by: other, .. } | CardPlayed { dwarf: d, on: other, .. } => {
            (std::iter::once(d).chain(other).map(dwarf).collect(), vec![])
        }
        UpgradeLeft { dwarf: d, at } | Threw { dwarf: d, at, .. } | Detonated { dwarf: d, at } => (vec![dwarf(d)], vec![*at]),
        GearPlaced { dwarf: d, at, .. } | ThrowableLeft { dwarf: d, at, .. } => (vec![dwarf(d)], at.clone()),
        Mined { at, .. }
        | Carved { at }
        | StalagmiteDestroyed { at }
        | PickupRevealed { at, .. }
        | Collected { at, .. }
        | Harvested { at, .. }
        | Exploded { at }
        | Crashed { at }
        | PickupPlaced { at, .. }
        | MineralDropped { at, .. }
        | ResupplyLanded { at, .. }
        | ResupplyEmptied { at }
        | GearReturned { at, .. }
        | Drilled { at }
        | FlameSmothered { at }
        | SentryDestroyed { at }
        | BoscoPlaced { at }
        | PlatformDestroyed { at } => (vec![], vec![*at]),
        Blast { area, .. } => (vec![], area.clone()),
        BoscoActs { .. } | BoscoLost { .. } | GrabBrokenByBosco => (vec![Who::Bosco], vec![]),
        MissionStarted { .. }
        | CaveRevealed { .. }
        | NothingSpawned { .. }
        | MissionEventCard { .. }
        | SwarmThreat { .. }
        | SwarmCard { .. }
        | SwarmSetAside
        | CreaturesActivate { .. }
        | Skipped { .. }
        | Doubled { .. }
        | MissionEnded { .. }
        | Paid { .. } => (vec![], vec![]),
    }
}

/// The spaces to ring now: those the log line under the pointer names, and where the figures it
/// names stand.
fn pointed_spaces(lines: &Query<(&Interaction, &Tooltip)>, log: &GameLog, who_is: &WhoIs, ats: &Query<&At>) -> Vec<Hex> {
    let entry = lines.iter().find_map(|(pointer, tip)| match (pointer, tip) {
        (Interaction::Hovered | Interaction::Pressed, Tooltip::Log(Some(n))) => Some(*n),
        _ => None,
    });
    let Some((who, at)) = entry.and_then(|n| log.0.get(n)).map(named) else { return vec![] };
    let figures = who.iter().filter_map(|w| who_is.entity(w)).filter_map(|e| ats.get(e).ok()).map(|a| a.0);
    let mut spaces: Vec<Hex> = vec![];
    for h in figures.chain(at.into_iter().map(Hex::from)) {
        if !spaces.contains(&h) {
            spaces.push(h);
        }
    }
    spaces
}

/// Ring what the log line under the pointer names; the rings go when the pointer leaves it.
fn ring(
    mut commands: Commands,
    lines: Query<(&Interaction, &Tooltip)>,
    log: Res<GameLog>,
    who_is: WhoIs,
    ats: Query<&At>,
    geo: Option<Res<MapGeometry>>,
    shapes: Res<Shapes>,
    old: Query<Entity, With<Ring>>,
    mut shown: Local<Vec<Hex>>,
) {
    let Some(geo) = geo else { return };
    let spaces = pointed_spaces(&lines, &log, &who_is, &ats);
    // Asked every update (the figures named may move while the pointer rests); drawn again only
    // when what is ringed changes, or the rings were taken down with the table.
    if *shown == spaces && (spaces.is_empty() || !old.is_empty()) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let w = geo.hex_width();
    for h in &spaces {
        commands.spawn((
            Ring,
            shapes.sprite(Shape::HexRing, NAMED, 1.04 * w),
            Transform::from_translation(geo.centre(*h).extend(Z_FIGURE + 0.6)),
        ));
    }
    *shown = spaces;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::creatures::CreatureKind;
    use crate::data::weapons::DwarfClass;
    use crate::rules::components::{Creature, Dwarf, Id};
    use crate::rules::hex::cell_to_hex;

    /// The ringing alone, on a cave of 6 x 4 spaces, with two Grunts and the Scout on it, and the
    /// log's lines under a pointer of the test's.
    fn table(log: Vec<GameEvent>) -> (App, [Entity; 2]) {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .init_asset::<Image>()
            .init_resource::<Shapes>()
            .insert_resource(MapGeometry::fit((0..4).flat_map(|r| (0..6).map(move |c| cell_to_hex((c, r)))), 1.0, false))
            .insert_resource(GameLog(log))
            .add_plugins(plugin);
        let grunt = |id| (Creature { kind: CreatureKind::Grunt }, Id(id));
        app.world_mut().spawn((grunt(7), At(cell_to_hex((1, 1)))));
        app.world_mut().spawn((grunt(8), At(cell_to_hex((4, 2)))));
        app.world_mut().spawn((Dwarf { class: DwarfClass::Scout, seat: 0 }, At(cell_to_hex((5, 3)))));
        let lines = [0, 1].map(|n| app.world_mut().spawn((Interaction::None, Tooltip::Log(Some(n)))).id());
        (app, lines)
    }

    /// Where the rings are, by the cells of the spaces they are on, in order.
    fn rings(app: &mut App) -> Vec<(i32, i32)> {
        let geo = app.world().resource::<MapGeometry>().clone();
        let mut q = app.world_mut().query_filtered::<&Transform, With<Ring>>();
        let mut at: Vec<(i32, i32)> = q
            .iter(app.world())
            .map(|t| (0..6).flat_map(|c| (0..4).map(move |r| (c, r))).find(|cr| geo.centre(cell_to_hex(*cr)) == t.translation.truncate()))
            .map(|cr| cr.expect("a ring on a space"))
            .collect();
        at.sort();
        at
    }

    fn point(app: &mut App, line: Entity, at: Interaction) {
        app.world_mut().entity_mut(line).insert(at);
        app.update();
    }

    /// Resting on a log line rings the figures it names where they stand now, and the spaces it
    /// names; leaving it takes the rings down.
    #[test]
    fn a_log_line_under_the_pointer_rings_what_it_names() {
        let moved = GameEvent::Moved { who: Who::Creature { kind: CreatureKind::Grunt, id: 7 }, path: vec![cell_to_hex((1, 1)).into()] };
        let attacks = GameEvent::Attacks { who: Who::Creature { kind: CreatureKind::Grunt, id: 8 }, target: DwarfClass::Scout };
        let (mut app, [first, second]) = table(vec![moved, attacks]);
        app.update();
        assert_eq!(rings(&mut app), vec![], "no line pointed at");
        point(&mut app, first, Interaction::Hovered);
        assert_eq!(rings(&mut app), vec![(1, 1)], "Grunt #7, not #8");
        // It walks on while the pointer rests on the line: the ring goes with it.
        let mut grunts = app.world_mut().query::<(&Id, &mut At)>();
        for (_, mut at) in grunts.iter_mut(app.world_mut()).filter(|g| g.0.0 == 7) {
            at.0 = cell_to_hex((2, 1));
        }
        app.update();
        assert_eq!(rings(&mut app), vec![(2, 1)]);
        point(&mut app, first, Interaction::None);
        point(&mut app, second, Interaction::Hovered);
        assert_eq!(rings(&mut app), vec![(4, 2), (5, 3)], "the attacker and the Scout it attacks");
        point(&mut app, second, Interaction::None);
        assert_eq!(rings(&mut app), vec![]);
    }

    /// A line that names spaces rings them; one that names nothing on the cave rings nothing; a
    /// creature killed since is not looked for.
    #[test]
    fn what_a_line_names() {
        let at = cell_to_hex((3, 0)).into();
        assert_eq!(named(&GameEvent::Mined { item: crate::data::mission::Item::Gold, at }), (vec![], vec![at]));
        assert_eq!(named(&GameEvent::SwarmThreat { step: 2, of: 20 }), (vec![], vec![]));
        let played = GameEvent::CardPlayed { dwarf: DwarfClass::Driller, card: "For Karl!".into(), on: Some(DwarfClass::Gunner) };
        assert_eq!(named(&played).0, vec![Who::Dwarf(DwarfClass::Driller), Who::Dwarf(DwarfClass::Gunner)]);
        let killed = GameEvent::Killed { who: Who::Creature { kind: CreatureKind::Grunt, id: 9 } };
        let (mut app, [first, _]) = table(vec![killed]);
        point(&mut app, first, Interaction::Hovered);
        assert_eq!(rings(&mut app), vec![], "Grunt #9 is not on the cave");
    }
}
