//! Stops of stoppers: the pseudonumber play settles on when both players
//! play to stop (Siegel, *Combinatorial Game Theory*, VI.2).
//!
//! A pseudonumber is `off`, a number `x`, `x over` = {x | pass}, `x under`
//! = {pass | x}, or `on`, ordered
//! `off < x under < x < x over < y under < … < on` for `x < y`. The Left stop of
//! a stopper is its value when it is a pseudonumber, else the greatest Right
//! stop of its Left options; the Right stop, the least Left stop of its
//! Right options. Because a stopper has no infinite alternating play, this
//! recursion over the states (node, player to move) ends: it is computed
//! once per state with an explicit stack, so its cost is linear in the
//! edges of the game.

use std::fmt;

use super::graph::{Builder, LoopyGame};
use super::print::short_values;
use crate::error::{Error, Result};
use crate::game::{Arena, GameId};
use crate::number::Dyadic;

/// Which side of a number a pseudonumber leans to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tilt {
    /// `x under` = {pass | x}: just below `x`.
    Under,
    /// The number `x` itself.
    Exact,
    /// `x over` = {x | pass}: just above `x`.
    Over,
}

/// A pseudonumber, the value of a stop of a stopper. The derived order is
/// the order of the games: `Off` below every number, `On` above.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pseudonumber {
    /// `off` = {| pass}.
    Off,
    /// A number, or `x over` / `x under`.
    Number(Dyadic, Tilt),
    /// `on` = {pass |}.
    On,
}

impl Pseudonumber {
    /// The pseudonumber as a loopy game (a short game for a plain number).
    pub fn game(&self, arena: &mut Arena) -> Result<LoopyGame> {
        match self {
            Pseudonumber::On => Ok(LoopyGame::on()),
            Pseudonumber::Off => Ok(LoopyGame::off()),
            Pseudonumber::Number(x, tilt) => {
                let id = arena.dyadic(x)?;
                let mut b = Builder::new();
                let num = b.add_short(arena, id)?;
                if *tilt == Tilt::Exact {
                    return b.finish(num);
                }
                let v = b.add_node()?;
                if *tilt == Tilt::Over {
                    b.add_left(v, num);
                    b.add_right(v, v);
                } else {
                    b.add_left(v, v);
                    b.add_right(v, num);
                }
                b.finish(v)
            }
        }
    }
}

/// CGSuite's notation: `on`, `off`, `3/2`, `over`, `5over`, `-1/2under`.
impl fmt::Display for Pseudonumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pseudonumber::On => f.write_str("on"),
            Pseudonumber::Off => f.write_str("off"),
            Pseudonumber::Number(x, Tilt::Exact) => write!(f, "{x}"),
            Pseudonumber::Number(x, tilt) => {
                if !x.is_zero() {
                    write!(f, "{x}")?;
                }
                f.write_str(if *tilt == Tilt::Over { "over" } else { "under" })
            }
        }
    }
}

/// The Left and Right stops of a stopper.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Stops {
    /// The stop when Left moves first.
    pub left: Pseudonumber,
    /// The stop when Right moves first.
    pub right: Pseudonumber,
}

/// The pseudonumber node `v` of `g` is, if it is one.
fn pseudonumber(
    g: &LoopyGame,
    short: &[Option<GameId>],
    arena: &Arena,
    v: u32,
) -> Option<Pseudonumber> {
    let (l, r) = (g.left(v), g.right(v));
    let number = |w: u32| short[w as usize].and_then(|id| arena.as_number(id));
    if let Some(x) = number(v) {
        return Some(Pseudonumber::Number(x, Tilt::Exact));
    }
    match (l, r) {
        ([a], []) if *a == v => Some(Pseudonumber::On),
        ([], [a]) if *a == v => Some(Pseudonumber::Off),
        ([x], [a]) if *a == v => number(*x).map(|x| Pseudonumber::Number(x, Tilt::Over)),
        ([a], [x]) if *a == v => number(*x).map(|x| Pseudonumber::Number(x, Tilt::Under)),
        _ => None,
    }
}

/// The stops of the stopper `g` (at its start).
///
/// Fails if `g` is not a stopper, or if a position that is not a
/// pseudonumber leaves the player to move without a move (no canonical
/// stopper has one).
pub fn stops(g: &LoopyGame, arena: &mut Arena) -> Result<Stops> {
    let all = stops_of_states(g, arena)?;
    Ok(Stops { left: all[0].clone(), right: all[1].clone() })
}

/// The stop of every state `2v` (Left to move at `v`) and `2v + 1`.
fn stops_of_states(g: &LoopyGame, arena: &mut Arena) -> Result<Vec<Pseudonumber>> {
    let short = short_values(g, arena)?;
    let n = g.len();
    let mut stop: Vec<Option<Pseudonumber>> = vec![None; 2 * n];
    // Short nodes and pseudonumbers are settled at once.
    for v in 0..n as u32 {
        if let Some(p) = pseudonumber(g, &short, arena, v) {
            stop[2 * v as usize] = Some(p.clone());
            stop[2 * v as usize + 1] = Some(p);
        } else if let Some(id) = short[v as usize] {
            let (l, r) = arena.stops(id)?;
            stop[2 * v as usize] = Some(Pseudonumber::Number(l, Tilt::Exact));
            stop[2 * v as usize + 1] = Some(Pseudonumber::Number(r, Tilt::Exact));
        }
    }
    let successors = |s: usize| -> &[u32] {
        let v = (s / 2) as u32;
        if s % 2 == 0 { g.left(v) } else { g.right(v) }
    };
    let mut on_stack = vec![false; 2 * n];
    for root in 0..2 * n {
        if stop[root].is_some() {
            continue;
        }
        // Depth-first, each state pushed again after its successors.
        let mut stack = vec![(root, false)];
        while let Some((s, expanded)) = stack.pop() {
            if stop[s].is_some() {
                continue;
            }
            let next = |w: u32| 2 * w as usize + if s % 2 == 0 { 1 } else { 0 };
            if expanded {
                on_stack[s] = false;
                let values = successors(s).iter().map(|&w| stop[next(w)].clone());
                let best = if s % 2 == 0 { values.max() } else { values.min() };
                let Some(Some(best)) = best else {
                    return Err(Error::invalid(format!(
                        "node {} has no move for {} and is not a pseudonumber",
                        s / 2,
                        if s % 2 == 0 { "Left" } else { "Right" }
                    )));
                };
                stop[s] = Some(best);
                continue;
            }
            on_stack[s] = true;
            stack.push((s, true));
            for &w in successors(s) {
                let t = next(w);
                if on_stack[t] {
                    return Err(Error::invalid(
                        "the game is not a stopper: play can alternate forever, so it has no stops",
                    ));
                }
                if stop[t].is_none() {
                    stack.push((t, false));
                }
            }
        }
    }
    Ok(stop.into_iter().map(|p| p.unwrap_or(Pseudonumber::Off)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;
    use crate::loopy::partizan::canonical_stopper;
    use crate::loopy::partizan::parse::{Literal, parse_literal};

    fn stops_of(text: &str) -> (String, String) {
        let mut arena = Arena::new();
        let budget = Budget::unlimited();
        let Literal::Game(g) = parse_literal(text, &mut arena, &budget).unwrap() else {
            panic!("{text} is not a stopper literal");
        };
        let g = canonical_stopper(&g, &budget).unwrap();
        let s = stops(&g, &mut arena).unwrap();
        (s.left.to_string(), s.right.to_string())
    }

    /// CGSuite's expected stops (its `CanonicalStopperTestCase`).
    #[test]
    fn stops_of_cgsuite_examples() {
        let cases = [
            ("on", "on", "on"),
            ("off", "off", "off"),
            ("over", "over", "over"),
            ("{pass|3/2}", "3/2under", "3/2under"),
            ("{-1/4+*|pass}", "-1/4", "-1/4"),
            ("{0||0|0,pass}", "0", "0"),
            ("{0|||0||0|off}", "0", "0"),
            ("{on|0||0}", "0", "0"),
            ("{0||0|under}", "0", "0"),
            ("+-{0|pass}", "over", "under"),
            ("+-{5|pass}", "5over", "-5under"),
            ("a{0||||0|||a|*||*}", "0", "0"),
            ("a{0|{0||||0,*2|||a|0||0}||0}", "0", "0"),
            ("{3|1}", "3", "1"),
            ("{on|off}", "on", "off"),
            ("{1|pass}", "1over", "1over"),
        ];
        for (text, left, right) in cases {
            assert_eq!(stops_of(text), (left.to_string(), right.to_string()), "{text}");
        }
    }

    #[test]
    fn pseudonumbers_are_ordered_as_games() {
        let x = |n: i64, t| Pseudonumber::Number(Dyadic::from(n), t);
        let order = [
            Pseudonumber::Off,
            x(-1, Tilt::Over),
            x(0, Tilt::Under),
            x(0, Tilt::Exact),
            x(0, Tilt::Over),
            x(1, Tilt::Under),
            Pseudonumber::On,
        ];
        assert!(order.windows(2).all(|w| w[0] < w[1]));
        // And as games: each built game is below the next.
        let mut arena = Arena::new();
        let budget = Budget::unlimited();
        let games: Vec<LoopyGame> = order.iter().map(|p| p.game(&mut arena).unwrap()).collect();
        for w in games.windows(2) {
            let le = crate::loopy::partizan::leq(
                &w[0],
                0,
                &w[1],
                0,
                crate::loopy::partizan::Rule::Stopper,
                &budget,
            );
            assert!(le.unwrap());
        }
    }
}
