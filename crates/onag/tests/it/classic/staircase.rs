//! Staircase Nim against exhaustive search on small staircases.

use num_traits::ToPrimitive;
use onag::impartial::Outcome;
use onag::impartial::classic::staircase;
use rustc_hash::FxHashMap;

use super::{big, mex};

/// The positions one move away: carry 1..=c coins from step i to step i − 1.
fn options(steps: &[u32]) -> Vec<(usize, u32, Vec<u32>)> {
    let mut out = Vec::new();
    for i in 0..steps.len() {
        for c in 1..=steps[i] {
            let mut next = steps.to_vec();
            next[i] -= c;
            if i > 0 {
                next[i - 1] += c;
            }
            out.push((i + 1, c, next));
        }
    }
    out
}

fn grundy(steps: &[u32], memo: &mut FxHashMap<Vec<u32>, u32>) -> u32 {
    if let Some(&g) = memo.get(steps) {
        return g;
    }
    let values: Vec<u32> = options(steps).into_iter().map(|(_, _, s)| grundy(&s, memo)).collect();
    let g = mex(values);
    memo.insert(steps.to_vec(), g);
    g
}

#[test]
fn value_and_every_winning_move_match_search() {
    let mut memo = FxHashMap::default();
    for len in 1..=4usize {
        let total = 4u32.pow(len as u32);
        for code in 0..total {
            let steps: Vec<u32> = (0..len).map(|i| (code / 4u32.pow(i as u32)) % 4).collect();
            let g = grundy(&steps, &mut memo);
            let sol = staircase::solve(&steps.iter().map(|&c| big(c as u64)).collect::<Vec<_>>());
            assert_eq!(sol.value.to_u32(), Some(g), "{steps:?}");
            assert_eq!(sol.outcome == Outcome::P, g == 0);
            let want: Vec<(usize, u32)> = options(&steps)
                .into_iter()
                .filter(|(_, _, s)| grundy(s, &mut memo) == 0)
                .map(|(step, c, _)| (step, c))
                .collect();
            let got: Vec<(usize, u32)> = sol
                .winning_moves
                .iter()
                .map(|m| {
                    assert_eq!(m.to_step + 1, m.from_step);
                    (m.from_step, m.coins.to_u32().unwrap())
                })
                .collect();
            assert_eq!(got, want, "{steps:?}");
        }
    }
}
