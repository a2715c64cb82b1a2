//! Reading the drawn map of a mission file into spaces.

use super::mission::{Cell, Ground, Mineral};
use std::collections::BTreeMap;

/// What one symbol of the drawing stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapSymbol {
    Ground(Ground),
    DropPod,
    /// Tunnel Exit I or II (on floor).
    TunnelExit(u8),
    /// A floor space with an unknown pickup on it.
    PickupSpot,
    /// A space under the hidden cave with this letter (face down: solid until revealed).
    Hidden(char),
}

/// The old mark of a stalagmite hiding a mineral.
pub const OBSOLETE_STALAGMITE: char = '$';

/// The legend, one place for the parser and the documentation test.
pub fn symbol(c: char) -> Option<MapSymbol> {
    Some(match c {
        '#' => MapSymbol::Ground(Ground::Wall(None)),
        'N' => MapSymbol::Ground(Ground::Wall(Some(Mineral::Nitra))),
        'G' => MapSymbol::Ground(Ground::Wall(Some(Mineral::Gold))),
        'M' => MapSymbol::Ground(Ground::Wall(Some(Mineral::Morkite))),
        'A' => MapSymbol::Ground(Ground::Wall(Some(Mineral::Aquarq))),
        '.' => MapSymbol::Ground(Ground::Floor),
        '^' => MapSymbol::Ground(Ground::Stalagmite),
        // Obsolete (ruling 28: every stalagmite may hide a mineral): read as a plain one, and
        // `hoxxes validate` says so.
        OBSOLETE_STALAGMITE => MapSymbol::Ground(Ground::Stalagmite),
        'O' => MapSymbol::Ground(Ground::Pit),
        'P' => MapSymbol::DropPod,
        '1' => MapSymbol::TunnelExit(1),
        '2' => MapSymbol::TunnelExit(2),
        '?' => MapSymbol::PickupSpot,
        c if c.is_ascii_lowercase() => MapSymbol::Hidden(c),
        _ => return None,
    })
}

/// A symbol that could not be read, with where it stands in the drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct BadSymbol {
    pub row: usize,
    /// Character position in the row's text, from 0.
    pub offset: usize,
    pub text: String,
}

/// The largest map a mission may draw, in rows and in symbols per row: room for any cave of the
/// box's tiles (the largest mission, The Maw, is 18 rows of 28) while keeping every search over
/// the cave small.
pub const MAX_ROWS: usize = 40;
pub const MAX_COLUMNS: usize = 40;

/// Parse the rows: symbols separated by blanks; `_` marks a place that is not part of the board.
pub fn parse(rows: &[String]) -> (BTreeMap<Cell, MapSymbol>, Vec<BadSymbol>) {
    let mut cells = BTreeMap::new();
    let mut bad = Vec::new();
    for (row, text) in rows.iter().enumerate() {
        let mut col = 0;
        let mut offset = 0;
        for word in text.split(' ') {
            if word.is_empty() {
                offset += 1;
                continue;
            }
            let mut chars = word.chars();
            match (chars.next(), chars.next()) {
                (Some('_'), None) => {}
                (Some(c), None) => match symbol(c) {
                    Some(s) => {
                        cells.insert((col, row as i32), s);
                    }
                    None => bad.push(BadSymbol { row, offset, text: word.into() }),
                },
                _ => bad.push(BadSymbol { row, offset, text: word.into() }),
            }
            col += 1;
            offset += word.len() + 1;
        }
    }
    (cells, bad)
}
