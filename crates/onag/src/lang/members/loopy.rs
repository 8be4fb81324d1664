//! Members of loopy games (values that are not short games), computed by
//! [`crate::loopy::partizan`].

use crate::error::{ErrorKind, Result};
use crate::lang::classes::loopy::{of_sided, sided_of};
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{Args, Table, member, player};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::{Player, Value};
use crate::loopy::partizan::canonical::stoppers_equal;
use crate::loopy::partizan::parse::MAX_SUM_NODES;
use crate::loopy::partizan::stops::{Pseudonumber, Tilt, stops};
use crate::loopy::partizan::{LoopyGame, SidedValue, degree};

/// The members of a value whose sides are not both stoppers (Bach's
/// Carousel), as CGSuite's `SidedValue` has them: `OutcomeClass`,
/// `IsIdempotent` (`G + G == G`) and the predicates, all false but
/// `IsFinite`; every other loopy member needs stopper sides. `None` for a
/// stopper-sided value (its members are in [`TABLE`]).
pub(crate) fn sided_member(
    ev: &mut Eval<'_>,
    v: &SidedValue,
    name: &str,
    args: Args<'_>,
    span: Span,
) -> Option<Result<Value>> {
    if v.is_stopper_sided() {
        return None;
    }
    const FALSE: &[&str] = &[
        "IsAllSmall",
        "IsInfinitesimal",
        "IsInteger",
        "IsLoopfree",
        "IsNimber",
        "IsNumber",
        "IsNumberish",
        "IsNumberTiny",
        "IsOrdinal",
        "IsPlumtree",
        "IsPseudonumber",
        "IsStopper",
        "IsStopperSided",
        "IsUptimal",
        "IsZero",
    ];
    let known =
        FALSE.contains(&name) || matches!(name, "IsFinite" | "IsIdempotent" | "OutcomeClass");
    if !known {
        return Some(Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "{name} needs stopper sides: this game's sides are not stoppers (a game.SidedValue \
                 has OutcomeClass, IsIdempotent and the Is… predicates)"
            ),
        )));
    }
    if !args.is_empty() {
        return Some(Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{name} takes 0 arguments, not {}", args.len()),
        )));
    }
    let locate = |ev: &Eval<'_>, e| ev.locate(e, span);
    Some(match name {
        "IsFinite" => Ok(Value::Bool(true)),
        "IsIdempotent" => v
            .sum(v, MAX_SUM_NODES, ev.budget)
            .and_then(|twice| twice.equals(v, ev.budget))
            .map(Value::Bool)
            .map_err(|e| locate(ev, e)),
        "OutcomeClass" => v.outcome(ev.budget).map(Value::LoopyOutcome).map_err(|e| locate(ev, e)),
        _ => Ok(Value::Bool(false)),
    })
}

/// The answer of a predicate that no loopy game satisfies.
fn no(_: &mut Eval<'_>, _: &SidedValue, _: Args<'_>, _: Span) -> Result<Value> {
    Ok(Value::Bool(false))
}

/// The stopper a member needs, or an error naming the member.
fn stopper<'a>(ev: &Eval<'_>, v: &'a SidedValue, name: &str, span: Span) -> Result<&'a SidedValue> {
    if v.is_stopper(ev.budget).map_err(|e| ev.locate(e, span))? {
        return Ok(v);
    }
    Err(ev.error(
        span,
        ErrorKind::InvalidInput,
        format!(
            "{name} needs a stopper, and this loopy game is not one (its onside and offside differ)"
        ),
    ))
}

/// Whether the canonical stopper `g` is a pseudonumber (a number, `x over`,
/// `x under`, `on` or `off`): its stops agree and it equals them.
fn is_pseudonumber(ev: &mut Eval<'_>, g: &LoopyGame, span: Span) -> Result<bool> {
    let st = stops(g, &mut ev.state.arena).map_err(|e| ev.locate(e, span))?;
    let p = st.left.game(&mut ev.state.arena).map_err(|e| ev.locate(e, span))?;
    let same = stoppers_equal(&p, g, ev.budget).map_err(|e| ev.locate(e, span))?;
    Ok(st.left == st.right && same)
}

/// CGSuite's class of a loopy value that is not short: `game.Pseudonumber`,
/// else `game.CanonicalStopper` for a stopper, else
/// `game.StopperSidedValue` when both sides are stoppers, else
/// `game.SidedValue`.
pub(crate) fn class(ev: &mut Eval<'_>, v: &SidedValue, span: Span) -> Result<&'static str> {
    if !v.is_stopper_sided() {
        return Ok("game.SidedValue");
    }
    if !v.is_stopper(ev.budget).map_err(|e| ev.locate(e, span))? {
        return Ok("game.StopperSidedValue");
    }
    Ok(if is_pseudonumber(ev, &v.onside, span)? {
        "game.Pseudonumber"
    } else {
        "game.CanonicalStopper"
    })
}

/// A stop without its `over` or `under` (CGSuite's strong stop): a number,
/// or `on` or `off`.
fn strong(p: Pseudonumber) -> Pseudonumber {
    match p {
        Pseudonumber::Number(x, _) => Pseudonumber::Number(x, Tilt::Exact),
        other => other,
    }
}

/// The strong Left and Right stops of the stopper `g`.
fn strong_stops(ev: &mut Eval<'_>, g: &LoopyGame, span: Span) -> Result<[Pseudonumber; 2]> {
    let st = stops(g, &mut ev.state.arena).map_err(|e| ev.locate(e, span))?;
    Ok([strong(st.left), strong(st.right)])
}

/// Whether a strong stop is the number 0.
fn is_zero_stop(p: &Pseudonumber) -> bool {
    matches!(p, Pseudonumber::Number(x, _) if x.is_zero())
}

/// CGSuite's `IsInfinitesimal`: both strong stops of each side are 0.
fn is_infinitesimal(ev: &mut Eval<'_>, v: &SidedValue, span: Span) -> Result<bool> {
    for g in [&v.onside, &v.offside] {
        if !strong_stops(ev, g, span)?.iter().all(is_zero_stop) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// CGSuite's `IsNumberish`: a stopper whose strong stops are one number;
/// for two sides, the onside's strong Left stop is the offside's strong
/// Right stop.
fn is_numberish(ev: &mut Eval<'_>, v: &SidedValue, span: Span) -> Result<bool> {
    if v.is_stopper(ev.budget).map_err(|e| ev.locate(e, span))? {
        let [l, r] = strong_stops(ev, &v.onside, span)?;
        return Ok(matches!(l, Pseudonumber::Number(..)) && l == r);
    }
    let [l, _] = strong_stops(ev, &v.onside, span)?;
    let [_, r] = strong_stops(ev, &v.offside, span)?;
    Ok(l == r)
}

/// The number at node `w` of `g`, when that follower is one.
fn number_at(ev: &mut Eval<'_>, g: &LoopyGame, w: u32, span: Span) -> Result<Option<Value>> {
    let v = node(ev, &g.at(w), span)?;
    Ok(matches!(v, Value::Number(_)).then_some(v))
}

/// Whether `a + b ≤ under`, for a stopper `a` and a number `b`.
fn at_most_under(ev: &mut Eval<'_>, a: LoopyGame, b: &Value, span: Span) -> Result<bool> {
    let b = ev.game_of(b, span, "IsNumberTiny")?;
    let b = LoopyGame::from_short(&mut ev.state.arena, b).map_err(|e| ev.locate(e, span))?;
    let sum = a.sum(&b, MAX_SUM_NODES).map_err(|e| ev.locate(e, span))?;
    let sum = SidedValue::of(&sum, ev.budget).map_err(|e| ev.locate(e, span))?;
    let under = SidedValue::of(&LoopyGame::under(), ev.budget).map_err(|e| ev.locate(e, span))?;
    sum.leq(&under, ev.budget).map_err(|e| ev.locate(e, span))
}

/// CGSuite's `IsNumberTiny` of a stopper: `{x || x | G}` with `G − x ≤
/// under` (a tiny of a number), or its mirror `{G | x || x}` with `x − G ≤
/// under`. False for two sides.
fn is_number_tiny(ev: &mut Eval<'_>, v: &SidedValue, span: Span) -> Result<bool> {
    if !v.is_stopper(ev.budget).map_err(|e| ev.locate(e, span))? {
        return Ok(false);
    }
    let g = v.onside.clone();
    let (lo, ro) = match (g.left(0), g.right(0)) {
        ([l], [r]) => (*l, *r),
        _ => return Ok(false),
    };
    // {x || x | G}: Left's option x, Right's option {x | G}.
    if let Some(x) = number_at(ev, &g, lo, span)?
        && let ([rl], [rr]) = (g.left(ro), g.right(ro))
        && stoppers_equal(&g.at(*rl), &g.at(lo), ev.budget).map_err(|e| ev.locate(e, span))?
    {
        let minus_x = ev.negate(x, span)?;
        if at_most_under(ev, g.at(*rr), &minus_x, span)? {
            return Ok(true);
        }
    }
    // {G | x || x}: Right's option x, Left's option {G | x}.
    if let Some(x) = number_at(ev, &g, ro, span)?
        && let ([ll], [lr]) = (g.left(lo), g.right(lo))
        && stoppers_equal(&g.at(*lr), &g.at(ro), ev.budget).map_err(|e| ev.locate(e, span))?
    {
        return at_most_under(ev, g.at(*ll).negative(), &x, span);
    }
    Ok(false)
}

/// The options of the start of the stopper `v` on one side, as values.
fn options(ev: &mut Eval<'_>, v: &SidedValue, left: bool, name: &str, span: Span) -> Result<Value> {
    let g = &stopper(ev, v, name, span)?.onside;
    let opts: Vec<u32> = if left { g.left(0).to_vec() } else { g.right(0).to_vec() };
    let mut out = Vec::new();
    for w in opts {
        out.push(node(ev, &g.at(w), span)?);
    }
    Ok(Value::Set(out))
}

/// The value of a node of a canonical stopper (itself canonical).
fn node(ev: &mut Eval<'_>, g: &crate::loopy::partizan::LoopyGame, span: Span) -> Result<Value> {
    of_sided(ev, SidedValue { onside: g.clone(), offside: g.clone() }, span)
}

fn side(ev: &mut Eval<'_>, g: &LoopyGame, span: Span) -> Result<Value> {
    node(ev, g, span)
}

/// The stopper argument `i` of member `name`.
fn stopper_arg(ev: &mut Eval<'_>, name: &str, args: Args<'_>, i: usize) -> Result<LoopyGame> {
    let (value, span) = &args[i];
    let Some(sided) = sided_of(ev, value, *span) else {
        return Err(ev.error(
            *span,
            ErrorKind::InvalidInput,
            format!("{name} takes a game, not {}", value.kind_name()),
        ));
    };
    let sided = sided?;
    Ok(stopper(ev, &sided, name, *span)?.onside.clone())
}

/// A stopper computed from the stopper `v` by `f`, as a value; errors of
/// `f` located at the member.
fn derived(
    ev: &mut Eval<'_>,
    v: &SidedValue,
    name: &str,
    span: Span,
    f: impl FnOnce(&LoopyGame, &crate::Budget) -> Result<LoopyGame>,
) -> Result<Value> {
    let g = stopper(ev, v, name, span)?.onside.clone();
    let out = f(&g, ev.budget).map_err(|e| ev.locate(e, span))?;
    node(ev, &out, span)
}

/// A truth about the stopper `v` computed by `f`.
fn test(
    ev: &mut Eval<'_>,
    v: &SidedValue,
    name: &str,
    span: Span,
    f: impl FnOnce(&LoopyGame, &crate::Budget) -> Result<bool>,
) -> Result<Value> {
    let g = stopper(ev, v, name, span)?.onside.clone();
    f(&g, ev.budget).map(Value::Bool).map_err(|e| ev.locate(e, span))
}

/// The Left (`left`) or Right stop of the stopper `v`, a pseudonumber.
fn stop(ev: &mut Eval<'_>, v: &SidedValue, left: bool, name: &str, span: Span) -> Result<Value> {
    let g = stopper(ev, v, name, span)?.onside.clone();
    let s = stops(&g, &mut ev.state.arena).map_err(|e| ev.locate(e, span))?;
    pseudonumber(ev, if left { &s.left } else { &s.right }, span)
}

fn pseudonumber(ev: &mut Eval<'_>, p: &Pseudonumber, span: Span) -> Result<Value> {
    let g = p.game(&mut ev.state.arena).map_err(|e| ev.locate(e, span))?;
    node(ev, &g, span)
}

/// The members of loopy games.
pub(crate) const TABLE: Table<SidedValue> = Table {
    on: "loopy game",
    members: &[
        member("Tiny", 0, "{0 || 0 | -G}", "over.Tiny", |ev, v, _, s| tiny(ev, "Tiny", v, s)),
        member("Miny", 0, "{G | 0 || 0}", "over.Miny", |ev, v, _, s| tiny(ev, "Miny", v, s)),
        member(
            "DepthHint",
            0,
            "the loopy-structure hint of a game (CGSuite's default, 0)",
            "on.DepthHint",
            |_, _, _, _| Ok(Value::int(0)),
        ),
        member(
            "Subordinate",
            1,
            "the stopper H with G = B:H for the short base B (its options as written); an error when there is none",
            "over.Subordinate(1)",
            |ev, v, a, s| {
                let g = stopper(ev, v, "Subordinate", s)?.onside.clone();
                let (bl, br) = crate::lang::classes::explicit::base_options(ev, &a[0].0, a[0].1)?;
                let budget = ev.budget;
                let h = crate::loopy::partizan::ordinal::subordinate(
                    &mut ev.state.arena,
                    &bl,
                    &br,
                    &g,
                    budget,
                )
                .map_err(|e| ev.locate(e, s))?;
                match h {
                    Some(h) => node(ev, &h, s),
                    None => Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        "That game cannot be subordinated to the specified base.",
                    )),
                }
            },
        ),
        member(
            "Onside",
            0,
            "the onside G⁺ (a canonical stopper; G = G⁺ & G⁻)",
            "(on + off).Onside",
            |ev, v, _, s| side(ev, &v.onside, s),
        ),
        member(
            "Offside",
            0,
            "the offside G⁻ (a canonical stopper)",
            "(on + off).Offside",
            |ev, v, _, s| side(ev, &v.offside, s),
        ),
        member(
            "IsStopper",
            0,
            "whether the game equals a stopper (its onside equals its offside)",
            "upon.IsStopper",
            |ev, v, _, s| v.is_stopper(ev.budget).map(Value::Bool).map_err(|e| ev.locate(e, s)),
        ),
        member(
            "IsLoopfree",
            0,
            "whether the game is a short game (false on every value of this kind)",
            "over.IsLoopfree",
            |_, v, _, _| Ok(Value::Bool(v.onside == v.offside && v.onside.is_loopfree())),
        ),
        member(
            "OutcomeClass",
            0,
            "L, R, P, N, or with draws D, PHat, PCheck, NHat, NCheck (CGSuite's loopy classes)",
            "dud.OutcomeClass",
            |ev, v, _, s| {
                v.outcome(ev.budget).map(Value::LoopyOutcome).map_err(|e| ev.locate(e, s))
            },
        ),
        member(
            "LeftOptions",
            0,
            "Left's options of the canonical stopper (an error unless the game is a stopper)",
            "over.LeftOptions",
            |ev, v, _, s| options(ev, v, true, "LeftOptions", s),
        ),
        member(
            "RightOptions",
            0,
            "Right's options of the canonical stopper (an error unless the game is a stopper)",
            "over.RightOptions",
            |ev, v, _, s| options(ev, v, false, "RightOptions", s),
        ),
        member(
            "GameValue",
            0,
            "the value itself (a ruleset position's value, as CGSuite's GameValue)",
            "game.grid.FoxAndGeese([(3,1),(3,3)], (1,1)).GameValue",
            |ev, v, _, s| of_sided(ev, v.clone(), s),
        ),
        member(
            "Stop",
            1,
            "Stop(Left) or Stop(Right): that player's stop, a pseudonumber",
            "{5|pass}.Stop(Right)",
            |ev, v, a, s| {
                let left = player(ev, "Stop", a, 0)? == Player::Left;
                stop(ev, v, left, "Stop", s)
            },
        ),
        member(
            "StrongStop",
            1,
            "StrongStop(Left) or StrongStop(Right): that player's stop with its over or under dropped",
            "{5|pass}.StrongStop(Right)",
            |ev, v, a, s| {
                let left = player(ev, "StrongStop", a, 0)? == Player::Left;
                let g = stopper(ev, v, "StrongStop", s)?.onside.clone();
                let [l, r] = strong_stops(ev, &g, s)?;
                pseudonumber(ev, if left { &l } else { &r }, s)
            },
        ),
        member("IsFinite", 0, "true: a loopy game is finite", "on.IsFinite", |_, _, _, _| {
            Ok(Value::Bool(true))
        }),
        member(
            "IsPlumtree",
            0,
            "whether every cycle of its sides is a pass (a node moving to itself)",
            "over.IsPlumtree",
            |_, v, _, _| Ok(Value::Bool(v.onside.is_plumtree() && v.offside.is_plumtree())),
        ),
        member(
            "IsStopperSided",
            0,
            "whether its onside and offside are stoppers (true of every value onag holds)",
            "(on + off).IsStopperSided",
            |_, _, _, _| Ok(Value::Bool(true)),
        ),
        member(
            "LeftStop",
            0,
            "the Left stop: a pseudonumber (a number, x over, x under, on or off)",
            "(+-{5|pass}).LeftStop",
            |ev, v, _, s| stop(ev, v, true, "LeftStop", s),
        ),
        member(
            "RightStop",
            0,
            "the Right stop: a pseudonumber (a number, x over, x under, on or off)",
            "(+-{5|pass}).RightStop",
            |ev, v, _, s| stop(ev, v, false, "RightStop", s),
        ),
        member(
            "IsPseudonumber",
            0,
            "whether the stopper is a number, x over, x under, on or off",
            "(5 + over).IsPseudonumber",
            |ev, v, _, s| {
                let g = stopper(ev, v, "IsPseudonumber", s)?.onside.clone();
                is_pseudonumber(ev, &g, s).map(Value::Bool)
            },
        ),
        member(
            "Degree",
            0,
            "the degree of loopiness G Upsum -G (0 for a short game)",
            "(+-{5|pass}).Degree",
            |ev, v, _, s| derived(ev, v, "Degree", s, |g, b| degree::degree(g, MAX_SUM_NODES, b)),
        ),
        member(
            "Variety",
            0,
            "the variety: the upsum and downsum varieties relative to the degree, when equal",
            "(+-{5|pass}).Variety",
            |ev, v, _, s| derived(ev, v, "Variety", s, |g, b| degree::variety(g, MAX_SUM_NODES, b)),
        ),
        member("IsIdempotent", 0, "whether G + G = G", "over.IsIdempotent", |ev, v, _, s| {
            test(ev, v, "IsIdempotent", s, |g, b| degree::is_idempotent(g, MAX_SUM_NODES, b))
        }),
        member(
            "IsStable",
            0,
            "whether the upsum and downsum varieties relative to the degree are equal",
            "upon.IsStable",
            |ev, v, _, s| test(ev, v, "IsStable", s, |g, b| degree::is_stable(g, MAX_SUM_NODES, b)),
        ),
        member(
            "Upsum",
            1,
            "the onside of G + H: infinite play counts as a win for Left (also `G Upsum H`)",
            "over Upsum under",
            |ev, v, a, s| {
                let h = stopper_arg(ev, "Upsum", a, 0)?;
                derived(ev, v, "Upsum", s, |g, b| degree::upsum(g, &h, MAX_SUM_NODES, b))
            },
        ),
        member(
            "Downsum",
            1,
            "the offside of G + H: infinite play counts as a win for Right (also `G Downsum H`)",
            "over Downsum under",
            |ev, v, a, s| {
                let h = stopper_arg(ev, "Downsum", a, 0)?;
                derived(ev, v, "Downsum", s, |g, b| degree::downsum(g, &h, MAX_SUM_NODES, b))
            },
        ),
        member(
            "UpsumVariety",
            1,
            "G Upsum (-G Downsum -D) for an idempotent D",
            "(+-{0|pass}).UpsumVariety(over)",
            |ev, v, a, s| {
                let d = stopper_arg(ev, "UpsumVariety", a, 0)?;
                derived(ev, v, "UpsumVariety", s, |g, b| {
                    degree::upsum_variety(g, &d, MAX_SUM_NODES, b)
                })
            },
        ),
        member(
            "DownsumVariety",
            1,
            "G Downsum (-G Upsum D) for an idempotent D",
            "(+-{0|pass}).DownsumVariety(over)",
            |ev, v, a, s| {
                let d = stopper_arg(ev, "DownsumVariety", a, 0)?;
                derived(ev, v, "DownsumVariety", s, |g, b| {
                    degree::downsum_variety(g, &d, MAX_SUM_NODES, b)
                })
            },
        ),
        member(
            "Options",
            1,
            "Options(Left) or Options(Right): that player's options of the canonical stopper",
            "over.Options(Right)",
            |ev, v, a, s| {
                let left = player(ev, "Options", a, 0)? == Player::Left;
                options(ev, v, left, "Options", s)
            },
        ),
        member(
            "IsInfinitesimal",
            0,
            "whether both strong stops (over and under dropped) of each side are 0",
            "over.IsInfinitesimal",
            |ev, v, _, s| is_infinitesimal(ev, v, s).map(Value::Bool),
        ),
        member(
            "IsNumberish",
            0,
            "whether the strong stops are one number (infinitesimally close to a number)",
            "{pass|3/2}.IsNumberish",
            |ev, v, _, s| is_numberish(ev, v, s).map(Value::Bool),
        ),
        member(
            "IsNumberTiny",
            0,
            "whether the stopper is {x || x | G} with G − x ≤ under, or its mirror",
            "{on|0||0}.IsNumberTiny",
            |ev, v, _, s| is_number_tiny(ev, v, s).map(Value::Bool),
        ),
        member("IsInteger", 0, "false: a loopy game is not a number", "on.IsInteger", no),
        member("IsNumber", 0, "false: a loopy game is not a number", "on.IsNumber", no),
        member("IsNimber", 0, "false: a loopy game is not a nimber", "on.IsNimber", no),
        member("IsUptimal", 0, "false: a loopy game is not an uptimal", "upon.IsUptimal", no),
        member("IsOrdinal", 0, "false: a loopy game is not an ordinal", "on.IsOrdinal", no),
        member("IsZero", 0, "false: a loopy game is not 0", "dud.IsZero", no),
        member(
            "FollowerCount",
            0,
            "the number of positions of the canonical stopper (an error unless the game is a stopper)",
            "upon.FollowerCount",
            |ev, v, _, s| {
                let g = &stopper(ev, v, "FollowerCount", s)?.onside;
                Ok(Value::int(g.len()))
            },
        ),
        member(
            "Followers",
            0,
            "every position of the canonical stopper (an error unless the game is a stopper)",
            "over.Followers",
            |ev, v, _, s| {
                let g = stopper(ev, v, "Followers", s)?.onside.clone();
                let mut out = Vec::new();
                for w in 0..g.len() as u32 {
                    out.push(node(ev, &g.at(w), s)?);
                }
                ev.make_set(out, s)
            },
        ),
    ],
};

/// `G.Tiny` and `G.Miny` of a stopper, as `Tiny(G)` and `Miny(G)`
/// (CGSuite has them for stoppers only).
fn tiny(ev: &mut Eval<'_>, name: &str, v: &SidedValue, span: Span) -> Result<Value> {
    let g = Value::Loopy(Box::new(stopper(ev, v, name, span)?.clone()));
    match crate::lang::classes::loopy::tiny(ev, name, &g, span) {
        Some(result) => result,
        None => Err(ev.error(span, ErrorKind::InvalidInput, format!("{name} needs a game"))),
    }
}
