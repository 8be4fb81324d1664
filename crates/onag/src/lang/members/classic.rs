//! Members of Wythoff and Fibonacci Nim positions, computed by
//! [`crate::lang::classes::heap::classic`].

use crate::error::ErrorKind;
use crate::lang::classes::heap::classic;
use crate::lang::classes::heap::user_rules;
use crate::lang::classes::misere;
use crate::lang::runtime::table::{Table, member};
use crate::lang::value::Value;
use crate::lang::value::rules::{ClassicPosition, ClassicRuleset};
use num_traits::ToPrimitive;

/// The members a classic position answers itself.
pub(crate) const TABLE: Table<ClassicPosition> = Table {
    on: "Wythoff, Fibonacci Nim, memory game or user ruleset position",
    members: &[
        member(
            "MisereCanonicalForm",
            0,
            "the misère canonical form, from the position's options",
            "game.heap.Wythoff(2,3).MisereCanonicalForm",
            |ev, p, _, s| misere::form_of(ev, &Value::classic(p.clone()), s).map(Value::Misere),
        ),
        member(
            "MisereNimValue",
            0,
            "the misère nim value, from the misère canonical form",
            "game.heap.Mem((10,3)).MisereNimValue",
            |ev, p, _, s| {
                let g = misere::form_of(ev, &Value::classic(p.clone()), s)?;
                Ok(Value::int(ev.state.misere.forms().misere_value(g)))
            },
        ),
        member(
            "Genus",
            0,
            "the misère genus, from the misère canonical form",
            "game.heap.FibonacciNim((10,3)).Genus",
            |ev, p, _, s| {
                let g = misere::form_of(ev, &Value::classic(p.clone()), s)?;
                let budget = ev.budget;
                let genus = ev.state.misere.genus(g, budget).map_err(|e| ev.locate(e, s))?;
                Ok(Value::Genus(genus.to_string()))
            },
        ),
        member(
            "MisereOutcomeClass",
            0,
            "P when the player to move loses in misère play, else N",
            "game.heap.Wythoff(1,1).MisereOutcomeClass",
            |ev, p, _, s| {
                let g = misere::form_of(ev, &Value::classic(p.clone()), s)?;
                let v = ev.state.misere.forms().misere_value(g);
                Ok(crate::lang::members::misere::outcome_of_misere_value(v))
            },
        ),
        member(
            "NimValue",
            0,
            "the Grundy value: Wythoff with both heaps below 4096, Fibonacci Nim heaps up to 23,168, memory games up to 16,384",
            "game.heap.Wythoff(3,6).NimValue",
            |ev, p, _, s| classic::nim_value(ev, p, s),
        ),
        member(
            "Options",
            0,
            "the options, each a position (Wythoff, Fibonacci Nim and memory games)",
            "game.heap.Mem((5,2)).Options",
            |ev, p, _, s| classic::options(ev, p, s),
        ),
        member(
            "OutcomeClass",
            0,
            "P or N, from the closed forms (Wythoff: any size; Fibonacci Nim: P exactly for Fibonacci numbers)",
            "game.heap.FibonacciNim(13).OutcomeClass",
            |ev, p, _, s| classic::outcome_class(ev, p, s),
        ),
    ],
};

/// The members of a user's heap or coordinate ruleset, memory games and
/// products of heap rulesets.
pub(crate) const RULESET_TABLE: Table<ClassicRuleset> = Table {
    on: "user's, memory or product ruleset",
    members: &[
        member(
            "NimValueSequence",
            1,
            "the nim values of heaps 1 to n of a heap ruleset of your own",
            "game.heap.HeapRuleset(k -> [[a,b] for a from 0 to k - 1 for b from 0 to a - 1]).NimValueSequence(10)",
            |ev, r, a, s| {
                let count =
                    a[0].0.as_integer().and_then(|n| n.to_u64()).filter(|&n| n <= MAX_SEQUENCE);
                let Some(count) = count else {
                    return Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        format!("NimValueSequence needs a count from 0 to {MAX_SEQUENCE}"),
                    ));
                };
                if !matches!(r, ClassicRuleset::UserHeap(_)) {
                    return Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        format!(
                            "NimValueSequence needs a ruleset of single heaps; {} is one of pairs",
                            r.name()
                        ),
                    ));
                }
                let values = user_rules::nim_value_sequence(ev, r, count, s)?;
                Ok(Value::List(values.into_iter().map(Value::int).collect()))
            },
        ),
        member(
            "NimValueTable",
            2,
            "the table of nim values of R((m, n)), m from 0 to rows, n from 0 to columns",
            "game.heap.GenMem((memory, j) -> j != memory).NimValueTable(4, 6)",
            |ev, r, a, s| {
                let size =
                    |i: usize| a[i].0.as_integer().and_then(|n| n.to_u64()).filter(|&n| n < 10_000);
                let (Some(rows), Some(columns)) = (size(0), size(1)) else {
                    return Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        "NimValueTable needs two sizes below 10000: rows and columns",
                    ));
                };
                if matches!(r, ClassicRuleset::UserHeap(_) | ClassicRuleset::Memory(_)) {
                    return Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        format!(
                            "NimValueTable needs a ruleset of pairs (m, n); {} is not one",
                            r.name()
                        ),
                    ));
                }
                let table = user_rules::nim_value_table(ev, r, rows, columns, s)?;
                let row = |values: Vec<u64>| values.into_iter().map(Value::int).collect();
                Ok(Value::Table(table.into_iter().map(row).collect()))
            },
        ),
        member(
            "CheckPeriodicity",
            1,
            "the period the nim values of heaps 0..n of a heap ruleset of your own show (in their last half, three times at least), or Nothing; no theorem certifies it, since the function may do anything past n",
            "game.heap.HeapRuleset(n -> [[n - k] for k from 1 to 3 where k <= n]).CheckPeriodicity(100)",
            |ev, r, a, s| {
                let count =
                    a[0].0.as_integer().and_then(|n| n.to_u64()).filter(|&n| n <= MAX_SEQUENCE);
                let Some(count) = count else {
                    return Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        format!("CheckPeriodicity needs a heap size from 0 to {MAX_SEQUENCE}"),
                    ));
                };
                if !matches!(r, ClassicRuleset::UserHeap(_)) {
                    return Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        format!(
                            "CheckPeriodicity needs a ruleset of single heaps; {} is not one",
                            r.name()
                        ),
                    ));
                }
                let values = user_rules::nim_values_from_zero(ev, r, count, s)?;
                let Ok(values) =
                    values.into_iter().map(u32::try_from).collect::<Result<Vec<u32>, _>>()
                else {
                    return Ok(Value::Nothing);
                };
                Ok(match crate::impartial::heap::period::apparent(&values) {
                    Some(p) => Value::Periodicity {
                        period: p.period as u64,
                        preperiod: p.preperiod as u64,
                        saltus: u64::from(p.saltus),
                    },
                    None => Value::Nothing,
                })
            },
        ),
    ],
};

/// The longest nim-value sequence of a user's heap ruleset.
const MAX_SEQUENCE: u64 = 1_000_000;
