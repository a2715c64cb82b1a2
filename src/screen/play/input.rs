//! The window's pointer, turned into [`PlayerInput`]: a left click on a space of the cave, a right
//! click to back out. Clicks on the panels are the buttons' own.

use super::logic::PlayerInput;
use crate::rules::state::Board;
use crate::screen::layout::{BarTop, MapGeometry, cave_area, panel_size, scale_for};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.init_resource::<Hovered>().init_resource::<ByKeys>().add_systems(
        Update,
        (hover, click).chain().before(super::logic::Acts).in_set(crate::screen::front::Table).run_if(crate::screen::front::at_play),
    );
}

/// The space under the pointer, if it is over the cave.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Hovered(pub Option<Hex>);

/// Whether the space hovered was reached by the arrow keys (`logic::act`): the hover card and the
/// marks follow it, and Enter picks it, until the pointer moves or clicks.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct ByKeys(pub bool);

/// The space of the cave under a point of the world: the nearest centre within half a hex.
pub fn hex_at(geo: &MapGeometry, board: &Board, world: Vec2) -> Option<Hex> {
    let best = board.spaces.keys().map(|h| (geo.centre(*h).distance(world), *h)).min_by(|a, b| a.0.total_cmp(&b.0))?;
    (best.0 <= geo.hex_width() * 0.58).then_some(best.1)
}

fn hover(
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform)>,
    geo: Option<Res<MapGeometry>>,
    board: Res<Board>,
    settings: Option<Res<crate::screen::settings::Settings>>,
    bar: Res<BarTop>,
    (mut moved, buttons): (MessageReader<CursorMoved>, Res<ButtonInput<MouseButton>>),
    mut by_keys: ResMut<ByKeys>,
    mut hovered: ResMut<Hovered>,
) {
    // The space the keys went to stays hovered while the pointer rests.
    let pointer_used = moved.read().count() > 0 || buttons.get_just_pressed().next().is_some();
    if by_keys.0 && !pointer_used {
        return;
    }
    by_keys.set_if_neq(ByKeys(false));
    let (Ok(window), Ok((camera, at)), Some(geo)) = (window.single(), camera.single(), geo) else { return };
    // The panels' size on screen: the window's scale times the player's size of them.
    let s = scale_for(window) * panel_size(settings.as_deref());
    let cave = cave_area(window, s, &bar);
    let over_map = window.cursor_position().filter(|p| p.x < cave.x && p.y < cave.y);
    let hex = over_map.and_then(|p| camera.viewport_to_world_2d(at, p).ok()).and_then(|w| hex_at(&geo, &board, w));
    if hovered.0 != hex {
        hovered.0 = hex;
    }
}

fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    hovered: Res<Hovered>,
    opened: Res<crate::screen::front::Opened>,
    time: Res<Time<Real>>,
    mut out: MessageWriter<PlayerInput>,
) {
    // The second click of a double click on Continue or Start is not a move.
    if opened.just(&time) {
        return;
    }
    if buttons.just_pressed(MouseButton::Right) {
        out.write(PlayerInput::Cancel);
    }
    if let (true, Some(h)) = (buttons.just_pressed(MouseButton::Left), hovered.0) {
        out.write(PlayerInput::Hex(h));
    }
}
