//! `--record FILE`: the game's command list written out as it grows, one RON list, so that a test
//! driving the window (or a player filing a bug) has the game's own record of what was played.
//! Written atomically: a temporary file beside it, then renamed.

use crate::rules::command::CommandLog;
use bevy::prelude::*;
use std::path::PathBuf;

pub fn plugin(app: &mut App) {
    app.add_systems(Last, write.run_if(resource_exists::<Record>));
}

#[derive(Resource, Debug, Clone)]
pub struct Record {
    pub path: PathBuf,
    written: Option<usize>,
}

impl Record {
    pub fn to(path: PathBuf) -> Record {
        Record { path, written: None }
    }
}

fn write(log: Res<CommandLog>, mut record: ResMut<Record>) {
    if record.written == Some(log.0.len()) {
        return;
    }
    let text = match ron::ser::to_string_pretty(&log.0, ron::ser::PrettyConfig::default()) {
        Ok(t) => t,
        Err(e) => return error!("the command record could not be written: {e}"),
    };
    match crate::save::write_atomically(&record.path, &text) {
        Ok(()) => record.written = Some(log.0.len()),
        Err(e) => error!("{e}"),
    }
}
