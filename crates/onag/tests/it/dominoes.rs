//! The README's grid example (`examples/dominoes.rs`): its values, through
//! its regions and symmetries, against the library's Domineering on random
//! boards.

use onag::game::Arena;
use onag::ruleset::board::Board;
use onag::ruleset::{Solver, Solvers, catalog};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[allow(dead_code, reason = "the example's main is for `cargo run`, not for tests")]
#[path = "../../../../examples/dominoes.rs"]
mod example;

use example::Dominoes;

#[test]
fn the_example_agrees_with_the_library_domineering() {
    let mut rng = StdRng::seed_from_u64(38);
    let mut arena = Arena::new();
    let mut solver = Solver::new();
    let mut solvers = Solvers::new();
    let domineering = catalog::find("Domineering").unwrap();
    for _ in 0..60 {
        let (rows, cols) = (rng.gen_range(1..=4), rng.gen_range(1..=5));
        let text: Vec<String> = (0..rows)
            .map(|_| (0..cols).map(|_| if rng.gen_bool(0.8) { '.' } else { '#' }).collect())
            .collect();
        let text = text.join("|");
        let board = Board::<1>::parse(&text, |c| match c {
            '.' => Some([true]),
            '#' => Some([false]),
            _ => None,
        })
        .unwrap();
        let mine = solver.value(&mut arena, &Dominoes(board)).unwrap();
        let position = domineering.parse(&text).unwrap();
        let theirs = position.value(&mut arena, &mut solvers).unwrap();
        assert_eq!(mine, theirs, "{text}");
    }
}
