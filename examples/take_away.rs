//! A user's own partizan game through `PartizanPosition`: partizan take-away.
//!
//! Heaps of tokens; Left removes 1 or 2 tokens from one heap, Right 1 or 3
//! (the library's `PartizanSubtraction([1,2],[1,3])`). A position is the
//! list of heap sizes. Its `regions` are its heaps, so the solver values each
//! heap once and a position as the sum of its heaps' values; `options` is all
//! the rules need.
//!
//! Run: `cargo run -p onag --example take_away -- 12 1 1 3` prints the value
//! and outcome class of heaps 0..=12, then of the sum of heaps 1, 1 and 3
//! with a winning move for each player.

use onag::game::Arena;
use onag::ruleset::{PartizanPosition, Player, Solver};

/// What each player may remove from one heap.
pub fn takes(player: Player) -> &'static [u32] {
    match player {
        Player::Left => &[1, 2],
        Player::Right => &[1, 3],
    }
}

/// Heaps of tokens, in the order written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TakeAway(pub Vec<u32>);

impl PartizanPosition for TakeAway {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        for (i, &heap) in self.0.iter().enumerate() {
            for &t in takes(player).iter().filter(|&&t| t <= heap) {
                let mut next = self.0.clone();
                next[i] -= t;
                out.push(TakeAway(next));
            }
        }
    }

    fn regions(&self, out: &mut Vec<Self>) {
        out.extend(self.0.iter().filter(|&&h| h > 0).map(|&h| TakeAway(vec![h])));
    }

    fn heap_bytes(&self) -> usize {
        self.0.capacity() * std::mem::size_of::<u32>()
    }
}

/// A move that wins for `player` moving first: to an option Left wins
/// moving second (value ≥ 0), or for Right one of value ≤ 0.
pub fn winning_move(
    solver: &mut Solver<TakeAway>,
    arena: &mut Arena,
    position: &TakeAway,
    player: Player,
) -> onag::Result<Option<TakeAway>> {
    let zero = arena.zero();
    for (option, value) in solver.option_values(arena, position, player)? {
        let wins = match player {
            Player::Left => arena.geq(value, zero)?,
            Player::Right => arena.leq(value, zero)?,
        };
        if wins {
            return Ok(Some(option));
        }
    }
    Ok(None)
}

/// The lines `main` prints: heaps `0..=upto`, then the sum of `heaps`.
pub fn report(upto: u32, heaps: &[u32]) -> onag::Result<Vec<String>> {
    let (mut arena, mut solver) = (Arena::new(), Solver::new());
    let mut lines = Vec::new();
    for n in 0..=upto {
        let v = solver.value(&mut arena, &TakeAway(vec![n]))?;
        let (value, outcome) = (arena.print(v)?, arena.outcome(v)?);
        lines.push(format!("heap {n:>2}: {value}  ({outcome})"));
    }
    let all = TakeAway(heaps.to_vec());
    let v = solver.value(&mut arena, &all)?;
    lines.push(format!("heaps {heaps:?}: {}  ({})", arena.print(v)?, arena.outcome(v)?));
    for player in Player::BOTH {
        let line = match winning_move(&mut solver, &mut arena, &all, player)? {
            Some(TakeAway(heaps)) => format!("{player} moving first wins by moving to {heaps:?}"),
            None => format!("{player} moving first loses"),
        };
        lines.push(line);
    }
    Ok(lines)
}

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (upto, heaps) = match &args[..] {
        [] => (12, &[1, 1, 3][..]),
        [upto] => (*upto, &[1, 1, 3][..]),
        [upto, heaps @ ..] => (*upto, heaps),
    };
    match report(upto, heaps) {
        Ok(lines) => lines.iter().for_each(|l| println!("{l}")),
        Err(err) => {
            eprintln!("error: {err}");
            std::process::exit(2);
        }
    }
}
