//! The window's pointer, turned into [`PlayerInput`]: a left click on a space of the cave, a right
//! click to back out. Clicks on the panels are the buttons' own.

use super::logic::PlayerInput;
use crate::rules::state::Board;
use crate::screen::layout::{BarTop, MapGeometry, cave_area, panel_size, scale_for};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use hexx::Hex;

pub fn plugin(app: &mut App) {
    app.init_resource::<Hovered>().init_resource::<ByKeys>().init_resource::<CardAside>().add_systems(
        Update,
        (hover, card_back, click)
            .chain()
            .before(super::logic::Acts)
            .in_set(crate::screen::front::Table)
            .run_if(crate::screen::front::at_play),
    );
}

/// The space under the pointer, if it is over the cave.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Hovered(pub Option<Hex>);

/// Whether the space hovered was reached by the arrow keys (`logic::act`): the hover card and the
/// marks follow it, and Enter picks it, until the pointer moves or clicks.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct ByKeys(pub bool);

/// The hover card is put aside by a click on the cave until the pointer moves again: it said what
/// a click there would do, and, the click made, it hid what came next (a play-tester's Grunt,
/// hidden under the card for several turns while the pointer rested where it had clicked).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct CardAside(pub bool);

/// The pointer moved: the card is back.
fn card_back(mut moved: MessageReader<CursorMoved>, mut aside: ResMut<CardAside>) {
    if moved.read().count() > 0 {
        aside.set_if_neq(CardAside(false));
    }
}

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
    mut aside: ResMut<CardAside>,
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
        aside.0 = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A left click on a space sends it and puts the card aside; the pointer moving brings it back.
    #[test]
    fn a_click_puts_the_card_aside_until_the_pointer_moves() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<PlayerInput>()
            .add_message::<CursorMoved>()
            .init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<crate::screen::front::Opened>()
            .init_resource::<CardAside>()
            .insert_resource(Hovered(Some(Hex::new(2, 1))))
            .add_systems(Update, (card_back, click).chain());
        // Past the moments after a screen opens, when a press is let go.
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(450));
        app.update();
        assert!(!app.world().resource::<CardAside>().0);
        app.world_mut().resource_mut::<ButtonInput<MouseButton>>().press(MouseButton::Left);
        app.update();
        let sent: Vec<PlayerInput> = app.world_mut().resource_mut::<Messages<PlayerInput>>().drain().collect();
        assert!(matches!(sent.as_slice(), [PlayerInput::Hex(h)] if *h == Hex::new(2, 1)), "{sent:?}");
        assert!(app.world().resource::<CardAside>().0, "the card is put aside");
        app.world_mut().resource_mut::<ButtonInput<MouseButton>>().clear();
        app.update();
        assert!(app.world().resource::<CardAside>().0, "the pointer resting: still aside");
        let moved = CursorMoved { window: Entity::PLACEHOLDER, position: Vec2::new(10.0, 10.0), delta: None };
        app.world_mut().write_message(moved);
        app.update();
        assert!(!app.world().resource::<CardAside>().0, "the pointer moved: the card is back");
    }
}
