//! Loopy game files: positions with Left and Right moves, by name.
//!
//! One position a line, `name: left moves | right moves`, moves separated by
//! spaces, the first position the start:
//!
//! ```text
//! # over = {0|pass}
//! over: zero | over
//! zero: |
//! ```
//!
//! A name is any run of characters other than spaces, `:`, `|` and `#`;
//! `#` starts a comment; blank lines are skipped. Every name used as a move
//! must have a line of its own; a position without moves is written
//! `name: |` or `name:`. This differs from the graph files of `onag retro`,
//! whose positions say who is to move: here each position has moves for
//! both players.

use rustc_hash::FxHashMap;

use super::graph::LoopyGame;
use crate::error::{Error, Location, Result};

/// A loopy game read from a file, with the names of its nodes.
#[derive(Debug, Clone)]
pub struct LoopyFile {
    /// The game, played from the first position of the file.
    pub game: LoopyGame,
    /// The name of each node of `game` (unreachable positions are dropped).
    pub names: Vec<String>,
}

/// Reads a loopy game file's text; `source` names it in errors.
pub fn parse_loopy_file(text: &str, source: &str) -> Result<LoopyFile> {
    let at = |line: usize, col: usize| Location::new(line, col).in_source(source.to_string());
    let mut names: Vec<String> = Vec::new();
    let mut index: FxHashMap<String, u32> = FxHashMap::default();
    // (line, column, name) of each use, per position and side.
    type Uses = Vec<(usize, usize, String)>;
    let mut moves: Vec<(Uses, Uses)> = Vec::new();
    for (ln, raw) in text.lines().enumerate() {
        let line_no = ln + 1;
        let line = raw.split('#').next().unwrap_or("");
        if line.trim().is_empty() {
            continue;
        }
        let Some(colon) = line.find(':') else {
            let col = line.len() - line.trim_start().len() + 1;
            return Err(Error::syntax(
                at(line_no, col),
                "expected `name: left moves | right moves`",
            ));
        };
        let name = line[..colon].trim();
        let name_col = line.len() - line.trim_start().len() + 1;
        if name.is_empty() || name.contains(char::is_whitespace) || name.contains('|') {
            return Err(Error::syntax(
                at(line_no, name_col),
                "a position needs one name before `:`",
            ));
        }
        if index.contains_key(name) {
            return Err(Error::invalid(format!("position `{name}` is defined twice"))
                .at(at(line_no, name_col)));
        }
        let body = &line[colon + 1..];
        let parts: Vec<&str> = body.split('|').collect();
        if parts.len() > 2 {
            let col = colon + 2 + parts[0].len() + 1 + parts[1].len();
            return Err(Error::syntax(at(line_no, col), "one `|` between Left and Right moves"));
        }
        if parts.len() == 1 && !parts[0].trim().is_empty() {
            return Err(Error::syntax(
                at(line_no, colon + 2),
                "write `|` between Left and Right moves (`name: left | right`)",
            ));
        }
        let mut sides: (Uses, Uses) = (Vec::new(), Vec::new());
        let mut offset = colon + 1;
        for (k, part) in parts.iter().enumerate() {
            let mut col = offset;
            for word in part.split(' ') {
                if !word.trim().is_empty() {
                    let w = word.trim();
                    let c = col + (word.len() - word.trim_start().len()) + 1;
                    if k == 0 { &mut sides.0 } else { &mut sides.1 }.push((
                        line_no,
                        c,
                        w.to_string(),
                    ));
                }
                col += word.len() + 1;
            }
            offset += part.len() + 1;
        }
        if names.len() >= u32::MAX as usize - 1 {
            return Err(Error::invalid("too many positions"));
        }
        index.insert(name.to_string(), names.len() as u32);
        names.push(name.to_string());
        moves.push(sides);
    }
    if names.is_empty() {
        return Err(Error::invalid(format!("{source}: no positions")));
    }
    let resolve = |uses: &Uses| -> Result<Vec<u32>> {
        uses.iter()
            .map(|(l, c, w)| {
                index.get(w).copied().ok_or_else(|| {
                    Error::invalid(format!(
                        "unknown position `{w}` (every position needs a line `{w}: ... | ...`)"
                    ))
                    .at(at(*l, *c))
                })
            })
            .collect()
    };
    let mut left = Vec::with_capacity(names.len());
    let mut right = Vec::with_capacity(names.len());
    for (l, r) in &moves {
        left.push(resolve(l)?);
        right.push(resolve(r)?);
    }
    let order = LoopyGame::pack_order(&left, &right, 0);
    let game = LoopyGame::new(left, right, 0)?;
    let names = order.iter().map(|&v| names[v as usize].clone()).collect();
    Ok(LoopyFile { game, names })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_positions_and_locates_errors() {
        let f = parse_loopy_file("# over\nover: zero | over\nzero: |\n", "g.txt").unwrap();
        assert_eq!(f.names, ["over", "zero"]);
        assert_eq!(f.game, LoopyGame::over());
        let e = parse_loopy_file("a: b | a\n", "g.txt").unwrap_err().to_string();
        assert_eq!(
            e,
            "g.txt:1:4: unknown position `b` (every position needs a line `b: ... | ...`)"
        );
        let e = parse_loopy_file("a: | \na: |\n", "g.txt").unwrap_err().to_string();
        assert!(e.starts_with("g.txt:2:1: position `a` is defined twice"), "{e}");
        let e = parse_loopy_file("a: b\nb: |\n", "g.txt").unwrap_err().to_string();
        assert!(e.contains("write `|`"), "{e}");
        assert!(parse_loopy_file("", "g.txt").is_err());
    }
}
