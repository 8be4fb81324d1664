//! What onag computes for the classes declared in CGScript: the
//! `external` methods of its base classes (`cgsuite.lang.Object`'s
//! `ToOutput`, `game.Game`'s `CanonicalForm`, ...), by the class that
//! declares them and their name, and the members of a class as a value
//! (`Name`, `QualifiedName`).

use crate::error::Result;
use crate::lang::classes::heap::user_rules::heap_class_values;
use crate::lang::classes::user;
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::Args;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::object::{Class, Method};
use crate::lang::value::{Player, Value};

/// The computation of `method` (an `external` one) on `receiver` with
/// `args`; `None` when onag has none for it.
pub(crate) fn external(
    ev: &mut Eval<'_>,
    method: &Method,
    receiver: &Value,
    args: Args<'_>,
    span: Span,
) -> Option<Result<Value>> {
    Some(match (method.class_path.as_str(), method.name.as_str()) {
        ("cgsuite.lang.Object", "Class") => Ok(match receiver {
            Value::Object(o) => class_of_instance(&o.class),
            _ => Value::Class("cgsuite.lang.Class"),
        }),
        ("cgsuite.lang.Object", "EnclosingObject") => Ok(match receiver {
            Value::Object(o) => o.outer.clone().unwrap_or(Value::Nothing),
            _ => Value::Nothing,
        }),
        ("cgsuite.lang.Object", "ToOutput") => default_output(ev, receiver).map(Value::Output),
        ("cgsuite.lang.Enum", "Literal") => Ok(Value::Str(literal(receiver))),
        ("cgsuite.lang.Enum", "ToOutput") => Ok(Value::Output(literal(receiver))),
        ("cgsuite.lang.Object", "ToString") => {
            match ev.member(receiver.clone(), "ToOutput", span, None) {
                Ok(Value::Str(s) | Value::Output(s)) => Ok(Value::Str(s)),
                Ok(other) => ev.show(&other).map(Value::Str),
                Err(e) => Err(e),
            }
        }
        ("game.Game", "CanonicalForm") => {
            user::canonical_form(ev, receiver, span).map(|g| ev.game_value(g))
        }
        ("game.Game", "GameValue") => user::game_value(ev, receiver, span),
        ("game.Game", "OutcomeClass") => match user::game_value(ev, receiver, span) {
            // A loopy game: its outcome with draws.
            Ok(Value::Loopy(sided)) => {
                sided.outcome(ev.budget).map(Value::LoopyOutcome).map_err(|e| ev.locate(e, span))
            }
            Ok(value) => ev
                .game_of(&value, span, "OutcomeClass")
                .and_then(|g| ev.arena(span, |a| a.outcome(g)))
                .map(Value::Outcome),
            Err(e) => Err(e),
        },
        ("game.Game", "SensibleOptions") => match args.first() {
            Some((Value::Player(p), _)) => sensible_options(ev, receiver, *p, span),
            _ => Err(ev.error(
                span,
                crate::error::ErrorKind::InvalidInput,
                "SensibleOptions needs Left or Right",
            )),
        },
        ("game.Game", "Followers") => followers(ev, receiver, span),
        ("game.Game", "LeftWinningMoves") => winning_moves(ev, receiver, Player::Left, span),
        ("game.Game", "RightWinningMoves") => winning_moves(ev, receiver, Player::Right, span),
        ("game.ImpartialGame", "NimValue") => user::nim_value(ev, receiver, span).map(Value::int),
        ("game.ImpartialGame", "WinningMoves") => winning_moves(ev, receiver, Player::Left, span),
        ("game.heap.HeapRuleset", "HeapNimValue") => heap_count(ev, args, "HeapNimValue", span)
            .and_then(|n| heap_class_values(ev, receiver, n, n, span))
            .map(|v| Value::int(v[0])),
        ("game.heap.HeapRuleset", "NimValueSequence") => {
            heap_count(ev, args, "NimValueSequence", span).and_then(|n| {
                if n == 0 {
                    return Ok(Value::List(Vec::new()));
                }
                let values = heap_class_values(ev, receiver, 1, n, span)?;
                Ok(Value::List(values.into_iter().map(Value::int).collect()))
            })
        }
        _ => return None,
    })
}

/// The heap size or count a heap ruleset's member was given.
fn heap_count(ev: &Eval<'_>, args: Args<'_>, name: &str, span: Span) -> Result<u64> {
    use num_traits::ToPrimitive;
    match args.first().and_then(|(v, _)| v.as_integer()).and_then(|n| n.to_u64()) {
        Some(n) if n <= crate::lang::runtime::context::MAX_LIST => Ok(n),
        _ => Err(ev.error(
            span,
            crate::error::ErrorKind::InvalidInput,
            format!(
                "{name} needs a heap size from 0 to {}",
                crate::lang::runtime::context::MAX_LIST
            ),
        )),
    }
}

/// The options of `position` that win for `player` moving first: those
/// after which the game is at least 0 (at most 0 for Right), in the order
/// the class lists them.
fn winning_moves(ev: &mut Eval<'_>, position: &Value, player: Player, span: Span) -> Result<Value> {
    let side = match user::play_of(position) {
        user::Play::Impartial => None,
        user::Play::Partizan => Some(player),
    };
    let options = user::options(ev, position, side, span)?;
    let values = user::option_values(ev, &options, span)?;
    let mut winning = Vec::new();
    for (option, v) in options.into_iter().zip(values) {
        let zero = ev.state.arena.zero();
        let c = ev.arena(span, |a| a.compare(v, zero))?;
        let wins = match player {
            Player::Left => {
                matches!(c, Some(std::cmp::Ordering::Greater | std::cmp::Ordering::Equal))
            }
            Player::Right => {
                matches!(c, Some(std::cmp::Ordering::Less | std::cmp::Ordering::Equal))
            }
        };
        if wins {
            winning.push(option);
        }
    }
    Ok(Value::List(winning))
}

/// CGSuite's `SensibleOptions(player)`: for each canonical option `K` of
/// the position's value, the first of the class's options (in its order)
/// at least as good as `K` for the mover.
fn sensible_options(
    ev: &mut Eval<'_>,
    position: &Value,
    player: Player,
    span: Span,
) -> Result<Value> {
    let g = user::canonical_form(ev, position, span)?;
    let mut canonical = ev.arena(span, |a| match player {
        Player::Left => a.left_options(g),
        Player::Right => a.right_options(g),
    })?;
    ev.arena(span, |a| a.sort_for_display(&mut canonical))?;
    let side = match user::play_of(position) {
        user::Play::Impartial => None,
        user::Play::Partizan => Some(player),
    };
    let options = user::options(ev, position, side, span)?;
    let values = user::option_values(ev, &options, span)?;
    let mut out = Vec::with_capacity(canonical.len());
    for k in canonical {
        for (option, &v) in options.iter().zip(&values) {
            let reaches = ev.arena(span, |a| match player {
                Player::Left => a.leq(k, v),
                Player::Right => a.leq(v, k),
            })?;
            if reaches {
                out.push(option.clone());
                break;
            }
        }
    }
    Ok(Value::List(out))
}

/// Every position reachable by moves of either player, the position
/// included (options written as values or sums are followers as written).
fn followers(ev: &mut Eval<'_>, position: &Value, span: Span) -> Result<Value> {
    #[allow(
        clippy::mutable_key_type,
        reason = "a mutable collection hashes as its variant only, so its hash cannot change"
    )]
    let mut seen: rustc_hash::FxHashSet<Value> = Default::default();
    let mut order = vec![position.clone()];
    seen.insert(position.clone());
    let mut next = 0;
    while next < order.len() {
        ev.tick(span)?;
        let p = order[next].clone();
        next += 1;
        if !crate::lang::value::is_game_object(&p) {
            continue;
        }
        let options = match user::play_of(&p) {
            user::Play::Impartial => user::options(ev, &p, None, span)?,
            user::Play::Partizan => {
                let mut all = user::options(ev, &p, Some(Player::Left), span)?;
                all.extend(user::options(ev, &p, Some(Player::Right), span)?);
                all
            }
        };
        for o in options {
            if seen.insert(o.clone()) {
                order.push(o);
            }
        }
    }
    ev.make_set(order, span)
}

/// The name of an enum's element (`Blank` for `Icon.Blank`).
fn literal(receiver: &Value) -> String {
    match receiver {
        Value::Object(o) => o
            .fields
            .first()
            .and_then(Value::as_usize)
            .and_then(|i| o.class.elements.get(i))
            .cloned()
            .unwrap_or_default(),
        _ => String::new(),
    }
}

/// The class of an instance, as a value.
fn class_of_instance(class: &std::sync::Arc<Class>) -> Value {
    Value::ClassRef(std::sync::Arc::new(crate::lang::value::object::BoundClass {
        class: class.clone(),
        outer: None,
    }))
}

/// How an instance prints unless its class says otherwise: the class's
/// name (after its enclosing instance's, for a nested class) and the
/// constructor's arguments, those of parameters with a default by name
/// (`Nim.Position(10)`, `Game(size => 3)`).
fn default_output(ev: &mut Eval<'_>, receiver: &Value) -> Result<String> {
    let Value::Object(o) = receiver else { return ev.show(receiver) };
    let mut out = instantiated_name(receiver);
    if let Some(params) = &o.class.params {
        out.push('(');
        for (i, p) in params.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            if p.default.is_some() {
                out.push_str(&p.name);
                out.push_str(" => ");
            }
            let value = o.field(&p.name).cloned().unwrap_or(Value::Nothing);
            out.push_str(&ev.show(&value)?);
        }
        out.push(')');
    }
    Ok(out)
}

/// The name an instance's class prints with: `Position` after the name
/// of the instance it was made from (`Nim.Position`).
fn instantiated_name(v: &Value) -> String {
    match v {
        Value::Object(o) => match &o.outer {
            Some(outer @ Value::Object(_)) => {
                format!("{}.{}", instantiated_name(outer), o.class.name)
            }
            _ => o.class.name.clone(),
        },
        Value::ClassRef(b) => b.class.name.clone(),
        _ => String::new(),
    }
}

/// The members of a class as a value (`x.Class.Name`).
pub(crate) fn class_member(class: &Class, name: &str) -> Option<Value> {
    match name {
        "Class" => Some(Value::Class("cgsuite.lang.Class")),
        "Name" => Some(Value::Str(class.name.clone())),
        "QualifiedName" => Some(Value::Str(class.path.clone())),
        _ => None,
    }
}
