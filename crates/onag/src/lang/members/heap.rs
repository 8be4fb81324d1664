//! Members of heap rulesets (`game.heap.Kayles.NimValueSequence(10)`) and of
//! heap positions (`game.heap.Kayles(5).Genus`), computed by [`crate::lang::classes::heap`].

use num_bigint::{BigInt, BigUint};

use crate::error::{ErrorKind, Result};
use crate::lang::classes::heap;
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{
    Args, Member, Table, member, member_named, member_optional, player,
};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::rules::{ClassicRuleset, ProductKind, Ruleset};

/// The members of heap rulesets.
pub(crate) const RULESET_TABLE: Table<Ruleset> = Table {
    on: "heap ruleset",
    members: &[
        member(
            "PartizanJoin",
            1,
            "the partizan heap game where Left moves by this ruleset and Right by the other",
            "(game.heap.Kayles PartizanJoin game.heap.Nim)(4)",
            partizan_join,
        ),
        member_named(
            "CakeProduct",
            &["that", "twisted"],
            1,
            "the cake ruleset where Left plays this ruleset and Right the other (GenCutcake); twisted turns the cake before each move",
            "game.heap.TakeAndBreak(\"4.0\").CakeProduct(game.heap.TakeAndBreak(\"4.0\"))((8,3))",
            cake_product,
        ),
        member(
            "code",
            0,
            "the take-and-break code, as a string (Nim is \"0.[3]\")",
            "game.heap.Kayles.code",
            |ev, r, _, s| match r.code() {
                Some(code) => Ok(Value::Str(code.to_string())),
                None => Err(ev.error(
                    s,
                    ErrorKind::InvalidInput,
                    format!("{} has no take-and-break code", r.name()),
                )),
            },
        ),
        member(
            "HeapOptions",
            1,
            "the moves from a heap of n, each the list of heaps it leaves, in CGSuite's order",
            "game.heap.Kayles.HeapOptions(5)",
            |ev, r, a, s| {
                let n = heap_size(ev, "HeapOptions", &a[0])?;
                let options = heap::heap_options(ev, r, &n, s)?;
                let list = |o: Vec<usize>| Value::List(o.into_iter().map(Value::int).collect());
                Ok(Value::List(options.into_iter().map(list).collect()))
            },
        ),
        member(
            "HeapNimValue",
            1,
            "the nim value of a heap of n (R(n).NimValue)",
            "game.heap.Kayles.HeapNimValue(10)",
            |ev, r, a, s| {
                let n = heap_size(ev, "HeapNimValue", &a[0])?;
                heap::heap_value(ev, r, &n, s).map(|v| Value::int(BigInt::from(v)))
            },
        ),
        member(
            "Join",
            1,
            "the ruleset with the moves of both: digit by digit, the heap counts either code allows",
            "game.heap.Subtraction([1]).Join(game.heap.Subtraction([3])).code",
            join,
        ),
        member(
            "AcrosticProduct",
            1,
            "the ruleset of pairs (m, n) moving on m by this ruleset or on n by the other",
            "game.heap.Spawning(\"1+\").AcrosticProduct(game.heap.Spawning(\"1+C\")).NimValueTable(3, 8)",
            |ev, r, a, s| product(ev, ProductKind::Acrostic, r, a, s),
        ),
        member(
            "DirectProduct",
            1,
            "the ruleset of pairs (m, n) moving on both, by this ruleset and the other (nim values multiply)",
            "game.heap.Nim.DirectProduct(game.heap.Nim).NimValueTable(3, 8)",
            |ev, r, a, s| product(ev, ProductKind::Direct, r, a, s),
        ),
        member(
            "NimValueSequence",
            1,
            "the nim values of heaps 1..n (n below 10^7)",
            "game.heap.Kayles.NimValueSequence(10)",
            heap::nim_value_sequence,
        ),
        member(
            "CheckPeriodicity",
            1,
            "the period certified among heaps 0..n: Periodicity(Period => p, Preperiod => q, Saltus => s), or Nothing",
            "game.heap.DawsonsKayles.CheckPeriodicity(2000)",
            heap::check_periodicity,
        ),
    ],
};

/// A heap position: its ruleset and its heap.
pub(crate) type HeapPosition = (Ruleset, BigUint);

/// The members a heap position answers itself (the game members go through
/// its nimber).
/// A proved periodicity's parts: `(period, preperiod, saltus)`.
pub(crate) type PeriodicityParts = (u64, u64, u64);

/// The members of a periodicity (`R.CheckPeriodicity(n)`).
pub(crate) const PERIODICITY_TABLE: Table<PeriodicityParts> = Table {
    on: "periodicity",
    members: &[
        member(
            "Period",
            0,
            "the period p: g(n + p) = g(n) + s from the preperiod on",
            "game.heap.DawsonsKayles.CheckPeriodicity(200).Period",
            |_, &(period, _, _), _, _| Ok(Value::int(period)),
        ),
        member(
            "Preperiod",
            0,
            "the first heap from which the sequence repeats",
            "game.heap.Kayles.CheckPeriodicity(200).Preperiod",
            |_, &(_, preperiod, _), _, _| Ok(Value::int(preperiod)),
        ),
        member(
            "Saltus",
            0,
            "what a period adds to the values (0 unless arithmetic-periodic)",
            "game.heap.Subtraction([2,3,7], allbut => true).CheckPeriodicity(200).Saltus",
            |_, &(_, _, saltus), _, _| Ok(Value::int(saltus)),
        ),
    ],
};

pub(crate) const POSITION_TABLE: Table<HeapPosition> =
    Table { on: "heap position", members: POSITION_MEMBERS };

const POSITION_MEMBERS: &[Member<HeapPosition>] = &[
    member_optional(
        "Options",
        0,
        1,
        "the moves in CGSuite's order (the same for Left and Right); several heaps are a sum",
        "game.heap.Kayles(5).Options",
        |ev, (r, n), args, s| {
            if !args.is_empty() {
                player(ev, "Options", args, 0)?;
            }
            heap::options(ev, r, n, s)
        },
    ),
    member(
        "NimValue",
        0,
        "the nim value, from the table of heaps up to it (below 10^7) or a certified period",
        "game.heap.GrundysGame(100001).NimValue",
        |ev, (r, n), _, s| heap::heap_value(ev, r, n, s).map(|v| Value::int(BigInt::from(v))),
    ),
    member(
        "MisereOutcomeClass",
        0,
        "P when the player to move loses in misère play (misère nim value 0), else N",
        "game.heap.Kayles(9).MisereOutcomeClass",
        |ev, (r, n), _, s| {
            let v = heap::misere(ev, r, n, heap::MisereWant::Value, s)?;
            let zero = v.as_i64() == Some(0);
            Ok(crate::lang::members::misere::outcome_of_misere_value(if zero { 0 } else { 1 }))
        },
    ),
    member(
        "MisereNimValue",
        0,
        "the misère nim value (a canonical form forgets misère play: use a heap position)",
        "game.heap.Kayles(5).MisereNimValue",
        |ev, (r, n), _, s| heap::misere(ev, r, n, heap::MisereWant::Value, s),
    ),
    member(
        "Genus",
        0,
        "the misère genus g^(γ0γ1...), printed as CGSuite does: 4^146",
        "game.heap.Kayles(5).Genus",
        |ev, (r, n), _, s| heap::misere(ev, r, n, heap::MisereWant::Genus, s),
    ),
    member(
        "MisereCanonicalForm",
        0,
        "the misère canonical form, printed as CGSuite does: *[2[2]321]",
        "game.heap.GrundysGame(22).MisereCanonicalForm",
        |ev, (r, n), _, s| heap::misere(ev, r, n, heap::MisereWant::Form, s),
    ),
];

/// `R.AcrosticProduct(S)`, `R.DirectProduct(S)`: `S` must be a heap ruleset.
fn product(
    ev: &mut Eval<'_>,
    kind: ProductKind,
    rules: &Ruleset,
    args: Args<'_>,
    _span: Span,
) -> Result<Value> {
    let (other, at) = &args[0];
    let Some(other) = crate::lang::classes::heap::ruleset_of(other) else {
        return Err(ev.error(
            *at,
            ErrorKind::InvalidInput,
            format!("{} needs a heap ruleset (game.heap.Nim)", kind.name()),
        ));
    };
    let factors = Box::new((rules.clone(), other));
    Ok(Value::ClassicRuleset(ClassicRuleset::Product(kind, factors)))
}

/// The catalog ruleset `ruleset` with the codes of `rules` and of the heap
/// ruleset `args[0]` as its first two parameters, then `more`; `usage` is
/// the error when either has no take-and-break code.
fn with_two_codes(
    ev: &mut Eval<'_>,
    ruleset: &'static crate::ruleset::Ruleset,
    rules: &Ruleset,
    args: Args<'_>,
    more: &[crate::ruleset::catalog::Arg],
    usage: &str,
    span: Span,
) -> Result<Value> {
    use crate::ruleset::catalog::Arg;
    let (other, at) = &args[0];
    let other = crate::lang::classes::heap::ruleset_of(other);
    let codes = other.as_ref().and_then(|o| Some((rules.code()?, o.code()?)));
    let Some((left, right)) = codes else {
        return Err(ev.error(*at, ErrorKind::InvalidInput, usage));
    };
    let mut given = vec![Arg::Str(left.to_string()), Arg::Str(right.to_string())];
    given.extend_from_slice(more);
    let params = ruleset.params(&given, &[]).map_err(|e| ev.locate(e, span))?;
    Ok(Value::PartizanRuleset(ruleset, Some(params)))
}

/// `R.PartizanJoin(S)`: CGSuite's `PartizanHeapRuleset(R, S)`, here the
/// catalog's `PartizanTakeAndBreak` with the two rulesets' codes.
fn partizan_join(ev: &mut Eval<'_>, rules: &Ruleset, args: Args<'_>, span: Span) -> Result<Value> {
    use crate::ruleset::heap::partizan::PARTIZAN_TAKE_AND_BREAK;
    let usage = "PartizanJoin joins two take-and-break or subtraction rulesets (game.heap.Kayles PartizanJoin game.heap.Nim)";
    with_two_codes(ev, &PARTIZAN_TAKE_AND_BREAK, rules, args, &[], usage, span)
}

/// `R.Join(S)`: the take-and-break ruleset with the moves of both.
fn join(ev: &mut Eval<'_>, rules: &Ruleset, args: Args<'_>, span: Span) -> Result<Value> {
    let usage = "Join needs two take-and-break or subtraction rulesets \
                 (game.heap.Subtraction([1]).Join(game.heap.Subtraction([3])))";
    let other = match &args[0].0 {
        Value::Ruleset(r) => Some((**r).clone()),
        Value::Builtin(path) => {
            crate::lang::classes::heap::plain_ruleset(path.rsplit('.').next().unwrap_or(path))
        }
        _ => None,
    };
    let (Some(a), Some(b)) = (rules.code(), other.and_then(|r| r.code())) else {
        return Err(ev.error(span, ErrorKind::InvalidInput, usage));
    };
    let code =
        a.join(&b).map_err(|e| ev.error(span, e.kind(), format!("Join: {}", e.message())))?;
    Ok(Value::ruleset(crate::lang::classes::heap::code_ruleset(code)))
}

/// `R.CakeProduct(S, twisted ? false)`: CGSuite's `GenCutcake(R, S,
/// twisted)`, the catalog's cake ruleset with the two rulesets' codes.
fn cake_product(ev: &mut Eval<'_>, rules: &Ruleset, args: Args<'_>, span: Span) -> Result<Value> {
    use crate::ruleset::catalog::Arg;
    use crate::ruleset::heap::cake::GEN_CUTCAKE;
    let twisted = match args.get(1) {
        None => false,
        Some((Value::Bool(b), _)) => *b,
        Some((v, at)) => {
            return Err(ev.error(
                *at,
                ErrorKind::InvalidInput,
                format!("CakeProduct: twisted is true or false, not {}", v.kind_name()),
            ));
        }
    };
    let usage = "CakeProduct takes two take-and-break or subtraction rulesets (game.heap.TakeAndBreak(\"4.0\").CakeProduct(game.heap.TakeAndBreak(\"4.0\")))";
    with_two_codes(ev, &GEN_CUTCAKE, rules, args, &[Arg::Bool(twisted)], usage, span)
}

/// A heap size argument, or an error naming the member.
fn heap_size(ev: &Eval<'_>, name: &str, arg: &(Value, Span)) -> Result<num_bigint::BigUint> {
    arg.0.as_integer().and_then(|n| n.to_biguint()).ok_or_else(|| {
        ev.error(
            arg.1,
            ErrorKind::InvalidInput,
            format!("{name} needs a heap size (an integer from 0), not {}", arg.0.describe()),
        )
    })
}
