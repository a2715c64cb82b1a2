//! The dice tray: the last roll shown as dice (each face in the die's colour, its symbols in words),
//! rerolls put in place, and under them the arithmetic of what the dice did ("3 Bullet hits - 1
//! resisted = 2 damage"). It reads the game log, as the log panel does; a new turn clears it.

use super::Screen;
use super::history::Rewinding;
use crate::data::GameData;
use crate::rules::log::{DieRoll, GameEvent, GameLog, Who, counted};
use crate::screen::layout::KEY_HEIGHT;
use crate::screen::look::{PAPER, die_colour, ink_on, ui_text as words};
use crate::screen::words::{describe, face, who, who_in};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<Tray>()
        .add_systems(OnEnter(Screen::Mission), (forget, build))
        .add_systems(
            Update,
            (
                forget.run_if(resource_exists::<Rewinding>),
                (read_log, draw.run_if(resource_changed::<Tray>), above_the_bar, out_of_the_way)
                    .chain()
                    .run_if(not(resource_exists::<Rewinding>)),
            )
                .chain()
                .in_set(crate::screen::front::Table),
        )
        .add_systems(Update, put_away.before(super::logic::Acts).in_set(crate::screen::front::Table));
}

/// A game taken back (undo, a step back while watching) has a log of its own: the tray reads it
/// again from the start once the rewind is done, and shows the last roll that is still in it. So
/// does a new game: the last game's roll is not its own.
fn forget(mut tray: ResMut<Tray>) {
    if *tray != Tray::default() {
        *tray = Tray::default();
    }
}

/// Escape with nothing picked and nothing asked puts the tray away until the next roll (with an
/// action picked, Escape backs out of it, and the tray stays).
fn put_away(
    mut inputs: MessageReader<super::PlayerInput>,
    selection: Res<super::Selection>,
    now: Res<super::LegalNow>,
    mut tray: ResMut<Tray>,
) {
    let escape = inputs.read().any(|i| matches!(i, super::PlayerInput::Cancel | super::PlayerInput::Key(KeyCode::Escape)));
    if escape && selection.0.is_none() && now.legal.pending.is_none() && !tray.dice.is_empty() && !tray.put_away {
        tray.put_away = true;
    }
}

/// The tray sits just above the bar, however tall a long prompt or many choices make it.
fn above_the_bar(bar: Query<&ComputedNode, With<super::view::BarNode>>, mut tray: Query<&mut Node, With<TrayNode>>) {
    let (Ok(bar), Ok(mut node)) = (bar.single(), tray.single_mut()) else { return };
    let height = (bar.size().y * bar.inverse_scale_factor()).max(KEY_HEIGHT);
    let bottom = px(height + 6.0);
    if node.bottom != bottom {
        node.bottom = bottom;
    }
}

/// What the tray shows: who rolled, the dice, the lines of arithmetic; how much of the log is read.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct Tray {
    pub title: String,
    pub dice: Vec<DieRoll>,
    pub lines: Vec<String>,
    read: usize,
    /// What happens now is the last roll's doing (from the roll to the next card, activation or move).
    open: bool,
    /// Put away by the player (Escape with nothing picked) until the next roll: it covers the
    /// cave's lower left.
    pub put_away: bool,
}

#[derive(Component)]
struct TrayNode;

/// At most this many lines of arithmetic under the dice (an area weapon hits many figures).
const LINES: usize = 4;

fn build(mut commands: Commands) {
    let node = Node {
        position_type: PositionType::Absolute,
        left: px(8.0),
        bottom: px(KEY_HEIGHT + 6.0),
        flex_direction: FlexDirection::Column,
        padding: UiRect::all(px(6.0)),
        row_gap: px(4.0),
        border_radius: BorderRadius::all(px(4.0)),
        ..default()
    };
    commands.spawn((
        TrayNode,
        node,
        BackgroundColor(Color::srgba(0.07, 0.06, 0.05, 0.9)),
        Visibility::Hidden,
        DespawnOnExit(Screen::Mission),
    ));
}

/// Take the new entries of the game log into the tray.
fn read_log(log: Res<GameLog>, data: Res<GameData>, mut tray: ResMut<Tray>) {
    if tray.read == log.0.len() {
        return;
    }
    let mut read = tray.read;
    for e in log.unread(&mut read) {
        tray.take(&data, e);
    }
    tray.read = read;
}

impl Tray {
    /// One event of the game, as the tray tells it.
    pub fn take(&mut self, data: &GameData, e: &GameEvent) {
        match e {
            GameEvent::Rolled { who: w, dice } => {
                self.title = format!("{} rolls", who(data, w));
                self.dice = dice.clone();
                self.lines.clear();
                self.open = true;
                self.put_away = false;
                if dice.iter().all(|d| d.symbols.is_empty()) {
                    self.say(if dice.len() == 1 { "blank: nothing comes of it" } else { "all blank: nothing comes of it" }.into());
                }
            }
            GameEvent::Rerolled { die, roll, .. } => {
                if let Some(d) = self.dice.get_mut(*die) {
                    *d = roll.clone();
                }
                self.say(format!("die {} rerolled: {}", die + 1, face(roll)));
            }
            GameEvent::Damaged { who: w, die, hits, resisted, damage, health, .. } => {
                let of = if *resisted > 0 { format!(" - {resisted} resisted") } else { String::new() };
                self.say(format!(
                    "{}{of} = {damage} damage to {}, {health} Health left",
                    crate::screen::words::hits_of(*die, *hits),
                    who_in(data, w)
                ));
            }
            GameEvent::Killed { who: w } => self.say(format!("{} is killed", who(data, w))),
            GameEvent::Chop { successes, .. } => self.say(counted(*successes, "axe success")),
            // What a roll brings about besides damage: a hatching, a Dwarf down or afflicted.
            GameEvent::Spawned { .. }
            | GameEvent::NothingSpawned { .. }
            | GameEvent::Unconscious { .. }
            | GameEvent::Afflicted { .. }
            | GameEvent::CreatureAfflicted { .. } => self.say(describe(data, e)),
            // A new turn, or BOSCO's part of it: the roll was the last player's (a play-tester's
            // Scout's shot covered the spaces BOSCO could fly to).
            GameEvent::TurnStarted { .. } | GameEvent::BoscoActs { .. } => *self = Tray { read: self.read, ..default() },
            // The player has gone on to his next action: the roll before it is put away, no
            // longer covering the spaces under it (a creature's move, in the cave's turn, is not).
            GameEvent::Moved { who: Who::Dwarf(_) | Who::Bosco, .. } => {
                self.open = false;
                self.put_away = true;
            }
            // Something else begins: what follows is not this roll's doing.
            GameEvent::EventCard { .. } | GameEvent::SwarmCard { .. } | GameEvent::Activated { .. } | GameEvent::Moved { .. } => {
                self.open = false
            }
            _ => {}
        }
    }

    fn say(&mut self, line: String) {
        if self.open && !self.dice.is_empty() {
            self.lines.push(line);
            let extra = self.lines.len().saturating_sub(LINES);
            self.lines.drain(..extra);
        }
    }
}

/// The tray shows while there is a roll to show, and steps out of the way of the pointer: the spaces
/// of the cave under it can be seen (and clicked) when the pointer comes to them.
fn out_of_the_way(
    tray: Res<Tray>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut node: Query<(&mut Visibility, &ComputedNode, &bevy::ui::UiGlobalTransform), With<TrayNode>>,
) {
    let Ok((mut visible, size, at)) = node.single_mut() else { return };
    let pointer = window.single().ok().and_then(|w| w.physical_cursor_position());
    let over = pointer.is_some_and(|p| {
        let half = size.size() / 2.0;
        (p - at.translation).abs().cmple(half).all()
    });
    let show = if tray.dice.is_empty() || tray.put_away || over { Visibility::Hidden } else { Visibility::Visible };
    visible.set_if_neq(show);
}

/// The tray drawn again when what it shows has changed.
fn draw(mut commands: Commands, tray: Res<Tray>, node: Query<Entity, With<TrayNode>>) {
    let Ok(e) = node.single() else { return };
    commands.entity(e).despawn_children().with_children(|t| {
        t.spawn(words(tray.title.clone(), 13.0, PAPER));
        t.spawn(Node { column_gap: px(4.0), ..default() }).with_children(|row| {
            // Numbered when there are several: the damage chain's choices name a die by its number.
            let numbered = tray.dice.len() > 1;
            for (n, d) in tray.dice.iter().enumerate() {
                let colour = die_colour(d.die);
                let label = if numbered { format!("{}: {}", n + 1, face(d)) } else { face(d) };
                let shape = Node {
                    min_width: px(44.0),
                    height: px(30.0),
                    padding: UiRect::horizontal(px(3.0)),
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    border: UiRect::all(px(2.0)),
                    border_radius: BorderRadius::all(px(5.0)),
                    ..default()
                };
                row.spawn((shape, BackgroundColor(colour), BorderColor::all(PAPER))).with_child(words(label, 12.0, ink_on(colour)));
            }
        });
        for line in &tray.lines {
            t.spawn(words(line.clone(), 12.0, PAPER));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::dice::DieKind;

    fn data() -> GameData {
        GameData::load(&crate::data::assets_dir()).expect("assets load")
    }

    /// The Scout rolls one blank die of this kind.
    fn scouts_roll(die: DieKind) -> GameEvent {
        GameEvent::Rolled {
            who: Who::Dwarf(crate::data::weapons::DwarfClass::Scout),
            dice: vec![DieRoll { die, face: 0, symbols: vec![] }],
        }
    }

    /// Escape with nothing picked puts the tray away; the next roll brings it back. With an action
    /// picked, Escape backs out of the action and leaves the tray.
    #[test]
    fn escape_puts_the_tray_away_until_the_next_roll() {
        let (data, roll) = (data(), scouts_roll(DieKind::Axe));
        let mut app = App::new();
        app.add_message::<super::super::PlayerInput>()
            .init_resource::<super::super::Selection>()
            .init_resource::<super::super::LegalNow>()
            .init_resource::<Tray>()
            .add_systems(Update, put_away);
        app.world_mut().resource_mut::<Tray>().take(&data, &roll);
        let escape = |app: &mut App| {
            app.world_mut().write_message(super::super::PlayerInput::Key(KeyCode::Escape));
            app.update();
            app.world().resource::<Tray>().put_away
        };
        app.world_mut().resource_mut::<super::super::Selection>().0 =
            Some(super::super::Pick { kind: crate::rules::legal::ActionKind::Shoot, what: "Regular".into(), by: None });
        assert!(!escape(&mut app), "Escape backs out of the action picked first");
        app.world_mut().resource_mut::<super::super::Selection>().0 = None;
        assert!(escape(&mut app), "then it puts the tray away");
        app.world_mut().resource_mut::<Tray>().take(&data, &roll);
        assert!(!app.world().resource::<Tray>().put_away, "the next roll is shown");
    }

    /// A Dwarf's move after a roll puts the tray away; a creature's does not (the cave's turn shows
    /// its rolls as they come). BOSCO's part of the turn clears it.
    #[test]
    fn a_dwarfs_move_puts_the_last_roll_away() {
        let (data, roll) = (data(), scouts_roll(DieKind::Bullet));
        let moved = |who| GameEvent::Moved { who, path: vec![] };
        let mut tray = Tray::default();
        tray.take(&data, &roll);
        tray.take(&data, &moved(Who::Creature { kind: crate::data::creatures::CreatureKind::Grunt, id: 3 }));
        assert!(!tray.put_away, "a creature's move leaves the roll shown");
        tray.take(&data, &moved(Who::Dwarf(crate::data::weapons::DwarfClass::Scout)));
        assert!(tray.put_away, "the Dwarf's next move puts it away");
        // BOSCO's part of the turn begins with the Dwarf's roll gone.
        tray.take(&data, &roll);
        tray.take(&data, &GameEvent::BoscoActs { actions: 2 });
        assert!(tray.dice.is_empty(), "BOSCO's part: {tray:?}");
    }
}
