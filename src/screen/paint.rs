//! Painting small images in code (the hex tiles and the figure shapes), so the game needs no art
//! files. Shapes are tests "is this point inside?", sampled 4x4 per pixel for smooth edges.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Samples per pixel side when painting.
const SAMPLES: u32 = 4;

/// An RGBA picture being painted, straight (not premultiplied) alpha, sRGB.
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<[f32; 4]>,
}

/// A part of a canvas to paint in; shapes are given points relative to its centre, y up.
#[derive(Clone, Copy, Debug)]
pub struct Area {
    pub min: UVec2,
    pub size: UVec2,
}

impl Canvas {
    pub fn new(width: u32, height: u32) -> Canvas {
        Canvas { width, height, pixels: vec![[0.0; 4]; (width * height) as usize] }
    }

    /// Blend `colour` over the pixels of `area` that `inside` covers.
    pub fn fill(&mut self, area: Area, colour: Color, inside: impl Fn(Vec2) -> bool) {
        let c = Srgba::from(colour);
        let half = area.size.as_vec2() / 2.0;
        for y in 0..area.size.y {
            for x in 0..area.size.x {
                let covered = (0..SAMPLES * SAMPLES)
                    .filter(|i| {
                        let sub = (Vec2::new((i % SAMPLES) as f32, (i / SAMPLES) as f32) + 0.5) / SAMPLES as f32;
                        let p = Vec2::new(x as f32, y as f32) + sub - half;
                        inside(Vec2::new(p.x, -p.y))
                    })
                    .count();
                let a = c.alpha * covered as f32 / (SAMPLES * SAMPLES) as f32;
                if a > 0.0 {
                    let at = ((area.min.y + y) * self.width + area.min.x + x) as usize;
                    self.pixels[at] = over([c.red, c.green, c.blue, a], self.pixels[at]);
                }
            }
        }
    }

    /// Paint capital letters (from the small bitmap font below) centred at `at`, `scale` pixels
    /// per font dot.
    pub fn text(&mut self, area: Area, text: &str, colour: Color, scale: f32, at: Vec2) {
        let glyphs: Vec<&[&str; 7]> = text.chars().map(glyph).collect();
        let dots = glyphs.iter().map(|g| g[0].len() + 1).sum::<usize>().saturating_sub(1);
        let left = at.x - dots as f32 * scale / 2.0;
        let top = at.y + 3.5 * scale;
        self.fill(area, colour, |p| {
            let (col, row) = (((p.x - left) / scale).floor(), ((top - p.y) / scale).floor());
            if col < 0.0 || !(0.0..7.0).contains(&row) {
                return false;
            }
            let (col, row) = (col as usize, row as usize);
            let mut start = 0;
            for g in &glyphs {
                let width = g[0].len();
                if col < start + width {
                    return col >= start && g[row].as_bytes()[col - start] == b'#';
                }
                start += width + 1;
            }
            false
        });
    }

    pub fn into_image(self) -> Image {
        let data = self.pixels.iter().flat_map(|p| p.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)).collect();
        Image::new(
            Extent3d { width: self.width, height: self.height, depth_or_array_layers: 1 },
            TextureDimension::D2,
            data,
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::default(),
        )
    }
}

/// `top` over `below`, straight alpha.
fn over(top: [f32; 4], below: [f32; 4]) -> [f32; 4] {
    let a = top[3] + below[3] * (1.0 - top[3]);
    let mix = |i: usize| (top[i] * top[3] + below[i] * below[3] * (1.0 - top[3])) / a;
    [mix(0), mix(1), mix(2), a]
}

/// A pointy-top hex filling a `width` x `height` box, pulled in by `inset` pixels.
pub fn hex(width: f32, height: f32, inset: f32) -> impl Fn(Vec2) -> bool {
    let (hw, r) = (width / 2.0 - inset, height / 2.0 - inset);
    move |p| p.x.abs() <= hw && p.y.abs() <= r - p.x.abs() * (r / 2.0) / hw
}

pub fn disc(radius: f32) -> impl Fn(Vec2) -> bool {
    move |p| p.length() <= radius
}

/// The few capitals painted into tiles: 7 rows of dots.
fn glyph(c: char) -> &'static [&'static str; 7] {
    match c {
        'N' => &["#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#", "#...#"],
        'G' => &[".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".###."],
        'M' => &["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
        'A' => &[".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
        'I' => &["###", ".#.", ".#.", ".#.", ".#.", ".#.", "###"],
        _ => &["#####", "#...#", "#...#", "#...#", "#...#", "#...#", "#####"],
    }
}
