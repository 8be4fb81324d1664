//! Members of numbers (exact rationals): `Floor`, `Max`, `Lb`, nim
//! arithmetic on integers, and the game members whose answer for a number
//! is known in closed form (options and followers: [`crate::lang::value::number_forms`]).
//! Every other game member of a dyadic number goes to the game table.

use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::error::{ErrorKind, Result};
use crate::lang::classes::heap::nim_arithmetic;
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{
    Args, Member, Table, integer, member, member_optional, number, player,
};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::arith;
use crate::lang::value::number_forms;
use crate::lang::value::{Player, Value, is_dyadic};

/// The integer `q` is, or an error saying `name` needs one.
fn need_integer(ev: &Eval<'_>, name: &str, q: &BigRational, span: Span) -> Result<BigInt> {
    if q.is_integer() {
        Ok(q.numer().clone())
    } else {
        Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{name} needs an integer, not a rational number"),
        ))
    }
}

/// `q` when it is dyadic (a game), else the error a game member gives.
fn need_dyadic(ev: &Eval<'_>, name: &str, q: &BigRational, span: Span) -> Result<()> {
    if is_dyadic(q) {
        return Ok(());
    }
    let mut shown = String::new();
    crate::lang::value::write_number(&mut shown, q);
    Err(ev.error(
        span,
        ErrorKind::InvalidInput,
        format!("{name} needs a game, and {shown} is not a dyadic rational"),
    ))
}

/// A predicate of a rational that is not dyadic (so not a short game), as
/// CGSuite answers it for any surreal number: it is a number, a stopper, a
/// pseudonumber; not a nimber, not infinitesimal, not all-small. `None` for
/// a name that is not such a predicate.
pub(crate) fn rational_predicate(name: &str) -> Option<bool> {
    match name {
        "IsNumber" | "IsNumberish" | "IsNumberTiny" | "IsPlumtree" | "IsPseudonumber"
        | "IsStopper" | "IsStopperSided" | "IsUptimal" | "IsLoopfree" => Some(true),
        "IsAllSmall" | "IsIdempotent" | "IsInfinitesimal" | "IsNimber" | "IsZero" | "IsOrdinal" => {
            Some(false)
        }
        _ => None,
    }
}

fn set(x: Option<BigRational>) -> Value {
    Value::Set(x.into_iter().map(Value::number).collect())
}

fn evil_or_odious(ev: &mut Eval<'_>, q: &BigRational, evil: bool, span: Span) -> Result<Value> {
    let name = if evil { "IsEvil" } else { "IsOdious" };
    // A predicate that does not apply is false: 5/2 is neither.
    if !q.is_integer() {
        return Ok(Value::Bool(false));
    }
    let n = need_integer(ev, name, q, span)?;
    if n.is_negative() {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{name} needs a non-negative integer"),
        ));
    }
    let ones: u64 = n.magnitude().iter_u64_digits().map(|d| u64::from(d.count_ones())).sum();
    Ok(Value::Bool((ones % 2 == 0) == evil))
}

fn parity(q: &BigRational, even: bool) -> Value {
    Value::Bool(q.is_integer() && num_integer::Integer::is_even(q.numer()) == even)
}

fn pick(ev: &Eval<'_>, q: &BigRational, args: Args<'_>, max: bool) -> Result<Value> {
    if let Value::Infinity(negative) = args[0].0 {
        return Ok(if negative != max {
            Value::Infinity(negative)
        } else {
            Value::number(q.clone())
        });
    }
    if let Value::Transfinite(x) = &args[0].0 {
        // The larger of a rational and a transfinite number, by the order
        // of surreal numbers.
        let q = crate::number::surreal::Surreal::from_rational(q);
        return crate::lang::members::transfinite::larger_or_smaller(ev, x, q, max, args[0].1);
    }
    let other = number(ev, if max { "Max" } else { "Min" }, args, 0)?;
    Ok(Value::number(if (other > *q) == max { other } else { q.clone() }))
}

/// The members of numbers.
pub(crate) const TABLE: Table<BigRational> = Table { on: "number", members: MEMBERS };

const MEMBERS: &[Member<BigRational>] = &[
    member(
        "Birthday",
        0,
        "the day the number is born: finite for a dyadic rational, omega for any other",
        "[(3/4).Birthday, (6/23).Birthday]",
        |_, q, _, _| {
            Ok(match crate::number::Dyadic::from_rational(q) {
                Some(x) => Value::Number(BigInt::from(crate::number::birthday(&x)).into()),
                None => crate::lang::classes::transfinite::omega(),
            })
        },
    ),
    member(
        "IsFinite",
        0,
        "true: a rational number is finite (inf is not)",
        "(6/23).IsFinite",
        |_, _, _, _| Ok(Value::Bool(true)),
    ),
    member(
        "OutcomeClass",
        0,
        "L for a positive number, R for a negative one, P for 0 (any rational, as a surreal number)",
        "(6/23).OutcomeClass",
        |_, q, _, _| {
            use crate::game::PartizanOutcome;
            Ok(Value::Outcome(match q.numer().sign() {
                Sign::Plus => PartizanOutcome::L,
                Sign::Minus => PartizanOutcome::R,
                Sign::NoSign => PartizanOutcome::P,
            }))
        },
    ),
    member("Floor", 0, "the largest integer not above it", "(7/2).Floor", |_, q, _, _| {
        Ok(Value::int(arith::floor(q)))
    }),
    member("Ceiling", 0, "the least integer not below it", "(3/16).Ceiling", |_, q, _, _| {
        Ok(Value::int(-arith::floor(&-q)))
    }),
    member("Gcd", 1, "the greatest common divisor of two integers", "17.Gcd(51)", |ev, q, a, s| {
        use num_integer::Integer;
        let n = need_integer(ev, "Gcd", q, s)?;
        let m = integer(ev, "Gcd", a, 0)?;
        Ok(Value::int(n.gcd(&m)))
    }),
    member(
        "IsSmallInteger",
        0,
        "whether it is an integer from -2^31 to 2^31 - 1 (CGSuite's machine integers)",
        "(2^31).IsSmallInteger",
        |_, q, _, _| {
            use num_traits::ToPrimitive;
            Ok(Value::Bool(q.is_integer() && q.numer().to_i32().is_some()))
        },
    ),
    member(
        "UglyProduct",
        1,
        "the ugly product of two non-negative integers (Winning Ways, ch. 14)",
        "14 UglyProduct 16",
        |ev, q, a, s| {
            let n = need_integer(ev, "UglyProduct", q, s)?;
            let m = integer(ev, "UglyProduct", a, 0)?;
            ugly_product(&n, &m).map(Value::int).ok_or_else(|| {
                ev.error(
                    s,
                    ErrorKind::InvalidInput,
                    format!("UglyProduct applies to non-negative integers below 2^{UGLY_BITS}"),
                )
            })
        },
    ),
    member(
        "Reciprocal",
        0,
        "1 divided by it (0 gives inf)",
        "(2/3).Reciprocal",
        |ev, q, _, span| {
            if q.is_zero() {
                return Ok(Value::Infinity(false));
            }
            arith::div(&BigRational::one(), q).map(Value::number).map_err(|e| ev.locate(e, span))
        },
    ),
    member("Numerator", 0, "the numerator in lowest terms", "(-6/4).Numerator", |_, q, _, _| {
        Ok(Value::int(q.numer().clone()))
    }),
    member(
        "Denominator",
        0,
        "the denominator in lowest terms",
        "(-6/4).Denominator",
        |_, q, _, _| Ok(Value::int(q.denom().clone())),
    ),
    member("Abs", 0, "the absolute value", "(-3/16).Abs", |_, q, _, _| Ok(Value::number(q.abs()))),
    member(
        "IsDyadic",
        0,
        "whether the denominator is a power of 2",
        "(6/23).IsDyadic",
        |_, q, _, _| Ok(Value::Bool(is_dyadic(q))),
    ),
    member("Max", 1, "the larger of two numbers (also `3 Max 5`)", "3.Max(5)", |ev, q, a, _| {
        pick(ev, q, a, true)
    }),
    member("Min", 1, "the smaller of two numbers (also `3 Min 5`)", "3.Min(5)", |ev, q, a, _| {
        pick(ev, q, a, false)
    }),
    member("Sign", 0, "-1, 0 or 1", "(-5).Sign", |_, q, _, _| {
        Ok(Value::int(if q.is_positive() {
            1
        } else if q.is_negative() {
            -1
        } else {
            0
        }))
    }),
    member("IsInteger", 0, "whether it is an integer", "(6/3).IsInteger", |_, q, _, _| {
        Ok(Value::Bool(q.is_integer()))
    }),
    member(
        "IsEven",
        0,
        "whether it is even (Conway: every option odd); for a number, an even integer",
        "6.IsEven",
        |_, q, _, _| Ok(parity(q, true)),
    ),
    member(
        "IsOdd",
        0,
        "whether it is odd (Conway: every option even); for a number, an odd integer",
        "7.IsOdd",
        |_, q, _, _| Ok(parity(q, false)),
    ),
    member("Div", 1, "integer quotient, rounded down", "17.Div(5)", |ev, q, a, span| {
        let n = need_integer(ev, "Div", q, span)?;
        let d = integer(ev, "Div", a, 0)?;
        if d.is_zero() {
            return Err(ev.locate(arith::division_by_zero(), span));
        }
        Ok(Value::int(num_integer::Integer::div_floor(&n, &d)))
    }),
    member("Isqrt", 0, "the integer square root, rounded down", "17.Isqrt", |ev, q, _, span| {
        let n = need_integer(ev, "Isqrt", q, span)?;
        arith::isqrt(&n).map(Value::int).map_err(|e| ev.locate(e, span))
    }),
    member(
        "Lb",
        0,
        "the base-2 logarithm of a positive integer, rounded down",
        "17.Lb",
        |ev, q, _, span| {
            let n = need_integer(ev, "Lb", q, span)?;
            arith::lb(&n).map(Value::int).map_err(|e| ev.locate(e, span))
        },
    ),
    member("IsTwoPower", 0, "whether it is a power of two", "64.IsTwoPower", |_, q, _, _| {
        // A predicate that does not apply is false: 5/2 is no power of two.
        let n = q.numer();
        Ok(Value::Bool(q.is_integer() && n.is_positive() && (n & (n - 1u32)).is_zero()))
    }),
    member(
        "IsEvil",
        0,
        "whether its binary expansion has an even number of 1s",
        "5.IsEvil",
        |ev, q, _, span| evil_or_odious(ev, q, true, span),
    ),
    member(
        "IsOdious",
        0,
        "whether its binary expansion has an odd number of 1s",
        "7.IsOdious",
        |ev, q, _, span| evil_or_odious(ev, q, false, span),
    ),
    member(
        "NimSum",
        1,
        "nim-sum (bitwise exclusive or) of non-negative integers",
        "5 NimSum 3",
        |ev, q, a, span| {
            let n = need_integer(ev, "NimSum", q, span)?;
            if let Value::Transfinite(_) = &a[0].0 {
                let x = crate::number::ordinal::GeneralizedOrdinal::integer(n);
                return crate::lang::members::transfinite::nim_sum(ev, &x, a, span);
            }
            let m = integer(ev, "NimSum", a, 0)?;
            if n.sign() == Sign::Minus || m.sign() == Sign::Minus {
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    "NimSum needs non-negative integers",
                ));
            }
            Ok(Value::int(n ^ m))
        },
    ),
    member(
        "NimProduct",
        1,
        "nim product of non-negative integers (also 8.NimProduct(3))",
        "8 NimProduct 3",
        |ev, q, a, span| {
            if let Value::Transfinite(_) = &a[0].0 {
                let n = need_integer(ev, "NimProduct", q, span)?;
                let x = crate::number::ordinal::GeneralizedOrdinal::integer(n);
                return crate::lang::members::transfinite::nim_product(ev, &x, a, span);
            }
            nim_arithmetic(ev, "NimProduct", &Value::number(q.clone()), Some(&a[0].0), span)
        },
    ),
    member(
        "NimDiv",
        1,
        "nim quotient: a NimDiv b is a nim-times b's nim inverse",
        "12 NimDiv 3",
        |ev, q, a, span| {
            nim_arithmetic(ev, "NimDiv", &Value::number(q.clone()), Some(&a[0].0), span)
        },
    ),
    member(
        "NimInverse",
        0,
        "the nim inverse of a positive integer",
        "2.NimInverse",
        |ev, q, _, span| nim_arithmetic(ev, "NimInverse", &Value::number(q.clone()), None, span),
    ),
    member(
        "IsOrdinal",
        0,
        "whether it is an ordinal (a non-negative integer)",
        "5.IsOrdinal",
        |_, q, _, _| Ok(Value::Bool(q.is_integer() && !q.is_negative())),
    ),
    member(
        "LeftOptions",
        0,
        "the Left option of its canonical form, in closed form",
        "(-1/2).LeftOptions",
        |ev, q, _, span| {
            need_dyadic(ev, "LeftOptions", q, span)?;
            Ok(set(number_forms::options(q).0))
        },
    ),
    member(
        "RightOptions",
        0,
        "the Right option of its canonical form, in closed form",
        "(-1/2).RightOptions",
        |ev, q, _, span| {
            need_dyadic(ev, "RightOptions", q, span)?;
            Ok(set(number_forms::options(q).1))
        },
    ),
    member_optional(
        "Options",
        0,
        1,
        "Options(Left), Options(Right): one side's option; Options: both, in closed form",
        "(3/4).Options(Right)",
        |ev, q, args, span| {
            need_dyadic(ev, "Options", q, span)?;
            let (left, right) = number_forms::options(q);
            Ok(match args {
                // Left's option is below Right's: the set is in order.
                [] => Value::Set(left.into_iter().chain(right).map(Value::number).collect()),
                _ => set(match player(ev, "Options", args, 0)? {
                    Player::Left => left,
                    Player::Right => right,
                }),
            })
        },
    ),
    member(
        "Followers",
        0,
        "every follower of its canonical form, ascending, in closed form",
        "(5/8).Followers",
        |ev, q, _, span| {
            need_dyadic(ev, "Followers", q, span)?;
            number_forms::followers(q, ev.budget)
                .and_then(|f| f.all(ev.budget))
                .map(|all| Value::Set(all.into_iter().map(Value::number).collect()))
                .map_err(|e| ev.locate(e, span))
        },
    ),
    member(
        "FollowerCount",
        0,
        "how many followers, in closed form (an integer n has |n|+1)",
        "(10^6).FollowerCount",
        |ev, q, _, span| {
            need_dyadic(ev, "FollowerCount", q, span)?;
            number_forms::followers(q, ev.budget)
                .map(|f| Value::int(f.count()))
                .map_err(|e| ev.locate(e, span))
        },
    ),
];

/// `ConwayProduct` of a number: the product when the other factor is a
/// number too (exact, dyadic or not), else the game product.
pub(crate) const CONWAY_PRODUCT: Member<BigRational> = member(
    "ConwayProduct",
    1,
    "Conway's product: times on numbers, else the game product",
    "(3/2) ConwayProduct (2/3)",
    |ev, q, a, span| {
        if let Value::Number(r) = &a[0].0 {
            return Ok(Value::number(q * &*r.to_big()));
        }
        let g = ev.game_of(&Value::number(q.clone()), span, "ConwayProduct")?;
        crate::lang::members::game::TABLE.call(ev, &g, "ConwayProduct", a, span).unwrap_or_else(
            || Err(ev.error(span, ErrorKind::InvalidInput, "ConwayProduct needs games")),
        )
    },
);

/// Bits of the largest factors of [`ugly_product`] (its cost is quadratic
/// in them).
const UGLY_BITS: u64 = 4096;

/// The ugly product: bilinear over nim-addition, with `2^m ⊗ 2^n` equal to
/// `2^n` when `m = 0`, `2^m` when `n = 0`, `2^m + 2^(n−1)` when `m > n`,
/// `2^n + 2^(m−1)` when `m < n` and `2^(m−1)` when `m = n ≥ 1`. `None` for
/// a negative factor or one of more than [`UGLY_BITS`] bits.
fn ugly_product(a: &BigInt, b: &BigInt) -> Option<BigInt> {
    use num_bigint::BigUint;
    let (a, b) = (a.to_biguint()?, b.to_biguint()?);
    if a.bits() > UGLY_BITS || b.bits() > UGLY_BITS {
        return None;
    }
    let bit = |k: u64| BigUint::from(1u8) << k;
    let mut result = BigUint::from(0u8);
    for m in (0..a.bits()).filter(|&m| a.bit(m)) {
        for n in (0..b.bits()).filter(|&n| b.bit(n)) {
            let term = match (m, n) {
                (0, _) => bit(n),
                (_, 0) => bit(m),
                _ if m > n => bit(m) | bit(n - 1),
                _ if m < n => bit(n) | bit(m - 1),
                _ => bit(m - 1),
            };
            result ^= term;
        }
    }
    Some(BigInt::from(result))
}
