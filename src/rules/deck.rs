//! A shuffled deck of cards, held as indices into a card list; the discards are shuffled back in
//! when it runs out (ruling 25).

use super::dice::GameRng;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Deck {
    /// The draw pile; the top card is the last.
    pub draw: Vec<usize>,
    pub discard: Vec<usize>,
}

impl Deck {
    pub fn shuffled(mut cards: Vec<usize>, rng: &mut GameRng) -> Deck {
        shuffle(&mut cards, rng);
        Deck { draw: cards, discard: vec![] }
    }

    /// Draw the top card, reshuffling the discards first when the pile is empty.
    pub fn draw(&mut self, rng: &mut GameRng) -> Option<usize> {
        if self.draw.is_empty() {
            self.draw = std::mem::take(&mut self.discard);
            shuffle(&mut self.draw, rng);
        }
        self.draw.pop()
    }

    pub fn discard(&mut self, card: usize) {
        self.discard.push(card);
    }

    /// Take one copy of a card out of the draw pile, else out of the discards (a card dealt into a
    /// hand outside a draw); whether there was one.
    pub fn take(&mut self, card: usize) -> bool {
        for pile in [&mut self.draw, &mut self.discard] {
            if let Some(i) = pile.iter().position(|c| *c == card) {
                pile.remove(i);
                return true;
            }
        }
        false
    }
}

/// Fisher-Yates with the game's RNG.
pub fn shuffle<T>(v: &mut [T], rng: &mut GameRng) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i + 1);
        v.swap(i, j);
    }
}

/// Every copy of every card, as indices: card `i` appears `copies(i)` times.
pub fn copies_of<T>(cards: &[T], copies: impl Fn(&T) -> u32, keep: impl Fn(&T) -> bool) -> Vec<usize> {
    cards.iter().enumerate().filter(|(_, c)| keep(c)).flat_map(|(i, c)| std::iter::repeat_n(i, copies(c) as usize)).collect()
}
