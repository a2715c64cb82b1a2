//! The menus: the game's front door (main menu, quick mission, solo campaign, Deep Dive, replays,
//! rules reference, settings), one plugin per screen. What they share lives here: a screen's frame
//! (title, body, a line telling what the focused button does), buttons that answer the mouse and
//! the keyboard alike (arrows or Tab move the focus, Enter presses, Escape goes back), and
//! [`Clicked`], the one message every screen reads its buttons from.

mod campaign;
mod dive;
mod kept_team;
pub mod quick;
mod replays;
mod rules;
mod settings;
mod team;
mod title;
mod whole_log;

use super::front::Screen;
use super::look::{BACKGROUND, PAPER, ui_text};
use crate::screen::layout::{MoreAbove, MoreBelow};
use bevy::ecs::query::QueryData;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy::ui::{CalculatedClip, RelativeCursorPosition, UiGlobalTransform};

pub fn plugin(app: &mut App) {
    app.add_message::<Clicked>()
        .add_message::<Entered>()
        .init_resource::<Focus>()
        .add_systems(
            Update,
            (within_what_shows, focus_first, keys, clicks, show_focus, show_tip, (wheel, focus_in_view))
                .chain()
                .in_set(MenuInput)
                .run_if(in_menu),
        )
        .add_systems(Update, after_the_mission.run_if(in_state(Screen::Debrief)))
        .add_systems(Update, to_menu.in_set(super::front::Table).run_if(super::front::at_play));
    title::plugin(app);
    quick::plugin(app);
    settings::plugin(app);
    kept_team::plugin(app);
    replays::plugin(app);
    rules::plugin(app);
    campaign::plugin(app);
    dive::plugin(app);
    team::plugin(app);
    whole_log::plugin(app);
}

/// Where a menu's buttons are pressed: each screen reads [`Clicked`] after it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MenuInput;

/// A menu screen shows (not the table, not the first frame).
pub fn in_menu(screen: Res<State<Screen>>) -> bool {
    !matches!(screen.get(), Screen::Opening | Screen::Mission | Screen::Debrief)
}

pub const BUTTON: Color = Color::srgb_u8(70, 60, 48);
pub const HOVER: Color = Color::srgb_u8(98, 84, 66);
pub const PICKED: Color = Color::srgb_u8(150, 105, 40);
pub const OFF: Color = Color::srgb_u8(44, 39, 34);
pub const DIM: Color = Color::srgb_u8(170, 160, 145);
pub const AMBER: Color = Color::srgb_u8(240, 190, 90);

/// A button of a menu: pressed by a click, or by Enter while it has the focus. `picked` marks the
/// option now chosen (a hazard, a Dwarf); a button `off` cannot be pressed and says why.
#[derive(Component, Clone, Debug, Default)]
pub struct MenuButton {
    pub picked: bool,
    pub off: bool,
    /// What pressing it does (or why it cannot be pressed), shown at the foot of the screen.
    pub tip: String,
    /// A line of a long list: smaller.
    pub small: bool,
    /// A width of its own, for a button whose label changes as it is pressed (a mission slot that
    /// cycles through the book): it keeps its size, and the buttons beside it stay where they
    /// were under the pointer.
    pub width: Option<f32>,
    /// The keyboard's focus starts here when its screen opens, not on the screen's first button:
    /// the mission picked (a play-tester's Enter after a campaign win started the mission the focus
    /// had stayed on, not the one lit as picked).
    pub focus_first: bool,
}

/// A button that takes the focus once it is laid out, if the screen has just opened.
#[derive(Component)]
struct FocusFirst;

/// A menu button was pressed (its entity).
#[derive(Message, Clone, Copy, Debug)]
pub struct Clicked(pub Entity);

/// A menu button was pressed with Enter (its entity), beside its [`Clicked`]: Enter on the mission
/// already picked starts it, where a click only picks it (a click to read a briefing should not
/// start the mission before the team is chosen).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct Entered(pub Entity);

/// Whether a press of the mission button `e` starts the mission: Enter on the one already picked.
pub fn enter_again(e: Entity, already_picked: bool, entered: &[Entered]) -> bool {
    already_picked && entered.contains(&Entered(e))
}

/// The button with the keyboard's focus, by its place on screen (top to bottom, left to right).
#[derive(Resource, Default, Debug)]
pub struct Focus {
    pub at: usize,
    /// The screen has just opened and nothing has moved the focus: a button marked to take it
    /// ([`MenuButton::focus_first`]) takes it once it is laid out.
    fresh: bool,
}

/// The root of a menu screen: despawned on leaving it, or to be drawn again.
#[derive(Component)]
pub struct MenuRoot;

/// The line at the foot of a menu screen telling what the focused button does.
#[derive(Component)]
struct TipText;

/// A screen's frame: its title, a body laid out by `body`, and the tip line. Returns the root.
pub fn frame(commands: &mut Commands, screen: Screen, title: &str, body: impl FnOnce(&mut ChildSpawnerCommands)) -> Entity {
    framed(commands, screen, title, body, |_| {})
}

/// A menu screen with a row of buttons at its foot (Start, Begin, Back): they stay in one place
/// under the body, in view however long the body is, whatever the text size (the body scrolls).
pub fn framed(
    commands: &mut Commands,
    screen: Screen,
    title: &str,
    body: impl FnOnce(&mut ChildSpawnerCommands),
    foot: impl FnOnce(&mut ChildSpawnerCommands),
) -> Entity {
    let root = Node {
        width: percent(100.0),
        height: percent(100.0),
        flex_direction: FlexDirection::Column,
        padding: UiRect::axes(px(40.0), px(24.0)),
        row_gap: px(12.0),
        ..default()
    };
    commands
        .spawn((MenuRoot, DespawnOnExit(screen), root, BackgroundColor(BACKGROUND)))
        .with_children(|r| {
            r.spawn(ui_text(title, 34.0, AMBER));
            // The body scrolls when it is taller than the window leaves it (large text).
            let node = Node {
                flex_grow: 1.0,
                min_height: px(0.0),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::FlexStart,
                row_gap: px(8.0),
                overflow: Overflow::scroll_y(),
                ..default()
            };
            let body = r.spawn((MenuBody, node, ScrollPosition::default())).with_children(body).id();
            r.spawn(Node { column_gap: px(12.0), align_items: AlignItems::Center, flex_wrap: FlexWrap::Wrap, ..default() }).with_children(
                |f| {
                    foot(f);
                    // Said beside the foot's buttons while the body has more below.
                    let more = Node { display: Display::None, margin: UiRect::left(Val::Auto), ..default() };
                    f.spawn((MoreBelow(body), more.clone(), children![ui_text("More below: the wheel scrolls", 16.0, DIM)]));
                    // And while it has more above (the whole log opens at its foot).
                    f.spawn((MoreAbove(body), more, children![ui_text("More above: the wheel scrolls back", 16.0, DIM)]));
                },
            );
            r.spawn((TipText, ui_text("", 16.0, DIM), Node { min_height: px(40.0), ..default() }));
        })
        .id()
}

/// A button with a label: `what` is the screen's own component that says what it does.
pub fn button(parent: &mut ChildSpawnerCommands, label: impl Into<String>, what: impl Bundle, state: MenuButton) -> Entity {
    let (size, pad) = if state.small { (15.0, 3.0) } else { (18.0, 7.0) };
    let node = Node {
        padding: UiRect::axes(px(12.0), px(pad)),
        width: state.width.map_or(Val::Auto, px),
        border: UiRect::all(px(2.0)),
        border_radius: BorderRadius::all(px(5.0)),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        ..default()
    };
    let ink = if state.off { DIM } else { PAPER };
    let first = state.focus_first;
    let mut b = parent.spawn((Button, node, BackgroundColor(BUTTON), BorderColor::all(Color::NONE), state, what));
    if first {
        b.insert(FocusFirst);
    }
    b.with_children(|b| {
        b.spawn(ui_text(label, size, ink));
    })
    .id()
}

/// A plain button: pressable, with a tip.
pub fn says(tip: impl Into<String>) -> MenuButton {
    MenuButton { tip: tip.into(), ..default() }
}

/// A row of buttons or words.
pub fn row(parent: &mut ChildSpawnerCommands, body: impl FnOnce(&mut ChildSpawnerCommands)) {
    // As wide as what holds it: a row as wide as its parts was laid out one line high and then
    // wrapped, its second line over the next row (a play-tester's Settings at 160%).
    let node = Node {
        width: percent(100.0),
        column_gap: px(8.0),
        row_gap: px(6.0),
        flex_wrap: FlexWrap::Wrap,
        align_items: AlignItems::Center,
        ..default()
    };
    parent.spawn(node).with_children(body);
}

/// A column sharing the width left beside a list with its siblings: a screen's details side.
pub fn side_column(row_gap: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(row_gap),
        flex_grow: 1.0,
        flex_basis: px(0.0),
        min_width: px(0.0),
        ..default()
    }
}

pub fn words(parent: &mut ChildSpawnerCommands, s: impl Into<String>, size: f32, colour: Color) {
    // Wrapped at the width of what holds it, however it is aligned.
    parent.spawn((ui_text(s, size, colour), Node { max_width: percent(100.0), ..default() }));
}

/// A menu button and where it is on screen.
#[derive(QueryData)]
struct Placed {
    entity: Entity,
    button: &'static MenuButton,
    at: &'static UiGlobalTransform,
    /// Its size (a button laid out has one).
    node: Option<&'static ComputedNode>,
    /// What of it a part that scrolls lets show.
    clip: Option<&'static CalculatedClip>,
}

/// The buttons in the order the keyboard walks them: top to bottom, then left to right. A button
/// scrolled out of view counts as at the edge of the part it scrolls in, so the foot's buttons
/// (Back) come after every button of a long list, whichever of them shows.
fn in_order(buttons: &Query<Placed>) -> Vec<Entity> {
    walk(buttons).into_iter().map(|(e, _)| e).collect()
}

/// [`in_order`], with where each button sits.
fn walk(buttons: &Query<Placed>) -> Vec<(Entity, Place)> {
    by_place(buttons.iter().map(|b| (b.entity, b.at.translation, b.node.map_or(0.0, |n| n.size().x), b.clip.map(|c| c.clip))))
}

/// Where a thing sits for the keyboard: its row (how high it shows, where a part that scrolls cuts
/// it off, then how high its centre is) and how far right its left edge is.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Place {
    row: (f32, f32),
    x: f32,
}

/// Things by their place on screen (their centre, their width, and what of them a part that
/// scrolls lets show), for [`in_order`].
fn by_place<T>(placed: impl Iterator<Item = (T, Vec2, f32, Option<Rect>)>) -> Vec<(T, Place)> {
    let place = |at: Vec2, width: f32, clip: Option<Rect>| {
        let shown = clip.map_or(at.y, |c| at.y.clamp(c.min.y, c.max.y));
        Place { row: (shown.round(), at.y.round()), x: at.x - width / 2.0 }
    };
    let mut all: Vec<(T, Place)> = placed.map(|(t, at, width, clip)| (t, place(at, width, clip))).collect();
    all.sort_by(|a, b| (a.1.row, a.1.x).partial_cmp(&(b.1.row, b.1.x)).unwrap_or(std::cmp::Ordering::Equal));
    all
}

/// Up or Down from the thing at `at` of a walk: the one of the row above or below whose left edge
/// is nearest its own (the leftmost of two as near), from the last row round to the first. In a
/// column this is the one before or after; in rows of buttons (the main menu) it keeps to the
/// column, where Tab and the side arrows go along the row.
fn row_step(places: &[Place], at: usize, down: bool) -> usize {
    let here = places[at];
    let mut rows: Vec<(f32, f32)> = places.iter().map(|p| p.row).collect();
    rows.dedup();
    let Some(i) = rows.iter().position(|r| *r == here.row) else { return at };
    let n = rows.len();
    let row = rows[if down { (i + 1) % n } else { (i + n - 1) % n }];
    let nearest = places.iter().enumerate().filter(|(_, p)| p.row == row).min_by(|a, b| {
        let off = |p: &Place| (p.x - here.x).abs();
        off(a.1).partial_cmp(&off(b.1)).unwrap_or(std::cmp::Ordering::Equal)
    });
    nearest.map_or(at, |(j, _)| j)
}

/// Arrows and Tab move the focus, Enter presses the focused button, Escape goes back to the main
/// menu (from the main menu it does nothing: Quit is a button).
fn keys(
    mut pressed: MessageReader<KeyboardInput>,
    buttons: Query<Placed>,
    mut focus: ResMut<Focus>,
    mut clicked: MessageWriter<Clicked>,
    mut entered: MessageWriter<Entered>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let (order, places): (Vec<Entity>, Vec<Place>) = walk(&buttons).into_iter().unzip();
    for k in pressed.read() {
        if !k.state.is_pressed() || order.is_empty() {
            continue;
        }
        let n = order.len();
        let at = focus.at.min(n - 1);
        match k.key_code {
            KeyCode::ArrowRight | KeyCode::Tab => (focus.at, focus.fresh) = ((at + 1) % n, false),
            KeyCode::ArrowLeft => (focus.at, focus.fresh) = ((at + n - 1) % n, false),
            KeyCode::ArrowDown | KeyCode::ArrowUp => {
                (focus.at, focus.fresh) = (row_step(&places, at, k.key_code == KeyCode::ArrowDown), false);
            }
            KeyCode::Enter | KeyCode::NumpadEnter if !k.repeat => {
                let e = order[focus.at.min(n - 1)];
                if buttons.get(e).is_ok_and(|b| !b.button.off) {
                    clicked.write(Clicked(e));
                    entered.write(Entered(e));
                }
            }
            // The reference and the log over the table go back to the game; any other menu to the
            // main one.
            KeyCode::Escape if matches!(screen.get(), Screen::Reference | Screen::Log) => next.set(Screen::Mission),
            KeyCode::Escape if *screen.get() != Screen::Title => next.set(Screen::Title),
            _ => {}
        }
    }
}

/// A click presses a button; the pointer on a button gives it the focus.
fn clicks(
    changed: Query<(Entity, &Interaction, &MenuButton), Changed<Interaction>>,
    buttons: Query<Placed>,
    opened: Res<super::front::Opened>,
    time: Res<Time<Real>>,
    mut focus: ResMut<Focus>,
    mut clicked: MessageWriter<Clicked>,
    mut moved: MessageReader<bevy::window::CursorMoved>,
) {
    let moved = moved.read().count() > 0;
    let mut focus_on = |e: Entity| {
        focus.fresh = false;
        if let Some(i) = in_order(&buttons).iter().position(|b| *b == e) {
            focus.at = i;
        }
    };
    for (e, interaction, button) in &changed {
        match interaction {
            // The second click of the double click that opened this screen is let go. The button
            // clicked takes the focus too (a pointer put on it and clicked at once was never seen
            // resting on it, and a play-tester's Enter then pressed the button focused before).
            Interaction::Pressed if !button.off && !opened.just(&time) => {
                focus_on(e);
                clicked.write(Clicked(e));
            }
            // The focus follows a pointer that moves onto a button, not one resting where a new
            // screen laid a button out: that would take the focus from the mission picked (a
            // play-tester's Enter after a campaign win).
            Interaction::Hovered if moved => focus_on(e),
            _ => {}
        }
    }
}

/// The focused button is ringed; a picked option is amber; one that cannot be pressed is dark.
fn show_focus(buttons: Query<Placed>, mut looks: Query<(&mut BackgroundColor, &mut BorderColor, &Interaction)>, focus: Res<Focus>) {
    let order = in_order(&buttons);
    let focused = order.get(focus.at.min(order.len().saturating_sub(1))).copied();
    for PlacedItem { entity: e, button: b, .. } in &buttons {
        let Ok((mut bg, mut border, interaction)) = looks.get_mut(e) else { continue };
        let colour = match (b.off, b.picked, interaction) {
            (true, _, _) => OFF,
            (_, true, _) => PICKED,
            (_, _, Interaction::Hovered | Interaction::Pressed) => HOVER,
            _ => BUTTON,
        };
        bg.set_if_neq(BackgroundColor(colour));
        let ring = if Some(e) == focused { PAPER } else { Color::NONE };
        border.set_if_neq(BorderColor::all(ring));
    }
}

/// The game under way saved last of those `such` picks (a campaign's, any but a dive's), with
/// its file.
pub fn newest_under_way(such: impl Fn(&crate::save::Save) -> bool) -> Option<(std::path::PathBuf, crate::save::Save)> {
    let saves = crate::save::folder::saves_in(crate::save::folder::under_way()).into_iter();
    saves.filter_map(|f| crate::save::read(&f).ok().map(|s| (f, s))).find(|(_, s)| such(s))
}

/// A saved game taken up again where it was (checked by replaying it first), or why it cannot be.
pub fn resume(file: &std::path::Path, data: &crate::data::GameData) -> Result<super::front::Begin, String> {
    let game = crate::screen::saved_game(file, data).map_err(|e| format!("{e}. The file is left where it is; begin another game."))?;
    let welcome = welcome_back(&game.mission.name);
    Ok(super::front::Begin { game, watch: false, welcome, warning: String::new() })
}

/// The word on a saved game taken up again, from the menu or `--load`: the panel says the turn.
pub fn welcome_back(mission: &str) -> String {
    format!("Welcome back: {mission}. [Ctrl+Z] undoes; {FIRST_KEYS}")
}

/// The keys a newcomer needs first, said with the word on a game begun (the line of keys shows
/// once that word is gone, after the first command).
pub const FIRST_KEYS: &str = "[F1] the map's key, [F2] the rules, [F3] the log, [F10] the menu";

/// The name of the mission a save plays (the file's, when the mission no longer reads).
pub fn mission_name(save: &crate::save::Save) -> String {
    crate::data::load::read_ron::<crate::data::mission::Mission>(&save.mission)
        .map(|m| m.name)
        .unwrap_or_else(|_| save.mission.file_stem().map_or_else(|| "the last game".into(), |s| s.to_string_lossy().into_owned()))
}

/// A save's team and hazard in words.
pub fn team_words(save: &crate::save::Save) -> String {
    let team: Vec<String> = save.setup.classes.iter().map(|c| format!("{c:?}")).collect();
    let bosco = if save.setup.bosco { " with BOSCO" } else { "" };
    format!("{}{bosco}, hazard {}", team.join(", "), save.setup.hazard)
}

/// A mission's heading in a menu: its name, its kind in words (left out when the name says it) and
/// its difficulty.
pub fn mission_heading(m: &crate::data::mission::Mission) -> String {
    use crate::data::mission::MissionKind::*;
    let kind = match m.kind {
        Tutorial => "Tutorial",
        Mining => "Mining",
        EggHunt => "Egg Hunt",
        PointExtraction => "Point Extraction",
        Salvage => "Salvage",
        Elimination => "Elimination",
    };
    match m.name.starts_with(kind) {
        true => format!("{}, difficulty {} of 5", m.name, m.difficulty),
        false => format!("{}: {kind} mission, difficulty {} of 5", m.name, m.difficulty),
    }
}

/// A menu's body, between its title and its tip line: it scrolls.
#[derive(Component)]
struct MenuBody;

/// Pixels a notch of the wheel scrolls a menu.
const WHEEL_STEP: f32 = 40.0;

/// How far the mouse wheel scrolls, in pixels down, since it was last read.
fn wheeled(wheel: &mut MessageReader<bevy::input::mouse::MouseWheel>) -> f32 {
    crate::screen::wheel::notches_down(wheel) * WHEEL_STEP
}

/// A part of a menu that scrolls on its own (the rules reference's page): the wheel over it scrolls
/// it, not the whole body around it as well.
#[derive(Component)]
#[require(RelativeCursorPosition)]
pub struct ScrollsItself;

/// A scroll brought back to where the layout shows it, in a menu's body or a part that scrolls on
/// its own: the layout keeps what it shows within what there is, but leaves the scroll asked for
/// as it was, and a page or a wheel step back from past the end (the whole log opens far past its
/// foot) would still show the end.
fn within_what_shows(mut parts: Query<(&mut ScrollPosition, &ComputedNode), Or<(With<MenuBody>, With<ScrollsItself>)>>) {
    for (mut at, node) in &mut parts {
        let shown = node.scroll_position.y * node.inverse_scale_factor();
        if node.size().y > 0.0 && at.0.y > shown + 0.5 {
            at.0.y = shown;
        }
    }
}

/// The mouse wheel scrolls a menu's body (the layout keeps it within what there is to show), unless
/// it is over a part that scrolls on its own.
fn wheel(
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    inner: Query<&RelativeCursorPosition, With<ScrollsItself>>,
    mut bodies: Query<&mut ScrollPosition, With<MenuBody>>,
) {
    let by = wheeled(&mut wheel);
    if by != 0.0 && !inner.iter().any(RelativeCursorPosition::cursor_over) {
        for mut p in &mut bodies {
            p.0.y = (p.0.y + by).max(0.0);
        }
    }
}

/// The focused button is scrolled into view when the focus moves out of it (a button of the body,
/// or of a part that scrolls on its own: the foot's are always in view).
fn focus_in_view(
    focus: Res<Focus>,
    mut last: Local<Option<Entity>>,
    buttons: Query<Placed>,
    sizes: Query<&ComputedNode>,
    parents: Query<&ChildOf>,
    mut bodies: Query<(Entity, &mut ScrollPosition, &UiGlobalTransform, &ComputedNode), Or<(With<MenuBody>, With<ScrollsItself>)>>,
) {
    let order = in_order(&buttons);
    let Some(e) = order.get(focus.at.min(order.len().saturating_sub(1))) else { return };
    // Only when the focus moves to another button (or the screen is built again): the wheel may
    // scroll it out of view meanwhile.
    if *last == Some(*e) {
        return;
    }
    let (Ok(PlacedItem { at, .. }), Ok(size)) = (buttons.get(*e), sizes.get(*e)) else { return };
    // A screen just built is laid out at the next update: its focus is brought into view then.
    if size.size().y == 0.0 {
        return;
    }
    *last = Some(*e);
    for (body_entity, mut scroll, body_at, body) in &mut bodies {
        if !parents.iter_ancestors(*e).any(|a| a == body_entity) {
            continue;
        }
        // Centres and sizes are in physical pixels; the scroll is in logical ones.
        let half = (body.size().y - size.size().y) / 2.0;
        let off = at.translation.y - body_at.translation.y;
        let by = if off > half {
            off - half
        } else if off < -half {
            off + half
        } else {
            0.0
        };
        if by != 0.0 {
            scroll.0.y = (scroll.0.y + by * body.inverse_scale_factor()).max(0.0);
        }
    }
}

/// The foot of the screen says what the focused button does.
fn show_tip(buttons: Query<Placed>, focus: Res<Focus>, mut tips: Query<&mut Text, With<TipText>>) {
    let order = in_order(&buttons);
    let Some(e) = order.get(focus.at.min(order.len().saturating_sub(1))) else { return };
    let Ok(PlacedItem { button: b, .. }) = buttons.get(*e) else { return };
    for mut t in &mut tips {
        if t.0 != b.tip {
            t.0.clone_from(&b.tip);
        }
    }
}

/// Every menu screen starts with the focus on its first button, or on the one marked to take it.
pub fn reset_focus(mut focus: ResMut<Focus>) {
    *focus = Focus { fresh: true, ..default() };
}

/// Give the focus to the button marked to take it, once the layout has placed it (the keys walk
/// the buttons by their places): only while the screen is fresh, not when it is built again
/// after the player has moved the focus.
fn focus_first(
    mut commands: Commands,
    marked: Query<(Entity, &ComputedNode), With<FocusFirst>>,
    buttons: Query<Placed>,
    mut focus: ResMut<Focus>,
) {
    for (e, node) in &marked {
        if node.size() == Vec2::ZERO {
            continue;
        }
        commands.entity(e).remove::<FocusFirst>();
        if focus.fresh
            && let Some(i) = in_order(&buttons).iter().position(|b| *b == e)
        {
            (focus.at, focus.fresh) = (i, false);
        }
    }
}

/// F10 at the table goes back to the main menu (the game is saved after every command: Continue
/// brings it back).
fn to_menu(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    if keys.just_pressed(KeyCode::F10) {
        commands.insert_resource(super::front::Leave(Screen::Title));
    }
}

/// Once the mission is over: Enter goes on (the same mission again with a new seed, the campaign,
/// the dive), Escape goes to the main menu.
pub fn after_the_mission(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Query<(&Interaction, &super::play::DebriefChoice), Changed<Interaction>>,
    (opened, time): (Res<super::front::Opened>, Res<Time<Real>>),
    game: Res<super::play::Game>,
    watching: Option<Res<super::play::Watching>>,
    mut commands: Commands,
    (data, mut said): (Res<crate::data::GameData>, ResMut<title::Said>),
) {
    // A key, or a click on its button (not the second half of the click that ended the mission).
    let clicked = |k: KeyCode| !opened.just(&time) && buttons.iter().any(|(i, b)| *i == Interaction::Pressed && b.0 == k);
    let pressed = |k: KeyCode| keys.just_pressed(k) || clicked(k);
    if pressed(KeyCode::Escape) {
        commands.insert_resource(super::front::Leave(Screen::Title));
    }
    // A quick mission's next in the campaign's order, for the same team.
    if pressed(KeyCode::KeyN) && watching.is_none() && game.save.run == crate::save::Run::Quick {
        match quick::next(&game, &data, true) {
            Some(Ok(begin)) => commands.insert_resource(begin),
            Some(Err(e)) => {
                said.0 = e;
                commands.insert_resource(super::front::Leave(Screen::Title));
            }
            None => {}
        }
    }
    // A game watched to its end goes back to the replays: it is not played on, nor noted again in
    // its campaign or dive.
    if pressed(KeyCode::Enter) && watching.is_some() {
        commands.insert_resource(super::front::Leave(Screen::Replays));
    } else if pressed(KeyCode::Enter) {
        match game.save.run {
            crate::save::Run::Quick => commands.insert_resource(quick::again(&game)),
            crate::save::Run::Campaign => commands.insert_resource(super::front::Leave(Screen::Campaign)),
            crate::save::Run::DeepDive => commands.insert_resource(dive::MissionOver),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::load::read_ron;
    use crate::data::mission::Mission;

    /// A mission's heading names its kind in words, once.
    #[test]
    fn a_mission_heading_names_its_kind_in_words_once() {
        let read = |f: &str| read_ron::<Mission>(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("missions").join(f)).expect(f);
        assert_eq!(mission_heading(&read("00-tutorial.ron")), "Tutorial: Morkite 101, difficulty 1 of 5");
        assert_eq!(mission_heading(&read("03-hatchery-row.ron")), "Hatchery Row: Egg Hunt mission, difficulty 2 of 5");
    }

    /// Enter on the mission already picked starts it; a click on it, or Enter on another, picks.
    #[test]
    fn enter_again_only_on_the_mission_picked() {
        let (picked, other) = (Entity::from_raw_u32(1).unwrap(), Entity::from_raw_u32(2).unwrap());
        assert!(enter_again(picked, true, &[Entered(picked)]));
        assert!(!enter_again(picked, true, &[]), "a click on it");
        assert!(!enter_again(picked, true, &[Entered(other)]), "Enter on another button");
        assert!(!enter_again(other, false, &[Entered(other)]), "Enter on a mission not yet picked picks it");
    }

    /// A click gives the button clicked the focus, even with no update between the pointer coming
    /// onto it and the press: Enter then presses the button clicked, not the one focused before (a
    /// play-tester clicked First Light, pressed Enter and got the Tutorial).
    #[test]
    fn a_click_gives_the_focus() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Focus>()
            .init_resource::<super::super::front::Opened>()
            .add_message::<Clicked>()
            .add_message::<bevy::window::CursorMoved>()
            .add_systems(Update, clicks);
        let button = |app: &mut App, y: f32| {
            let at = UiGlobalTransform::from_translation(Vec2::new(100.0, y));
            app.world_mut().spawn((MenuButton::default(), at, Interaction::None)).id()
        };
        let (_tutorial, first_light) = (button(&mut app, 100.0), button(&mut app, 140.0));
        // Past the grace after a screen opens, in which a press is the end of the opening click.
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(450));
        app.update();
        assert_eq!(app.world().resource::<Focus>().at, 0);
        app.world_mut().entity_mut(first_light).insert(Interaction::Pressed);
        app.update();
        assert_eq!(app.world().resource::<Focus>().at, 1, "First Light, below the Tutorial, has the focus");
        let clicked: Vec<Entity> = app.world_mut().resource_mut::<Messages<Clicked>>().drain().map(|c| c.0).collect();
        assert_eq!(clicked, vec![first_light]);
    }

    /// The keyboard walks a list that scrolls in its order, the part of it out of view included,
    /// and only then the foot's button under it; side by side, left before right.
    #[test]
    fn the_keys_walk_a_scrolled_list_before_the_foot_under_it() {
        let list = Some(Rect::new(0.0, 100.0, 300.0, 500.0));
        let placed = [
            ("foot: Back", Vec2::new(50.0, 560.0), 80.0, None),
            ("list: out of view below", Vec2::new(150.0, 620.0), 280.0, list),
            ("list: shown", Vec2::new(150.0, 300.0), 280.0, list),
            ("list: out of view above", Vec2::new(150.0, 40.0), 280.0, list),
            ("list: further below", Vec2::new(150.0, 590.0), 280.0, list),
            ("page, beside the list", Vec2::new(700.0, 300.0), 100.0, None),
        ];
        let order: Vec<&str> = by_place(placed.into_iter()).into_iter().map(|(t, _)| t).collect();
        assert_eq!(
            order,
            [
                "list: out of view above",
                "list: shown",
                "page, beside the list",
                "list: further below",
                "list: out of view below",
                "foot: Back"
            ]
        );
    }

    /// Up and Down keep to the column in rows of buttons (the main menu: a wide button over rows of
    /// three), round from the last row to the first; in a column they go to the next or the last.
    #[test]
    fn up_and_down_keep_to_the_column_in_rows_of_buttons() {
        let at = |x: f32, y: f32, width: f32| (Vec2::new(x + width / 2.0, y), width, None);
        let placed = [
            ("Continue", at(0.0, 0.0, 766.0)),
            ("Quick mission", at(0.0, 50.0, 250.0)),
            ("Solo campaign", at(258.0, 50.0, 250.0)),
            ("Deep Dive", at(516.0, 50.0, 250.0)),
            ("Replays", at(0.0, 100.0, 250.0)),
            ("Rules reference", at(258.0, 100.0, 250.0)),
            ("Settings", at(516.0, 100.0, 250.0)),
            ("Quit", at(0.0, 150.0, 250.0)),
        ];
        let walked = by_place(placed.into_iter().map(|(name, (at, width, clip))| (name, at, width, clip)));
        let (names, places): (Vec<&str>, Vec<Place>) = walked.into_iter().unzip();
        let from = |name: &str, down: bool| names[row_step(&places, names.iter().position(|n| *n == name).unwrap(), down)];
        assert_eq!(from("Continue", true), "Quick mission", "under the wide button, its left end");
        assert_eq!(from("Solo campaign", true), "Rules reference");
        assert_eq!(from("Rules reference", false), "Solo campaign");
        assert_eq!(from("Settings", true), "Quit", "the only one in the last row");
        assert_eq!(from("Quit", true), "Continue", "round from the last row to the first");
        assert_eq!(from("Continue", false), "Quit");
        assert_eq!(from("Solo campaign", false), "Continue");
        let column = [("a", at(0.0, 0.0, 200.0)), ("b", at(0.0, 40.0, 200.0)), ("c", at(0.0, 80.0, 200.0))];
        let walked = by_place(column.into_iter().map(|(name, (at, width, clip))| (name, at, width, clip)));
        let (names, places): (Vec<&str>, Vec<Place>) = walked.into_iter().unzip();
        let steps: Vec<&str> = (0..3).map(|i| names[row_step(&places, i, true)]).collect();
        assert_eq!(steps, ["b", "c", "a"]);
        assert_eq!(names[row_step(&places, 0, false)], "c");
    }
}
