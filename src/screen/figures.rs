//! The figures on the cave. A Dwarf is a disc in his class colour with his letter, ringed in white;
//! BOSCO is drawn the same way, smaller and in steel; a
//! creature is a shape and colour of its kind with its abbreviation and its health in a badge.
//! Creatures hit harder from behind show the way they face; an Oppressor's back space is drawn too.
//! A figure's condition (a Dwarf knocked over, unconscious, webbed or stunned; a creature stunned or
//! frozen) is a tag within its space: under a Dwarf's letter, over a creature's label.

use super::layout::MapGeometry;
use super::look::{BOSCO_COLOUR, BOSCO_LETTER, INK, PAPER, Shape, class_colour, class_letter, creature_look, ink_on};
use super::sprites::{Shapes, Shows, Z_FIGURE};
use crate::data::GameData;
use crate::data::creatures::Trait;
use crate::rules::components::Id;
use crate::rules::components::{At, Bosco, Creature, CreatureStatus, Dwarf, DwarfStatus, Faces, Health, Token};
use crate::rules::hex::step;
use crate::rules::log::{GameEvent, Who};
use crate::screen::front::Table;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::VecDeque;

pub fn plugin(app: &mut App) {
    let rewinding = resource_exists::<super::play::history::Rewinding>;
    app.add_systems(
        Update,
        (
            draw_dwarves,
            draw_bosco,
            draw_creatures,
            follow_paths.run_if(not(rewinding)),
            place_figures,
            show_health,
            show_conditions,
            turn_creatures,
        )
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

/// The tag above a figure naming its condition, hidden while it has none.
#[derive(Component)]
struct ConditionTag(Entity);

/// The tag's words: its text child.
#[derive(Component)]
struct ConditionText;

/// The pointer on the side a creature faces.
#[derive(Component)]
struct FacingMark(Entity);

/// An Oppressor's back space.
#[derive(Component)]
struct BackSpace(Entity);

fn text(s: impl Into<String>, size: f32, colour: Color, z: f32) -> (Text2d, TextFont, TextColor, Transform) {
    (Text2d::new(s), TextFont::from_font_size(FontSize::Px(size)), TextColor(colour), Transform::from_xyz(0.0, 0.0, z))
}

fn draw_dwarves(mut commands: Commands, geo: Res<MapGeometry>, shapes: Res<Shapes>, dwarves: Query<(Entity, &Dwarf, &At), Added<Dwarf>>) {
    for (e, dwarf, at) in &dwarves {
        commands
            .spawn(ringed(e, &geo, &shapes, at, (class_colour(dwarf.class), class_letter(dwarf.class)), 1.0))
            .with_child(tag(e, &geo, &shapes, DWARF_TAG));
    }
}

/// Where a figure's condition tag lies, in hex widths up from its centre: within its own space,
/// clear of its letter, so it hides nothing of a figure next to it; a Dwarf's under his letter, a
/// creature's over its label (its health badge is at its foot).
const DWARF_TAG: f32 = -0.33;
const CREATURE_TAG: f32 = 0.33;

/// A figure's condition tag, hidden until it has a condition.
fn tag(e: Entity, geo: &MapGeometry, shapes: &Shapes, up: f32) -> impl Bundle {
    let w = geo.hex_width();
    let mut plate = shapes.sprite(Shape::Square, INK, w);
    plate.custom_size = Some(Vec2::new(0.95 * w, 0.3 * w));
    (
        ConditionTag(e),
        plate,
        Transform::from_xyz(0.0, up * w, 0.5),
        Visibility::Hidden,
        children![(ConditionText, text("", 0.26 * w, PAPER, 0.1))],
    )
}

/// A Dwarf's condition in a word or two, the gravest first; `+` when he has another too (the
/// side panel and the card beside the pointer name them all).
fn dwarf_condition(s: &DwarfStatus) -> Option<String> {
    let all = [(s.unconscious, "out cold"), (s.knocked_over, "knocked over"), (s.webbed, "webbed"), (s.stunned, "stunned")];
    condition(&all)
}

/// A creature's condition: frozen or stunned (its next activation is lost, ruling 19).
fn creature_condition(s: &CreatureStatus) -> Option<String> {
    condition(&[(s.frozen, "frozen"), (s.stunned, "stunned")])
}

fn condition(all: &[(bool, &str)]) -> Option<String> {
    let mut held = all.iter().filter(|c| c.0).map(|c| c.1);
    let first = held.next()?;
    Some(if held.next().is_some() { format!("{first}+") } else { first.to_string() })
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
        // A triangle is widest at its base: its label sits lower (pointing up) or higher (pointing
        // down), and smaller (a play-tester could not read the Web Spitter's "WS").
        let (size, lift) = match look.shape {
            Shape::TriangleUp => (0.34, -0.12),
            Shape::TriangleDown => (0.34, 0.12),
            _ => (0.42, 0.0),
        };
        let mut label = text(look.label, size * w, ink_on(look.colour), 0.1);
        label.3.translation.y = lift * w;
        let mut figure = commands.spawn((
            Shows(e),
            Figure,
            Walk::default(),
            shapes.sprite(look.shape, look.colour, look.size * w),
            Transform::from_translation(geo.centre(at.0).extend(Z_FIGURE)),
            children![
                label,
                (
                    shapes.sprite(Shape::Disc, INK, 0.44 * w),
                    Transform::from_xyz(0.34 * w, -0.32 * w, 0.3),
                    children![(HealthText(e), text(health.0.to_string(), 0.36 * w, PAPER, 0.1))],
                ),
            ],
        ));
        figure.with_child(tag(e, &geo, &shapes, CREATURE_TAG));
        if stats.has(Trait::WeakRear) {
            figure.with_child((FacingMark(e), shapes.sprite(Shape::Pointer, PAPER, 0.3 * w), Transform::default()));
        }
        if stats.has(Trait::TwoSpaces) {
            let back = shapes.sprite(look.shape, look.colour.darker(0.15), 0.75 * look.size * w);
            figure.with_child((BackSpace(e), back, Transform::from_xyz(0.0, 0.0, -0.5)));
        }
    }
}

/// Who the log names, found on the table: the Dwarf of that class, the creature of that number,
/// BOSCO, the Sentry Gun's token.
#[derive(SystemParam)]
pub struct WhoIs<'w, 's> {
    creatures: Query<'w, 's, (Entity, &'static Id), With<Creature>>,
    dwarves: Query<'w, 's, (Entity, &'static Dwarf)>,
    bosco: Query<'w, 's, Entity, With<Bosco>>,
    tokens: Query<'w, 's, (Entity, &'static Token)>,
}

impl WhoIs<'_, '_> {
    /// Its entity, while it is on the table (a creature killed is not).
    pub fn entity(&self, who: &Who) -> Option<Entity> {
        match who {
            Who::Creature { id, .. } => self.creatures.iter().find(|(_, c)| c.0 == *id).map(|(e, _)| e),
            Who::Dwarf(class) => self.dwarves.iter().find(|(_, d)| d.class == *class).map(|(e, _)| e),
            Who::Bosco => self.bosco.single().ok(),
            Who::SentryGun => self.tokens.iter().find(|(_, t)| matches!(t, Token::SentryGun { .. })).map(|(e, _)| e),
        }
    }
}

/// A figure that moved (walked, flew, ran in fright) goes along its path, space by space.
fn follow_paths(mut events: MessageReader<GameEvent>, who_is: WhoIs, mut figures: Query<(&Shows, &mut Walk)>) {
    for e in events.read() {
        let (GameEvent::Moved { who, path } | GameEvent::Scared { who, path }) = e else { continue };
        let mover = who_is.entity(who);
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

/// Each figure's tag says its condition now, or hides.
fn show_conditions(
    dwarves: Query<&DwarfStatus>,
    creatures: Query<&CreatureStatus>,
    mut tags: Query<(&ConditionTag, &Children, &mut Visibility)>,
    mut texts: Query<&mut Text2d, With<ConditionText>>,
) {
    for (tag, children, mut shown) in &mut tags {
        let words = dwarves.get(tag.0).ok().and_then(dwarf_condition).or_else(|| creatures.get(tag.0).ok().and_then(creature_condition));
        shown.set_if_neq(if words.is_some() { Visibility::Inherited } else { Visibility::Hidden });
        let Some(words) = words else { continue };
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child)
                && text.0 != words
            {
                text.0.clone_from(&words);
            }
        }
    }
}

/// Point facing marks the way their creature faces, and put back spaces behind.
fn turn_creatures(
    geo: Res<MapGeometry>,
    data: Res<GameData>,
    facing: Query<(&At, &Faces, &Creature)>,
    mut marks: Query<(&FacingMark, &mut Transform), Without<BackSpace>>,
    mut backs: Query<(&BackSpace, &mut Transform), Without<FacingMark>>,
) {
    let offset = |at: &At, to| geo.centre(to) - geo.centre(at.0);
    for (mark, mut t) in &mut marks {
        if let Ok((at, faces, _)) = facing.get(mark.0) {
            let dir = offset(at, step(at.0, faces.0)).normalize_or_zero();
            let place = Transform::from_translation((dir * 0.5 * geo.hex_width()).extend(0.2))
                .with_rotation(Quat::from_rotation_z(dir.to_angle() - std::f32::consts::FRAC_PI_2));
            t.set_if_neq(place);
        }
    }
    for (back, mut t) in &mut backs {
        if let Ok((at, faces, creature)) = facing.get(back.0)
            && let Some(behind) = crate::rules::cave::creature_back(&data, creature.kind, at.0, Some(faces))
        {
            let place = offset(at, behind).extend(-0.5);
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
            .insert_resource(MapGeometry::fit((0..4).flat_map(|r| (0..6).map(move |c| cell_to_hex((c, r)))), 1.0, false))
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

    /// The words and visibility of the tag over a figure.
    fn tag_of(app: &mut App, e: Entity) -> Option<(String, Visibility)> {
        let mut tags = app.world_mut().query::<(&ConditionTag, &Children, &Visibility)>();
        let (_, children, shown) = tags.iter(app.world()).find(|t| t.0.0 == e)?;
        let (children, shown) = (children.to_vec(), *shown);
        let words = children.iter().find_map(|c| app.world().get::<Text2d>(*c).map(|t| t.0.clone()))?;
        Some((words, shown))
    }

    /// A knocked-over Dwarf and a stunned creature are tagged so on the cave; the tags hide once
    /// they stand and act again.
    #[test]
    fn a_figures_condition_is_tagged_over_it() {
        let (mut app, _) = drawn();
        let gunner =
            app.world_mut().spawn((Dwarf { class: DwarfClass::Gunner, seat: 1 }, At(cell_to_hex((3, 2))), DwarfStatus::default())).id();
        let grunt = app
            .world_mut()
            .spawn((
                Creature { kind: crate::data::creatures::CreatureKind::Grunt },
                At(cell_to_hex((4, 2))),
                Health(3),
                CreatureStatus::default(),
            ))
            .id();
        app.update();
        assert_eq!(tag_of(&mut app, gunner).map(|t| t.1), Some(Visibility::Hidden));
        assert_eq!(tag_of(&mut app, grunt).map(|t| t.1), Some(Visibility::Hidden));
        app.world_mut().entity_mut(gunner).insert(DwarfStatus { knocked_over: true, webbed: true, ..default() });
        app.world_mut().entity_mut(grunt).insert(CreatureStatus { stunned: true, ..default() });
        app.update();
        assert_eq!(tag_of(&mut app, gunner), Some(("knocked over+".to_string(), Visibility::Inherited)));
        assert_eq!(tag_of(&mut app, grunt), Some(("stunned".to_string(), Visibility::Inherited)));
        app.world_mut().entity_mut(gunner).insert(DwarfStatus::default());
        app.update();
        assert_eq!(tag_of(&mut app, gunner).map(|t| t.1), Some(Visibility::Hidden));
    }

    /// An Oppressor's back is drawn on the space behind it, the way it faces, as the rules fill it;
    /// it follows a turn.
    #[test]
    fn an_oppressors_back_is_drawn_behind_it() {
        use crate::data::mission::Facing;
        let (mut app, _) = drawn();
        let geo = app.world().resource::<MapGeometry>().clone();
        let front = cell_to_hex((3, 2));
        let kind = crate::data::creatures::CreatureKind::Oppressor;
        let oppressor = app.world_mut().spawn((Creature { kind }, At(front), Health(6), CreatureStatus::default(), Faces(Facing::W))).id();
        app.update();
        let back_at = |app: &mut App| {
            let mut q = app.world_mut().query::<(&BackSpace, &Transform)>();
            q.iter(app.world()).find(|b| b.0.0 == oppressor).map(|b| b.1.translation.truncate())
        };
        // Facing west, its back is on the space to the east.
        assert_eq!(back_at(&mut app), Some(geo.centre(cell_to_hex((4, 2))) - geo.centre(front)));
        app.world_mut().entity_mut(oppressor).insert(Faces(Facing::E));
        app.update();
        assert_eq!(back_at(&mut app), Some(geo.centre(cell_to_hex((2, 2))) - geo.centre(front)));
    }

    #[test]
    fn the_gravest_condition_is_named_first() {
        assert_eq!(dwarf_condition(&DwarfStatus::default()), None);
        assert_eq!(dwarf_condition(&DwarfStatus { unconscious: true, knocked_over: true, ..default() }).as_deref(), Some("out cold+"));
        assert_eq!(dwarf_condition(&DwarfStatus { stunned: true, ..default() }).as_deref(), Some("stunned"));
        assert_eq!(creature_condition(&CreatureStatus { frozen: true, stunned: true, ..default() }).as_deref(), Some("frozen+"));
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
