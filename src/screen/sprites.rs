//! What figures and tokens are drawn with: shape images painted at start-up (white, outlined, tinted
//! by the sprite colour) and the link from a drawing to the rules entity it shows.

use super::look::{INK, Shape};
use super::paint::{Area, Canvas};
use bevy::prelude::*;
use std::collections::HashMap;

/// Side of a shape image in pixels.
const SIZE: u32 = 64;
/// Outline thickness in pixels of a shape image.
const OUTLINE: f32 = 4.0;

/// Draw order, back to front.
pub const Z_LABEL: f32 = 1.0;
pub const Z_TOKEN: f32 = 2.0;
pub const Z_FIGURE: f32 = 3.0;
/// Tokens sharing a space with a figure are drawn small, on top.
pub const Z_TOKEN_OVER: f32 = 4.0;

pub fn plugin(app: &mut App) {
    app.init_resource::<Shapes>().add_systems(PostUpdate, forget_gone);
}

/// A drawing of the rules entity it names; despawned when that entity leaves the cave.
#[derive(Component, Clone, Copy, Debug)]
pub struct Shows(pub Entity);

/// One white image per shape.
#[derive(Resource)]
pub struct Shapes(HashMap<Shape, Handle<Image>>);

impl Shapes {
    pub fn image(&self, shape: Shape) -> Handle<Image> {
        self.0[&shape].clone()
    }

    /// A sprite of this shape, colour and size.
    pub fn sprite(&self, shape: Shape, colour: Color, size: f32) -> Sprite {
        Sprite { image: self.image(shape), color: colour, custom_size: Some(Vec2::splat(size)), ..default() }
    }
}

impl FromWorld for Shapes {
    fn from_world(world: &mut World) -> Shapes {
        let mut images = world.resource_mut::<Assets<Image>>();
        Shapes(Shape::ALL.into_iter().map(|s| (s, images.add(paint_shape(s)))).collect())
    }
}

/// A white shape with a dark outline, filling the image.
fn paint_shape(shape: Shape) -> Image {
    let mut c = Canvas::new(SIZE, SIZE);
    let area = Area { min: UVec2::ZERO, size: UVec2::splat(SIZE) };
    let half = SIZE as f32 / 2.0 - 1.0;
    c.fill(area, INK, move |p| shape.contains(p / half));
    c.fill(area, Color::WHITE, move |p| shape.contains(p / (half - OUTLINE)));
    c.into_image()
}

/// Drop the drawings of entities that are gone (a creature killed, a token collected).
fn forget_gone(mut commands: Commands, drawings: Query<(Entity, &Shows)>, on_cave: Query<(), With<crate::rules::components::At>>) {
    for (e, shows) in &drawings {
        if !on_cave.contains(shows.0) {
            commands.entity(e).despawn();
        }
    }
}
