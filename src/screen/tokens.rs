//! The tokens on the cave: minerals by colour and letter, unknown pickups face down ("?") or face up
//! (two letters of their name), Weapon Upgrades (a square "U"). A token shares its space with a
//! figure by shrinking to the top of the hex.

use super::layout::MapGeometry;
use super::look::{ink_on, token_look};
use super::sprites::{Shapes, Shows, Z_TOKEN, Z_TOKEN_OVER};
use crate::rules::components::{At, Creature, Dwarf, Id, Token};
use crate::screen::front::Table;
use bevy::prelude::*;
use hexx::Hex;
use std::collections::{BTreeMap, HashSet};

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (draw_tokens, place_tokens).chain().in_set(Table));
}

#[derive(Component)]
struct TokenDrawing;

type IsFigure = Or<(With<Dwarf>, With<Creature>)>;

/// Draw new tokens, and draw again those that changed (a pickup turned face up).
fn draw_tokens(
    mut commands: Commands,
    geo: Res<MapGeometry>,
    shapes: Res<Shapes>,
    changed: Query<(Entity, &Token), Changed<Token>>,
    drawn: Query<(Entity, &Shows), With<TokenDrawing>>,
) {
    let w = geo.hex_width();
    for (e, token) in &changed {
        for (old, _) in drawn.iter().filter(|(_, s)| s.0 == e) {
            commands.entity(old).despawn();
        }
        let (shape, colour, label) = token_look(*token);
        commands.spawn((
            Shows(e),
            TokenDrawing,
            shapes.sprite(shape, colour, 0.66 * w),
            Transform::from_xyz(0.0, 0.0, Z_TOKEN),
            children![(
                Text2d::new(label),
                TextFont::from_font_size(FontSize::Px(0.4 * w)),
                TextColor(ink_on(colour)),
                Transform::from_xyz(0.0, 0.0, 0.1),
            )],
        ));
    }
}

/// Tokens side by side on their space, in id order; small and on top where a figure stands.
fn place_tokens(
    geo: Res<MapGeometry>,
    tokens: Query<(&Id, &At), With<Token>>,
    figures: Query<&At, IsFigure>,
    mut drawings: Query<(&Shows, &mut Transform), With<TokenDrawing>>,
) {
    let mut by_space: BTreeMap<(i32, i32), Vec<Id>> = BTreeMap::new();
    for (id, at) in &tokens {
        by_space.entry((at.0.x, at.0.y)).or_default().push(*id);
    }
    by_space.values_mut().for_each(|ids| ids.sort());
    let occupied: HashSet<Hex> = figures.iter().map(|a| a.0).collect();
    let (w, h) = (geo.hex_width(), geo.grid.y);
    for (shows, mut t) in &mut drawings {
        let Ok((id, at)) = tokens.get(shows.0) else { continue };
        let group = &by_space[&(at.0.x, at.0.y)];
        let i = group.iter().position(|x| x == id).unwrap_or(0) as f32;
        let (scale, lift, z, spread) =
            if occupied.contains(&at.0) { (0.7, 0.3 * h, Z_TOKEN_OVER, 0.4 * w) } else { (1.0, 0.0, Z_TOKEN, 0.5 * w) };
        let across = (i - (group.len() - 1) as f32 / 2.0) * spread;
        let place = (geo.centre(at.0) + Vec2::new(across, lift)).extend(z);
        t.set_if_neq(Transform::from_translation(place).with_scale(Vec3::splat(scale)));
    }
}
