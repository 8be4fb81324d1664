//! Blue-Red-Green Hackenbush trees: the string notation's value (ordinal sums)
//! against a search of the game itself, from its rules, on random small trees.

use onag::game::{Arena, GameId};
use onag::ruleset::hackenbush::tree_value;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashMap;

/// A tree: vertex 0 is the ground; edge i joins vertex i + 1 to `parent[i]`
/// (a smaller vertex), with colour 'l', 'r' or 'e'.
struct Tree {
    parent: Vec<usize>,
    colour: Vec<char>,
}

impl Tree {
    fn random(rng: &mut StdRng, edges: usize) -> Self {
        let parent = (0..edges).map(|i| rng.gen_range(0..=i)).collect();
        let colour = (0..edges).map(|_| ['l', 'r', 'e'][rng.gen_range(0..3)]).collect();
        Tree { parent, colour }
    }

    /// The string notation of the part above vertex `v`.
    fn write(&self, v: usize, out: &mut String) {
        let children: Vec<usize> =
            (0..self.parent.len()).filter(|&i| self.parent[i] == v).collect();
        match children.as_slice() {
            [] => {}
            [only] => {
                out.push(self.colour[*only]);
                self.write(only + 1, out);
            }
            many => {
                out.push('(');
                for (k, &i) in many.iter().enumerate() {
                    if k > 0 {
                        out.push(';');
                    }
                    out.push(self.colour[i]);
                    self.write(i + 1, out);
                }
                out.push(')');
            }
        }
    }

    /// Edges present after cutting edge `cut` from position `mask`: the edge
    /// and everything above it go.
    fn cut(&self, mask: u32, cut: usize) -> u32 {
        let mut mask = mask & !(1 << cut);
        // Parents precede children, so one pass in order removes whole subtrees.
        for i in 0..self.parent.len() {
            let p = self.parent[i];
            if p > 0 && mask & (1 << (p - 1)) == 0 {
                mask &= !(1 << i);
            }
        }
        mask
    }

    /// The value of position `mask` by the definition: Left cuts blue or
    /// green edges, Right red or green ones.
    fn search(&self, arena: &mut Arena, mask: u32, memo: &mut FxHashMap<u32, GameId>) -> GameId {
        if let Some(&g) = memo.get(&mask) {
            return g;
        }
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for i in 0..self.parent.len() {
            if mask & (1 << i) == 0 {
                continue;
            }
            let option = self.search(arena, self.cut(mask, i), memo);
            match self.colour[i] {
                'l' => left.push(option),
                'r' => right.push(option),
                _ => {
                    left.push(option);
                    right.push(option);
                }
            }
        }
        let g = arena.from_options(&left, &right).unwrap();
        memo.insert(mask, g);
        g
    }
}

#[test]
fn string_values_match_a_search_of_the_game() {
    let mut rng = StdRng::seed_from_u64(20);
    let mut arena = Arena::new();
    for round in 0..600 {
        let tree = Tree::random(&mut rng, 1 + round % 9);
        let mut text = String::new();
        tree.write(0, &mut text);
        let fast = tree_value(&mut arena, &text).unwrap();
        let full = (1u32 << tree.parent.len()) - 1;
        let slow = tree.search(&mut arena, full, &mut FxHashMap::default());
        assert_eq!(
            fast,
            slow,
            "{text}: {} vs {}",
            arena.print(fast).unwrap(),
            arena.print(slow).unwrap()
        );
    }
}

#[test]
fn known_values() {
    let mut arena = Arena::new();
    for (text, value) in [
        ("lrlrrllr", "77/128"),
        ("lr", "1/2"),
        ("l(r;r)", "1/4"),
        ("e", "*"),
        ("ee", "*2"),
        ("le", "1*"),
        ("", "0"),
    ] {
        let g = tree_value(&mut arena, text).unwrap();
        assert_eq!(arena.print(g).unwrap(), value, "{text}");
    }
}

#[test]
fn malformed_strings_are_located() {
    let mut arena = Arena::new();
    for (text, column) in [("l(r;x)", 5), ("l(r", 4), ("l;r", 2), ("l(r)l", 5), ("l)", 2)] {
        let err = tree_value(&mut arena, text).unwrap_err();
        assert_eq!(err.location().map(|l| l.column), Some(column), "{text}: {err}");
    }
}
