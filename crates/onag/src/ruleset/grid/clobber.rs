//! GenClobber, CGSuite's schema of games where a stone moves onto another
//! cell, and its named instances: Clobber, AntiClobber, HotClobber, Kings,
//! Knights, Rooks and Queens, and MCGS's Cannibal Clobber (HotClobber's
//! rules under MCGS's name).
//!
//! A position is two bit planes (`x` Left's stones, `o` Right's) and the
//! rules it is played by ([`ClobberRules`]: directions, the cells each player
//! may move onto, what a stone leaves behind, how far it may travel), so that
//! positions of different rules never share a table entry.
//!
//! Why the engine may split and turn these boards:
//!
//! - When neither player may move onto an empty cell (every instance but
//!   AntiClobber), a stone only ever lands where a stone stood, so the set of
//!   occupied cells never grows. Call two cells linked when one lies within
//!   `maxDistance` steps of the other along a direction; a move joins two
//!   linked cells and only passes cells linked to its origin, so the linked
//!   groups of stones are independent regions, each on its own bounding box
//!   (empty cells separate regions in Clobber, rows and columns in Rooks).
//!   With unlimited distance along rows and columns only (Rooks), a region
//!   also keeps its value when its empty rows and columns are deleted.
//! - When a player may move onto empty cells (AntiClobber), empty cells are
//!   where the game is played and nothing is split. CGSuite splits
//!   AntiClobber at empty cells all the same, which changes values:
//!   `AntiClobber("x.o")` is `*` by the rules (each player has one move, to a
//!   position with none) but `0` in CGSuite. onag gives the value the rules
//!   define.
//! - The four direction lists are each invariant under the eight rotations
//!   and reflections of the board, which therefore keep the value; exchanging
//!   the colours negates it when the rules treat both players alike (every
//!   named instance does).
//! - A region where neither player has a move is 0 and is left out.

use std::fmt;

use crate::error::{Error, Location, Result};
use crate::ruleset::any::{Notation, boxed};
use crate::ruleset::board::{Board, Effect, Symmetries};
use crate::ruleset::catalog::{Arg, ArgKind, Family, Param, Params, Ruleset};
use crate::ruleset::position::{PartizanPosition, Player};

use super::lines::{self, COMPASS, DIAGONAL, Frame, KNIGHTS_MOVE, ORTHOGONAL};

/// The directions a stone may move in: CGSuite's `Coordinates` lists.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Directions {
    /// `Coordinates.Orthogonal`: north, east, south, west.
    Orthogonal,
    /// `Coordinates.Diagonal`: north-east, south-east, south-west, north-west.
    Diagonal,
    /// `Coordinates.Compass`: all eight, clockwise from north.
    Compass,
    /// `Coordinates.KnightsMove`: the eight knight's moves.
    KnightsMove,
}

impl Directions {
    /// The `(row, column)` steps in CGSuite's order.
    pub fn steps(self) -> &'static [(i32, i32)] {
        match self {
            Directions::Orthogonal => ORTHOGONAL,
            Directions::Diagonal => DIAGONAL,
            Directions::Compass => COMPASS,
            Directions::KnightsMove => KNIGHTS_MOVE,
        }
    }

    /// The name of the list: `Orthogonal`.
    pub fn name(self) -> &'static str {
        match self {
            Directions::Orthogonal => "Orthogonal",
            Directions::Diagonal => "Diagonal",
            Directions::Compass => "Compass",
            Directions::KnightsMove => "KnightsMove",
        }
    }

    /// Reads a list by name (`diagonal`, `Coordinates.Diagonal`, any case;
    /// `knights` for `KnightsMove`), or as CGSuite's list of coordinates in
    /// CGSuite's order.
    pub fn from_arg(arg: &Arg) -> Result<Self> {
        const ALL: [Directions; 4] = [
            Directions::Orthogonal,
            Directions::Diagonal,
            Directions::Compass,
            Directions::KnightsMove,
        ];
        let found = match arg {
            Arg::Str(s) => {
                let name = s.trim();
                let name = name.strip_prefix("Coordinates.").unwrap_or(name);
                let name = if name.eq_ignore_ascii_case("knights") { "KnightsMove" } else { name };
                ALL.into_iter().find(|d| d.name().eq_ignore_ascii_case(name))
            }
            Arg::List(items) => {
                let steps: Option<Vec<(i32, i32)>> = items
                    .iter()
                    .map(|a| {
                        a.as_pair("a direction", -2..=2).ok().map(|(r, c)| (r as i32, c as i32))
                    })
                    .collect();
                steps.and_then(|s| ALL.into_iter().find(|d| d.steps() == s.as_slice()))
            }
            _ => None,
        };
        found.ok_or_else(|| {
            Error::invalid(format!(
                "directions must be Orthogonal, Diagonal, Compass or KnightsMove, not {arg}"
            ))
        })
    }
}

/// What a cell holds: 0 empty, 1 a Left stone (`x`), 2 a Right stone (`o`),
/// as CGSuite numbers them.
const CELL_CHARS: [char; 3] = ['.', 'x', 'o'];

/// The rules a GenClobber position is played by.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ClobberRules {
    directions: Directions,
    /// For Left and Right, the cells they may move onto: bit `v` for cell
    /// value `v`.
    clobbered: [u8; 2],
    /// For Left and Right, the cell value left on the cell a stone leaves.
    left_behind: [u8; 2],
    /// How far a stone may travel; 0 for no limit.
    max_distance: u8,
}

impl ClobberRules {
    /// Clobber: a stone moves onto an orthogonally adjacent enemy stone.
    pub const CLOBBER: ClobberRules = ClobberRules {
        directions: Directions::Orthogonal,
        clobbered: [1 << 2, 1 << 1],
        left_behind: [0, 0],
        max_distance: 1,
    };
    /// AntiClobber: a stone moves onto an adjacent empty cell and leaves an
    /// enemy stone behind.
    pub const ANTI_CLOBBER: ClobberRules =
        ClobberRules { clobbered: [1, 1], left_behind: [2, 1], ..Self::CLOBBER };
    /// HotClobber: a stone captures an adjacent stone of either colour.
    pub const HOT_CLOBBER: ClobberRules =
        ClobberRules { clobbered: [0b110, 0b110], ..Self::CLOBBER };
    /// Kings: Clobber in all eight directions.
    pub const KINGS: ClobberRules =
        ClobberRules { directions: Directions::Compass, ..Self::CLOBBER };
    /// Knights: Clobber by knight's moves.
    pub const KNIGHTS: ClobberRules =
        ClobberRules { directions: Directions::KnightsMove, ..Self::CLOBBER };
    /// Rooks: a stone slides along its row or column onto the first stone it
    /// meets, which must be an enemy.
    pub const ROOKS: ClobberRules = ClobberRules { max_distance: 0, ..Self::CLOBBER };
    /// Queens: Rooks in all eight directions.
    pub const QUEENS: ClobberRules =
        ClobberRules { directions: Directions::Compass, max_distance: 0, ..Self::CLOBBER };

    /// Rules from their parts: `clobbered[p]` lists the cell values (0
    /// empty, 1 `x`, 2 `o`) player `p` (Left first) may move onto,
    /// `left_behind[p]` what its stone leaves, `max_distance` how far a
    /// stone may travel (`None`: no limit).
    pub fn new(
        directions: Directions,
        clobbered: [&[u8]; 2],
        left_behind: [u8; 2],
        max_distance: Option<u64>,
    ) -> Result<Self> {
        let mut sets = [0u8; 2];
        for (set, values) in sets.iter_mut().zip(clobbered) {
            for &v in values {
                if v > 2 {
                    return Err(Error::invalid(format!(
                        "a clobbered cell is 0 (empty), 1 (x) or 2 (o), not {v}"
                    )));
                }
                *set |= 1 << v;
            }
        }
        if let Some(&v) = left_behind.iter().find(|&&v| v > 2) {
            return Err(Error::invalid(format!(
                "a stone leaves behind 0 (empty), 1 (x) or 2 (o), not {v}"
            )));
        }
        let max_distance = match max_distance {
            Some(0) => return Err(Error::invalid("maxDistance must be at least 1")),
            // No line of a 64-cell board is longer than 64 cells.
            Some(n) if n < 64 => n as u8,
            _ => 0,
        };
        Ok(ClobberRules { directions, clobbered: sets, left_behind, max_distance })
    }

    /// The rules of GenClobber's parameters.
    pub fn from_params(params: &Params) -> Result<Self> {
        let directions = params.read("directions", Directions::from_arg)?;
        let clobbered = params.read("clobbered", |a| player_map(a, "clobbered", true))?;
        let left_behind = params.read("leftBehind", |a| player_map(a, "leftBehind", false))?;
        let max_distance = params.read("maxDistance", max_distance)?;
        let sets = [clobbered[0].as_slice(), clobbered[1].as_slice()];
        ClobberRules::new(directions, sets, [left_behind[0][0], left_behind[1][0]], max_distance)
    }

    /// The directions.
    pub fn directions(&self) -> Directions {
        self.directions
    }

    /// How far a stone may travel; `None` for no limit.
    pub fn max_distance(&self) -> Option<u32> {
        (self.max_distance != 0).then_some(self.max_distance as u32)
    }

    /// Whether some player may move onto an empty cell (then empty cells
    /// do not separate regions).
    fn onto_empty(&self) -> bool {
        (self.clobbered[0] | self.clobbered[1]) & 1 != 0
    }

    /// Whether exchanging the colours exchanges the players' rules.
    fn colour_symmetric(&self) -> bool {
        let swap = |v: u8| [0, 2, 1][v as usize];
        let swap_set = |s: u8| (s & 1) | ((s >> 1) & 1) << 2 | ((s >> 2) & 1) << 1;
        swap_set(self.clobbered[0]) == self.clobbered[1]
            && swap(self.left_behind[0]) == self.left_behind[1]
    }

    /// The board's symmetries under these rules.
    fn symmetries(&self) -> Symmetries {
        Symmetries {
            reflection: Effect::Same,
            quarter_turn: Effect::Same,
            colour_swap: if self.colour_symmetric() { Effect::Negates } else { Effect::None },
        }
    }
}

fn is_infinity(s: &str) -> bool {
    matches!(s.trim().to_ascii_lowercase().as_str(), "inf" | "infinity")
}

/// Reads a map from the players to cell values: CGSuite's
/// `{Left => {2}, Right => {1}}` (or `{Left => 0, Right => 0}`), the short
/// form `o/x` (Left's cells, then Right's, as board characters or digits),
/// or a list `[[2],[1]]`. With `sets` false each player has one value.
fn player_map(arg: &Arg, what: &str, sets: bool) -> Result<[Vec<u8>; 2]> {
    let map = match arg {
        Arg::Str(text) => parse_player_map(text, what)?,
        Arg::List(items) if items.len() == 2 => {
            let side = |a: &Arg| -> Result<Vec<u8>> {
                match a {
                    Arg::Int(_) => Ok(vec![a.as_int(what, 0..=2)? as u8]),
                    Arg::List(_) => {
                        Ok(a.as_int_list(what, 0..=2)?.into_iter().map(|v| v as u8).collect())
                    }
                    other => Err(Error::invalid(format!("{what}: {other} is not a cell value"))),
                }
            };
            [side(&items[0])?, side(&items[1])?]
        }
        other => {
            return Err(Error::invalid(format!(
                "{what} must be written like {} or {}, not {other}",
                if sets { "{Left => {2}, Right => {1}}" } else { "{Left => 0, Right => 0}" },
                if sets { "o/x" } else { "./." },
            )));
        }
    };
    if !sets && map.iter().any(|v| v.len() != 1) {
        return Err(Error::invalid(format!("{what} gives each player one cell value")));
    }
    Ok(map)
}

/// A cell value written as a digit or a board character.
fn cell_value(c: char) -> Option<u8> {
    match c.to_ascii_lowercase() {
        '0' | '.' => Some(0),
        '1' | 'x' => Some(1),
        '2' | 'o' => Some(2),
        _ => None,
    }
}

/// Reads `{Left => {1,2}, Right => 0}` or `xo/.`.
fn parse_player_map(text: &str, what: &str) -> Result<[Vec<u8>; 2]> {
    let err = |offset: usize, message: String| {
        Error::syntax(Location::of_offset(text, offset), format!("{what}: {message}"))
    };
    if !text.trim_start().starts_with('{') {
        // The short form: Left's cells '/' Right's cells.
        let Some((left, right)) = text.split_once('/') else {
            return Err(err(
                0,
                "expected {Left => .., Right => ..} or Left's/Right's cells".into(),
            ));
        };
        let mut out = [Vec::new(), Vec::new()];
        for (side, (part, start)) in out.iter_mut().zip([(left, 0), (right, left.len() + 1)]) {
            for (i, c) in part.char_indices() {
                if c == ',' || c.is_whitespace() {
                    continue;
                }
                let Some(v) = cell_value(c) else {
                    return Err(err(
                        start + i,
                        format!("unexpected '{c}': cells are . x o or 0 1 2"),
                    ));
                };
                side.push(v);
            }
        }
        return Ok(out);
    }
    let mut lexer = Lexer { text, pos: 0 };
    lexer.expect('{').map_err(|o| err(o, "expected '{'".into()))?;
    let mut out: [Option<Vec<u8>>; 2] = [None, None];
    loop {
        let start = lexer.skip();
        let name = lexer.word();
        let player = match name {
            "Left" => 0,
            "Right" => 1,
            _ => return Err(err(start, "expected Left or Right".into())),
        };
        if out[player].is_some() {
            return Err(err(start, format!("{name} is given twice")));
        }
        let at = lexer.skip();
        if !lexer.text[at..].starts_with("=>") {
            return Err(err(at, "expected '=>'".into()));
        }
        lexer.pos = at + 2;
        let at = lexer.skip();
        lexer.pos = at;
        let mut values = Vec::new();
        if lexer.peek() == Some('{') {
            lexer.pos += 1;
            if lexer.peek_skip() == Some('}') {
                lexer.pos = lexer.skip() + 1;
            } else {
                loop {
                    values.push(lexer.digit().map_err(|o| err(o, "expected 0, 1 or 2".into()))?);
                    match lexer.peek_skip() {
                        Some(',') => lexer.pos = lexer.skip() + 1,
                        Some('}') => {
                            lexer.pos = lexer.skip() + 1;
                            break;
                        }
                        _ => return Err(err(lexer.skip(), "expected ',' or '}'".into())),
                    }
                }
            }
        } else {
            values.push(lexer.digit().map_err(|_| err(at, "expected 0, 1, 2 or a set".into()))?);
        }
        out[player] = Some(values);
        match lexer.peek_skip() {
            Some(',') => lexer.pos = lexer.skip() + 1,
            Some('}') => {
                lexer.pos = lexer.skip() + 1;
                break;
            }
            _ => return Err(err(lexer.skip(), "expected ',' or '}'".into())),
        }
    }
    let end = lexer.skip();
    if end < text.len() {
        return Err(err(end, "unexpected text after '}'".into()));
    }
    match out {
        [Some(l), Some(r)] => Ok([l, r]),
        [None, _] => Err(err(text.len(), "Left is missing".into())),
        [_, None] => Err(err(text.len(), "Right is missing".into())),
    }
}

/// A cursor over a player map's text.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

impl Lexer<'_> {
    /// The offset of the next character that is not white space.
    fn skip(&self) -> usize {
        let rest = &self.text[self.pos..];
        self.pos + (rest.len() - rest.trim_start().len())
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn peek_skip(&self) -> Option<char> {
        self.text[self.skip()..].chars().next()
    }

    fn expect(&mut self, c: char) -> std::result::Result<(), usize> {
        let at = self.skip();
        if self.text[at..].starts_with(c) {
            self.pos = at + c.len_utf8();
            Ok(())
        } else {
            Err(at)
        }
    }

    fn word(&mut self) -> &str {
        let at = self.skip();
        let rest = &self.text[at..];
        let n = rest.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(rest.len());
        self.pos = at + n;
        &self.text[at..at + n]
    }

    fn digit(&mut self) -> std::result::Result<u8, usize> {
        let at = self.skip();
        match self.text[at..].chars().next() {
            Some(c @ '0'..='2') => {
                self.pos = at + 1;
                let v = c as u8 - b'0';
                if self.text[self.pos..].starts_with(|c: char| c.is_ascii_digit()) {
                    Err(self.pos)
                } else {
                    Ok(v)
                }
            }
            _ => Err(at),
        }
    }
}

/// A position of GenClobber: stones on a board and the rules they move by.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GenClobber {
    board: Board<2>,
    rules: ClobberRules,
}

impl GenClobber {
    /// Reads a board of `.` (empty), `x` (Left) and `o` (Right), rows
    /// separated by `|`, to be played by `rules`.
    pub fn parse(rules: ClobberRules, text: &str) -> Result<Self> {
        let board = lines::parse_board(text, "a Clobber board", |c| match c {
            '.' => Some([false, false]),
            'x' => Some([true, false]),
            'o' => Some([false, true]),
            _ => None,
        })?;
        Ok(GenClobber { board, rules })
    }

    /// The board: plane 0 Left's stones, plane 1 Right's.
    pub fn board(&self) -> &Board<2> {
        &self.board
    }

    /// The rules.
    pub fn rules(&self) -> &ClobberRules {
        &self.rules
    }

    /// The value of a cell (0 empty, 1 `x`, 2 `o`).
    fn cell(&self, i: usize) -> u8 {
        let b = 1u64 << i;
        if self.board.plane(0) & b != 0 {
            1
        } else if self.board.plane(1) & b != 0 {
            2
        } else {
            0
        }
    }

    /// Calls `f(origin, target)` for each move of `player` in CGSuite's
    /// order (stones row by row, then directions in list order) until it
    /// returns false.
    fn each_move(&self, player: Player, mut f: impl FnMut(usize, usize) -> bool) {
        let p = player as usize;
        let clob = self.rules.clobbered[p];
        let frame = Frame::of(&self.board);
        let max = self.rules.max_distance as i32;
        let mut stones = self.board.plane(p);
        while stones != 0 {
            let origin = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            for &d in self.rules.directions.steps() {
                let mut n = 1;
                let target = loop {
                    let Some(t) = frame.step(origin, d, n) else { break None };
                    if (max == 0 || n < max) && self.cell(t) == 0 {
                        n += 1;
                    } else {
                        break Some(t);
                    }
                };
                if let Some(t) = target {
                    if clob & (1 << self.cell(t)) != 0 && !f(origin, t) {
                        return;
                    }
                }
            }
        }
    }

    /// Whether `player` has a move.
    fn has_move(&self, player: Player) -> bool {
        let mut found = false;
        self.each_move(player, |_, _| {
            found = true;
            false
        });
        found
    }

    /// Every cell linked to a cell of `bits`: within `maxDistance` steps
    /// along a direction, either way.
    fn linked(&self, frame: &Frame, bits: u64) -> u64 {
        let longest = self.board.width().max(self.board.height()) as i32;
        let reach = match self.rules.max_distance {
            0 => longest,
            n => (n as i32).min(longest),
        };
        // Every direction list holds the opposite of each of its steps, so
        // stepping forward along each one covers both ways.
        let mut out = 0;
        for &(dr, dc) in self.rules.directions.steps() {
            for k in 1..=reach {
                out |= frame.shift(bits, (dr * k, dc * k));
            }
        }
        out
    }
}

impl fmt::Display for GenClobber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl Notation for GenClobber {
    fn notation(&self) -> String {
        self.board.write(|[x, o]| {
            CELL_CHARS[if x {
                1
            } else if o {
                2
            } else {
                0
            }]
        })
    }
}

impl PartizanPosition for GenClobber {
    /// Clobber's regions are all-small games whose canonical forms grow
    /// fast: on the 4×5 checkerboard an outcome search valuing regions of
    /// up to 6 options takes 3.1 s, of up to 10 options 4.4 s, of up to 24
    /// options 28 s (and none, 2.7 s).
    const VALUED_REGION_MOVES: usize = 6;

    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let p = player as usize;
        let behind = self.rules.left_behind[p];
        self.each_move(player, |origin, target| {
            let (o, t) = (1u64 << origin, 1u64 << target);
            let mut planes = self.board.planes().map(|plane| plane & !(o | t));
            if behind != 0 {
                planes[behind as usize - 1] |= o;
            }
            planes[p] |= t;
            let board = self.board.with_plane(0, planes[0]).with_plane(1, planes[1]);
            out.push(GenClobber { board, ..*self });
            true
        });
    }

    fn regions(&self, out: &mut Vec<Self>) {
        let alive = |g: &GenClobber| g.has_move(Player::Left) || g.has_move(Player::Right);
        if self.rules.onto_empty() {
            if alive(self) {
                out.push(*self);
            }
            return;
        }
        let frame = Frame::of(&self.board);
        let stones = self.board.plane(0) | self.board.plane(1);
        let squeeze =
            self.rules.directions == Directions::Orthogonal && self.rules.max_distance == 0;
        for part in lines::components(stones, |bits| self.linked(&frame, bits)) {
            let mut board = self.board.restrict(part);
            if squeeze {
                board = lines::squeeze(&board, board.plane(0) | board.plane(1));
            }
            let region = GenClobber { board, ..*self };
            if alive(&region) {
                out.push(region);
            }
        }
    }

    fn normalize(&self) -> (Self, bool) {
        let (board, negated) = self.board.normal_form(self.rules.symmetries());
        (GenClobber { board, ..*self }, negated)
    }
}

const GEN_CLOBBER_PARAMS: &[Param] = &[
    Param {
        name: "directions",
        kind: ArgKind::Text,
        default: Some("Orthogonal"),
        example: "Orthogonal",
        about: "the directions stones move in: Orthogonal, Diagonal, Compass or KnightsMove",
    },
    Param {
        name: "clobbered",
        kind: ArgKind::Text,
        default: Some("{Left => {2}, Right => {1}}"),
        example: "{Left => {2}, Right => {1}}",
        about: "the cells each player may move onto (0 empty, 1 x, 2 o); short form o/x",
    },
    Param {
        name: "leftBehind",
        kind: ArgKind::Text,
        default: Some("{Left => 0, Right => 0}"),
        example: "{Left => 0, Right => 0}",
        about: "what a moving stone leaves on its cell (0 empty, 1 x, 2 o); short form ./.",
    },
    Param {
        name: "maxDistance",
        kind: ArgKind::Text,
        default: Some("1"),
        example: "1",
        about: "how far a stone may travel over empty cells: a positive integer or inf",
    },
];

const OUTPUT: &str = "GenClobber.Position(\"{}\")";

fn board_arg<'a>(arg: &'a Arg, ruleset: &Ruleset) -> Result<&'a str> {
    arg.as_str(&format!("a {} board", ruleset.name))
}

/// `game.grid.GenClobber(directions, clobbered, leftBehind, maxDistance)`.
pub static GEN_CLOBBER: Ruleset = Ruleset {
    name: "GenClobber",
    family: Family::Grid,
    about: "stones ('x' Left, 'o' Right) move onto cells the rules allow, in the given directions",
    params: GEN_CLOBBER_PARAMS,
    argument: ArgKind::Text,
    example: "xoxo|oox.|xxx.",
    output: OUTPUT,
    impartial: false,
    rectangle: Some(checkerboard),
    build: |r, p, a| {
        Ok(boxed(r, p, GenClobber::parse(ClobberRules::from_params(p)?, board_arg(a, r)?)?))
    },
};

/// The starting position on `rows` × `columns` cells: a checkerboard with
/// Left's stone in the top left corner.
fn checkerboard(rows: usize, columns: usize) -> String {
    let row = |r: usize| (0..columns).map(|c| if (r + c) % 2 == 0 { 'x' } else { 'o' }).collect();
    (0..rows).map(row).collect::<Vec<String>>().join("|")
}

macro_rules! instance {
    ($(#[$doc:meta])* $name:ident, $cgsuite:literal, $rules:expr, $about:literal, $example:literal, $rectangle:expr) => {
        $(#[$doc])*
        pub static $name: Ruleset = Ruleset {
            name: $cgsuite,
            family: Family::Grid,
            about: $about,
            params: &[],
            argument: ArgKind::Text,
            example: $example,
            output: OUTPUT,
            impartial: false,
            rectangle: $rectangle,
            build: |r, p, a| Ok(boxed(r, p, GenClobber::parse($rules, board_arg(a, r)?)?)),
        };
    };
}

instance!(
    /// `game.grid.Clobber`.
    CLOBBER,
    "Clobber",
    ClobberRules::CLOBBER,
    "a stone ('x' Left, 'o' Right) captures an orthogonally adjacent enemy stone",
    "xoxo|oxox|xoxo",
    Some(checkerboard)
);
instance!(
    /// `game.grid.AntiClobber`. Values follow the rules where CGSuite's
    /// differ: CGSuite splits AntiClobber boards at empty cells (so
    /// `AntiClobber("x.o")` is 0 there), but stones move into empty cells,
    /// and onag does not split (`x.o` is `*`).
    ANTI_CLOBBER,
    "AntiClobber",
    ClobberRules::ANTI_CLOBBER,
    "a stone ('x' Left, 'o' Right) moves onto an adjacent empty cell and leaves an enemy stone",
    "xoxo|oo..",
    None
);
instance!(
    /// `game.grid.HotClobber`.
    HOT_CLOBBER,
    "HotClobber",
    ClobberRules::HOT_CLOBBER,
    "a stone ('x' Left, 'o' Right) captures an orthogonally adjacent stone of either colour",
    "xox|ox.",
    Some(checkerboard)
);
instance!(
    /// `game.grid.CannibalClobber`: MCGS's Cannibal Clobber, in which a
    /// stone captures an orthogonally adjacent stone of either colour, its
    /// own included. CGSuite has no ruleset of this name; the rules are
    /// HotClobber's, so positions print as GenClobber's, as HotClobber's do.
    CANNIBAL_CLOBBER,
    "CannibalClobber",
    ClobberRules::HOT_CLOBBER,
    "a stone ('x' Left, 'o' Right) captures an orthogonally adjacent stone, its own colour's or the enemy's",
    "xox|oxx|oo.",
    Some(checkerboard)
);
instance!(
    /// `game.grid.Kings`.
    KINGS,
    "Kings",
    ClobberRules::KINGS,
    "Clobber in eight directions: a stone captures an enemy stone next to it",
    "xox|ox.",
    Some(checkerboard)
);
instance!(
    /// `game.grid.Knights`.
    KNIGHTS,
    "Knights",
    ClobberRules::KNIGHTS,
    "Clobber by knight's moves: a stone captures an enemy stone a knight's move away",
    "xox|ox.",
    Some(checkerboard)
);
instance!(
    /// `game.grid.Rooks`.
    ROOKS,
    "Rooks",
    ClobberRules::ROOKS,
    "a stone slides along its row or column onto the first stone it meets, an enemy",
    "xox|ox.",
    Some(checkerboard)
);
instance!(
    /// `game.grid.Queens`.
    QUEENS,
    "Queens",
    ClobberRules::QUEENS,
    "a stone slides in eight directions onto the first stone it meets, an enemy",
    "xox|ox.",
    Some(checkerboard)
);

/// The value of GenClobber's `maxDistance`: `None` for no limit (`inf`, or
/// a number past 2^64).
fn max_distance(arg: &Arg) -> Result<Option<u64>> {
    Ok(match arg {
        arg @ Arg::Int(_) => Some(arg.as_int("maxDistance", 1..=i64::MAX)? as u64),
        Arg::Str(s) if is_infinity(s) => None,
        Arg::Str(s) => {
            let digits = s.trim();
            match digits.parse::<u64>() {
                Ok(n) if n >= 1 => Some(n),
                // Past 2^64 is as good as no limit on any board.
                Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => None,
                _ => {
                    return Err(Error::invalid(format!(
                        "maxDistance must be a positive integer or inf, not {s}"
                    )));
                }
            }
        }
        other => {
            return Err(Error::invalid(format!(
                "maxDistance must be a positive integer or inf, not {other}"
            )));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_maps_in_both_forms() {
        let read = |t: &str| parse_player_map(t, "clobbered");
        assert_eq!(read("{Left => {2}, Right => {1}}").unwrap(), [vec![2], vec![1]]);
        assert_eq!(read("{Right=>{1,2},Left=>{}}").unwrap(), [vec![], vec![1, 2]]);
        assert_eq!(read("{Left => 0, Right => 0}").unwrap(), [vec![0], vec![0]]);
        assert_eq!(read("xo/X,O").unwrap(), [vec![1, 2], vec![1, 2]]);
        assert_eq!(read("./.").unwrap(), [vec![0], vec![0]]);
        let err = |t: &str| read(t).unwrap_err().to_string();
        assert!(
            err("{Left => {3}, Right => {1}}").contains("1:11"),
            "{}",
            err("{Left => {3}, Right => {1}}")
        );
        assert!(err("{Left => {2}}").contains("Right is missing"));
        assert!(err("{Left => {2}, Left => {1}}").contains("given twice"));
        assert!(err("{Up => {2}}").contains("expected Left or Right"));
        assert!(err("{Left => {2}, Right => {1}} x").contains("after '}'"));
        assert!(err("{Left => {2, Right => {1}}").contains("expected 0, 1 or 2"));
        assert!(err("o").contains("expected"));
        assert!(err("o/q").contains("1:3"));
    }

    #[test]
    fn direction_lists_hold_the_opposite_of_each_step() {
        for d in [
            Directions::Orthogonal,
            Directions::Diagonal,
            Directions::Compass,
            Directions::KnightsMove,
        ] {
            for &(r, c) in d.steps() {
                assert!(d.steps().contains(&(-r, -c)), "{d:?}");
            }
        }
    }

    #[test]
    fn named_rules_are_colour_symmetric() {
        for rules in [
            ClobberRules::CLOBBER,
            ClobberRules::ANTI_CLOBBER,
            ClobberRules::HOT_CLOBBER,
            ClobberRules::KINGS,
            ClobberRules::KNIGHTS,
            ClobberRules::ROOKS,
            ClobberRules::QUEENS,
        ] {
            assert!(rules.colour_symmetric(), "{rules:?}");
        }
        let one_sided = ClobberRules::new(Directions::Orthogonal, [&[2], &[]], [0, 0], Some(1));
        assert!(!one_sided.unwrap().colour_symmetric());
    }
}
