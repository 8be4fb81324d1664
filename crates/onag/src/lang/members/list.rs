//! Members of lists, sets and strings.

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{Args, Table, member};
use crate::lang::syntax::ast::BinOp;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::pattern;

/// The members of lists and sets.
pub(crate) const LIST_TABLE: Table<[Value]> = Table {
    on: "list or set",
    members: &[
        member("Length", 0, "the number of elements", "[1,2,3].Length", |_, items, _, _| {
            Ok(Value::int(items.len()))
        }),
        member(
            "Apply",
            1,
            "the list of f(x) for each element x",
            "[1,2,3].Apply(x -> x^2)",
            |ev, items, args, span| {
                let (f, at) = &args[0];
                let Value::Function(f) = f else {
                    return Err(ev.error(
                        *at,
                        ErrorKind::InvalidInput,
                        format!("Apply needs a function such as x -> x + 1, not {}", f.kind_name()),
                    ));
                };
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    out.push(ev.apply(f, vec![(None, item.clone(), *at)], span)?);
                }
                Ok(Value::List(out))
            },
        ),
        member(
            "Grouped",
            1,
            "the elements in lists of n (the last may be shorter)",
            "[0,1,2,3,4,5,6,7,8,9] Grouped 3",
            |ev, items, a, s| {
                let n = count(ev, "Grouped", &a[0])?;
                if n == 0 {
                    return Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        "Grouped needs a positive size",
                    ));
                }
                Ok(Value::List(items.chunks(n).map(|c| Value::List(c.to_vec())).collect()))
            },
        ),
        member(
            "PeriodicTable",
            1,
            "the elements as a table with rows of n (Table(L.Grouped(n)))",
            "[0,1,2,3,4,5,6,7,8,9] PeriodicTable 3",
            |ev, items, a, s| {
                let n = count(ev, "PeriodicTable", &a[0])?;
                if n == 0 {
                    return Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        "PeriodicTable needs a positive period",
                    ));
                }
                Ok(Value::Table(items.chunks(n).map(<[Value]>::to_vec).collect()))
            },
        ),
        member(
            "Updated",
            2,
            "the list with element i (from 1) replaced by v",
            "[5,12,13].Updated(2, 99)",
            updated,
        ),
        member(
            "SortedWith",
            1,
            "the elements sorted by a comparator (a, b) -> negative, 0 or positive",
            "[[5,3,7],[1,6,3],[9,2,8]].SortedWith((a, b) -> a[2] - b[2])",
            sorted_with,
        ),
        member("Size", 0, "the number of elements", "{1,2,3}.Size", |_, items, _, _| {
            Ok(Value::int(items.len()))
        }),
        member("IsEmpty", 0, "whether there is no element", "[].IsEmpty", |_, items, _, _| {
            Ok(Value::Bool(items.is_empty()))
        }),
        member(
            "Contains",
            1,
            "whether x is an element",
            "[1,2,3].Contains(2)",
            |ev, items, a, s| Ok(Value::Bool(index_of(ev, items, &a[0].0, s)?.is_some())),
        ),
        member(
            "IndexOf",
            1,
            "the position of x, counting from 1 (Nothing if absent)",
            "[5,6,7].IndexOf(6)",
            |ev, items, a, s| {
                Ok(index_of(ev, items, &a[0].0, s)?.map_or(Value::Nothing, |i| Value::int(i + 1)))
            },
        ),
        member(
            "Concat",
            1,
            "the elements, then those of another list",
            "[1,2] Concat [3]",
            |ev, items, a, _| {
                let mut out = items.to_vec();
                out.extend(elements(ev, "Concat", &a[0])?);
                Ok(Value::List(out))
            },
        ),
        member("Adjoin", 1, "the elements and x", "[1,2].Adjoin(3)", |_, items, a, _| {
            let mut out = items.to_vec();
            out.push(a[0].0.clone());
            Ok(Value::List(out))
        }),
        member(
            "ForEach",
            1,
            "calls f on each element in order (for what f does); gives Nothing",
            "x := MutableList(); [1,2,3].ForEach(k -> x.Add(k^2)); x",
            |ev, items, args, span| {
                let (f, at) = &args[0];
                let Value::Function(f) = f else {
                    return Err(ev.error(
                        *at,
                        ErrorKind::InvalidInput,
                        format!(
                            "ForEach needs a function such as x -> x + 1, not {}",
                            f.kind_name()
                        ),
                    ));
                };
                for item in items {
                    ev.apply(f, vec![(None, item.clone(), *at)], span)?;
                }
                Ok(Value::Nothing)
            },
        ),
        member("Head", 0, "the first element", "[4,5,6].Head", |ev, items, _, s| {
            items.first().cloned().ok_or_else(|| empty(ev, "Head", s))
        }),
        member("Tail", 0, "every element but the first", "[4,5,6].Tail", |ev, items, _, s| {
            match items.split_first() {
                Some((_, rest)) => Ok(Value::List(rest.to_vec())),
                None => Err(empty(ev, "Tail", s)),
            }
        }),
        member("Take", 1, "the first n elements", "[4,5,6].Take(2)", |ev, items, a, _| {
            let n = count(ev, "Take", &a[0])?;
            Ok(Value::List(items.iter().take(n).cloned().collect()))
        }),
        member(
            "Sublist",
            2,
            "the elements from position i to j, counting from 1",
            "[4,5,6,7].Sublist(2,3)",
            |ev, items, a, _| {
                let (i, j) = (count(ev, "Sublist", &a[0])?, count(ev, "Sublist", &a[1])?);
                Ok(Value::List(
                    items
                        .iter()
                        .skip(i.max(1) - 1)
                        .take((j + 1).saturating_sub(i.max(1)))
                        .cloned()
                        .collect(),
                ))
            },
        ),
        member(
            "Reversed",
            0,
            "the elements in reverse order",
            "[1,2,3].Reversed",
            |_, items, _, _| Ok(Value::List(items.iter().rev().cloned().collect())),
        ),
        member(
            "Distinct",
            0,
            "the elements without repeats, first occurrences kept",
            "[1,2,1].Distinct",
            |ev, items, _, s| {
                let mut out: Vec<Value> = Vec::new();
                for x in items {
                    if index_of(ev, &out, x, s)?.is_none() {
                        out.push(x.clone());
                    }
                }
                Ok(Value::List(out))
            },
        ),
        member(
            "Flattened",
            0,
            "nested lists opened into one list",
            "[[1,2],[3,[4]]].Flattened",
            |_, items, _, _| {
                let mut out = Vec::new();
                let mut stack: Vec<&Value> = items.iter().rev().collect();
                while let Some(x) = stack.pop() {
                    match x {
                        Value::List(inner) | Value::Set(inner) => stack.extend(inner.iter().rev()),
                        other => out.push(other.clone()),
                    }
                }
                Ok(Value::List(out))
            },
        ),
        member(
            "Sorted",
            0,
            "the elements in increasing order (numbers and inf, strings, lists of them element by element; mixed kinds in CGSuite's order of classes)",
            "[3,1,2].Sorted",
            |ev, items, _, s| sorted(ev, items, s).map(Value::List),
        ),
        member(
            "Max",
            0,
            "the greatest element (numbers or strings)",
            "[3,1,2].Max",
            |ev, items, _, s| sorted(ev, items, s)?.pop().ok_or_else(|| empty(ev, "Max", s)),
        ),
        member(
            "Min",
            0,
            "the least element (numbers or strings)",
            "[3,1,2].Min",
            |ev, items, _, s| {
                sorted(ev, items, s)?.into_iter().next().ok_or_else(|| empty(ev, "Min", s))
            },
        ),
        member(
            "Sum",
            0,
            "the sum of the elements (strings are joined); an error when empty",
            "[1/2, *, ^].Sum",
            |ev, items, _, s| {
                let Some((first, rest)) = items.split_first() else {
                    return Err(empty(ev, "Sum", s));
                };
                let mut total = first.clone();
                for x in rest {
                    total = ev.binary(&BinOp::Add, total, x.clone(), s)?;
                }
                Ok(total)
            },
        ),
        member(
            "Mex",
            0,
            "the least non-negative integer not an element",
            "[0,1,3].Mex",
            |_, items, _, _| {
                let mut have: Vec<num_bigint::BigInt> = items
                    .iter()
                    .filter_map(|v| v.as_integer().map(std::borrow::Cow::into_owned))
                    .collect();
                have.sort_unstable();
                let mut mex = num_bigint::BigInt::from(0);
                for n in have {
                    if n == mex {
                        mex += 1;
                    }
                }
                Ok(Value::int(mex))
            },
        ),
        member(
            "Count",
            1,
            "how many elements satisfy a predicate",
            "[1,2,3].Count(x -> x > 1)",
            |ev, items, a, s| Ok(Value::int(filter(ev, "Count", items, &a[0], s)?.len())),
        ),
        member(
            "Filter",
            1,
            "the elements that satisfy a predicate",
            "[1,2,3].Filter(x -> x > 1)",
            |ev, items, a, s| filter(ev, "Filter", items, &a[0], s).map(Value::List),
        ),
        member(
            "Find",
            1,
            "the first element that satisfies a predicate (Nothing if none)",
            "[1,2,3].Find(x -> x > 1)",
            |ev, items, a, s| {
                Ok(filter(ev, "Find", items, &a[0], s)?
                    .into_iter()
                    .next()
                    .unwrap_or(Value::Nothing))
            },
        ),
        member(
            "Exists",
            1,
            "whether some element satisfies a predicate",
            "[1,2,3].Exists(x -> x > 2)",
            |ev, items, a, s| Ok(Value::Bool(!filter(ev, "Exists", items, &a[0], s)?.is_empty())),
        ),
        member(
            "ForAll",
            1,
            "whether every element satisfies a predicate",
            "[1,2,3].ForAll(x -> x > 0)",
            |ev, items, a, s| {
                Ok(Value::Bool(filter(ev, "ForAll", items, &a[0], s)?.len() == items.len()))
            },
        ),
        member("ToList", 0, "the elements as a list", "{3,1}.ToList", |_, items, _, _| {
            Ok(Value::List(items.to_vec()))
        }),
        member("ToSet", 0, "the elements as a set", "[1,1,2].ToSet", |ev, items, _, s| {
            ev.make_set(items.to_vec(), s)
        }),
    ],
};

/// The position of `x` among `items` (by `==`).
pub(crate) fn index_of(
    ev: &mut Eval<'_>,
    items: &[Value],
    x: &Value,
    span: Span,
) -> Result<Option<usize>> {
    for (i, item) in items.iter().enumerate() {
        if ev.equal(item, x, span)? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

/// The elements of a list or set argument (a mutable one's as they are now).
pub(crate) fn elements(ev: &Eval<'_>, name: &str, arg: &(Value, Span)) -> Result<Vec<Value>> {
    ev.collection_items(&arg.0).ok_or_else(|| {
        ev.error(
            arg.1,
            ErrorKind::InvalidInput,
            format!("{name} needs a list or set, not {}", arg.0.kind_name()),
        )
    })
}

/// A non-negative integer argument.
fn count(ev: &Eval<'_>, name: &str, arg: &(Value, Span)) -> Result<usize> {
    arg.0.as_usize().ok_or_else(|| {
        ev.error(arg.1, ErrorKind::InvalidInput, format!("{name} needs a non-negative integer"))
    })
}

fn empty(ev: &Eval<'_>, name: &str, span: Span) -> crate::Error {
    ev.error(span, ErrorKind::InvalidInput, format!("{name} of an empty collection"))
}

/// The elements for which the predicate argument is true.
fn filter(
    ev: &mut Eval<'_>,
    name: &str,
    items: &[Value],
    arg: &(Value, Span),
    span: Span,
) -> Result<Vec<Value>> {
    let (f, at) = arg;
    let Value::Function(f) = f else {
        return Err(ev.error(
            *at,
            ErrorKind::InvalidInput,
            format!("{name} needs a predicate such as x -> x > 1, not {}", f.kind_name()),
        ));
    };
    let mut out = Vec::new();
    for item in items {
        match ev.apply(f, vec![(None, item.clone(), *at)], span)? {
            Value::Bool(true) => out.push(item.clone()),
            Value::Bool(false) => {}
            other => {
                return Err(ev.error(
                    *at,
                    ErrorKind::InvalidInput,
                    format!("{name}'s predicate gave {}, not true or false", other.kind_name()),
                ));
            }
        }
    }
    Ok(out)
}

/// The elements in increasing order: all numbers, or all strings.
pub(crate) fn sorted(ev: &mut Eval<'_>, items: &[Value], span: Span) -> Result<Vec<Value>> {
    let mut out = items.to_vec();
    if items.iter().all(|x| matches!(x, Value::Number(_) | Value::Infinity(_))) {
        // -inf, the numbers, inf.
        let rank = |v: &Value| match v {
            Value::Infinity(true) => (0, None),
            Value::Number(q) => (1, Some(q.clone())),
            _ => (2, None),
        };
        out.sort_by_key(rank);
    } else if items.iter().all(|x| matches!(x, Value::Str(_))) {
        out.sort_by(|a, b| match (a, b) {
            (Value::Str(x), Value::Str(y)) => x.cmp(y),
            _ => std::cmp::Ordering::Equal,
        });
    } else if items.iter().all(|x| matches!(x, Value::List(_))) {
        // Lists of numbers or strings, element by element.
        let mut keys = Vec::with_capacity(items.len());
        for item in items {
            let Value::List(inner) = item else { continue };
            keys.push(sort_key(inner).ok_or_else(|| {
                ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    "ordering lists needs lists of numbers or strings",
                )
            })?);
        }
        let mut order: Vec<usize> = (0..items.len()).collect();
        order.sort_by(|&i, &j| keys[i].cmp(&keys[j]));
        out = order.into_iter().map(|i| items[i].clone()).collect();
    } else if items.iter().all(|x| {
        !matches!(
            x,
            Value::Pair(..)
                | Value::List(_)
                | Value::Range(_)
                | Value::Set(_)
                | Value::GameSet(_)
                | Value::Map(_)
                | Value::Mutable(_)
                | Value::Table(_)
        )
    }) {
        // Mixed kinds: CGSuite's order of classes (numbers, games, …).
        out = ev.universal_order(out, span)?;
    } else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "ordering collections needs lists of numbers or strings, one kind throughout",
        ));
    }
    Ok(out)
}

/// The members of strings.
pub(crate) const STRING_TABLE: Table<str> = Table {
    on: "string",
    members: &[
        member("Length", 0, "the number of characters", "\"abc\".Length", |_, s, _, _| {
            Ok(Value::int(s.chars().count()))
        }),
        member(
            "Concat",
            1,
            "this string, then another",
            "\"Winning \" Concat \"Ways\"",
            |ev, s, a, _| Ok(Value::Str(format!("{s}{}", text(ev, "Concat", &a[0])?))),
        ),
        member(
            "Substring",
            2,
            "the characters from position i to j, counting from 1",
            "\"Clobber\".Substring(4, 6)",
            |ev, s, a, span| {
                let chars: Vec<char> = s.chars().collect();
                let (i, j) = (count(ev, "Substring", &a[0])?, count(ev, "Substring", &a[1])?);
                if i == 0 || j > chars.len() || i > j + 1 {
                    return Err(ev.error(
                        span,
                        ErrorKind::InvalidInput,
                        format!(
                            "a string of {} characters has no characters {i} to {j}",
                            chars.len()
                        ),
                    ));
                }
                Ok(Value::Str(chars[i - 1..j].iter().collect()))
            },
        ),
        member(
            "ToLowerCase",
            0,
            "in lower case",
            "\"Toads and Frogs\".ToLowerCase",
            |_, s, _, _| Ok(Value::Str(s.to_lowercase())),
        ),
        member(
            "ToUnquotedOutput",
            0,
            "the text as output, printed without quotes",
            "\"Toads and Frogs\".ToUnquotedOutput",
            |_, s, _, _| Ok(Value::Output(s.to_string())),
        ),
        member(
            "ToUpperCase",
            0,
            "in upper case",
            "\"Toads and Frogs\".ToUpperCase",
            |_, s, _, _| Ok(Value::Str(s.to_uppercase())),
        ),
        member(
            "Replace",
            2,
            "every occurrence of one string replaced by another",
            "\"Jangly\".Replace(\"angl\", \"ohn H. Conwa\")",
            |ev, s, a, _| {
                let (from, to) = (text(ev, "Replace", &a[0])?, text(ev, "Replace", &a[1])?);
                if from.is_empty() {
                    return Err(ev.error(
                        a[0].1,
                        ErrorKind::InvalidInput,
                        "Replace needs a non-empty string to find",
                    ));
                }
                Ok(Value::Str(s.replace(from, to)))
            },
        ),
        member(
            "Matches",
            1,
            "whether the whole string matches a regular expression",
            "\"On Numbers and Games\" Matches \".*umber.*G+.*\"",
            |ev, s, a, _| {
                let pattern = text(ev, "Matches", &a[0])?;
                let re = pattern::compile(pattern, true)
                    .map_err(|m| ev.error(a[0].1, ErrorKind::InvalidInput, m))?;
                Ok(Value::Bool(re.is_match(s)))
            },
        ),
        member(
            "ReplaceRegex",
            2,
            "every match of a regular expression replaced ($1 is a group)",
            "\"Winning Ways\".ReplaceRegex(\"W(.)[a-z]*\", \"M$1sh\")",
            |ev, s, a, _| {
                let pattern = text(ev, "ReplaceRegex", &a[0])?;
                let re = pattern::compile(pattern, false)
                    .map_err(|m| ev.error(a[0].1, ErrorKind::InvalidInput, m))?;
                let java = text(ev, "ReplaceRegex", &a[1])?;
                let with = pattern::replacement(java, re.captures_len() - 1)
                    .map_err(|m| ev.error(a[1].1, ErrorKind::InvalidInput, m))?;
                Ok(Value::Str(re.replace_all(s, with.as_str()).into_owned()))
            },
        ),
        member(
            "Updated",
            2,
            "the string with the character at position i (from 1) replaced by a string",
            "\"Short\".Updated(2, \"n\")",
            |ev, s, a, span| {
                let mut chars: Vec<String> = s.chars().map(String::from).collect();
                let i = count(ev, "Updated", &a[0])?;
                if i == 0 || i > chars.len() {
                    return Err(ev.error(
                        span,
                        ErrorKind::InvalidInput,
                        format!("a string of {} characters has no character {i}", chars.len()),
                    ));
                }
                chars[i - 1] = text(ev, "Updated", &a[1])?.to_string();
                Ok(Value::Str(chars.concat()))
            },
        ),
    ],
};

/// An element of a list compared element by element: a number or a string.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Number(num_rational::BigRational),
    Text(String),
}

/// The key of a list of numbers or strings; `None` for anything else.
fn sort_key(items: &[Value]) -> Option<Vec<Key>> {
    items
        .iter()
        .map(|v| match v {
            Value::Number(q) => Some(Key::Number(q.clone().to_big().into_owned())),
            Value::Str(s) => Some(Key::Text(s.clone())),
            _ => None,
        })
        .collect()
}

/// `[a, b, …].Updated(i, v)`: the list with element `i` (from 1) replaced.
fn updated(ev: &mut Eval<'_>, items: &[Value], args: Args<'_>, span: Span) -> Result<Value> {
    let len = items.len();
    let i = args[0].0.as_usize();
    match i {
        Some(i) if (1..=len).contains(&i) => {
            let mut out = items.to_vec();
            out[i - 1] = args[1].0.clone();
            Ok(Value::List(out))
        }
        _ => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "a list of {len} elements has no element {}",
                args[0]
                    .0
                    .as_integer()
                    .map_or_else(|| args[0].0.kind_name().to_string(), |n| n.to_string())
            ),
        )),
    }
}

/// `[a, b, …].SortedWith(f)`: sorted by the comparator `f(x, y)`, an
/// integer below, equal to or above 0 (a stable merge sort).
pub(crate) fn sorted_with(
    ev: &mut Eval<'_>,
    items: &[Value],
    args: Args<'_>,
    span: Span,
) -> Result<Value> {
    sorted_by(ev, "SortedWith", items, args, span)
}

/// The elements sorted (stably) by the comparator `args[0]`; `name` is
/// the member's, for errors.
pub(crate) fn sorted_by(
    ev: &mut Eval<'_>,
    name: &str,
    items: &[Value],
    args: Args<'_>,
    span: Span,
) -> Result<Value> {
    let (f, at) = &args[0];
    let Value::Function(f) = f else {
        return Err(ev.error(
            *at,
            ErrorKind::InvalidInput,
            format!("{name} needs a function (a, b) -> ..., not {}", f.kind_name()),
        ));
    };
    let mut out: Vec<Value> = items.to_vec();
    let mut width = 1;
    while width < out.len() {
        let mut merged = Vec::with_capacity(out.len());
        for chunk in out.chunks(2 * width) {
            let (a, b) = chunk.split_at(width.min(chunk.len()));
            let (mut i, mut j) = (0, 0);
            while i < a.len() && j < b.len() {
                let c =
                    ev.apply(f, vec![(None, b[j].clone(), *at), (None, a[i].clone(), *at)], span)?;
                let sign = c
                    .as_integer()
                    .map(|n| num_traits::Signed::is_negative(&*n))
                    .ok_or_else(|| {
                        ev.error(
                            *at,
                            ErrorKind::InvalidInput,
                            format!(
                                "{name}'s comparator gave {}; it must give an integer",
                                c.kind_name()
                            ),
                        )
                    })?;
                if sign {
                    merged.push(b[j].clone());
                    j += 1;
                } else {
                    merged.push(a[i].clone());
                    i += 1;
                }
            }
            merged.extend_from_slice(&a[i..]);
            merged.extend_from_slice(&b[j..]);
        }
        out = merged;
        width *= 2;
    }
    Ok(Value::List(out))
}

/// Members of sets that give sets: the list members `Adjoin`, `Concat`,
/// `Filter`, `Tail` and `Apply` made sets again, and `Union`,
/// `Intersection` and `Replaced`. `None` for other names.
pub(crate) fn set_member(
    ev: &mut Eval<'_>,
    items: &[Value],
    name: &str,
    args: Args<'_>,
    span: Span,
) -> Option<Result<Value>> {
    let result = match name {
        "Adjoin" | "Concat" | "Filter" | "Tail" | "Apply" => {
            match LIST_TABLE.call(ev, items, name, args, span)? {
                Ok(Value::List(out)) => ev.make_set(out, span),
                other => other,
            }
        }
        "Union" | "Intersection" | "Replaced" => (|| {
            if args.len() != 1 {
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("{name} takes 1 argument, not {}", args.len()),
                ));
            }
            let out = match name {
                "Union" => {
                    let mut out = items.to_vec();
                    out.extend(elements(ev, name, &args[0])?);
                    out
                }
                "Intersection" => {
                    let other = elements(ev, name, &args[0])?;
                    let mut out = Vec::new();
                    for x in items {
                        if index_of(ev, &other, x, span)?.is_some() {
                            out.push(x.clone());
                        }
                    }
                    out
                }
                _ => {
                    let Value::Map(map) = &args[0].0 else {
                        return Err(ev.error(
                            args[0].1,
                            ErrorKind::InvalidInput,
                            format!("Replaced needs a map, not {}", args[0].0.kind_name()),
                        ));
                    };
                    let mut out = Vec::with_capacity(items.len());
                    for x in items {
                        let found = map.get(x, &mut |a, b| ev.equal(a, b, span))?;
                        out.push(found.unwrap_or(x).clone());
                    }
                    out
                }
            };
            ev.make_set(out, span)
        })(),
        _ => return None,
    };
    Some(result)
}

/// A string argument.
fn text<'a>(ev: &Eval<'_>, name: &str, arg: &'a (Value, Span)) -> Result<&'a str> {
    match &arg.0 {
        Value::Str(s) => Ok(s),
        other => Err(ev.error(
            arg.1,
            ErrorKind::InvalidInput,
            format!("{name} needs a string, not {}", other.kind_name()),
        )),
    }
}
