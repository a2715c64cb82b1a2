//! Across the top of the cave: the hand-over between players ("Gunner's turn: pass the mouse"), the
//! Event card just drawn as a card, a swarm announced, the dice just rolled; at the end, the debrief.

use super::Screen;
use crate::data::GameData;
use crate::data::weapons::DwarfClass;
use crate::rules::components::Dwarf;
use crate::rules::end::Outcome;
use crate::rules::log::{GameEvent, GameLog, Who};
use crate::rules::state::{MissionInfo, Mule, Turn};
use crate::screen::layout::{HUD_WIDTH, KEY_HEIGHT};
use crate::screen::look::{PAPER, ui_text};
use crate::screen::words::describe;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Mission), build)
        .add_systems(Update, (announce.run_if(not(resource_exists::<super::history::Rewinding>)), fade).run_if(in_state(Screen::Mission)))
        .add_systems(OnEnter(Screen::Debrief), debrief);
}

#[derive(Component)]
struct Banner;
#[derive(Component)]
struct BannerText;
#[derive(Component)]
struct Debrief;

/// How long a banner stays up, and how much of the log it has told.
#[derive(Resource, Default)]
struct Shown {
    told: usize,
    left: f32,
}

const CARD: Color = Color::srgba(0.17, 0.13, 0.10, 0.95);
/// The banner over the cave lets the top rows show through: a creature an Event card has just
/// brought out there is not hidden while the card is read (a play-tester's Exploder was).
const BANNER: Color = Color::srgba(0.17, 0.13, 0.10, 0.72);

fn build(mut commands: Commands) {
    commands.init_resource::<Shown>();
    let node = Node {
        position_type: PositionType::Absolute,
        top: px(10.0),
        left: px(60.0),
        right: px(HUD_WIDTH + 60.0),
        padding: UiRect::all(px(10.0)),
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        border: UiRect::all(px(2.0)),
        border_radius: BorderRadius::all(px(6.0)),
        ..default()
    };
    commands
        .spawn((Banner, DespawnOnExit(Screen::Mission), node, BackgroundColor(BANNER), BorderColor::all(PAPER), Visibility::Hidden))
        .with_children(|b| {
            b.spawn((BannerText, ui_text("", 18.0, PAPER), TextLayout { justify: Justify::Center, ..default() }));
        });
}

/// Who sits at the screen: how many Dwarves, and whether they may be several players (a solo
/// campaign is one player's, whatever his team: no mouse is passed).
#[derive(Clone, Copy)]
struct Table {
    dwarves: usize,
    shared: bool,
}

/// What in the log is worth a banner: a new turn at a shared screen, an Event card (a Mission Event
/// card with the mission's own words, not the card's "see its Mission Event"), a swarm, dice.
fn banner_for(data: &GameData, e: &GameEvent, table: Table, mission_event: &str) -> Option<(String, f32)> {
    match e {
        // An unconscious Dwarf's turn has no actions: nobody takes the mouse for it.
        GameEvent::TurnStarted { actions: 0, .. } => None,
        GameEvent::TurnStarted { dwarf, .. } if table.dwarves > 1 && table.shared => {
            Some((format!("{dwarf:?}'s turn: pass the mouse"), 1.8))
        }
        GameEvent::TurnStarted { dwarf, .. } if table.dwarves > 1 => Some((format!("{dwarf:?}'s turn"), 1.8)),
        GameEvent::EventCard { name, text, .. } => Some((format!("EVENT: {name}\n{text}"), 2.5)),
        GameEvent::MissionEventCard { text } => {
            let text = if mission_event.is_empty() { text.as_str() } else { mission_event };
            Some((format!("MISSION EVENT\n{text}"), 2.5))
        }
        GameEvent::SwarmCard { name, text } => Some((format!("SWARM! {name}\n{text}"), 2.5)),
        GameEvent::Rolled { .. } | GameEvent::Damaged { .. } | GameEvent::Attacks { .. } => Some((describe(data, e), 1.2)),
        GameEvent::Moved { who: Who::Creature { .. }, .. } => Some((describe(data, e), 0.8)),
        _ => None,
    }
}

fn announce(
    log: Res<GameLog>,
    data: Res<GameData>,
    dwarves: Query<(), With<Dwarf>>,
    (info, game): (Option<Res<MissionInfo>>, Option<Res<super::Game>>),
    mut shown: ResMut<Shown>,
    mut banner: Query<&mut Visibility, With<Banner>>,
    mut text: Query<&mut Text, With<BannerText>>,
) {
    if shown.told == log.0.len() {
        return;
    }
    let table = Table { dwarves: dwarves.iter().count(), shared: game.is_none_or(|g| g.save.run != crate::save::Run::Campaign) };
    let mission_event = info.as_ref().map_or("", |i| i.mission_event.text.as_str());
    let fresh: Vec<(String, f32)> = log.unread(&mut shown.told).iter().filter_map(|e| banner_for(&data, e, table, mission_event)).collect();
    let Some((words, secs)) = fresh.last().cloned() else { return };
    let lines: Vec<String> = fresh.iter().rev().take(3).rev().map(|f| f.0.clone()).collect();
    if let (Ok(mut v), Ok(mut t)) = (banner.single_mut(), text.single_mut()) {
        t.0 = if words.contains('\n') { words } else { lines.join("\n") };
        *v = Visibility::Visible;
        shown.left = secs;
    }
}

fn fade(time: Res<Time>, mut shown: ResMut<Shown>, mut banner: Query<&mut Visibility, With<Banner>>) {
    if shown.left <= 0.0 {
        return;
    }
    shown.left -= time.delta_secs();
    if shown.left <= 0.0
        && let Ok(mut v) = banner.single_mut()
    {
        *v = Visibility::Hidden;
    }
}

/// What the team did in a mission, from its log and the M.U.L.E.: for the debrief and a Deep Dive's
/// summary.
pub struct Tally {
    pub kills: usize,
    pub swarms: usize,
    pub damage: u32,
    /// The M.U.L.E.'s contents in words ("empty" when nothing).
    pub minerals: String,
}

impl Tally {
    pub fn of(log: &GameLog, mule: &Mule) -> Tally {
        let count = |f: fn(&GameEvent) -> bool| log.0.iter().filter(|e| f(e)).count();
        let damage = health_lost(log);
        let minerals: Vec<String> =
            mule.0.iter().filter(|(_, n)| **n > 0).map(|(i, n)| format!("{n} {}", crate::screen::look::item_name(*i))).collect();
        Tally {
            kills: log.creatures_killed(),
            swarms: count(|e| matches!(e, GameEvent::SwarmCard { .. })),
            damage,
            minerals: if minerals.is_empty() { "empty".to_string() } else { minerals.join(", ") },
        }
    }
}

/// The Health the Dwarves lost: the damage that landed, but no more than a Dwarf had (a Gunner at
/// 3 who takes 4 loses 3: a debrief said 16 lost of a team's 15). A Dwarf's Health before a blow
/// is what the log last gave him (a blow, a heal, a revive, supplies taken); before the first
/// such line, the blow's whole damage counts.
fn health_lost(log: &GameLog) -> u32 {
    let mut known: std::collections::HashMap<DwarfClass, u32> = Default::default();
    let mut lost = 0;
    for e in &log.0 {
        match e {
            GameEvent::Damaged { who: Who::Dwarf(c), damage, health, .. } => {
                lost += known.get(c).map_or(*damage, |before| (*damage).min(*before));
                known.insert(*c, *health);
            }
            GameEvent::Healed { dwarf, health, .. } | GameEvent::Revived { dwarf, health } => {
                known.insert(*dwarf, *health);
            }
            GameEvent::SuppliesTaken { dwarf, health, .. } => {
                known.entry(*dwarf).and_modify(|h| *h += health);
            }
            _ => {}
        }
    }
    lost
}

/// The end of the mission: the result and why, and what the team did.
fn debrief(
    mut commands: Commands,
    outcome: Res<Outcome>,
    log: Res<GameLog>,
    mule: Res<Mule>,
    turn: Res<Turn>,
    game: Option<Res<super::Game>>,
    watching: Option<Res<super::Watching>>,
) {
    let Some(end) = &outcome.0 else { return };
    let t = Tally::of(&log, &mule);
    let result = crate::screen::words::result_name(end.result).to_uppercase();
    let left = crate::screen::words::left_behind(&end.left_behind).map(|l| format!("\nLeft behind: {l}")).unwrap_or_default();
    // A quick mission's next in the campaign's order, by name (after the Tutorial, Ember Vein).
    let next_mission = game
        .as_ref()
        .filter(|g| watching.is_none() && g.save.run == crate::save::Run::Quick)
        .and_then(|g| crate::screen::menu::quick::next_file(&g.save))
        .and_then(|f| crate::data::load::read_ron::<crate::data::mission::Mission>(&f).ok())
        .map(|m| (KeyCode::KeyN, format!("[N] Next: {}", m.name)));
    let next = match game.map(|g| g.save.run) {
        _ if watching.is_some() => "Back to the replays",
        Some(crate::save::Run::Campaign) => "The campaign",
        Some(crate::save::Run::DeepDive) => "On with the Deep Dive",
        _ => "Play again (a new seed)",
    };
    // A watched game's end: its keys step back into it.
    let back = if watching.is_some() { "\n\n[Left] a command back, [PgUp] a turn back, [Home] the start" } else { "" };
    let words = format!(
        "{result}\n{}{left}\n\nTurns: {}   Kills: {}\nDamage taken: {}   Swarms survived: {}\nM.U.L.E.: {}{back}",
        end.reason, turn.number, t.kills, t.damage, t.swarms, t.minerals
    );
    let node = Node {
        position_type: PositionType::Absolute,
        top: px(140.0),
        left: px(120.0),
        right: px(HUD_WIDTH + 120.0),
        bottom: px(KEY_HEIGHT + 100.0),
        padding: UiRect::all(px(20.0)),
        flex_direction: FlexDirection::Column,
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border: UiRect::all(px(3.0)),
        border_radius: BorderRadius::all(px(8.0)),
        ..default()
    };
    commands
        .spawn((Debrief, DespawnOnExit(Screen::Debrief), node, BackgroundColor(CARD), BorderColor::all(PAPER), GlobalZIndex(10)))
        .with_children(|d| {
            d.spawn((ui_text(words, 20.0, PAPER), TextLayout { justify: Justify::Center, ..default() }));
            // Three choices may not fit one row of the card: they wrap, centred.
            let row = Node {
                column_gap: px(16.0),
                row_gap: px(10.0),
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                margin: UiRect::top(px(18.0)),
                ..default()
            };
            d.spawn(row).with_children(|row| {
                let choices =
                    [Some((KeyCode::Enter, format!("[Enter] {next}"))), next_mission, Some((KeyCode::Escape, "[Esc] Main menu".into()))];
                for (key, label) in choices.into_iter().flatten() {
                    let node = Node { padding: UiRect::axes(px(14.0), px(6.0)), border_radius: BorderRadius::all(px(5.0)), ..default() };
                    row.spawn((Button, DebriefChoice(key), node, BackgroundColor(BUTTON))).with_child(ui_text(label, 18.0, PAPER));
                }
            });
        });
}

/// A button of the debrief, standing for its key: Enter goes on, N to a quick mission's next in
/// the campaign's order, Escape to the main menu.
#[derive(Component, Clone, Copy, Debug)]
pub struct DebriefChoice(pub KeyCode);

const BUTTON: Color = Color::srgb_u8(70, 60, 48);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::weapons::DwarfClass;

    /// A blow counts no more Health than the Dwarf had; a heal or a revive gives him some back.
    #[test]
    fn health_lost_counts_no_more_than_a_dwarf_had() {
        let blow = |damage: u32, health: u32| GameEvent::Damaged {
            who: Who::Dwarf(DwarfClass::Gunner),
            die: crate::data::dice::DieKind::Creature,
            hits: damage,
            resisted: 0,
            damage,
            health,
            note: String::new(),
        };
        let lost = |events: Vec<GameEvent>| health_lost(&GameLog(events));
        assert_eq!(lost(vec![blow(2, 3), blow(4, 0)]), 5, "2, then the 3 he had left of 4");
        let revived = GameEvent::Revived { dwarf: DwarfClass::Gunner, health: 1 };
        assert_eq!(lost(vec![blow(2, 3), blow(4, 0), revived, blow(2, 0)]), 6, "revived with 1, then 1 of 2");
    }

    /// A new turn is handed over at a shared screen, named alone in a solo campaign, unsaid for a
    /// lone Dwarf; a Mission Event card shows the mission's own words.
    #[test]
    fn banners_hand_over_only_at_a_shared_screen_and_tell_the_missions_event() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let turn = GameEvent::TurnStarted { turn: 2, dwarf: DwarfClass::Gunner, actions: 3 };
        let said = |table: Table| banner_for(&data, &turn, table, "").map(|b| b.0);
        assert_eq!(said(Table { dwarves: 2, shared: true }).as_deref(), Some("Gunner's turn: pass the mouse"));
        assert_eq!(said(Table { dwarves: 2, shared: false }).as_deref(), Some("Gunner's turn"));
        assert_eq!(said(Table { dwarves: 1, shared: true }), None);
        let out_cold = GameEvent::TurnStarted { turn: 3, dwarf: DwarfClass::Driller, actions: 0 };
        assert_eq!(
            banner_for(&data, &out_cold, Table { dwarves: 2, shared: true }, ""),
            None,
            "an unconscious Dwarf's turn is not his to play"
        );
        let card = GameEvent::MissionEventCard { text: "see its Mission Event".into() };
        let table = Table { dwarves: 1, shared: true };
        assert_eq!(
            banner_for(&data, &card, table, "The hatchery wakes!").map(|b| b.0).as_deref(),
            Some("MISSION EVENT\nThe hatchery wakes!")
        );
        assert_eq!(banner_for(&data, &card, table, "").map(|b| b.0).as_deref(), Some("MISSION EVENT\nsee its Mission Event"));
    }
}
