//! The hex tile atlas, painted at start-up: one tile per kind of space, side by side in one image.
//! Minerals carry their letter as well as their colour.

use super::look::{mineral_colour, mineral_letter};
use super::paint::{Area, Canvas, disc, hex};
use crate::data::mission::{Ground, Mineral};
use crate::rules::components::Terrain;
use bevy::prelude::*;

/// What a tile shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileKind {
    Floor,
    Rock,
    Mineral(Mineral),
    Stalagmite,
    Pit,
    DropPod,
    Exit(u8),
    FaceDown,
}

impl TileKind {
    pub const ALL: [TileKind; 13] = [
        TileKind::Floor,
        TileKind::Rock,
        TileKind::Mineral(Mineral::Nitra),
        TileKind::Mineral(Mineral::Gold),
        TileKind::Mineral(Mineral::Morkite),
        TileKind::Mineral(Mineral::Aquarq),
        TileKind::Stalagmite,
        TileKind::Pit,
        TileKind::DropPod,
        TileKind::Exit(1),
        TileKind::Exit(2),
        TileKind::Exit(3),
        TileKind::FaceDown,
    ];

    /// The tile for a space: what it is, and whether it is part of the Drop Pod or a Tunnel Exit.
    pub fn of(terrain: Terrain, pod: bool, exit: Option<u8>) -> TileKind {
        match (terrain, exit) {
            (Terrain::Hidden(_), _) => TileKind::FaceDown,
            (_, Some(n)) => TileKind::Exit(n.clamp(1, 3)),
            _ if pod => TileKind::DropPod,
            (Terrain::Open(g), None) => match g {
                Ground::Floor => TileKind::Floor,
                Ground::Wall(None) => TileKind::Rock,
                Ground::Wall(Some(m)) => TileKind::Mineral(m),
                Ground::Stalagmite => TileKind::Stalagmite,
                Ground::Pit => TileKind::Pit,
            },
        }
    }

    /// Its place in the atlas.
    pub fn index(self) -> u32 {
        TileKind::ALL.iter().position(|k| *k == self).expect("every kind is in ALL") as u32
    }
}

const FLOOR: Color = Color::srgb_u8(140, 119, 94);
const FLOOR_EDGE: Color = Color::srgb_u8(70, 57, 45);
const ROCK: Color = Color::srgb_u8(66, 58, 52);
const ROCK_EDGE: Color = Color::srgb_u8(28, 24, 21);
const STONE: Color = Color::srgb_u8(196, 188, 176);
const HOLE: Color = Color::srgb_u8(12, 10, 9);
const STEEL: Color = Color::srgb_u8(78, 86, 96);
const HAZARD: Color = Color::srgb_u8(235, 125, 30);
const FACE_DOWN: Color = Color::srgb_u8(46, 52, 68);
const FACE_DOWN_LINES: Color = Color::srgb_u8(66, 74, 96);

/// Paint the atlas for tiles of `tile` pixels (width, height of a pointy-top hex).
pub fn atlas(tile: UVec2) -> Image {
    let mut canvas = Canvas::new(tile.x * TileKind::ALL.len() as u32, tile.y);
    for (i, kind) in TileKind::ALL.into_iter().enumerate() {
        let area = Area { min: UVec2::new(i as u32 * tile.x, 0), size: tile };
        paint_tile(&mut canvas, area, kind);
    }
    canvas.into_image()
}

/// A small picture of a mission's map, for the menus: each space's tile at `tile` pixels, odd rows
/// shifted right by half a tile as in the mission drawing, and a dot of its colour where each
/// creature starts (`dots`).
pub fn map_picture(cells: &[((i32, i32), TileKind)], dots: &[((i32, i32), Color)], tile: UVec2) -> Image {
    let cols = cells.iter().map(|((c, _), _)| *c).max().unwrap_or(0).max(0) as u32 + 1;
    let rows = cells.iter().map(|((_, r), _)| *r).max().unwrap_or(0).max(0) as u32 + 1;
    let step_y = tile.y * 3 / 4;
    let mut canvas = Canvas::new(cols * tile.x + tile.x / 2, rows.saturating_sub(1) * step_y + tile.y);
    for ((col, row), kind) in cells {
        let (Ok(col), Ok(row)) = (u32::try_from(*col), u32::try_from(*row)) else { continue };
        let min = UVec2::new(col * tile.x + (row % 2) * tile.x / 2, row * step_y);
        paint_tile(&mut canvas, Area { min, size: tile }, *kind);
    }
    for ((col, row), colour) in dots {
        let (Ok(col), Ok(row)) = (u32::try_from(*col), u32::try_from(*row)) else { continue };
        let area = Area { min: UVec2::new(col * tile.x + (row % 2) * tile.x / 2, row * step_y), size: tile };
        canvas.fill(area, ROCK_EDGE, disc(0.36 * tile.x as f32));
        canvas.fill(area, *colour, disc(0.28 * tile.x as f32));
    }
    canvas.into_image()
}

fn paint_tile(c: &mut Canvas, area: Area, kind: TileKind) {
    let (w, h) = (area.size.x as f32, area.size.y as f32);
    let base = |c: &mut Canvas, edge: Color, fill: Color| {
        c.fill(area, edge, hex(w, h, 0.0));
        c.fill(area, fill, hex(w, h, 1.5));
    };
    match kind {
        TileKind::Floor => floor(c, area),
        TileKind::Rock => base(c, ROCK_EDGE, ROCK),
        TileKind::Mineral(m) => {
            base(c, ROCK_EDGE, ROCK);
            let (a, b) = (0.34 * w, 0.34 * h);
            c.fill(area, ROCK_EDGE, move |p| p.x.abs() / (a + 2.0) + p.y.abs() / (b + 2.0) <= 1.0);
            c.fill(area, mineral_colour(m), move |p| p.x.abs() / a + p.y.abs() / b <= 1.0);
            let ink = super::look::ink_on(mineral_colour(m));
            c.text(area, mineral_letter(m), ink, (h / 28.0).max(1.0), Vec2::ZERO);
        }
        TileKind::Stalagmite => {
            floor(c, area);
            stalagmite(c, area);
        }
        TileKind::Pit => {
            floor(c, area);
            c.fill(area, FLOOR_EDGE, hex(w, h, 0.16 * w));
            c.fill(area, HOLE, hex(w, h, 0.2 * w));
        }
        // Dark steel inside a band of hazard stripes: nothing like the pale tint of a lit space.
        TileKind::DropPod => {
            base(c, ROCK_EDGE, STEEL);
            let stripe = (w / 8.0).max(2.0);
            let striped = move |p: Vec2| (p.x + p.y).rem_euclid(2.0 * stripe) < stripe;
            c.fill(area, HAZARD, hex(w, h, 2.0));
            c.fill(area, ROCK_EDGE, move |p| hex(w, h, 2.0)(p) && striped(p));
            c.fill(area, STEEL, hex(w, h, 0.16 * w));
            c.fill(area, STEEL.lighter(0.06), move |p| p.length() <= 0.08 * w);
        }
        TileKind::Exit(n) => {
            floor(c, area);
            c.fill(area, FLOOR_EDGE, disc(0.4 * w));
            c.fill(area, HOLE, disc(0.4 * w - 2.0));
            let numeral = "I".repeat(n as usize);
            c.text(area, &numeral, super::look::PAPER, (h / 28.0).max(1.0), Vec2::ZERO);
        }
        TileKind::FaceDown => {
            base(c, ROCK_EDGE, FACE_DOWN);
            let lines = |p: Vec2| (p.x + p.y).rem_euclid(7.0) < 1.2 || (p.x - p.y).rem_euclid(7.0) < 1.2;
            c.fill(area, FACE_DOWN_LINES, move |p| hex(w, h, 2.5)(p) && lines(p));
        }
    }
}

fn floor(c: &mut Canvas, area: Area) {
    let (w, h) = (area.size.x as f32, area.size.y as f32);
    c.fill(area, FLOOR_EDGE, hex(w, h, 0.0));
    c.fill(area, FLOOR, hex(w, h, 1.5));
    // A few pebbles so the floor does not look flat.
    let speck = FLOOR.darker(0.06);
    for (x, y) in [(-0.22, 0.2), (0.25, 0.05), (-0.05, -0.3), (0.18, -0.22)] {
        let at = Vec2::new(x * w, y * h);
        c.fill(area, speck, move |p| p.distance(at) <= 0.05 * w);
    }
}

/// A grey stone cone.
fn stalagmite(c: &mut Canvas, area: Area) {
    let (w, h) = (area.size.x as f32, area.size.y as f32);
    let cone = move |grow: f32| {
        move |p: Vec2| {
            let (top, bottom, half) = (0.36 * h + grow, -0.26 * h - grow, 0.3 * w + grow);
            p.y >= bottom && p.y <= top && p.x.abs() <= half * (top - p.y) / (top - bottom)
        }
    };
    c.fill(area, ROCK_EDGE, cone(1.5));
    c.fill(area, STONE, cone(0.0));
}
