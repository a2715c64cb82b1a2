//! The bar under the cave: what is being decided and by whom, the action bar (every action of the
//! active Dwarf, or BOSCO's, with its key; greyed with the reason when not allowed now), the numbered
//! choices, and a line describing whatever the pointer is on.

use super::history::History;
use super::input::Hovered;
use super::keys::{button_words, label};
use super::logic::{
    ExchangeDraft, LegalNow, Listing, Notice, PlayerInput, SUPPLY_STEPS, Selection, SpaceDraft, SuppliesDraft, WhyNotHere, at_space, find,
    listing, lit, reason,
};
use super::pace::Pace;
use crate::data::GameData;
use crate::rules::actions::overclock::secondary_slots;
use crate::rules::agenda::{Agenda, CurrentJob};
use crate::rules::command::{Answer, BoscoAction, ChoiceKind, ChopTarget, Command, CommandLog};
use crate::rules::components::*;
use crate::rules::creatures::intent::Intent;
use crate::rules::hex::Qr;
use crate::rules::legal::{Action, ActionKind, Detail, FigureHit, Offer};
use crate::rules::log::{DieRoll, GameEvent, GameLog, Who, counted};
use crate::rules::state::Board;
use crate::screen::hud::{Tooltip, caves_turn};
use crate::screen::layout::{BAR_GAP, BAR_MOST, BAR_PADDING, COACH_SIZE, HUD_WIDTH, KEY_HEIGHT, KeepClear, KeptUpTo, LINE, MoreBelow};
use crate::screen::look::{self, PAPER, ui_text as text};
use crate::screen::words;
use bevy::ecs::query::QueryData;
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;

pub fn plugin(app: &mut App) {
    app.init_resource::<BarHover>()
        .init_resource::<Pointed>()
        .add_systems(OnEnter(super::Screen::Mission), (build, written_anew).chain())
        .add_systems(
            Update,
            (
                tooltips,
                rebuild.run_if(
                    resource_changed::<LegalNow>
                        .or_eager(resource_changed::<Selection>)
                        .or_eager(resource_changed::<History>)
                        .or_eager(resource_changed::<ExchangeDraft>)
                        .or_eager(resource_changed::<SpaceDraft>)
                        .or_eager(resource_changed::<SuppliesDraft>)
                        .or_eager(resource_changed::<super::dice::Tray>),
                ),
                press,
                // The two lines are written again only when what they say may have changed, not every frame.
                show_prompt.after(press).run_if(
                    resource_changed::<LegalNow>
                        .or_eager(resource_changed::<Selection>)
                        .or_eager(resource_changed::<Pace>)
                        .or_eager(resource_changed::<Agenda>),
                ),
                show_coach.run_if(resource_changed::<super::Coach>),
                show_hint
                    .after(press)
                    .run_if(resource_changed::<LegalNow>.or_eager(resource_changed::<Notice>).or_eager(resource_changed::<BarHover>)),
                (
                    write_card.run_if(
                        resource_changed::<LegalNow>
                            .or_eager(resource_changed::<Selection>)
                            .or_eager(resource_changed::<Hovered>)
                            .or_eager(resource_changed::<SpaceDraft>)
                            .or_eager(resource_changed::<super::dice::Tray>)
                            .or_eager(resource_changed::<WhyNotHere>),
                    ),
                    place_card,
                )
                    .chain(),
                (cap_actions, scroll_actions),
            )
                .in_set(crate::screen::front::Table),
        );
}

const BAR: Color = Color::srgba(0.09, 0.08, 0.07, 0.98);
const BUTTON: Color = Color::srgb_u8(70, 60, 48);
const BUTTON_OFF: Color = Color::srgb_u8(38, 34, 30);
const PICKED: Color = Color::srgb_u8(150, 105, 40);
const GREY: Color = Color::srgb_u8(120, 112, 100);
const AMBER: Color = Color::srgb_u8(240, 190, 90);
/// The Tutorial coach's words: apart from the prompt's paper and the hint's amber.
const COACH: Color = Color::srgb_u8(140, 215, 200);

/// The bar at the bottom: the prompt, the hint, the choices and the actions. It grows upward.
#[derive(Component)]
pub struct BarNode;
#[derive(Component)]
struct PromptText;
#[derive(Component)]
struct CoachText;
#[derive(Component)]
struct HintText;
/// The card beside the pointer while it rests on a space of the cave: what stands there and what
/// a click on it does. Beside the pointer, not in the bar, so that the bar does not grow over the
/// cave with it.
#[derive(Component)]
struct HoverCard;
#[derive(Component)]
struct CardText;
#[derive(Component)]
struct ActionsRow;
/// The actions' rows and the turn's column beside them: the part of the bar that gives way.
#[derive(Component)]
struct ActionsBox;
/// End turn, Undo and Redo, in a column of their own at the bar's right end: in the same place
/// every turn, whichever Dwarf acts and however many actions his row holds.
#[derive(Component)]
struct TurnColumn;
#[derive(Component)]
struct ChoicesRow;
#[derive(Component)]
struct ActionButton(usize);
#[derive(Component)]
struct ChoiceButton(usize);
/// The button that makes the exchange put together (Enter).
#[derive(Component)]
struct DraftButton;
/// The Undo (true) or Redo (false) button.
#[derive(Component)]
struct TimeButton(bool);
/// A button of the watching keys: a click is the key.
#[derive(Component)]
struct WatchButton(KeyCode);

/// What a watcher may press (`watch.rs`), as buttons.
const WATCH_KEYS: [(KeyCode, &str); 8] = [
    (KeyCode::ArrowLeft, "[Left] a command back"),
    (KeyCode::ArrowRight, "[Right] a command on"),
    (KeyCode::PageUp, "[PgUp] a turn back"),
    (KeyCode::PageDown, "[PgDn] a turn on"),
    (KeyCode::Home, "[Home] the start"),
    (KeyCode::End, "[End] the end"),
    (KeyCode::KeyP, "[P] play / pause"),
    (KeyCode::Escape, "[Esc] saved games"),
];

/// The words about what the pointer rested on last (a space, a button): F2 looks them up in the
/// rules reference.
#[derive(Resource, Default, Debug, Clone)]
pub struct Pointed(pub String);

/// What the pointer rests on in the bar: its words replace the space's description.
#[derive(Resource, Default)]
struct BarHover(Option<String>);

/// A bar built again (back from the rules reference) is filled at once, not at the next change.
fn written_anew(mut now: ResMut<LegalNow>, mut coach: ResMut<super::Coach>) {
    now.set_changed();
    coach.set_changed();
}

fn build(mut commands: Commands) {
    let bar = Node {
        position_type: PositionType::Absolute,
        left: px(0.0),
        right: px(HUD_WIDTH),
        bottom: px(0.0),
        // Anchored at the bottom: a longer prompt or more choices grow it upward, over the cave,
        // never out of the window; the actions' rows take no more than `BAR_MOST` of the window
        // leaves them (`cap_actions`).
        min_height: px(KEY_HEIGHT),
        flex_direction: FlexDirection::Column,
        // The rows sit at the bottom: a hint of two lines grows the bar upward, and the buttons
        // never move from under the pointer.
        justify_content: JustifyContent::FlexEnd,
        padding: UiRect::axes(px(10.0), px(BAR_PADDING / 2.0)),
        row_gap: px(BAR_GAP),
        ..default()
    };
    let row = || Node { flex_wrap: FlexWrap::Wrap, column_gap: px(4.0), row_gap: px(3.0), ..default() };
    commands.spawn((BarNode, bar, BackgroundColor(BAR), DespawnOnExit(super::Screen::Mission))).with_children(|b| {
        // The Tutorial's coach, over the prompt (shown only in the Tutorial).
        b.spawn((CoachText, KeepClear, text("", COACH_SIZE, COACH), Node { display: Display::None, ..default() }));
        b.spawn((PromptText, KeepClear, KeptUpTo(2.0 * PROMPT_LINE), text("", PROMPT_SIZE, PAPER)));
        b.spawn((HintText, text("", 13.0, AMBER)));
        // The answers of a question never shrink: the actions give way to them.
        b.spawn((ChoicesRow, Node { flex_shrink: 0.0, ..row() }));
        // The rows hang from the box's top, and the box keeps its height (`cap_actions`): a row that
        // goes leaves room at the foot, not a shift of every row above it.
        let actions =
            Node { column_gap: px(8.0), align_items: AlignItems::FlexStart, flex_shrink: 1.0, min_height: px(ACTIONS_LEAST), ..default() };
        let mut scrolled = Entity::PLACEHOLDER;
        b.spawn((ActionsBox, KeepClear, actions)).with_children(|r| {
            let row = Node { flex_grow: 1.0, flex_basis: px(0.0), max_height: percent(100.0), overflow: Overflow::scroll_y(), ..row() };
            scrolled = r.spawn((ActionsRow, row, ScrollPosition::default(), RelativeCursorPosition::default())).id();
            let column = Node { flex_direction: FlexDirection::Column, row_gap: px(3.0), flex_shrink: 0.0, ..default() };
            r.spawn((TurnColumn, column));
        });
        let more = Node { display: Display::None, flex_shrink: 0.0, ..default() };
        b.spawn((MoreBelow(scrolled), more, children![text("More actions below: the wheel scrolls them", 12.0, AMBER)]));
    });
    let card = Node {
        position_type: PositionType::Absolute,
        display: Display::None,
        max_width: px(CARD_WIDTH),
        padding: UiRect::axes(px(8.0), px(5.0)),
        border: UiRect::all(px(1.0)),
        ..default()
    };
    commands
        .spawn((HoverCard, card, BackgroundColor(BAR), BorderColor::all(GREY), GlobalZIndex(4), DespawnOnExit(super::Screen::Mission)))
        .with_child((CardText, text("", 13.0, PAPER)));
}

/// The prompt's text size, and a line of it, in the panels' pixels.
const PROMPT_SIZE: f32 = 15.0;
const PROMPT_LINE: f32 = PROMPT_SIZE * LINE;

/// The least height the actions' rows are given when the bar is at its tallest: three rows of
/// buttons, as tall as End turn, Undo and Redo beside them, in the panels' pixels.
const ACTIONS_LEAST: f32 = 3.0 * ACTIONS_STEP;
/// Pixels a wheel step scrolls the actions' rows.
const ACTIONS_STEP: f32 = 26.0;
/// The room kept for the hint line when the bar is at its tallest: two lines of its text.
const HINT_ROOM: f32 = 34.0;

/// The actions' rows are given what is left of `BAR_MOST` of the window once the bar's other parts
/// (the prompt, the hint, the answers of a question) have theirs, and at least `ACTIONS_LEAST`:
/// with large text and four Dwarves' cards the buttons covered the whole cave. Past that they
/// scroll (`scroll_actions`); should the answers alone take more, the bar grows over the cave
/// while they are asked, as it did. Within that, the box keeps the most height its rows have taken
/// in this game: a card played took a row away, every row above moved down, and a play-tester's
/// next click landed on Get supplies.
fn cap_actions(
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    ui: Res<UiScale>,
    bars: Query<&Children, With<BarNode>>,
    parts: Query<(&ComputedNode, &Node), (Without<ActionsBox>, Without<HintText>)>,
    mut boxes: Query<(Entity, &mut Node), With<ActionsBox>>,
    rows: Query<&ComputedNode, With<ActionsRow>>,
    mut tallest: Local<Option<(Entity, f32)>>,
) {
    let (Ok(w), Ok(children), Ok((e, mut node))) = (window.single(), bars.single(), boxes.single_mut()) else { return };
    // The rows' height in the panels' pixels, the most of this bar's (a new game's bar starts anew).
    let rows_now = rows.single().map_or(0.0, |r| r.content_size().y * r.inverse_scale_factor());
    let most_rows = match *tallest {
        Some((bar, h)) if bar == e => h.max(rows_now),
        _ => rows_now,
    };
    *tallest = Some((e, most_rows));
    // In the panels' pixels, as the nodes are laid out; a part not shown takes no room nor gap.
    // The hint is given two lines whatever it says now: it changes with the button under the
    // pointer, and the buttons must not move under it (they would as the box grew and shrank).
    let shown = children.iter().filter_map(|c| parts.get(c).ok()).filter(|(_, n)| n.display != Display::None);
    let others: f32 = shown.map(|(n, _)| n.size().y * n.inverse_scale_factor() + BAR_GAP).sum::<f32>() + HINT_ROOM + BAR_GAP;
    let left = w.height() / ui.0 * BAR_MOST - others - BAR_PADDING;
    let most = px(left.max(ACTIONS_LEAST));
    if node.max_height != most {
        node.max_height = most;
    }
    let least = px(most_rows.min(left).max(ACTIONS_LEAST));
    if node.min_height != least {
        node.min_height = least;
    }
}

/// The mouse wheel over the actions' rows scrolls them, when the bar is too short to show them all;
/// never past their last row.
/// A new turn's buttons start from the top (the last Dwarf's scroll hid the next one's Move), and
/// the scroll is kept within the rows there are as they change.
fn scroll_actions(
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    turn: Option<Res<crate::rules::state::Turn>>,
    mut whose: Local<Option<(u32, u32)>>,
    mut rows: Query<(&RelativeCursorPosition, &ComputedNode, &mut ScrollPosition), With<ActionsRow>>,
) {
    let by = crate::screen::wheel::notches_down(&mut wheel) * ACTIONS_STEP;
    let now = turn.map(|t| (t.number, t.seat));
    let new_turn = *whose != now;
    *whose = now;
    for (pointer, node, mut at) in &mut rows {
        let most = ((node.content_size().y - node.size().y) * node.inverse_scale_factor()).max(0.0);
        let want = match () {
            _ if new_turn => 0.0,
            _ if by != 0.0 && pointer.cursor_over() => (at.0.y + by).clamp(0.0, most),
            // Not laid out yet: left as it is.
            _ if node.size().y > 0.0 => at.0.y.min(most),
            _ => at.0.y,
        };
        if at.0.y != want {
            at.0.y = want;
        }
    }
}

/// The hover card's widest, in the panels' pixels.
const CARD_WIDTH: f32 = 420.0;
/// How far from the pointer the card sits, in the panels' pixels.
const CARD_OFFSET: f32 = 18.0;

fn button(words: String, on: bool, picked: bool) -> impl Bundle {
    let colour = if picked {
        PICKED
    } else if on {
        BUTTON
    } else {
        BUTTON_OFF
    };
    (
        Button,
        Node {
            padding: UiRect::axes(px(6.0), px(2.0)),
            border: UiRect::all(px(1.0)),
            border_radius: BorderRadius::all(px(3.0)),
            ..default()
        },
        BackgroundColor(colour),
        BorderColor::all(if on { GREY } else { BUTTON_OFF }),
        children![text(words, 13.0, if on { PAPER } else { GREY })],
    )
}

fn rebuild(
    mut commands: Commands,
    now: Res<LegalNow>,
    selection: Res<Selection>,
    data: Res<GameData>,
    history: Res<History>,
    (log, game_log, turn): (Res<CommandLog>, Res<GameLog>, Res<crate::rules::state::Turn>),
    actions_row: Query<Entity, With<ActionsRow>>,
    turn_column: Query<Entity, With<TurnColumn>>,
    choices_row: Query<Entity, With<ChoicesRow>>,
    watching: Option<Res<super::Watching>>,
    draft: Res<ExchangeDraft>,
    drafted: Res<SpaceDraft>,
    supplies: Res<SuppliesDraft>,
    tray: Res<super::dice::Tray>,
    figures: Query<Figure>,
) {
    let (Ok(actions_row), Ok(choices_row), Ok(turn_column)) = (actions_row.single(), choices_row.single(), turn_column.single()) else {
        return;
    };
    for row in [actions_row, choices_row, turn_column] {
        commands.entity(row).despawn_children();
    }
    // A watcher is offered the watching keys, not the players' actions and choices (nothing a
    // player would do is taken while watching).
    if watching.is_some() {
        for (key, words) in WATCH_KEYS {
            let b = commands.spawn((WatchButton(key), button(words.into(), true, false))).id();
            commands.entity(actions_row).add_child(b);
        }
        return;
    }
    let legal = &now.legal;
    let actions = &legal.actions;
    for (i, a) in actions.iter().enumerate() {
        let picked = selection.0.as_ref().is_some_and(|p| p.is(a));
        let b = commands.spawn((ActionButton(i), button(button_words(&data, actions, i, turn.bosco_turn), a.is_allowed(), picked))).id();
        let row = if a.kind == ActionKind::EndTurn { turn_column } else { actions_row };
        commands.entity(row).add_child(b);
    }
    let undo = history.why_not_undo(log.0.len(), &game_log).is_none();
    for (back, words, on) in [(true, "[Ctrl+Z] Undo", undo), (false, "[Ctrl+Y] Redo", history.can_redo())] {
        let b = commands.spawn((TimeButton(back), button(words.into(), on, false))).id();
        commands.entity(turn_column).add_child(b);
    }
    if let Some(cmd) = draft.command() {
        let b = commands.spawn((DraftButton, button(format!("[Enter] make the exchange: {}", exchange_words(&cmd)), true, true))).id();
        commands.entity(choices_row).add_child(b);
    }
    // A question whose one answer is to go on (a roll waiting for For Karl!): the answer lets it stand.
    let go_on = super::history::lets_it_stand(legal);
    let listed = listing(&now, &selection, &drafted, &supplies);
    // Get supplies' split first, then its steps, each in its place whether or not it may be taken.
    let steps = matches!(listed, Listing::Supplies(_));
    for (n, o) in listed.numbered().iter().enumerate() {
        // An item already in the exchange being put together is marked, with how many times (a
        // play-tester pressed one twice and could not tell).
        let picked = o.as_ref().map_or(0, |o| draft.0.iter().filter(|c| **c == o.command).count());
        // A number kept for an answer taken since stays in its place, empty.
        let (words, on) = match o {
            Some(_) if go_on => (super::history::LET_IT_STAND.to_string(), true),
            _ if steps && n > 0 => (SUPPLY_STEPS[n - 1].to_string(), o.is_some()),
            Some(o) => (format!("{}{}{}", offer_words(&data, o, &tray.dice), who_is_there(&data, o, &figures), picked_words(picked)), true),
            None => ("answered".to_string(), false),
        };
        let label = match super::logic::choice_key(n) {
            Some(key) => format!("[{key}] {words}"),
            None => words,
        };
        let b = commands.spawn((ChoiceButton(n), button(label, on, picked > 0))).id();
        commands.entity(choices_row).add_child(b);
    }
}

/// An item picked for the exchange being put together, on its button: " (picked)", " (picked x2)".
fn picked_words(picked: usize) -> String {
    match picked {
        0 => String::new(),
        1 => " (picked)".into(),
        n => format!(" (picked x{n})"),
    }
}

/// A figure on the cave, for [`who_is_there`]: where it stands, and the Dwarf or the creature it is.
type Figure = (&'static At, Option<&'static Dwarf>, Option<(&'static Creature, &'static Id, Option<&'static Faces>)>);

/// Who stands on the space a die of a shot would be laid on, for the answer's button: a damage
/// chain may run over a Dwarf's space, and the numbered answer said only "(11, 10)" (a
/// play-tester could not tell it was the Scout's).
fn who_is_there(data: &GameData, o: &Offer, figures: &Query<Figure>) -> String {
    let Command::Choose(Answer::Place { at, .. } | Answer::AlsoAt(at)) = &o.command else { return String::new() };
    let h = hexx::Hex::from(*at);
    let there: Vec<String> = figures
        .iter()
        .filter_map(|(on, dwarf, creature)| match (dwarf, creature) {
            (Some(d), _) if on.0 == h => Some(words::who_in(data, &Who::Dwarf(d.class))),
            // A two-space creature is there on its back space too.
            (_, Some((c, id, faces))) if crate::rules::cave::creature_spaces(data, c.kind, on.0, faces).contains(&h) => {
                Some(words::who(data, &Who::Creature { kind: c.kind, id: id.0 }))
            }
            _ => None,
        })
        .collect();
    if there.is_empty() { String::new() } else { format!(": {}", there.join(", ")) }
}

/// A click on a button is input; resting on one says what it does, or why it cannot.
fn press(
    buttons: Query<(&Interaction, Option<&ActionButton>, Option<&ChoiceButton>), Changed<Interaction>>,
    time_buttons: Query<(&Interaction, &TimeButton), Changed<Interaction>>,
    draft_button: Query<&Interaction, (With<DraftButton>, Changed<Interaction>)>,
    watch_buttons: Query<(&Interaction, &WatchButton), Changed<Interaction>>,
    now: Res<LegalNow>,
    data: Res<GameData>,
    history: Res<History>,
    (log, game_log): (Res<CommandLog>, Res<GameLog>),
    loadouts: Query<(&Dwarf, &Loadout)>,
    mut hover: ResMut<BarHover>,
    mut out: MessageWriter<PlayerInput>,
) {
    let mut rested = Rested::default();
    for (interaction, WatchButton(key)) in &watch_buttons {
        if *interaction == Interaction::Pressed {
            out.write(PlayerInput::Key(*key));
        }
    }
    for interaction in &draft_button {
        match interaction {
            Interaction::Pressed => {
                out.write(PlayerInput::Key(KeyCode::Enter));
            }
            _ => rested.on(interaction, || Some("one Exchange action: every item picked changes hands at once".into())),
        }
    }
    for (interaction, TimeButton(back)) in &time_buttons {
        match (interaction, back) {
            (Interaction::Pressed, true) => {
                out.write(PlayerInput::Undo);
            }
            (Interaction::Pressed, false) => {
                out.write(PlayerInput::Redo);
            }
            (_, true) => rested.on(interaction, || {
                Some(history.why_not_undo(log.0.len(), &game_log).unwrap_or_else(|| "take back the last command".into()))
            }),
            (_, false) => rested
                .on(interaction, || Some(if history.can_redo() { "play again the command taken back" } else { "nothing to redo" }.into())),
        }
    }
    for (interaction, action, choice) in &buttons {
        match (interaction, action, choice) {
            (Interaction::Pressed, Some(a), _) => {
                out.write(PlayerInput::Action(a.0));
            }
            (Interaction::Pressed, _, Some(c)) => {
                out.write(PlayerInput::Choice(c.0));
            }
            (_, Some(a), _) => rested.on(interaction, || {
                now.legal.actions.get(a.0).map(|a| {
                    // A card's button tells the card: a Rock and Stone card, or the Throwable thrown;
                    // the Overclock what the weapon becomes before the Gold is spent; a fire mode its
                    // cost, dice and range.
                    let card = match a.kind {
                        ActionKind::PlayCard => data.rock_and_stone.iter().find(|c| c.name == a.what).map(|c| c.text.clone()),
                        ActionKind::Throw => data.throwables.iter().find(|c| c.name == a.what).map(|c| c.text.clone()),
                        // A weapon's button says what it costs and rolls.
                        ActionKind::Shoot => words::fire_mode(&data, a.by, &a.what).map(words::fire_terms),
                        ActionKind::BoscoLightGun => Some(words::fire_terms(&data.numbers.bosco.light_gun)),
                        ActionKind::BoscoRocket => Some(words::fire_terms(&data.numbers.bosco.rocket)),
                        ActionKind::Overclock => {
                            a.by.and_then(|by| overclock_words(&data, loadouts.iter().find(|(d, _)| d.class == by)?.1))
                        }
                        _ => None,
                    };
                    let text = card.map(|t| format!(" ({t})")).unwrap_or_default();
                    let offers = &super::logic::choices(a)[..];
                    match a.is_allowed() {
                        true if offers.iter().all(|o| super::logic::space_of(o).is_some()) => {
                            format!("{}{text}: {} to pick from", label(&data, a), counted(offers.len() as u64, "lit space"))
                        }
                        // A launch that leaves a Dwarf behind cannot be taken back: it is asked first.
                        true if let [Offer { detail: Detail::LeftBehind(left), .. }] = offers
                            && let Some(left) = crate::screen::words::left_behind(left) =>
                        {
                            format!("{}: leaves {left} behind, out cold; a press asks first", label(&data, a))
                        }
                        // What the one way does, when its words say more than the action's name
                        // (a play-tester read "Chop: a press does it" as saying nothing).
                        true if let [one] = offers => {
                            let what = offer_words(&data, one, &[]);
                            let what = if what == one.command.name() { String::new() } else { format!(" - {what}") };
                            format!("{}{text}: one press does it{what}", label(&data, a))
                        }
                        // Every way is a Dwarf to play it on: they are named.
                        true if let Some(on) = offers
                            .iter()
                            .map(|o| match o.detail {
                                Detail::Dwarf(c) => Some(format!("the {c:?}")),
                                _ => None,
                            })
                            .collect::<Option<Vec<String>>>() =>
                        {
                            format!("{}{text}: press it, then pick the Dwarf: {}", label(&data, a), on.join(" or "))
                        }
                        true => {
                            format!("{}{text}: {} to do it: press it, then pick one", label(&data, a), counted(offers.len() as u64, "way"))
                        }
                        false => format!("{}{text}: not now: {}", label(&data, a), reason(a)),
                    }
                })
            }),
            // A choice's button says what it does on its face; resting on an answer to a question
            // says the question and which section of the rules F2 opens.
            (_, None, Some(_)) => rested
                .on(interaction, || now.legal.pending.as_ref().map(|p| format!("{} (F2: \"{}\")", p.prompt, words::choice_topic(p.kind)))),
            (Interaction::Hovered, None, _) => {}
            (_, None, _) => rested.on(interaction, || None),
        }
    }
    rested.tell(&mut hover);
}

/// What the pointer's moves over the bar's buttons in an update say: the words of the button it
/// came to rest on, else that it left one. Leaving one button and entering the next in the same
/// update (a quick pointer; the buttons stand 3 pixels apart), the one entered speaks, whatever
/// order the buttons are read in: a greyed button's reason was lost so.
#[derive(Default)]
struct Rested {
    entered: Option<Option<String>>,
    left: bool,
}

impl Rested {
    fn on(&mut self, interaction: &Interaction, words: impl FnOnce() -> Option<String>) {
        match interaction {
            Interaction::Hovered => self.entered = Some(words()),
            Interaction::None => self.left = true,
            Interaction::Pressed => {}
        }
    }

    fn tell(self, hover: &mut BarHover) {
        match self.entered {
            Some(words) => hover.0 = words,
            None if self.left => hover.0 = None,
            None => {}
        }
    }
}

/// Resting on a line of the log: the line, an Event or Swarm card's words with it (its banner may
/// have been missed: a play-tester looked for them), and where F2 goes.
fn log_hint(data: &GameData, e: &GameEvent) -> String {
    let topic = words::topic(e).map_or_else(|| "the rules on it".to_string(), |t| format!("\"{t}\""));
    let card = match e {
        GameEvent::EventCard { text, .. } | GameEvent::SwarmCard { text, .. } => format!(": {text}"),
        _ => String::new(),
    };
    format!("Log: {}{card} (F2: {topic})", words::describe(data, e))
}

/// Resting on a part of the panel tells what it is; on a Dwarf's row, his whole board.
fn tooltips(
    parts: Query<(&Interaction, &Tooltip), Changed<Interaction>>,
    dwarves: Query<DwarfView>,
    data: Res<GameData>,
    log: Res<GameLog>,
    info: Res<crate::rules::state::MissionInfo>,
    mut hover: ResMut<BarHover>,
) {
    // Leaving one part and entering another in the same update: the one entered speaks.
    let Some(entered) = parts.iter().find(|p| *p.0 != Interaction::None).map(|p| *p.1) else {
        if !parts.is_empty() {
            hover.0 = None;
        }
        return;
    };
    hover.0 = match entered {
        Tooltip::Says(words) => Some(words.to_string()),
        Tooltip::MissionEvent => Some(format!("Mission Event (each time a Mission Event card is drawn): {}", info.mission_event.text)),
        Tooltip::Log(i) => i.and_then(|i| log.0.get(i)).map(|e| log_hint(&data, e)),
        Tooltip::Dwarf(class) => dwarves.iter().find(|d| d.dwarf.class == class).map(|d| {
            let full = &data.numbers.dwarf;
            format!(
                "{:?}: {}/{} Health{}, ammo {}/{} + {}/{}; {}",
                d.dwarf.class,
                d.health.0,
                full.health,
                status_words(d.status),
                d.ammo.primary,
                full.primary_ammo,
                d.ammo.secondary,
                d.loadout.map_or(full.secondary_ammo, |l| secondary_slots(&data, l)),
                kit_words(&data, d.loadout, d.hand)
            )
        }),
    };
}

/// The first line: whose decision it is and what it is.
fn show_prompt(
    now: Res<LegalNow>,
    selection: Res<Selection>,
    data: Res<GameData>,
    pace: Res<Pace>,
    agenda: Res<Agenda>,
    job: Res<CurrentJob>,
    log: Res<GameLog>,
    drafted: Res<SpaceDraft>,
    watching: Option<Res<super::Watching>>,
    turn: Res<crate::rules::state::Turn>,
    mut texts: Query<&mut Text, With<PromptText>>,
    dwarves: Query<(&Dwarf, &DwarfStatus)>,
    (cave, mule): (crate::rules::cave::Cave, Res<crate::rules::state::Mule>),
) {
    let Ok(mut t) = texts.single_mut() else { return };
    let legal = &now.legal;
    // Aboard the Drop Pod with the objectives met, out of the cave's reach (ruling 43).
    let aboard = super::logic::active_aboard(&cave, &mule, &turn);
    let knocked_over = match legal.decider {
        Some(Who::Dwarf(c)) if !turn.bosco_turn => dwarves.iter().any(|(d, s)| d.class == c && s.knocked_over && !s.unconscious),
        _ => false,
    };
    let who = match &legal.decider {
        Some(Who::Dwarf(c)) => format!("{c:?}"),
        Some(Who::Bosco) => "BOSCO".into(),
        Some(w) => format!("{w:?}"),
        None => "Nobody".into(),
    };
    let any_allowed = legal.actions.iter().any(|a| a.is_allowed());
    let line = if watching.is_some() {
        // A watcher is told what is being decided, not what to click.
        match &legal.pending {
            Some(p) => format!("Watching - {who}: {}", p.prompt),
            None if any_allowed => format!("Watching - {who} to act"),
            None => "Watching - the cave moves...".into(),
        }
    } else if let Some(p) = &legal.pending {
        let on_the_map = !lit(legal, &selection, &drafted).is_empty();
        // For Karl!'s moment: the card is played from its button (cards have no key).
        let card = p.kind == ChoiceKind::Continue && legal.actions.iter().any(|a| a.kind == ActionKind::PlayCard && a.is_allowed());
        let how = match (card, on_the_map) {
            (true, _) => "the card's button on the bar plays it, [1] lets the roll stand",
            (false, true) => "click a lit space or a numbered choice",
            (false, false) => "pick a numbered choice",
        };
        question_line(&who, p, last_event_card(&log), how)
    } else if let Some(a) = selection.0.as_ref().and_then(|p| find(legal, p)) {
        match a.kind {
            ActionKind::EndTurn => {
                let part = if turn.bosco_turn { "BOSCO's part" } else { "the turn" };
                format!("{who}: end {part} now? [E] again or [1] ends it; Esc plays on")
            }
            // Only a launch that leaves a Dwarf behind is picked before it is sent (it is asked).
            ActionKind::Launch => format!("{who}: launch the Drop Pod now? [L] again or [1] launches it; Esc waits"),
            _ if super::logic::split_by_steps(a) => {
                format!("{who}: Get supplies - [1] takes the split shown, [2] to [7] take less or more of each; Esc backs out")
            }
            // One shot puts up to three platforms down: said before the first pit is clicked.
            ActionKind::Platforms => match super::logic::platforms_at_once(legal, &selection) {
                Some(n @ 2..) => format!(
                    "{who}: Platform Gun - click up to {n} lit pits, one action ([1] shoots fewer; a pit clicked again is taken back); Esc backs out"
                ),
                _ => format!("{who}: Platform Gun - click a lit pit; Esc backs out"),
            },
            // Items are picked one by one and change hands together (ruling 31): said before the
            // first pick, not only by the button the first pick brings (a play-tester).
            ActionKind::Exchange => {
                format!(
                    "{who}: Exchange - pick the items that change hands, a number each; [Enter] then makes it, one action; Esc backs out"
                )
            }
            _ => {
                // A card is named without its holder when he is the one to decide ("Gunner: We're
                // Rich!" read "Gunner: Gunner: We're Rich!").
                let what =
                    if a.kind == ActionKind::PlayCard && legal.decider == a.by.map(Who::Dwarf) { a.what.clone() } else { label(&data, a) };
                let how = if lit(legal, &selection, &drafted).is_empty() {
                    "pick a numbered choice"
                } else {
                    "click a lit space (or the arrows, then Enter) or a choice"
                };
                format!("{who}: {what} - {how}; Esc backs out")
            }
        }
    } else if caves_turn(&agenda, &job) {
        // Only a card that cuts in may be played now.
        let cards = if any_allowed { "; a Rock and Stone card may still be played" } else { "" };
        format!("The cave's turn: creatures at {} speed (Tab changes it, Space skips){cards}", pace.speed.name())
    } else if knocked_over {
        let can_stand = legal.actions.iter().any(|a| a.kind == ActionKind::StandUp && a.is_allowed());
        knocked_over_words(&who, can_stand, turn.actions_left, data.numbers.kit.stand_up_actions)
    } else if let Some((_, move_only)) = turn.guest.filter(|_| any_allowed) {
        // A card's free action is his, not the host's (Rock and Stone!, Second Wind).
        let what = if move_only { "Move - click a lit space" } else { "action - pick one" };
        format!("{who}: a free {what}; the {host}'s turn goes on after it", host = host(&dwarves, turn.seat))
    } else if aboard && turn.guest.is_none() {
        format!("{who}: aboard the Drop Pod, out of the cave's reach - he may still act, or [E] ends his turn")
    } else if legal.actions.iter().any(|a| matches!(a.kind, ActionKind::Move | ActionKind::BoscoMove) && a.is_allowed()) {
        format!("{who}: click a lit space to move, or pick an action{}", free_attack(&data, legal))
    } else if (if turn.bosco_turn { turn.bosco_actions } else { turn.actions_left }) == 0 && any_allowed {
        let free = legal.actions.iter().any(|a| a.is_allowed() && a.kind != ActionKind::EndTurn);
        no_actions_left(&who, turn.bosco_turn, free, &free_attack(&data, legal))
    } else if any_allowed {
        format!("{who}: pick an action{}", free_attack(&data, legal))
    } else {
        format!("The cave moves... (creatures at {} speed; Tab changes it, Space skips)", pace.speed.name())
    };
    if t.0 != line {
        t.0 = line;
    }
}

/// The coach's line, in the Tutorial; no room is taken by it in other missions.
fn show_coach(coach: Res<super::Coach>, mut lines: Query<(&mut Text, &mut Node), With<CoachText>>) {
    let Ok((mut t, mut node)) = lines.single_mut() else { return };
    let display = if coach.on && !coach.words.is_empty() { Display::Flex } else { Display::None };
    if node.display != display {
        node.display = display;
    }
    if t.0 != coach.words {
        t.0.clone_from(&coach.words);
    }
}

/// The prompt once the Dwarf's actions, or BOSCO's in his part of the turn, are spent (BOSCO's
/// said "pick an action" over a bar of greyed buttons, a play-tester). What is still lit besides
/// End turn costs no action (`free`): a card, the Scout's attack right after his move, said in
/// general, as the team may have no Scout.
fn no_actions_left(who: &str, bosco: bool, free: bool, free_attack: &str) -> String {
    let what = if free { "what is still lit costs no action (a card, a skill's free attack); " } else { "" };
    let ends = if bosco { "BOSCO's part of the turn" } else { "the turn" };
    format!("{who}: no actions left{free_attack} - {what}[E] ends {ends}")
}

/// The class of the Dwarf in a seat, in words.
fn host(dwarves: &Query<(&Dwarf, &DwarfStatus)>, seat: u32) -> String {
    dwarves.iter().find(|(d, _)| d.seat == seat).map_or_else(|| "Dwarf".into(), |(d, _)| format!("{:?}", d.class))
}

/// A knocked-over Dwarf does nothing until he is on his feet but play a card (rulebook "Knocked
/// over"): said so, and whether he has the actions to stand up, which takes `cost` in one turn.
fn knocked_over_words(who: &str, can_stand: bool, actions_left: u32, cost: u32) -> String {
    if can_stand {
        format!("{who}: knocked over - [U] stands him up ({cost} actions); until then only a Rock and Stone card")
    } else {
        let left = counted(u64::from(actions_left), "action");
        format!(
            "{who}: knocked over, {left} left, and standing up takes {cost} in one turn - a Dwarf next to him may help him up in his own turn; [E] ends the turn"
        )
    }
}

/// The keys line, said when nothing else is. Escape is not in it: the prompt says "Esc backs out"
/// whenever there is something to back out of (the line fits the bar of a 1280x720 window so).
const KEYS: &str = "[Tab] creatures' speed  [Space] skip their turn  [Arrows] lit spaces  [F1] key  [F2] rules  [F3] log  [F10] menu";
const KEYS_WATCHING: &str = "[Tab] speed of [P]  [F1] key  [F2] rules  [F3] log  [F10] menu  [Esc] saved games";

/// Said when the rules offer attacks that cost no action (the Scout's shots and throws right after
/// his move), each by its name: a player would not find it out otherwise, and his other actions
/// still cost.
fn free_attack(data: &GameData, legal: &crate::rules::legal::Legal) -> String {
    let free = |a: &&Action| a.offers().iter().any(|o| matches!(o.detail, Detail::Target { actions: 0, .. }));
    let names: Vec<String> = legal.actions.iter().filter(free).map(|a| label(data, a)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => format!(" - {one} now costs no action"),
        [some @ .., last] => format!(" - {} and {last} now cost no action", some.join(", ")),
    }
}

/// The second line: a refusal, the button or part of the panel under the pointer, or the keys
/// (a space under the pointer is told on the hover card).
fn show_hint(
    notice: Res<Notice>,
    hover: Res<BarHover>,
    watching: Option<Res<super::Watching>>,
    mut texts: Query<(Entity, &mut Text), With<HintText>>,
    mut pointed: ResMut<Pointed>,
    (welcome, played): (Res<super::Welcome>, Res<CommandLog>),
    mut commands: Commands,
) {
    let Ok((hint, mut t)) = texts.single_mut() else { return };
    let under = if let Some(words) = &hover.0 {
        pointed.0.clone_from(words);
        words.clone()
    } else if !welcome.words.is_empty() && played.0.len() == welcome.commands {
        welcome.words.clone()
    } else if watching.is_some() {
        KEYS_WATCHING.into()
    } else {
        KEYS.into()
    };
    // A notice is said with what the pointer rests on, in place of the keys (they are back once it
    // is taken down).
    let line = match (notice.0.is_empty(), hover.0.is_some()) {
        (true, _) => under,
        (false, true) => format!("{}  |  {under}", notice.0),
        (false, false) => notice.0.clone(),
    };
    if t.0 != line {
        // The keys line is the bar's own, there whenever nothing else is said: the cave is kept
        // clear of it (with very large text it takes two lines), not of a passing hint.
        let steady = line == KEYS || line == KEYS_WATCHING;
        if steady {
            commands.entity(hint).insert(KeepClear);
        } else {
            commands.entity(hint).remove::<KeepClear>();
        }
        t.0 = line;
    }
}

/// The hover card's words for the space under the pointer, if it rests on one: what stands there,
/// when a creature there acts and what it goes after, and what a click there does now.
fn write_card(
    now: Res<LegalNow>,
    selection: Res<Selection>,
    hovered: Res<Hovered>,
    data: Res<GameData>,
    space: SpaceView,
    drafted: Res<SpaceDraft>,
    tray: Res<super::dice::Tray>,
    why_not: Res<WhyNotHere>,
    mut texts: Query<&mut Text, With<CardText>>,
    mut pointed: ResMut<Pointed>,
) {
    let Ok(mut t) = texts.single_mut() else { return };
    let words = hovered.0.map_or_else(String::new, |h| {
        let mut what = space.describe(&data, h);
        // F2 looks up what stands there, not what a creature there goes after.
        pointed.0.clone_from(&what);
        if let Some((n, c)) = now.legal.creatures.iter().enumerate().find(|(_, c)| c.at == h.into()) {
            // Creatures act only when an Event card or a swarm activates them: a newcomer would
            // otherwise wait for them to move.
            let (place, of) = (n + 1, now.legal.creatures.len());
            what = format!(
                "{what}\nActs {place} of {of} when an Event card or a swarm next activates the creatures: {}",
                intent_words(&c.intent, &space)
            );
        }
        let offer = lit(&now.legal, &selection, &drafted).into_iter().find(|o| at_space(o, h.into()));
        match (offer, &why_not.0) {
            (Some(o), _) => format!("{what}\n>> {}", offer_words(&data, &o, &tray.dice)),
            (None, Some((at, why))) if *at == Qr::from(h) => format!("{what}\n>> {why}"),
            (None, _) => what,
        }
    });
    if t.0 != words {
        t.0 = words;
    }
}

/// The hover card beside the pointer, on whichever side keeps it in the window; hidden while the
/// pointer is on no space.
fn place_card(
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    ui: Res<UiScale>,
    bar: Res<crate::screen::layout::BarTop>,
    texts: Query<&Text, With<CardText>>,
    mut cards: Query<(&mut Node, &ComputedNode), With<HoverCard>>,
    bar_now: Query<&ComputedNode, (With<BarNode>, Without<HoverCard>)>,
    keyed: (Res<super::input::ByKeys>, Res<Hovered>, Query<(&Camera, &GlobalTransform)>, Option<Res<crate::screen::layout::MapGeometry>>),
    aside: Res<super::input::CardAside>,
) {
    let Ok((mut node, computed)) = cards.single_mut() else { return };
    // A space the arrow keys went to has the card beside it, not beside the resting pointer.
    let (by_keys, hovered, camera, geo) = keyed;
    let key_point = || {
        let ((camera, at), geo, h) = (camera.single().ok()?, geo.as_ref()?, hovered.0?);
        camera.world_to_viewport(at, geo.centre(h).extend(0.0)).ok()
    };
    let point = |w: &Window| if by_keys.0 { key_point() } else { w.cursor_position() };
    // The card keeps to the cave's part of the window: the side panel and the bar stay readable,
    // the bar as tall as it is now (a hint or the choices of the moment grow it over the cave,
    // and at large text the card sat over the prompt).
    let bar_now = bar_now.single().map_or(0.0, |b| b.size().y * b.inverse_scale_factor() * ui.0);
    let area = |w: &Window| above_the_bar(crate::screen::layout::cave_area(w, ui.0, &bar), w.height(), bar_now);
    let cursor = window.single().ok().and_then(|w| Some((point(w)?, area(w))));
    let shown = texts.single().is_ok_and(|t| !t.0.is_empty()) && !aside.0;
    let Some((at, window)) = cursor.filter(|_| shown) else {
        if node.display != Display::None {
            node.display = Display::None;
        }
        return;
    };
    // In the panels' pixels: the window's logical ones over the UI scale.
    let (at, window, size) = (at / ui.0, window / ui.0, computed.size() * computed.inverse_scale_factor());
    let (left, top) = (card_side(at.x, size.x, window.x), card_side(at.y, size.y, window.y));
    if node.display != Display::Flex || node.left != px(left) || node.top != px(top) {
        node.display = Display::Flex;
        node.left = px(left);
        node.top = px(top);
    }
}

/// The cave's part of the window (`cave`, above the bar's kept height) cut to what is above the
/// bar as tall as it is now (`bar_now`), in the window's pixels.
fn above_the_bar(cave: Vec2, window_height: f32, bar_now: f32) -> Vec2 {
    Vec2::new(cave.x, cave.y.min(window_height - bar_now))
}

/// Where the card starts along one axis: after the pointer, or before it when it would run out of
/// the cave's part of the window there; never before the window's edge.
fn card_side(pointer: f32, size: f32, window: f32) -> f32 {
    let after = pointer + CARD_OFFSET;
    if after + size <= window { after } else { (pointer - CARD_OFFSET - size).max(0.0) }
}

/// The prompt's line for a question: whose, what, how it is answered; with the Event card's words
/// where they are what the player decides on (`event`: the last card drawn).
fn question_line(who: &str, p: &crate::rules::legal::PendingOffer, event: Option<(&str, &str)>, how: &str) -> String {
    match (p.kind, event) {
        // The offer is the card's: its words are what the player decides on.
        (ChoiceKind::Offer, Some((name, text))) => format!("{who}: {} {name}: {text} - {how}", p.prompt),
        // A reaction shot answers the Event card that set it off (an ambush, a grab): what the
        // card does decides whether to take it (a play-tester could not tell without the log).
        (ChoiceKind::Reaction, Some((name, text))) => format!("{who}: {} - {name}: {text} - {how}", p.prompt),
        _ => format!("{who}: {} - {how}", p.prompt),
    }
}

/// The Event card drawn last: its name and words.
fn last_event_card(log: &GameLog) -> Option<(&str, &str)> {
    log.0.iter().rev().find_map(|e| match e {
        GameEvent::EventCard { name, text, .. } => Some((name.as_str(), text.as_str())),
        _ => None,
    })
}

/// An offer in words: what it does and, for an attack, how its dice meet what stands there. `dice`:
/// the roll in the tray, by which an answer about a die names it.
pub fn offer_words(data: &GameData, o: &Offer, dice: &[DieRoll]) -> String {
    match &o.detail {
        Detail::Move { to, cost, flame_damage, drills, drills_away, opens, .. } => {
            let burn = if *flame_damage > 0 { format!(", Flames: {flame_damage} damage") } else { String::new() };
            // Said before the click: a drilled space, its mineral and what comes out of a cave it
            // opens cannot be taken back.
            let drilled = match (drills, drills_away) {
                (false, _) => String::new(),
                (true, Some(m)) => format!(" - drills into the wall and its {m:?} is lost"),
                (true, None) => " - drills through; the Move ends there".into(),
            };
            let opened = if opens.is_empty() { String::new() } else { format!("; {}", cave_opens(opens)) };
            format!("move to {}: {}{burn}{drilled}{opened}", words::space(to), counted(*cost, "point"))
        }
        Detail::Target { at, figures, .. } if matches!(o.command, Command::Choose(Answer::Chop(_))) => {
            let on: Vec<String> = figures.iter().map(|f| figure_words(data, f)).collect();
            format!("axe: hit at {}: {}", words::space(at), on.join("; "))
        }
        Detail::Target { at, figures, ammo, actions } => {
            let hits: Vec<String> = figures.iter().map(|f| figure_words(data, f)).collect();
            let on = if hits.is_empty() { "nothing there".into() } else { hits.join("; ") };
            format!("aim at {}: {on} - costs {ammo} ammo, {}", words::space(at), counted(*actions, "action"))
        }
        // A space a click adds to the Flames being placed (`SpaceDraft`).
        Detail::Space(at) if matches!(o.command, Command::Choose(Answer::Flames(_))) => format!("a Flame on {}", words::space(at)),
        Detail::Space(at) => match &o.command {
            Command::Bosco(BoscoAction::Move(_)) => format!("BOSCO flies to {}", words::space(at)),
            Command::Bosco(BoscoAction::Place(_)) => format!("BOSCO is set down at {}, for no action", words::space(at)),
            cmd => format!("{} at {}", cmd.name(), words::space(at)),
        },
        // How many one shot takes is said by the prompt, which knows how many pits are lit.
        Detail::Platform { at, .. } => format!("a platform on {}", words::space(at)),
        Detail::Dwarf(c) => match &o.command {
            Command::Exchange { .. } => format!("exchange {}", exchange_words(&o.command)),
            Command::PlayCard { card, .. } => format!("{card} on the {c:?}"),
            cmd => format!("{} the {c:?}", cmd.name()),
        },
        Detail::Chop(targets) => format!("axe chop: each success may {}", targets.iter().map(words::chop).collect::<Vec<_>>().join(", ")),
        // Which way the blast turns decides who is in it: a Dwarf there is hurt too.
        // Short: the six ways are shown at once, and each is also a lit pair of spaces on the cave.
        Detail::Blast(on) => {
            let turn = match &o.command {
                Command::Choose(Answer::Triangle(x, y)) => format!("{} + {}", words::space(x), words::space(y)),
                cmd => cmd.name().to_string(),
            };
            let on: Vec<String> = on.iter().map(|w| target_name(data, w)).collect();
            if on.is_empty() { format!("{turn}: no one") } else { format!("{turn}: {}", on.join(", ")) }
        }
        Detail::Mineral(m) => match &o.command {
            Command::Choose(Answer::Chop(ChopTarget::Mine(q))) => format!("mine the {m:?} at {}", words::space(q)),
            cmd => format!("{} the {m:?}", cmd.name()),
        },
        // Said before the axe success is spent: what comes out of the cave cannot be taken back.
        Detail::Opens { mineral, caves } => {
            let what = match (&o.command, mineral) {
                (Command::Choose(Answer::Chop(ChopTarget::Mine(q))), Some(m)) => format!("mine the {m:?} at {}", words::space(q)),
                (Command::Choose(a), _) => words::answer(data, a, dice),
                (cmd, _) => cmd.name().to_string(),
            };
            format!("{what} - {}", cave_opens(caves))
        }
        Detail::LeftBehind(left) => match words::left_behind(left) {
            Some(left) => format!("launch the Drop Pod, leaving {left} behind"),
            None => "launch the Drop Pod, every Dwarf aboard".into(),
        },
        Detail::None => match &o.command {
            Command::Choose(a) => words::answer(data, a, dice),
            Command::GetSupplies { .. } => words::supplies_taken(&o.command),
            Command::Platforms(on) => {
                format!("Platform Gun: {} on {}, one action", counted(on.len() as u64, "platform"), words::spaces(on))
            }
            cmd => cmd.name().to_string(),
        },
    }
}

/// What opening face-down caves lets out: "it opens hidden cave a: what is in it comes out".
fn cave_opens(caves: &[char]) -> String {
    let letters: Vec<String> = caves.iter().map(char::to_string).collect();
    let (cave, it) = if caves.len() == 1 { ("hidden cave", "it") } else { ("hidden caves", "them") };
    format!("it opens {cave} {}: what is in {it} comes out", letters.join(" and "))
}

/// What overclocking a Dwarf's secondary weapon does, before he spends the Gold on it.
fn overclock_words(data: &GameData, loadout: &Loadout) -> Option<String> {
    let weapon = data.secondaries.get(loadout.secondary).filter(|_| !loadout.overclocked)?;
    let more = data.numbers.dwarf.overclocked_secondary_ammo.saturating_sub(data.numbers.dwarf.secondary_ammo);
    Some(format!(
        "1 Gold from the M.U.L.E.: the {} turns to its overclocked side for good (kept through a Deep Dive), \"{}\", and {} more secondary ammo slots open (no ammo comes with them)",
        weapon.name, weapon.overclocked.text, more
    ))
}

/// An exchange in words, each Dwarf's part in turn.
fn exchange_words(cmd: &Command) -> String {
    let parts: Vec<String> = crate::rules::actions::exchange::trades(cmd)
        .iter()
        .map(|t| {
            format!(
                "with the {:?}: give {} / take {}",
                t.with,
                crate::screen::words::parcel(&t.give),
                crate::screen::words::parcel(&t.take)
            )
        })
        .collect();
    parts.join("; ")
}

/// A figure an attack lands on, by name; a Dwarf marked, as friendly fire.
fn target_name(data: &GameData, who: &Who) -> String {
    match who {
        Who::Creature { kind, .. } => data.creatures.get(*kind).name.clone(),
        Who::Dwarf(c) => format!("the {c:?} (a Dwarf!)"),
        w => format!("{w:?}"),
    }
}

fn figure_words(data: &GameData, f: &FigureHit) -> String {
    let name = target_name(data, &f.who);
    let res: Vec<String> = f.resistance.iter().filter(|(_, n)| *n > 0).map(|(k, n)| format!("{n} of a shot's {k:?} hits")).collect();
    let res = if res.is_empty() { "no resistance".to_string() } else { format!("resists {}", res.join(", ")) };
    let why = f.ignored.as_ref().map(|w| format!(" ({w})")).unwrap_or_default();
    let frozen = if f.frozen { ", frozen" } else { "" };
    format!("{name}, {} Health, {res}{why}{frozen}", f.health)
}

/// What stands on a space, in words, for the line under the pointer.
#[derive(bevy::ecs::system::SystemParam)]
struct SpaceView<'w, 's> {
    board: Res<'w, Board>,
    terrain: Query<'w, 's, (&'static Terrain, Has<DropPod>, Option<&'static TunnelExit>)>,
    tokens: Query<'w, 's, (&'static At, &'static Token)>,
    dwarves: Query<'w, 's, DwarfView>,
    creatures: Query<'w, 's, CreatureView>,
    bosco: Query<'w, 's, &'static At, With<Bosco>>,
}

/// A Dwarf as the hover line tells him.
#[derive(QueryData)]
struct DwarfView {
    at: &'static At,
    dwarf: &'static Dwarf,
    health: &'static Health,
    status: &'static DwarfStatus,
    ammo: &'static Ammo,
    loadout: Option<&'static Loadout>,
    hand: Option<&'static Hand>,
}

/// A creature as the hover line tells it.
#[derive(QueryData)]
struct CreatureView {
    at: &'static At,
    id: &'static Id,
    creature: &'static Creature,
    faces: Option<&'static Faces>,
    health: &'static Health,
    status: &'static CreatureStatus,
}

impl SpaceView<'_, '_> {
    /// What a creature's move goes after, standing on its goal: a Dwarf, the Sentry Gun, a L.U.R.E.
    fn goal(&self, at: Qr) -> String {
        let h = hexx::Hex::from(at);
        if let Some(d) = self.dwarves.iter().find(|d| d.at.0 == h) {
            return format!("the {:?}", d.dwarf.class);
        }
        let on = |t: &Token| match t {
            Token::SentryGun { .. } => Some("the Sentry Gun".to_string()),
            Token::Thrown { .. } => Some("the L.U.R.E.".to_string()),
            _ => None,
        };
        self.tokens.iter().filter(|(a, _)| a.0 == h).find_map(|(_, t)| on(t)).unwrap_or_else(|| words::space(&at))
    }

    fn describe(&self, data: &GameData, h: hexx::Hex) -> String {
        let q = Qr::from(h);
        let mut parts = vec![words::space(&q)];
        if let Some((t, pod, exit)) = self.board.spaces.get(&h).and_then(|e| self.terrain.get(*e).ok()) {
            parts.push(match (t, pod, exit) {
                (_, true, _) => {
                    "Drop Pod: open once the objectives are met; the mission is won when every Dwarf is aboard (if the rest are unconscious, [L] launches those aboard)".into()
                }
                (_, _, Some(x)) => exit_words(x.0),
                (Terrain::Hidden(c), _, _) => format!("hidden cave {c}: revealed when a wall next to it is carved"),
                (Terrain::Open(g), _, _) => ground_words(g),
            });
        }
        for d in self.dwarves.iter().filter(|d| d.at.0 == h) {
            parts.push(format!(
                "{:?} {}/{} Health{}, ammo {} + {}",
                d.dwarf.class,
                d.health.0,
                data.numbers.dwarf.health,
                status_words(d.status),
                d.ammo.primary,
                d.ammo.secondary
            ));
            parts.push(kit_words(data, d.loadout, d.hand));
        }
        if self.bosco.iter().any(|at| at.0 == h) {
            parts.push("BOSCO, the drone: flies over anything, cannot be harmed, blocks no line of sight; no one ends a move here".into());
        }
        // A two-space creature (the Oppressor) is told on its back space as on its front.
        let fills = |c: &CreatureViewItem| crate::rules::cave::creature_spaces(data, c.creature.kind, c.at.0, c.faces).contains(&h);
        for c in self.creatures.iter().filter(fills) {
            let stats = data.creatures.get(c.creature.kind);
            let frozen = if c.status.frozen {
                ", frozen"
            } else if c.status.stunned {
                ", stunned"
            } else {
                ""
            };
            let traits: String = words::creature_traits(stats).iter().map(|t| format!(", {t}")).collect();
            // Named with its number, as the log names it.
            let mut name = words::who(data, &Who::Creature { kind: c.creature.kind, id: c.id.0 });
            if c.at.0 != h {
                name.push_str(&format!(" (its back; its front is at {})", words::space(&c.at.0.into())));
            }
            parts.push(format!(
                "{name} {}/{} Health, moves {}, range {}{traits}{frozen}",
                c.health.0, stats.health, stats.movement, stats.range
            ));
        }
        for (_, t) in self.tokens.iter().filter(|t| t.0.0 == h) {
            parts.push(token_words(t));
        }
        parts.join(" - ")
    }
}

fn status_words(s: &DwarfStatus) -> String {
    let v: Vec<&str> = crate::screen::hud::states(s).collect();
    if v.is_empty() { String::new() } else { format!(" ({})", v.join(", ")) }
}

/// A Tunnel Exit, as the hover card says it.
pub fn exit_words(n: u8) -> String {
    format!("Tunnel Exit {n}: creatures come out here; no Dwarf ends a move on it")
}

pub fn ground_words(g: &crate::data::mission::Ground) -> String {
    use crate::data::mission::Ground;
    match g {
        Ground::Floor => "floor".into(),
        Ground::Pit => "deep pit: only the Scout's hook, a platform or a zipline crosses it".into(),
        Ground::Wall(Some(m)) => format!("wall with {m:?}: an axe success mines it"),
        Ground::Wall(None) => "rock: an axe success carves it".into(),
        Ground::Stalagmite => "stalagmite: blocks movement and sight; an axe success breaks it and rolls the Mineral die".into(),
    }
}

/// A pickup face up, in words: what it is, named a pickup (F2 looks up the pickups' section), and
/// what it is good for.
pub fn pickup_words(p: crate::data::mission::Pickup) -> String {
    format!("{} (a pickup): {}", look::pickup_name(p), look::pickup_use(p))
}

/// A token on the cave in words, as the hover line says it.
pub fn token_words(t: &Token) -> String {
    match t {
        Token::Mineral { mineral, loose: true } => format!("loose {mineral:?}: walk onto it to collect it"),
        Token::Mineral { mineral, .. } => {
            format!("{mineral:?} set in the floor: an axe success from this very space digs it out (walking over it does not)")
        }
        Token::Pickup { revealed: false, .. } => "unknown pickup: turned over when a Dwarf stands next to it".into(),
        Token::Pickup { pickup, .. } => pickup_words(*pickup),
        Token::Upgrade { .. } => "Weapon Upgrade: walk onto it to fit it".into(),
        Token::ResupplyPod { primary, secondary, health, .. } => {
            format!("Resupply pod: {primary} primary, {secondary} secondary, {health} Health left")
        }
        // Named as the Engineer's, so F2 on it finds the Engineer's section (not "Health").
        Token::SentryGun { health } => format!("the Engineer's Sentry Gun ({health} Health)"),
        Token::Health { amount } => format!("{amount} Health freed by BOSCO: walk onto it"),
        Token::Thrown { .. } => "a Throwable waiting on the cave".into(),
        t => format!("{t:?}"),
    }
}

/// A creature's intent in words: a move names whom it goes after.
fn intent_words(i: &Intent, space: &SpaceView) -> String {
    match i {
        Intent::Skip { why } => format!("skips its activation ({why})"),
        Intent::Hatch { dice } => format!("hatches Glyphids ({})", words::dice(*dice)),
        Intent::Explode => "explodes on everything next to it".into(),
        Intent::AttackSentry { dice } => format!("attacks the Sentry Gun ({})", words::dice(*dice)),
        Intent::Attack { target, dice } => format!("attacks the {target:?} ({})", words::dice(*dice)),
        Intent::AttackLure { .. } => "attacks the L.U.R.E.".into(),
        Intent::Move { path, toward } => {
            format!("moves {} toward {} (path shown)", counted(path.len() as u64, "space"), space.goal(*toward))
        }
        Intent::Stay => "stays where it is".into(),
    }
}

/// A Dwarf's board beyond Health and ammo: his secondary weapon (overclocked or not), the Weapon
/// Upgrades on each weapon, his Throwables and Rock and Stone cards.
fn kit_words(data: &GameData, loadout: Option<&Loadout>, hand: Option<&Hand>) -> String {
    let mut v = vec![];
    if let Some(l) = loadout {
        let name = data.secondaries.get(l.secondary).map(|w| w.name.clone()).unwrap_or_default();
        v.push(format!("secondary {name}{}", if l.overclocked { " (overclocked)" } else { "" }));
        let names = |tokens: &[u32]| {
            tokens.iter().filter_map(|t| data.upgrades.get(*t as usize)).map(|u| u.name.clone()).collect::<Vec<_>>().join(", ")
        };
        if !l.primary_upgrades.is_empty() {
            v.push(format!("primary upgrades: {}", names(&l.primary_upgrades)));
        }
        if !l.secondary_upgrades.is_empty() {
            v.push(format!("secondary upgrades: {}", names(&l.secondary_upgrades)));
        }
    }
    if let Some(h) = hand {
        let cards = |list: &[usize], name: &dyn Fn(usize) -> Option<String>| match list.is_empty() {
            true => "none".to_string(),
            false => list.iter().filter_map(|i| name(*i)).collect::<Vec<_>>().join(", "),
        };
        v.push(format!("Throwables: {}", cards(&h.throwables, &|i| data.throwables.get(i).map(|c| c.name.clone()))));
        v.push(format!("cards: {}", cards(&h.rock_and_stone, &|i| data.rock_and_stone.get(i).map(|c| c.name.clone()))));
    }
    v.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reaction shot's question carries the Event card that set it off; an offer carries its
    /// card's words; another question only its own.
    #[test]
    fn a_reaction_shot_says_the_card_it_answers() {
        use crate::rules::legal::PendingOffer;
        let asked = |kind, prompt: &str| PendingOffer { prompt: prompt.into(), kind, who: None, answers: vec![], needless: None };
        let leech = Some(("Cave Leech", "Reaction shots: any hit kills it."));
        let react = asked(ChoiceKind::Reaction, "The Gunner may take a reaction shot at (3, 4)");
        assert_eq!(
            question_line("Gunner", &react, leech, "pick a numbered choice"),
            "Gunner: The Gunner may take a reaction shot at (3, 4) - Cave Leech: Reaction shots: any hit kills it. - pick a numbered choice"
        );
        assert_eq!(question_line("Gunner", &react, None, "pick"), "Gunner: The Gunner may take a reaction shot at (3, 4) - pick");
        let axe = asked(ChoiceKind::AxeSuccess, "Spend the axe success");
        assert_eq!(question_line("Scout", &axe, leech, "click"), "Scout: Spend the axe success - click");
    }

    /// The actions' box keeps the most height its rows have taken (within its cap): when a row
    /// goes, the rows above stay where they were.
    #[test]
    fn the_actions_keep_their_height_when_a_row_goes() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).insert_resource(UiScale(1.0));
        app.add_systems(Update, cap_actions);
        let mut window = Window::default();
        window.resolution.set(1280.0, 720.0);
        app.world_mut().spawn((window, bevy::window::PrimaryWindow));
        let bar = app.world_mut().spawn(BarNode).id();
        let actions = app.world_mut().spawn((ActionsBox, Node::default(), ChildOf(bar))).id();
        let rows = |height: f32| ComputedNode { size: Vec2::new(800.0, height), content_size: Vec2::new(800.0, height), ..default() };
        let row = app.world_mut().spawn((ActionsRow, rows(4.0 * ACTIONS_STEP), ChildOf(actions))).id();
        let least = |app: &App| app.world().get::<Node>(actions).expect("the actions").min_height;
        app.update();
        assert_eq!(least(&app), px(4.0 * ACTIONS_STEP), "four rows");
        app.world_mut().entity_mut(row).insert(rows(3.0 * ACTIONS_STEP));
        app.update();
        assert_eq!(least(&app), px(4.0 * ACTIONS_STEP), "a row gone: the box keeps its height");
        // A new game's bar starts anew.
        app.world_mut().entity_mut(actions).despawn();
        let actions = app.world_mut().spawn((ActionsBox, Node::default(), ChildOf(bar))).id();
        app.world_mut().spawn((ActionsRow, rows(2.0 * ACTIONS_STEP), ChildOf(actions)));
        app.update();
        assert_eq!(app.world().get::<Node>(actions).expect("the actions").min_height, px(ACTIONS_LEAST));
    }

    /// The actions' rows get what the bar's other parts leave of `BAR_MOST` of the window, never
    /// less than `ACTIONS_LEAST`; the wheel over them scrolls them as far as their last row.
    #[test]
    fn the_actions_give_way_to_the_cave_and_scroll() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_message::<bevy::input::mouse::MouseWheel>().insert_resource(UiScale(1.6));
        app.add_systems(Update, (cap_actions, scroll_actions));
        let mut window = Window::default();
        window.resolution.set(1280.0, 720.0);
        app.world_mut().spawn((window, bevy::window::PrimaryWindow));
        // Sizes in the window's pixels, as the layout gives them (the panels' pixels times 1.6).
        let laid = |height: f32| ComputedNode { size: Vec2::new(800.0, height * 1.6), inverse_scale_factor: 1.0 / 1.6, ..default() };
        let bar = app.world_mut().spawn(BarNode).id();
        app.world_mut().spawn((laid(60.0), Node::default(), ChildOf(bar)));
        // The hint's room is kept whatever it says; a part not shown takes none.
        app.world_mut().spawn((HintText, laid(50.0), Node::default(), ChildOf(bar)));
        app.world_mut().spawn((laid(40.0), Node { display: Display::None, ..default() }, ChildOf(bar)));
        let choices = app.world_mut().spawn((laid(0.0), Node::default(), ChildOf(bar))).id();
        let rows = ComputedNode { content_size: Vec2::new(800.0, 300.0 * 1.6), ..laid(100.0) };
        let cursor = bevy::ui::RelativeCursorPosition { cursor_over: true, normalized: Some(Vec2::ZERO) };
        let actions = app.world_mut().spawn((ActionsBox, Node::default(), ChildOf(bar))).id();
        let row = app.world_mut().spawn((ActionsRow, rows, cursor, ScrollPosition::default(), ChildOf(actions))).id();
        let most = |app: &App| app.world().get::<Node>(actions).expect("the actions").max_height;
        app.update();
        // 720 / 1.6 = 450 panel pixels, half of them the bar's: less the prompt, the hint's two
        // lines and the answers (none) with their gaps, and the padding.
        assert_eq!(most(&app), px(450.0 * BAR_MOST - (60.0 + BAR_GAP) - (HINT_ROOM + BAR_GAP) - BAR_GAP - BAR_PADDING));
        // A question with many answers: the actions keep their least.
        app.world_mut().entity_mut(choices).insert(laid(150.0));
        app.update();
        assert_eq!(most(&app), px(ACTIONS_LEAST));
        // Down the wheel, past the end: 200 panel pixels hidden below, and no further.
        use bevy::input::mouse::MouseScrollUnit::{Line, Pixel};
        let down = crate::screen::wheel::message(Line, -1.0);
        app.world_mut().write_message(down);
        app.update();
        assert_eq!(app.world().get::<ScrollPosition>(row).expect("scrolls").0.y, ACTIONS_STEP);
        // A touchpad's many small messages scroll as far as the notch they add up to, not a step
        // each.
        app.world_mut().write_message_batch([crate::screen::wheel::message(Pixel, -5.0); 4]);
        app.update();
        assert_eq!(app.world().get::<ScrollPosition>(row).expect("scrolls").0.y, 2.0 * ACTIONS_STEP);
        for _ in 0..20 {
            app.world_mut().write_message(down);
        }
        app.update();
        assert_eq!(app.world().get::<ScrollPosition>(row).expect("scrolls").0.y, 200.0);
        // Fewer rows (another Dwarf's, or a card played): kept within them.
        app.world_mut().entity_mut(row).insert(ComputedNode { content_size: Vec2::new(800.0, 150.0 * 1.6), ..laid(100.0) });
        app.update();
        assert_eq!(app.world().get::<ScrollPosition>(row).expect("scrolls").0.y, 50.0);
        // The next Dwarf's turn starts from the top.
        app.insert_resource(crate::rules::state::Turn { number: 2, seat: 1, ..default() });
        app.update();
        assert_eq!(app.world().get::<ScrollPosition>(row).expect("scrolls").0.y, 0.0);
    }

    /// With no actions left, the prompt says so, for BOSCO's part of the turn as for a Dwarf's.
    #[test]
    fn no_actions_left_says_what_e_ends() {
        assert_eq!(no_actions_left("BOSCO", true, false, ""), "BOSCO: no actions left - [E] ends BOSCO's part of the turn");
        assert_eq!(
            no_actions_left("Scout", false, true, " - Regular shot now costs no action"),
            "Scout: no actions left - Regular shot now costs no action - what is still lit costs no action (a card, a skill's free attack); [E] ends the turn"
        );
    }

    /// A log line of an Event card gives the card's words on hover, not its name alone.
    #[test]
    fn a_log_line_of_an_event_card_tells_the_card() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let drawn = GameEvent::EventCard {
            dwarf: crate::data::weapons::DwarfClass::Scout,
            name: "They Are Awake".into(),
            text: "Every creature activates.".into(),
        };
        let said = log_hint(&data, &drawn);
        assert!(said.starts_with("Log: The Scout draws They Are Awake: Every creature activates. (F2:"), "{said}");
        let plain = log_hint(&data, &GameEvent::CreaturesActivate { count: 3 });
        assert!(!plain.contains(": Every"), "{plain}");
    }

    /// A creature's hover card names it with its number, as the log does ("Glyphid Grunt #7").
    #[test]
    fn a_creatures_card_names_it_as_the_log_does() {
        use bevy::ecs::system::RunSystemOnce;
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let mut world = World::new();
        world.insert_resource(data.clone());
        world.init_resource::<Board>();
        let grunt = crate::data::creatures::CreatureKind::Grunt;
        let at = hexx::Hex::new(2, 3);
        world.spawn((At(at), Id(7), Creature { kind: grunt }, Health(1), CreatureStatus::default()));
        let said = world.run_system_once(move |view: SpaceView, data: Res<GameData>| view.describe(&data, at)).expect("the card");
        let name = words::who(&data, &Who::Creature { kind: grunt, id: 7 });
        assert_eq!(name, "Glyphid Grunt #7");
        assert!(said.contains(&format!("{name} 1/")), "{said}");
        // The Oppressor facing west fills the space east of it too: that space tells it as well
        // (a play-tester read "floor" behind it, in the mission where its back is what matters).
        let cell = crate::rules::hex::cell_to_hex;
        let (front, back) = (cell((6, 3)), cell((7, 3)));
        let oppressor = crate::data::creatures::CreatureKind::Oppressor;
        world.spawn((
            At(front),
            Id(8),
            Creature { kind: oppressor },
            Health(6),
            CreatureStatus::default(),
            Faces(crate::data::mission::Facing::W),
        ));
        let said = world.run_system_once(move |view: SpaceView, data: Res<GameData>| view.describe(&data, back)).expect("the card");
        assert!(said.starts_with("(7, 3) - ") && said.contains("Oppressor #8 (its back; its front is at (6, 3))"), "{said}");
        let beyond = world
            .run_system_once(move |view: SpaceView, data: Res<GameData>| view.describe(&data, hexx::Hex::new(7, 3)))
            .expect("the card");
        assert!(!beyond.contains("Oppressor"), "{beyond}");
    }

    /// A die's answer names who stands on its space: the Scout on his, the Oppressor on its back.
    #[test]
    fn a_dies_answer_names_who_is_on_its_space() {
        use bevy::ecs::system::RunSystemOnce;
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let mut world = World::new();
        world.insert_resource(data);
        let cell = crate::rules::hex::cell_to_hex;
        world.spawn((At(cell((2, 2))), Dwarf { class: crate::data::weapons::DwarfClass::Scout, seat: 0 }));
        let oppressor = Creature { kind: crate::data::creatures::CreatureKind::Oppressor };
        world.spawn((At(cell((6, 3))), Id(8), oppressor, Faces(crate::data::mission::Facing::W)));
        let said = |world: &mut World, at: (i32, i32)| {
            let o = Offer { command: Command::Choose(Answer::Place { die: 1, at: cell(at).into() }), detail: Detail::None };
            world.run_system_once(move |data: Res<GameData>, figures: Query<Figure>| who_is_there(&data, &o, &figures)).expect("the words")
        };
        assert_eq!(said(&mut world, (2, 2)), ": the Scout");
        assert_eq!(said(&mut world, (7, 3)), ": Oppressor #8", "its back");
        assert_eq!(said(&mut world, (3, 2)), "", "no one");
    }

    /// A lit space of BOSCO's says what a click there does to BOSCO, not "BOSCO at".
    #[test]
    fn boscos_spaces_say_what_a_click_does() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let at = Qr { q: 1, r: 2 };
        let said = |a: BoscoAction| offer_words(&data, &Offer { command: Command::Bosco(a), detail: Detail::Space(at) }, &[]);
        assert!(said(BoscoAction::Place(at)).starts_with("BOSCO is set down at (2, 2), for no action"), "{}", said(BoscoAction::Place(at)));
        assert!(said(BoscoAction::Move(vec![at])).starts_with("BOSCO flies to (2, 2)"), "{}", said(BoscoAction::Move(vec![at])));
    }

    /// An axe success that opens a hidden cave says so, with the mineral it mines.
    #[test]
    fn an_axe_success_that_opens_a_cave_says_so() {
        use crate::data::mission::Mineral;
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let at = Qr { q: 1, r: 2 };
        let opens = |t: ChopTarget, mineral| Offer {
            command: Command::Choose(Answer::Chop(t)),
            detail: Detail::Opens { mineral, caves: vec!['a', 'c'] },
        };
        assert_eq!(
            offer_words(&data, &opens(ChopTarget::Mine(at), Some(Mineral::Gold)), &[]),
            "mine the Gold at (2, 2) - it opens hidden caves a and c: what is in them comes out"
        );
        let carve = offer_words(&data, &opens(ChopTarget::Carve(at), None), &[]);
        assert!(carve.starts_with("axe: carve the wall at (2, 2) - it opens hidden caves a and c"), "{carve}");
    }

    /// A Driller's Move that drills says so before the click: what it loses and what it opens.
    #[test]
    fn a_drilling_move_says_what_it_breaks_and_opens() {
        use crate::data::mission::Mineral;
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let to = Qr { q: 1, r: 2 };
        let moving = |drills, drills_away, opens: Vec<char>| Offer {
            command: Command::Move(vec![to]),
            detail: Detail::Move { to, cost: 1, path: vec![to], flame_damage: 0, drills, drills_away, opens },
        };
        assert_eq!(offer_words(&data, &moving(false, None, vec![]), &[]), "move to (2, 2): 1 point");
        assert_eq!(offer_words(&data, &moving(true, None, vec![]), &[]), "move to (2, 2): 1 point - drills through; the Move ends there");
        assert_eq!(
            offer_words(&data, &moving(true, Some(Mineral::Gold), vec!['b']), &[]),
            "move to (2, 2): 1 point - drills into the wall and its Gold is lost; it opens hidden cave b: what is in it comes out"
        );
    }

    /// The Overclock button says what the Gold buys before it is spent: the weapon's overclocked
    /// side and the two slots it opens.
    #[test]
    fn the_overclock_says_what_the_weapon_becomes() {
        let data = GameData::load(&crate::data::assets_dir()).expect("the game's data");
        let (i, weapon) = data.secondaries.iter().enumerate().next_back().expect("a secondary weapon");
        let said = overclock_words(&data, &Loadout { secondary: i, ..default() }).expect("words");
        assert!(
            said.contains(&weapon.name) && said.contains(&weapon.overclocked.text) && said.contains("2 more secondary ammo slots"),
            "{said}"
        );
        assert_eq!(overclock_words(&data, &Loadout { secondary: data.secondaries.len(), ..default() }), None);
        assert_eq!(overclock_words(&data, &Loadout { secondary: i, overclocked: true, ..default() }), None, "done already");
    }

    /// The pointer leaving one button and entering the next in one update: the one entered is
    /// told, whichever of the two is read first; leaving alone empties the hint line; an update
    /// with neither leaves it as it was.
    #[test]
    fn the_button_come_to_rest_on_speaks() {
        let told = |events: &[(Interaction, Option<&str>)]| {
            let mut hover = BarHover(Some("before".into()));
            let mut rested = Rested::default();
            for (i, words) in events {
                rested.on(i, || words.map(str::to_string));
            }
            rested.tell(&mut hover);
            hover.0
        };
        let (left, entered) = ((Interaction::None, Some("left")), (Interaction::Hovered, Some("Overclock: not now")));
        assert_eq!(told(&[left, entered]).as_deref(), Some("Overclock: not now"));
        assert_eq!(told(&[entered, left]).as_deref(), Some("Overclock: not now"));
        assert_eq!(told(&[left]), None);
        assert_eq!(told(&[(Interaction::Pressed, None)]).as_deref(), Some("before"));
    }

    /// A knocked-over Dwarf is told what he can do: stand up when he has the actions, else wait
    /// for help or end the turn.
    #[test]
    fn a_knocked_over_dwarf_is_told_how_to_get_up() {
        let can = knocked_over_words("Scout", true, 3, 2);
        assert!(can.contains("[U] stands him up (2 actions)"), "{can}");
        let cannot = knocked_over_words("Scout", false, 1, 2);
        assert!(cannot.contains("1 action left") && cannot.contains("help him up") && cannot.contains("[E] ends the turn"), "{cannot}");
    }

    /// The hover card sits after the pointer where it fits, before it where it would run out of
    /// the window, and never out past the window's start.
    #[test]
    fn the_hover_card_stays_in_the_window() {
        assert_eq!(card_side(100.0, 300.0, 1280.0), 100.0 + CARD_OFFSET);
        // Near the right or bottom edge: on the other side of the pointer.
        assert_eq!(card_side(1100.0, 300.0, 1280.0), 1100.0 - CARD_OFFSET - 300.0);
        // Wider than either side: against the window's start.
        assert_eq!(card_side(200.0, 1200.0, 1280.0), 0.0);
        // A bar grown over the cave (a two-line hint, the choices) keeps the card above it; one
        // as tall as kept leaves the cave's part as it is.
        let cave = Vec2::new(980.0, 570.0);
        assert_eq!(above_the_bar(cave, 720.0, 330.0), Vec2::new(980.0, 390.0));
        assert_eq!(above_the_bar(cave, 720.0, 150.0), cave);
        assert_eq!(
            card_side(380.0, 100.0, above_the_bar(cave, 720.0, 330.0).y),
            380.0 - CARD_OFFSET - 100.0,
            "the card goes above the pointer"
        );
    }
}
