//! Random games of birthday 3 for the game benches (sums, thermographs,
//! atomic weights), one generator shared by all of them.

use onag::game::{Arena, GameId};
use rand::Rng;
use rand::rngs::StdRng;

/// `count` random games whose options are random games of birthday at most
/// 2 (one to three on each side), kept only when `keep` says so. With
/// `all_small` every game built has options on both sides or neither.
pub fn random_games(
    a: &mut Arena,
    rng: &mut StdRng,
    count: usize,
    all_small: bool,
    mut keep: impl FnMut(&mut Arena, GameId) -> bool,
) -> Vec<GameId> {
    let lo = usize::from(all_small);
    let mut below = vec![a.zero()];
    for _ in 1..=2 {
        let mut this = Vec::new();
        for _ in 0..12 {
            let nl = rng.gen_range(lo..=2);
            let nr = rng.gen_range(lo..=2);
            let l: Vec<GameId> = (0..nl).map(|_| below[rng.gen_range(0..below.len())]).collect();
            let r: Vec<GameId> = (0..nr).map(|_| below[rng.gen_range(0..below.len())]).collect();
            this.push(a.from_options(&l, &r).unwrap());
        }
        below.extend(this);
        below.sort_unstable();
        below.dedup();
    }
    let mut out = Vec::new();
    while out.len() < count {
        let nl = rng.gen_range(1..=3);
        let nr = rng.gen_range(1..=3);
        let l: Vec<GameId> = (0..nl).map(|_| below[rng.gen_range(0..below.len())]).collect();
        let r: Vec<GameId> = (0..nr).map(|_| below[rng.gen_range(0..below.len())]).collect();
        let g = a.from_options(&l, &r).unwrap();
        if keep(a, g) {
            out.push(g);
        }
    }
    out
}
