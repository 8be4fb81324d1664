//! Members of games (short games in canonical form; numbers reach them
//! through their canonical form unless the number table answers first),
//! each computed by [`crate::game`]'s arena.

use num_bigint::BigInt;

use crate::error::{ErrorKind, Result};
use crate::game::{Arena, GameId};
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{Args, Member, Table, member, member_optional, player};
use crate::lang::syntax::ast::BinOp;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::{Player, Value};
use crate::number::Dyadic;

/// The games as a set in CGSuite's display order.
fn set(ev: &mut Eval<'_>, mut games: Vec<GameId>, span: Span) -> Result<Value> {
    ev.arena(span, |a| a.sort_for_display(&mut games))?;
    games.dedup();
    Ok(Value::GameSet(games))
}

/// A set-valued arena query.
fn set_of(
    ev: &mut Eval<'_>,
    g: GameId,
    span: Span,
    f: impl FnOnce(&mut Arena, GameId) -> Result<Vec<GameId>>,
) -> Result<Value> {
    let games = ev.arena(span, |a| f(a, g))?;
    set(ev, games, span)
}

/// The nim heap of the session's misère games that the nimber `g` is, or
/// an error: a canonical form other than a nimber forgets misère play.
fn nim_heap(ev: &mut Eval<'_>, g: GameId, name: &str, span: Span) -> Result<u32> {
    let n = ev.state.arena.nim_value(g).ok_or_else(|| {
        ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{name} needs an impartial game: a nimber, a heap or an impartial position"),
        )
    })?;
    let max = crate::impartial::misere::MAX_NIM_HEAP;
    match usize::try_from(n).ok().filter(|&n| n <= max) {
        Some(n) => Ok(ev.state.misere.nim_heap(n)),
        None => Err(ev.error(
            span,
            ErrorKind::LimitExceeded,
            format!("{name} builds nim heaps up to *{max}"),
        )),
    }
}

/// `g.NortonProduct(u)`.
fn norton_product(ev: &mut Eval<'_>, name: &str, g: GameId, a: Args<'_>, s: Span) -> Result<Value> {
    let u = game_arg(ev, name, a, 0)?;
    game_of(ev, g, s, |ar, g| ar.norton_product(g, u))
}

/// A game-valued arena query.
fn game_of(
    ev: &mut Eval<'_>,
    g: GameId,
    span: Span,
    f: impl FnOnce(&mut Arena, GameId) -> Result<GameId>,
) -> Result<Value> {
    let h = ev.arena(span, |a| f(a, g))?;
    Ok(ev.game_value(h))
}

/// A true-or-false arena query.
fn test(
    ev: &mut Eval<'_>,
    g: GameId,
    span: Span,
    f: impl FnOnce(&mut Arena, GameId) -> Result<bool>,
) -> Result<Value> {
    ev.arena(span, |a| f(a, g)).map(Value::Bool)
}

/// Argument `i` as a game.
fn game_arg(ev: &mut Eval<'_>, name: &str, args: Args<'_>, i: usize) -> Result<GameId> {
    let (v, at) = &args[i];
    ev.game_of(v, *at, name)
}

fn power(ev: &mut Eval<'_>, g: GameId, args: Args<'_>, span: Span, to: bool) -> Result<Value> {
    let name = if to { "PowTo" } else { "Pow" };
    let (x, at) = &args[0];
    let exponent = exponent_of(ev, name, x, *at)?;
    if to {
        return pow_to_value(ev, g, &exponent, *at);
    }
    let h = ev
        .arena(span, |a| {
            let zero = a.zero();
            match (a.left_options(g)?.as_slice(), a.right_options(g)?.as_slice()) {
                ([l], [h]) if *l == zero => Ok(Some(*h)),
                _ => Ok(None),
            }
        })?
        .ok_or_else(|| {
            ev.error(
                span,
                ErrorKind::InvalidInput,
                "Invalid base for `Pow` operation (base must be of the form {0|H}).",
            )
        })?;
    // G^x = {0 | H − G^→(x−1)}.
    let less = match exponent {
        Value::Number(q) => Value::number(
            q.to_big().into_owned() - num_rational::BigRational::from_integer(1.into()),
        ),
        loopy => ev.binary(&BinOp::Sub, loopy, Value::int(1), *at)?,
    };
    let below = pow_to_value(ev, g, &exponent_of(ev, name, &less, *at)?, *at)?;
    let right = ev.binary(&BinOp::Sub, Value::Game(h), below, span)?;
    crate::lang::classes::loopy::zero_slash(ev, right, span)
}

/// The exponent of `Pow` or `PowTo`: a dyadic rational, or a loopy value
/// (a pseudonumber such as `on` or `{pass|1}`).
fn exponent_of(ev: &Eval<'_>, name: &str, x: &Value, at: Span) -> Result<Value> {
    match x {
        Value::Number(q) if crate::lang::value::is_dyadic(&q.to_big()) => Ok(x.clone()),
        Value::Loopy(_) => Ok(x.clone()),
        other => {
            let shown = match other {
                Value::Number(q) => q.to_big().to_string(),
                o => o.kind_name().to_string(),
            };
            Err(ev.error(
                at,
                ErrorKind::InvalidInput,
                format!(
                    "{name} needs a dyadic rational or loopy pseudonumber exponent, not {shown}"
                ),
            ))
        }
    }
}

/// `g.PowTo(x)` for an exponent [`exponent_of`] accepted.
fn pow_to_value(ev: &mut Eval<'_>, g: GameId, x: &Value, at: Span) -> Result<Value> {
    match x {
        Value::Number(q) => pow_to(ev, g, &q.to_big(), at).map(|p| ev.game_value(p)),
        Value::Loopy(s) => crate::lang::classes::loopy::pow_to(ev, g, s, at),
        _ => Err(ev.error(at, ErrorKind::InvalidInput, "Invalid exponent.")),
    }
}

/// `G.PowTo(x)` for a dyadic `x`: `0` for `x = 0`, else `G : H` where
/// `1 : H = x` (so `G.PowTo(n)` is `G : (n − 1)`); "Invalid exponent." when
/// `x` is negative (no such `H`).
fn pow_to(
    ev: &mut Eval<'_>,
    g: GameId,
    x: &num_rational::BigRational,
    span: Span,
) -> Result<GameId> {
    use num_traits::Zero;
    if x.is_zero() {
        return Ok(ev.state.arena.zero());
    }
    let invalid = |ev: &Eval<'_>| ev.error(span, ErrorKind::InvalidInput, "Invalid exponent.");
    if x < &num_rational::BigRational::zero() {
        return Err(invalid(ev));
    }
    let dyadic = Dyadic::from_rational(x).ok_or_else(|| invalid(ev))?;
    let xg = ev.arena(span, |a| a.dyadic(&dyadic))?;
    let one = (vec![ev.state.arena.zero()], Vec::new());
    let h = crate::lang::classes::explicit::subordinate_on(ev, xg, &one, span)?
        .ok_or_else(|| invalid(ev))?;
    ev.arena(span, |a| a.ordinal_sum(g, h))
}

fn stop(ev: &mut Eval<'_>, g: GameId, span: Span, left: bool) -> Result<Value> {
    let (l, r) = ev.arena(span, |a| a.stops(g))?;
    Ok(Value::number(if left { l } else { r }.to_rational()))
}

/// Whether `g` is even and whether it is odd, in Conway's sense on the
/// canonical form: even when it has no options or every option is odd, odd
/// when it has options and every option is even. Walks the followers with
/// an explicit stack, each once.
fn parity(ev: &mut Eval<'_>, g: GameId, span: Span) -> Result<(bool, bool)> {
    let mut known: rustc_hash::FxHashMap<GameId, (bool, bool)> = Default::default();
    let mut stack = vec![g];
    while let Some(&top) = stack.last() {
        ev.step(span)?;
        if known.contains_key(&top) {
            stack.pop();
            continue;
        }
        let mut options = ev.arena(span, |a| a.left_options(top))?;
        options.extend(ev.arena(span, |a| a.right_options(top))?);
        let missing: Vec<GameId> =
            options.iter().copied().filter(|o| !known.contains_key(o)).collect();
        if !missing.is_empty() {
            stack.extend(missing);
            continue;
        }
        let all_odd = options.iter().all(|o| known.get(o).is_some_and(|p| p.1));
        let all_even = options.iter().all(|o| known.get(o).is_some_and(|p| p.0));
        known.insert(top, (all_odd, !options.is_empty() && all_even));
        stack.pop();
    }
    Ok(known.get(&g).copied().unwrap_or((false, false)))
}

/// Left's incentives G^L − G (`left`) or Right's G − G^R, duplicates and
/// dominated ones removed (those at most another), as CGSuite computes them.
fn side_incentives(ev: &mut Eval<'_>, g: GameId, left: bool, span: Span) -> Result<Value> {
    let all = ev.arena(span, |a| {
        let options = if left { a.left_options(g)? } else { a.right_options(g)? };
        let mut all = Vec::with_capacity(options.len());
        for o in options {
            all.push(if left { a.sub(o, g)? } else { a.sub(g, o)? });
        }
        all.sort_unstable();
        all.dedup();
        let mut keep = Vec::with_capacity(all.len());
        for (i, &x) in all.iter().enumerate() {
            let mut dominated = false;
            for (j, &y) in all.iter().enumerate() {
                if i != j && matches!(a.compare(x, y)?, Some(std::cmp::Ordering::Less)) {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                keep.push(x);
            }
        }
        Ok(keep)
    })?;
    set(ev, all, span)
}

/// The members of games.
pub(crate) const TABLE: Table<GameId> = Table { on: "game", members: MEMBERS };

const MEMBERS: &[Member<GameId>] = &[
    member("CanonicalForm", 0, "the canonical form", "{1|1}.CanonicalForm", |ev, g, _, _| {
        Ok(ev.game_value(*g))
    }),
    member("GameValue", 0, "the value, as a canonical form", "{1|1}.GameValue", |ev, g, _, _| {
        Ok(ev.game_value(*g))
    }),
    member(
        "Degree",
        0,
        "the degree of loopiness: 0 for every short game",
        "{1|*}.Degree",
        |_, _, _, _| Ok(Value::int(0)),
    ),
    member(
        "DepthHint",
        0,
        "the loopy-structure hint of a game (CGSuite's default, 0)",
        "{1|*}.DepthHint",
        |_, _, _, _| Ok(Value::int(0)),
    ),
    member("Tiny", 0, "{0 || 0 | -G}", "(1/2).Tiny", |ev, g, _, s| {
        let t = ev.arena(s, |ar| ar.tiny(*g))?;
        Ok(ev.game_value(t))
    }),
    member("Miny", 0, "{G | 0 || 0}", "(^).Miny", |ev, g, _, s| {
        let t = ev.arena(s, |ar| ar.miny(*g))?;
        Ok(ev.game_value(t))
    }),
    member(
        "LeftOptions",
        0,
        "the Left options of the canonical form",
        "{3||2|1}.LeftOptions",
        |ev, g, _, s| set_of(ev, *g, s, Arena::left_options),
    ),
    member(
        "RightOptions",
        0,
        "the Right options of the canonical form",
        "{3||2|1}.RightOptions",
        |ev, g, _, s| set_of(ev, *g, s, Arena::right_options),
    ),
    member_optional(
        "Options",
        0,
        1,
        "Options(Left), Options(Right): one side's options; Options: both sides'",
        "{1|*}.Options(Left)",
        |ev, g, args, s| {
            let side = match args {
                [] => None,
                _ => Some(player(ev, "Options", args, 0)?),
            };
            let g = *g;
            let games = ev.arena(s, |a| {
                let mut all = Vec::new();
                if side != Some(Player::Right) {
                    all.extend(a.left_options(g)?);
                }
                if side != Some(Player::Left) {
                    all.extend(a.right_options(g)?);
                }
                Ok(all)
            })?;
            set(ev, games, s)
        },
    ),
    member(
        "Followers",
        0,
        "every position reachable, the game included",
        "^.Followers",
        |ev, g, _, s| set_of(ev, *g, s, Arena::followers),
    ),
    member("FollowerCount", 0, "how many followers", "^.FollowerCount", |ev, g, _, s| {
        ev.arena(s, |a| a.follower_count(*g)).map(Value::int)
    }),
    member("Birthday", 0, "the birthday of the canonical form", "{1|0}.Birthday", |ev, g, _, s| {
        ev.arena(s, |a| a.birthday(*g)).map(|b| Value::int(BigInt::from(b)))
    }),
    member("OutcomeClass", 0, "L, R, P or N", "{1|0}.OutcomeClass", |ev, g, _, s| {
        ev.arena(s, |a| a.outcome(*g)).map(Value::Outcome)
    }),
    member("LeftStop", 0, "the Left stop", "{3|-1}.LeftStop", |ev, g, _, s| stop(ev, *g, s, true)),
    member("RightStop", 0, "the Right stop", "{3|-1}.RightStop", |ev, g, _, s| {
        stop(ev, *g, s, false)
    }),
    member(
        "Pow",
        1,
        "G^x for G = {0|H}, x a dyadic (^.Pow(n) is ^<n>)",
        "^.Pow(7/4)",
        |ev, g, a, s| power(ev, *g, a, s, false),
    ),
    member(
        "PowTo",
        1,
        "G^->x = G : H where 1 : H = x (^.PowTo(n) is ^[n])",
        "(+-1).PowTo(3)",
        |ev, g, a, s| power(ev, *g, a, s, true),
    ),
    member("IsZero", 0, "whether it equals 0", "(*+*).IsZero", |ev, g, _, _| {
        Ok(Value::Bool(*g == ev.state.arena.zero()))
    }),
    member("IsNumber", 0, "whether it is a number", "{0|1}.IsNumber", |ev, g, _, _| {
        Ok(Value::Bool(ev.state.arena.is_number(*g)))
    }),
    member(
        "IsInteger",
        0,
        "whether it is an integer (false for games that are not numbers)",
        "^.IsInteger",
        |ev, g, _, _| Ok(Value::Bool(ev.state.arena.is_integer(*g))),
    ),
    member(
        "IsEven",
        0,
        "whether it is even: no options, or every option odd (on integers: parity)",
        "{*|*}.IsEven",
        |ev, g, _, s| parity(ev, *g, s).map(|(even, _)| Value::Bool(even)),
    ),
    member(
        "IsOdd",
        0,
        "whether it is odd: some option, and every option even (on integers: parity)",
        "*.IsOdd",
        |ev, g, _, s| parity(ev, *g, s).map(|(_, odd)| Value::Bool(odd)),
    ),
    member("IsNimber", 0, "whether it is a nimber", "(*2+*3).IsNimber", |ev, g, _, _| {
        Ok(Value::Bool(ev.state.arena.is_nimber(*g)))
    }),
    member(
        "IsNumberish",
        0,
        "whether it is a number plus an infinitesimal",
        "(1+^).IsNumberish",
        |ev, g, _, s| {
            let (l, r) = ev.arena(s, |a| a.stops(*g))?;
            Ok(Value::Bool(l == r))
        },
    ),
    member(
        "IsInfinitesimal",
        0,
        "whether it lies strictly between all negative and all positive numbers",
        "^*.IsInfinitesimal",
        |ev, g, _, s| test(ev, *g, s, Arena::is_infinitesimal),
    ),
    member(
        "IsAllSmall",
        0,
        "whether every follower with options on both sides is infinitesimal",
        "{0|^}.IsAllSmall",
        |ev, g, _, s| test(ev, *g, s, |a, g| a.is_all_small(g)),
    ),
    member("IsSwitch", 0, "whether it equals its negative", "(+-1).IsSwitch", |ev, g, _, s| {
        test(ev, *g, s, Arena::is_switch)
    }),
    member(
        "NimValue",
        0,
        "the nim value of an impartial game",
        "(*3+*5).NimValue",
        |ev, g, _, s| match ev.state.arena.nim_value(*g) {
            Some(n) => Ok(Value::int(n)),
            None => Err(ev.error(s, ErrorKind::InvalidInput, "NimValue needs an impartial game")),
        },
    ),
    member(
        "AtomicWeight",
        0,
        "how many ups an all-small (or other atomic) infinitesimal is worth",
        "{0|v}.AtomicWeight",
        |ev, g, _, s| game_of(ev, *g, s, Arena::atomic_weight),
    ),
    member(
        "IsAtomic",
        0,
        "whether it has an atomic weight",
        "{0||0|-1}.IsAtomic",
        |ev, g, _, s| test(ev, *g, s, Arena::is_atomic),
    ),
    member(
        "DicoticVariant",
        0,
        "d(G) = {d(GL) | d(GR)} on the canonical options, 0 when either player cannot move",
        "(^ + 1/2).DicoticVariant",
        |ev, g, _, s| game_of(ev, *g, s, |a, g| a.variant(g, crate::game::Variant::Dicotic)),
    ),
    member(
        "ImpartialVariant",
        0,
        "i(G): either player makes any move of G (a nimber)",
        "{1|^}.ImpartialVariant",
        |ev, g, _, s| game_of(ev, *g, s, |a, g| a.variant(g, crate::game::Variant::Impartial)),
    ),
    member(
        "TwistedVariant",
        0,
        "t(G) = {-t(GL) | -t(GR)}: the players swap roles after every move",
        "{2|*}.TwistedVariant",
        |ev, g, _, s| game_of(ev, *g, s, |a, g| a.variant(g, crate::game::Variant::Twisted)),
    ),
    member(
        "ReducedCanonicalForm",
        0,
        "the simplest game that differs from it by an infinitesimal",
        "{1|^}.ReducedCanonicalForm",
        |ev, g, _, s| game_of(ev, *g, s, Arena::reduced_canonical_form),
    ),
    member(
        "Incentives",
        0,
        "the undominated incentives G^L-G and G-G^R, as a set",
        "{2|-1}.Incentives",
        |ev, g, _, s| set_of(ev, *g, s, Arena::incentives),
    ),
    member(
        "LeftIncentives",
        0,
        "Left's undominated incentives G^L-G, as a set",
        "{2|-1}.LeftIncentives",
        |ev, g, _, s| side_incentives(ev, *g, true, s),
    ),
    member(
        "RightIncentives",
        0,
        "Right's undominated incentives G-G^R, as a set",
        "{2|-1}.RightIncentives",
        |ev, g, _, s| side_incentives(ev, *g, false, s),
    ),
    member(
        "Mean",
        0,
        "the mean value (mast value of the thermograph)",
        "{3||2*|1*}.Mean",
        |ev, g, _, s| ev.arena(s, |a| a.mean(*g)).map(|m| Value::number(m.to_rational())),
    ),
    member(
        "Temperature",
        0,
        "the temperature (-1/2^k for a number m/2^k, 0 for other number-up-stars)",
        "{3||2*|1*}.Temperature",
        |ev, g, _, s| ev.arena(s, |a| a.temperature(*g)).map(|t| Value::number(t.to_rational())),
    ),
    member(
        "Thermograph",
        0,
        "the left and right walls: mast value, critical points, slopes",
        "(+-1).Thermograph",
        |ev, g, _, s| ev.arena(s, |a| a.thermograph(*g)).map(|t| Value::Thermograph(Box::new(t))),
    ),
    member(
        "Cool",
        1,
        "cooled by a dyadic t > -1 (also `G Cool t`)",
        "{4|1}.Cool(3/2)",
        |ev, g, a, s| {
            let t = match &a[0].0 {
                Value::Number(q) => Dyadic::from_rational(&q.to_big()),
                _ => None,
            }
            .ok_or_else(|| {
                ev.error(
                    a[0].1,
                    ErrorKind::InvalidInput,
                    format!("Cool needs a dyadic rational, not {}", a[0].0.kind_name()),
                )
            })?;
            game_of(ev, *g, s, |ar, g| ar.cool(g, &t))
        },
    ),
    member("Heat", 1, "heated by a game t (also `G.Heat(t)`)", "* Heat 1", |ev, g, a, s| {
        let t = game_arg(ev, "Heat", a, 0)?;
        game_of(ev, *g, s, |ar, g| ar.heat(g, t))
    }),
    member("Overheat", 2, "overheated from s by t", "1.Overheat(*, 1)", |ev, g, a, s| {
        let from = game_arg(ev, "Overheat", a, 0)?;
        let by = game_arg(ev, "Overheat", a, 1)?;
        game_of(ev, *g, s, |ar, g| ar.overheat(g, from, by))
    }),
    member(
        "IsEvenTempered",
        0,
        "numbers, and games whose options are all odd-tempered",
        "3.IsEvenTempered",
        |ev, g, _, s| test(ev, *g, s, Arena::is_even_tempered),
    ),
    member(
        "IsOddTempered",
        0,
        "x*, and games whose options are all even-tempered",
        "(+-1).IsOddTempered",
        |ev, g, _, s| test(ev, *g, s, Arena::is_odd_tempered),
    ),
    member(
        "IsNumberTiny",
        0,
        "whether it prints as xTiny(y) or xMiny(y) (true of numbers, as in CGSuite)",
        "{0||0|-1}.IsNumberTiny",
        |ev, g, _, s| test(ev, *g, s, Arena::is_number_tiny),
    ),
    member(
        "Companion",
        0,
        "the lattice companion: 0 <-> *, ^ <-> ^*, else {GL companions, 0 if G >= 0 | GR companions, 0 if G <= 0}",
        "(^).Companion",
        |ev, g, _, s| game_of(ev, *g, s, Arena::companion),
    ),
    member("Freeze", 0, "G cooled by its temperature", "{3||2*|1*}.Freeze", |ev, g, _, s| {
        game_of(ev, *g, s, Arena::freeze)
    }),
    member(
        "MisereOutcomeClass",
        0,
        "L, R, P or N when the form is played misère (the player unable to move wins)",
        "(^).MisereOutcomeClass",
        |ev, g, _, s| ev.arena(s, |a| a.misere_outcome(*g)).map(Value::Outcome),
    ),
    member(
        "MisereCanonicalForm",
        0,
        "of a nimber *n, played as an impartial game: the nim heap *[n]",
        "(*3).MisereCanonicalForm",
        |ev, g, _, s| nim_heap(ev, *g, "MisereCanonicalForm", s).map(Value::Misere),
    ),
    member(
        "MisereNimValue",
        0,
        "of a nimber *n, played as an impartial game: 1 for *0, 0 for *1, else n",
        "(*3).MisereNimValue",
        |ev, g, _, s| {
            let h = nim_heap(ev, *g, "MisereNimValue", s)?;
            Ok(Value::int(ev.state.misere.forms().misere_value(h)))
        },
    ),
    member(
        "Genus",
        0,
        "of a nimber *n, played as an impartial game: n",
        "(*3).Genus",
        |ev, g, _, s| {
            let h = nim_heap(ev, *g, "Genus", s)?;
            let budget = ev.budget;
            let genus = ev.state.misere.genus(h, budget).map_err(|e| ev.locate(e, s))?;
            Ok(Value::Genus(genus.to_string()))
        },
    ),
    member(
        "StopCount",
        0,
        "the number of lines of play that end at a number",
        "*3.StopCount",
        |ev, g, _, s| ev.arena(s, |a| a.stop_count(*g)).map(|n| Value::int(BigInt::from(n))),
    ),
    member(
        "IsUptimal",
        0,
        "whether it is x + *m + a1.^ + a2.^<2> + ... (an uptimal)",
        "{0|v*}.IsUptimal",
        |ev, g, _, s| test(ev, *g, s, Arena::is_uptimal),
    ),
    member(
        "UptimalExpansion",
        0,
        "the expansion x*m.a1a2... of an uptimal (CGSuite's digits: A-Z past 9, - after a negative)",
        "{0||0|v*}.UptimalExpansion",
        |ev, g, _, s| {
            let text = ev.arena(s, |a| match a.uptimal_expansion(*g)? {
                Some(u) => u.expansion_text().map(Some),
                None => Ok(None),
            })?;
            text.map(Value::Expansion).ok_or_else(|| {
                ev.error(
                    s,
                    ErrorKind::InvalidInput,
                    "UptimalExpansion: that game is not an uptimal",
                )
            })
        },
    ),
    member(
        "IsOrdinal",
        0,
        "whether it is an ordinal (a non-negative integer)",
        "*.IsOrdinal",
        |ev, g, _, _| Ok(Value::Bool(ev.state.arena.is_ordinal(*g))),
    ),
    member(
        "NortonProduct",
        1,
        "Norton product G.U: G copies of U for an integer G, else {GL.U+U+D | GR.U-U-D} over U's greatest incentives D",
        "(1/2).NortonProduct(^)",
        |ev, g, a, s| norton_product(ev, "NortonProduct", *g, a, s),
    ),
    member(
        "Subordinate",
        1,
        "the game H with G = B:H for the base B (its options as written); an error when there is none",
        "(1/8).Subordinate(1)",
        |ev, g, a, s| crate::lang::classes::explicit::subordinate(ev, *g, &a[0].0, s),
    ),
    member(
        "NortonMultiply",
        1,
        "NortonProduct's earlier name",
        "(1/2).NortonMultiply(^)",
        |ev, g, a, s| norton_product(ev, "NortonMultiply", *g, a, s),
    ),
    member(
        "ConwayProduct",
        1,
        "Conway's product (also .ConwayProduct(h)): times on numbers, nim product on nimbers; kept as written when a factor is explicit or misère",
        "*4 ConwayProduct *4",
        |ev, g, a, s| {
            if let Value::TransfiniteNimber(_) = &a[0].0 {
                // A nimber times a transfinite nimber: the product commutes.
                let me = ev.game_value(*g);
                let args = Some(vec![(None, me, s)]);
                return ev.member(a[0].0.clone(), "ConwayProduct", s, args);
            }
            let h = game_arg(ev, "ConwayProduct", a, 0)?;
            game_of(ev, *g, s, |ar, g| ar.conway_product(g, h))
        },
    ),
    member(
        "OrdinalSum",
        1,
        "the ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R} of the canonical forms (also `G : H`)",
        "* : 1",
        |ev, g, a, s| {
            let h = game_arg(ev, "OrdinalSum", a, 0)?;
            game_of(ev, *g, s, |ar, g| ar.ordinal_sum(g, h))
        },
    ),
];

/// The members of thermographs.
pub(crate) const THERMOGRAPH_TABLE: Table<crate::game::Thermograph> = Table {
    on: "thermograph",
    members: &[member(
        "Wall",
        1,
        "the player's wall: mast value, critical temperatures (highest first), slopes",
        "{3||2|1}.Thermograph.Wall(Left)",
        |ev, t, a, _| {
            let wall = match player(ev, "Wall", a, 0)? {
                Player::Left => t.left_wall(),
                Player::Right => t.right_wall(),
            };
            Ok(Value::Trajectory(Box::new(wall.clone())))
        },
    )],
};
