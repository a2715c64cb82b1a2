//! Where the game keeps its saves: the platform's data folder (found by the `directories` crate;
//! `~/.local/share/hoxxes` on Linux), or `HOXXES_DATA` when set (tests, a portable copy).
//! `saves/` holds the games under way, one file each; a finished game moves to `finished/`.

use std::path::{Path, PathBuf};

/// The game's data folder, or why there is none.
pub fn data_dir() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("HOXXES_DATA") {
        return Ok(PathBuf::from(p));
    }
    directories::ProjectDirs::from("", "", "hoxxes")
        .map(|d| d.data_dir().to_path_buf())
        .ok_or_else(|| "no home folder to keep saves in (set HOXXES_DATA to a folder)".into())
}

/// The games under way.
pub fn under_way() -> Result<PathBuf, String> {
    data_dir().map(|d| d.join("saves"))
}

/// Finished games, kept as replays.
pub fn finished() -> Result<PathBuf, String> {
    data_dir().map(|d| d.join("finished"))
}

/// A new save's file: the mission's name and the moment the game began.
pub fn new_save(mission: &Path) -> Result<PathBuf, String> {
    let dir = under_way()?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let stem = mission.file_stem().and_then(|s| s.to_str()).unwrap_or("mission");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    Ok(dir.join(format!("{stem}-{now}.ron")))
}

/// The saves of a folder, newest first (none when it cannot be read).
pub fn saves_in(dir: Result<PathBuf, String>) -> Vec<PathBuf> {
    let Ok(dir) = dir else { return vec![] };
    let modified = |p: &PathBuf| p.metadata().and_then(|m| m.modified()).ok();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "ron")).collect())
        .unwrap_or_default();
    files.sort_by_key(|p| std::cmp::Reverse((modified(p), p.clone())));
    files
}

/// Move a game's save, named by its file name, out of the games under way into the finished ones,
/// if it is among the games under way: a Deep Dive given up leaves its mission unplayed, and the
/// save is kept to be watched, not to be gone on with.
pub fn file_away(name: &Path) -> Result<(), String> {
    let save = under_way()?.join(name.file_name().unwrap_or_default());
    if save.is_file() {
        file_finished(&save)?;
    }
    Ok(())
}

/// Move a finished game's save out of the games under way.
pub fn file_finished(save: &Path) -> Result<PathBuf, String> {
    file_into(save, &finished()?)
}

/// Move a save into a folder of finished games, its previous save dropped: the new place.
pub fn file_into(save: &Path, dir: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let to = dir.join(save.file_name().unwrap_or_default());
    std::fs::rename(save, &to).map_err(|e| format!("{}: {e}", save.display()))?;
    let _ = std::fs::remove_file(super::previous(save));
    Ok(to)
}
