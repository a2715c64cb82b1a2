//! The creatures' turn and the cave's, one step at a time: the rules take their next job (an Event
//! card's step, one creature's activation, a swarm) only once the screen has shown the last one for
//! as long as the speed says. Tab cycles the speed; Space runs the rest of the turn at once.

use crate::rules::RulesSet;
use crate::rules::agenda::{Agenda, CurrentJob, busy};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    // Each activation is a job of its own update, to be shown, and a player may cut in between
    // two: never taken together here, whatever app the rules run in (a headless test's too).
    app.insert_resource(crate::rules::ActivationsTogether(false));
    app.init_resource::<Pace>()
        .add_systems(Update, keys.before(RulesSet::Take).run_if(crate::screen::front::playing))
        .add_systems(Update, tick.after(RulesSet::Judge).before(RulesSet::Jobs))
        .configure_sets(Update, RulesSet::Jobs.run_if(|pace: Res<Pace>| pace.due));
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl Speed {
    /// Seconds each step of the cave's turn stays on screen.
    pub fn seconds(self) -> f32 {
        match self {
            Speed::Slow => 1.2,
            Speed::Normal => 0.6,
            Speed::Fast => 0.2,
            Speed::Instant => 0.0,
        }
    }

    /// The speed in words, as the Settings menu names it.
    pub fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    pub fn next(self) -> Speed {
        match self {
            Speed::Slow => Speed::Normal,
            Speed::Normal => Speed::Fast,
            Speed::Fast => Speed::Instant,
            Speed::Instant => Speed::Slow,
        }
    }
}

#[derive(Resource, Debug, Default)]
pub struct Pace {
    pub speed: Speed,
    /// Time since the last step was shown.
    waited: f32,
    /// Skipping to the end of the cave's turn.
    pub skipping: bool,
    /// The rules may take their next job this update.
    due: bool,
    /// Whether the cave's turn was under way at the last update.
    busy: bool,
    /// The notice Tab last put up: it speaks of the cave's turn, so it goes when that turn ends.
    said: Option<String>,
}

/// Tab: the next speed, said in the bar and kept in the settings (the Settings menu shows it).
fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut pace: ResMut<Pace>,
    mut notice: ResMut<super::Notice>,
    settings: Option<ResMut<crate::screen::settings::Settings>>,
) {
    let Some(keys) = keys else { return };
    if keys.just_pressed(KeyCode::Tab) {
        pace.speed = pace.speed.next();
        notice.0 = format!("The creatures' turn at {} speed (Tab changes it)", pace.speed.name());
        // Kept in the file by the Settings menu's plugin, as every change of the settings.
        if let Some(mut settings) = settings {
            settings.speed = pace.speed;
        }
        pace.said = Some(notice.0.clone());
    }
    if keys.just_pressed(KeyCode::Space) {
        pace.skipping = true;
    }
}

/// Whether the rules may take their next job this update; the speed's notice taken down once the
/// cave's turn it spoke of is over.
fn tick(time: Res<Time>, agenda: Res<Agenda>, job: Res<CurrentJob>, mut pace: ResMut<Pace>, notice: Option<ResMut<super::Notice>>) {
    pace.due = step_due(time.delta_secs(), &agenda, &job, &mut pace);
    if let Some(mut notice) = notice {
        let busy = busy(&agenda, &job);
        turn_over(&mut pace, busy, &mut notice.0);
    }
}

/// Takes down the notice Tab put up when the cave's turn ends, unless something else was said since.
fn turn_over(pace: &mut Pace, busy: bool, notice: &mut String) {
    if pace.busy && !busy && pace.said.take().is_some_and(|said| *notice == said) {
        notice.clear();
    }
    pace.busy = busy;
}

fn step_due(delta: f32, agenda: &Agenda, job: &CurrentJob, pace: &mut Pace) -> bool {
    if !busy(agenda, job) {
        pace.skipping = false;
        pace.waited = 0.0;
        return true;
    }
    // A job under way finishes; only the taking of the next one waits.
    if job.0.is_some() || pace.skipping || pace.speed == Speed::Instant {
        return true;
    }
    pace.waited += delta;
    if pace.waited >= pace.speed.seconds() {
        pace.waited = 0.0;
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tab's notice stays while the cave's turn goes on and goes when it ends; a notice said since,
    /// or Tab's in a Dwarf's turn, stays.
    #[test]
    fn the_speeds_notice_goes_when_the_caves_turn_ends() {
        let tab = "The creatures' turn at fast speed (Tab changes it)".to_string();
        let mut pace = Pace { said: Some(tab.clone()), ..default() };
        let mut notice = tab.clone();
        turn_over(&mut pace, true, &mut notice);
        turn_over(&mut pace, true, &mut notice);
        assert_eq!(notice, tab, "the cave's turn goes on");
        turn_over(&mut pace, false, &mut notice);
        assert!(notice.is_empty(), "the cave's turn is over");

        let mut pace = Pace { said: Some(tab.clone()), busy: true, ..default() };
        let mut notice = "Regular shot: (20, 7) is 11 spaces away".to_string();
        turn_over(&mut pace, false, &mut notice);
        assert!(notice.starts_with("Regular shot"), "said since Tab: kept");

        let mut pace = Pace { said: Some(tab.clone()), ..default() };
        let mut notice = tab.clone();
        turn_over(&mut pace, false, &mut notice);
        assert_eq!(notice, tab, "Tab in a Dwarf's turn: no cave's turn ended");
    }
}
