//! Members that change a mutable collection in place (`Add`, `Put`,
//! `Sort`, …). Every other member of a mutable collection is that of an
//! immutable copy of its contents (the dispatcher falls back to the list,
//! set and map tables).

use std::sync::Arc;

use num_traits::ToPrimitive;

use crate::error::{ErrorKind, Result};
use crate::lang::members::list::{elements, index_of, sorted_by};
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{Table, member};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::map::MapEntries;
use crate::lang::value::mutable::{Contents, MAX_NESTING, SetItems, Shared, reaches, too_deep};

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
            "removes the element at position i (from 1) of a mutable list, and gives it",
            "x := MutableList([5,6,7]); [x.RemoveAt(2), x]",
            |ev, m, args, span| {
                let i = position(ev, m, "RemoveAt", &args[0], span)?;
                Ok(m.change(|c| match c {
                    Contents::List(items) => items.remove(i),
                    _ => Value::Nothing,
                }))
            },
        ),
        member(
            "Update",
            2,
            "sets the element at position i (from 1) of a mutable list to x",
            "x := MutableList([5,6,7]); x.Update(2, *); x",
            |ev, m, args, span| {
                let i = position(ev, m, "Update", &args[0], span)?;
                let x = args[1].0.clone();
                no_cycle(ev, m, std::slice::from_ref(&x), args[1].1)?;
                m.change(|c| {
                    if let Contents::List(items) = c {
                        items[i] = x;
                    }
                });
                Ok(Value::Nothing)
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
                let sorted = crate::lang::members::list::sorted(ev, &items, span)?;
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
                let Value::List(sorted) = sorted_by(ev, "SortWith", &items, args, span)? else {
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
                    Contents::Set(_) => Contents::Set(SetItems::default()),
                    Contents::Map(_) => Contents::Map(MapEntries::new()),
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
                let pairs = match ev.frozen(args[0].0.clone(), args[0].1)? {
                    Value::Map(entries) => {
                        entries.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
                    }
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

/// What a member that only reads (`Size`, a set's `Contains`, a map's
/// `ContainsKey`) answers, read in place where no `==` needs evaluating;
/// `None` sends the member to a copy of the contents.
pub(crate) fn read_in_place(m: &Shared, name: &str, args: &[(Value, Span)]) -> Option<Value> {
    m.change(|c| match (name, args, c) {
        ("Size", [], Contents::List(items)) => Some(Value::int(items.len())),
        ("Size", [], Contents::Set(items)) => Some(Value::int(items.len())),
        ("Size", [], Contents::Map(entries)) => Some(Value::int(entries.len())),
        ("Contains", [(x, _)], Contents::Set(items)) => items.contains_hashed(x).map(Value::Bool),
        ("ContainsKey", [(k, _)], Contents::Map(entries)) => {
            entries.get_hashed(k).map(|v| Value::Bool(v.is_some()))
        }
        _ => None,
    })
}

/// `m[index]` read in place: a mutable list's element, a mutable map's
/// value of a plain key that is there; `None` sends the index to a copy
/// of the contents (which also gives the errors).
pub(crate) fn index_in_place(m: &Shared, index: &Value) -> Option<Value> {
    m.change(|c| match c {
        Contents::List(items) => {
            let i = index.as_integer()?.to_usize()?;
            items.get(i.checked_sub(1)?).cloned()
        }
        Contents::Map(entries) => entries.get_hashed(index)?.cloned(),
        Contents::Set(_) => None,
    })
}

/// The error for a member that applies to one kind of mutable collection.
fn only(ev: &Eval<'_>, name: &str, kind: &str, span: Span) -> crate::Error {
    ev.error(span, ErrorKind::InvalidInput, format!("{name} needs a mutable {kind}"))
}

/// The index (from 0) that position `arg` (from 1) names in a mutable
/// list, or CGSuite's error.
fn position(
    ev: &Eval<'_>,
    m: &Arc<Shared>,
    name: &str,
    arg: &(Value, Span),
    span: Span,
) -> Result<usize> {
    let length = m.change(|c| match c {
        Contents::List(items) => Some(items.len()),
        _ => None,
    });
    let Some(length) = length else {
        return Err(only(ev, name, "list", span));
    };
    let Some(n) = arg.0.as_integer() else {
        return Err(ev.error(
            arg.1,
            ErrorKind::InvalidInput,
            format!("{name} needs an integer position, not {}", arg.0.kind_name()),
        ));
    };
    match n.to_usize() {
        Some(i) if (1..=length).contains(&i) => Ok(i - 1),
        _ => {
            Err(ev.error(arg.1, ErrorKind::InvalidInput, format!("List index out of bounds: {n}")))
        }
    }
}

/// The error when an insertion would make `m` hold itself, or nest
/// collections more than [`MAX_NESTING`] deep.
fn no_cycle(ev: &Eval<'_>, m: &Arc<Shared>, values: &[Value], at: Span) -> Result<()> {
    if values.iter().any(|v| reaches(v, m)) {
        return Err(ev.error(
            at,
            ErrorKind::InvalidInput,
            format!("a {} cannot hold itself", m.class_name()),
        ));
    }
    if values.iter().any(|v| too_deep(v, MAX_NESTING - 1)) {
        return Err(nesting_error(ev, at));
    }
    Ok(())
}

fn nesting_error(ev: &Eval<'_>, at: Span) -> crate::Error {
    ev.error(
        at,
        ErrorKind::LimitExceeded,
        format!("collections nest more than {MAX_NESTING} deep in a mutable collection"),
    )
}

/// Adds `added` to a mutable list (at its end) or set.
fn insert(
    ev: &mut Eval<'_>,
    m: &Arc<Shared>,
    name: &str,
    mut added: Vec<Value>,
    at: Span,
    span: Span,
) -> Result<Value> {
    no_cycle(ev, m, &added, at)?;
    // A list grows in place, and a set by hashing where it can (adding n
    // elements one by one takes time linear in n); a set whose new
    // elements need `==` is rebuilt in CGSuite's order.
    let grown = m.change(|c| match c {
        Contents::List(items) => {
            items.append(&mut added);
            true
        }
        Contents::Set(items) => {
            added.retain(|x| !items.add_hashed(x.clone()));
            true
        }
        Contents::Map(_) => false,
    });
    if !grown {
        let message = format!("{name} needs a mutable list or set; a map takes Put");
        return Err(ev.error(span, ErrorKind::InvalidInput, message));
    }
    if added.is_empty() {
        return Ok(Value::Nothing);
    }
    let Contents::Set(items) = ev.contents(m, span)? else {
        return Ok(Value::Nothing);
    };
    let mut all: Vec<Value> = items.iter().cloned().collect();
    all.extend(added);
    let items = set_items(ev, all, span)?;
    m.replace(Contents::Set(SetItems::from_sorted(items)));
    Ok(Value::Nothing)
}

/// Removes each of `gone`: its first occurrence from a list, the element
/// from a set, the entry with that key from a map.
fn remove(ev: &mut Eval<'_>, m: &Arc<Shared>, gone: Vec<Value>, span: Span) -> Result<Value> {
    let contents = match ev.contents(m, span)? {
        Contents::List(mut items) => {
            for x in &gone {
                if let Some(i) = index_of(ev, &items, x, span)? {
                    items.remove(i);
                }
            }
            Contents::List(items)
        }
        Contents::Set(items) => {
            let mut items: Vec<Value> = items.iter().cloned().collect();
            for x in &gone {
                if let Some(i) = index_of(ev, &items, x, span)? {
                    items.remove(i);
                }
            }
            Contents::Set(SetItems::from_sorted(items))
        }
        Contents::Map(mut entries) => {
            for x in &gone {
                entries.remove(x, &mut |a, b| ev.equal(a, b, span))?;
            }
            Contents::Map(entries)
        }
    };
    m.replace(contents);
    Ok(Value::Nothing)
}

/// Sets each key of `pairs` to its value in a mutable map: in place when
/// the keys are plain (found by hashing, with no `==` to evaluate while
/// the map is locked), else on a copy that shares all but a path.
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
    if pairs.iter().all(|(k, _)| crate::lang::value::is_plain(k)) {
        let done = m.change(|c| match c {
            Contents::Map(entries) => {
                for (k, v) in pairs {
                    // Plain keys are compared as held: `==` is never asked.
                    entries.insert(k, v, &mut |_, _| Ok(false))?;
                }
                Ok(true)
            }
            _ => Ok::<bool, crate::Error>(false),
        })?;
        return if done { Ok(Value::Nothing) } else { Err(only(ev, name, "map", span)) };
    }
    let Contents::Map(mut entries) = m.snapshot() else {
        return Err(only(ev, name, "map", span));
    };
    for (k, v) in pairs {
        entries.insert(k, v, &mut |a, b| ev.equal(a, b, span))?;
    }
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
        ("MutableSet", None) => Contents::Set(SetItems::default()),
        (_, None) => Contents::Map(MapEntries::new()),
        ("MutableList", Some(arg)) => Contents::List(elements(ev, name, arg)?),
        ("MutableSet", Some(arg)) => {
            let items = elements(ev, name, arg)?;
            Contents::Set(SetItems::from_sorted(set_items(ev, items, span)?))
        }
        (_, Some((v, at))) => match ev.frozen(v.clone(), *at)? {
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
    let value = Value::Mutable(Shared::new(contents));
    if too_deep(&value, MAX_NESTING) {
        return Err(nesting_error(ev, span));
    }
    Ok(value)
}
