//! The mouse wheel, read one way by every part of the screen that scrolls (the menus, the rules
//! reference, the side panel and its log, the action bar): in notches. A mouse's wheel sends a
//! whole notch a click; a touchpad sends many fractions of one (X11) or pixels (Wayland, macOS),
//! and a part that scrolled a whole step for each message scrolled far too fast under it (a
//! review).

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;

/// The pixels a touchpad that counts in pixels moves for one notch of a wheel.
const PIXELS_A_NOTCH: f32 = 20.0;

/// How far the wheel turned since this reader last read it, in notches toward the end of what
/// scrolls (down): a wheel turned up gives less than nought.
pub fn notches_down(wheel: &mut MessageReader<MouseWheel>) -> f32 {
    -wheel.read().map(notches_up).sum::<f32>()
}

/// The notches up one message says.
fn notches_up(w: &MouseWheel) -> f32 {
    match w.unit {
        MouseScrollUnit::Line => w.y,
        MouseScrollUnit::Pixel => w.y / PIXELS_A_NOTCH,
    }
}

/// Whole notches out of what the wheel turned, for a part that scrolls by whole lines (the log):
/// what is left over is kept in `part` toward the next.
pub fn whole(part: &mut f32, notches: f32) -> i32 {
    let sum = *part + notches;
    let whole = sum.trunc();
    *part = sum - whole;
    whole as i32
}

#[cfg(test)]
pub fn message(unit: MouseScrollUnit, y: f32) -> MouseWheel {
    MouseWheel { unit, x: 0.0, y, window: Entity::PLACEHOLDER, phase: bevy::input::touch::TouchPhase::Moved }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wheel's notch is one; a touchpad's fractions and pixels add up to as much for the same
    /// movement, not a notch each.
    #[test]
    fn a_touchpad_scrolls_as_far_as_a_wheel() {
        let mut app = App::new();
        app.add_message::<MouseWheel>();
        let read = app.world_mut().register_system(|mut wheel: MessageReader<MouseWheel>| notches_down(&mut wheel));
        let mut turned = |messages: Vec<MouseWheel>| {
            app.world_mut().write_message_batch(messages);
            app.world_mut().run_system(read).expect("the reader runs")
        };
        assert_eq!(turned(vec![message(MouseScrollUnit::Line, -1.0)]), 1.0);
        assert_eq!(turned(vec![message(MouseScrollUnit::Line, 0.25); 4]), -1.0);
        assert_eq!(turned(vec![message(MouseScrollUnit::Pixel, -5.0); 8]), 2.0);
        assert_eq!(turned(vec![]), 0.0);
    }

    /// The log's lines: fractions of a notch add up to a whole line, the rest kept, either way.
    #[test]
    fn whole_lines_keep_what_is_left() {
        let mut part = 0.0;
        assert_eq!(whole(&mut part, 0.5), 0);
        assert_eq!(whole(&mut part, 0.75), 1);
        assert!((part - 0.25).abs() < 1e-6);
        assert_eq!(whole(&mut part, -2.5), -2);
        assert!((part + 0.25).abs() < 1e-6);
        assert_eq!(whole(&mut part, 3.0), 2);
    }
}
