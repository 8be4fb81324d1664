//! Reading Green Hackenbush pictures: edge-list files and CGSuite green strings.
//!
//! Edge list: one edge per line, `A B` (two vertex names, any tokens without
//! whitespace); `#` starts a comment; blank lines are skipped; the vertex `G` is
//! the ground; `A A` is a loop; repeated lines are parallel edges. Edges not
//! connected to the ground are allowed (they are not part of the game).
//!
//! Strings (CGSuite's `Hackenbush` notation, green edges only): `e` is an edge on
//! top of the current vertex, `(a;b;…)` grows branches `a`, `b`, … from the
//! current vertex, and branches nest: `e(ee;e(e;e))`. A branch group ends its
//! sequence. Each string is one piece standing on the ground; several strings
//! are a sum. The top vertex of the edge written at column c of string s is
//! named `c` (one string) or `s.c` (several); an edge's line is its string's
//! number.

use rustc_hash::FxHashMap;

use super::{Edge, GROUND, GreenHackenbush};
use crate::error::{Error, Location, Result};

/// Parses an edge-list file (see the module documentation).
///
/// Errors name the 1-based line and column: a line with other than two names,
/// no edges at all, or no edge touching the ground.
pub fn parse_edge_list<'a>(text: &'a str) -> Result<GreenHackenbush> {
    let mut names = vec![GROUND.to_string()];
    let mut index: FxHashMap<&'a str, u32> = FxHashMap::default();
    index.insert(GROUND, 0);
    let mut edges = Vec::new();
    let mut grounded = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("");
        let mut tokens = Vec::with_capacity(2);
        let mut rest = content;
        let mut consumed = 0usize;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            let after = &rest[start..];
            let len = after.find(char::is_whitespace).unwrap_or(after.len());
            tokens.push((consumed + start, &after[..len]));
            consumed += start + len;
            rest = &after[len..];
        }
        let column = |byte: usize| content[..byte].chars().count() + 1;
        match tokens.as_slice() {
            [] => continue,
            [(_, a), (_, b)] => {
                let mut id = |name: &'a str| -> Result<u32> {
                    if let Some(&v) = index.get(name) {
                        return Ok(v);
                    }
                    let v = u32::try_from(names.len())
                        .map_err(|_| Error::syntax(Location::new(line, 1), "too many vertices"))?;
                    names.push(name.to_string());
                    index.insert(name, v);
                    Ok(v)
                };
                let from = id(a)?;
                let to = id(b)?;
                grounded |= from == 0 || to == 0;
                edges.push(Edge { from, to, line });
            }
            [(_, _)] => {
                return Err(Error::syntax(
                    Location::new(line, column(content.len())),
                    "an edge needs two vertex names, 'A B'; found one",
                ));
            }
            [_, _, (at, extra), ..] => {
                return Err(Error::syntax(
                    Location::new(line, column(*at)),
                    format!("an edge is two vertex names, 'A B'; unexpected third name '{extra}'"),
                ));
            }
        }
    }
    if edges.is_empty() {
        return Err(Error::invalid("no edges: the input is empty or only comments"));
    }
    if !grounded {
        return Err(Error::invalid(format!(
            "no edge touches the ground vertex '{GROUND}' (line {} is the first edge)",
            edges[0].line
        )));
    }
    GreenHackenbush::new(names, edges)
}

/// Parses CGSuite green strings, one grounded piece each (see the module
/// documentation). Errors are located at line = the string's 1-based number and
/// the column in that string.
pub fn parse_strings(strings: &[&str]) -> Result<GreenHackenbush> {
    let mut names = vec![GROUND.to_string()];
    let mut edges = Vec::new();
    let several = strings.len() > 1;
    for (s, text) in strings.iter().enumerate() {
        let line = s + 1;
        if text.is_empty() {
            return Err(Error::syntax(Location::new(line, 1), "empty Hackenbush string"));
        }
        // (branch point, column of its '(') for each open group: an explicit stack.
        let mut open: Vec<(u32, usize)> = Vec::new();
        let mut current = 0u32;
        let mut after_group = false;
        for (k, c) in text.chars().enumerate() {
            let column = k + 1;
            let at = Location::new(line, column);
            if after_group && !matches!(c, ';' | ')') {
                return Err(Error::syntax(
                    at,
                    format!("expected ';' or ')' after a branch group, found '{c}'"),
                ));
            }
            match c {
                'e' | 'E' => {
                    let top = u32::try_from(names.len())
                        .map_err(|_| Error::syntax(at.clone(), "too many vertices"))?;
                    names.push(if several {
                        format!("{line}.{column}")
                    } else {
                        column.to_string()
                    });
                    edges.push(Edge { from: current, to: top, line });
                    current = top;
                }
                'l' | 'L' | 'r' | 'R' => {
                    return Err(Error::syntax(
                        at,
                        format!(
                            "'{c}' is a blue or red edge; Green Hackenbush has only green edges 'e'"
                        ),
                    ));
                }
                '(' => open.push((current, column)),
                ';' => match open.last() {
                    Some(&(point, _)) => {
                        current = point;
                        after_group = false;
                    }
                    None => return Err(Error::syntax(at, "';' outside a branch group")),
                },
                ')' => match open.pop() {
                    Some((point, _)) => {
                        current = point;
                        after_group = true;
                    }
                    None => return Err(Error::syntax(at, "unmatched ')'")),
                },
                other => {
                    return Err(Error::syntax(
                        at,
                        format!("unexpected character '{other}' (expected 'e', '(', ';' or ')')"),
                    ));
                }
            }
        }
        if let Some(&(_, column)) = open.last() {
            return Err(Error::syntax(Location::new(line, column), "unclosed '('"));
        }
    }
    if edges.is_empty() {
        return Err(Error::invalid("no edges in the Hackenbush strings"));
    }
    GreenHackenbush::new(names, edges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_list_with_comments_loops_and_parallel_edges() {
        let g = parse_edge_list("# a house\nG a\n\n  a b  # roof\nb b\nG a\nx y\n").unwrap();
        assert_eq!(g.edges().len(), 5);
        assert_eq!(g.edges()[1].line, 4);
        assert_eq!(g.names(), ["G", "a", "b", "x", "y"]);
        assert_eq!(g.grounded_mask(), [true, true, true, true, false]);
    }

    #[test]
    fn edge_list_errors_name_the_line() {
        let e = parse_edge_list("G a\nb\n").unwrap_err();
        assert_eq!(e.location().map(|l| l.line), Some(2));
        let e = parse_edge_list("G a\na b c\n").unwrap_err();
        assert_eq!(e.location().map(|l| (l.line, l.column)), Some((2, 5)));
        assert!(parse_edge_list("").unwrap_err().message().contains("no edges"));
        assert!(parse_edge_list("# nothing\n\n").unwrap_err().message().contains("no edges"));
        assert!(parse_edge_list("a b\n").unwrap_err().message().contains("ground"));
    }

    #[test]
    fn strings_nest() {
        let g = parse_strings(&["e(ee;e(e;e))"]).unwrap();
        assert_eq!(g.edges().len(), 6);
        let g = parse_strings(&["eee", "e"]).unwrap();
        assert_eq!(g.edges().len(), 4);
        assert_eq!(g.names()[4], "2.1");
    }

    #[test]
    fn string_errors_name_the_column() {
        let col = |s: &str| parse_strings(&[s]).unwrap_err().location().map(|l| l.column);
        assert_eq!(col("e(e;e"), Some(2));
        assert_eq!(col("ee)"), Some(3));
        assert_eq!(col("e;"), Some(2));
        assert_eq!(col("e(e)e"), Some(5));
        assert_eq!(col("elr"), Some(2));
        assert_eq!(col("e x"), Some(2));
        assert_eq!(col(""), Some(1));
        assert!(parse_strings(&["()"]).is_err());
    }
}
