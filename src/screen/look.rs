//! How things look: one place for colours, letters and shapes, so that every class, creature and
//! token differs by a letter or shape as well as by colour.

use crate::data::creatures::CreatureKind;
use crate::data::dice::DieKind;
use crate::data::mission::{Item, Mineral, Pickup};
use crate::data::weapons::DwarfClass;
use crate::rules::components::Token;
use bevy::prelude::*;

pub const BACKGROUND: Color = Color::srgb_u8(18, 15, 13);
pub const INK: Color = Color::srgb_u8(16, 12, 10);
pub const PAPER: Color = Color::srgb_u8(240, 234, 222);

/// Words on the UI: a text of this size and colour (the panel, the bar, the banners, the key).
pub fn ui_text(s: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (Text::new(s), TextFont::from_font_size(FontSize::Px(size)), TextColor(colour))
}

pub fn class_colour(c: DwarfClass) -> Color {
    match c {
        DwarfClass::Scout => Color::srgb_u8(70, 140, 240),
        DwarfClass::Driller => Color::srgb_u8(245, 190, 30),
        DwarfClass::Gunner => Color::srgb_u8(225, 70, 60),
        DwarfClass::Engineer => Color::srgb_u8(80, 185, 90),
    }
}

/// A die's colour, as close to the box's dice as a flat colour gets; the faces carry words too.
pub fn die_colour(d: DieKind) -> Color {
    match d {
        DieKind::Axe => Color::srgb_u8(150, 150, 150),
        DieKind::Mineral => Color::srgb_u8(70, 160, 110),
        DieKind::Bullet => Color::srgb_u8(230, 200, 90),
        DieKind::Piercing => Color::srgb_u8(90, 150, 230),
        DieKind::Flame => Color::srgb_u8(240, 130, 40),
        DieKind::Explosive => Color::srgb_u8(210, 60, 50),
        DieKind::Creature => Color::srgb_u8(150, 90, 190),
    }
}

pub fn class_letter(c: DwarfClass) -> &'static str {
    match c {
        DwarfClass::Scout => "S",
        DwarfClass::Driller => "D",
        DwarfClass::Gunner => "G",
        DwarfClass::Engineer => "E",
    }
}

/// BOSCO, the drone: drawn as a Dwarf is (a ringed disc with a letter), smaller and in steel.
pub const BOSCO_COLOUR: Color = Color::srgb_u8(125, 138, 155);
pub const BOSCO_LETTER: &str = "B";

pub fn mineral_colour(m: Mineral) -> Color {
    match m {
        Mineral::Nitra => Color::srgb_u8(215, 55, 45),
        Mineral::Gold => Color::srgb_u8(240, 200, 50),
        Mineral::Morkite => Color::srgb_u8(60, 105, 230),
        Mineral::Aquarq => Color::srgb_u8(70, 225, 235),
    }
}

pub fn mineral_letter(m: Mineral) -> &'static str {
    match m {
        Mineral::Nitra => "N",
        Mineral::Gold => "G",
        Mineral::Morkite => "M",
        Mineral::Aquarq => "A",
    }
}

/// Dark letters on light colours, light letters on dark ones.
pub fn ink_on(background: Color) -> Color {
    if background.luminance() > 0.35 { INK } else { PAPER }
}

/// The outline a figure or token is cut in. Dwarves and tokens are discs (Weapon Upgrades square);
/// creatures take the other shapes; mineral walls show a diamond.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    Disc,
    TriangleUp,
    TriangleDown,
    Square,
    Pentagon,
    Hexagon,
    Octagon,
    Star,
    /// A narrow arrowhead pointing up, to show a way.
    Pointer,
    /// The rim of a hexagon: a mark drawn over a figure that leaves it readable.
    HexRing,
}

impl Shape {
    pub const ALL: [Shape; 10] = [
        Shape::Disc,
        Shape::TriangleUp,
        Shape::TriangleDown,
        Shape::Square,
        Shape::Pentagon,
        Shape::Hexagon,
        Shape::Octagon,
        Shape::Star,
        Shape::Pointer,
        Shape::HexRing,
    ];

    /// Whether a point of the unit box (-1..1 both ways, y up) is inside.
    pub fn contains(self, p: Vec2) -> bool {
        match self {
            Shape::Disc => p.length() <= 1.0,
            Shape::TriangleUp => p.y >= -0.8 && p.y <= 1.0 - 1.8 * p.x.abs(),
            Shape::TriangleDown => Shape::TriangleUp.contains(Vec2::new(p.x, -p.y)),
            Shape::Square => p.x.abs().max(p.y.abs()) <= 0.8,
            Shape::Pentagon => regular(p + Vec2::new(0.0, 0.1), 5, 90.0),
            Shape::Hexagon => regular(p, 6, 0.0),
            Shape::Octagon => regular(p, 8, 22.5),
            Shape::Star => {
                let (up, down) = (Vec2::new(p.x, p.y + 0.2), Vec2::new(p.x, p.y - 0.2));
                Shape::TriangleUp.contains(up * 1.1) || Shape::TriangleDown.contains(down * 1.1)
            }
            Shape::Pointer => p.y >= -0.9 && p.y <= 1.0 - 3.0 * p.x.abs(),
            Shape::HexRing => regular(p, 6, 0.0) && !regular(p / 0.8, 6, 0.0),
        }
    }
}

/// Inside a regular polygon of circumradius 1 with a corner at `corner` degrees.
fn regular(p: Vec2, sides: u32, corner: f32) -> bool {
    let step = std::f32::consts::TAU / sides as f32;
    let apothem = (step / 2.0).cos();
    (0..sides).all(|k| {
        let normal = Vec2::from_angle(corner.to_radians() + step * (k as f32 + 0.5));
        p.dot(normal) <= apothem
    })
}

pub struct CreatureLook {
    pub label: &'static str,
    pub shape: Shape,
    pub colour: Color,
    /// Size against a hex's width.
    pub size: f32,
}

pub fn creature_look(k: CreatureKind) -> CreatureLook {
    let (label, shape, (r, g, b), size) = match k {
        CreatureKind::Grunt => ("Gr", Shape::Hexagon, (196, 120, 62), 0.9),
        CreatureKind::WebSpitter => ("WS", Shape::TriangleUp, (200, 180, 235), 0.92),
        CreatureKind::Exploder => ("Ex", Shape::Star, (255, 170, 30), 0.92),
        CreatureKind::MacteraSpawn => ("MS", Shape::TriangleDown, (200, 70, 80), 0.92),
        CreatureKind::Slasher => ("Sl", Shape::Pentagon, (95, 180, 160), 0.9),
        CreatureKind::BroodNexus => ("BN", Shape::Octagon, (150, 80, 180), 0.95),
        CreatureKind::SpitballInfector => ("SI", Shape::Square, (170, 195, 60), 0.85),
        CreatureKind::Praetorian => ("Pr", Shape::Octagon, (90, 140, 70), 0.96),
        CreatureKind::Oppressor => ("Op", Shape::Hexagon, (130, 145, 170), 0.98),
    };
    CreatureLook { label, shape, colour: Color::srgb_u8(r, g, b), size }
}

/// Two letters for a face-up pickup.
pub fn pickup_label(p: Pickup) -> &'static str {
    match p {
        Pickup::LootBug => "LB",
        Pickup::AlienEgg => "AE",
        Pickup::ApocaBloom => "AB",
        Pickup::Fossil => "Fo",
        Pickup::BarleyBulb => "BB",
        Pickup::RedSugar => "RS",
    }
}

pub fn item_name(i: Item) -> &'static str {
    match i {
        Item::Nitra => "Nitra",
        Item::Gold => "Gold",
        Item::Morkite => "Morkite",
        Item::Aquarq => "Aquarq",
        Item::AlienEgg => "Alien Egg",
        Item::ApocaBloom => "Apoca Bloom",
        Item::Fossil => "Fossil",
    }
}

/// A pickup's name, in words.
pub fn pickup_name(p: Pickup) -> &'static str {
    match p {
        Pickup::LootBug => "Loot Bug",
        Pickup::AlienEgg => "Alien Egg",
        Pickup::ApocaBloom => "Apoca Bloom",
        Pickup::Fossil => "Fossil",
        Pickup::BarleyBulb => "Barley Bulb",
        Pickup::RedSugar => "Red Sugar",
    }
}

/// What a pickup is good for and how it is taken (our words for the rulebook's "Pickups").
pub fn pickup_use(p: Pickup) -> &'static str {
    match p {
        Pickup::LootBug => "an axe success on it (from its space or next to it) rolls the Mineral die, plus 1 Gold",
        Pickup::AlienEgg => "an axe success takes it into the M.U.L.E., and a Grunt comes out of every revealed Tunnel Exit",
        Pickup::ApocaBloom => "walk onto it to put it in the M.U.L.E.",
        Pickup::Fossil => "walk onto it to put it in the M.U.L.E.",
        Pickup::BarleyBulb => "walk onto it: the Dwarf draws a Rock and Stone card",
        Pickup::RedSugar => "an axe success on it gives the chopping Dwarf up to 3 lost Health back",
    }
}

/// A kind of token in words, as the key and the log name it (a Flame is Flames whoever lit it).
pub fn token_name(t: Token) -> String {
    match t {
        // The key (F1) tells them from the walls' minerals and from each other by how they are
        // taken: a play-tester axed a floor Morkite from beside it.
        Token::Mineral { mineral, loose: true } => format!("loose {mineral:?} (walk onto it)"),
        Token::Mineral { mineral, .. } => format!("{mineral:?} in the floor (axe it standing on it)"),
        Token::Pickup { revealed: false, .. } => "unknown pickup".into(),
        Token::Pickup { pickup, .. } => pickup_name(pickup).into(),
        Token::Upgrade { .. } => "Weapon Upgrade".into(),
        Token::ResupplyPod { .. } => "Resupply pod".into(),
        Token::Flame => "Flames".into(),
        Token::Platform => "platform".into(),
        Token::Zipline => "zipline".into(),
        Token::SentryGun { .. } => "Sentry Gun".into(),
        Token::Shield => "Shield".into(),
        Token::Flare => "Flare".into(),
        Token::Thrown { .. } => "Throwable".into(),
        Token::Health { .. } => "Health (BOSCO)".into(),
    }
}

/// A token's outline, colour and label.
pub fn token_look(t: Token) -> (Shape, Color, &'static str) {
    match t {
        Token::Mineral { mineral, .. } => (Shape::Disc, mineral_colour(mineral), mineral_letter(mineral)),
        Token::Pickup { revealed: false, .. } => (Shape::Disc, Color::srgb_u8(235, 230, 215), "?"),
        Token::Pickup { pickup, revealed: true } => (Shape::Disc, Color::srgb_u8(175, 220, 150), pickup_label(pickup)),
        Token::Upgrade { .. } => (Shape::Square, Color::srgb_u8(195, 205, 215), "U"),
        Token::ResupplyPod { .. } => (Shape::Square, Color::srgb_u8(120, 200, 230), "R"),
        Token::Flame => (Shape::Disc, Color::srgb_u8(255, 120, 40), "F"),
        Token::Platform => (Shape::Square, Color::srgb_u8(150, 150, 160), "Pl"),
        Token::Zipline => (Shape::Square, Color::srgb_u8(200, 200, 120), "Z"),
        Token::SentryGun { .. } => (Shape::Square, Color::srgb_u8(220, 80, 80), "SG"),
        Token::Shield => (Shape::Disc, Color::srgb_u8(90, 160, 255), "Sh"),
        Token::Flare => (Shape::Disc, Color::srgb_u8(255, 240, 120), "*"),
        Token::Thrown { .. } => (Shape::Square, Color::srgb_u8(230, 160, 230), "T"),
        Token::Health { .. } => (Shape::Disc, Color::srgb_u8(230, 70, 90), "+"),
    }
}
