//! Who wins a ruleset's empty (or starting) rectangle, by the outcome
//! search, with the nodes and time of each question:
//! `cargo run --release -p onag --example outcome_boards -- domineering 8 8`
//! (an optional fourth argument sets the size of the regions valued as
//! canonical forms, in options).

use onag::ruleset::catalog::{self, Arg};
use onag::ruleset::outcome::OutcomeSearch;
use onag::ruleset::outcome::domineering::{self, DomineeringBoard};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, rows, columns, rest @ ..] = &args[..] else {
        return Err("usage: outcome_boards RULESET ROWS COLUMNS [SMALL]".into());
    };
    let r = catalog::find(name).ok_or_else(|| catalog::unknown(name))?;
    let (rows, columns): (usize, usize) = (rows.parse()?, columns.parse()?);
    let mut search = OutcomeSearch::new();
    if let Some(small) = rest.first() {
        search = search.with_small_regions(small.parse()?);
    }
    if r.name == "Domineering" {
        // Boards of up to 128 cells, by the search made for Domineering.
        let board = DomineeringBoard::empty(rows, columns)?;
        let solution = domineering::solve(std::slice::from_ref(&board), &search)?;
        println!(
            "Domineering {rows}x{columns}: {}, {} nodes (Left first {}, Right first {}), {:.3} s",
            solution.outcome(),
            solution.nodes(),
            solution.left_first.nodes,
            solution.right_first.nodes,
            solution.elapsed.as_secs_f64()
        );
        for (who, first) in [("Left", &solution.left_first), ("Right", &solution.right_first)] {
            match &first.winning_move {
                Some(m) => println!("  {who} moving first wins, e.g. {}", m.position),
                None => println!("  {who} moving first loses"),
            }
        }
        return Ok(());
    }
    let text = r.rectangle_of(rows, columns)?;
    let board = r.position(&r.params(&[], &[])?, &Arg::Str(text.clone()))?;
    let solution = board.solve_outcome(std::slice::from_ref(&board), &search)?;
    println!(
        "{} {rows}x{columns} {text}: {}, {} nodes (Left first {}, Right first {}), {:.3} s",
        r.name,
        solution.outcome(),
        solution.nodes(),
        solution.left_first.nodes,
        solution.right_first.nodes,
        solution.elapsed.as_secs_f64()
    );
    for (who, first) in [("Left", &solution.left_first), ("Right", &solution.right_first)] {
        match &first.winning_move {
            Some(m) => println!("  {who} moving first wins, e.g. {}", m.position.notation()),
            None => println!("  {who} moving first loses"),
        }
    }
    Ok(())
}
