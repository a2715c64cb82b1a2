//! The game's window: opened at a size that suits the player's screen, centred on it, and full
//! screen on the player's word (F11 anywhere, or the Settings menu), kept in the settings file.

use super::layout::WINDOW;
use super::settings::Settings;
use bevy::prelude::*;
use bevy::window::{Monitor, MonitorSelection, PrimaryMonitor, PrimaryWindow, WindowMode};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            fit_to_screen.run_if(not(resource_exists::<Fitted>)),
            full_screen_key,
            follow_settings.run_if(resource_exists_and_changed::<Settings>),
        )
            .chain(),
    );
}

/// The share of the screen a window may take, leaving room for the desktop's own bars.
const ROOM: f32 = 0.9;

/// The window's size for a screen of this size (both in logical pixels): the game's own shape
/// ([`WINDOW`]), as large as fits in nine tenths of the screen, on every screen. The tenth left is
/// for the desktop's title bar and task bar: a laptop's 1366x768 screen given a 1280x720 window
/// hid the bar's last row of buttons under the task bar. Everything scales with the window
/// (`layout::scale_for`); F11 fills the screen.
pub fn fitted(screen: Vec2) -> Vec2 {
    let room = screen * ROOM;
    (WINDOW * (room.x / WINDOW.x).min(room.y / WINDOW.y)).floor()
}

/// The window has been fitted to the screen: it is fitted once, and a window the player resizes
/// afterwards stays as he made it.
#[derive(Resource)]
struct Fitted;

/// Fit the window to the primary screen as soon as the screen is known, centred on it.
fn fit_to_screen(
    mut commands: Commands,
    screens: Query<&Monitor, With<PrimaryMonitor>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    let (Ok(screen), Ok(mut window)) = (screens.single(), windows.single_mut()) else { return };
    let logical = Vec2::new(screen.physical_width as f32, screen.physical_height as f32) / screen.scale_factor.max(0.1) as f32;
    let size = fitted(logical);
    window.resolution.set(size.x, size.y);
    window.position.center(MonitorSelection::Primary);
    commands.insert_resource(Fitted);
}

/// F11, on any screen, puts the window in full screen or back: a change of the settings, kept
/// as any other (the Settings menu's plugin).
fn full_screen_key(keys: Res<ButtonInput<KeyCode>>, settings: Option<ResMut<Settings>>) {
    if let Some(mut settings) = settings
        && keys.just_pressed(KeyCode::F11)
    {
        settings.full_screen = !settings.full_screen;
    }
}

/// The window in the mode the settings ask for, as they change: full screen on the screen it is
/// on, or a window.
fn follow_settings(settings: Res<Settings>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    let Ok(mut window) = windows.single_mut() else { return };
    let mode = if settings.full_screen { WindowMode::BorderlessFullscreen(MonitorSelection::Current) } else { WindowMode::Windowed };
    if window.mode != mode {
        window.mode = mode;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
    use bevy::window::WindowPosition;

    /// The window plugin alone, a 1920x1080 screen, the window as the game opens it.
    fn app() -> (App, Entity) {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::input::InputPlugin, plugin)).insert_resource(Settings::default());
        let window = Window { resolution: (WINDOW.x as u32, WINDOW.y as u32).into(), ..default() };
        let window = app.world_mut().spawn((window, PrimaryWindow)).id();
        (app, window)
    }

    fn screen() -> (Monitor, PrimaryMonitor) {
        let screen = Monitor {
            name: None,
            physical_height: 1080,
            physical_width: 1920,
            physical_position: IVec2::ZERO,
            refresh_rate_millihertz: None,
            scale_factor: 1.0,
            video_modes: vec![],
        };
        (screen, PrimaryMonitor)
    }

    fn f11(app: &mut App) {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            let key = Key::Unidentified(NativeKey::Unidentified);
            let window = Entity::PLACEHOLDER;
            app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::F11,
                logical_key: key,
                state,
                text: None,
                repeat: false,
                window,
            });
            app.update();
        }
    }

    /// The window is fitted to the screen once it is known, centred; a size the player gives it
    /// afterwards stays; F11 puts it in full screen and back, the settings saying so.
    #[test]
    fn the_window_is_fitted_to_the_screen_and_f11_fills_it() {
        let (mut app, window) = app();
        app.update();
        let size = |app: &App| app.world().get::<Window>(window).map(|w| Vec2::new(w.width(), w.height()));
        assert_eq!(size(&app), Some(WINDOW), "no screen known yet");
        app.world_mut().spawn(screen());
        app.update();
        assert_eq!(size(&app), Some(Vec2::new(1728.0, 972.0)));
        let at = app.world().get::<Window>(window).map(|w| w.position);
        assert_eq!(at, Some(WindowPosition::Centered(MonitorSelection::Primary)));
        app.world_mut().get_mut::<Window>(window).expect("the window").resolution.set(1000.0, 600.0);
        app.update();
        assert_eq!(size(&app), Some(Vec2::new(1000.0, 600.0)), "the player's size stays");

        let mode = |app: &App| app.world().get::<Window>(window).map(|w| w.mode);
        assert_eq!(mode(&app), Some(WindowMode::Windowed));
        f11(&mut app);
        assert!(app.world().resource::<Settings>().full_screen);
        assert_eq!(mode(&app), Some(WindowMode::BorderlessFullscreen(MonitorSelection::Current)));
        f11(&mut app);
        assert_eq!(mode(&app), Some(WindowMode::Windowed));
    }

    /// A window of the game's own shape, nine tenths of the screen whatever its size.
    #[test]
    fn the_window_fits_the_screen() {
        assert_eq!(fitted(Vec2::new(1920.0, 1080.0)), Vec2::new(1728.0, 972.0));
        // A screen of another shape: the height decides.
        assert_eq!(fitted(Vec2::new(2560.0, 1600.0)), Vec2::new(2560.0, 1440.0) * ROOM);
        // A laptop's screen: room left under the window for the task bar.
        assert_eq!(fitted(Vec2::new(1366.0, 768.0)), Vec2::new(1228.0, 691.0));
        assert_eq!(fitted(Vec2::new(1280.0, 720.0)), Vec2::new(1152.0, 648.0));
        // The screen the real-window tests run on (scripts/e2e-lib.sh): the game's own size.
        assert_eq!(fitted(Vec2::new(1423.0, 800.0)), WINDOW);
        assert_eq!(fitted(Vec2::new(1024.0, 768.0)), Vec2::new(921.0, 518.0));
    }
}
