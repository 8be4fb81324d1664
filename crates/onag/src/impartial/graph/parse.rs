//! Reading game graphs from text and JSON, with located errors.
//!
//! **Text.** One position per line, `name: succ succ ...`; the first position is
//! the start. `#` starts a comment (whole line or trailing); blank lines are
//! ignored. Names are runs of characters other than whitespace, control
//! characters, `:`, `#`, `[` and `]`. A position with no moves is written `name:`.
//! Every successor must have its own line. Optional tags in square brackets
//! between the name and the colon, `name [L win]: b c`, are kept as words for
//! solvers that interpret them (the retrograde solver); the others reject them.
//!
//! ```text
//! # a tiny game
//! start: a b
//! a: end
//! b: a end
//! end:
//! ```
//!
//! **JSON.** `{"start": "start", "positions": [{"name": "start", "moves": ["a", "b"]},
//! {"name": "a", "moves": ["end"], "tags": ["L"]}, ...]}`; `start` is optional
//! (default: the first position), `moves` and `tags` may be omitted.
//!
//! Cycles are accepted here: detecting them is the acyclic solvers' job.
//! Errors: syntax, an unknown successor, a duplicate name, a move listed twice
//! from one position, an empty file; each located at line and column.

use std::borrow::Cow;

use serde::Deserialize;

use super::{GameGraph, NameTable, PositionId, PositionTags, is_name_char, is_valid_name};
use crate::budget::Budget;
use crate::error::{Error, Location, Result};

/// Bytes that may appear in a name, for ASCII; non-ASCII goes through
/// [`is_name_char`].
const fn ascii_name_table() -> [bool; 128] {
    let mut table = [false; 128];
    let mut b = 0x21;
    while b < 0x7f {
        table[b] = !matches!(b as u8, b':' | b'#' | b'[' | b']');
        b += 1;
    }
    table
}

const ASCII_NAME: [bool; 128] = ascii_name_table();

/// The end of the name (or tag word) starting at `i`, at most `end`.
fn name_end(text: &str, mut i: usize, end: usize) -> usize {
    let bytes = text.as_bytes();
    while i < end {
        let b = bytes[i];
        if b < 0x80 {
            if !ASCII_NAME[b as usize] {
                break;
            }
            i += 1;
        } else {
            match text[i..].chars().next() {
                Some(c) if is_name_char(c) => i += c.len_utf8(),
                _ => break,
            }
        }
    }
    i
}

fn skip_blanks(bytes: &[u8], mut i: usize, end: usize) -> usize {
    while i < end && matches!(bytes[i], b' ' | b'\t' | b'\r') {
        i += 1;
    }
    i
}

/// Builds located errors for one source text.
struct Locator<'a> {
    text: &'a str,
    source: &'a str,
}

impl Locator<'_> {
    fn location(&self, offset: usize) -> Location {
        let location = Location::of_offset(self.text, offset);
        if self.source.is_empty() { location } else { location.in_source(self.source) }
    }

    fn syntax(&self, offset: usize, message: impl Into<String>) -> Error {
        Error::syntax(self.location(offset), message)
    }

    fn invalid(&self, offset: usize, message: impl Into<String>) -> Error {
        Error::invalid(message).at(self.location(offset))
    }

    /// What stands at `offset`, for messages.
    fn describe(&self, offset: usize) -> String {
        match self.text.get(offset..).and_then(|t| t.chars().next()) {
            None | Some('\n') => "the end of the line".to_string(),
            Some(c) => format!("{c:?}"),
        }
    }
}

fn source_of(source: &str) -> Option<String> {
    (!source.is_empty()).then(|| source.to_string())
}

fn u32_of(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Parses the text format (see the module documentation). `source` names the
/// text in error locations (a file name; empty for none).
pub fn parse_text(text: &str, source: &str) -> Result<GameGraph> {
    parse_text_within(text, source, &Budget::unlimited())
}

/// [`parse_text`] for long texts: reports progress (bytes read) to `budget`
/// and stops when it is cancelled or out of time.
pub fn parse_text_within(text: &str, source: &str, budget: &Budget) -> Result<GameGraph> {
    let loc = Locator { text, source };
    let bytes = text.as_bytes();
    // Names are interned at first mention ("mention ids"); positions are
    // renumbered in order of definition at the end.
    let mut names = NameTable::default();
    let mut first_mention: Vec<usize> = Vec::new();
    let mut definition: Vec<u32> = Vec::new(); // mention id -> definition index or MAX
    let mut listed_by: Vec<u32> = Vec::new(); // mention id -> last definition listing it + 1
    let mut defined: Vec<u32> = Vec::new(); // definition index -> mention id
    let mut places: Vec<(u32, u32)> = Vec::new();
    let mut offsets: Vec<usize> = vec![0];
    let mut targets: Vec<PositionId> = Vec::new();
    let mut tags: Vec<PositionTags> = Vec::new();

    let intern = |name: &str,
                  at: usize,
                  names: &mut NameTable,
                  first_mention: &mut Vec<usize>,
                  definition: &mut Vec<u32>,
                  listed_by: &mut Vec<u32>|
     -> Result<u32> {
        let (id, new) = names.intern(name).map_err(|e| e.at(loc.location(at)))?;
        if new {
            first_mention.push(at);
            definition.push(u32::MAX);
            listed_by.push(0);
        }
        Ok(id)
    };

    let mut line_no: u32 = 0;
    let mut pos = 0;
    let report = budget.reports_progress();
    while pos < bytes.len() {
        line_no = line_no.saturating_add(1);
        if line_no % (1 << 16) == 0 {
            budget.check(0)?;
            if report {
                budget.progress("reading graph", pos as u64, Some(bytes.len() as u64));
            }
        }
        let line_start = pos;
        let eol = bytes[pos..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |i| pos + i);
        pos = eol + 1;
        let mut i = skip_blanks(bytes, line_start, eol);
        if i == eol || bytes[i] == b'#' {
            continue;
        }
        let name_start = i;
        i = name_end(text, i, eol);
        if i == name_start {
            return Err(
                loc.syntax(i, format!("expected a position name, found {}", loc.describe(i)))
            );
        }
        let name = &text[name_start..i];
        let id = intern(
            name,
            name_start,
            &mut names,
            &mut first_mention,
            &mut definition,
            &mut listed_by,
        )?;
        if definition[id as usize] != u32::MAX {
            return Err(loc.invalid(name_start, format!("duplicate position name `{name}`")));
        }
        let def_index = u32_of(defined.len());
        definition[id as usize] = def_index;
        defined.push(id);
        let column = text[line_start..name_start].chars().count() + 1;
        places.push((line_no, u32_of(column)));
        i = skip_blanks(bytes, i, eol);
        if i < eol && bytes[i] == b'[' {
            let open = i;
            let mut words = Vec::new();
            i += 1;
            loop {
                i = skip_blanks(bytes, i, eol);
                if i == eol || bytes[i] == b'#' {
                    return Err(loc.syntax(open, "unclosed '[' (tags end with ']')"));
                }
                if bytes[i] == b']' {
                    i += 1;
                    break;
                }
                let word_start = i;
                i = name_end(text, i, eol);
                if i == word_start {
                    return Err(loc.syntax(i, format!("unexpected {} in tags", loc.describe(i))));
                }
                words.push(text[word_start..i].to_string());
            }
            tags.push(PositionTags {
                position: PositionId(def_index),
                words,
                location: Location::new(
                    line_no as usize,
                    text[line_start..open].chars().count() + 1,
                ),
            });
            i = skip_blanks(bytes, i, eol);
        }
        if i == eol || bytes[i] != b':' {
            return Err(loc.syntax(
                i,
                format!("expected ':' after position name `{name}`, found {}", loc.describe(i)),
            ));
        }
        i += 1;
        loop {
            i = skip_blanks(bytes, i, eol);
            if i == eol || bytes[i] == b'#' {
                break;
            }
            let succ_start = i;
            i = name_end(text, i, eol);
            if i == succ_start {
                return Err(
                    loc.syntax(i, format!("expected a successor name, found {}", loc.describe(i)))
                );
            }
            let succ = &text[succ_start..i];
            let sid = intern(
                succ,
                succ_start,
                &mut names,
                &mut first_mention,
                &mut definition,
                &mut listed_by,
            )?;
            if listed_by[sid as usize] == def_index + 1 {
                return Err(
                    loc.invalid(succ_start, format!("move to `{succ}` listed twice from `{name}`"))
                );
            }
            listed_by[sid as usize] = def_index + 1;
            targets.push(PositionId(sid));
        }
        offsets.push(targets.len());
    }
    if defined.is_empty() {
        return Err(loc.syntax(
            text.len(),
            "no positions: a game graph needs at least one line `name: moves`",
        ));
    }
    if let Some(at) = definition
        .iter()
        .zip(&first_mention)
        .filter(|(d, _)| **d == u32::MAX)
        .map(|(_, &at)| at)
        .min()
    {
        let end = name_end(text, at, text.len());
        return Err(loc.invalid(
            at,
            format!("unknown successor `{}` (every position needs its own line)", &text[at..end]),
        ));
    }
    // Renumber mention ids to definition order.
    for t in &mut targets {
        t.0 = definition[t.index()];
    }
    let mut renamed = NameTable {
        bytes: String::with_capacity(names.bytes.len()),
        ends: Vec::with_capacity(names.len()),
        index: std::mem::take(&mut names.index),
    };
    for &m in &defined {
        renamed.bytes.push_str(names.get(m));
        renamed.ends.push(renamed.bytes.len());
    }
    for i in renamed.index.iter_mut() {
        *i = definition[*i as usize];
    }
    Ok(GameGraph::from_parts(
        source_of(source),
        PositionId(0),
        renamed,
        offsets,
        targets,
        places,
        tags,
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonGraph<'a> {
    #[serde(borrow, default)]
    start: Option<Cow<'a, str>>,
    #[serde(borrow)]
    positions: Vec<JsonPosition<'a>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPosition<'a> {
    #[serde(borrow)]
    name: Cow<'a, str>,
    #[serde(borrow, default)]
    moves: Vec<Cow<'a, str>>,
    #[serde(borrow, default)]
    tags: Vec<Cow<'a, str>>,
}

/// Byte offsets of the strings of a JSON graph, found by a light scan after
/// serde has accepted the text, to locate errors and definitions. `names` and
/// `tag_lists` have one entry per position object (0 when absent); `moves`
/// lists every move string in order.
#[derive(Default)]
struct JsonPlaces {
    start: Option<usize>,
    names: Vec<usize>,
    moves: Vec<usize>,
    tag_lists: Vec<usize>,
}

fn scan_json(text: &str) -> JsonPlaces {
    let bytes = text.as_bytes();
    let mut places = JsonPlaces::default();
    let mut key: &[u8] = b"";
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let content = &bytes[start + 1..i.min(bytes.len())];
                i += 1;
                let next = skip_json_space(bytes, i);
                if next < bytes.len() && bytes[next] == b':' {
                    key = content;
                } else {
                    match (key, depth) {
                        (b"name", 3) => {
                            if let Some(last) = places.names.last_mut() {
                                *last = start;
                            }
                        }
                        (b"start", 1) => places.start = Some(start),
                        (b"moves", 4) => places.moves.push(start),
                        _ => {}
                    }
                }
                continue;
            }
            b'{' => {
                depth += 1;
                if depth == 3 {
                    places.names.push(0);
                    places.tag_lists.push(0);
                }
                key = b"";
            }
            b'[' => {
                depth += 1;
                if key == b"tags"
                    && depth == 4
                    && let Some(last) = places.tag_lists.last_mut()
                {
                    *last = i;
                }
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                key = b"";
            }
            _ => {}
        }
        i += 1;
    }
    places
}

fn skip_json_space(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'\r' | b'\n') {
        i += 1;
    }
    i
}

/// Line and column of increasing byte offsets, in one forward pass.
struct LineCursor<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    column: usize,
}

impl LineCursor<'_> {
    fn advance(&mut self, offset: usize) -> (u32, u32) {
        let offset = offset.min(self.text.len());
        if offset >= self.pos {
            for c in self.text[self.pos..offset].chars() {
                if c == '\n' {
                    self.line += 1;
                    self.column = 1;
                } else {
                    self.column += 1;
                }
            }
            self.pos = offset;
        }
        (u32_of(self.line), u32_of(self.column))
    }
}

/// Parses the JSON format (see the module documentation). `source` names the
/// text in error locations (a file name; empty for none).
pub fn parse_json(text: &str, source: &str) -> Result<GameGraph> {
    parse_json_within(text, source, &Budget::unlimited())
}

/// [`parse_json`] under a budget: the checks between the JSON pass and the
/// graph's construction honour the time limit and cancellation, and report
/// progress as "reading graph" over the positions.
pub fn parse_json_within(text: &str, source: &str, budget: &Budget) -> Result<GameGraph> {
    budget.check(0)?;
    let loc = Locator { text, source };
    let parsed: JsonGraph<'_> = serde_json::from_str(text).map_err(|e| {
        let line = e.line().max(1);
        let column = e.column().max(1);
        let location = Location::new(line, column);
        let location = if source.is_empty() { location } else { location.in_source(source) };
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or(&message).to_string();
        Error::syntax(location, format!("invalid JSON game graph: {message}"))
    })?;
    let spots = scan_json(text);
    let name_at = |i: usize| spots.names.get(i).copied().unwrap_or(0);
    if parsed.positions.is_empty() {
        return Err(loc.syntax(0, "no positions: \"positions\" is an empty list"));
    }
    budget.check(0)?;
    let total = 2 * parsed.positions.len() as u64;
    let checkpoint = |done: usize| -> Result<()> {
        if done % (1 << 16) == 0 {
            budget.check(0)?;
            budget.progress("reading graph", done as u64, Some(total));
        }
        Ok(())
    };
    let mut names = NameTable::default();
    for (i, p) in parsed.positions.iter().enumerate() {
        checkpoint(i)?;
        if !is_valid_name(&p.name) {
            return Err(loc.invalid(
                name_at(i),
                format!(
                    "invalid position name {:?} (no spaces, control characters, ':', '#', '[' or ']')",
                    p.name
                ),
            ));
        }
        if !names.intern(&p.name).map_err(|e| e.at(loc.location(name_at(i))))?.1 {
            return Err(loc.invalid(name_at(i), format!("duplicate position name `{}`", p.name)));
        }
    }
    let mut offsets = Vec::with_capacity(parsed.positions.len() + 1);
    offsets.push(0);
    let mut targets = Vec::new();
    let mut listed_by = vec![0u32; names.len()];
    let mut tags = Vec::new();
    for (i, p) in parsed.positions.iter().enumerate() {
        checkpoint(parsed.positions.len() + i)?;
        let i32 = u32_of(i);
        for m in &p.moves {
            let at = spots.moves.get(targets.len()).copied().unwrap_or(0);
            let Some(t) = names.find(m) else {
                return Err(loc.invalid(
                    at,
                    format!("unknown successor `{m}` (every position needs its own entry)"),
                ));
            };
            if listed_by[t as usize] == i32 + 1 {
                return Err(
                    loc.invalid(at, format!("move to `{m}` listed twice from `{}`", p.name))
                );
            }
            listed_by[t as usize] = i32 + 1;
            targets.push(PositionId(t));
        }
        offsets.push(targets.len());
        if !p.tags.is_empty() {
            let at = spots.tag_lists.get(i).copied().unwrap_or(0);
            if let Some(w) = p.tags.iter().find(|w| !is_valid_name(w)) {
                return Err(loc.invalid(at, format!("invalid tag {w:?}")));
            }
            tags.push(PositionTags {
                position: PositionId(i32),
                words: p.tags.iter().map(|w| w.to_string()).collect(),
                location: Location::new(0, 0),
            });
        }
    }
    let start = match &parsed.start {
        None => PositionId(0),
        Some(s) => match names.find(s) {
            Some(id) => PositionId(id),
            None => {
                return Err(
                    loc.invalid(spots.start.unwrap_or(0), format!("unknown start position `{s}`"))
                );
            }
        },
    };
    // Locations of definitions and tag lists, in one forward pass.
    let mut spots_in_order: Vec<(usize, usize)> = (0..parsed.positions.len())
        .map(|i| (name_at(i) + 1, i))
        .chain(tags.iter().enumerate().map(|(k, t)| {
            (spots.tag_lists.get(t.position.index()).copied().unwrap_or(0), usize::MAX - k)
        }))
        .collect();
    spots_in_order.sort_unstable();
    let mut cursor = LineCursor { text, pos: 0, line: 1, column: 1 };
    let mut places = vec![(1, 1); parsed.positions.len()];
    for (offset, what) in spots_in_order {
        let (line, column) = cursor.advance(offset);
        if what < places.len() {
            places[what] = (line, column);
        } else {
            tags[usize::MAX - what].location = Location::new(line as usize, column as usize);
        }
    }
    Ok(GameGraph::from_parts(source_of(source), start, names, offsets, targets, places, tags))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    fn err(text: &str) -> String {
        parse_text(text, "g.txt").unwrap_err().to_string()
    }

    fn json_err(text: &str) -> String {
        parse_json(text, "g.json").unwrap_err().to_string()
    }

    #[test]
    fn reads_positions_moves_and_comments() {
        let g =
            parse_text("# tiny\nstart: a b  # two moves\n\na: end\nb: a end\nend:\n", "g").unwrap();
        assert_eq!(g.len(), 4);
        assert_eq!(g.move_count(), 5);
        assert_eq!(g.name(g.start()), "start");
        let b = g.find("b").unwrap();
        let moves: Vec<&str> = g.moves(b).iter().map(|&q| g.name(q)).collect();
        assert_eq!(moves, ["a", "end"]);
        assert_eq!(g.location(b).to_string(), "g:5:1");
        // ids follow definition order even with forward references
        let names: Vec<&str> = g.positions().map(|p| g.name(p)).collect();
        assert_eq!(names, ["start", "a", "b", "end"]);
    }

    #[test]
    fn keeps_tags_and_cycles() {
        let g = parse_text("a [L win]: b\nb []: a\nc  [ x ] :\n", "").unwrap();
        assert_eq!(g.tags_of(g.find("a").unwrap()), ["L", "win"]);
        assert!(g.tags_of(g.find("b").unwrap()).is_empty());
        assert_eq!(g.tags_of(g.find("c").unwrap()), ["x"]);
        assert_eq!(g.tags().len(), 3);
        assert_eq!(g.tags()[0].location, Location::new(1, 3));
        assert_eq!(
            g.reject_tags("onag graph").unwrap_err().to_string(),
            "1:3: tags are not used by `onag graph`"
        );
    }

    #[test]
    fn syntax_errors_are_located() {
        assert_eq!(err("a: b\n: c\n"), "g.txt:2:1: expected a position name, found ':'");
        assert_eq!(err("a b\n"), "g.txt:1:3: expected ':' after position name `a`, found 'b'");
        assert_eq!(
            err("a\n"),
            "g.txt:1:2: expected ':' after position name `a`, found the end of the line"
        );
        assert_eq!(err("a: b:\nb:\n"), "g.txt:1:5: expected a successor name, found ':'");
        assert_eq!(err("a [x: b\n"), "g.txt:1:5: unexpected ':' in tags");
        assert_eq!(err("a [x\n"), "g.txt:1:3: unclosed '[' (tags end with ']')");
        assert_eq!(err("é: ]\n"), "g.txt:1:4: expected a successor name, found ']'");
    }

    #[test]
    fn semantic_errors_are_located() {
        assert_eq!(
            err("a: b c\nb:\n"),
            "g.txt:1:6: unknown successor `c` (every position needs its own line)"
        );
        assert_eq!(err("a: b\nb:\n a:\n"), "g.txt:3:2: duplicate position name `a`");
        assert_eq!(err("a: b b\nb:\n"), "g.txt:1:6: move to `b` listed twice from `a`");
        assert_eq!(
            err(""),
            "g.txt:1:1: no positions: a game graph needs at least one line `name: moves`"
        );
        assert_eq!(
            err("# only\n\n"),
            "g.txt:3:1: no positions: a game graph needs at least one line `name: moves`"
        );
        assert_eq!(parse_text("", "").unwrap_err().kind(), ErrorKind::Syntax);
    }

    #[test]
    fn text_round_trips() {
        let text = "s: a b\na [L]: end\nb: a end\nend:\n";
        let g = parse_text(text, "").unwrap();
        assert_eq!(g.to_text(), text);
        assert!(parse_text(&g.to_text(), "").unwrap().same_graph(&g));
    }

    #[test]
    fn reads_json() {
        let text = r#"{"start": "b", "positions": [
            {"name": "a", "moves": []},
            {"name": "b", "moves": ["a", "c"], "tags": ["R"]},
            {"name": "c"}
        ]}"#;
        let g = parse_json(text, "g.json").unwrap();
        assert_eq!(g.name(g.start()), "b");
        assert_eq!(g.moves(g.find("b").unwrap()).len(), 2);
        assert_eq!(g.tags_of(g.find("b").unwrap()), ["R"]);
        assert_eq!(g.location(g.find("c").unwrap()).to_string(), "g.json:4:23");
        let back = parse_text(&g.to_text(), "").unwrap();
        assert!(back.same_graph(&g));
        assert_eq!(back.name(back.start()), "b");
    }

    #[test]
    fn json_errors_are_located() {
        assert_eq!(
            json_err("{\"positions\": [{\"name\": \"a\", \"moves\": [\"b\"]}]}"),
            "g.json:1:40: unknown successor `b` (every position needs its own entry)"
        );
        assert_eq!(
            json_err("{\"positions\": [{\"name\": \"a\"},\n {\"name\": \"a\"}]}"),
            "g.json:2:11: duplicate position name `a`"
        );
        assert_eq!(
            json_err("{\"positions\": []}"),
            "g.json:1:1: no positions: \"positions\" is an empty list"
        );
        assert!(json_err("{\"positions\": [}").starts_with("g.json:1:16: invalid JSON game graph"));
        assert!(json_err("{\"nodes\": []}").contains("unknown field `nodes`"));
        assert_eq!(
            json_err("{\"start\": \"z\", \"positions\": [{\"name\": \"a\"}]}"),
            "g.json:1:11: unknown start position `z`"
        );
        assert!(
            json_err("{\"positions\": [{\"name\": \"a b\"}]}").contains("invalid position name")
        );
    }
}
