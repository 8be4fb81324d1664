//! Thermograph walls: continuous piecewise-linear functions of the temperature
//! t on `[-1, ∞)` with dyadic breakpoints and integer slopes, exactly.
//!
//! A wall is a list of segments in increasing temperature; the first starts at
//! −1 and the last runs to infinity. Invariant (kept by [`Wall::normalize`]):
//! neighbouring segments have different slopes, so the breakpoints are exactly
//! the *critical points* where the slope changes. Breakpoints are found by
//! dividing by a difference of slopes; thermographs of short games only ever
//! divide by 1, 2 or 4 (left walls have slopes −1 and 0, right walls 0 and 1),
//! and any other divisor is reported as an error rather than rounded.
//!
//! The domain starts at −1, as in CGSuite: a number's thermograph below
//! temperature 0 records how fast it freezes (1/2 freezes at −1/2), which
//! gives its temperature −1/2^k.

use std::fmt;

use crate::error::{Error, Result};
use crate::number::Dyadic;

/// One linear piece: from `start` (inclusive) to the next piece's start.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seg {
    start: Dyadic,
    value: Dyadic,
    slope: i64,
}

/// A continuous piecewise-linear function of temperature on `[-1, ∞)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    segs: Vec<Seg>,
}

fn minus_one() -> Dyadic {
    Dyadic::from_i64(-1)
}

fn times(x: &Dyadic, k: i64) -> Result<Dyadic> {
    x.checked_mul(&Dyadic::from_i64(k))
}

/// `x / k` for k = ±2^j; other divisors would leave the dyadic numbers.
fn divide(x: &Dyadic, k: i64) -> Result<Dyadic> {
    let m = k.unsigned_abs();
    if m == 0 || !m.is_power_of_two() {
        return Err(Error::invalid("a thermograph breakpoint is not a dyadic rational"));
    }
    let q = x.div_pow2(m.trailing_zeros())?;
    Ok(if k < 0 { -q } else { q })
}

impl Seg {
    fn at(&self, t: &Dyadic) -> Result<Dyadic> {
        Ok(&self.value + &times(&(t - &self.start), self.slope)?)
    }
}

impl Wall {
    /// The constant function `x` (the wall of the integer x's mast).
    pub fn constant(x: Dyadic) -> Self {
        Wall { segs: vec![Seg { start: minus_one(), value: x, slope: 0 }] }
    }

    /// The value at temperature `t` (`t ≥ −1`; below −1 the first piece is
    /// extended).
    pub fn value_at(&self, t: &Dyadic) -> Result<Dyadic> {
        let i = self.segs.iter().rposition(|s| s.start <= *t).unwrap_or(0);
        self.segs[i].at(t)
    }

    /// The critical points (where the slope changes), highest first.
    pub fn critical_points(&self) -> Vec<Dyadic> {
        self.segs.iter().skip(1).rev().map(|s| s.start.clone()).collect()
    }

    /// The slopes from the top down: the mast's slope first, the slope just
    /// above −1 last (one more than there are critical points).
    pub fn slopes(&self) -> Vec<i64> {
        self.segs.iter().rev().map(|s| s.slope).collect()
    }

    /// The value at the highest critical point (the constant for a wall
    /// without one): where the mast starts.
    pub fn mast_value(&self) -> Dyadic {
        self.segs.last().map(|s| s.value.clone()).unwrap_or_default()
    }

    /// The highest critical point, or −1 for a wall without one.
    pub fn top(&self) -> Dyadic {
        if self.segs.len() > 1 {
            self.segs.last().map(|s| s.start.clone()).unwrap_or_else(minus_one)
        } else {
            minus_one()
        }
    }

    /// This wall plus `c·t`.
    pub fn tilt(&self, c: i64) -> Result<Wall> {
        let mut segs = Vec::with_capacity(self.segs.len());
        for s in &self.segs {
            let slope = s.slope.checked_add(c).ok_or_else(slope_overflow)?;
            segs.push(Seg {
                start: s.start.clone(),
                value: &s.value + &times(&s.start, c)?,
                slope,
            });
        }
        Ok(Wall::normalize(segs))
    }

    /// Merges neighbouring pieces of equal slope (the function is continuous,
    /// so they lie on one line) and drops empty pieces.
    fn normalize(segs: Vec<Seg>) -> Wall {
        let mut out: Vec<Seg> = Vec::with_capacity(segs.len());
        for s in segs {
            if let Some(last) = out.last_mut() {
                if last.start == s.start {
                    *last = s;
                    continue;
                }
                if last.slope == s.slope {
                    continue;
                }
            }
            out.push(s);
        }
        Wall { segs: out }
    }

    /// Every breakpoint of `a` or `b`, increasing, starting at −1.
    fn breakpoints(a: &Wall, b: &Wall) -> Vec<Dyadic> {
        let mut points: Vec<Dyadic> =
            a.segs.iter().chain(b.segs.iter()).map(|s| s.start.clone()).collect();
        points.sort();
        points.dedup();
        points
    }

    /// The pointwise maximum (`max`) or minimum of two walls.
    pub fn combine(a: &Wall, b: &Wall, max: bool) -> Result<Wall> {
        let points = Wall::breakpoints(a, b);
        let mut segs = Vec::with_capacity(points.len() + 2);
        for (i, p) in points.iter().enumerate() {
            let next = points.get(i + 1);
            let (sa, sb) = (a.piece_at(p), b.piece_at(p));
            let (va, vb) = (sa.at(p)?, sb.at(p)?);
            // Which is chosen at p (ties go to the one that wins just above).
            let a_wins = |va: &Dyadic, vb: &Dyadic| {
                if va != vb { (va > vb) == max } else { (sa.slope >= sb.slope) == max }
            };
            let first_a = a_wins(&va, &vb);
            let pick = |use_a: bool, start: Dyadic| -> Result<Seg> {
                let s = if use_a { sa } else { sb };
                Ok(Seg { value: s.at(&start)?, start, slope: s.slope })
            };
            segs.push(pick(first_a, p.clone())?);
            if sa.slope != sb.slope && va != vb {
                let c = p + &divide(&(&vb - &va), sa.slope - sb.slope)?;
                if c > *p && next.is_none_or(|q| c < *q) {
                    segs.push(pick(!first_a, c)?);
                }
            }
        }
        Ok(Wall::normalize(segs))
    }

    /// The piece in force just above `t`.
    fn piece_at(&self, t: &Dyadic) -> &Seg {
        let i = self.segs.iter().rposition(|s| s.start <= *t).unwrap_or(0);
        &self.segs[i]
    }

    /// The walls of the thermograph whose scaffolds are `left` (the Left
    /// options' right walls, maximised, tilted by −t) and `right` (the Right
    /// options' left walls, minimised, tilted by +t).
    ///
    /// Where `left ≥ right` (a hill) the walls are the scaffolds. Elsewhere (a
    /// cave) both walls are one mast: it starts where the scaffolds cross (at
    /// −1 inside a cave, at the value between them nearest to 0), stays
    /// vertical, and is pushed along by a scaffold that runs into it.
    pub fn intersect(left: &Wall, right: &Wall) -> Result<(Wall, Wall)> {
        let mut points = Wall::breakpoints(left, right);
        // Add the scaffolds' crossings so each piece is all hill or all cave.
        let mut extra = Vec::new();
        for (i, p) in points.iter().enumerate() {
            let (sl, sr) = (left.piece_at(p), right.piece_at(p));
            let (vl, vr) = (sl.at(p)?, sr.at(p)?);
            if sl.slope != sr.slope && vl != vr {
                let c = p + &divide(&(&vr - &vl), sl.slope - sr.slope)?;
                if c > *p && points.get(i + 1).is_none_or(|q| c < *q) {
                    extra.push(c);
                }
            }
        }
        points.extend(extra);
        points.sort();
        points.dedup();

        let (mut lw, mut rw) = (Vec::new(), Vec::new());
        let mut mast: Option<Dyadic> = None; // the cave's mast value, inside a cave
        for (i, p) in points.iter().enumerate() {
            let next = points.get(i + 1);
            let (sl, sr) = (left.piece_at(p), right.piece_at(p));
            let (vl, vr) = (sl.at(p)?, sr.at(p)?);
            let hill = vl > vr || (vl == vr && sl.slope >= sr.slope);
            if hill {
                lw.push(Seg { start: p.clone(), value: vl, slope: sl.slope });
                rw.push(Seg { start: p.clone(), value: vr, slope: sr.slope });
                mast = None;
                continue;
            }
            let v = match mast.take() {
                Some(v) => v,
                None if i == 0 => {
                    // A cave from the base: the value between the scaffolds nearest 0.
                    let zero = Dyadic::zero();
                    if vl > zero {
                        vl.clone()
                    } else if vr < zero {
                        vr.clone()
                    } else {
                        zero
                    }
                }
                None => vl.clone(),
            };
            // A scaffold pushes the mast once it reaches it inside this piece.
            let mut pieces = vec![Seg { start: p.clone(), value: v.clone(), slope: 0 }];
            // The first scaffold to reach the mast (a rising left one or a
            // falling right one) carries it; they cannot cross inside a cave.
            let mut push: Option<(Dyadic, i64)> = None;
            for (s, vs, pushes) in [(sl, &vl, sl.slope > 0), (sr, &vr, sr.slope < 0)] {
                if pushes {
                    let c = p + &divide(&(&v - vs), s.slope)?;
                    if next.is_none_or(|q| c < *q) && push.as_ref().is_none_or(|(b, _)| c < *b) {
                        push = Some((c, s.slope));
                    }
                }
            }
            if let Some((c, slope)) = push {
                pieces.push(Seg { start: c, value: v.clone(), slope });
            }
            let end = match next {
                Some(q) => pieces.last().map(|s| s.at(q)).transpose()?.unwrap_or(v),
                None => v,
            };
            mast = Some(end);
            lw.extend(pieces.iter().cloned());
            rw.extend(pieces);
        }
        Ok((Wall::normalize(lw), Wall::normalize(rw)))
    }
}

fn slope_overflow() -> Error {
    Error::invalid("a thermograph slope is out of range")
}

impl fmt::Display for Wall {
    /// CGSuite's form of a trajectory: mast value, critical points (highest
    /// first), slopes (mast first): `0,[1],[0,-1]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},[", self.mast_value())?;
        for (i, c) in self.critical_points().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str("],[")?;
        for (i, s) in self.slopes().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{s}")?;
        }
        f.write_str("]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, k: u32) -> Dyadic {
        Dyadic::new(n, k)
    }

    #[test]
    fn a_switch_is_a_hill_then_a_mast() {
        // ±1: scaffolds 1 − t and −1 + t meet at t = 1, value 0.
        let (l, r) = Wall::intersect(
            &Wall::constant(d(1, 0)).tilt(-1).unwrap(),
            &Wall::constant(d(-1, 0)).tilt(1).unwrap(),
        )
        .unwrap();
        assert_eq!(l.to_string(), "0,[1],[0,-1]");
        assert_eq!(r.to_string(), "0,[1],[0,1]");
        assert_eq!(l.value_at(&d(1, 1)).unwrap(), d(1, 1));
        assert_eq!(r.value_at(&d(5, 0)).unwrap(), d(0, 0));
    }

    #[test]
    fn one_half_freezes_at_minus_one_half() {
        let (l, r) = Wall::intersect(
            &Wall::constant(d(0, 0)).tilt(-1).unwrap(),
            &Wall::constant(d(1, 0)).tilt(1).unwrap(),
        )
        .unwrap();
        assert_eq!(l.to_string(), "1/2,[-1/2],[0,-1]");
        assert_eq!(r.to_string(), "1/2,[-1/2],[0,1]");
    }

    #[test]
    fn a_cave_from_the_base_takes_the_value_nearest_zero() {
        // Scaffolds 2 − t and 3 + t: at −1 they are 3 and 2, a hill up to
        // t = −1/2 where both are 5/2.
        let (l, r) = Wall::intersect(
            &Wall::constant(d(2, 0)).tilt(-1).unwrap(),
            &Wall::constant(d(3, 0)).tilt(1).unwrap(),
        )
        .unwrap();
        assert_eq!(l.to_string(), "5/2,[-1/2],[0,-1]");
        assert_eq!(r.to_string(), "5/2,[-1/2],[0,1]");
        // Scaffolds 1 and 4: a cave from the base, its mast at 1.
        let (l, r) = Wall::intersect(&Wall::constant(d(1, 0)), &Wall::constant(d(4, 0))).unwrap();
        assert_eq!((l.to_string(), r.to_string()), ("1,[],[0]".into(), "1,[],[0]".into()));
    }

    #[test]
    fn a_rising_left_scaffold_carries_the_mast() {
        // Left scaffold t − 2, right scaffold 5: a cave from the base with its
        // mast at 0 until t = 2, then the mast follows t − 2 up to the hill
        // that starts at t = 7.
        let left = Wall::constant(d(-2, 0)).tilt(1).unwrap();
        let (l, r) = Wall::intersect(&left, &Wall::constant(d(5, 0))).unwrap();
        assert_eq!(l.to_string(), "0,[2],[1,0]");
        assert_eq!(r.to_string(), "5,[7,2],[0,1,0]");
    }

    #[test]
    fn max_and_min_find_crossings() {
        let a = Wall::constant(d(0, 0)).tilt(1).unwrap(); // t
        let b = Wall::constant(d(1, 1)); // 1/2
        let m = Wall::combine(&a, &b, true).unwrap();
        assert_eq!(m.to_string(), "1/2,[1/2],[1,0]");
        let n = Wall::combine(&a, &b, false).unwrap();
        assert_eq!(n.to_string(), "1/2,[1/2],[0,1]");
        assert_eq!(divide(&d(1, 0), 3).unwrap_err().kind(), crate::ErrorKind::InvalidInput);
    }
}
