//! Line of sight on real hexagons (ruling 7): there is sight when some straight segment from a point
//! of the shooter's space to a point of the target space touches no blocking space other than those
//! two. Touching a corner or an edge blocks.
//!
//! The free segments form an open set. Each region of that set, seen as a set of lines, is bounded by
//! lines through two corners of the hexes involved, so the test tries every line through two such
//! corners, nudged a little to each side, and the line through the two centres.

use super::hex::{centre, corners, distance};
use bevy::platform::collections::HashMap;
use bevy::prelude::Resource;
use hexx::Hex;
use std::sync::{Arc, Mutex};

type P = (f64, f64);

/// How far a candidate line is nudged off the two corners it was built on.
const NUDGE: f64 = 1e-4;
/// Closer than this counts as touching.
const TOUCH: f64 = 1e-9;
/// The most answers kept before the memory is emptied: a bound on its size (about 8 MB) however
/// many games share it.
const MOST_KEPT: usize = 100_000;

/// Whether `from` sees `to`, given which spaces block, worked out afresh: what a kept answer is
/// checked against.
#[cfg(test)]
pub fn has_line(from: Hex, to: Hex, blocks: impl Fn(Hex) -> bool) -> bool {
    if from == to || distance(from, to) == 1 {
        return true;
    }
    let near = touching_hull(to - from);
    let blocked: Vec<bool> = near.iter().map(|h| blocks(from + *h)).collect();
    !blocked.contains(&true) || search(to - from, &near, &blocked)
}

/// The lines of sight a game has worked out, kept for the rest of it (most of a simulated game
/// was lines of sight, the same ones asked again and again). Whether a line is free depends only
/// on where the target lies from the shooter and which of the spaces between them block, so that is
/// what an answer is kept under: it stays true whatever moves elsewhere, and serves any two spaces
/// the same distance and direction apart. Geometry is worked out from the shooter's space as the
/// origin, so the same question always gets the same answer. Since what it keeps holds in any game,
/// games may share one (a clone shares it).
#[derive(Resource, Default, Clone)]
pub struct SightMemory(pub Arc<Mutex<Lines>>);

#[derive(Default)]
pub struct Lines {
    /// By the target's offset from the shooter: the spaces that may touch a segment between the
    /// two, as offsets too.
    near: HashMap<Hex, Arc<[Hex]>>,
    /// By the target's offset and which of its `near` spaces block (one bit each).
    seen: HashMap<(Hex, Mask), bool>,
}

/// One bit for each space near a line: enough for lines about 120 spaces long, far more than any
/// cave; a longer line is worked out afresh each time.
type Mask = [u64; 4];

impl Lines {
    /// Whether `from` sees `to`, given which spaces block.
    pub fn line(&mut self, from: Hex, to: Hex, blocks: impl Fn(Hex) -> bool) -> bool {
        if from == to || distance(from, to) == 1 {
            return true;
        }
        let offset = to - from;
        let near = self.near.entry(offset).or_insert_with(|| touching_hull(offset).into()).clone();
        if near.len() > 64 * Mask::default().len() {
            let blocked: Vec<bool> = near.iter().map(|h| blocks(from + *h)).collect();
            return !blocked.contains(&true) || search(offset, &near, &blocked);
        }
        let mut mask = Mask::default();
        for (i, h) in near.iter().enumerate() {
            if blocks(from + *h) {
                mask[i / 64] |= 1 << (i % 64);
            }
        }
        if mask == Mask::default() {
            return true;
        }
        if let Some(seen) = self.seen.get(&(offset, mask)) {
            return *seen;
        }
        let blocked: Vec<bool> = (0..near.len()).map(|i| mask[i / 64] & (1 << (i % 64)) != 0).collect();
        let seen = search(offset, &near, &blocked);
        if self.seen.len() >= MOST_KEPT {
            self.seen.clear();
        }
        self.seen.insert((offset, mask), seen);
        seen
    }
}

/// The spaces that meet the hull of the origin's space and `to`'s: the only ones that can touch a
/// segment from one to the other.
fn touching_hull(to: Hex) -> Vec<Hex> {
    let from = Hex::ZERO;
    let hull = hull_of(&corners(from), &corners(to));
    near_line(from, to).into_iter().filter(|h| *h != from && *h != to && meets(&hull, &corners(*h))).collect()
}

/// Whether the origin sees `to`, some of the spaces near the line blocking.
fn search(to: Hex, near: &[Hex], blocked: &[bool]) -> bool {
    let from = Hex::ZERO;
    let (a, b) = (corners(from), corners(to));
    // A free segment runs through a chain of open spaces, each next to the one before: without
    // one there is no sight, and the long search below is spared.
    let open: Vec<Hex> = near.iter().zip(blocked).filter(|(_, b)| !**b).map(|(h, _)| *h).collect();
    if !chained(from, to, &open) {
        return false;
    }
    let blockers: Vec<(P, [P; 6])> = near.iter().zip(blocked).filter(|(_, b)| **b).map(|(h, _)| (centre(*h), corners(*h))).collect();
    // The blocker that stopped the last line tried is asked first: neighbouring lines mostly meet
    // the same one.
    let last = std::cell::Cell::new(0);
    let (ends_a, ends_b) = (Edges::of(&a), Edges::of(&b));
    let (centre_a, centre_b) = (centre(from), centre(to));
    let free = |p: P, q: P| -> bool {
        // A line farther than a corner from either space's centre misses it: settled before the
        // clipping (most of the lines tried).
        let len = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt();
        let far = |c: P| cross(p, q, c).abs() > (1.0 + TOUCH) * len;
        if far(centre_a) || far(centre_b) {
            return false;
        }
        let Some((s, e)) = clip_between(&ends_a, &ends_b, p, q) else { return false };
        let first = last.get();
        let order = std::iter::once(first).chain((0..blockers.len()).filter(|i| *i != first));
        for i in order {
            let (c, hex) = &blockers[i];
            if touches_near(*c, hex, s, e) {
                last.set(i);
                return false;
            }
        }
        true
    };
    if free(centre_a, centre_b) {
        return true;
    }
    let mut points: Vec<P> = a.iter().chain(b.iter()).copied().collect();
    for (_, hex) in &blockers {
        points.extend_from_slice(hex);
    }
    dedup(&mut points);
    for i in 0..points.len() {
        for j in (i + 1)..points.len() {
            let (u, v) = (points[i], points[j]);
            let len = (v.0 - u.0).hypot(v.1 - u.1);
            if len < 1e-6 || clear_of(u, v, len, centre_a) || clear_of(u, v, len, centre_b) {
                continue;
            }
            if nudged(u, v, len).into_iter().any(|(p, q)| free(p, q)) {
                return true;
            }
        }
    }
    false
}

/// The four lines tried for two points: each point nudged a little to one side or the other.
fn nudged(u: P, v: P, len: f64) -> [(P, P); 4] {
    let (dx, dy) = (v.0 - u.0, v.1 - u.1);
    let (nx, ny) = (-dy / len * NUDGE, dx / len * NUDGE);
    [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)].map(|(su, sv)| ((u.0 + nx * su, u.1 + ny * su), (v.0 + nx * sv, v.1 + ny * sv)))
}

/// Whether the line through u and v (`len` apart) passes so far from a space's centre that none of its
/// [`nudged`] lines meets the space: they stay within NUDGE * (1 + 2|t|) of it where it is t
/// lengths from u (any two corners are at least 1 apart). Settles most pairs before they are
/// nudged and clipped.
fn clear_of(u: P, v: P, len: f64, c: P) -> bool {
    let (dx, dy) = (v.0 - u.0, v.1 - u.1);
    let t = ((c.0 - u.0) * dx + (c.1 - u.1) * dy) / (len * len);
    cross(u, v, c).abs() / len > 1.05 + 4.0 * NUDGE * (1.0 + t.abs())
}

/// Every hex between two hexes that may meet the hull of the two: those within two of a hex on the
/// line drawn between their centres. (The hull is the segment between the centres widened by a
/// hexagon, so a hex meeting it has its centre within two corner radii of the segment; every point
/// of the segment is within two corner radii of a line hex's centre; hexes three apart have centres
/// at least four and a half radii apart.)
fn near_line(from: Hex, to: Hex) -> Vec<Hex> {
    // Within reach of both spaces, as the search always looked (what is behind either space never
    // blocks).
    let d = distance(from, to);
    let within = |h: &Hex| distance(*h, from) <= d && distance(*h, to) <= d;
    let mut v: Vec<Hex> = from.line_to(to).flat_map(|h| h.range(2)).filter(within).collect();
    v.sort_by_key(|h| (h.x, h.y));
    v.dedup();
    v
}

/// Whether a chain of these spaces, each next to the one before, joins `from` to `to`.
fn chained(from: Hex, to: Hex, open: &[Hex]) -> bool {
    let mut seen = vec![from];
    let mut frontier = vec![from];
    while let Some(h) = frontier.pop() {
        if distance(h, to) == 1 {
            return true;
        }
        let next: Vec<Hex> = open.iter().copied().filter(|n| distance(*n, h) == 1 && !seen.contains(n)).collect();
        seen.extend(&next);
        frontier.extend(next);
    }
    false
}

/// The convex hull of two hexagons (Andrew's monotone chain), counter-clockwise.
fn hull_of(a: &[P; 6], b: &[P; 6]) -> Vec<P> {
    let mut pts: Vec<P> = a.iter().chain(b.iter()).copied().collect();
    pts.sort_by(|p, q| p.partial_cmp(q).expect("corners are finite"));
    let mut lower: Vec<P> = Vec::new();
    for p in &pts {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], *p) <= 0.0 {
            lower.pop();
        }
        lower.push(*p);
    }
    let mut upper: Vec<P> = Vec::new();
    for p in pts.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], *p) <= 0.0 {
            upper.pop();
        }
        upper.push(*p);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// Whether two convex polygons meet, touching included (no separating axis among their edges,
/// with a margin so that a touch is never lost to rounding).
fn meets(p: &[P], q: &[P]) -> bool {
    let separated = |poly: &[P], other: &[P]| {
        (0..poly.len()).any(|i| {
            let (u, v) = (poly[i], poly[(i + 1) % poly.len()]);
            let n = (-(v.1 - u.1), v.0 - u.0);
            let proj = |x: &P| n.0 * x.0 + n.1 * x.1;
            let (pmin, pmax) = poly.iter().map(proj).fold((f64::INFINITY, f64::NEG_INFINITY), |m, x| (m.0.min(x), m.1.max(x)));
            let (qmin, qmax) = other.iter().map(proj).fold((f64::INFINITY, f64::NEG_INFINITY), |m, x| (m.0.min(x), m.1.max(x)));
            qmin > pmax + 1e-6 || pmin > qmax + 1e-6
        })
    };
    !separated(p, q) && !separated(q, p)
}

fn dedup(points: &mut Vec<P>) {
    let mut out: Vec<P> = Vec::with_capacity(points.len());
    for p in points.iter() {
        if !out.iter().any(|o| (o.0 - p.0).abs() < 1e-7 && (o.1 - p.1).abs() < 1e-7) {
            out.push(*p);
        }
    }
    *points = out;
}

/// A hexagon's edges, each as a corner and the edge's inward normal, worked out once for the many
/// lines tried against the shooter's and the target's spaces.
struct Edges([(P, P); 6]);

impl Edges {
    fn of(hex: &[P; 6]) -> Edges {
        let c = hex.iter().fold((0.0, 0.0), |s, v| (s.0 + v.0 / 6.0, s.1 + v.1 / 6.0));
        Edges(std::array::from_fn(|i| {
            let (v0, v1) = (hex[i], hex[(i + 1) % 6]);
            let n = (-(v1.1 - v0.1), v1.0 - v0.0);
            let inward = n.0 * (c.0 - v0.0) + n.1 * (c.1 - v0.1) >= 0.0;
            (v0, if inward { n } else { (-n.0, -n.1) })
        }))
    }
}

/// The part of the infinite line through p and q between the shooter's hex and the target's hex:
/// from the point of `a` nearest `b` along the line, to the point of `b` nearest `a`.
fn clip_between(a: &Edges, b: &Edges, p: P, q: P) -> Option<(P, P)> {
    let d = (q.0 - p.0, q.1 - p.1);
    let (a0, a1) = clip_interval(a, p, d)?;
    let (b0, b1) = clip_interval(b, p, d)?;
    let at = |t: f64| (p.0 + d.0 * t, p.1 + d.1 * t);
    if a1 <= b0 {
        Some((at(a1), at(b0)))
    } else if b1 <= a0 {
        Some((at(b1), at(a0)))
    } else {
        None
    }
}

/// Parameter interval where the line p + t·d lies inside the convex hexagon (Cyrus-Beck).
fn clip_interval(hex: &Edges, p: P, d: P) -> Option<(f64, f64)> {
    let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
    for (v0, n) in &hex.0 {
        let num = n.0 * (p.0 - v0.0) + n.1 * (p.1 - v0.1);
        let den = n.0 * d.0 + n.1 * d.1;
        if den.abs() < 1e-15 {
            if num < 0.0 {
                return None;
            }
        } else {
            let t = -num / den;
            if den > 0.0 {
                lo = lo.max(t);
            } else {
                hi = hi.min(t);
            }
        }
    }
    (lo < hi).then_some((lo, hi))
}

/// Whether the segment s-e touches the closed hexagon centred on `c`, settled at once by the circles
/// inside and around the hexagon when the segment passes far from it or through its middle.
fn touches_near(c: P, hex: &[P; 6], s: P, e: P) -> bool {
    let d = point_seg(c, s, e);
    if d > 1.0 + TOUCH {
        return false;
    }
    if d < 3f64.sqrt() / 2.0 - TOUCH {
        return true;
    }
    touches(hex, s, e)
}

/// Whether the segment s-e touches the closed hexagon.
fn touches(hex: &[P; 6], s: P, e: P) -> bool {
    if inside(hex, s) || inside(hex, e) {
        return true;
    }
    (0..6).any(|i| seg_dist(hex[i], hex[(i + 1) % 6], s, e) <= TOUCH)
}

fn inside(hex: &[P; 6], p: P) -> bool {
    let c = hex.iter().fold((0.0, 0.0), |s, v| (s.0 + v.0 / 6.0, s.1 + v.1 / 6.0));
    (0..6).all(|i| {
        let (v0, v1) = (hex[i], hex[(i + 1) % 6]);
        let side = |x: P| (v1.0 - v0.0) * (x.1 - v0.1) - (v1.1 - v0.1) * (x.0 - v0.0);
        side(p) * side(c) >= -TOUCH
    })
}

fn seg_dist(a: P, b: P, c: P, d: P) -> f64 {
    if segments_cross(a, b, c, d) {
        return 0.0;
    }
    point_seg(a, c, d).min(point_seg(b, c, d)).min(point_seg(c, a, b)).min(point_seg(d, a, b))
}

fn cross(o: P, a: P, b: P) -> f64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

fn segments_cross(a: P, b: P, c: P, d: P) -> bool {
    let (d1, d2) = (cross(c, d, a), cross(c, d, b));
    let (d3, d4) = (cross(a, b, c), cross(a, b, d));
    ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0)) && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
}

fn point_seg(p: P, a: P, b: P) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    let (x, y) = (a.0 + dx * t, a.1 + dy * t);
    ((p.0 - x).powi(2) + (p.1 - y).powi(2)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(q: i32, r: i32) -> Hex {
        Hex::new(q, r)
    }

    /// The hexes looked at are the same as every hex within reach of both (the search before).
    #[test]
    fn the_hexes_near_the_line_are_all_that_meet_the_hull() {
        for q in -9..=9 {
            for r in -9..=9 {
                let (from, to) = (h(0, 0), h(q, r));
                let d = distance(from, to);
                let hull = hull_of(&corners(from), &corners(to));
                let mut all: Vec<Hex> = from.range(d).filter(|x| distance(*x, to) <= d && meets(&hull, &corners(*x))).collect();
                let mut near: Vec<Hex> = near_line(from, to).into_iter().filter(|x| meets(&hull, &corners(*x))).collect();
                all.sort_by_key(|h| (h.x, h.y));
                near.sort_by_key(|h| (h.x, h.y));
                assert_eq!(near, all, "from {from:?} to {to:?}");
            }
        }
    }

    #[test]
    fn open_cave_sees() {
        assert!(has_line(h(0, 0), h(5, 0), |_| false));
    }

    #[test]
    fn a_wall_on_the_straight_row_blocks() {
        // On a straight row every segment passes through the middle space.
        assert!(!has_line(h(0, 0), h(2, 0), |x| x == h(1, 0)));
    }

    #[test]
    fn grazing_between_two_blockers_is_blocked() {
        // (0,0) to (1,1): the centre line runs along the edge between (1,0) and (0,1).
        let both = |x: Hex| x == h(1, 0) || x == h(0, 1);
        assert!(!has_line(h(0, 0), h(1, 1), both));
    }

    #[test]
    fn one_of_two_grazed_spaces_open_gives_sight() {
        assert!(has_line(h(0, 0), h(1, 1), |x| x == h(1, 0)));
        assert!(has_line(h(0, 0), h(1, 1), |x| x == h(0, 1)));
    }

    #[test]
    fn a_blocker_beside_the_line_does_not_block() {
        assert!(has_line(h(0, 0), h(3, 0), |x| x == h(1, -1) || x == h(2, 1)));
    }

    /// An answer kept from one question is the one a fresh search gives to another with the same
    /// offset and blockers, and never serves one whose blockers differ.
    #[test]
    fn a_kept_answer_is_the_answer_worked_out_afresh() {
        let blocked = |x: Hex| (x.x * 7 + x.y * 3).rem_euclid(5) == 0;
        let mut kept = Lines::default();
        // (3, -2) moves the pattern onto itself, (1, 0) and (0, 2) do not.
        for from in [h(0, 0), h(3, -2), h(1, 0), h(0, 2)] {
            for q in -6..=6 {
                for r in -6..=6 {
                    let to = from + h(q, r);
                    assert_eq!(kept.line(from, to, blocked), has_line(from, to, blocked), "{from:?} {to:?}");
                }
            }
        }
        assert!(!kept.seen.is_empty());
        // Lines too long for a kept answer (more near spaces than a mask holds) are worked out
        // each time, the same way.
        let sparse = |x: Hex| (x.x * 7 + x.y * 3).rem_euclid(23) == 0;
        for to in [h(150, 0), h(0, 150), h(-150, 75), h(145, -8)] {
            assert!(touching_hull(to).len() > 64 * Mask::default().len(), "{to:?} is a long line");
            assert_eq!(kept.line(h(0, 0), to, sparse), has_line(h(0, 0), to, sparse), "{to:?}");
        }
    }

    #[test]
    fn sight_is_symmetric_on_a_cluttered_cave() {
        let blocked = |x: Hex| (x.x * 7 + x.y * 3).rem_euclid(5) == 0;
        for q in -3..=3 {
            for r in -3..=3 {
                let (a, b) = (h(0, 0), h(q, r));
                if blocked(b) {
                    continue;
                }
                assert_eq!(has_line(a, b, blocked), has_line(b, a, blocked), "{a:?} {b:?}");
            }
        }
    }

    /// A pair of points `clear_of` a space's centre has no nudged line within a corner of it:
    /// centres are put just past the line at many places along it, some just inside the margin.
    #[test]
    fn a_pair_clear_of_a_space_has_no_nudged_line_near_it() {
        let mut checked = 0;
        for (u, v) in [((0.0, 0.0), (1.0, 0.0)), ((0.3, -2.0), (1.1, 5.0)), ((-4.0, 1.0), (6.0, 1.7))] {
            let (dx, dy) = (v.0 - u.0, v.1 - u.1);
            let len: f64 = f64::hypot(dx, dy);
            let normal = (-dy / len, dx / len);
            for step in -60..=60 {
                let t = f64::from(step) / 2.0;
                for off in [1.0, 1.0001, 1.001, 1.01, 1.05, 1.051, 1.06, 1.1, 1.5] {
                    for side in [1.0, -1.0] {
                        let c = (u.0 + dx * t + normal.0 * off * side, u.1 + dy * t + normal.1 * off * side);
                        if !clear_of(u, v, len, c) {
                            continue;
                        }
                        checked += 1;
                        for (p, q) in nudged(u, v, len) {
                            let d = cross(p, q, c).abs() / f64::hypot(q.0 - p.0, q.1 - p.1);
                            assert!(d > 1.0 + TOUCH, "{u:?} {v:?} {c:?}: a nudged line passes {d} from the centre");
                        }
                    }
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
