//! Members that change a mutable collection in place (`Add`, `Put`,
//! `Sort`, …). Every other member of a mutable collection is that of an
//! immutable copy of its contents (the dispatcher falls back to the list,
//! set and map tables).

use std::sync::Arc;

use super::super::context::Eval;
use super::super::lexer::Span;
use super::super::mutable::{Contents, Shared, reaches};
use super::super::value::Value;
use super::list::{elements, index_of, sorted_with};
use super::table::{Table, member};
use crate::error::{ErrorKind, Result};

/// The members that change a mutable collection.
pub(crate) const TABLE: Table<Arc<Shared>> = Table {
    on: "mutable list, set or map",
    members: &[
        member(
            "Add",
            1,
            "adds x to a mutable list (at its end) or set",
            "x := MutableList([1,2]); x.Add(*); x",
            |ev, m, args, span| {
                let added = vec![args[0].0.clone()];
                insert(ev, m, "Add", added, args[0].1, span)
            },
        ),
        member(
            "AddAll",
            1,
            "adds every element of a collection to a mutable list or set",
            "x := MutableSet([3]); x.AddAll([1/2, *, 1/2]); x",
            |ev, m, args, span| {
                let added = elements(ev, "AddAll", &args[0])?;
                insert(ev, m, "AddAll", added, args[0].1, span)
            },
        ),
        member(
            "Remove",
            1,
            "removes x (its first occurrence in a list; the entry of key x in a map)",
            "x := MutableList([1,2,1]); x.Remove(1); x",
            |ev, m, args, span| remove(ev, m, vec![args[0].0.clone()], span),
        ),
        member(
            "RemoveAll",
            1,
            "removes each element of a collection (one occurrence each from a list)",
            "x := MutableList([1,2,3,2]); x.RemoveAll([2,3]); x",
            |ev, m, args, span| {
                let gone = elements(ev, "RemoveAll", &args[0])?;
                remove(ev, m, gone, span)
            },
        ),
        member(
            "RemoveAt",
            1,
            "removes the element at position i (from 1) of a mutable list",
            "x := MutableList([5,6,7]); x.RemoveAt(2); x",
            |ev, m, args, span| {
                let Contents::List(mut items) = m.snapshot() else {
                    return Err(only(ev, "RemoveAt", "list", span));
                };
                let i = args[0].0.as_integer().and_then(num_traits::ToPrimitive::to_usize);
                match i {
                    Some(i) if (1..=items.len()).contains(&i) => {
                        items.remove(i - 1);
                        m.replace(Contents::List(items));
                        Ok(Value::Nothing)
                    }
                    _ => Err(ev.error(
                        args[0].1,
                        ErrorKind::InvalidInput,
                        format!("List index out of bounds: {}", describe(&args[0].0)),
                    )),
                }
            },
        ),
        member(
            "Sort",
            0,
            "sorts a mutable list in CGSuite's order (numbers, then games, ...)",
            "x := MutableList([*, 3, 1/2]); x.Sort(); x",
            |ev, m, _, span| {
                let Contents::List(items) = m.snapshot() else {
                    return Err(only(ev, "Sort", "list", span));
                };
                let sorted = super::list::sorted(ev, &items, span)?;
                m.replace(Contents::List(sorted));
                Ok(Value::Nothing)
            },
        ),
        member(
            "SortWith",
            1,
            "sorts a mutable list by a comparator (a, b) -> negative, 0 or positive",
            "x := MutableList([3,1,2]); x.SortWith((a, b) -> b - a); x",
            |ev, m, args, span| {
                let Contents::List(items) = m.snapshot() else {
                    return Err(only(ev, "SortWith", "list", span));
                };
                let Value::List(sorted) = sorted_with(ev, &items, args, span)? else {
                    return Err(ev.error(span, ErrorKind::InvalidInput, "SortWith gave no list"));
                };
                m.replace(Contents::List(sorted));
                Ok(Value::Mutable(m.clone()))
            },
        ),
        member(
            "Clear",
            0,
            "removes every element or entry",
            "x := MutableMap({1 => 2}); x.Clear(); x",
            |_, m, _, _| {
                let empty = match m.snapshot() {
                    Contents::List(_) => Contents::List(Vec::new()),
                    Contents::Set(_) => Contents::Set(Vec::new()),
                    Contents::Map(_) => Contents::Map(Vec::new()),
                };
                m.replace(empty);
                Ok(Value::Nothing)
            },
        ),
        member(
            "Put",
            2,
            "sets the value of a key in a mutable map",
            "x := MutableMap(); x.Put(*, 3); x",
            |ev, m, args, span| {
                let pairs = vec![(args[0].0.clone(), args[1].0.clone())];
                put(ev, m, "Put", pairs, args[0].1, span)
            },
        ),
        member(
            "PutAll",
            1,
            "sets every entry of a map in a mutable map",
            "x := MutableMap({1 => 2}); x.PutAll({1 => 3, 4 => 5}); x",
            |ev, m, args, span| {
                let pairs = match super::super::mutable::frozen(args[0].0.clone()) {
                    Value::Map(entries) => entries,
                    other => {
                        return Err(ev.error(
                            args[0].1,
                            ErrorKind::InvalidInput,
                            format!("PutAll needs a map, not {}", other.kind_name()),
                        ));
                    }
                };
                put(ev, m, "PutAll", pairs, args[0].1, span)
            },
        ),
    ],
};

/// The error for a member that applies to one kind of mutable collection.
fn only(ev: &Eval<'_>, name: &str, kind: &str, span: Span) -> crate::Error {
    ev.error(span, ErrorKind::InvalidInput, format!("{name} needs a mutable {kind}"))
}

fn describe(v: &Value) -> String {
    match v.as_integer() {
        Some(n) => n.to_string(),
        None => v.kind_name().to_string(),
    }
}

/// The error when an insertion would make `m` hold itself.
fn no_cycle(ev: &Eval<'_>, m: &Arc<Shared>, values: &[Value], at: Span) -> Result<()> {
    if values.iter().any(|v| reaches(v, m)) {
        return Err(ev.error(
            at,
            ErrorKind::InvalidInput,
            format!("a {} cannot hold itself", m.class_name()),
        ));
    }
    Ok(())
}

/// Adds `added` to a mutable list (at its end) or set.
fn insert(
    ev: &mut Eval<'_>,
    m: &Arc<Shared>,
    name: &str,
    added: Vec<Value>,
    at: Span,
    span: Span,
) -> Result<Value> {
    no_cycle(ev, m, &added, at)?;
    let contents = match m.snapshot() {
        Contents::List(mut items) => {
            items.extend(added);
            Contents::List(items)
        }
        Contents::Set(mut items) => {
            items.extend(added);
            Contents::Set(set_items(ev, items, span)?)
        }
        Contents::Map(_) => {
            let message = format!("{name} needs a mutable list or set; a map takes Put");
            return Err(ev.error(span, ErrorKind::InvalidInput, message));
        }
    };
    m.replace(contents);
    Ok(Value::Nothing)
}

/// Removes each of `gone`: its first occurrence from a list, the element
/// from a set, the entry with that key from a map.
fn remove(ev: &mut Eval<'_>, m: &Arc<Shared>, gone: Vec<Value>, span: Span) -> Result<Value> {
    let contents = match m.snapshot() {
        Contents::List(mut items) => {
            for x in &gone {
                if let Some(i) = index_of(ev, &items, x, span)? {
                    items.remove(i);
                }
            }
            Contents::List(items)
        }
        Contents::Set(mut items) => {
            for x in &gone {
                if let Some(i) = index_of(ev, &items, x, span)? {
                    items.remove(i);
                }
            }
            Contents::Set(items)
        }
        Contents::Map(mut entries) => {
            for x in &gone {
                let mut found = None;
                for (i, (k, _)) in entries.iter().enumerate() {
                    if super::super::ops::equal(ev, k, x, span)? {
                        found = Some(i);
                        break;
                    }
                }
                if let Some(i) = found {
                    entries.remove(i);
                }
            }
            Contents::Map(entries)
        }
    };
    m.replace(contents);
    Ok(Value::Nothing)
}

/// Sets each key of `pairs` to its value in a mutable map (a key already
/// there keeps its place).
fn put(
    ev: &mut Eval<'_>,
    m: &Arc<Shared>,
    name: &str,
    pairs: Vec<(Value, Value)>,
    at: Span,
    span: Span,
) -> Result<Value> {
    let values: Vec<Value> = pairs.iter().flat_map(|(k, v)| [k.clone(), v.clone()]).collect();
    no_cycle(ev, m, &values, at)?;
    let Contents::Map(entries) = m.snapshot() else {
        return Err(only(ev, name, "map", span));
    };
    let mut all = entries;
    all.extend(pairs);
    let Value::Map(entries) = ev.make_map(all, span)? else {
        return Err(ev.error(span, ErrorKind::InvalidInput, "a map was expected"));
    };
    m.replace(Contents::Map(entries));
    Ok(Value::Nothing)
}

/// `items` as a set's elements: distinct, in CGSuite's order.
pub(crate) fn set_items(ev: &mut Eval<'_>, items: Vec<Value>, span: Span) -> Result<Vec<Value>> {
    Ok(match ev.make_set(items, span)? {
        Value::Set(items) => items,
        Value::GameSet(ids) => ids.into_iter().map(|g| ev.game_value(g)).collect(),
        other => vec![other],
    })
}

/// `MutableList(…)`, `MutableSet(…)`, `MutableMap(…)`: a new collection,
/// empty or holding the elements (entries) of the one argument.
pub(crate) fn construct(
    ev: &mut Eval<'_>,
    class: &str,
    args: &[(Value, Span)],
    span: Span,
) -> Result<Value> {
    let name = class.rsplit('.').next().unwrap_or(class);
    let seed = match args {
        [] => None,
        [arg] => Some(arg),
        _ => {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("{name} takes 0 or 1 arguments, not {}", args.len()),
            ));
        }
    };
    let contents = match (name, seed) {
        ("MutableList", None) => Contents::List(Vec::new()),
        ("MutableSet", None) => Contents::Set(Vec::new()),
        (_, None) => Contents::Map(Vec::new()),
        ("MutableList", Some(arg)) => Contents::List(elements(ev, name, arg)?),
        ("MutableSet", Some(arg)) => {
            let items = elements(ev, name, arg)?;
            Contents::Set(set_items(ev, items, span)?)
        }
        (_, Some((v, at))) => match super::super::mutable::frozen(v.clone()) {
            Value::Map(entries) => Contents::Map(entries),
            other => {
                return Err(ev.error(
                    *at,
                    ErrorKind::InvalidInput,
                    format!("{name} needs a map, not {}", other.kind_name()),
                ));
            }
        },
    };
    Ok(Value::Mutable(Shared::new(contents)))
}
