//! Number + ups + star values in closed form.
//!
//! `x + n·↑ + *m` (x dyadic, n an integer, m a nim value) is the commonest kind of
//! short game value, so the arena stores it packed as a [`Nus`] and adds,
//! negates and compares such values by formula instead of by game trees. This
//! file also holds the closed form of their canonical options, which the
//! arena uses to materialise options only when someone asks for them (an
//! integer like 10^18 has a follower chain of that length):
//!
//! - a number: `n = {n−1|}`, `−n = {|−n+1}`, `j/2^k = {(j−1)/2^k | (j+1)/2^k}`;
//! - `x + *m = {x + *k | x + *k}` for k < m;
//! - `x + n↑ + *m = {x | x + (n−1)↑ + *(m⊕1)}` for n ≥ 1, except
//!   `x + ↑* = {x, x* | x}`; negative n by negation.
//!
//! (The translation by a number x is the number translation theorem; the
//! forms at x = 0 are checked against brute-force game trees in the tests.)

use num_traits::Zero;

use super::arena::PartizanOutcome;
use crate::error::{Error, ErrorKind, Result};
use crate::number::Dyadic;

/// A value `number + ups·↑ + *star`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Nus {
    /// The number part x.
    pub number: Dyadic,
    /// The multiple n of ↑ (negative for ↓).
    pub ups: i64,
    /// The nim value m of the star part.
    pub star: u64,
}

fn overflow() -> Error {
    Error::new(ErrorKind::Overflow, "Overflow.")
}

impl Nus {
    /// The number `x`.
    pub fn number(x: Dyadic) -> Self {
        Nus { number: x, ups: 0, star: 0 }
    }

    /// Whether this is a number (no ups, no star).
    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.star == 0
    }

    /// The sum, or an overflow error when the up multiple leaves `i64`.
    pub fn add(&self, other: &Nus) -> Result<Nus> {
        Ok(Nus {
            number: &self.number + &other.number,
            ups: self.ups.checked_add(other.ups).ok_or_else(overflow)?,
            star: self.star ^ other.star,
        })
    }

    /// The negative, or an overflow error for an up multiple of `i64::MIN`.
    pub fn neg(&self) -> Result<Nus> {
        Ok(Nus {
            number: -&self.number,
            ups: self.ups.checked_neg().ok_or_else(overflow)?,
            star: self.star,
        })
    }

    /// The outcome class of this value, in closed form: the number part decides
    /// when it is not zero; otherwise [the infinitesimal
    /// part's](Self::infinitesimal_outcome).
    pub fn outcome(&self) -> PartizanOutcome {
        match self.number.signum() {
            1 => PartizanOutcome::L,
            -1 => PartizanOutcome::R,
            _ => self.infinitesimal_outcome(),
        }
    }

    /// The outcome class of `n↑ + *m`, the value less its number: positive
    /// for n ≥ 1 unless (n, m) = (1, 1), and fuzzy when n = 0 < m or `↑*`.
    pub fn infinitesimal_outcome(&self) -> PartizanOutcome {
        let n = self.ups;
        let m = self.star;
        if n == 0 {
            return if m == 0 { PartizanOutcome::P } else { PartizanOutcome::N };
        }
        if (n == 1 || n == -1) && m == 1 {
            return PartizanOutcome::N;
        }
        if n > 0 { PartizanOutcome::L } else { PartizanOutcome::R }
    }

    /// The canonical options `(left, right)` in closed form (see the module doc).
    /// A nimber `*m` has m options on each side: callers check their budget
    /// before asking for a large one.
    pub fn options(&self) -> (Vec<Nus>, Vec<Nus>) {
        let x = &self.number;
        let at = |ups: i64, star: u64| Nus { number: x.clone(), ups, star };
        let (n, m) = (self.ups, self.star);
        if n == 0 && m == 0 {
            return number_options(x);
        }
        if n == 0 {
            let opts: Vec<Nus> = (0..m).map(|k| at(0, k)).collect();
            return (opts.clone(), opts);
        }
        if n == 1 && m == 1 {
            return (vec![at(0, 0), at(0, 1)], vec![at(0, 0)]);
        }
        if n == -1 && m == 1 {
            return (vec![at(0, 0)], vec![at(0, 0), at(0, 1)]);
        }
        if n > 0 {
            (vec![at(0, 0)], vec![at(n - 1, m ^ 1)])
        } else {
            (vec![at(n + 1, m ^ 1)], vec![at(0, 0)])
        }
    }
}

/// The canonical options of a number.
fn number_options(x: &Dyadic) -> (Vec<Nus>, Vec<Nus>) {
    if x.is_zero() {
        return (vec![], vec![]);
    }
    if x.is_integer() {
        let one = Dyadic::from_i64(1);
        return if x.signum() > 0 {
            (vec![Nus::number(x - &one)], vec![])
        } else {
            (vec![], vec![Nus::number(x + &one)])
        };
    }
    let k = x.exponent();
    let step = Dyadic::new(1, k);
    (vec![Nus::number(x - &step)], vec![Nus::number(x + &step)])
}

/// The birthday of `x + n↑ + *m`: that of x plus that of the infinitesimal
/// part, where `b(*m) = m`, `b(↑*) = 2` and `b(n↑ + *m) = 1 + b((n−1)↑ + *(m⊕1))`.
pub fn birthday(v: &Nus) -> num_bigint::BigUint {
    let base = crate::number::birthday(&v.number);
    let n = v.ups.unsigned_abs();
    let m = v.star;
    let inf: num_bigint::BigUint = if n == 0 {
        m.into()
    } else if m ^ ((n - 1) & 1) == 1 {
        num_bigint::BigUint::from(n) + 1u32
    } else {
        num_bigint::BigUint::from(n) + (m ^ (n & 1))
    };
    if inf.is_zero() { base } else { base + inf }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn birthdays_match_known_values() {
        let b = |x: i64, k: u32, n: i64, m: u64| {
            birthday(&Nus { number: Dyadic::new(x, k), ups: n, star: m }).to_string()
        };
        assert_eq!(b(0, 0, 1, 0), "2");
        assert_eq!(b(0, 0, 1, 1), "2");
        assert_eq!(b(0, 0, 2, 0), "3");
        assert_eq!(b(0, 0, 2, 1), "3");
        assert_eq!(b(0, 0, 1, 6), "8");
        assert_eq!(b(6, 0, 1, 1), "8");
        assert_eq!(b(73, 4, -9, 8), "27");
        assert_eq!(b(0, 0, 0, 8), "8");
    }
}
