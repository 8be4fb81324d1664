//! Coordinates `(row, col)` as CGSuite's `cgsuite.lang.Coordinates`:
//! the compass constants (`Coordinates.North` is `(-1,0)`: rows grow
//! downwards) and the arithmetic of integer pairs (`+`, `-`, times an
//! integer, `<=` on both parts). Members are in `members/coordinates.rs`.

use num_bigint::BigInt;

use crate::error::Result;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::ast::BinOp;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;

/// The pair `(row, col)` of integers.
pub(crate) fn pair(row: impl Into<BigInt>, col: impl Into<BigInt>) -> Value {
    Value::Pair(Box::new(Value::int(row)), Box::new(Value::int(col)))
}

/// The eight compass directions, in CGSuite's `Compass` order.
const COMPASS: [(&str, i64, i64); 8] = [
    ("North", -1, 0),
    ("Northeast", -1, 1),
    ("East", 0, 1),
    ("Southeast", 1, 1),
    ("South", 1, 0),
    ("Southwest", 1, -1),
    ("West", 0, -1),
    ("Northwest", -1, -1),
];

/// `Coordinates.NAME`: a direction, or a list of them (`Orthogonal`,
/// `Diagonal`, `Compass`, `Hexagonal`, `KnightsMove`). `None` for other
/// names.
pub(crate) fn constant(name: &str) -> Option<Value> {
    let direction = |n: &str| COMPASS.iter().find(|d| d.0 == n).map(|&(_, r, c)| pair(r, c));
    if let Some(d) = direction(name) {
        return Some(d);
    }
    let list = |names: &[&str]| Value::List(names.iter().filter_map(|n| direction(n)).collect());
    Some(match name {
        "Orthogonal" => list(&["North", "East", "South", "West"]),
        "Diagonal" => list(&["Northeast", "Southeast", "Southwest", "Northwest"]),
        "Compass" => Value::List(COMPASS.iter().map(|&(_, r, c)| pair(r, c)).collect()),
        "Hexagonal" => list(&["North", "Northeast", "East", "South", "Southwest", "West"]),
        "KnightsMove" => Value::List(
            [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
                .into_iter()
                .map(|(r, c)| pair(r, c))
                .collect(),
        ),
        _ => return None,
    })
}

/// The integers of a pair of integers.
fn integers(v: &Value) -> Option<(BigInt, BigInt)> {
    match v {
        Value::Pair(a, b) => Some((a.as_integer()?.into_owned(), b.as_integer()?.into_owned())),
        _ => None,
    }
}

/// The integers of a pair of integers that fit words.
fn words(v: &Value) -> Option<(i64, i64)> {
    match v {
        Value::Pair(a, b) => Some((a.as_i64()?, b.as_i64()?)),
        _ => None,
    }
}

/// `a op b` when one side is a pair of integers: `+` and `-` of two
/// pairs, a pair times an integer (either way round), `<=` and `>=` on both
/// parts. `None` for anything else.
pub(crate) fn binary(
    _: &mut Eval<'_>,
    op: &BinOp,
    a: &Value,
    b: &Value,
    _: Span,
) -> Option<Result<Value>> {
    if let (Some((r1, c1)), Some((r2, c2))) = (words(a), words(b)) {
        let sum = match op {
            BinOp::Add => r1.checked_add(r2).zip(c1.checked_add(c2)),
            BinOp::Sub => r1.checked_sub(r2).zip(c1.checked_sub(c2)),
            BinOp::Le => return Some(Ok(Value::Bool(r1 <= r2 && c1 <= c2))),
            BinOp::Ge => return Some(Ok(Value::Bool(r1 >= r2 && c1 >= c2))),
            _ => return None,
        };
        if let Some((r, c)) = sum {
            return Some(Ok(Value::Pair(Box::new(Value::small(r)), Box::new(Value::small(c)))));
        }
    }
    if let (Some((r1, c1)), Some((r2, c2))) = (integers(a), integers(b)) {
        return Some(Ok(match op {
            BinOp::Add => pair(r1 + r2, c1 + c2),
            BinOp::Sub => pair(r1 - r2, c1 - c2),
            BinOp::Le => Value::Bool(r1 <= r2 && c1 <= c2),
            BinOp::Ge => Value::Bool(r1 >= r2 && c1 >= c2),
            _ => return None,
        }));
    }
    let ((r, c), k) = match (integers(a), b.as_integer(), a.as_integer(), integers(b)) {
        (Some(p), Some(k), _, _) | (_, _, Some(k), Some(p)) => (p, k),
        _ => return None,
    };
    match op {
        BinOp::Mul => Some(Ok(pair(r * &*k, c * &*k))),
        _ => None,
    }
}
