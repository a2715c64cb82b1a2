//! The dice: which faces each die has. Read from `assets/dice.ron`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The seven dice of the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DieKind {
    Axe,
    Mineral,
    Bullet,
    Piercing,
    Flame,
    Explosive,
    Creature,
}

/// One symbol printed on a face. A face with two of the same symbol is a double result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Symbol {
    Axe,
    Nitra,
    Gold,
    Bullet,
    Pierce,
    Flame,
    Boom,
    Scare,
    Hit,
    /// The creature die's "!".
    Bang,
}

impl Symbol {
    /// Whether this symbol deals one point of damage (or one chop).
    pub fn is_hit(self) -> bool {
        matches!(self, Symbol::Axe | Symbol::Bullet | Symbol::Pierce | Symbol::Flame | Symbol::Boom | Symbol::Hit)
    }
}

/// The faces of one die, in order; a forced roll names a face by its index here.
pub type Face = Vec<Symbol>;

/// `assets/dice.ron`: every die and its six faces.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DiceTable(pub BTreeMap<DieKind, Vec<Face>>);

impl DiceTable {
    pub fn faces(&self, die: DieKind) -> &[Face] {
        self.0.get(&die).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn problems(&self) -> Vec<String> {
        let all =
            [DieKind::Axe, DieKind::Mineral, DieKind::Bullet, DieKind::Piercing, DieKind::Flame, DieKind::Explosive, DieKind::Creature];
        all.iter().filter(|d| self.faces(**d).is_empty()).map(|d| format!("the {d:?} die has no faces")).collect()
    }
}

/// Number of hits on a face (a double face counts two).
pub fn hits(face: &[Symbol]) -> u32 {
    face.iter().filter(|s| s.is_hit()).count() as u32
}
