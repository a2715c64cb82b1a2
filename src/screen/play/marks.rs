//! The lit spaces: where the picked action (or, with nothing picked, a Move) can go, or the answers
//! of a pending choice that are spaces; and under the pointer, the path a Move would walk.

use super::input::Hovered;
use super::logic::{LegalNow, Selection, SpaceDraft, at_space, lit};
use crate::rules::command::{BoscoAction, Command};
use crate::rules::components::{At, Bosco, Creature, Dwarf, Token};
use crate::rules::legal::Detail;
use crate::screen::front::{AtTable, Table};
use crate::screen::layout::MapGeometry;
use crate::screen::look::Shape;
use crate::screen::sprites::{Shapes, Z_FIGURE};
use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw.run_if(
            resource_changed::<LegalNow>
                .or_eager(resource_changed::<Selection>)
                .or_eager(resource_changed::<Hovered>)
                .or_eager(resource_changed::<SpaceDraft>),
        )
        .in_set(Table),
    );
}

#[derive(Component)]
#[require(DespawnOnExit<AtTable> = DespawnOnExit(AtTable))]
struct Mark;

/// What is drawn over a space's tint: a token, a figure.
type Covering = Or<(With<Token>, With<Dwarf>, With<Creature>, With<Bosco>)>;

const MOVE: Color = Color::srgba(0.35, 0.75, 1.0, 0.35);
const AIM: Color = Color::srgba(1.0, 0.35, 0.25, 0.40);
const ANSWER: Color = Color::srgba(1.0, 0.85, 0.2, 0.45);
const PLACE: Color = Color::srgba(0.45, 0.9, 0.45, 0.40);
const TARGET: Color = Color::srgba(1.0, 0.3, 0.2, 0.95);
/// What the marks on the cave mean, for the key (F1): each shape in its colour, in words.
pub const MARKS: [(Shape, Color, &str); 6] = [
    (Shape::Hexagon, MOVE, "lit: where a move may go"),
    (Shape::Hexagon, AIM, "lit: what an attack may aim at"),
    (Shape::Hexagon, PLACE, "lit: where a thing may be put (Sentry Gun, Flare, pod...)"),
    (Shape::HexRing, TARGET, "ringed: a figure the attack would hit"),
    (Shape::Hexagon, ANSWER, "lit: an answer to pick"),
    (Shape::HexRing, super::named::NAMED, "ringed white: what the log line under the pointer names"),
];
const PICKED_FLAME: Color = Color::srgba(1.0, 0.45, 0.05, 0.8);
const PICKED_PLATFORM: Color = Color::srgba(0.75, 0.75, 0.82, 0.85);
const STEP: Color = Color::srgba(1.0, 1.0, 1.0, 0.85);

fn draw(
    mut commands: Commands,
    old: Query<Entity, With<Mark>>,
    now: Res<LegalNow>,
    selection: Res<Selection>,
    drafted: Res<SpaceDraft>,
    watching: Option<Res<super::Watching>>,
    hovered: Res<Hovered>,
    geo: Option<Res<MapGeometry>>,
    shapes: Res<Shapes>,
    covered: Query<&At, Covering>,
) {
    let Some(geo) = geo else { return };
    for e in &old {
        commands.entity(e).despawn();
    }
    // A watcher is shown what happens, not what a player could do.
    let offers = if watching.is_some() { vec![] } else { lit(&now.legal, &selection, &drafted) };
    let w = geo.hex_width();
    // The spaces picked so far: Flames in the Flames' colour, platforms in the platforms'.
    let picked = if super::logic::platforms_at_once(&now.legal, &selection).is_some() { PICKED_PLATFORM } else { PICKED_FLAME };
    for q in &drafted.0 {
        commands.spawn((
            Mark,
            shapes.sprite(Shape::Hexagon, picked, 0.92 * w),
            Transform::from_translation(geo.centre((*q).into()).extend(Z_FIGURE - 0.5)),
        ));
    }
    let mut lit_spaces: Vec<(Hex, Color)> = Vec::new();
    for o in &offers {
        let colour = match (&o.detail, now.legal.pending.is_some()) {
            (_, true) => ANSWER,
            (Detail::Move { .. }, _) => MOVE,
            // BOSCO's flight is a move too, not an attack.
            _ if matches!(o.command, Command::Bosco(BoscoAction::Move(_))) => MOVE,
            // Gear put down, a pod called, a card's space: not an attack.
            (Detail::Space(_) | Detail::Platform { .. }, _) => PLACE,
            _ => AIM,
        };
        // A space picked already shows as picked, not lit (a click on it takes it back).
        for h in spaces(o).into_iter().filter(|h| !drafted.0.contains(&crate::rules::hex::Qr::from(*h))) {
            if !lit_spaces.iter().any(|(x, _)| *x == h) {
                lit_spaces.push((h, colour));
            }
        }
    }
    // A token or a figure covers most of its space's tint: a rim of the tint's colour over it shows
    // the space is lit all the same (a play-tester took a pickup he could walk onto for unlit).
    let covered: HashSet<Hex> = covered.iter().map(|a| a.0).collect();
    for (h, colour) in lit_spaces {
        commands.spawn((
            Mark,
            shapes.sprite(Shape::Hexagon, colour, 0.92 * w),
            Transform::from_translation(geo.centre(h).extend(Z_FIGURE - 0.5)),
        ));
        if covered.contains(&h) {
            commands.spawn((
                Mark,
                shapes.sprite(Shape::HexRing, colour.with_alpha(0.9), 0.96 * w),
                Transform::from_translation(geo.centre(h).extend(Z_FIGURE + 0.3)),
            ));
        }
    }
    // A figure an attack may hit covers the tint of its space: a rim over it shows it is a target.
    for o in &offers {
        if let Detail::Target { at, figures, .. } = &o.detail
            && !figures.is_empty()
        {
            commands.spawn((
                Mark,
                shapes.sprite(Shape::HexRing, TARGET, 0.96 * w),
                Transform::from_translation(geo.centre((*at).into()).extend(Z_FIGURE + 0.4)),
            ));
        }
    }
    let Some(h) = hovered.0 else { return };
    // The path the creature under the pointer would walk if it activated now.
    if let Some(c) = now.legal.creatures.iter().find(|c| c.at == h.into())
        && let crate::rules::creatures::intent::Intent::Move { path, .. } = &c.intent
    {
        for step in path {
            commands.spawn((
                Mark,
                shapes.sprite(Shape::Disc, AIM, 0.28 * w),
                Transform::from_translation(geo.centre((*step).into()).extend(Z_FIGURE + 0.5)),
            ));
        }
    }
    // The path a Move to the space under the pointer would walk.
    if let Some(Detail::Move { path, .. }) = offers.iter().find(|o| at_space(o, h.into())).map(|o| &o.detail) {
        for step in path {
            commands.spawn((
                Mark,
                shapes.sprite(Shape::Disc, STEP, 0.22 * w),
                Transform::from_translation(geo.centre((*step).into()).extend(Z_FIGURE + 0.5)),
            ));
        }
    }
}

/// The spaces an offer lights: its space, or both spaces of a triangle or a line.
fn spaces(o: &crate::rules::legal::Offer) -> Vec<Hex> {
    use crate::rules::command::{Answer, Command};
    match &o.command {
        Command::Choose(Answer::Triangle(a, b) | Answer::Line(a, b)) => vec![(*a).into(), (*b).into()],
        _ => super::logic::space_of(o).map(|q| vec![q.into()]).unwrap_or_default(),
    }
}
