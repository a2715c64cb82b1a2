//! The team form kept between runs of the game, in `team.ron` in the game's data folder: the
//! Quick mission, campaign and Deep Dive screens open with the hazard, Dwarves, secondary weapons
//! and BOSCO the player last chose, and the Quick mission's list on the mission last picked (the
//! seed is new each run). A broken file is named on the main menu, with what is wrong, and the
//! form starts as on a first run; the file is left as it is until the player changes the form.

use super::team::{TeamForm, new_seed};
use super::title::Said;
use crate::data::GameData;
use crate::data::load::Problem;
use crate::data::weapons::DwarfClass;
use crate::rules::log::counted;
use crate::rules::setup::{check_team, secondary_for};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, load.after(super::settings::apply_settings)).add_systems(Update, keep);
}

/// The form's choices as the file keeps them: weapons by name, so that a file outlives a change
/// to the order of the box's weapons.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct KeptTeam {
    pub hazard: u32,
    /// In seat order.
    pub dwarves: Vec<DwarfClass>,
    /// Each seat's secondary weapon; none for the class's own default.
    pub secondaries: Vec<Option<String>>,
    pub bosco: bool,
    /// The Quick mission last picked, by its file's name.
    pub mission: Option<String>,
}

/// A field a file lacks (one kept by an older game) is as on a first run.
impl Default for KeptTeam {
    fn default() -> KeptTeam {
        let first = TeamForm::default();
        KeptTeam { hazard: first.hazard, dwarves: first.team, secondaries: vec![], bosco: first.bosco, mission: None }
    }
}

impl KeptTeam {
    pub fn of(form: &TeamForm, data: &GameData) -> KeptTeam {
        let name = |i: &Option<usize>| i.and_then(|i| data.secondaries.get(i)).map(|s| s.name.clone());
        KeptTeam {
            hazard: form.hazard,
            dwarves: form.team.clone(),
            secondaries: form.secondaries.iter().map(name).collect(),
            bosco: form.bosco,
            mission: form.mission.clone(),
        }
    }

    /// The form these choices make with a new seed, and a word on a weapon no longer in the box
    /// (its seat takes its class's default); or what is wrong with them.
    pub fn form(&self, data: &GameData) -> Result<(TeamForm, Option<String>), String> {
        // What a mission's set-up must be; then what only a kept form can get wrong.
        check_team(&self.dwarves, self.bosco, self.hazard)?;
        if self.secondaries.len() > self.dwarves.len() {
            let dwarves = match self.dwarves.len() {
                1 => "1 Dwarf".to_string(),
                n => format!("{n} Dwarves"),
            };
            return Err(format!("{} for {dwarves}", counted(self.secondaries.len() as u64, "secondary weapon")));
        }
        let mut secondaries = Vec::with_capacity(self.dwarves.len());
        let mut unknown = Vec::new();
        for (class, named) in self.dwarves.iter().zip(self.secondaries.iter().map(Some).chain(std::iter::repeat(None))) {
            let named = named.and_then(Option::as_ref);
            let found = named.map(|n| secondary_for(data, *class, Some(n)).map_err(|e| unknown.push(format!("the {class:?}'s {e}"))));
            secondaries.push(found.and_then(Result::ok));
        }
        let note = (!unknown.is_empty()).then(|| format!("{}: each takes his class's default", unknown.join(", ")));
        let form = TeamForm {
            hazard: self.hazard,
            team: self.dwarves.clone(),
            secondaries,
            bosco: self.bosco,
            seed: new_seed(),
            mission: self.mission.clone(),
        };
        Ok((form, note))
    }
}

pub fn file() -> Result<PathBuf, String> {
    crate::save::folder::data_dir().map(|d| d.join("team.ron"))
}

/// The form kept in a file, and a word on what of it could not be kept (naming the file): none when
/// there is no file, what is wrong when it is broken.
pub fn read(path: &Path, data: &GameData) -> Result<Option<(TeamForm, Option<String>)>, Problem> {
    let Some((kept, name)) = crate::save::read_kept::<KeptTeam>(path)? else { return Ok(None) };
    let (form, note) = kept.form(data).map_err(|e| Problem(format!("{name}: {e}")))?;
    Ok(Some((form, note.map(|n| format!("{name}: {n}")))))
}

/// The kept form, read at start-up.
fn load(mut form: ResMut<TeamForm>, data: Res<GameData>, mut said: ResMut<Said>) {
    match file().map_err(Problem).and_then(|f| read(&f, &data)) {
        Ok(Some((kept, note))) => {
            *form = kept;
            if let Some(note) = note {
                tell(&mut said, note);
            }
        }
        Ok(None) => {}
        Err(p) => tell(&mut said, format!("{p}; the team form starts afresh")),
    }
}

/// Keep the form in its file when the player changes it (not a new seed alone: the form as read,
/// or as on a first run, is what is compared with, so a broken file stays until a real change).
fn keep(form: Res<TeamForm>, data: Res<GameData>, mut said: ResMut<Said>, mut kept: Local<Option<KeptTeam>>) {
    if form.is_added() {
        *kept = Some(KeptTeam::of(&form, &data));
        return;
    }
    if !form.is_changed() {
        return;
    }
    let now = KeptTeam::of(&form, &data);
    if kept.as_ref() == Some(&now) {
        return;
    }
    if let Err(e) = file().and_then(|f| crate::save::write_kept(&f, &now)) {
        tell(&mut said, format!("the team could not be kept: {e}"));
    }
    *kept = Some(now);
}

/// A line more for the main menu.
fn tell(said: &mut Said, line: String) {
    if !said.0.is_empty() {
        said.0.push_str("; ");
    }
    said.0.push_str(&line);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data() -> GameData {
        GameData::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")).expect("the game's data")
    }

    fn folder(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hoxxes-kept-team-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// The form written and read back is the same form, but for the seed; no file is no form and
    /// no fault.
    #[test]
    fn a_kept_team_is_read_back_as_it_was_left() {
        let data = data();
        let gunner = data.secondaries.iter().position(|s| s.name != data.secondaries[0].name).expect("two weapons");
        let form = TeamForm {
            hazard: 3,
            team: vec![DwarfClass::Engineer, DwarfClass::Gunner],
            secondaries: vec![None, Some(gunner)],
            bosco: false,
            seed: 7,
            mission: Some("03-hatchery-row.ron".into()),
        };
        let file = folder("round-trip").join("team.ron");
        assert!(read(&file, &data).expect("no file is no fault").is_none());
        crate::save::write_kept(&file, &KeptTeam::of(&form, &data)).expect("kept");
        let text = std::fs::read_to_string(&file).expect("the file");
        assert!(text.contains(&format!("{:?}", data.secondaries[gunner].name)), "weapons kept by name: {text}");
        let (back, note) = read(&file, &data).expect("read").expect("a form");
        assert_eq!(note, None);
        assert_eq!((back.hazard, &back.team, &back.secondaries, back.bosco), (3, &form.team, &form.secondaries, false));
        assert_eq!(back.mission, form.mission, "the Quick mission last picked");
        let alone = TeamForm { team: vec![DwarfClass::Scout], secondaries: vec![None], bosco: true, ..form };
        crate::save::write_kept(&file, &KeptTeam::of(&alone, &data)).expect("kept");
        assert!(read(&file, &data).expect("read").expect("a form").0.bosco);
        let _ = std::fs::remove_dir_all(file.parent().expect("its folder"));
    }

    /// A broken file is refused naming the file and what is wrong, whatever is wrong with it.
    #[test]
    fn a_broken_kept_team_is_named_with_what_is_wrong() {
        let data = data();
        let dir = folder("broken");
        std::fs::create_dir_all(&dir).expect("a folder");
        let file = dir.join("team.ron");
        let cases = [
            ("(hazard: 4, dwarves: [Scout], secondaries: [], bosco: false)", "the hazard level is 1, 2 or 3, not 4"),
            ("(hazard: 1, dwarves: [], secondaries: [], bosco: false)", "a mission needs 1 to 4 Dwarves, not 0"),
            ("(hazard: 1, dwarves: [Scout, Gunner, Scout], secondaries: [], bosco: false)", "the Scout is chosen twice"),
            ("(hazard: 1, dwarves: [Scout], secondaries: [None, None], bosco: false)", "2 secondary weapons for 1 Dwarf"),
            ("(hazard: 1, dwarves: [Scout, Gunner], secondaries: [], bosco: true)", "BOSCO comes only with a single Dwarf"),
            ("(hazard: 1,\n dwarves: [Dwarf])", "2:"),
        ];
        for (text, why) in cases {
            std::fs::write(&file, text).expect("written");
            let err = read(&file, &data).expect_err(text).to_string();
            assert!(err.contains("team.ron") && err.contains(why), "{text}: {err}");
        }
        // Fewer weapons than Dwarves: the rest take their class's default.
        std::fs::write(&file, "(hazard: 2, dwarves: [Scout, Driller], secondaries: [], bosco: false)").expect("written");
        assert_eq!(read(&file, &data).expect("read").expect("a form").0.secondaries, vec![None, None]);
        // A weapon no longer in the box: its seat takes the default, and the file is named.
        std::fs::write(&file, "(hazard: 3, dwarves: [Scout, Gunner], secondaries: [None, Some(\"Nerf Gun\")])").expect("written");
        let (form, note) = read(&file, &data).expect("read").expect("a form");
        assert_eq!((form.hazard, form.secondaries), (3, vec![None, None]));
        let note = note.expect("a word on the weapon");
        assert!(note.contains("team.ron") && note.contains("Gunner") && note.contains("Nerf Gun"), "{note}");
        // A file of an older game, lacking a field: as on a first run for that field.
        std::fs::write(&file, "(hazard: 2, dwarves: [Driller])").expect("written");
        let (form, _) = read(&file, &data).expect("read").expect("a form");
        assert_eq!((form.hazard, form.team, form.bosco, form.mission), (2, vec![DwarfClass::Driller], false, None));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
