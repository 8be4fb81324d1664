//! Misère Nim against exhaustive search, and why G = −G does not give G + G = 0
//! in misère play (seed 001's {*2} + {*2}).

use num_traits::ToPrimitive;
use onag::impartial::Outcome;
use onag::impartial::classic::nim;
use rustc_hash::FxHashMap;

use super::big;

/// Misère: the player who cannot move wins. Returns whether the mover wins.
fn misere_wins(heaps: &[u32]) -> bool {
    fn search(heaps: &[u32], memo: &mut FxHashMap<Vec<u32>, bool>) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut any_move = false;
        let mut win = false;
        'all: for i in 0..heaps.len() {
            for to in 0..heaps[i] {
                any_move = true;
                let mut next = heaps.to_vec();
                next[i] = to;
                if !search(&next, memo) {
                    win = true;
                    break 'all;
                }
            }
        }
        let win = win || !any_move;
        memo.insert(key, win);
        win
    }
    search(heaps, &mut FxHashMap::default())
}

#[test]
fn rule_and_every_winning_move_match_search() {
    for len in 0..=4usize {
        for code in 0..5u32.pow(len as u32) {
            let heaps: Vec<u32> = (0..len).map(|i| (code / 5u32.pow(i as u32)) % 5).collect();
            let sol = nim::solve_misere(&heaps.iter().map(|&h| big(h as u64)).collect::<Vec<_>>());
            assert_eq!(sol.outcome == Outcome::N, misere_wins(&heaps), "{heaps:?}");
            let mut want = Vec::new();
            for i in 0..heaps.len() {
                for to in 0..heaps[i] {
                    let mut next = heaps.clone();
                    next[i] = to;
                    if !misere_wins(&next) {
                        want.push((i, to));
                    }
                }
            }
            let got: Vec<(usize, u32)> =
                sol.winning_moves.iter().map(|m| (m.heap, m.to.to_u32().unwrap())).collect();
            assert_eq!(got, want, "{heaps:?}");
        }
    }
}

/// A finite impartial game as the list of its options.
#[derive(Clone, Debug)]
struct Game(Vec<Game>);

fn nim_heap(n: usize) -> Game {
    Game((0..n).map(nim_heap).collect())
}

/// Whether the player to move wins the sum of `parts`, in normal or misère play,
/// by search over the sum (no theory).
fn wins(parts: &[Game], misere: bool) -> bool {
    let mut any_move = false;
    for i in 0..parts.len() {
        for option in &parts[i].0 {
            any_move = true;
            let mut next = parts.to_vec();
            next[i] = option.clone();
            if !wins(&next, misere) {
                return true;
            }
        }
    }
    if any_move { false } else { misere }
}

#[test]
fn g_equals_minus_g_does_not_give_g_plus_g_zero_in_misere_play() {
    let zero = Game(vec![]);
    let star = nim_heap(1);
    let g = Game(vec![nim_heap(2)]); // {*2}
    // Impartial, so G = −G; in normal play G + G is a P-position and equals 0:
    // adding it to any X leaves X's outcome unchanged.
    assert!(!wins(&[g.clone(), g.clone()], false));
    for x in [zero.clone(), star.clone(), nim_heap(2), g.clone()] {
        assert_eq!(wins(&[g.clone(), g.clone(), x.clone()], false), wins(&[x], false));
    }
    // Misère: {*2} + {*2} is a P-position (seed 001), but 0 is an N-position
    // (the player to move cannot move and so wins): G + G differs from 0 already
    // with nothing added, so G + G ≠ 0 although G = −G.
    assert!(!wins(&[g.clone(), g.clone()], true));
    assert!(wins(std::slice::from_ref(&zero), true));
    // And * is misère P but * + * is N: P + P may be N or (as above) P.
    assert!(!wins(std::slice::from_ref(&star), true));
    assert!(!wins(std::slice::from_ref(&g), true));
    assert!(wins(&[star.clone(), star.clone()], true));
}

#[test]
fn seed_rule_examples() {
    // All heaps 1 with nim-sum 0: the first player wins; some heap > 1 and
    // nim-sum 0: the first player loses.
    let s = |h: &[u64]| nim::solve_misere(&h.iter().map(|&x| big(x)).collect::<Vec<_>>()).outcome;
    assert_eq!(s(&[1, 1]), Outcome::N);
    assert_eq!(s(&[1, 1, 1]), Outcome::P);
    assert_eq!(s(&[2, 2]), Outcome::P);
    assert_eq!(s(&[1, 1, 2]), Outcome::N);
}
