//! A plain game-tree search for the ruleset tests: the canonical form of a
//! position from its moves alone (no regions, no symmetry), by recursion with a
//! memo. Each ruleset's test writes its moves again from the rules, on plain
//! character grids or vectors, so the search shares nothing with the engine
//! but the arena's `from_options`.

use std::hash::Hash;

use onag::game::{Arena, GameId};
use rustc_hash::FxHashMap;

/// The canonical form of `state`, where `moves(state, left)` lists the
/// states the player (Left when `left`) can move to.
pub fn brute_value<S, F>(
    arena: &mut Arena,
    state: &S,
    moves: &F,
    memo: &mut FxHashMap<S, GameId>,
) -> GameId
where
    S: Clone + Eq + Hash,
    F: Fn(&S, bool) -> Vec<S>,
{
    if let Some(&v) = memo.get(state) {
        return v;
    }
    let left: Vec<GameId> =
        moves(state, true).iter().map(|s| brute_value(arena, s, moves, memo)).collect();
    let right: Vec<GameId> =
        moves(state, false).iter().map(|s| brute_value(arena, s, moves, memo)).collect();
    let v = arena.from_options(&left, &right).unwrap();
    memo.insert(state.clone(), v);
    v
}

/// The nim value of an impartial `state` by the mex rule.
pub fn brute_nim<S, F>(state: &S, moves: &F, memo: &mut FxHashMap<S, u64>) -> u64
where
    S: Clone + Eq + Hash,
    F: Fn(&S) -> Vec<S>,
{
    if let Some(&v) = memo.get(state) {
        return v;
    }
    let values: Vec<u64> = moves(state).iter().map(|s| brute_nim(s, moves, memo)).collect();
    let v = onag::impartial::mex(values);
    memo.insert(state.clone(), v);
    v
}

/// Every grid of `rows` × `cols` over the characters `alphabet`, as strings
/// with rows separated by `|` (`alphabet.len()^(rows·cols)` of them).
pub fn all_grids(rows: usize, cols: usize, alphabet: &[char]) -> Vec<String> {
    let cells = rows * cols;
    let k = alphabet.len();
    let total = k.pow(cells as u32);
    (0..total)
        .map(|mut code| {
            let mut s = String::new();
            for i in 0..cells {
                if i > 0 && i % cols == 0 {
                    s.push('|');
                }
                s.push(alphabet[code % k]);
                code /= k;
            }
            s
        })
        .collect()
}

/// A grid string as rows of characters.
pub fn rows_of(text: &str) -> Vec<Vec<char>> {
    text.split('|').map(|r| r.chars().collect()).collect()
}

/// Rows of characters as a grid string.
pub fn text_of(rows: &[Vec<char>]) -> String {
    rows.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("|")
}
