//! Loopy partizan games in the calculator (CALCULATOR.md, "Loopy games"):
//! literals with `pass` or named nodes (read by the library's loopy parser
//! from the literal's text), the names `on`, `off`, `over`, `under`, `dud`,
//! `upon`, `uponth`, and the operators `+`, `-`, unary `-`, comparisons and
//! equality on loopy values, powers with loopy exponents. Every value is computed by
//! [`crate::loopy::partizan`]; a loopy literal whose value is a short game
//! comes back as that game (or number).

use crate::error::{Error, ErrorKind, Location, Result};
use crate::game::GameId;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::ast::{BinOp, Expr, ExprKind};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::loopy::partizan::backsliding::Backsliding;
use crate::loopy::partizan::canonical::side;
use crate::loopy::partizan::fox_geese::FoxAndGeese;
use crate::loopy::partizan::parse::{Literal, MAX_SUM_NODES, parse_literal_with};
use crate::loopy::partizan::print::{print_value, short_values};
use crate::loopy::partizan::{LoopyGame, SidedValue, ordinal};

/// Whether a brace literal is loopy: it holds `pass` or a named node.
pub(crate) fn is_loopy_literal(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Var(name) => name == "pass",
        ExprKind::Loopy => true,
        _ => expr.kind.children().any(is_loopy_literal),
    }
}

/// The loopy literal written at `span`, read from the source text. A name
/// that no node of the literal binds is a variable (`{pass | a}`), which
/// must hold a stopper.
pub(crate) fn literal(ev: &mut Eval<'_>, span: Span) -> Result<Value> {
    let text = ev.source.get(span.start..span.end).unwrap_or("").to_string();
    let free = free_names(ev, &text, span)?;
    let lookup = |name: &str| free.get(name).cloned();
    let parsed = parse_literal_with(&text, &mut ev.state.arena, ev.budget, &lookup);
    let literal = parsed.map_err(|e| shift(ev, e, span))?;
    let value = match literal {
        Literal::Game(g) => SidedValue::of(&g, ev.budget).map_err(|e| ev.locate(e, span))?,
        Literal::Sided(v) => v,
    };
    of_sided(ev, value, span)
}

/// The stoppers held by the variables whose names occur in a literal.
fn free_names(
    ev: &mut Eval<'_>,
    text: &str,
    span: Span,
) -> Result<rustc_hash::FxHashMap<String, LoopyGame>> {
    let mut out = rustc_hash::FxHashMap::default();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !(bytes[i].is_ascii_alphabetic() || bytes[i] == b'_') {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        let name = &text[start..i];
        if out.contains_key(name) {
            continue;
        }
        let Some(value) = ev.bound(name) else { continue };
        let Some(sided) = sided_of(ev, &value, span) else { continue };
        let sided = sided?;
        if !sided.is_stopper(ev.budget).map_err(|e| ev.locate(e, span))? {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("`{name}` is not a stopper, so it cannot be an option of a loopy game"),
            ));
        }
        out.insert(name.to_string(), sided.onside);
    }
    Ok(out)
}

/// The game whose options are the values `left` and `right` when one of
/// them is a loopy game (`{0 | uponth}`); `None` when none is.
pub(crate) fn game_from_options(
    ev: &mut Eval<'_>,
    left: &[Value],
    right: &[Value],
    span: Span,
) -> Option<Result<Value>> {
    if !left.iter().chain(right).any(|v| matches!(v, Value::Loopy(_))) {
        return None;
    }
    Some((|| {
        let mut sides = [Vec::new(), Vec::new()];
        let mut stoppers = true;
        for (values, is_left) in [(left, true), (right, false)] {
            for value in values {
                let Some(sided) = sided_of(ev, value, span) else {
                    return Err(ev.error(
                        span,
                        ErrorKind::InvalidInput,
                        format!("an option must be a game, not {}", value.kind_name()),
                    ));
                };
                let sided = sided?;
                stoppers &= sided.is_stopper(ev.budget).map_err(|e| ev.locate(e, span))?;
                sides[usize::from(!is_left)].push(sided);
            }
        }
        let [lefts, rights] = sides;
        let build = |onside: bool| {
            let pick = |s: &SidedValue| if onside { s.onside.clone() } else { s.offside.clone() };
            let lefts: Vec<LoopyGame> = lefts.iter().map(pick).collect();
            let rights: Vec<LoopyGame> = rights.iter().map(pick).collect();
            game_of_options(&lefts, &rights)
        };
        let budget = ev.budget;
        let value = if stoppers {
            let g = build(true).map_err(|e| ev.locate(e, span))?;
            SidedValue::of(&g, budget)
        } else {
            // Options with two sides: the onside is the game of the options'
            // onsides, simplified as an onside, and the offside likewise
            // (CGSuite's construction of a sided value from its options).
            build(true)
                .and_then(|g| side(&g, true, budget))
                .and_then(|on| Ok((on, side(&build(false)?, false, budget)?)))
                .and_then(|(on, off)| SidedValue::from_sides(&on, &off, budget))
        };
        of_sided(ev, value.map_err(|e| ev.locate(e, span))?, span)
    })())
}

/// The game `{lefts | rights}` of stoppers (no new cycle through it).
fn game_of_options(lefts: &[LoopyGame], rights: &[LoopyGame]) -> Result<LoopyGame> {
    let mut b = crate::loopy::partizan::Builder::new();
    let v = b.add_node()?;
    for (games, is_left) in [(lefts, true), (rights, false)] {
        for g in games {
            let w = b.add_game(g)?;
            if is_left {
                b.add_left(v, w);
            } else {
                b.add_right(v, w);
            }
        }
    }
    b.finish(v)
}

/// The loopy rulesets: `game.grid.FoxAndGeese(geese, fox)` (geese a list
/// of squares `(row, col)`, on CGSuite's board of width 8) and
/// `game.strip.BackslidingToadsAndFrogs("t.f")`, each the value of the
/// position. `None` for other names.
pub(crate) fn ruleset_call(
    ev: &mut Eval<'_>,
    name: &str,
    args: &[(Option<String>, Value, Span)],
    span: Span,
) -> Option<Result<Value>> {
    if name != "FoxAndGeese" && name != "BackslidingToadsAndFrogs" {
        return None;
    }
    Some((|| {
        let want = if name == "FoxAndGeese" { 2 } else { 1 };
        if args.len() != want || args.iter().any(|a| a.0.is_some()) {
            let what = if want == 2 { "the geese and the fox" } else { "a strip such as \"t.f\"" };
            return Err(ev.error(span, ErrorKind::InvalidInput, format!("{name} takes {what}")));
        }
        let g = if name == "FoxAndGeese" {
            let mut geese = Vec::new();
            let items = match &args[0].1 {
                Value::List(items) | Value::Set(items) => items.clone(),
                other => vec![other.clone()],
            };
            for item in &items {
                geese.push(square(ev, item, args[0].2)?);
            }
            let fox = square(ev, &args[1].1, args[1].2)?;
            let mut solver = FoxAndGeese::new(8).map_err(|e| ev.locate(e, span))?;
            solver.value(&geese, fox, ev.budget).map_err(|e| ev.locate(e, span))?
        } else {
            let Value::Str(text) = &args[0].1 else {
                return Err(ev.error(
                    args[0].2,
                    ErrorKind::InvalidInput,
                    "BackslidingToadsAndFrogs takes a strip written as a string, such as \"t.f\"",
                ));
            };
            let strip = Backsliding::parse(text).map_err(|e| ev.locate(e, args[0].2))?;
            strip.graph(ev.budget).map_err(|e| ev.locate(e, span))?.0
        };
        let value = SidedValue::of(&g, ev.budget).map_err(|e| ev.locate(e, span))?;
        of_sided(ev, value, span)
    })())
}

/// `Tiny(G)` = {0 || 0 | −G} and `Miny(G)` = {G | 0 || 0} of a loopy `G`;
/// `None` when `G` is not loopy.
pub(crate) fn tiny(ev: &mut Eval<'_>, name: &str, g: &Value, span: Span) -> Option<Result<Value>> {
    if !matches!(g, Value::Loopy(_)) {
        return None;
    }
    Some((|| {
        let zero = Value::int(0);
        if name == "Tiny" {
            let minus = ev.negate(g.clone(), span)?;
            let inner = braces(ev, vec![zero.clone()], vec![minus], span)?;
            braces(ev, vec![zero], vec![inner], span)
        } else {
            let inner = braces(ev, vec![g.clone()], vec![zero.clone()], span)?;
            braces(ev, vec![inner], vec![zero], span)
        }
    })())
}

/// `{left | right}`, loopy or short.
fn braces(ev: &mut Eval<'_>, left: Vec<Value>, right: Vec<Value>, span: Span) -> Result<Value> {
    match game_from_options(ev, &left, &right, span) {
        Some(value) => value,
        None => crate::lang::classes::game::game_from_options(ev, left, right, span),
    }
}

/// A square `(row, col)` of Fox and Geese.
fn square(ev: &Eval<'_>, v: &Value, span: Span) -> Result<(u32, u32)> {
    let coordinate = |x: &Value| x.as_i64().and_then(|n| u32::try_from(n).ok());
    if let Value::Pair(r, c) = v
        && let (Some(r), Some(c)) = (coordinate(r), coordinate(c))
    {
        return Ok((r, c));
    }
    Err(ev.error(
        span,
        ErrorKind::InvalidInput,
        "a square of Fox and Geese is (row, col), both positive integers",
    ))
}

/// An error of the loopy parser (located in the literal's own text) located
/// in the whole input.
fn shift(ev: &Eval<'_>, e: Error, span: Span) -> Error {
    let column = e.location().map_or(1, |l| l.column);
    let before = ev.source.get(..span.start).unwrap_or("");
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let offset = before.len() - line_start;
    let line = before.matches('\n').count() + 1;
    let message = e.message().to_string();
    let mut loc = Location::of_offset(&ev.source, span.start);
    loc.line = line;
    loc.column = offset + column;
    Error::new(e.kind(), message).at(loc)
}

/// The loopy game a name stands for: `on`, `off`, `over`, `under`, `dud`,
/// `upon`, `uponth`.
pub(crate) fn named(ev: &mut Eval<'_>, name: &str, span: Span) -> Option<Result<Value>> {
    let g = match name {
        "on" => LoopyGame::on(),
        "off" => LoopyGame::off(),
        "over" => LoopyGame::over(),
        "under" => LoopyGame::under(),
        "dud" => LoopyGame::dud(),
        "upon" => LoopyGame::upon(),
        "uponth" => LoopyGame::uponth(),
        _ => return None,
    };
    Some(SidedValue::of(&g, ev.budget).map_err(|e| ev.locate(e, span)).map(loopy))
}

fn loopy(v: SidedValue) -> Value {
    Value::Loopy(Box::new(v))
}

/// A value as a loopy value: the value itself, or a short game or number
/// as the stopper it is. `None` for other kinds of value.
pub(crate) fn sided_of(ev: &mut Eval<'_>, v: &Value, span: Span) -> Option<Result<SidedValue>> {
    match v {
        Value::Loopy(s) => Some(Ok((**s).clone())),
        Value::Game(_) | Value::Number(_) => Some((|| {
            let g = ev.game_of(v, span, "a loopy game")?;
            let l =
                LoopyGame::from_short(&mut ev.state.arena, g).map_err(|e| ev.locate(e, span))?;
            // A canonical short game is its own canonical stopper.
            Ok(SidedValue { onside: l.clone(), offside: l })
        })()),
        _ => None,
    }
}

/// A loopy value as a calculator value: the short game (a number when it is
/// one) when it is a loopfree stopper, else a loopy value.
pub(crate) fn of_sided(ev: &mut Eval<'_>, v: SidedValue, span: Span) -> Result<Value> {
    if v.onside == v.offside && v.onside.is_loopfree() {
        let ids = short_values(&v.onside, &mut ev.state.arena).map_err(|e| ev.locate(e, span))?;
        if let Some(Some(g)) = ids.first() {
            return Ok(ev.game_value(*g));
        }
    }
    Ok(loopy(v))
}

/// `-x` of a loopy value.
pub(crate) fn negate(ev: &mut Eval<'_>, v: &SidedValue, span: Span) -> Result<Value> {
    of_sided(ev, v.negative(), span)
}

/// `a & b`: the value with onside `a` and offside `b`, both stoppers with
/// `a ≥ b` (`2 & +-1`).
pub(crate) fn sided(ev: &mut Eval<'_>, a: &Value, b: &Value, span: Span) -> Result<Value> {
    let mut side = |v: &Value, which: &str| -> Result<LoopyGame> {
        let Some(s) = sided_of(ev, v, span) else {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("'&' takes two games, and its {which} is {}", v.kind_name()),
            ));
        };
        let s = s?;
        if !s.is_stopper(ev.budget).map_err(|e| ev.locate(e, span))? {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("'&' takes two stoppers, and its {which} is not one"),
            ));
        }
        Ok(s.onside)
    };
    let on = side(a, "onside")?;
    let off = side(b, "offside")?;
    let v = SidedValue::from_sides(&on, &off, ev.budget).map_err(|e| ev.locate(e, span))?;
    of_sided(ev, v, span)
}

/// `n * G`: the sum of `n` copies of `G` (of `-G` for negative `n`), added
/// by doubling.
fn copies(ev: &mut Eval<'_>, g: &SidedValue, n: &num_bigint::BigInt, span: Span) -> Result<Value> {
    let budget = ev.budget;
    let add = |p: &SidedValue, q: &SidedValue| p.sum(q, MAX_SUM_NODES, budget);
    let mut base = if n.sign() == num_bigint::Sign::Minus { g.negative() } else { g.clone() };
    let mut total: Option<SidedValue> = None;
    let bits = n.magnitude();
    for i in 0..bits.bits() {
        if bits.bit(i) {
            total = Some(match total {
                Some(t) => add(&t, &base).map_err(|e| ev.locate(e, span))?,
                None => base.clone(),
            });
        }
        if i + 1 < bits.bits() {
            base = add(&base, &base).map_err(|e| ev.locate(e, span))?;
        }
        budget.check(0).map_err(|e| ev.locate(e, span))?;
    }
    match total {
        Some(t) => of_sided(ev, t, span),
        None => Ok(Value::int(0)),
    }
}

/// `a op b` when either is a loopy value; `None` otherwise.
pub(crate) fn binary(
    ev: &mut Eval<'_>,
    op: &BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value>> {
    if !matches!(a, Value::Loopy(_)) && !matches!(b, Value::Loopy(_)) {
        return None;
    }
    if *op == BinOp::Mul {
        match (a, b) {
            (Value::Number(n), Value::Loopy(g)) | (Value::Loopy(g), Value::Number(n))
                if n.is_integer() =>
            {
                return Some(copies(ev, g, n.to_big().numer(), span));
            }
            _ => {}
        }
    }
    let x = sided_of(ev, a, span)?;
    let y = sided_of(ev, b, span)?;
    Some(x.and_then(|x| y.and_then(|y| loopy_binary(ev, op, &x, &y, span))))
}

fn loopy_binary(
    ev: &mut Eval<'_>,
    op: &BinOp,
    x: &SidedValue,
    y: &SidedValue,
    span: Span,
) -> Result<Value> {
    let budget = ev.budget;
    let le = |p: &SidedValue, q: &SidedValue| p.leq(q, budget).map_err(|e| ev.locate(e, span));
    let truth = match op {
        BinOp::Add | BinOp::Sub => {
            let y = if *op == BinOp::Add { y.clone() } else { y.negative() };
            let s = x.sum(&y, MAX_SUM_NODES, budget).map_err(|e| ev.locate(e, span))?;
            return of_sided(ev, s, span);
        }
        BinOp::Eq => le(x, y)? && le(y, x)?,
        BinOp::Ne => !(le(x, y)? && le(y, x)?),
        BinOp::Le => le(x, y)?,
        BinOp::Ge => le(y, x)?,
        BinOp::Lt => le(x, y)? && !le(y, x)?,
        BinOp::Gt => le(y, x)? && !le(x, y)?,
        BinOp::Confused => !le(x, y)? && !le(y, x)?,
        BinOp::LessOrConfused => !le(y, x)?,
        BinOp::GreaterOrConfused => !le(x, y)?,
        _ => {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                "this operator does not apply to loopy games",
            ));
        }
    };
    Ok(Value::Bool(truth))
}

/// A loopy value in CGSuite's notation.
pub(crate) fn show(
    arena: &mut crate::game::Arena,
    v: &SidedValue,
    budget: &crate::Budget,
) -> Result<String> {
    print_value(v, arena, budget)
}

/// The message of a power whose exponent has no subordinate to 1.
const INVALID_EXPONENT: &str = "Invalid exponent.";

/// `g.PowTo(x)` for a loopy pseudonumber `x`: `g : H` where `1 : H = x`
/// (`^.PowTo(on)` is `^[on]`).
pub(crate) fn pow_to(ev: &mut Eval<'_>, g: GameId, x: &SidedValue, span: Span) -> Result<Value> {
    let locate = |ev: &Eval<'_>, e: Error| ev.locate(e, span);
    let invalid = |ev: &Eval<'_>| ev.error(span, ErrorKind::InvalidInput, INVALID_EXPONENT);
    if !x.is_stopper(ev.budget).map_err(|e| locate(ev, e))? {
        return Err(invalid(ev));
    }
    let budget = ev.budget;
    let arena = &mut ev.state.arena;
    let one = ([arena.zero()], []);
    let h = ordinal::subordinate(arena, &one.0, &one.1, &x.onside, budget)
        .map_err(|e| locate(ev, e))?
        .ok_or_else(|| invalid(ev))?;
    let arena = &mut ev.state.arena;
    let (gl, gr) = match (arena.left_options(g), arena.right_options(g)) {
        (Ok(l), Ok(r)) => (l, r),
        (Err(e), _) | (_, Err(e)) => return Err(locate(ev, e)),
    };
    let sum = ordinal::ordinal_sum(arena, &gl, &gr, &h).map_err(|e| locate(ev, e))?;
    let value = SidedValue::of(&sum, budget).map_err(|e| locate(ev, e))?;
    of_sided(ev, value, span)
}

/// `{0 | right}` for a right option that may be loopy.
pub(crate) fn zero_slash(ev: &mut Eval<'_>, right: Value, span: Span) -> Result<Value> {
    let zero = Value::int(0);
    match game_from_options(ev, std::slice::from_ref(&zero), std::slice::from_ref(&right), span) {
        Some(result) => result,
        None => crate::lang::classes::game::game_from_options(ev, vec![zero], vec![right], span),
    }
}
