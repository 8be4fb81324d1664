//! Nim multiplication of transfinite ordinals, after Lenstra (and Conway,
//! *On Numbers and Games*, ch. 6).
//!
//! Below `ω^(ω^ω)` the ordinals under nim addition and nim multiplication
//! form the algebraic closure of the field of two elements, generated over
//! the finite ordinals (the quadratic closure) by elements `κ_q`, one for
//! each power `q = p^(n+1)` of an odd prime: `κ_{p^(n+1)} = ω^(ω^k · p^n)`
//! where `p` is the `(k + 2)`-th prime (`κ_3 = ω`, `κ_9 = ω^3`, `κ_5 = ω^ω`,
//! `κ_7 = ω^(ω^2)`). They satisfy `κ_{p^(n+1)}^p = κ_{p^n}` and
//! `κ_p^p = α_p`, an ordinal of the smaller field, Lenstra's excess
//! (`α_3 = 2`, `α_5 = 4`, `α_7 = ω + 1`), which [`super::excess`] computes.
//! Exponents below `ω^64` are supported, as far as the excesses they need
//! are within that module's reach.
//!
//! A term `c·ω^e` (`c` finite, `e = Σ cₖ·ω^k`) is the nim product of `c`
//! and the `κ`'s of the base-`p` digits of each `cₖ`: `ω^(ω^k·cₖ)` is
//! `Π κ_{p^(i+1)}^(dᵢ)` for `cₖ = Σ dᵢ·p^i`. Two terms multiply by merging
//! their digits and carrying with the relations above; finite coefficients
//! multiply as finite nimbers.

use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};

use super::ordinal::{GeneralizedOrdinal, Term};
use crate::error::{Error, ErrorKind, Result};
use crate::nimber::NimberBig;

/// The most pairs of terms one product may multiply.
const MAX_PAIRS: usize = 10_000;

/// The most bits a coefficient of a nim product's factor may have.
const MAX_COEFFICIENT_BITS: u64 = 1 << 14;

/// The most bits a `NimExp` exponent may have.
pub const MAX_EXPONENT_BITS: u64 = 4096;

use super::excess::{alpha, exponent_out_of_range, odd_prime};

/// One factor `κ_{p^(i+1)}^d` with `p` the `k`-th odd prime and `0 < d < p`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct Component {
    pub(crate) k: usize,
    pub(crate) i: u32,
    pub(crate) d: u64,
}

fn too_large() -> Error {
    Error::new(ErrorKind::Overflow, "NimProduct of ordinals too large to multiply")
}

/// The factors of `ω^e` (the term's coefficient aside).
pub(crate) fn components(term: &Term) -> Result<Vec<Component>> {
    let mut out = Vec::new();
    for e in term.exponent.terms() {
        let k =
            e.exponent.as_integer().and_then(|k| k.to_usize()).ok_or_else(exponent_out_of_range)?;
        let p = odd_prime(k).ok_or_else(exponent_out_of_range)?;
        // Coefficients of exponents past a machine word are refused: their
        // digits would be many thousands of κ's.
        let mut c = e.coefficient.to_u64().ok_or_else(too_large)?;
        let mut i = 0u32;
        while !c.is_zero() {
            let d = c % p;
            if d > 0 {
                out.push(Component { k, i, d });
            }
            c /= p;
            i += 1;
        }
    }
    Ok(out)
}

/// The nim product `coefficient ⊗ Π components`, carried into an ordinal.
fn reduce(mut parts: Vec<Component>, coefficient: NimberBig) -> Result<GeneralizedOrdinal> {
    loop {
        parts.sort_unstable_by_key(|c| std::cmp::Reverse((c.k, c.i)));
        let Some(at) = parts.windows(2).position(|w| (w[0].k, w[0].i) == (w[1].k, w[1].i)) else {
            return Ok(ordinal_of(&parts, &coefficient));
        };
        let (a, b) = (parts[at], parts[at + 1]);
        parts.drain(at..at + 2);
        let p = odd_prime(a.k).ok_or_else(exponent_out_of_range)?;
        let sum = a.d + b.d;
        if sum < p {
            parts.push(Component { d: sum, ..a });
            continue;
        }
        if sum > p {
            parts.push(Component { d: sum - p, ..a });
        }
        if a.i > 0 {
            // κ_{p^(i+1)}^p = κ_{p^i}.
            parts.push(Component { i: a.i - 1, d: 1, ..a });
            continue;
        }
        // κ_p^p = α_p: distribute over α_p's terms and nim-add.
        let mut total = GeneralizedOrdinal::zero();
        for term in alpha(a.k)?.terms() {
            // A term c·ω^e of α_p is the nim product of c and e's κ's.
            let mut more = parts.clone();
            more.extend(components(term)?);
            let part = reduce(more, coefficient.mul(&term_coefficient(term)))?;
            total = total.nim_sum(&part).ok_or_else(exponent_out_of_range)?;
        }
        return Ok(total);
    }
}

/// `coefficient · ω^(Σ_k (Σ_i dᵢ·p^i)·ω^k)` for carried components.
fn ordinal_of(parts: &[Component], coefficient: &NimberBig) -> GeneralizedOrdinal {
    let exponent = GeneralizedOrdinal::from_terms(
        parts
            .iter()
            .map(|c| Term {
                exponent: GeneralizedOrdinal::integer(BigInt::from(c.k)),
                // c.k is an index `components` checked.
                coefficient: BigInt::from(odd_prime(c.k).unwrap_or(0)).pow(c.i) * c.d,
            })
            .collect(),
    );
    let c = BigInt::from(coefficient.to_biguint());
    GeneralizedOrdinal::from_terms(vec![Term { exponent, coefficient: c }])
}

/// The nim product of two ordinals; `None` unless both are ordinals, an
/// error when either has an exponent of `ω^3` or more.
pub fn nim_product(
    x: &GeneralizedOrdinal,
    y: &GeneralizedOrdinal,
) -> Result<Option<GeneralizedOrdinal>> {
    if !x.is_ordinal() || !y.is_ordinal() {
        return Ok(None);
    }
    if x.terms().len().saturating_mul(y.terms().len()) > MAX_PAIRS {
        return Err(too_large());
    }
    // Finite nim products cost about the square of the coefficients' bits.
    if x.terms().iter().chain(y.terms()).any(|t| t.coefficient.bits() > MAX_COEFFICIENT_BITS) {
        return Err(too_large());
    }
    nim_product_unbounded(x, y).map(Some)
}

/// The nim product of two ordinals, whatever their sizes.
pub(crate) fn nim_product_unbounded(
    x: &GeneralizedOrdinal,
    y: &GeneralizedOrdinal,
) -> Result<GeneralizedOrdinal> {
    let mut total = GeneralizedOrdinal::zero();
    for a in x.terms() {
        for b in y.terms() {
            let mut parts = components(a)?;
            parts.extend(components(b)?);
            let c = term_coefficient(a).mul(&term_coefficient(b));
            let product = reduce(parts, c)?;
            total = total.nim_sum(&product).ok_or_else(exponent_out_of_range)?;
        }
    }
    Ok(total)
}

/// A term's (positive) coefficient as a nimber.
fn term_coefficient(t: &Term) -> NimberBig {
    NimberBig::from_biguint(&t.coefficient.to_biguint().unwrap_or_else(BigUint::zero))
}

/// `x^n` under nim multiplication (`n ≥ 0`), by repeated squaring.
pub fn nim_power(x: &GeneralizedOrdinal, n: &BigUint) -> Result<Option<GeneralizedOrdinal>> {
    if !x.is_ordinal() {
        return Ok(None);
    }
    if n.bits() > MAX_EXPONENT_BITS {
        return Err(Error::new(
            ErrorKind::Overflow,
            format!("NimExp takes exponents of at most {MAX_EXPONENT_BITS} bits"),
        ));
    }
    let mut result = GeneralizedOrdinal::integer(BigInt::from(1));
    let mut base = x.clone();
    for i in 0..n.bits() {
        if n.bit(i) {
            result = nim_product(&result, &base)?.ok_or_else(exponent_out_of_range)?;
        }
        if i + 1 < n.bits() {
            base = nim_product(&base, &base)?.ok_or_else(exponent_out_of_range)?;
        }
    }
    Ok(Some(result))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(n: u64) -> GeneralizedOrdinal {
        GeneralizedOrdinal::integer(BigInt::from(n))
    }

    /// `ω^e` for a finite `e`.
    fn wp(e: u64) -> GeneralizedOrdinal {
        int(e).omega_power().unwrap()
    }

    /// `ω^(ω^k · c)`.
    fn wwp(k: u64, c: u64) -> GeneralizedOrdinal {
        let e = int(k).omega_power().unwrap().mul(&int(c)).unwrap();
        e.omega_power().unwrap()
    }

    fn product(x: &GeneralizedOrdinal, y: &GeneralizedOrdinal) -> String {
        nim_product(x, y).unwrap().unwrap().to_string()
    }

    #[test]
    fn the_published_relations_hold() {
        // Conway: ω³ = 2; ω ⊗ 7 is the ordinal ω×7.
        assert_eq!(product(&wp(1), &wp(2)), "2");
        assert_eq!(product(&wp(1), &int(7)), "ω×7");
        assert_eq!(product(&wp(1), &wp(1)), "ω^2");
        // κ_9 = ω³: κ_9³ = κ_3 = ω.
        assert_eq!(product(&wp(3), &wp(6)), "ω");
        assert_eq!(product(&wp(3), &wp(8)), "2");
        // κ_5⁵ = 4 and κ_7⁷ = ω + 1.
        assert_eq!(product(&wwp(1, 1), &wwp(1, 4)), "4");
        assert_eq!(product(&wwp(2, 4), &wwp(2, 3)), "ω+1");
        assert_eq!(product(&wwp(2, 31), &wwp(2, 24)), "ω+1");
        assert_eq!(product(&wwp(2, 32), &wwp(2, 24)), "ω^(ω^2+1)+ω^ω^2");
        // Finite ordinals multiply as finite nimbers: 8 ⊗ 3 = 8 ⊗ 2 ⊕ 8 =
        // 12 ⊕ 8 = 4.
        assert_eq!(product(&int(8), &int(3)), "4");
        // κ_11 = ω^(ω^3): κ_11^11 = α_11 = ω^ω + 1, computed; κ_11 ⊗ 2 is
        // the ordinal product.
        assert_eq!(product(&wwp(3, 1), &int(2)), "ω^ω^3×2");
        assert_eq!(product(&wwp(3, 5), &wwp(3, 6)), "ω^ω+1");
        // CGSuite's values: κ_11^66 and κ_193^193.
        assert_eq!(
            nim_power(&wwp(3, 1), &BigUint::from(66u32)).unwrap().unwrap().to_string(),
            "ω^(ω×4)+ω^(ω×2)+ω^ω×4+1"
        );
        assert_eq!(
            nim_power(&wwp(42, 1), &BigUint::from(193u32)).unwrap().unwrap().to_string(),
            "ω+65536"
        );
        // κ_47 needs α_47, in a field of degree 5,060: refused.
        assert!(nim_power(&wwp(13, 1), &BigUint::from(47u32)).is_err());
        assert!(nim_product(&wwp(64, 1), &int(2)).is_err());
        assert!(nim_product(&int(1).sub(&wp(1)), &int(2)).unwrap().is_none());
        assert_eq!(nim_power(&wp(1), &BigUint::from(3u32)).unwrap().unwrap(), int(2));
    }

    /// Ordinals below `ω^(ω^5)` with small coefficients (the primes 3 to
    /// 13, whose excesses lie in small fields).
    fn ordinal() -> impl proptest::strategy::Strategy<Value = GeneralizedOrdinal> {
        proptest::collection::vec((0u64..5, 0u64..8, 1u64..6), 0..3).prop_map(|terms| {
            terms.into_iter().fold(GeneralizedOrdinal::zero(), |acc, (k, c, coefficient)| {
                let e = if c == 0 {
                    int(k)
                } else {
                    int(k).omega_power().unwrap().mul(&int(c)).unwrap()
                };
                let t = e.omega_power().unwrap().mul(&int(coefficient)).unwrap();
                acc.nim_sum(&t).unwrap()
            })
        })
    }

    use proptest::strategy::Strategy;

    proptest::proptest! {
        /// The field laws: nim multiplication commutes, associates and
        /// distributes over nim addition.
        #[test]
        fn nim_multiplication_is_a_field_multiplication(a in ordinal(), b in ordinal(), c in ordinal()) {
            let mul = |x: &GeneralizedOrdinal, y: &GeneralizedOrdinal| nim_product(x, y).unwrap().unwrap();
            proptest::prop_assert_eq!(mul(&a, &b), mul(&b, &a));
            proptest::prop_assert_eq!(mul(&mul(&a, &b), &c), mul(&a, &mul(&b, &c)));
            let sum = b.nim_sum(&c).unwrap();
            proptest::prop_assert_eq!(mul(&a, &sum), mul(&a, &b).nim_sum(&mul(&a, &c)).unwrap());
        }
    }
}
