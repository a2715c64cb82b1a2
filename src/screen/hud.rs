//! The HUD panel on the right: the mission, whose turn it is and the actions left, the M.U.L.E.
//! against the objectives, the Swarm Threat meter, each Dwarf's health, ammo and conditions, and the
//! last things that happened.

use super::layout::{HUD_WIDTH, MoreBelow};
use super::look::{BOSCO_COLOUR, PAPER, class_colour, class_letter, ink_on, item_name, ui_text as text};
use super::words::describe;
use crate::data::GameData;
use crate::data::creatures::CreatureKind;
use crate::data::mission::{Item, Objective};
use crate::data::weapons::DwarfClass;
use crate::rules::actions::overclock::secondary_slots;
use crate::rules::agenda::{Agenda, CurrentJob, Job};
use crate::rules::cave::Cave;
use crate::rules::components::{Ammo, At, Bosco, Creature, Dwarf, DwarfStatus, Hand, Health, Loadout};
use crate::rules::end::Outcome;
use crate::rules::log::{GameEvent, GameLog, Who, counted};
use crate::rules::skills::gunner::shielded;
use crate::rules::state::{Kills, MissionInfo, Mule, Turn};
use crate::rules::swarm::SwarmThreat;
use crate::save::Run;
use crate::screen::front::{AtTable, Table};
use crate::screen::play::{Game, LegalNow};
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;

pub fn plugin(app: &mut App) {
    app.init_resource::<LogScroll>().add_systems(OnEnter(AtTable), build).add_systems(
        Update,
        (
            show_turn,
            show_mule,
            show_threat,
            fill_meter,
            show_dwarves,
            (newest_on_a_new_turn, wheel).chain().before(show_log),
            keep_in_view.after(wheel),
            show_log.run_if(log_to_show),
            hide_cut_lines.after(show_log),
        )
            .in_set(Table),
    );
}

const PANEL: Color = Color::srgba(0.11, 0.095, 0.085, 0.96);
const ACTIVE: Color = Color::srgb_u8(62, 54, 44);
const DIM: Color = Color::srgb_u8(165, 155, 140);

/// What a part of the panel is, told in the bar's hint line while the pointer rests on it.
#[derive(Component, Clone, Copy, Debug)]
pub enum Tooltip {
    Says(&'static str),
    /// A Dwarf's whole board.
    Dwarf(DwarfClass),
    /// A line of the log panel: the game log's entry it shows, if it shows one (F2 looks up what it
    /// names).
    Log(Option<usize>),
    /// The mission's own Event: its whole text.
    MissionEvent,
}

const TURN: &str = "Whose turn it is and the actions he has left: 3 a turn, 1 while stunned. When he ends his turn he draws an Event card, and the cave answers";
const MULE: &str = "The M.U.L.E.: what the team has mined and collected. Meet the primary objectives, then get every Dwarf you can into the Drop Pod and launch it; bonus objectives make the success greater. Minerals (N, G, M, A on the walls) are mined with the axe; pickups such as Apoca Bloom (AB) or a Fossil (Fo) lie under the '?' tokens on the floor";
const THREAT: &str = "The Swarm Threat meter, a box a step: the filled boxes are the steps reached. It climbs as Event cards say; reaching a red step sends a swarm (a Swarm card's creatures out of the Tunnel Exits). Below it: the cards left in each deck";

/// A step of the meter not reached, reached, and a swarm's step not reached and reached.
const STEP_AHEAD: Color = Color::srgb_u8(52, 46, 40);
const STEP_REACHED: Color = Color::srgb_u8(235, 165, 60);
const SWARM_AHEAD: Color = Color::srgb_u8(95, 30, 26);
const SWARM_REACHED: Color = Color::srgb_u8(215, 55, 45);

#[derive(Component)]
struct TurnText;

#[derive(Component)]
struct MuleText;

#[derive(Component)]
struct ThreatText;

/// How many characters of the Mission Event's first words the panel shows: its whole text is told
/// when the pointer rests on them ([`Tooltip::MissionEvent`]). Told in full, it took a third of the
/// panel at 1280x720 and pushed a team's last Dwarves out of sight.
const EVENT_TITLE: usize = 44;

/// A box of the Swarm Threat meter: its step, and whether a swarm comes when it is reached.
#[derive(Component)]
struct ThreatStep {
    step: u32,
    swarm: bool,
}

/// One line of the log panel, the `n`th from the top.
#[derive(Component)]
struct LogLine(usize);

/// Lines of the log panel at most: as many show as the panel has room for under its other parts,
/// the newest at the bottom, the oldest cut off at the top.
const LOG_LINES: usize = 24;
/// The room the log keeps at least, in the panels' pixels (two lines): when the panel's other parts
/// leave less (large text, long texts), they scroll instead. Two, not four: at 140% text the
/// Swarm Threat meter went under the fold for the log's sake (a play-tester); F3 shows it all.
const LOG_LEAST: f32 = 36.0;

/// The row of a Dwarf's board, lit while it is his turn.
#[derive(Component)]
struct DwarfRow(DwarfClass);

#[derive(Component)]
struct DwarfText(DwarfClass);

/// The rest of a Dwarf's board under his Health and ammo: how many Throwables and Rock and Stone
/// cards he holds, his Weapon Upgrades (a play-tester found them only by clicking the row; the
/// names are on the row's hint and, for whoever may use them, the bar).
#[derive(Component)]
struct KitText(DwarfClass);

/// The kit line's colour: the panel's paper, dimmed.
const KIT: Color = Color::srgb_u8(185, 176, 160);

/// What the panel reads of a Dwarf.
#[derive(bevy::ecs::query::QueryData)]
struct DwarfBoard {
    dwarf: &'static Dwarf,
    health: &'static Health,
    ammo: &'static Ammo,
    status: &'static DwarfStatus,
    at: &'static At,
    loadout: &'static Loadout,
    hand: Option<&'static Hand>,
}

/// The side panel's upper part (the mission, turn, M.U.L.E., Swarm Threat, Dwarves): it scrolls
/// when it is taller than the window leaves it above the log (large text, long texts late in a
/// mission). The log is pinned under it.
#[derive(Component)]
struct Panel;

/// The log's lines: the wheel over them scrolls the log.
#[derive(Component)]
#[require(RelativeCursorPosition)]
struct LogBox;

fn heading(s: &str) -> impl Bundle {
    (text(s, 13.0, DIM), Node { margin: UiRect::top(px(6.0)), ..default() })
}

/// The line under the mission's name: what the game is part of, and its hazard. A dive's mission
/// is played on a seed drawn from the dive's, which would only puzzle: the dive's place is shown.
fn run_words(info: &MissionInfo, game: Option<&Game>) -> String {
    match game.map(|g| g.save.run) {
        Some(Run::DeepDive) => {
            let dive = crate::save::dive::read_current().ok().flatten();
            // The dive's place only while this is its mission under way (not a replay watched),
            // known by the save's name (the data folder may have moved).
            let name = |f: &Option<std::path::PathBuf>| f.as_ref().and_then(|f| f.file_name().map(|n| n.to_os_string()));
            let this = game.and_then(|g| name(&g.file));
            match dive.filter(|d| this.is_some() && name(&d.save) == this) {
                Some(d) => format!("Dive {}, hazard {}", d.progress(), info.hazard),
                None => format!("Deep Dive, hazard {}", info.hazard),
            }
        }
        Some(Run::Campaign) => format!("Solo campaign  -  hazard {}  -  seed {}", info.hazard, info.seed),
        _ => format!("Hazard {}  -  seed {}", info.hazard, info.seed),
    }
}

fn build(
    mut commands: Commands,
    info: Res<MissionInfo>,
    data: Res<GameData>,
    game: Option<Res<Game>>,
    dwarves: Query<&Dwarf>,
    bosco: Query<(), With<Bosco>>,
) {
    let mut seated: Vec<&Dwarf> = dwarves.iter().collect();
    seated.sort_by_key(|d| d.seat);
    let side = Node {
        position_type: PositionType::Absolute,
        right: px(0.0),
        top: px(0.0),
        width: px(HUD_WIDTH),
        height: percent(100.0),
        flex_direction: FlexDirection::Column,
        padding: UiRect::all(px(14.0)),
        row_gap: px(4.0),
        ..default()
    };
    // The upper part takes the height it needs, less when the log would have too little.
    let upper =
        Node { flex_direction: FlexDirection::Column, flex_shrink: 1.0, min_height: px(0.0), overflow: Overflow::scroll_y(), ..default() };
    let more = Node { display: Display::None, padding: UiRect::axes(px(6.0), px(2.0)), flex_shrink: 0.0, ..default() };
    let side = commands.spawn((side, BackgroundColor(PANEL), DespawnOnExit(AtTable))).id();
    // The mission and whose turn it is stay in sight, above the part that may scroll (large text,
    // four Dwarves: a play-tester lost the turn at 160% text).
    commands.entity(side).with_children(|p| {
        p.spawn(text(info.name.clone(), 24.0, PAPER));
        p.spawn(text(run_words(&info, game.as_deref()), 13.0, DIM));
        p.spawn(heading("TURN"));
        p.spawn((TurnText, text("", 16.0, PAPER), Tooltip::Says(TURN), Interaction::default(), BackgroundColor(Color::NONE)));
    });
    let panel = commands.spawn((Panel, upper, ScrollPosition::default(), ChildOf(side))).id();
    // Under the upper part, over the log.
    commands.spawn((
        MoreBelow(panel),
        more,
        BackgroundColor(ACTIVE),
        ChildOf(side),
        children![text("More below: the wheel scrolls", 12.0, PAPER)],
    ));
    // What scrolls, kept at its own height: as the panel's own children, the parts shrank to fit
    // it, and the Swarm Threat meter's boxes were squashed to a row of red ticks (a play-tester with
    // four Dwarves late in a mission).
    let column = Node { flex_direction: FlexDirection::Column, row_gap: px(4.0), flex_shrink: 0.0, ..default() };
    let parts = commands.spawn((column, ChildOf(panel))).id();
    // The Dwarves first: should the part not fit, what is cut is the M.U.L.E. and the meter, not a
    // Dwarf's Health (a play-tester lost the second Dwarf's row under a long M.U.L.E. list).
    commands.entity(parts).with_children(|p| {
        p.spawn(heading("DWARVES"));
        for dwarf in seated {
            p.spawn(dwarf_row(dwarf));
        }
        if !bosco.is_empty() {
            let words = format!("BOSCO, the drone: {} actions after the Dwarf's; it cannot be harmed", data.numbers.bosco.actions);
            p.spawn(text(words, 13.0, BOSCO_COLOUR));
        }
        p.spawn(heading("M.U.L.E."));
        p.spawn((MuleText, text("", 15.0, PAPER), Tooltip::Says(MULE), Interaction::default(), BackgroundColor(Color::NONE)));
        p.spawn(heading("SWARM THREAT"));
        p.spawn(meter(&data.numbers.swarm_meter));
        p.spawn((ThreatText, text("", 12.0, PAPER), Tooltip::Says(THREAT), Interaction::default(), BackgroundColor(Color::NONE)));
        if !info.mission_event.text.is_empty() {
            p.spawn(heading("MISSION EVENT"));
            let title = format!("{} (point here to read it)", event_title(&info.mission_event.text));
            p.spawn((text(title, 12.0, PAPER), Tooltip::MissionEvent, Interaction::default(), BackgroundColor(Color::NONE)));
        }
    });
    commands.entity(side).with_children(|p| {
        p.spawn(heading("LOG (F2 on a line; F3 all)"));
        let log_box = Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(4.0),
            // The rest of the panel's height (its lines ask for none of it), the lines kept to
            // its foot: what does not fit is the oldest, cut off at the top.
            flex_grow: 1.0,
            flex_basis: px(0.0),
            min_height: px(LOG_LEAST),
            justify_content: JustifyContent::FlexEnd,
            overflow: Overflow::clip_y(),
            ..default()
        };
        p.spawn((LogBox, log_box)).with_children(|l| {
            for n in 0..=LOG_LINES {
                l.spawn((LogLine(n), text("", 12.0, DIM), Tooltip::Log(None), Interaction::default(), BackgroundColor(Color::NONE)));
            }
        });
    });
}

/// The Swarm Threat meter drawn as a row of boxes in groups of five, a swarm's step taller and red
/// (coloured by [`fill_meter`]).
fn meter(meter: &crate::data::rules_numbers::SwarmMeter) -> impl Bundle {
    let row = Node { flex_wrap: FlexWrap::Wrap, align_items: AlignItems::FlexEnd, margin: UiRect::vertical(px(3.0)), ..default() };
    let boxes: Vec<_> = (1..=meter.steps)
        .map(|step| {
            let swarm = meter.swarm_steps.contains(&step);
            let gap = if step % 5 == 0 { 6.0 } else { 2.0 };
            let node = Node { width: px(10.0), height: px(if swarm { 18.0 } else { 12.0 }), margin: UiRect::right(px(gap)), ..default() };
            (ThreatStep { step, swarm }, node, BackgroundColor(STEP_AHEAD))
        })
        .collect();
    (row, Tooltip::Says(THREAT), Interaction::default(), Children::spawn(SpawnIter(boxes.into_iter())))
}

fn dwarf_row(dwarf: &Dwarf) -> impl Bundle {
    let colour = class_colour(dwarf.class);
    let badge = Node {
        width: px(30.0),
        height: px(30.0),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border: UiRect::all(px(2.0)),
        border_radius: BorderRadius::MAX,
        flex_shrink: 0.0,
        ..default()
    };
    let row = Node { column_gap: px(10.0), align_items: AlignItems::Center, padding: UiRect::axes(px(5.0), px(3.0)), ..default() };
    (
        DwarfRow(dwarf.class),
        Tooltip::Dwarf(dwarf.class),
        Interaction::default(),
        row,
        BackgroundColor(Color::NONE),
        children![
            (badge, BackgroundColor(colour), BorderColor::all(PAPER), children![text(class_letter(dwarf.class), 18.0, ink_on(colour))]),
            (
                Node { flex_direction: FlexDirection::Column, ..default() },
                children![(DwarfText(dwarf.class), text("", 14.0, PAPER)), (KitText(dwarf.class), text("", 12.0, KIT))]
            ),
        ],
    )
}

fn set(text: &mut Text, s: String) {
    if text.0 != s {
        text.0 = s;
    }
}

/// The turn number and the active Dwarf, in his class colour; once the mission is over, its result
/// in the panel's own colour (the last Dwarf's green read as a success under "Mission failed").
fn show_turn(
    turn: Res<Turn>,
    outcome: Res<Outcome>,
    agenda: Res<Agenda>,
    job: Res<CurrentJob>,
    now: Option<Res<LegalNow>>,
    dwarves: Query<&Dwarf>,
    mut texts: Query<(&mut Text, &mut TextColor), With<TurnText>>,
) {
    let Ok((mut text, mut colour)) = texts.single_mut() else { return };
    let Some(dwarf) = dwarves.iter().find(|d| d.seat == turn.seat) else { return };
    let chooser = other_decider(now.as_deref(), dwarf.class);
    let now = match &outcome.0 {
        Some(end) => super::words::result_name(end.result).to_string(),
        // The Event card, the swarms and the creatures: nobody's actions are counted meanwhile.
        None if caves_turn(&agenda, &job) => format!("{:?}\nThe cave's turn", dwarf.class),
        // After the Dwarf's part, BOSCO's (ruling 23): his actions are the ones counted.
        None if turn.bosco_turn => format!("{:?}\nBOSCO acts: {} left", dwarf.class, counted(turn.bosco_actions, "action")),
        // A card's free action waits (Rock and Stone!, Second Wind): the other Dwarf acts first.
        None if let Some(guest) = turn.guest.and_then(|(seat, move_only)| guest_words(&dwarves, seat, move_only)) => {
            format!("{:?}\nActions left: {}\n{guest}", dwarf.class, turn.actions_left)
        }
        // A choice in the middle of another Dwarf's action: a guest's free shot goes on being his.
        None if let Some(other) = chooser => format!("{:?}\nActions left: {}\nthe {other:?} to choose", dwarf.class, turn.actions_left),
        None => format!("{:?}\nActions left: {}", dwarf.class, turn.actions_left),
    };
    set(&mut text, format!("Turn {}: {now}", turn.number));
    colour.set_if_neq(TextColor(if outcome.0.is_some() { PAPER } else { class_colour(dwarf.class) }));
}

/// The Dwarf the rules wait on, as the legal-moves query names him, when he is not the one whose
/// turn it is: a card's guest, the Dwarf whose action asks a choice, the holder of For Karl!.
fn other_decider(now: Option<&LegalNow>, host: DwarfClass) -> Option<DwarfClass> {
    match now?.legal.decider {
        Some(Who::Dwarf(class)) if class != host => Some(class),
        _ => None,
    }
}

/// The Dwarf a card gave a free action, and which: 'the Scout's free Move first'.
fn guest_words(dwarves: &Query<&Dwarf>, seat: u32, move_only: bool) -> Option<String> {
    let guest = dwarves.iter().find(|d| d.seat == seat)?;
    Some(format!("the {:?}'s free {} first", guest.class, if move_only { "Move" } else { "action" }))
}

/// Whether the cave has its turn: an Event card, the Swarm Threat, a swarm or the creatures are
/// under way or waiting (not a card drawn or an Exploder set off in the middle of a Dwarf's action).
pub fn caves_turn(agenda: &Agenda, job: &CurrentJob) -> bool {
    let cave = |j: &Job| {
        matches!(
            j,
            Job::DrawEvent(_)
                | Job::Effect(_)
                | Job::MissionEffect(_)
                | Job::ThreatStep(_)
                | Job::Swarm
                | Job::ActivateAll
                | Job::Activate(_)
                | Job::NextTurn
        )
    };
    job.0.iter().chain(agenda.0.iter()).any(cave)
}

/// One line per objective, met ones ticked; then anything else aboard.
fn show_mule(
    mule: Res<Mule>,
    info: Res<MissionInfo>,
    kills: Res<Kills>,
    data: Res<GameData>,
    outcome: Res<Outcome>,
    creatures: Query<&Creature>,
    mut texts: Query<&mut Text, With<MuleText>>,
) {
    let Ok(mut text) = texts.single_mut() else { return };
    let on_cave = |kind: CreatureKind| creatures.iter().filter(|c| c.kind == kind).count();
    set(&mut text, mule_lines(&info, &mule, &kills, &data, outcome.0.is_none(), on_cave).join("\n"));
}

/// The M.U.L.E. panel's lines: each objective, ticked when met; then anything else aboard; then,
/// once the primary objectives are met and while the mission goes on, what to do next.
fn mule_lines(
    info: &MissionInfo,
    mule: &Mule,
    kills: &Kills,
    data: &GameData,
    going_on: bool,
    on_cave: impl Fn(CreatureKind) -> usize,
) -> Vec<String> {
    let objectives = &info.objectives;
    let tagged = objectives.primary.iter().map(|o| (o, "")).chain(objectives.secondary.iter().map(|o| (o, " (bonus)")));
    let mut lines: Vec<String> = tagged
        .map(|(o, tag)| match o {
            Objective::Collect(item, n) => {
                let have = mule.count(*item);
                format!("[{}] {:<11} {have:>2}/{n}{tag}", tick(have >= *n), item_name(*item))
            }
            // Met by a kill of the kind, and met for good, whatever comes out later (ruling 29).
            Objective::Kill(kind) if kills.kinds.contains(kind) => format!("[x] Kill one {}: killed{tag}", data.creatures.get(*kind).name),
            Objective::Kill(kind) => format!("[ ] Kill one {}: {} on the cave{tag}", data.creatures.get(*kind).name, on_cave(*kind)),
        })
        .collect();
    let wanted: Vec<Item> = objectives.primary.iter().chain(&objectives.secondary).filter_map(collected_item).collect();
    let extra: Vec<String> =
        mule.0.iter().filter(|(i, n)| **n > 0 && !wanted.contains(i)).map(|(i, n)| format!("{} {n}", item_name(*i))).collect();
    if !extra.is_empty() {
        lines.push(format!("Also aboard: {}", extra.join(", ")));
    }
    // What a newcomer does next once the work is done (rulebook "Game end", ruling 26).
    if going_on && info.objectives_met(mule, kills) {
        lines.push("Objectives met: back to the Drop Pod! Won once all are aboard".to_string());
    }
    lines
}

/// The Mission Event's first words: up to the end of its first sentence (or a colon), at most
/// [`EVENT_TITLE`] characters, cut at a word.
fn event_title(text: &str) -> String {
    let first = text.find(['!', '.', ':']).map_or(text, |end| &text[..=end]).trim_end_matches(':');
    if first.chars().count() <= EVENT_TITLE {
        return first.to_string();
    }
    let cut: String = first.chars().take(EVENT_TITLE).collect();
    let words = cut.rsplit_once(' ').map_or(cut.as_str(), |(words, _)| words);
    format!("{}...", words.trim_end_matches([',', ';', ' ']))
}

/// The Swarm Threat meter, then the deck sizes.
fn show_threat(
    threat: Res<SwarmThreat>,
    data: Res<GameData>,
    decks: Res<crate::rules::decks::Decks>,
    mut texts: Query<&mut Text, With<ThreatText>>,
) {
    let Ok(mut text) = texts.single_mut() else { return };
    let decks = format!(
        "Decks: Event {}, Swarm {}, Rock and Stone {}, Throwables {}",
        decks.events.draw.len(),
        decks.swarms.draw.len(),
        decks.rock_and_stone.draw.len(),
        decks.throwables.draw.len()
    );
    set(&mut text, format!("{}\n{decks}", threat_lines(threat.0, &data.numbers.swarm_meter)));
}

/// The meter's boxes filled up to the step reached, a swarm's in red.
fn fill_meter(threat: Res<SwarmThreat>, mut boxes: Query<(&ThreatStep, &mut BackgroundColor)>) {
    for (b, mut colour) in &mut boxes {
        let c = match (b.swarm, b.step <= threat.0) {
            (false, false) => STEP_AHEAD,
            (false, true) => STEP_REACHED,
            (true, false) => SWARM_AHEAD,
            (true, true) => SWARM_REACHED,
        };
        colour.set_if_neq(BackgroundColor(c));
    }
}

/// Under the meter: the step reached, and how far off the next swarm is.
fn threat_lines(at: u32, meter: &crate::data::rules_numbers::SwarmMeter) -> String {
    let next = match meter.swarm_steps.iter().find(|s| **s > at) {
        Some(s) => format!("next swarm in {}", counted((s - at) as u64, "step")),
        None => "no swarm is left".to_string(),
    };
    format!("Step {at} of {}: {next}", meter.steps)
}

/// The last events, newest at the bottom.
/// How many lines the log panel is scrolled back from the newest.
#[derive(Resource, Default)]
struct LogScroll(usize);

/// The mouse wheel over the HUD scrolls the log back and forth; when the panel is taller than the
/// window (large text), the wheel over the rest of it scrolls the panel.
fn wheel(
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    settings: Option<Res<super::settings::Settings>>,
    log: Res<GameLog>,
    log_box: Query<&RelativeCursorPosition, With<LogBox>>,
    mut panel: Query<(&ComputedNode, &mut ScrollPosition), With<Panel>>,
    mut scroll: ResMut<LogScroll>,
    mut part: Local<f32>,
) {
    let panels = super::layout::panel_size(settings.as_deref());
    let over_hud = window
        .single()
        .ok()
        .and_then(|w| w.cursor_position().map(|p| p.x > w.width() - HUD_WIDTH * super::layout::scale_for(w) * panels))
        .unwrap_or(false);
    let over_log = log_box.iter().any(RelativeCursorPosition::cursor_over);
    let down = super::wheel::notches_down(&mut wheel);
    if !over_hud || down == 0.0 {
        return;
    }
    match panel.single_mut().ok().filter(|(node, _)| overflows(node) && !over_log) {
        // The layout keeps the panel's scroll within what there is to show.
        Some((_, mut at)) => at.0.y = (at.0.y + down * PANEL_STEP).max(0.0),
        None => {
            // Whole lines: a touchpad's fractions of a notch are kept toward the next.
            let back = scroll.0 as i64 - i64::from(super::wheel::whole(&mut part, down));
            // Back at most to the first entry at the foot of the log.
            scroll.0 = (back.max(0) as usize).min(log.0.len().saturating_sub(1));
        }
    }
}

/// A new turn brings the log back to its newest lines: a log the wheel left scrolled back stayed
/// there through the next creatures' turns, and their attacks were never shown (a play-tester).
fn newest_on_a_new_turn(log: Res<GameLog>, mut read: Local<usize>, mut scroll: ResMut<LogScroll>) {
    // An undo replays the game: its log may be shorter than what was read.
    let from = (*read).min(log.0.len());
    *read = log.0.len();
    if log.0[from..].iter().any(|e| matches!(e, GameEvent::TurnStarted { .. })) && scroll.0 > 0 {
        scroll.0 = 0;
    }
}

/// When the panel's upper part is taller than its room (four Dwarves, one of them webbed, late in a
/// mission at 1280x720), it is scrolled as little as brings the row of the Dwarf whose turn it is
/// into view (the Dwarves are the part's first rows, so this is for four Dwarves at large text; the
/// mission and the turn are above the part, always in sight). Done
/// when the turn passes or the part's height or room changes, so the wheel still scrolls it in
/// between.
fn keep_in_view(
    turn: Res<Turn>,
    dwarves: Query<&Dwarf>,
    mut panel: Query<(&ComputedNode, &UiGlobalTransform, &mut ScrollPosition), With<Panel>>,
    rows: Query<(&DwarfRow, &ComputedNode, &UiGlobalTransform)>,
    mut done: Local<Option<(u32, u32, u32)>>,
) {
    let Ok((node, at, mut scroll)) = panel.single_mut() else { return };
    // The part's room changes too: the line saying there is more above the log takes some of it.
    let now = (turn.seat, node.content_size().y as u32, node.size().y as u32);
    let Some(class) = dwarves.iter().find(|d| d.seat == turn.seat).map(|d| d.class) else { return };
    let Some((_, row, row_at)) = rows.iter().find(|r| r.0.0 == class) else { return };
    if *done == Some(now) || node.size().y <= 0.0 || row.size().y <= 0.0 {
        return;
    }
    *done = Some(now);
    // In the window's pixels: the rows are laid out where the scroll has put them.
    let span = |centre: Vec2, size: Vec2| (centre.y - size.y / 2.0, size.y);
    let by = into_view(span(at.translation, node.size()), span(row_at.translation, row.size()));
    if by != 0.0 {
        scroll.0.y = (scroll.0.y + by * node.inverse_scale_factor()).max(0.0);
    }
}

/// How far to scroll a part (down is more) so that a row within it is in view, each given as its
/// top and height: as little as can be, none when it is in view already.
fn into_view((room, height): (f32, f32), (top, tall): (f32, f32)) -> f32 {
    let below = top + tall - (room + height);
    if below > 0.0 { below } else { (top - room).min(0.0) }
}

/// Pixels a notch of the wheel scrolls the side panel.
const PANEL_STEP: f32 = 40.0;

/// Whether a node's parts are taller than it (in the window's pixels).
fn overflows(node: &ComputedNode) -> bool {
    node.content_size().y > node.size().y + 1.0
}

/// Whether the log panel's lines are to be written again: the log or its scroll changed, or the
/// lines are new (a table laid out).
fn log_to_show(log: Res<GameLog>, scroll: Res<LogScroll>, new: Query<(), Added<LogLine>>) -> bool {
    log.is_changed() || scroll.is_changed() || !new.is_empty()
}

/// The log's last lines (or those the wheel scrolled back to), one entity each, each pointing at the
/// entry it shows; a line under them says the panel is scrolled back.
fn show_log(
    log: Res<GameLog>,
    data: Res<GameData>,
    scroll: Res<LogScroll>,
    mut lines: Query<(&LogLine, &mut Text, &mut Tooltip, &mut Node)>,
) {
    let to = log.0.len().saturating_sub(scroll.0);
    let from = to.saturating_sub(LOG_LINES);
    for (line, mut text, mut tip, mut node) in &mut lines {
        let i = from + line.0;
        let (words, entry) = match i < to {
            true => (describe(&data, &log.0[i]), Some(i)),
            false if line.0 == LOG_LINES && scroll.0 > 0 => (format!("(scrolled back {} - wheel down for the newest)", scroll.0), None),
            false => (String::new(), None),
        };
        let display = if words.is_empty() { Display::None } else { Display::Flex };
        if node.display != display {
            node.display = display;
        }
        set(&mut text, words);
        if !matches!(*tip, Tooltip::Log(e) if e == entry) {
            *tip = Tooltip::Log(entry);
        }
    }
}

/// A log line the top of the log's box cuts (the box keeps its lines to its foot and clips what
/// does not fit) is hidden whole, not shown as a strip of its last words under the heading. By
/// the last layout: a line just written shows whole or not at all from the next frame.
fn hide_cut_lines(
    boxes: Query<(&ComputedNode, &bevy::ui::UiGlobalTransform), With<LogBox>>,
    mut lines: Query<(&ComputedNode, &bevy::ui::UiGlobalTransform, &mut Visibility), With<LogLine>>,
) {
    let Ok((log_box, at)) = boxes.single() else { return };
    let top = at.translation.y - log_box.size().y / 2.0;
    for (line, at, mut shown) in &mut lines {
        let cut = at.translation.y - line.size().y / 2.0 < top - 0.5;
        shown.set_if_neq(if cut { Visibility::Hidden } else { Visibility::Inherited });
    }
}

fn tick(done: bool) -> char {
    if done { 'x' } else { ' ' }
}

fn collected_item(o: &Objective) -> Option<Item> {
    match o {
        Objective::Collect(item, _) => Some(*item),
        Objective::Kill(_) => None,
    }
}

fn show_dwarves(
    turn: Res<Turn>,
    data: Res<GameData>,
    cave: Cave,
    mule: Res<Mule>,
    now: Option<Res<LegalNow>>,
    dwarves: Query<DwarfBoard>,
    mut rows: Query<(&DwarfRow, &mut BackgroundColor)>,
    mut texts: Query<(&DwarfText, &mut Text), Without<KitText>>,
    mut kits: Query<(&KitText, &mut Text), Without<DwarfText>>,
) {
    let full = &data.numbers.dwarf;
    // Rows are by class: the Dwarves' entities are new after an undo.
    let of = |class| dwarves.iter().find(|d| d.dwarf.class == class);
    // The one to act: a Dwarf given a free action by a card, while it waits, or the one a choice
    // waits on.
    let host = dwarves.iter().find(|d| d.dwarf.seat == turn.seat).map(|d| d.dwarf.class);
    let chooser = host.and_then(|h| other_decider(now.as_deref(), h));
    let acting = turn.acting_seat();
    for (row, mut bg) in &mut rows {
        let active = chooser.map_or_else(|| of(row.0).is_some_and(|d| d.dwarf.seat == acting), |c| c == row.0);
        bg.set_if_neq(BackgroundColor(if active { ACTIVE } else { Color::NONE }));
    }
    for (label, mut text) in &mut texts {
        let Some(d) = of(label.0) else { continue };
        // An overclocked secondary has two more slots open (rulebook "Overclock a secondary weapon").
        let secondary = secondary_slots(&data, d.loadout);
        let mut s = format!(
            "{:?}\nHealth {}/{}  Ammo {}/{} + {}/{secondary}",
            d.dwarf.class, d.health.0, full.health, d.ammo.primary, full.primary_ammo, d.ammo.secondary
        );
        // Aboard as the rules count it, with the objectives met: before, every Dwarf starts on the
        // Drop Pod and it would say nothing.
        let place = Place { shielded: shielded(&cave, d.at.0), aboard: cave.aboard(&mule, d.at.0) };
        let conditions = conditions(d.status, place);
        if !conditions.is_empty() {
            s += &format!("\n{}", conditions.join(", "));
        }
        set(&mut text, s);
    }
    for (label, mut text) in &mut kits {
        let Some(d) = of(label.0) else { continue };
        set(&mut text, kit_line(&data, d.loadout, d.hand));
    }
}

/// A Dwarf's kit in a line, what changes in a game: how many Throwables and Rock and Stone cards he
/// holds, each Weapon Upgrade and the weapon it is on, his secondary overclocked. One line for most
/// Dwarves, so four of them leave the log room (the weapon's name made it two: it is on the row's
/// hint).
fn kit_line(data: &GameData, loadout: &Loadout, hand: Option<&Hand>) -> String {
    let (throwables, cards) = hand.map_or((0, 0), |h| (h.throwables.len(), h.rock_and_stone.len()));
    let mut parts = vec![format!("{}, {}", counted(throwables as u64, "Throwable"), counted(cards as u64, "card"))];
    let on = |tokens: &[u32], weapon: &str| {
        tokens.iter().filter_map(|t| data.upgrades.get(*t as usize)).map(move |u| format!("{} on {weapon}", u.name)).collect::<Vec<_>>()
    };
    parts.extend(on(&loadout.primary_upgrades, "primary"));
    parts.extend(on(&loadout.secondary_upgrades, "secondary"));
    if loadout.overclocked {
        parts.push("secondary overclocked".into());
    }
    parts.join("; ")
}

/// What a Dwarf's space does for him: the Gunner's Shield covers it, or it is the Drop Pod's with
/// the objectives met.
#[derive(Clone, Copy, Default)]
struct Place {
    shielded: bool,
    aboard: bool,
}

/// A Dwarf's states in words (the panel's row, the hint on it).
pub fn states(s: &DwarfStatus) -> impl Iterator<Item = &'static str> {
    [(s.stunned, "stunned"), (s.webbed, "webbed"), (s.knocked_over, "knocked over"), (s.unconscious, "unconscious")]
        .into_iter()
        .filter_map(|(on, word)| on.then_some(word))
}

/// What a Dwarf's row says of his state, beside his health and ammo.
fn conditions(s: &DwarfStatus, place: Place) -> Vec<&'static str> {
    let where_he_stands = [(place.shielded, "shielded"), (place.aboard, "aboard the Drop Pod")];
    states(s).chain(where_he_stands.into_iter().filter_map(|(on, word)| on.then_some(word))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::mission::Mission;

    /// The wheel over the side panel scrolls the log back a line a notch; a touchpad's fractions
    /// of a notch add up to a line, not a line each (they did: a review).
    #[test]
    fn the_wheel_scrolls_the_log_a_line_a_notch() {
        use bevy::input::mouse::MouseScrollUnit::{Line, Pixel};
        use bevy::input::mouse::MouseWheel;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_message::<MouseWheel>().init_resource::<LogScroll>();
        app.insert_resource(GameLog(vec![GameEvent::CreaturesActivate { count: 1 }; 10]));
        app.add_systems(Update, wheel);
        let mut window = Window::default();
        window.resolution.set(1280.0, 720.0);
        // Over the panel, at the window's right.
        window.set_cursor_position(Some(Vec2::new(1270.0, 400.0)));
        let window = app.world_mut().spawn((window, bevy::window::PrimaryWindow)).id();
        fn turned(app: &mut App, unit: bevy::input::mouse::MouseScrollUnit, y: f32, times: usize) -> usize {
            app.world_mut().write_message_batch(vec![super::super::wheel::message(unit, y); times]);
            app.update();
            app.world().resource::<LogScroll>().0
        }
        assert_eq!(turned(&mut app, Line, 1.0, 1), 1);
        assert_eq!(turned(&mut app, Line, 0.25, 3), 1);
        assert_eq!(turned(&mut app, Line, 0.25, 1), 2);
        assert_eq!(turned(&mut app, Pixel, 10.0, 6), 5);
        // Down past the newest stops there; up stops at the oldest.
        assert_eq!(turned(&mut app, Line, -9.0, 1), 0);
        assert_eq!(turned(&mut app, Line, 30.0, 1), 9);
        // Away from the panel, the wheel leaves the log alone.
        app.world_mut().get_mut::<Window>(window).expect("the window").set_cursor_position(Some(Vec2::new(100.0, 400.0)));
        assert_eq!(turned(&mut app, Line, -3.0, 1), 9);
    }

    /// The line under the mission's name says what the game is part of; a dive's mission shows no
    /// seed (it is drawn from the dive's), nor a place in a dive it is not the mission of.
    #[test]
    fn the_panel_names_the_run_a_game_is_part_of() {
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/01-first-light.ron");
        let text = std::fs::read_to_string(&file).expect("First Light reads");
        let m: Mission = crate::data::load::read_ron(&file).expect("First Light parses");
        let info = MissionInfo {
            name: m.name.clone(),
            objectives: m.objectives.clone(),
            mission_event: m.mission_event.clone(),
            hazard: 2,
            seed: 9,
        };
        let game = |run: Run| {
            let mut save = crate::save::Save::begin(&file, &text, crate::rules::setup::MissionSetup::new(vec![DwarfClass::Scout], 9, 2));
            save.run = run;
            Game { save, mission: m.clone(), file: None }
        };
        assert_eq!(run_words(&info, Some(&game(Run::Quick))), "Hazard 2  -  seed 9");
        assert_eq!(run_words(&info, Some(&game(Run::Campaign))), "Solo campaign  -  hazard 2  -  seed 9");
        assert_eq!(run_words(&info, Some(&game(Run::DeepDive))), "Deep Dive, hazard 2");
    }

    /// A Kill objective is ticked once one of its kind is killed, with another of the kind on the
    /// cave (ruling 29); the primary objectives met, the panel says to go back to the Drop Pod.
    #[test]
    fn the_mule_panel_ticks_a_kill_for_good_and_sends_the_team_home() {
        let data = GameData::load(&crate::data::assets_dir()).expect("assets load");
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("missions/11-the-maw.ron");
        let m: Mission = crate::data::load::read_ron(&file).expect("The Maw reads");
        let info = MissionInfo { name: m.name, objectives: m.objectives, mission_event: m.mission_event, hazard: 1, seed: 1 };
        let (mule, mut kills) = (Mule::default(), Kills::default());
        let lines = |kills: &Kills| mule_lines(&info, &mule, kills, &data, true, |_| 1);
        assert!(lines(&kills).iter().any(|l| l.starts_with("[ ] Kill one Oppressor: 1 on the cave")), "{:?}", lines(&kills));
        assert!(!lines(&kills).iter().any(|l| l.starts_with("Objectives met")));
        kills.kinds.insert(CreatureKind::Oppressor);
        assert!(lines(&kills).iter().any(|l| l == "[x] Kill one Oppressor: killed"), "{:?}", lines(&kills));
        assert!(lines(&kills).last().is_some_and(|l| l.starts_with("Objectives met: back to the Drop Pod")), "{:?}", lines(&kills));
        let ended = mule_lines(&info, &mule, &kills, &data, false, |_| 1);
        assert!(!ended.iter().any(|l| l.starts_with("Objectives met")), "the mission over, nobody is sent home: {ended:?}");
    }

    /// The panel names the Mission Event by its first words, up to the end of its first sentence
    /// and never more than a line; the whole text is the hint of the line.
    #[test]
    fn the_mission_event_is_named_in_a_few_words() {
        assert_eq!(event_title("Cave-in! The floor of the Exit I hall gives way."), "Cave-in!");
        assert_eq!(event_title("Something skitters in the tunnels: one Grunt crawls out of Exit II."), "Something skitters in the tunnels");
        assert_eq!(event_title("The gardens exhale a cloud of spores. The active Dwarf chokes."), "The gardens exhale a cloud of spores.");
        let long = event_title("A shriek echoes through the cavern and the west nest bursts open: Tunnel Exit III is laid bare");
        assert_eq!(long, "A shriek echoes through the cavern and the...");
        assert!(long.chars().count() <= EVENT_TITLE + 3);
        assert_eq!(event_title("No stop at all"), "No stop at all");
        // Every shipped mission's Event gets a title of a line at most.
        for file in std::fs::read_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("missions")).expect("missions") {
            let path = file.expect("a mission file").path();
            let Ok(m) = crate::data::load::read_ron::<Mission>(&path) else { continue };
            let title = event_title(&m.mission_event.text);
            assert!(
                title.chars().count() <= EVENT_TITLE + 3 && (m.mission_event.text.is_empty() || !title.is_empty()),
                "{path:?}: {title}"
            );
        }
    }

    /// While a choice waits on another Dwarf than the one whose turn it is (a guest's free shot
    /// asks where its results go once the turn is the host's again), the TURN block names him.
    #[test]
    fn the_turn_block_names_the_dwarf_a_choice_waits_on() {
        let mut app = App::new();
        let turn = Turn { number: 2, seat: 0, actions_left: 2, ..default() };
        app.insert_resource(turn).init_resource::<Outcome>().init_resource::<Agenda>().init_resource::<CurrentJob>();
        app.init_resource::<LegalNow>().add_systems(Update, show_turn);
        app.world_mut().spawn(Dwarf { class: DwarfClass::Scout, seat: 0 });
        app.world_mut().spawn(Dwarf { class: DwarfClass::Driller, seat: 1 });
        let block = app.world_mut().spawn((TurnText, Text::default(), TextColor::default())).id();
        let said = |app: &mut App, decider: Option<Who>| {
            app.world_mut().resource_mut::<LegalNow>().legal.decider = decider;
            app.update();
            app.world().get::<Text>(block).expect("the block").0.clone()
        };
        assert_eq!(said(&mut app, Some(Who::Dwarf(DwarfClass::Scout))), "Turn 2: Scout\nActions left: 2");
        assert_eq!(said(&mut app, Some(Who::Dwarf(DwarfClass::Driller))), "Turn 2: Scout\nActions left: 2\nthe Driller to choose");
        assert_eq!(said(&mut app, Some(Who::Bosco)), "Turn 2: Scout\nActions left: 2");
        let colour = |app: &App| app.world().get::<TextColor>(block).expect("the block").0;
        assert_eq!(colour(&app), class_colour(DwarfClass::Scout), "the Dwarf whose turn it is, in his colour");
        let end = crate::rules::end::Ending {
            result: crate::rules::end::Result::Loss,
            reason: "every Dwarf is unconscious".into(),
            left_behind: vec![],
        };
        app.world_mut().resource_mut::<Outcome>().0 = Some(end);
        assert_eq!(said(&mut app, None), "Turn 2: Mission failed");
        assert_eq!(colour(&app), PAPER, "the result is in no Dwarf's colour");
    }

    /// The log scrolled back stays where the player left it while the turn goes on, and comes back
    /// to the newest lines when a new turn begins.
    #[test]
    fn the_log_comes_back_to_its_newest_lines_at_a_new_turn() {
        let mut app = App::new();
        app.init_resource::<GameLog>().insert_resource(LogScroll(5)).add_systems(Update, newest_on_a_new_turn);
        let say = |app: &mut App, e: GameEvent| {
            app.world_mut().resource_mut::<GameLog>().0.push(e);
            app.update();
            app.world().resource::<LogScroll>().0
        };
        assert_eq!(
            say(&mut app, GameEvent::Exploded { at: crate::rules::hex::Qr { q: 1, r: 1 } }),
            5,
            "within a turn the log stays scrolled back"
        );
        assert_eq!(say(&mut app, GameEvent::TurnStarted { turn: 2, dwarf: DwarfClass::Scout, actions: 3 }), 0);
    }

    /// A Dwarf's row names what his space does for him beside his conditions.
    #[test]
    fn a_dwarfs_row_says_he_is_shielded_or_aboard() {
        let webbed = DwarfStatus { webbed: true, ..default() };
        assert_eq!(conditions(&webbed, Place::default()), vec!["webbed"]);
        assert_eq!(conditions(&webbed, Place { shielded: true, aboard: false }), vec!["webbed", "shielded"]);
        assert_eq!(conditions(&DwarfStatus::default(), Place { shielded: false, aboard: true }), vec!["aboard the Drop Pod"]);
    }

    /// A Dwarf's kit line counts his Throwables and cards, and names his upgrades and overclock.
    #[test]
    fn a_dwarfs_kit_line_counts_his_cards_and_names_his_upgrades() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let loadout = Loadout { secondary: 0, overclocked: true, secondary_upgrades: vec![4], ..default() };
        let hand = Hand { rock_and_stone: vec![1, 2], throwables: vec![0] };
        let line = kit_line(&data, &loadout, Some(&hand));
        let stun = &data.upgrades[4].name;
        assert_eq!(line, format!("1 Throwable, 2 cards; {stun} on secondary; secondary overclocked"));
        assert_eq!(kit_line(&data, &Loadout::default(), None), "0 Throwables, 0 cards");
    }

    /// Of the log's lines, one the top of the box cuts is hidden; those within it show.
    #[test]
    fn a_log_line_cut_by_the_top_of_the_box_is_hidden() {
        use bevy::ui::UiGlobalTransform;
        let mut app = App::new();
        app.add_systems(Update, hide_cut_lines);
        let node = |height: f32| ComputedNode { size: Vec2::new(270.0, height), ..default() };
        // The box from y 100 to 200; a line of 30 from 90 (cut), one from 100, one from 170.
        app.world_mut().spawn((LogBox, node(100.0), UiGlobalTransform::from_translation(Vec2::new(135.0, 150.0))));
        let line = |app: &mut App, n: usize, centre: f32| {
            app.world_mut()
                .spawn((LogLine(n), node(30.0), UiGlobalTransform::from_translation(Vec2::new(135.0, centre)), Visibility::Inherited))
                .id()
        };
        let (cut, first, last) = (line(&mut app, 0, 105.0), line(&mut app, 1, 115.0), line(&mut app, 2, 185.0));
        app.update();
        let shown = |app: &App, e: Entity| *app.world().get::<Visibility>(e).expect("a line");
        assert_eq!(shown(&app, cut), Visibility::Hidden);
        assert_eq!(shown(&app, first), Visibility::Inherited);
        assert_eq!(shown(&app, last), Visibility::Inherited);
    }

    /// The log panel is written when its lines are new and again as the log grows, and not in
    /// between.
    #[test]
    fn the_log_panel_follows_the_log() {
        use crate::rules::log::GameEvent;
        let mut app = App::new();
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let ended = GameEvent::TurnEnded { dwarf: DwarfClass::Gunner };
        app.insert_resource(data).insert_resource(GameLog(vec![ended.clone()])).init_resource::<LogScroll>();
        app.add_systems(Update, show_log.run_if(log_to_show));
        for n in 0..=LOG_LINES {
            app.world_mut().spawn((LogLine(n), Text::default(), Tooltip::Log(None), Node::default()));
        }
        let shown = |app: &mut App| {
            let mut q = app.world_mut().query::<(&LogLine, &Text)>();
            let mut v: Vec<(usize, String)> = q.iter(app.world()).map(|(l, t)| (l.0, t.0.clone())).filter(|l| !l.1.is_empty()).collect();
            v.sort();
            v
        };
        app.update();
        let said = describe(app.world().resource::<GameData>(), &ended);
        assert_eq!(shown(&mut app), vec![(0, said.clone())]);
        // Nothing new: the lines are left alone (a line written over by hand stays).
        let mut q = app.world_mut().query::<(&LogLine, &mut Text)>();
        for (_, mut t) in q.iter_mut(app.world_mut()).filter(|(l, _)| l.0 == 0) {
            t.0 = "kept".into();
        }
        app.update();
        assert_eq!(shown(&mut app), vec![(0, "kept".to_string())]);
        app.world_mut().resource_mut::<GameLog>().0.push(ended);
        app.update();
        assert_eq!(shown(&mut app), vec![(0, said.clone()), (1, said)]);
    }

    /// The active Dwarf's row is scrolled into view by as little as it takes, from below or above.
    #[test]
    fn a_row_is_scrolled_into_view_by_as_little_as_it_takes() {
        let room = (100.0, 400.0);
        assert_eq!(into_view(room, (450.0, 60.0)), 10.0, "10 pixels of it below the room");
        assert_eq!(into_view(room, (80.0, 60.0)), -20.0, "20 pixels of it above");
        assert_eq!(into_view(room, (200.0, 60.0)), 0.0, "in view");
        assert_eq!(into_view(room, (440.0, 60.0)), 0.0, "its foot on the room's foot");
    }

    /// Under the meter, the step reached and how far the next swarm is.
    #[test]
    fn the_swarm_threat_meter_says_how_far_the_next_swarm_is() {
        let meter = crate::data::rules_numbers::SwarmMeter { steps: 12, start: 1, swarm_steps: vec![5, 9, 12] };
        assert_eq!(threat_lines(2, &meter), "Step 2 of 12: next swarm in 3 steps");
        assert_eq!(threat_lines(8, &meter), "Step 8 of 12: next swarm in 1 step");
        assert_eq!(threat_lines(12, &meter), "Step 12 of 12: no swarm is left");
    }

    /// The meter is a box a step: filled up to the step reached, a swarm's steps red, and coloured
    /// again as the threat climbs.
    #[test]
    fn the_swarm_threat_meter_fills_a_box_a_step() {
        let swarm_meter = crate::data::rules_numbers::SwarmMeter { steps: 12, start: 1, swarm_steps: vec![5, 9, 12] };
        let mut app = App::new();
        app.insert_resource(SwarmThreat(2)).add_systems(Update, fill_meter);
        app.world_mut().spawn(meter(&swarm_meter));
        let colours = |app: &mut App| {
            let mut q = app.world_mut().query::<(&ThreatStep, &BackgroundColor)>();
            let mut v: Vec<(u32, Color)> = q.iter(app.world()).map(|(s, c)| (s.step, c.0)).collect();
            v.sort_by_key(|s| s.0);
            v.into_iter().map(|(_, c)| c).collect::<Vec<_>>()
        };
        app.update();
        let mut want = vec![STEP_AHEAD; 12];
        want[..2].fill(STEP_REACHED);
        want[4] = SWARM_AHEAD;
        want[8] = SWARM_AHEAD;
        want[11] = SWARM_AHEAD;
        assert_eq!(colours(&mut app), want);
        app.insert_resource(SwarmThreat(5));
        app.update();
        want[2..4].fill(STEP_REACHED);
        want[4] = SWARM_REACHED;
        assert_eq!(colours(&mut app), want);
    }
}
