//! Upsums, downsums, the degree of loopiness and the variety of stoppers
//! (Siegel, *Combinatorial Game Theory*, VI.4–VI.5).
//!
//! For stoppers `G` and `H`, the upsum `G +⁺ H` is the onside of `G + H`
//! (infinite play counted a win for Left) and the downsum `G +⁻ H` its
//! offside. The degree of `G` is `G +⁺ −G` (`0` for a short game), an
//! idempotent `D` is a stopper with `D + D = D`, and relative to an
//! idempotent `D`:
//!
//! - the upsum variety is `G +⁺ (−G +⁻ −D)`,
//! - the downsum variety is `G +⁻ (−G +⁺ D)`.
//!
//! `G` is stable when both are equal for `D` its degree; that common value
//! is the variety of `G`. Every function here is a few sums and onsides or
//! offsides of [`super::canonical`]; the sums are bounded by `max_nodes`
//! positions and the rest by the [`Budget`].

use super::canonical::{SidedValue, side, stoppers_equal};
use super::graph::LoopyGame;
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};

/// The message of a variety asked for with a degree that is not idempotent.
pub const NOT_IDEMPOTENT: &str = "Variety degree must be an idempotent.";

/// The message of a variety of a game that is not stable.
pub const NOT_STABLE: &str = "That game is not stable.";

/// `0` as a loopy game.
fn zero() -> LoopyGame {
    LoopyGame::packed(&[Vec::new()], &[Vec::new()], 0)
}

/// The upsum `g +⁺ h` of two stoppers, as a canonical stopper.
pub fn upsum(g: &LoopyGame, h: &LoopyGame, max_nodes: usize, budget: &Budget) -> Result<LoopyGame> {
    side(&g.sum(h, max_nodes)?, true, budget)
}

/// The downsum `g +⁻ h` of two stoppers, as a canonical stopper.
pub fn downsum(
    g: &LoopyGame,
    h: &LoopyGame,
    max_nodes: usize,
    budget: &Budget,
) -> Result<LoopyGame> {
    side(&g.sum(h, max_nodes)?, false, budget)
}

/// The degree of loopiness `g +⁺ −g` of the stopper `g`: `0` when `g` is a
/// short game, and always an idempotent ≥ 0.
pub fn degree(g: &LoopyGame, max_nodes: usize, budget: &Budget) -> Result<LoopyGame> {
    if g.is_loopfree() {
        return Ok(zero());
    }
    upsum(g, &g.negative(), max_nodes, budget)
}

/// Whether the stopper `d` is idempotent: `d + d = d`.
pub fn is_idempotent(d: &LoopyGame, max_nodes: usize, budget: &Budget) -> Result<bool> {
    let v = SidedValue::of(d, budget)?;
    let twice = v.sum(&v, max_nodes, budget)?;
    twice.equals(&v, budget)
}

fn idempotent(d: &LoopyGame, max_nodes: usize, budget: &Budget) -> Result<()> {
    if is_idempotent(d, max_nodes, budget)? {
        Ok(())
    } else {
        Err(Error::new(ErrorKind::InvalidInput, NOT_IDEMPOTENT))
    }
}

/// The upsum variety `g +⁺ (−g +⁻ −d)` of `g` relative to the idempotent
/// `d`. Fails if `d` is not idempotent.
pub fn upsum_variety(
    g: &LoopyGame,
    d: &LoopyGame,
    max_nodes: usize,
    budget: &Budget,
) -> Result<LoopyGame> {
    idempotent(d, max_nodes, budget)?;
    let inner = downsum(&g.negative(), &d.negative(), max_nodes, budget)?;
    upsum(g, &inner, max_nodes, budget)
}

/// The downsum variety `g +⁻ (−g +⁺ d)` of `g` relative to the idempotent
/// `d`. Fails if `d` is not idempotent.
pub fn downsum_variety(
    g: &LoopyGame,
    d: &LoopyGame,
    max_nodes: usize,
    budget: &Budget,
) -> Result<LoopyGame> {
    idempotent(d, max_nodes, budget)?;
    let inner = upsum(&g.negative(), d, max_nodes, budget)?;
    downsum(g, &inner, max_nodes, budget)
}

/// The two varieties of `g` relative to its degree (upsum first).
fn varieties(g: &LoopyGame, max_nodes: usize, budget: &Budget) -> Result<(LoopyGame, LoopyGame)> {
    let d = degree(g, max_nodes, budget)?;
    Ok((upsum_variety(g, &d, max_nodes, budget)?, downsum_variety(g, &d, max_nodes, budget)?))
}

/// Whether `g` is stable: its upsum and downsum varieties relative to its
/// degree are equal. Fails if its degree is not idempotent.
pub fn is_stable(g: &LoopyGame, max_nodes: usize, budget: &Budget) -> Result<bool> {
    let (up, down) = varieties(g, max_nodes, budget)?;
    stoppers_equal(&up, &down, budget)
}

/// The variety of the stable stopper `g`. Fails with [`NOT_STABLE`] when
/// `g` is not stable, or [`NOT_IDEMPOTENT`] when its degree is not
/// idempotent.
pub fn variety(g: &LoopyGame, max_nodes: usize, budget: &Budget) -> Result<LoopyGame> {
    let (up, down) = varieties(g, max_nodes, budget)?;
    if stoppers_equal(&up, &down, budget)? {
        Ok(up)
    } else {
        Err(Error::new(ErrorKind::InvalidInput, NOT_STABLE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Arena;
    use crate::loopy::partizan::canonical_stopper;
    use crate::loopy::partizan::parse::{Literal, MAX_SUM_NODES, parse_literal};
    use crate::loopy::partizan::print::print_stopper;

    fn stopper(text: &str, arena: &mut Arena) -> LoopyGame {
        let budget = Budget::unlimited();
        let Literal::Game(g) = parse_literal(text, arena, &budget).unwrap() else {
            panic!("{text} is not a stopper literal");
        };
        canonical_stopper(&g, &budget).unwrap()
    }

    fn show(r: Result<LoopyGame>, arena: &mut Arena) -> String {
        match r {
            Ok(g) => print_stopper(&g, arena, &Budget::unlimited()).unwrap(),
            Err(e) => format!("!!{}", e.message()),
        }
    }

    /// CGSuite's expected degrees, varieties and idempotence (its
    /// `CanonicalStopperTestCase`, printed in its notation).
    #[test]
    fn degrees_and_varieties_of_cgsuite_examples() {
        let b = Budget::unlimited();
        let m = MAX_SUM_NODES;
        let cases = [
            ("on", "on", "on"),
            ("off", "on", "off"),
            ("over", "over", "over"),
            ("{pass|3/2}", "over", "under"),
            ("{-1/4+*|pass}", "^<on>", "^<on>"),
            (
                "{0|||0||0|off}",
                "{0||||0|||Miny(on)|0||off}",
                "!!Variety degree must be an idempotent.",
            ),
            ("{on|0||0}", "Tiny(on)", "Miny(on)"),
            ("{0||0|under}", "Tiny(over)", "Tiny(over)"),
            ("+-{0|pass}", "over", "+-over"),
            ("+-{5|pass}", "over", "+-{10over|over}"),
            ("a{0||||0|||a|*||*}", "{0|a{0|0,{0|||a|0||0}}}", "{a{0,{0||0|a|||0}|0}|0}"),
            (
                "a{0|{0||||0,*2|||a|0||0}||0}",
                "a{0||0|{0|a||0,*2|||0||||0}}",
                "!!That game is not stable.",
            ),
        ];
        for (text, degree_text, variety_text) in cases {
            let mut arena = Arena::new();
            let g = stopper(text, &mut arena);
            let d = degree(&g, m, &b);
            assert_eq!(show(d, &mut arena), degree_text, "degree of {text}");
            let v = variety(&g, m, &b);
            assert_eq!(show(v, &mut arena), variety_text, "variety of {text}");
        }
    }

    #[test]
    fn idempotents_of_cgsuite_examples() {
        let b = Budget::unlimited();
        let m = MAX_SUM_NODES;
        let cases = [
            ("on", true),
            ("off", true),
            ("over", true),
            ("{pass|3/2}", false),
            ("{-1/4+*|pass}", false),
            ("{on|0||0}", true),
            ("{0||0|under}", true),
            ("+-{0|pass}", false),
            ("a{0||||0|||a|*||*}", false),
        ];
        for (text, want) in cases {
            let mut arena = Arena::new();
            let g = stopper(text, &mut arena);
            assert_eq!(is_idempotent(&g, m, &b).unwrap(), want, "{text}");
        }
    }

    #[test]
    fn short_games_have_degree_zero() {
        let mut arena = Arena::new();
        let g = stopper("{1|*}", &mut arena);
        let d = degree(&g, MAX_SUM_NODES, &Budget::unlimited()).unwrap();
        assert_eq!(show(Ok(d), &mut arena), "0");
    }
}
