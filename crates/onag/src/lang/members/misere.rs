//! Members of misère canonical games (`*[2#0].Genus`), computed by
//! [`MisereGames`](crate::impartial::misere::MisereGames).

use crate::error::{Error, ErrorKind, Result};
use crate::game::PartizanOutcome;
use crate::impartial::misere::{FormId, MisereGames, Phylum};
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{Args, Member, Table, member};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;

/// The members of misère games.
pub(crate) const TABLE: Table<FormId> = Table { on: "misère game", members: MEMBERS };

/// Runs `f` on the session's misère games, errors located at `span`.
fn with<T>(
    ev: &mut Eval<'_>,
    span: Span,
    f: impl FnOnce(&mut MisereGames, &crate::Budget) -> Result<T>,
) -> Result<T> {
    let budget = ev.budget;
    f(&mut ev.state.misere, budget).map_err(|e| ev.locate(e, span))
}

fn games(gs: Vec<FormId>) -> Value {
    Value::List(gs.into_iter().map(Value::Misere).collect())
}

/// The misère game argument of a member.
fn other(ev: &Eval<'_>, args: Args<'_>, name: &str) -> Result<FormId> {
    match &args[0] {
        (Value::Misere(h), _) => Ok(*h),
        (v, at) => Err(ev.error(
            *at,
            ErrorKind::InvalidInput,
            format!("{name} needs a misère game, not {}", v.kind_name()),
        )),
    }
}

/// CGSuite's error for two games that are not linked or not subtractable.
fn pair_error(ev: &mut Eval<'_>, what: &str, g: FormId, h: FormId, span: Span) -> Error {
    let budget = ev.budget;
    let text = (|| -> Result<String> {
        let a = ev.state.misere.print(g, budget)?;
        let b = ev.state.misere.print(h, budget)?;
        Ok(format!("Those misere games are not {what}: {a}, {b}"))
    })();
    match text {
        Ok(t) => ev.error(span, ErrorKind::InvalidInput, t),
        Err(e) => ev.locate(e, span),
    }
}

fn phylum_is(ev: &Eval<'_>, g: FormId, test: fn(Phylum) -> bool) -> Value {
    Value::Bool(test(ev.state.misere.forms().phylum(g)))
}

const MEMBERS: &[Member<FormId>] = &[
    member(
        "Options",
        0,
        "the options, in CGSuite's canonical order",
        "*[[2],0].Options",
        |ev, &g, _, _| Ok(games(ev.state.misere.sorted_options(g))),
    ),
    member("Birthday", 0, "the birthday", "*[[2],0].Birthday", |ev, &g, _, _| {
        Ok(Value::int(ev.state.misere.forms().birthday(g)))
    }),
    member("NimValue", 0, "the normal-play nim value", "*[[2],1].NimValue", |ev, &g, _, _| {
        Ok(Value::int(ev.state.misere.forms().nim_value(g)))
    }),
    member(
        "MisereNimValue",
        0,
        "the misère nim value (1 for *[0])",
        "*[[2],1].MisereNimValue",
        |ev, &g, _, _| Ok(Value::int(ev.state.misere.forms().misere_value(g))),
    ),
    member(
        "MisereOutcomeClass",
        0,
        "P when the player to move loses in misère play, else N",
        "*[1].MisereOutcomeClass",
        |ev, &g, _, _| Ok(outcome_of_misere_value(ev.state.misere.forms().misere_value(g))),
    ),
    member(
        "Genus",
        0,
        "the genus g^γ0γ1…, printed as CGSuite does",
        "*[[2],1].Genus",
        |ev, &g, _, s| {
            with(ev, s, |m, b| m.genus(g, b)).map(|genus| Value::Genus(genus.to_string()))
        },
    ),
    member(
        "Mate",
        0,
        "the mate: *[1] for *[0], *[0] for *[1], else the game of the options' mates",
        "*[[2],0].Mate",
        |ev, &g, _, _| Ok(Value::Misere(ev.state.misere.mate(g))),
    ),
    member(
        "MisereCanonicalForm",
        0,
        "the game itself",
        "*[[2]].MisereCanonicalForm",
        |_, &g, _, _| Ok(Value::Misere(g)),
    ),
    member(
        "Parts",
        0,
        "every X with G = X + Y, in pairs, as CGSuite lists them",
        "*[[[2]]].Parts",
        |ev, &g, _, s| with(ev, s, |m, b| m.parts(g, b)).map(games),
    ),
    member(
        "Partitions",
        0,
        "every way to write the game as a sum of primes",
        "*[[*[4]+*[2]]].Partitions",
        |ev, &g, _, s| {
            let parts = with(ev, s, |m, b| m.partitions(g, b))?;
            Ok(Value::List(parts.into_iter().map(games).collect()))
        },
    ),
    member(
        "MisereMinus",
        1,
        "the game D with D + h = G",
        "*[[[2]]] MisereMinus *[[2]]",
        |ev, &g, args, s| {
            let h = other(ev, args, "MisereMinus")?;
            match with(ev, s, |m, b| m.minus(g, h, b))? {
                Some(d) => Ok(Value::Misere(d)),
                None => Err(pair_error(ev, "subtractable", g, h, s)),
            }
        },
    ),
    member(
        "IsLinkedTo",
        1,
        "whether some T makes G + T and h + T both P-positions",
        "*[[[2]]] IsLinkedTo *[[2]]",
        |ev, &g, args, _| {
            let h = other(ev, args, "IsLinkedTo")?;
            Ok(Value::Bool(ev.state.misere.is_linked(g, h)))
        },
    ),
    member(
        "Link",
        1,
        "a T making G + T and h + T both misère P-positions",
        "*[[[2]]] Link *[2]+*[2]",
        |ev, &g, args, s| {
            let h = other(ev, args, "Link")?;
            match with(ev, s, |m, b| m.link(g, h, b))? {
                Some(t) => Ok(Value::Misere(t)),
                None => Err(pair_error(ev, "linked", g, h, s)),
            }
        },
    ),
    member(
        "Distinguisher",
        1,
        "a T with G + T a misère P-position and h + T not",
        "*[[2]] Distinguisher *[2]+*[2]",
        |ev, &g, args, s| {
            let h = other(ev, args, "Distinguisher")?;
            with(ev, s, |m, b| m.distinguisher(g, h, b)).map(Value::Misere)
        },
    ),
    member(
        "IsEven",
        0,
        "whether the game is born before G + *[1]",
        "*[2].IsEven",
        |ev, &g, _, _| Ok(Value::Bool(!ev.state.misere.forms().is_odd(g))),
    ),
    member(
        "IsIntroverted",
        0,
        "whether the game is *[0] or *[1]",
        "*[1].IsIntroverted",
        |ev, &g, _, _| {
            let star = ev.state.misere.nim_heap(1);
            Ok(Value::Bool(g == 0 || g == star))
        },
    ),
    member(
        "IsExtraverted",
        0,
        "whether the game is a part of the game whose only option it is",
        "*[[2],0].IsExtraverted",
        |ev, &g, _, s| with(ev, s, |m, b| m.is_extraverted(g, b)).map(Value::Bool),
    ),
    member("IsNimHeap", 0, "whether the game is a nim heap", "*[2].IsNimHeap", |ev, &g, _, _| {
        Ok(Value::Bool(ev.state.misere.is_nim_heap(g)))
    }),
    member(
        "IsPrime",
        0,
        "whether the game is not *[0], *[1] or a sum of two smaller games",
        "*[[2]].IsPrime",
        |ev, &g, _, s| with(ev, s, |m, b| m.is_prime(g, b)).map(Value::Bool),
    ),
    member("IsTame", 0, "a nim heap or hereditarily tame", "*[[2],0].IsTame", |ev, &g, _, _| {
        Ok(phylum_is(ev, g, |p| matches!(p, Phylum::NimHeap | Phylum::HereditarilyTame)))
    }),
    member(
        "IsGenerallyTame",
        0,
        "tame, hereditarily or reversibly",
        "*[[2],0].IsGenerallyTame",
        |ev, &g, _, _| Ok(phylum_is(ev, g, Phylum::is_tame)),
    ),
    member("IsRestive", 0, "hereditarily restive", "*[[2],0].IsRestive", |ev, &g, _, _| {
        Ok(phylum_is(ev, g, |p| p == Phylum::HereditarilyRestive))
    }),
    member(
        "IsGenerallyRestive",
        0,
        "restive, hereditarily or reversibly",
        "*[[2],0].IsGenerallyRestive",
        |ev, &g, _, _| {
            Ok(phylum_is(ev, g, |p| {
                matches!(p, Phylum::HereditarilyRestive | Phylum::ReversiblyRestive)
            }))
        },
    ),
    member(
        "IsHalfTame",
        0,
        "not tame, but G + G is tame with both nim values 0",
        "*[0,[2]].IsHalfTame",
        |ev, &g, _, s| {
            with(ev, s, |m, b| {
                if m.forms().phylum(g).is_tame() {
                    return Ok(false);
                }
                let h = m.add(g, g, b)?;
                let f = m.forms();
                Ok(f.phylum(h).is_tame() && f.nim_value(h) == 0 && f.misere_value(h) == 0)
            })
            .map(Value::Bool)
        },
    ),
    member(
        "IsTameable",
        0,
        "tame, or tameable: tame genus kept through tameable options",
        "(*[1,2,3,[2]] + *[1,2,3,[2]]).IsTameable",
        |ev, &g, _, _| Ok(phylum_is(ev, g, Phylum::is_tameable)),
    ),
    member("IsRestless", 0, "restless", "*[[2],1].IsRestless", |ev, &g, _, _| {
        Ok(phylum_is(ev, g, |p| p == Phylum::Restless))
    }),
];

/// The misère outcome class of an impartial game with misère nim value
/// `v`: P when it is 0, else N.
pub(crate) fn outcome_of_misere_value(v: u32) -> Value {
    Value::Outcome(if v == 0 { PartizanOutcome::P } else { PartizanOutcome::N })
}
