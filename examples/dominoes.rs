//! A user's own grid game on `onag::ruleset::board::Board`: Domineering
//! (Left places vertical dominoes, Right horizontal ones), with regions
//! and symmetries, in the lines the README shows.
//!
//! Run: `cargo run -p onag --release --example dominoes -- '....|....|....'`
//! prints the board's canonical form and outcome class.

use onag::game::Arena;
use onag::ruleset::board::{Adjacency, Board, Effect, Symmetries};
use onag::ruleset::{PartizanPosition, Player, Solver};

/// A board whose one plane holds the empty cells.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dominoes(pub Board<1>);

impl PartizanPosition for Dominoes {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let empty = self.0.plane(0);
        // Cells whose neighbour below (Left) or to the right (Right) is empty.
        let pairs = match player {
            Player::Left => empty & self.0.north(empty),
            Player::Right => empty & self.0.west(empty),
        };
        for cell in (0..64).filter(|&i| pairs >> i & 1 == 1).map(|i| 1u64 << i) {
            let other = match player {
                Player::Left => self.0.south(cell),
                Player::Right => self.0.east(cell),
            };
            out.push(Dominoes(self.0.with_plane(0, empty & !cell & !other)));
        }
    }

    /// The regions a domino cannot bridge, each on a board of its own.
    fn regions(&self, out: &mut Vec<Self>) {
        let board = &self.0;
        board.for_each_component(board.plane(0), Adjacency::Orthogonal, |part| {
            out.push(Dominoes(board.restrict(part)));
        });
    }

    /// Mirror images have the same value; a quarter turn swaps the players.
    fn normalize(&self) -> (Self, bool) {
        let symmetries = Symmetries {
            reflection: Effect::Same,
            quarter_turn: Effect::Negates,
            colour_swap: Effect::None,
        };
        let (board, negated) = self.0.normal_form(symmetries);
        (Dominoes(board), negated)
    }
}

fn main() -> onag::Result<()> {
    let text = std::env::args().nth(1).unwrap_or_else(|| "....|....|....".into());
    let board = Board::<1>::parse(&text, |c| match c {
        '.' => Some([true]),
        '#' => Some([false]),
        _ => None,
    })?;
    let mut arena = Arena::new();
    let value = Solver::new().value(&mut arena, &Dominoes(board))?;
    println!("{} {}", arena.print(value)?, arena.outcome(value)?);
    Ok(())
}
