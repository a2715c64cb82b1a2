//! The key under the cave: what each tile means, and the tokens, the creatures (and BOSCO) now on
//! the cave, each kind once.

use super::atlas::{TileKind, atlas};
use super::layout::{HUD_WIDTH, KEY_HEIGHT};
use super::look::{BOSCO_COLOUR, BOSCO_LETTER, INK, PAPER, Shape, creature_look, ink_on, token_look, token_name, ui_text};
use super::sprites::Shapes;
use crate::data::GameData;
use crate::data::creatures::CreatureKind;
use crate::data::mission::Mineral;
use crate::rules::components::{Bosco, Creature, Token};
use crate::screen::front::{AtTable, Table};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(AtTable), build).add_systems(Update, (name_creatures, toggle).in_set(Table));
}

/// Size of an icon in the key.
const ICON: UVec2 = UVec2::new(18, 21);
const SMALL: f32 = 12.0;
const GREY: Color = Color::srgb_u8(200, 192, 180);
const STRIP: Color = Color::srgb_u8(26, 22, 19);

const TILES: [(TileKind, &str); 10] = [
    (TileKind::Rock, "rock"),
    (TileKind::Mineral(Mineral::Nitra), "Nitra"),
    (TileKind::Mineral(Mineral::Gold), "Gold"),
    (TileKind::Mineral(Mineral::Morkite), "Morkite"),
    (TileKind::Mineral(Mineral::Aquarq), "Aquarq"),
    (TileKind::Stalagmite, "stalagmite"),
    (TileKind::Pit, "pit"),
    (TileKind::DropPod, "Drop Pod"),
    (TileKind::Exit(1), "Tunnel Exit"),
    (TileKind::FaceDown, "hidden cave (a, b, c...)"),
];

/// The key's panel.
#[derive(Component)]
struct KeyStrip;

/// An entry of what stands on the cave: a kind of creature, or BOSCO.
#[derive(Component)]
struct FigureKey;

fn build(mut commands: Commands, mut images: ResMut<Assets<Image>>, shapes: Res<Shapes>) {
    let sheet = images.add(atlas(ICON));
    let strip = Node {
        position_type: PositionType::Absolute,
        left: px(0.0),
        right: px(HUD_WIDTH),
        // Over the top of the cave while it is shown: the bar and its prompt stay in view.
        top: px(0.0),
        min_height: px(KEY_HEIGHT),
        padding: UiRect::axes(px(12.0), px(6.0)),
        align_content: AlignContent::Center,
        flex_wrap: FlexWrap::Wrap,
        column_gap: px(14.0),
        row_gap: px(3.0),
        ..default()
    };
    let tiles = TILES.map(|(kind, label)| tile_entry(sheet.clone(), kind, label));
    let badge = Node { padding: UiRect::horizontal(px(4.0)), border_radius: BorderRadius::MAX, ..default() };
    let health =
        entry((badge.clone(), BackgroundColor(INK), children![ui_text("3", SMALL, PAPER)]), "on a creature: its Health left".into());
    let tag = Node { border_radius: BorderRadius::ZERO, ..badge };
    let condition = entry(
        (tag, BackgroundColor(INK), children![ui_text("webbed", SMALL, PAPER)]),
        "under a Dwarf or over a creature: its condition (knocked over, out cold, webbed, stunned, frozen; + when more)".into(),
    );
    commands.spawn((KeyStrip, DespawnOnExit(AtTable), strip, BackgroundColor(STRIP), GlobalZIndex(5), Visibility::Hidden)).with_children(
        |s| {
            for e in tiles {
                s.spawn(e);
            }
            for (shape, colour, words) in crate::screen::play::MARKS {
                s.spawn(entry((ImageNode { image: shapes.image(shape), color: colour, ..default() }, icon_node()), words.into()));
            }
            let pointer = ImageNode { image: shapes.image(Shape::Pointer), color: PAPER, ..default() };
            s.spawn(entry((pointer, icon_node()), "beside a Praetorian or Oppressor: the way it faces (it is weak from behind)".into()));
            s.spawn(health);
            s.spawn(condition);
        },
    );
}

fn entry(icon: impl Bundle, label: String) -> impl Bundle {
    let row = Node { column_gap: px(4.0), align_items: AlignItems::Center, ..default() };
    (row, children![icon, ui_text(label, SMALL, GREY)])
}

fn icon_node() -> Node {
    Node {
        width: px(ICON.x as f32),
        height: px(ICON.y as f32),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        ..default()
    }
}

fn tile_entry(sheet: Handle<Image>, kind: TileKind, label: &str) -> impl Bundle {
    let left = (kind.index() * ICON.x) as f32;
    let image = ImageNode { image: sheet, rect: Some(Rect::new(left, 0.0, left + ICON.x as f32, ICON.y as f32)), ..default() };
    entry((image, icon_node()), label.to_string())
}

fn token_entry(shapes: &Shapes, token: Token, label: &str) -> impl Bundle {
    let (shape, colour, letter) = token_look(token);
    let image = ImageNode { image: shapes.image(shape), color: colour, ..default() };
    entry((image, icon_node(), children![ui_text(letter.to_string(), SMALL, ink_on(colour))]), label.to_string())
}

fn creature_entry(shapes: &Shapes, kind: CreatureKind, name: &str) -> impl Bundle {
    let look = creature_look(kind);
    let icon = (ImageNode { image: shapes.image(look.shape), color: look.colour, ..default() }, icon_node());
    entry(icon, format!("{} {name}", look.label))
}

fn bosco_entry(shapes: &Shapes) -> impl Bundle {
    let icon = ImageNode { image: shapes.image(Shape::Disc), color: BOSCO_COLOUR, ..default() };
    entry((icon, icon_node(), children![ui_text(BOSCO_LETTER, SMALL, ink_on(BOSCO_COLOUR))]), "BOSCO".to_string())
}

/// What stands on the cave now, for the key: the kinds of token, of creature, and BOSCO.
#[derive(Default, PartialEq)]
struct OnCave {
    tokens: Vec<(String, Token)>,
    creatures: Vec<CreatureKind>,
    bosco: bool,
}

/// Name the kinds of token and creature on the cave, and BOSCO while he is there, when they change.
fn name_creatures(
    mut commands: Commands,
    mut shown: Local<OnCave>,
    data: Res<GameData>,
    shapes: Res<Shapes>,
    tokens: Query<&Token>,
    creatures: Query<&Creature>,
    bosco: Query<(), With<Bosco>>,
    strip: Query<Entity, With<KeyStrip>>,
    entries: Query<Entity, With<FigureKey>>,
) {
    let mut kinds: Vec<CreatureKind> = creatures.iter().map(|c| c.kind).collect();
    kinds.sort();
    kinds.dedup();
    let mut named: Vec<(String, Token)> = tokens.iter().map(|t| (token_name(*t), *t)).collect();
    named.sort_by(|a, b| a.0.cmp(&b.0));
    named.dedup_by(|a, b| a.0 == b.0);
    let now = OnCave { tokens: named, creatures: kinds, bosco: !bosco.is_empty() };
    let Ok(strip) = strip.single() else { return };
    if *shown == now {
        return;
    }
    entries.iter().for_each(|e| commands.entity(e).despawn());
    commands.entity(strip).with_children(|k| {
        for (name, token) in &now.tokens {
            k.spawn((FigureKey, token_entry(&shapes, *token, name)));
        }
        if now.bosco {
            k.spawn((FigureKey, bosco_entry(&shapes)));
        }
        for kind in &now.creatures {
            k.spawn((FigureKey, creature_entry(&shapes, *kind, &data.creatures.get(*kind).name)));
        }
    });
    *shown = now;
}

/// F1 shows the key over the top of the cave, and hides it again; Escape hides it too (a
/// play-tester pressed it to close the key, as it closes the log and the rules).
fn toggle(keys: Option<Res<ButtonInput<KeyCode>>>, mut strip: Query<&mut Visibility, With<KeyStrip>>) {
    let Some(keys) = keys else { return };
    let (f1, escape) = (keys.just_pressed(KeyCode::F1), keys.just_pressed(KeyCode::Escape));
    for mut v in &mut strip {
        let shown = *v != Visibility::Hidden;
        if f1 || (escape && shown) {
            *v = if shown { Visibility::Hidden } else { Visibility::Inherited };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// F1 opens and closes the key; Escape closes it and never opens it.
    #[test]
    fn f1_shows_the_key_and_escape_hides_it() {
        let mut app = App::new();
        app.init_resource::<ButtonInput<KeyCode>>().add_systems(Update, toggle);
        let strip = app.world_mut().spawn((KeyStrip, Visibility::Hidden)).id();
        let mut press = |k: KeyCode| {
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            keys.reset_all();
            keys.press(k);
            app.update();
            *app.world().get::<Visibility>(strip).expect("the key")
        };
        assert_eq!(press(KeyCode::Escape), Visibility::Hidden);
        assert_eq!(press(KeyCode::F1), Visibility::Inherited);
        assert_eq!(press(KeyCode::F1), Visibility::Hidden);
        assert_eq!(press(KeyCode::F1), Visibility::Inherited);
        assert_eq!(press(KeyCode::Escape), Visibility::Hidden);
    }
}
