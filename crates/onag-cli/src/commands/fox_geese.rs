//! Fox and Geese positions for `onag loopy --fox-and-geese`: reading
//! `GEESE;FOX` (squares written `(row,col)`), the moves of a position with
//! their values, and the table of values by fox square.

use anyhow::{anyhow, bail};
use onag::Budget;
use onag::loopy::partizan::fox_geese::{FoxAndGeese, Position, Square};
use onag::loopy::partizan::position::LoopyPosition;
use onag::loopy::partizan::{LoopyGame, SidedValue};

/// A Fox and Geese input: the geese, and the fox when one is given.
pub struct Input {
    /// The geese's squares.
    pub geese: Vec<Square>,
    /// The fox's square (`None`: the table of every fox square).
    pub fox: Option<Square>,
}

/// The squares `(r,c)` written in `text`, in order.
fn squares(text: &str, what: &str) -> anyhow::Result<Vec<Square>> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        rest = rest.trim_start_matches([',', ' ', '[', ']']);
        if rest.is_empty() {
            break;
        }
        let Some(inner) = rest.strip_prefix('(') else {
            bail!("{what}: expected a square written (row,col) at '{rest}'");
        };
        let Some(close) = inner.find(')') else {
            bail!("{what}: a square '({inner}' has no closing ')'");
        };
        let pair = &inner[..close];
        let number = |s: &str| -> anyhow::Result<u32> {
            s.trim()
                .parse::<u32>()
                .map_err(|_| anyhow!("{what}: '{s}' in ({pair}) is not a row or column number"))
        };
        let Some((r, c)) = pair.split_once(',') else {
            bail!("{what}: '({pair})' is not a square (row,col)");
        };
        out.push((number(r)?, number(c)?));
        rest = &inner[close + 1..];
    }
    Ok(out)
}

/// Reads `GEESE;FOX` or `GEESE` (`(1,1),(1,3),(1,5),(1,7);(8,4)`).
pub fn parse(text: &str) -> anyhow::Result<Input> {
    let (geese_text, fox_text) = match text.split_once(';') {
        Some((g, f)) => (g, Some(f)),
        None => (text, None),
    };
    let geese = squares(geese_text, "the geese")?;
    if geese.is_empty() {
        bail!("Fox and Geese needs at least one goose, written (row,col)");
    }
    let fox = match fox_text {
        None => None,
        Some(f) => match squares(f, "the fox")?.as_slice() {
            [one] => Some(*one),
            _ => bail!("the fox is one square (row,col) after ';'"),
        },
    };
    Ok(Input { geese, fox })
}

/// A move of a position: its description and the value after it.
pub struct Move {
    /// `goose (8,2)->(7,1)` or `fox (1,5)->(2,4)`.
    pub name: String,
    /// The value of the position after the move.
    pub value: SidedValue,
}

/// The value of a position, and each player's moves with their values.
pub struct Valued {
    /// The position's value.
    pub value: SidedValue,
    /// Left's (the geese's) moves, then Right's (the fox's).
    pub moves: [Vec<Move>; 2],
}

fn value_of(solver: &mut FoxAndGeese, p: &Position, budget: &Budget) -> anyhow::Result<LoopyGame> {
    Ok(match p {
        Position::Escaped => LoopyGame::off(),
        Position::Board { geese, fox, .. } => solver.value(geese, *fox, budget)?,
    })
}

fn describe(from: &Position, to: &Position, left: bool) -> String {
    let Position::Board { geese, fox, .. } = from else { return "pass".to_string() };
    let show = |s: &Square| format!("({},{})", s.0, s.1);
    match to {
        Position::Board { geese: after, fox: to_fox, .. } => {
            if left {
                let gone = geese.iter().find(|g| !after.contains(g));
                let new = after.iter().find(|g| !geese.contains(g));
                match (gone, new) {
                    (Some(a), Some(b)) => format!("goose {}->{}", show(a), show(b)),
                    _ => "goose".to_string(),
                }
            } else {
                format!("fox {}->{}", show(fox), show(to_fox))
            }
        }
        // The move left the fox free: name it by the square it leaves.
        Position::Escaped if left => "goose (the fox escapes)".to_string(),
        Position::Escaped => format!("fox {}->escapes", show(fox)),
    }
}

/// The value of the position `geese`, `fox` on a board `width` wide, and
/// each player's moves.
pub fn value(width: u32, geese: &[Square], fox: Square, budget: &Budget) -> anyhow::Result<Valued> {
    let start = Position::new(width, geese, fox)?;
    let mut solver = FoxAndGeese::new(width)?;
    let g = value_of(&mut solver, &start, budget)?;
    let value = SidedValue::of(&g, budget)?;
    let mut moves: [Vec<Move>; 2] = [Vec::new(), Vec::new()];
    for (i, left) in [(0, true), (1, false)] {
        let opts = if left { start.left_options() } else { start.right_options() };
        for p in opts {
            let g = value_of(&mut solver, &p, budget)?;
            moves[i].push(Move {
                name: describe(&start, &p, left),
                value: SidedValue::of(&g, budget)?,
            });
        }
    }
    Ok(Valued { value, moves })
}

/// The values with the fox on each square below the highest goose, rows
/// from the top; `None` on geese and unused squares.
pub fn table(
    width: u32,
    geese: &[Square],
    budget: &Budget,
) -> anyhow::Result<(Vec<Vec<Option<LoopyGame>>>, usize)> {
    let mut solver = FoxAndGeese::new(width)?;
    let rows = solver.values_table(geese, budget)?;
    Ok((rows, solver.placements()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_geese_and_fox() {
        let i = parse("(8,2),(8,4) (8,6),(8,8);(1,5)").unwrap();
        assert_eq!(i.geese, vec![(8, 2), (8, 4), (8, 6), (8, 8)]);
        assert_eq!(i.fox, Some((1, 5)));
        assert_eq!(parse("[(2,2)]").unwrap().fox, None);
    }

    #[test]
    fn bad_input_says_where() {
        for (text, want) in [
            ("", "at least one goose"),
            ("(1,x)", "'x' in (1,x)"),
            ("(1,1;(2,2)", "closing"),
            ("(1,1);(2,2),(3,3)", "one square"),
            ("1,1", "expected a square"),
        ] {
            let e = parse(text).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains(want), "{text}: {e}");
        }
    }
}
