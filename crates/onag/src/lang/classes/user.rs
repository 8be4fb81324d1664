//! Games declared in CGScript, valued by the engine the library's own
//! rulesets use.
//!
//! A position (an instance of a class extending `game.Game`) is met once:
//! the session keeps one graph of every position met so far
//! ([`crate::ruleset::user::GameGraph`]), and the ruleset solver keeps each
//! region's value, so a region is valued once however often it recurs and
//! in however many inputs. Exploring a position asks it for its
//! `Decomposition` (default `[this]`): a position that is its own only
//! part is a region, whose `Options(Left)` and `Options(Right)` (for an
//! impartial game, `Options`) are asked once each; any other is the sum of
//! its parts. An option may be a position, a sum of positions (`a + b`,
//! `Sum(...)`) or a game value (`0`, `*2`, `{1|0}`). The walk is an
//! explicit stack, counts each new position against the input's budget
//! (positions, memory, time, Ctrl-C), and never recurses on the game's
//! depth.

use crate::error::{ErrorKind, Result};
use crate::game::GameId;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::explicit::Explicit;
use crate::ruleset::user::{Node, NodeId, UserImpartialPosition, UserPosition};

/// How a game is played: by two players with their own moves, or
/// impartially (one list of options for both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Play {
    /// `Options(Left)` and `Options(Right)`.
    Partizan,
    /// `Options`, for both players.
    Impartial,
}

/// How `position` is played: impartially when its class extends
/// `game.ImpartialGame`.
pub(crate) fn play_of(position: &Value) -> Play {
    match position {
        Value::Object(o) if o.class.is_a("game.ImpartialGame") => Play::Impartial,
        _ => Play::Partizan,
    }
}

/// The canonical form of `position`, a game declared in CGScript.
pub(crate) fn canonical_form(ev: &mut Eval<'_>, position: &Value, span: Span) -> Result<GameId> {
    if play_of(position) == Play::Impartial {
        // The class's own `NimValue`, when it has one (a heap ruleset's).
        let n = ev.member(position.clone(), "NimValue", span, None)?;
        let Some(n) = n.as_u64() else {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("NimValue must be a non-negative integer, not {}", n.kind_name()),
            ));
        };
        return ev.arena(span, |a| a.nimber(n));
    }
    let node = explore(ev, position, Play::Partizan, span)?;
    let graph = ev.state.user_games.graph.clone();
    if graph.reaches_loopy(node) {
        let cycle = crate::Error::new(ErrorKind::Cycle, "");
        return Err(loopy_error(ev, cycle, "CanonicalForm", span));
    }
    let budget = ev.budget.clone();
    let state = &mut *ev.state;
    state.solvers.set_budget(budget);
    let solver = state.solvers.get::<UserPosition>();
    solver
        .value(&mut state.arena, &UserPosition::new(&graph, node))
        .map_err(|e| loopy_error(ev, e, "CanonicalForm", span))
}

/// `GameValue` of `position`, a game declared in CGScript: its canonical
/// form when it ends, else its loopy value (a stopper or a sided value),
/// as CGSuite gives it.
pub(crate) fn game_value(ev: &mut Eval<'_>, position: &Value, span: Span) -> Result<Value> {
    let play = play_of(position);
    if play == Play::Impartial {
        // Its nimber when it ends; else its loopy value, either player
        // having its options.
        match canonical_form(ev, position, span) {
            Err(e) if e.kind() == ErrorKind::Cycle => {}
            other => return other.map(|g| ev.game_value(g)),
        }
    }
    let node = explore(ev, position, play, span)?;
    let graph = ev.state.user_games.graph.clone();
    let budget = ev.budget.clone();
    if !graph.reaches_loopy(node) {
        let state = &mut *ev.state;
        state.solvers.set_budget(budget.clone());
        let solver = state.solvers.get::<UserPosition>();
        match solver.value(&mut state.arena, &UserPosition::new(&graph, node)) {
            Ok(g) => return Ok(ev.game_value(g)),
            Err(e) if e.kind() == ErrorKind::Cycle => {}
            Err(e) => return Err(ev.locate(e, span)),
        }
    }
    // The game of each value node that can be reached (an option written
    // as a value).
    let mut values: rustc_hash::FxHashMap<NodeId, crate::game::GameId> = Default::default();
    for n in graph.reachable(node) {
        if graph.is_value(n) {
            let v = ev.state.user_games.values[n as usize].clone();
            values.insert(n, ev.game_of(&v, span, "an option")?);
        }
    }
    let game = crate::ruleset::user::loopy_game(
        &graph,
        node,
        &mut ev.state.arena,
        &|n| values.get(&n).copied(),
        &budget,
    )
    .map_err(|e| ev.locate(e, span))?;
    let sided =
        crate::loopy::partizan::SidedValue::of(&game, &budget).map_err(|e| ev.locate(e, span))?;
    crate::lang::classes::loopy::of_sided(ev, sided, span)
}

/// The nim value of `position`, an impartial game declared in CGScript.
pub(crate) fn nim_value(ev: &mut Eval<'_>, position: &Value, span: Span) -> Result<u64> {
    let node = explore(ev, position, Play::Impartial, span)?;
    let graph = ev.state.user_games.graph.clone();
    if graph.reaches_loopy(node) {
        let cycle = crate::Error::new(ErrorKind::Cycle, "");
        return Err(loopy_error(ev, cycle, "NimValue", span));
    }
    let budget = ev.budget.clone();
    ev.state.solvers.set_budget(budget);
    let solver = ev.state.solvers.get::<UserImpartialPosition>();
    solver
        .nim_value(&UserImpartialPosition::new(&graph, node))
        .map_err(|e| loopy_error(ev, e, "NimValue", span))
}

/// The value of each of `options` (positions, sums or values), as the
/// engine values them.
pub(crate) fn option_values(
    ev: &mut Eval<'_>,
    options: &[Value],
    span: Span,
) -> Result<Vec<GameId>> {
    let mut out = Vec::with_capacity(options.len());
    for option in options {
        out.push(match option {
            Value::Object(_) => canonical_form(ev, option, span)?,
            Value::Explicit(e) if matches!(**e, Explicit::Sum(..)) => {
                let mut parts = Vec::new();
                sum_parts(option, &mut parts);
                let values = option_values(ev, &parts, span)?;
                let mut total = ev.state.arena.zero();
                for v in values {
                    total = ev.arena(span, |a| a.add(total, v))?;
                }
                total
            }
            other => ev.game_of(other, span, "an option")?,
        });
    }
    Ok(out)
}

/// The options `player` (`None`: both, for an impartial game) has from
/// `position`, as its class lists them.
pub(crate) fn options(
    ev: &mut Eval<'_>,
    position: &Value,
    player: Option<crate::lang::value::Player>,
    span: Span,
) -> Result<Vec<Value>> {
    let listed = match player {
        None => ev.member(position.clone(), "Options", span, None)?,
        Some(p) => {
            let args = Some(vec![(None, Value::Player(p), span)]);
            ev.member(position.clone(), "Options", span, args)?
        }
    };
    match ev.collection_items(&listed) {
        Some(items) => Ok(items),
        None => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "Options of {} must be a list of games, not {}",
                class_name(position),
                listed.kind_name()
            ),
        )),
    }
}

/// The parts a position splits into (its `Decomposition`).
fn decomposition(ev: &mut Eval<'_>, position: &Value, span: Span) -> Result<Vec<Value>> {
    let parts = ev.member(position.clone(), "Decomposition", span, None)?;
    match ev.collection_items(&parts) {
        Some(items) => Ok(items),
        None => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "Decomposition of {} must be a list of games, not {}",
                class_name(position),
                parts.kind_name()
            ),
        )),
    }
}

/// The class of a position, as messages name it.
fn class_name(position: &Value) -> String {
    match position {
        Value::Object(o) => o.class.path.clone(),
        other => other.kind_name().to_string(),
    }
}

/// The cycle error of the solver, said for a game declared in CGScript.
fn loopy_error(ev: &Eval<'_>, e: crate::Error, member: &str, span: Span) -> crate::Error {
    if e.kind() == ErrorKind::Cycle {
        // CGSuite's words.
        return ev.error(
            span,
            ErrorKind::Cycle,
            format!(
                "That is not a short game. If that is intentional, try `GameValue` in place of \
                 `{member}`."
            ),
        );
    }
    ev.locate(e, span)
}

/// Whether `v` is a sum kept as written with a position of a game
/// declared in CGScript among its parts.
pub(crate) fn is_user_sum(v: &Value) -> bool {
    if !matches!(v, Value::Explicit(e) if matches!(**e, Explicit::Sum(..))) {
        return false;
    }
    let mut parts = Vec::new();
    sum_parts(v, &mut parts);
    parts.iter().any(crate::lang::value::is_game_object)
}

/// The parts of a sum kept as written (`a + b + c`), in order.
fn sum_parts(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Explicit(e) => match &**e {
            Explicit::Sum(a, b) => {
                sum_parts(a, out);
                sum_parts(b, out);
            }
            _ => out.push(v.clone()),
        },
        other => out.push(other.clone()),
    }
}

/// The node of `position`, with every position reachable from it
/// explored (see the module doc).
fn explore(ev: &mut Eval<'_>, position: &Value, play: Play, span: Span) -> Result<NodeId> {
    let mut stack = Vec::new();
    let root = term(ev, position, play, span, &mut stack)?;
    let mut explored = 0u64;
    // The parts `Decomposition` gave are regions: they are not split again
    // (a part that could split is still valued right, from its options).
    let mut parts_given: rustc_hash::FxHashSet<NodeId> = Default::default();
    while let Some(id) = stack.pop() {
        let graph = ev.state.user_games.graph.clone();
        if !graph.is_unexplored(id) {
            continue;
        }
        ev.tick(span)?;
        explored += 1;
        if explored % 256 == 0 {
            let solver = ev.state.solvers.get::<UserPosition>().memory_bytes()
                + ev.state.solvers.get::<UserImpartialPosition>().memory_bytes();
            let games = &ev.state.user_games;
            let bytes = games.bytes() + ev.state.arena.memory_bytes() + solver;
            let added = games.values.len().saturating_sub(ev.user_positions_before);
            ev.budget
                .check_positions(added as u64)
                .and_then(|()| ev.budget.check_memory(bytes))
                .map_err(|e| ev.locate(e, span))?;
        }
        let p = ev.state.user_games.values[id as usize].clone();
        let parts =
            if parts_given.contains(&id) { vec![p.clone()] } else { decomposition(ev, &p, span)? };
        let node = if parts.len() == 1 && parts[0] == p {
            let (left, right) = match play {
                Play::Impartial => {
                    let all = options(ev, &p, None, span)?;
                    let ids = terms(ev, &all, play, span, &mut stack)?;
                    (ids.clone(), ids)
                }
                Play::Partizan => {
                    let left = options(ev, &p, Some(crate::lang::value::Player::Left), span)?;
                    let right = options(ev, &p, Some(crate::lang::value::Player::Right), span)?;
                    let left = terms(ev, &left, play, span, &mut stack)?;
                    let right = terms(ev, &right, play, span, &mut stack)?;
                    (left, right)
                }
            };
            Node::Region { left: left.into(), right: right.into() }
        } else {
            let ids = terms(ev, &parts, play, span, &mut stack)?;
            parts_given.extend(ids.iter().copied());
            Node::Sum(ids.into())
        };
        graph.set(id, node);
    }
    Ok(root)
}

/// The nodes of `values`; the unexplored ones are pushed on `stack`.
fn terms(
    ev: &mut Eval<'_>,
    values: &[Value],
    play: Play,
    span: Span,
    stack: &mut Vec<NodeId>,
) -> Result<Vec<NodeId>> {
    let mut out = Vec::with_capacity(values.len());
    for v in values {
        out.push(term(ev, v, play, span, stack)?);
    }
    Ok(out)
}

/// The node of one option or part: a position (met now or before), a sum
/// of them, or a game value. A position met for the first time is pushed
/// on `stack`, to be explored.
fn term(
    ev: &mut Eval<'_>,
    v: &Value,
    play: Play,
    span: Span,
    stack: &mut Vec<NodeId>,
) -> Result<NodeId> {
    if let Some(id) = ev.state.user_games.node_of(v) {
        return Ok(id);
    }
    match v {
        Value::Object(o) if o.class.is_a("game.Game") => {
            let id = intern(ev, v.clone(), Node::Unexplored);
            stack.push(id);
            Ok(id)
        }
        Value::Object(o) => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("an option must be a game, and {} does not extend game.Game", o.class.path),
        )),
        Value::Explicit(e) if matches!(**e, Explicit::Sum(..)) => {
            let mut parts = Vec::new();
            sum_parts(v, &mut parts);
            let mut ids = Vec::with_capacity(parts.len());
            for part in &parts {
                ids.push(term(ev, part, play, span, stack)?);
            }
            Ok(intern(ev, v.clone(), Node::Sum(ids.into())))
        }
        Value::Number(q) if num_traits::Zero::is_zero(q) => {
            Ok(intern(ev, v.clone(), Node::Sum(Vec::new().into())))
        }
        Value::List(_) | Value::Set(_) | Value::GameSet(_) => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "an option must be a game, not {} (a sum of games is written a + b)",
                v.kind_name()
            ),
        )),
        Value::Loopy(sided) => {
            let stopper = play == Play::Partizan
                && sided.is_stopper(&ev.budget.clone()).map_err(|e| ev.locate(e, span))?;
            if !stopper {
                let shown = ev.show(v)?;
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!(
                        "an option or part given as a loopy game must be a stopper of a \
                         partizan game, not {shown}"
                    ),
                ));
            }
            let game = std::sync::Arc::new(sided.onside.clone());
            Ok(intern(ev, v.clone(), Node::Loopy(game)))
        }
        _ => {
            let g = ev.game_of(v, span, "an option")?;
            let nim = ev.state.arena.nim_value(g);
            if play == Play::Impartial && nim.is_none() {
                let shown = ev.show(v)?;
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("an option of an impartial game must be a nimber, not {shown}"),
                ));
            }
            let id = intern(ev, v.clone(), Node::Value);
            let graph = ev.state.user_games.graph.clone();
            let state = &mut *ev.state;
            state.solvers.get::<UserPosition>().insert_value(UserPosition::new(&graph, id), g)?;
            if let Some(n) = nim {
                state
                    .solvers
                    .get::<UserImpartialPosition>()
                    .insert_nim_value(UserImpartialPosition::new(&graph, id), n)?;
            }
            Ok(id)
        }
    }
}

/// A new node for `v`, recorded as `node`.
fn intern(ev: &mut Eval<'_>, v: Value, node: Node) -> NodeId {
    ev.state.user_games.add(v, node)
}
