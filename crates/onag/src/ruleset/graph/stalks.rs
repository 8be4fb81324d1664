//! Blue-Red Hackenbush strings (stalks, or towers of white and black cubes
//! in the Procrastination puzzle) valued without search.
//!
//! A string is a path of edges standing on the ground, read from the ground
//! up: `l` a blue edge (Left's), `r` a red edge (Right's), as in CGSuite's
//! Hackenbush strings. Cutting an edge removes it and everything above it.
//! Every position is a number, given in O(n) by Berlekamp's rule: the run of
//! edges of the first edge's colour counts ±1 each, and every later edge
//! counts ±1/2, ±1/4, ±1/8, … in turn (+ for blue, − for red). So `lrlrrllr`
//! is 1 − 1/2 + 1/4 − 1/8 − 1/16 + 1/32 + 1/64 − 1/128 = 77/128. Conversely
//! the shortest string of a number is its sign expansion ([`Stalk::of_value`]).
//!
//! A sum of strings is the sum of their numbers; Left wins a number x > 0
//! whoever starts, Right wins x < 0, and the second player wins 0. A cut is
//! winning for Left when the sum after it is ≥ 0 (Right then moves first on a
//! number that is not negative), for Right when it is ≤ 0. Comparing two sets
//! of strings "for every further string T, if Left wins C2 + T then Left wins
//! C1 + T" is the comparison C1 ≥ C2 of their sums ([`at_least_as_good`]).

use std::fmt;

use crate::error::{Error, Location, Result};
use crate::game::PartizanOutcome;
use crate::number::Dyadic;
use crate::ruleset::position::Player;

/// A Blue-Red string: its edges from the ground up, `true` for blue.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Stalk {
    blue: Vec<bool>,
}

impl Stalk {
    /// Reads a string of `l` (blue) and `r` (red); spaces are skipped. An
    /// empty string is the empty stalk, 0. Other characters are errors at
    /// their column.
    pub fn parse(text: &str) -> Result<Stalk> {
        let mut blue = Vec::with_capacity(text.len());
        for (at, c) in text.char_indices() {
            match c {
                'l' => blue.push(true),
                'r' => blue.push(false),
                ' ' => {}
                _ => {
                    return Err(Error::syntax(
                        Location::of_offset(text, at),
                        format!(
                            "a Blue-Red string has only 'l' (blue) and 'r' (red) edges, not '{c}'"
                        ),
                    ));
                }
            }
        }
        Ok(Stalk { blue })
    }

    /// The string with these edges, from the ground up (`true` for blue).
    pub fn from_edges(blue: Vec<bool>) -> Stalk {
        Stalk { blue }
    }

    /// The shortest string whose value is `x`: its sign expansion (`+` blue,
    /// `−` red). Its length is the birthday of `x`.
    pub fn of_value(x: &Dyadic) -> Stalk {
        let sign = x.signum();
        if sign == 0 {
            return Stalk::default();
        }
        let positive = sign > 0;
        let a = if positive { x.clone() } else { -x };
        // The integer run: ⌈a⌉ edges of the first colour.
        let run = a.ceil();
        let mut blue = Vec::new();
        let mut count = num_bigint::BigInt::from(0);
        while count < run {
            blue.push(positive);
            count += 1;
        }
        let mut v = Dyadic::from_bigint(&run);
        let mut step = Dyadic::new(1, 1);
        while v != a {
            if v > a {
                blue.push(!positive);
                v = &v - &step;
            } else {
                blue.push(positive);
                v = &v + &step;
            }
            step = step.halve().unwrap_or_else(|_| Dyadic::zero());
        }
        Stalk { blue }
    }

    /// The edges from the ground up, `true` for blue.
    pub fn edges(&self) -> &[bool] {
        &self.blue
    }

    /// How many edges.
    pub fn len(&self) -> usize {
        self.blue.len()
    }

    /// Whether there are no edges (the value 0).
    pub fn is_empty(&self) -> bool {
        self.blue.is_empty()
    }

    /// The value, by Berlekamp's rule (see the module documentation).
    pub fn value(&self) -> Dyadic {
        self.prefix_values().pop().unwrap_or_else(Dyadic::zero)
    }

    /// The values of the first i edges for i = 0, 1, …, n: entry i is the
    /// value left after cutting edge i (0-based from the ground). One pass.
    pub fn prefix_values(&self) -> Vec<Dyadic> {
        let mut out = Vec::with_capacity(self.blue.len() + 1);
        let mut v = Dyadic::zero();
        out.push(v.clone());
        let Some(&first) = self.blue.first() else { return out };
        let mut k = 0u32;
        let mut in_run = true;
        for &b in &self.blue {
            if in_run && b != first {
                in_run = false;
            }
            let step = if in_run {
                Dyadic::from_i64(1)
            } else {
                k += 1;
                Dyadic::new(1, k)
            };
            v = if b { &v + &step } else { &v - &step };
            out.push(v.clone());
        }
        out
    }

    /// The same string with colours swapped: the negative.
    pub fn negated(&self) -> Stalk {
        Stalk { blue: self.blue.iter().map(|b| !b).collect() }
    }
}

impl fmt::Display for Stalk {
    /// CGSuite's letters, ground first: `lrl`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &b in &self.blue {
            f.write_str(if b { "l" } else { "r" })?;
        }
        Ok(())
    }
}

/// A cut in a sum of strings.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cut {
    /// Which string (0-based).
    pub stalk: usize,
    /// Which edge, 0-based from the ground (it and all above it go).
    pub edge: usize,
    /// The value of the sum after the cut.
    pub value: Dyadic,
}

/// A sum of Blue-Red strings.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct StalkSum {
    stalks: Vec<Stalk>,
}

impl StalkSum {
    /// The sum of these strings.
    pub fn new(stalks: Vec<Stalk>) -> Self {
        StalkSum { stalks }
    }

    /// Reads one string per item; an error names the string (as its line)
    /// and the column.
    pub fn parse(texts: &[&str]) -> Result<Self> {
        let mut stalks = Vec::with_capacity(texts.len());
        for (i, t) in texts.iter().enumerate() {
            let s = Stalk::parse(t).map_err(|e| {
                let column = e.location().map_or(1, |l| l.column);
                Error::syntax(Location::new(i + 1, column), e.message().to_string())
            })?;
            stalks.push(s);
        }
        Ok(StalkSum { stalks })
    }

    /// The strings.
    pub fn stalks(&self) -> &[Stalk] {
        &self.stalks
    }

    /// The value: the sum of the strings' numbers.
    pub fn value(&self) -> Dyadic {
        self.stalks.iter().fold(Dyadic::zero(), |acc, s| &acc + &s.value())
    }

    /// Who wins: `L` (value > 0), `R` (< 0) or `P` (0); never `N`.
    pub fn outcome(&self) -> PartizanOutcome {
        match self.value().signum() {
            1 => PartizanOutcome::L,
            -1 => PartizanOutcome::R,
            _ => PartizanOutcome::P,
        }
    }

    /// The winner when `first` moves first.
    pub fn winner(&self, first: Player) -> Player {
        match self.value().signum() {
            1 => Player::Left,
            -1 => Player::Right,
            _ => first.opponent(),
        }
    }

    /// Every winning cut for `player` moving first, strings in order, edges
    /// from the ground up. Empty when `player` loses moving first.
    pub fn winning_cuts(&self, player: Player) -> Vec<Cut> {
        let total = self.value();
        let mut out = Vec::new();
        for (i, s) in self.stalks.iter().enumerate() {
            let prefixes = s.prefix_values();
            let Some(whole) = prefixes.last() else { continue };
            let rest = &total - whole;
            for (j, &b) in s.edges().iter().enumerate() {
                if b != (player == Player::Left) {
                    continue;
                }
                let after = &rest + &prefixes[j];
                let wins = match player {
                    Player::Left => after.signum() >= 0,
                    Player::Right => after.signum() <= 0,
                };
                if wins {
                    out.push(Cut { stalk: i, edge: j, value: after });
                }
            }
        }
        out
    }
}

/// Whether the strings `c1` are at least as good for Left as `c2`: for
/// every further set of strings T, Left wins `c1 + T` whoever starts when
/// she wins `c2 + T` so. This is `value(c1) ≥ value(c2)`.
pub fn at_least_as_good(c1: &StalkSum, c2: &StalkSum) -> bool {
    c1.value() >= c2.value()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> String {
        Stalk::parse(s).unwrap().value().to_string()
    }

    #[test]
    fn berlekamp_rule() {
        assert_eq!(v("lrlrrllr"), "77/128");
        assert_eq!(v("lrlrr"), "9/16");
        assert_eq!(v(""), "0");
        assert_eq!(v("lll"), "3");
        assert_eq!(v("rrl"), "-3/2");
        assert_eq!(v("lr"), "1/2");
    }

    #[test]
    fn sign_expansions_are_shortest() {
        for s in ["", "l", "r", "lr", "lrl", "lrlrrllr", "rrrlll", "rl"] {
            let x = Stalk::parse(s).unwrap().value();
            let t = Stalk::of_value(&x);
            assert_eq!(t.value(), x, "{s}");
            assert!(t.len() <= s.len());
        }
        assert_eq!(Stalk::of_value(&Dyadic::new(3, 2)).to_string(), "lrl");
        assert_eq!(Stalk::of_value(&Dyadic::new(-5, 1)).to_string(), "rrrl");
    }

    #[test]
    fn cuts_and_winners() {
        let sum = StalkSum::parse(&["lr", "r"]).unwrap();
        assert_eq!(sum.value().to_string(), "-1/2");
        assert_eq!(sum.winner(Player::Left), Player::Right);
        assert!(sum.winning_cuts(Player::Left).is_empty());
        let cuts = sum.winning_cuts(Player::Right);
        assert_eq!(cuts.len(), 1);
        assert_eq!((cuts[0].stalk, cuts[0].edge), (0, 1));
        let zero = StalkSum::parse(&["lr", "r", "lr"]).unwrap();
        assert_eq!(zero.outcome(), PartizanOutcome::P);
        assert_eq!(zero.winner(Player::Right), Player::Left);
        assert!(StalkSum::parse(&["l", "lx"]).unwrap_err().to_string().starts_with("2:2"));
    }
}
