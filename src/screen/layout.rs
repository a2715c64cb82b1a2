//! Where things go on screen: the one conversion between a cave hex and the tilemap, and the size
//! of the hexes, chosen so the whole cave fits beside the HUD and above the key.

use crate::rules::hex::{cell_to_hex, hex_to_cell};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use hexx::Hex;

/// The window the game opens.
pub const WINDOW: Vec2 = Vec2::new(1280.0, 720.0);
/// Width of the HUD panel on the right.
pub const HUD_WIDTH: f32 = 300.0;
/// Height of the bar under the cave (the prompt, the action bar and the choices; the key shows
/// over it with F1). Room for a prompt of two lines, the keys line and four rows of buttons (a
/// card in hand adds a row): the cave is fitted above that from the start, so it does not shrink
/// and move under the pointer the first time a prompt wraps or a card is drawn (a play-tester's
/// click landed on another space).
pub const KEY_HEIGHT: f32 = 175.0;
/// How much the whole picture is scaled to fill a window of another size than [`WINDOW`]: the
/// cave by the camera, the panels by the UI scale (a 1920x1080 window shows everything 1.5 times
/// as large).
pub fn scale_for(window: &Window) -> f32 {
    (window.width() / WINDOW.x).min(window.height() / WINDOW.y).max(0.1)
}

/// The most of the window's height the bar under the cave takes, however large the text and however
/// many buttons: past it the actions' rows scroll (`play::view`), and the cave keeps the rest.
pub const BAR_MOST: f32 = 0.5;

/// The part of the bar that holds the prompt (up to two lines), the hint line, their gaps and the
/// bar's padding; the rest holds the buttons.
const PROMPT_HEIGHT: f32 = 72.0;
/// The gap between the bar's rows and its padding above and below them, in the panels' pixels.
pub const BAR_GAP: f32 = 3.0;
pub const BAR_PADDING: f32 = 10.0;

/// Height of the bar under the cave, in the panels' own pixels, for the player's size of them (1
/// at 100%): larger text leaves the bar fewer buttons a row (it is as wide as the window less the
/// side panel, both in the panels' scale), so the buttons take more rows, and the cave is fitted
/// above them rather than covered by them.
pub fn bar_height(panels: f32) -> f32 {
    let width = |p: f32| WINDOW.x / p - HUD_WIDTH;
    let rows = (width(1.0) / width(panels).max(1.0)).max(1.0);
    PROMPT_HEIGHT + (KEY_HEIGHT - PROMPT_HEIGHT) * rows
}

/// A line of text is this many times its size (Bevy's `LineHeight` by default).
pub const LINE: f32 = 1.2;
/// The Tutorial's coach's text size, in the panels' pixels (`play::view` writes it so).
pub const COACH_SIZE: f32 = 14.0;
/// The room kept over the bar in the Tutorial for its coach's line (`play::coach`): two lines of
/// its text and a gap, in the panels' pixels. Kept from the start, the cave is fitted above it:
/// measured as it came, it shrank the cave mid-Tutorial the first time the coach's two lines met a
/// prompt of two (a play-tester's hexes moved under the pointer).
pub const COACH_ROOM: f32 = 2.0 * COACH_SIZE * LINE + BAR_GAP;

/// The player's size of the panels and text (1 at 100%).
pub fn panel_size(settings: Option<&super::settings::Settings>) -> f32 {
    settings.map_or(1.0, |s| s.ui_scale)
}

/// The parts of the bar that are there all the time (the prompt, the keys line, the buttons),
/// measured: when they take more room than was kept for the bar ([`bar_height`]: very large text,
/// a Dwarf with many actions), the camera draws the cave smaller, clear of them. A passing hint or
/// the choices of the moment grow the bar over the cave while they are there, and do not change
/// the cave's size.
#[derive(Component)]
pub struct KeepClear;

/// The most of a [`KeepClear`] part's height the cave is kept clear of, in the panels' pixels:
/// the prompt's first two lines. A longer prompt grows the bar over the cave's bottom margin while
/// it is said, rather than shrink the cave for the rest of the game (at 1920x1080 a play-tester's
/// cave shrank, its hexes moving under the pointer, the first time a prompt took three lines).
#[derive(Component)]
pub struct KeptUpTo(pub f32);

/// How much of the window's bottom the bar keeps for its prompt and buttons, in the window's
/// pixels: the cave is drawn above it, and the pointer below it is on the bar. The tallest it has
/// been for this window and text size, so the cave does not change size with each Dwarf's actions.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct BarTop {
    pub height: f32,
    /// The window's size and the panels' scale it was measured for.
    measured_for: (Vec2, f32),
}

/// The cave's part of the window, from its top left corner, in the window's logical pixels: left of
/// the side panel (`panels`: the panels' scale on screen, `UiScale`) and above the bar. Where the
/// pointer points at the cave, and where the card beside it keeps to.
pub fn cave_area(window: &Window, panels: f32, bar: &BarTop) -> Vec2 {
    Vec2::new(window.width() - HUD_WIDTH * panels, window.height() - bar.height)
}

/// A new table's bar is measured afresh: another team has other buttons.
pub fn new_bar(mut bar: ResMut<BarTop>) {
    *bar = BarTop::default();
}

/// Keep the picture fitted to the window as it is resized, as the player's text size changes, and
/// as the bar's buttons take more room than was kept for them.
pub fn fit_window(
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    settings: Option<Res<super::settings::Settings>>,
    geo: Option<Res<MapGeometry>>,
    bars: Query<(&ComputedNode, Option<&KeptUpTo>), With<KeepClear>>,
    mut ui: ResMut<UiScale>,
    mut bar_top: ResMut<BarTop>,
    mut cameras: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
) {
    let Ok(w) = window.single() else { return };
    let s = scale_for(w);
    // The player's text size scales the panels, not the cave.
    let size = panel_size(settings.as_deref());
    let panels = s * size;
    if ui.0 != panels {
        ui.0 = panels;
    }
    let window = Vec2::new(w.width(), w.height());
    let kept = if bar_top.measured_for == (window, panels) { bar_top.height } else { 0.0 };
    // The parts one above the other, with the bar's gaps and padding, in the window's logical
    // pixels (a node's size is in physical ones); a part still laid out for another scale (the
    // window or the text size just changed) is measured at the next update.
    let laid_out_now = |(n, _): &(&ComputedNode, _)| (n.inverse_scale_factor() * panels * w.scale_factor() - 1.0).abs() < 0.01;
    let kept_of = |(n, most): (&ComputedNode, Option<&KeptUpTo>)| {
        let height = n.size().y / w.scale_factor();
        most.map_or(height, |m| height.min(m.0 * panels))
    };
    let parts: Vec<f32> = bars.iter().filter(laid_out_now).map(kept_of).collect();
    let measured = parts.iter().sum::<f32>() + (BAR_GAP * parts.len() as f32 + BAR_PADDING) * panels;
    let least = geo.as_ref().map_or_else(|| bar_height(size), |g| g.bar) * panels;
    let bar = kept.max(least).max(measured).min(window.y * BAR_MOST);
    bar_top.set_if_neq(BarTop { height: bar, measured_for: (window, panels) });
    let (zoom, at) = match &geo {
        Some(geo) => geo.camera(window, s, panels, bar),
        None => (1.0 / s, Vec2::ZERO),
    };
    for (mut p, mut t) in &mut cameras {
        // Read first: a projection written every update would be worked out again every update.
        if matches!(&*p, Projection::Orthographic(o) if o.scale != zoom)
            && let Projection::Orthographic(o) = &mut *p
        {
            o.scale = zoom;
        }
        if t.translation.truncate() != at {
            t.translation = at.extend(t.translation.z);
        }
    }
}

/// A line shown while the node it names (one that scrolls) has more of its parts out of sight
/// below: the side panel with large text, a menu's long body.
#[derive(Component)]
pub struct MoreBelow(pub Entity);

/// A line shown while the node it names (one that scrolls) has parts scrolled out of sight above:
/// the whole log, which opens at its foot.
#[derive(Component)]
pub struct MoreAbove(pub Entity);

/// Show each [`MoreBelow`] line while its node hides parts below, and each [`MoreAbove`] line while
/// its node hides parts above. The layout sets the scroll without marking the node changed, so this
/// looks every update.
pub fn more_out_of_sight(
    nodes: Query<&ComputedNode>,
    mut below: Query<(&MoreBelow, &mut Node), Without<MoreAbove>>,
    mut above: Query<(&MoreAbove, &mut Node), Without<MoreBelow>>,
) {
    let show = |line: &mut Node, hidden: bool| {
        let display = if hidden { Display::Flex } else { Display::None };
        if line.display != display {
            line.display = display;
        }
    };
    for (MoreBelow(scrolled), mut line) in &mut below {
        show(&mut line, nodes.get(*scrolled).is_ok_and(|n| n.content_size().y - n.size().y - n.scroll_position.y > 2.0));
    }
    for (MoreAbove(scrolled), mut line) in &mut above {
        show(&mut line, nodes.get(*scrolled).is_ok_and(|n| n.scroll_position.y > 2.0));
    }
}

/// Space kept free around the cave.
const MARGIN: f32 = 16.0;

/// The tilemap's geometry. Mission rows count downwards but tilemap rows upwards, so a hex's tile row
/// is `last_row - row`; the tilemap's offset-row parity is picked so that odd mission rows are the
/// ones shifted right, as in the mission drawing.
#[derive(Resource, Clone, Debug)]
pub struct MapGeometry {
    pub size: TilemapSize,
    pub grid: TilemapGridSize,
    pub tile: TilemapTileSize,
    pub kind: TilemapType,
    /// Where the tilemap's centre is in the world.
    pub origin: Vec2,
    /// The bar's height the cave was fitted above, in the panels' pixels: [`bar_height`], and the
    /// coach's room in the Tutorial. The bar is kept at least this tall (`fit_window`).
    pub bar: f32,
    first_col: i32,
    last_row: i32,
}

impl MapGeometry {
    /// Hexes big enough to read and small enough for every space to fit on screen.
    /// `panels`: the player's size of the panels (1 at 100%): the cave fits in what they leave;
    /// `coached`: the Tutorial's coach speaks over the bar ([`COACH_ROOM`]).
    pub fn fit(spaces: impl Iterator<Item = Hex>, panels: f32, coached: bool) -> MapGeometry {
        let cells: Vec<(i32, i32)> = spaces.map(hex_to_cell).collect();
        let first_col = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let last_col = cells.iter().map(|c| c.0).max().unwrap_or(0);
        let first_row = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let last_row = cells.iter().map(|c| c.1).max().unwrap_or(0);
        let (cols, rows) = ((last_col - first_col + 1) as f32, (last_row - first_row + 1) as f32);
        let bar = bar_height(panels) + if coached { COACH_ROOM } else { 0.0 };
        let area = WINDOW - Vec2::new(HUD_WIDTH, bar) * panels - 2.0 * MARGIN;
        // A pointy-top hex is sqrt(3)/2 as wide as it is tall; rows overlap by a quarter.
        let ratio = 3f32.sqrt() / 2.0;
        let width = (area.x / (cols + 0.5)).min(area.y / (0.75 * (rows - 1.0) + 1.0) * ratio);
        let width = width.clamp(20.0, 80.0).floor();
        let height = (width / ratio).round();
        let coords = if last_row % 2 == 0 { HexCoordSystem::RowOdd } else { HexCoordSystem::RowEven };
        MapGeometry {
            size: TilemapSize { x: cols as u32, y: rows as u32 },
            grid: TilemapGridSize { x: width, y: height },
            tile: TilemapTileSize { x: width, y: height },
            kind: TilemapType::Hexagon(coords),
            origin: Vec2::new(-HUD_WIDTH, bar) * panels / 2.0,
            bar,
            first_col,
            last_row,
        }
    }

    pub fn tile_pos(&self, h: Hex) -> Option<TilePos> {
        let (col, row) = hex_to_cell(h);
        TilePos::from_i32_pair(col - self.first_col, self.last_row - row, &self.size)
    }

    /// The centre of a hex in the world (also for a hex off the board).
    pub fn centre(&self, h: Hex) -> Vec2 {
        let (col, row) = hex_to_cell(h);
        let shifted = |r: i32| if r % 2 != 0 { 0.5 } else { 0.0 };
        let corner = TilePos::new(0, 0).center_in_world(&self.size, &self.grid, &self.tile, &self.kind, &TilemapAnchor::Center);
        let across = (col - self.first_col) as f32 + shifted(row) - shifted(self.last_row);
        let up = (self.last_row - row) as f32 * 0.75;
        self.origin + corner + Vec2::new(across * self.grid.x, up * self.grid.y)
    }

    /// The camera that shows the whole cave, its numbered edges included, in what the panels
    /// leave of a window (its size in pixels, [`scale_for`] it, the panels' scale and the bar's
    /// height in pixels): the world's units a window pixel and where the camera looks. As drawn for
    /// the window it was fitted for, it is the window's own scale, looking at the world's origin;
    /// it draws smaller, never larger, when the cave would not fit.
    pub fn camera(&self, window: Vec2, s: f32, panels: f32, bar: f32) -> (f32, Vec2) {
        let cave =
            Vec2::new((self.size.x as f32 + 0.5) * self.grid.x, (0.75 * (self.size.y as f32 - 1.0) + 1.0) * self.grid.y) + 2.0 * MARGIN;
        let free = (window - Vec2::new(HUD_WIDTH * panels, bar)).max(Vec2::ONE);
        let fit = (cave.x / free.x).max(cave.y / free.y);
        // Hexes are whole pixels, so a cave fitted for this window may be a pixel or two over.
        let zoom = if fit <= 1.02 / s { 1.0 / s } else { fit };
        // The cave's centre to the middle of what is free: right of it the side panel, below it the bar.
        (zoom, self.origin + Vec2::new(HUD_WIDTH * panels, -bar) / 2.0 * zoom)
    }

    /// Width of a hex in pixels.
    pub fn hex_width(&self) -> f32 {
        self.grid.x
    }

    /// Where the board's edges are numbered, as the game's words name a space (column, row): each
    /// column's number just above its top hex, each row's just left of its first hex, in the margin
    /// kept around the cave.
    pub fn edge_numbers(&self) -> Vec<(i32, Vec2)> {
        let first_row = self.last_row - self.size.y as i32 + 1;
        let last_col = self.first_col + self.size.x as i32 - 1;
        let centre = |col: i32, row: i32| self.centre(cell_to_hex((col, row)));
        let columns =
            (self.first_col..=last_col).map(|col| (col, centre(col, first_row) + Vec2::new(0.0, self.grid.y / 2.0 + MARGIN / 2.0)));
        let rows =
            (first_row..=self.last_row).map(|row| (row, centre(self.first_col, row) - Vec2::new(self.grid.x / 2.0 + MARGIN / 2.0, 0.0)));
        // Odd rows sit half a hex to the right of even ones, so the numbers along the top name the
        // columns of the top row's parity only; when the last row is of the other parity, its own
        // columns are numbered along the bottom too (a play-tester read an odd row's column off
        // the top, half a hex out).
        let other_parity = (self.last_row - first_row) % 2 == 1;
        let bottom = (self.first_col..=last_col)
            .filter(|_| other_parity)
            .map(|col| (col, centre(col, self.last_row) - Vec2::new(0.0, self.grid.y / 2.0 + MARGIN / 2.0)));
        columns.chain(rows).chain(bottom).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The columns are numbered along the top for the top row, and along the bottom, half a hex
    /// across, when the last row is of the other parity: each number stands over or under its
    /// column's hex in the row beside it.
    #[test]
    fn columns_are_numbered_for_both_parities_of_row() {
        for rows in [4, 5] {
            let hexes: Vec<Hex> = (0..rows).flat_map(|r| (0..6).map(move |c| cell_to_hex((c, r)))).collect();
            let g = MapGeometry::fit(hexes.iter().copied(), 1.0, false);
            let y = |row: i32| g.centre(cell_to_hex((0, row))).y;
            let numbers = g.edge_numbers();
            let top: Vec<_> = numbers.iter().filter(|(_, at)| at.y > y(0)).collect();
            let bottom: Vec<_> = numbers.iter().filter(|(_, at)| at.y < y(rows - 1)).collect();
            assert_eq!(top.len(), 6, "{rows} rows: {top:?}");
            assert_eq!(bottom.len(), if rows % 2 == 0 { 6 } else { 0 }, "{rows} rows: {bottom:?}");
            for (col, at) in &top {
                assert!((at.x - g.centre(cell_to_hex((*col, 0))).x).abs() < 0.01, "over its hex of the top row");
            }
            for (col, at) in &bottom {
                assert!((at.x - g.centre(cell_to_hex((*col, rows - 1))).x).abs() < 0.01, "under its hex of the last row");
            }
        }
    }

    /// In the Tutorial the cave is fitted above the bar and the coach's room over it, and shown as
    /// fitted while the bar keeps to that height.
    #[test]
    fn the_tutorials_cave_keeps_room_for_the_coach() {
        let hexes: Vec<Hex> = (0..10).flat_map(|r| (0..14).map(move |c| cell_to_hex((c, r)))).collect();
        let (plain, coached) = (MapGeometry::fit(hexes.iter().copied(), 1.0, false), MapGeometry::fit(hexes.iter().copied(), 1.0, true));
        assert_eq!((plain.bar, coached.bar), (KEY_HEIGHT, KEY_HEIGHT + COACH_ROOM));
        let bottom = |g: &MapGeometry| hexes.iter().map(|h| g.centre(*h).y - g.grid.y / 2.0).fold(f32::MAX, f32::min);
        let coach_top = -WINDOW.y / 2.0 + KEY_HEIGHT + COACH_ROOM;
        assert!(bottom(&plain) < coach_top, "this cave reaches down where the coach speaks");
        assert!(bottom(&coached) >= coach_top, "{} under the coach from {coach_top}", bottom(&coached));
        assert_eq!(coached.camera(WINDOW, 1.0, 1.0, coached.bar), (1.0, Vec2::ZERO), "as fitted");
    }

    /// Our placement of hexes agrees with the tilemap's, whichever the parity of the last row.
    #[test]
    fn centres_match_the_tilemap() {
        for rows in [4, 5] {
            let hexes: Vec<Hex> = (0..rows).flat_map(|r| (0..6).map(move |c| cell_to_hex((c, r)))).collect();
            let g = MapGeometry::fit(hexes.iter().copied(), 1.0, false);
            for h in hexes {
                let tile = g.tile_pos(h).expect("on the map");
                let theirs = tile.center_in_world(&g.size, &g.grid, &g.tile, &g.kind, &TilemapAnchor::Center);
                assert!((g.centre(h) - g.origin - theirs).length() < 0.01, "{h:?} in {rows} rows");
            }
        }
    }

    /// Larger panels (the player's text size) leave the cave less room: it is drawn smaller and
    /// moved out from under them, its right edge clear of the side panel.
    #[test]
    fn the_cave_fits_beside_larger_panels() {
        let hexes: Vec<Hex> = (0..14).flat_map(|r| (0..22).map(move |c| cell_to_hex((c, r)))).collect();
        let (normal, large) = (MapGeometry::fit(hexes.iter().copied(), 1.0, false), MapGeometry::fit(hexes.iter().copied(), 1.6, false));
        assert!(large.hex_width() < normal.hex_width());
        let right = |g: &MapGeometry| hexes.iter().map(|h| g.centre(*h).x + g.hex_width() / 2.0).fold(f32::MIN, f32::max);
        let panel_left = |panels: f32| WINDOW.x / 2.0 - HUD_WIDTH * panels;
        assert!(right(&normal) <= panel_left(1.0));
        assert!(right(&large) <= panel_left(1.6), "{} under a panel from {}", right(&large), panel_left(1.6));
        // Nor under the bar, which holds its buttons in more rows when the text is larger.
        assert_eq!(bar_height(1.0), KEY_HEIGHT);
        assert!(bar_height(1.6) > KEY_HEIGHT);
        let bottom = |g: &MapGeometry| hexes.iter().map(|h| g.centre(*h).y - g.grid.y / 2.0).fold(f32::MAX, f32::min);
        let bar_top = |panels: f32| -WINDOW.y / 2.0 + bar_height(panels) * panels;
        assert!(bottom(&normal) >= bar_top(1.0));
        assert!(bottom(&large) >= bar_top(1.6), "{} under a bar up to {}", bottom(&large), bar_top(1.6));
    }

    /// The camera shows the cave as it was fitted, at any window size, while the bar keeps to the
    /// height kept for it; when the bar's buttons take more rows, it draws the cave smaller, its
    /// bottom row and numbers above the bar and clear of the side panel.
    #[test]
    fn the_camera_keeps_the_cave_clear_of_a_taller_bar() {
        let hexes: Vec<Hex> = (0..14).flat_map(|r| (0..22).map(move |c| cell_to_hex((c, r)))).collect();
        for (size, window) in [(1.0, WINDOW), (1.0, Vec2::new(1920.0, 1080.0)), (1.6, WINDOW)] {
            let g = MapGeometry::fit(hexes.iter().copied(), size, false);
            let s = window.x / WINDOW.x;
            let panels = s * size;
            let kept = bar_height(size) * panels;
            assert_eq!(g.camera(window, s, panels, kept), (1.0 / s, Vec2::ZERO), "as fitted, at {size} in {window}");
            // A bar 100 pixels taller: every hex, and the margin with its numbers, above it.
            let bar = kept + 100.0;
            let (zoom, at) = g.camera(window, s, panels, bar);
            assert!(zoom > 1.0 / s);
            let to_window = |p: Vec2| Vec2::new(window.x / 2.0 + (p.x - at.x) / zoom, window.y / 2.0 - (p.y - at.y) / zoom);
            for h in &hexes {
                let lowest = to_window(g.centre(*h) - Vec2::new(0.0, g.grid.y / 2.0 + MARGIN));
                assert!(lowest.y <= window.y - bar + 0.5, "{h:?} at {lowest} under a bar from {}", window.y - bar);
                let right = to_window(g.centre(*h) + Vec2::new(g.hex_width() / 2.0, 0.0));
                assert!(right.x <= window.x - HUD_WIDTH * panels + 0.5, "{h:?} at {right} under the side panel");
            }
        }
    }

    /// Every column and row of the cave is numbered, as the words name a space: the columns above
    /// the top row (and below the last, of the other parity here), the rows left of the first
    /// column, all inside the window.
    #[test]
    fn the_edges_are_numbered_outside_the_cave_inside_the_window() {
        let hexes: Vec<Hex> = (2..16).flat_map(|r| (3..25).map(move |c| cell_to_hex((c, r)))).collect();
        let g = MapGeometry::fit(hexes.iter().copied(), 1.0, false);
        let numbers = g.edge_numbers();
        let (columns, rest) = numbers.split_at(22);
        let (rows, under) = rest.split_at(14);
        assert_eq!(columns.iter().map(|n| n.0).collect::<Vec<_>>(), (3..25).collect::<Vec<_>>());
        assert_eq!(rows.iter().map(|n| n.0).collect::<Vec<_>>(), (2..16).collect::<Vec<_>>());
        assert_eq!(under.iter().map(|n| n.0).collect::<Vec<_>>(), (3..25).collect::<Vec<_>>());
        let top = hexes.iter().map(|h| g.centre(*h).y + g.grid.y / 2.0).fold(f32::MIN, f32::max);
        assert!(columns.iter().all(|(_, at)| at.y > top && at.y < WINDOW.y / 2.0), "{columns:?} above {top}");
        let bottom = hexes.iter().map(|h| g.centre(*h).y - g.grid.y / 2.0).fold(f32::MAX, f32::min);
        assert!(under.iter().all(|(_, at)| at.y < bottom && at.y > -WINDOW.y / 2.0), "{under:?} below {bottom}");
        // Each row's number beside its own first hex (odd rows sit half a hex to the right).
        for (row, at) in rows {
            let first = g.centre(cell_to_hex((3, *row)));
            assert!(at.x < first.x - g.hex_width() / 2.0 && at.x > -WINDOW.x / 2.0, "row {row} at {at} beside {first}");
            assert!((at.y - first.y).abs() < 0.01);
        }
        // Each column's number over its own top hex.
        let (col, at) = columns[4];
        assert!((at.x - g.centre(cell_to_hex((col, 2))).x).abs() < 0.01);
    }

    /// The bar keeps the cave clear of its parts as measured, but of no more of a prompt than its
    /// first two lines: a third grows the bar over the cave's margin, and the cave keeps its size.
    #[test]
    fn a_long_prompt_does_not_shrink_the_cave() {
        use bevy::window::{PrimaryWindow, WindowResolution};
        let mut app = App::new();
        app.init_resource::<UiScale>().init_resource::<BarTop>().add_systems(Update, fit_window);
        let window = Window { resolution: WindowResolution::new(1280, 720), ..default() };
        app.world_mut().spawn((window, PrimaryWindow));
        let part = |height: f32| ComputedNode { size: Vec2::new(900.0, height), inverse_scale_factor: 1.0, ..default() };
        let prompt = app.world_mut().spawn((KeepClear, KeptUpTo(36.0), part(36.0))).id();
        let actions = app.world_mut().spawn((KeepClear, part(150.0))).id();
        let bar = |app: &mut App| {
            app.update();
            app.world().resource::<BarTop>().height
        };
        let two_lines = bar(&mut app);
        assert_eq!(two_lines, 36.0 + 150.0 + 2.0 * BAR_GAP + BAR_PADDING, "measured, over the height kept at first");
        app.world_mut().entity_mut(prompt).insert(part(54.0));
        assert_eq!(bar(&mut app), two_lines, "a third line of prompt");
        app.world_mut().entity_mut(actions).insert(part(176.0));
        assert_eq!(bar(&mut app), two_lines + 26.0, "a row of buttons more");
    }

    /// Odd rows of the drawing sit half a hex to the right of the even rows above them.
    #[test]
    fn odd_rows_shift_right() {
        let hexes: Vec<Hex> = (0..4).flat_map(|r| (0..3).map(move |c| cell_to_hex((c, r)))).collect();
        let g = MapGeometry::fit(hexes.iter().copied(), 1.0, false);
        let dx = g.centre(cell_to_hex((0, 1))).x - g.centre(cell_to_hex((0, 0))).x;
        assert!((dx - g.hex_width() / 2.0).abs() < 0.01);
        assert!(g.centre(cell_to_hex((0, 1))).y < g.centre(cell_to_hex((0, 0))).y);
    }
}
