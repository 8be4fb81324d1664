//! Random canonical games for the property tests of the game modules, one
//! generator shared by all of them.

use std::ops::RangeInclusive;

use onag::game::{Arena, GameId};
use onag::number::Dyadic;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A pool of canonical games: a few numbers, nimbers and ups, then `levels`
/// rounds that each add four games whose Left and Right options (a count in
/// `per_side` each) are drawn from the pool so far, so birthdays reach
/// `levels + 2`. The same seed always gives the same pool.
pub fn random_games(
    arena: &mut Arena,
    seed: u64,
    levels: usize,
    per_side: RangeInclusive<usize>,
) -> Vec<GameId> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pool = vec![
        arena.zero(),
        arena.integer(1).unwrap(),
        arena.integer(-1).unwrap(),
        arena.integer(2).unwrap(),
        arena.integer(-2).unwrap(),
        arena.dyadic(&Dyadic::new(1, 1)).unwrap(),
        arena.nimber(1).unwrap(),
        arena.up_multiple(1).unwrap(),
        arena.number_up_star(&Dyadic::new(-1, 1), 0, 2).unwrap(),
    ];
    for _ in 0..levels {
        let before = pool.len();
        for _ in 0..4 {
            let nl = rng.gen_range(per_side.clone());
            let nr = rng.gen_range(per_side.clone());
            let l: Vec<GameId> = (0..nl).map(|_| pool[rng.gen_range(0..before)]).collect();
            let r: Vec<GameId> = (0..nr).map(|_| pool[rng.gen_range(0..before)]).collect();
            pool.push(arena.from_options(&l, &r).unwrap());
        }
    }
    pool
}
