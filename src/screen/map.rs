//! The cave: a hex tilemap with one tile per space, repainted when a space changes (a wall carved, a
//! hidden cave revealed, a Tunnel Exit found). Face-down hidden caves carry their letter.

use super::atlas::{TileKind, atlas};
use super::layout::MapGeometry;
use super::look::BACKGROUND;
use super::sprites::Z_LABEL;
use crate::rules::components::{DropPod, HiddenCave, Space, Terrain, TunnelExit};
use crate::screen::front::{AtTable, Table};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins(TilemapPlugin)
        .insert_resource(ClearColor(BACKGROUND))
        .add_systems(OnEnter(AtTable), (measure, (lay_tiles, number_edges)).chain())
        .add_systems(Update, (label_hidden_caves, repaint, drop_revealed_labels).in_set(Table));
}

/// The tilemap of the cave.
#[derive(Component)]
struct CaveMap;

/// The letter on a face-down hidden cave.
#[derive(Component)]
struct CaveLabel(Entity);

type SpaceLook<'a> = (&'a Space, &'a Terrain, Has<DropPod>, Option<&'a TunnelExit>);
/// Spaces whose look may have changed.
type Repainted = Or<(Changed<Terrain>, Changed<TunnelExit>)>;

fn tile_kind((_, terrain, pod, exit): (&Space, &Terrain, bool, Option<&TunnelExit>)) -> TileKind {
    TileKind::of(*terrain, pod, exit.map(|e| e.0))
}

fn measure(
    mut commands: Commands,
    spaces: Query<&Space>,
    settings: Option<Res<super::settings::Settings>>,
    coach: Option<Res<super::play::Coach>>,
) {
    let coached = coach.is_some_and(|c| c.on);
    commands.insert_resource(MapGeometry::fit(spaces.iter().map(|s| s.0), super::layout::panel_size(settings.as_deref()), coached));
}

fn lay_tiles(mut commands: Commands, geo: Res<MapGeometry>, mut images: ResMut<Assets<Image>>, spaces: Query<SpaceLook>) {
    let texture = images.add(atlas(UVec2::new(geo.tile.x as u32, geo.tile.y as u32)));
    let map = commands.spawn((CaveMap, DespawnOnExit(AtTable))).id();
    let mut storage = TileStorage::empty(geo.size);
    for space in &spaces {
        let Some(position) = geo.tile_pos(space.0.0) else { continue };
        let texture_index = TileTextureIndex(tile_kind(space).index());
        let tile =
            commands.spawn((TileBundle { position, texture_index, tilemap_id: TilemapId(map), ..default() }, DespawnOnExit(AtTable))).id();
        storage.set(&position, tile);
    }
    commands.entity(map).insert(TilemapBundle {
        grid_size: geo.grid,
        size: geo.size,
        storage,
        texture: TilemapTexture::Single(texture),
        tile_size: geo.tile,
        map_type: geo.kind,
        anchor: TilemapAnchor::Center,
        transform: Transform::from_translation(geo.origin.extend(0.0)),
        ..default()
    });
}

/// The columns' and rows' numbers along the top and left of the cave: the log, the tips and the
/// rules name a space by them, '(13, 7)'.
fn number_edges(mut commands: Commands, geo: Res<MapGeometry>) {
    let size = (0.28 * geo.hex_width()).clamp(9.0, 14.0);
    for (n, at) in geo.edge_numbers() {
        commands.spawn((
            DespawnOnExit(AtTable),
            Text2d::new(n.to_string()),
            TextFont::from_font_size(FontSize::Px(size)),
            TextColor(Color::srgb_u8(120, 112, 100)),
            Transform::from_translation(at.extend(Z_LABEL)),
        ));
    }
}

/// Each hidden cave laid out (at the start, and again when the game is replayed for an undo) gets
/// its letter.
fn label_hidden_caves(mut commands: Commands, geo: Res<MapGeometry>, caves: Query<(Entity, &HiddenCave), Added<HiddenCave>>) {
    for (e, cave) in &caves {
        let Some(h) = cave.spaces.get(cave.spaces.len() / 2).filter(|_| !cave.revealed) else { continue };
        commands.spawn((
            CaveLabel(e),
            DespawnOnExit(AtTable),
            Text2d::new(cave.letter.to_string()),
            TextFont::from_font_size(FontSize::Px(0.5 * geo.hex_width())),
            TextColor(Color::srgb_u8(190, 200, 225)),
            Transform::from_translation(geo.centre(*h).extend(Z_LABEL)),
        ));
    }
}

/// Show what changed spaces are now.
fn repaint(
    geo: Res<MapGeometry>,
    changed: Query<SpaceLook, Repainted>,
    maps: Query<&TileStorage, With<CaveMap>>,
    mut tiles: Query<&mut TileTextureIndex>,
) {
    let Ok(storage) = maps.single() else { return };
    for space in &changed {
        let tile = geo.tile_pos(space.0.0).and_then(|p| storage.get(&p));
        if let Some(mut index) = tile.and_then(|t| tiles.get_mut(t).ok()) {
            index.set_if_neq(TileTextureIndex(tile_kind(space).index()));
        }
    }
}

fn drop_revealed_labels(mut commands: Commands, labels: Query<(Entity, &CaveLabel)>, caves: Query<&HiddenCave>) {
    for (e, label) in &labels {
        if caves.get(label.0).ok().is_none_or(|c| c.revealed) {
            commands.entity(e).despawn();
        }
    }
}
