//! Saves: what was chosen before play and every command since. Loading is replaying
//! (architecture.md), so the same file is a save, a replay, a bug report and a regression test.
//! The format is documented in `docs/saves.md`.

pub mod dive;
mod file;
pub mod folder;
pub mod profile;
pub mod replay;

pub use file::{FORMAT, Run, Save, fingerprint, previous, read, read_kept, write, write_atomically, write_kept};
