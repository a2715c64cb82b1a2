//! The figures on the cave. A Dwarf is a disc in his class colour with his letter, ringed in white;
//! BOSCO is drawn the same way, smaller and in steel; a
//! creature is a shape and colour of its kind with its abbreviation and its health in a badge.
//! Creatures hit harder from behind show the way they face; an Oppressor's back space is drawn too.

use super::layout::MapGeometry;
use super::look::{BOSCO_COLOUR, BOSCO_LETTER, INK, PAPER, Shape, class_colour, class_letter, creature_look, ink_on};
use super::sprites::{Shapes, Shows, Z_FIGURE};
use crate::data::GameData;
use crate::data::creatures::Trait;
use crate::rules::components::Id;
use crate::rules::components::{At, Bosco, Creature, Dwarf, Faces, Health};
use crate::rules::hex::{opposite, step};
use crate::rules::log::{GameEvent, Who};
use crate::screen::front::Table;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::VecDeque;

pub fn plugin(app: &mut App) {
    let rewinding = resource_exists::<super::play::history::Rewinding>;
    app.add_systems(
        Update,
        (draw_dwarves, draw_bosco, draw_creatures, follow_paths.run_if(not(rewinding)), place_figures, show_health, turn_creatures)
            .chain()
            .in_set(Table),
    );
}

/// The root of a figure's drawing, placed on its space.
#[derive(Component)]
struct Figure;

/// The spaces a figure still has to walk through on its way, one at a time, as the rules moved it.
#[derive(Component, Default)]
struct Walk(VecDeque<Hex>);

#[derive(Component)]
struct HealthText(Entity);

/// The pointer on the side a creature faces.
#[derive(Component)]
struct FacingMark(Entity);

/// An Oppressor's back space.
#[derive(Component)]
struct BackSpace(Entity);

fn text(s: impl Into<String>, size: f32, colour: Color, z: f32) -> impl Bundle {
    (Text2d::new(s), TextFont::from_font_size(FontSize::Px(size)), TextColor(colour), Transform::from_xyz(0.0, 0.0, z))
}

fn draw_dwarves(mut commands: Commands, geo: Res<MapGeometry>, shapes: Res<Shapes>, dwarves: Query<(Entity, &Dwarf, &At), Added<Dwarf>>) {
    for (e, dwarf, at) in &dwarves {
        commands.spawn(ringed(e, &geo, &shapes, at, (class_colour(dwarf.class), class_letter(dwarf.class)), 1.0));
    }
}

/// BOSCO, a size smaller than a Dwarf so that the drone reads as the Dwarf's helper.
fn draw_bosco(mut commands: Commands, geo: Res<MapGeometry>, shapes: Res<Shapes>, bosco: Query<(Entity, &At), Added<Bosco>>) {
    for (e, at) in &bosco {
        commands.spawn(ringed(e, &geo, &shapes, at, (BOSCO_COLOUR, BOSCO_LETTER), 0.8));
    }
}

/// A disc of this colour with its letter, ringed in white, `scale` times a Dwarf's size.
fn ringed(e: Entity, geo: &MapGeometry, shapes: &Shapes, at: &At, (colour, letter): (Color, &str), scale: f32) -> impl Bundle {
    let w = scale * geo.hex_width();
    (
        Shows(e),
        Figure,
        Walk::default(),
        shapes.sprite(Shape::Disc, PAPER, 0.9 * w),
        Transform::from_translation(geo.centre(at.0).extend(Z_FIGURE)),
        children![
            (shapes.sprite(Shape::Disc, colour, 0.72 * w), Transform::from_xyz(0.0, 0.0, 0.1)),
            text(letter.to_string(), 0.5 * w, ink_on(colour), 0.2),
        ],
    )
}

fn draw_creatures(
    mut commands: Commands,
    geo: Res<MapGeometry>,
    shapes: Res<Shapes>,
    data: Res<GameData>,
    creatures: Query<(Entity, &Creature, &At, &Health), Added<Creature>>,
) {
    let w = geo.hex_width();
    for (e, creature, at, health) in &creatures {
        let look = creature_look(creature.kind);
        let stats = data.creatures.get(creature.kind);
        let mut figure = commands.spawn((
            Shows(e),
            Figure,
            Walk::default(),
            shapes.sprite(look.shape, look.colour, look.size * w),
            Transform::from_translation(geo.centre(at.0).extend(Z_FIGURE)),
            children![
                text(look.label, 0.42 * w, ink_on(look.colour), 0.1),
                (
                    shapes.sprite(Shape::Disc, INK, 0.44 * w),
                    Transform::from_xyz(0.34 * w, -0.32 * w, 0.3),
                    children![(HealthText(e), text(health.0.to_string(), 0.36 * w, PAPER, 0.1))],
                ),
            ],
        ));
        if stats.has(Trait::WeakRear) {
            figure.with_child((FacingMark(e), shapes.sprite(Shape::Pointer, PAPER, 0.3 * w), Transform::default()));
        }
        if stats.has(Trait::TwoSpaces) {
            let back = shapes.sprite(look.shape, look.colour.darker(0.15), 0.75 * look.size * w);
            figure.with_child((BackSpace(e), back, Transform::from_xyz(0.0, 0.0, -0.5)));
        }
    }
}

/// A figure that moved (walked, flew, ran in fright) goes along its path, space by space.
fn follow_paths(
    mut events: MessageReader<GameEvent>,
    creatures: Query<(Entity, &Id), With<Creature>>,
    dwarves: Query<(Entity, &Dwarf)>,
    bosco: Query<Entity, With<Bosco>>,
    mut figures: Query<(&Shows, &mut Walk)>,
) {
    for e in events.read() {
        let (GameEvent::Moved { who, path } | GameEvent::Scared { who, path }) = e else { continue };
        let mover = match who {
            Who::Creature { id, .. } => creatures.iter().find(|(_, c)| c.0 == *id).map(|(e, _)| e),
            Who::Dwarf(class) => dwarves.iter().find(|(_, d)| d.class == *class).map(|(e, _)| e),
            Who::Bosco => bosco.single().ok(),
            Who::SentryGun => None,
        };
        if let Some((_, mut walk)) = figures.iter_mut().find(|(shows, _)| Some(shows.0) == mover) {
            walk.0.extend(path.iter().map(|q| Hex::from(*q)));
        }
    }
}

/// Hex widths a figure glides a second on its way to its new space (instantly when the
/// creatures' turn is played at once).
const GLIDE: f32 = 8.0;

fn place_figures(
    geo: Res<MapGeometry>,
    time: Res<Time>,
    pace: Option<Res<super::play::pace::Pace>>,
    settings: Option<Res<super::settings::Settings>>,
    ats: Query<&At>,
    mut figures: Query<(&Shows, &mut Transform, &mut Walk), With<Figure>>,
) {
    let instant =
        pace.is_some_and(|p| p.speed == super::play::pace::Speed::Instant || p.skipping) || settings.is_some_and(|s| !s.animations);
    let step = GLIDE * geo.hex_width() * time.delta_secs();
    for (shows, mut t, mut walk) in &mut figures {
        let Ok(at) = ats.get(shows.0) else { continue };
        if instant {
            walk.0.clear();
        }
        // The next space of the path, else the figure's own.
        let place = geo.centre(walk.0.front().copied().unwrap_or(at.0)).extend(Z_FIGURE);
        let to_go = place - t.translation;
        if to_go == Vec3::ZERO && walk.0.is_empty() {
            continue;
        }
        if instant || to_go.length() <= step {
            t.translation = place;
            walk.0.pop_front();
        } else {
            t.translation += to_go.normalize() * step;
        }
    }
}

fn show_health(healths: Query<&Health>, mut texts: Query<(&HealthText, &mut Text2d)>) {
    for (label, mut text) in &mut texts {
        if let Ok(h) = healths.get(label.0) {
            let s = h.0.to_string();
            if text.0 != s {
                text.0 = s;
            }
        }
    }
}

/// Point facing marks the way their creature faces, and put back spaces behind.
fn turn_creatures(
    geo: Res<MapGeometry>,
    facing: Query<(&At, &Faces)>,
    mut marks: Query<(&FacingMark, &mut Transform), Without<BackSpace>>,
    mut backs: Query<(&BackSpace, &mut Transform), Without<FacingMark>>,
) {
    let offset = |at: &At, to| geo.centre(to) - geo.centre(at.0);
    for (mark, mut t) in &mut marks {
        if let Ok((at, faces)) = facing.get(mark.0) {
            let dir = offset(at, step(at.0, faces.0)).normalize_or_zero();
            let place = Transform::from_translation((dir * 0.5 * geo.hex_width()).extend(0.2))
                .with_rotation(Quat::from_rotation_z(dir.to_angle() - std::f32::consts::FRAC_PI_2));
            t.set_if_neq(place);
        }
    }
    for (back, mut t) in &mut backs {
        if let Ok((at, faces)) = facing.get(back.0) {
            let place = offset(at, step(at.0, opposite(faces.0))).extend(-0.5);
            if t.translation != place {
                t.translation = place;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::weapons::DwarfClass;
    use crate::rules::hex::{Qr, cell_to_hex};

    /// The figure drawing alone, on a cave of 6 x 4 spaces, with a Dwarf and his BOSCO on it.
    fn drawn() -> (App, Entity) {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .init_asset::<Image>()
            .add_message::<GameEvent>()
            .init_resource::<Shapes>()
            .insert_resource(GameData::load(&crate::data::assets_dir()).expect("assets load"))
            .insert_resource(MapGeometry::fit((0..4).flat_map(|r| (0..6).map(move |c| cell_to_hex((c, r)))), 1.0))
            .add_plugins(plugin);
        app.world_mut().spawn((Dwarf { class: DwarfClass::Engineer, seat: 0 }, At(cell_to_hex((1, 1)))));
        let bosco = app.world_mut().spawn((Bosco, At(cell_to_hex((2, 1))))).id();
        app.update();
        (app, bosco)
    }

    fn figure_of(app: &mut App, e: Entity) -> Option<(Vec3, Vec<Hex>)> {
        let mut figures = app.world_mut().query_filtered::<(&Shows, &Transform, &Walk), With<Figure>>();
        figures.iter(app.world()).find(|f| f.0.0 == e).map(|f| (f.1.translation, f.2.0.iter().copied().collect()))
    }

    #[test]
    fn bosco_is_drawn_on_his_space_and_follows_his_flight() {
        let (mut app, bosco) = drawn();
        let geo = app.world().resource::<MapGeometry>().clone();
        let figures = app.world_mut().query_filtered::<(), With<Figure>>().iter(app.world()).count();
        assert_eq!(figures, 2, "the Engineer and BOSCO");
        let (place, walk) = figure_of(&mut app, bosco).expect("BOSCO has a figure");
        assert_eq!(place, geo.centre(cell_to_hex((2, 1))).extend(Z_FIGURE));
        assert!(walk.is_empty());
        // He flies two spaces: his figure takes the way the rules told, one space at a time.
        let path = [cell_to_hex((3, 1)), cell_to_hex((4, 1))];
        app.world_mut().entity_mut(bosco).insert(At(path[1]));
        app.world_mut().write_message(GameEvent::Moved { who: Who::Bosco, path: path.iter().map(|h| Qr::from(*h)).collect() });
        app.update();
        let (_, walk) = figure_of(&mut app, bosco).expect("BOSCO has a figure");
        assert_eq!(walk.last(), Some(&path[1]), "on his way to where he landed: {walk:?}");
    }
}
