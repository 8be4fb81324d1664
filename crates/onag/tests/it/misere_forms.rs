//! Misère canonical forms against a search from the definition: misère
//! Grundy values of explicit sums (no simplification, no genus theory),
//! Conway's counts of games by birthday, and CGSuite's phylum examples.

use onag::Budget;
use onag::impartial::heap::TakeAndBreak;
use onag::impartial::misere::{FormId, MisereForms, MisereSolver, Phylum};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashMap;

/// Explicit games: node `i` has options `nodes[i]` (indices of earlier nodes).
struct Bank {
    nodes: Vec<Vec<usize>>,
    memo: FxHashMap<Vec<usize>, u32>,
}

impl Bank {
    /// Nim heaps `*0`, `*1`, `*2` first, then `extra` random games whose
    /// options are random earlier nodes (not simplified in any way).
    fn random(seed: u64, extra: usize) -> Self {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut nodes = vec![vec![], vec![0], vec![0, 1]];
        for _ in 0..extra {
            let n = nodes.len();
            let count = rng.gen_range(0..=3.min(n));
            let mut options: Vec<usize> = (0..count).map(|_| rng.gen_range(0..n)).collect();
            options.sort_unstable();
            options.dedup();
            nodes.push(options);
        }
        Bank { nodes, memo: FxHashMap::default() }
    }

    /// The misère Grundy value of the sum of the nodes `position`, by
    /// search: 1 when no move is left, else the mex of the options' values.
    fn misere_value(&mut self, position: &[usize]) -> u32 {
        let mut key: Vec<usize> =
            position.iter().copied().filter(|&g| !self.nodes[g].is_empty()).collect();
        key.sort_unstable();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..key.len() {
            for &o in &self.nodes[key[i]].clone() {
                let mut next = key.clone();
                next[i] = o;
                seen.push(self.misere_value(&next));
            }
        }
        let v = if key.is_empty() { 1 } else { (0..).find(|m| !seen.contains(m)).unwrap_or(0) };
        self.memo.insert(key, v);
        v
    }

    /// The simplest form of every node, built from its options' forms.
    fn forms(&self, forms: &mut MisereForms) -> Vec<FormId> {
        let mut out: Vec<FormId> = Vec::new();
        for options in &self.nodes {
            let of = options.iter().map(|&o| out[o]).collect();
            out.push(forms.from_options(of));
        }
        out
    }
}

/// The games born by day `days`, as forms.
fn born_by(forms: &mut MisereForms, days: u32) -> Vec<FormId> {
    let mut born: Vec<FormId> = vec![0];
    for _ in 0..days {
        let mut next: Vec<FormId> = (0u64..1 << born.len())
            .map(|mask| {
                let options =
                    (0..born.len()).filter(|i| mask >> i & 1 == 1).map(|i| born[i]).collect();
                forms.from_options(options)
            })
            .collect();
        next.sort_unstable();
        next.dedup();
        born = next;
    }
    born
}

#[test]
fn conway_counts_games_by_birthday() {
    // 1, 2, 3, 5, 22 (and 4,171,780 on day 5: examples/misere_days.rs).
    let mut forms = MisereForms::new();
    let counts: Vec<usize> = (0..=4).map(|d| born_by(&mut forms, d).len()).collect();
    assert_eq!(counts, vec![1, 2, 3, 5, 22]);
}

#[test]
fn nim_heap_sums() {
    let mut forms = MisereForms::new();
    let b = Budget::unlimited();
    let (one, two, three) = (forms.nim_heap(1), forms.nim_heap(2), forms.nim_heap(3));
    // *1 + *1 = 0 in misère play, and *2 + *1 = *3.
    assert_eq!(forms.add(one, one, &b).unwrap(), 0);
    assert_eq!(forms.add(two, one, &b).unwrap(), three);
    // *2 + *2 is not 0: its simplest form has the options *2 and *3.
    let twice = forms.add(two, two, &b).unwrap();
    assert_ne!(twice, 0);
    assert_eq!(forms.options(twice), &[two, three]);
    assert_eq!(forms.misere_value(twice), 0);
    // {*1} = *1 + *1 = 0.
    assert_eq!(forms.from_options(vec![one]), 0);
    // {*2} is not 0 (no option is a misère P-position).
    assert_ne!(forms.from_options(vec![two]), 0);
}

#[test]
fn sums_keep_misere_values_of_explicit_games() {
    let budget = Budget::unlimited();
    for seed in 0..6 {
        let mut bank = Bank::random(seed, 14);
        let mut forms = MisereForms::new();
        let of = bank.forms(&mut forms);
        let n = bank.nodes.len();
        for a in 0..n {
            assert_eq!(forms.misere_value(of[a]), bank.misere_value(&[a]), "seed {seed} node {a}");
            for b in a..n {
                let sum = forms.add(of[a], of[b], &budget).unwrap();
                assert_eq!(forms.misere_value(sum), bank.misere_value(&[a, b]), "{a}+{b}");
                // With a third game, through two different groupings.
                let c = (a * 7 + b * 3 + seed as usize) % n;
                let left = forms.add(sum, of[c], &budget).unwrap();
                let bc = forms.add(of[b], of[c], &budget).unwrap();
                let right = forms.add(of[a], bc, &budget).unwrap();
                assert_eq!(left, right, "({a}+{b})+{c}");
                assert_eq!(forms.misere_value(left), bank.misere_value(&[a, b, c]));
            }
        }
    }
}

#[test]
fn equal_forms_play_alike_in_every_sum() {
    // Nodes with the same simplest form must give the same misère outcome
    // beside every other node and pair of nodes.
    for seed in 10..14 {
        let mut bank = Bank::random(seed, 16);
        let mut forms = MisereForms::new();
        let of = bank.forms(&mut forms);
        let n = bank.nodes.len();
        for a in 0..n {
            for b in a + 1..n {
                if of[a] != of[b] {
                    continue;
                }
                for x in 0..n {
                    for y in x..n {
                        let pa = bank.misere_value(&[a, x, y]) == 0;
                        let pb = bank.misere_value(&[b, x, y]) == 0;
                        assert_eq!(pa, pb, "seed {seed}: {a} and {b} beside {x}+{y}");
                    }
                }
            }
        }
    }
}

#[test]
fn genus_terms_are_misere_values_with_twos() {
    let budget = Budget::unlimited();
    for seed in 20..26 {
        let mut bank = Bank::random(seed, 14);
        let rule: TakeAndBreak = "0.7".parse().unwrap();
        let mut solver = MisereSolver::new(&rule);
        let of = bank.forms(solver.forms_mut());
        for (a, &form) in of.iter().enumerate() {
            let genus = solver.genus_of_form(form, &budget).unwrap();
            let gammas = &genus.gammas;
            let len = gammas.len();
            for k in 0..6 {
                // Node 2 is *2.
                let mut position = vec![a];
                position.extend(std::iter::repeat_n(2, k));
                let term = if k < len { gammas[k] } else { gammas[len - 2 + (k - len) % 2] };
                assert_eq!(term, bank.misere_value(&position), "seed {seed} node {a} γ{k}");
            }
        }
    }
}

/// CGSuite's input notation: `n` is the nim heap `*n`, `[a, b, ...]` the
/// game with those options, `*[a]` is `a` itself and `*[a, b, ...]` is
/// `[a, b, ...]`; `+` adds.
fn parse(forms: &mut MisereForms, text: &str) -> FormId {
    fn expr(forms: &mut MisereForms, s: &[u8], i: &mut usize) -> FormId {
        let mut g = term(forms, s, i);
        while *i < s.len() && s[*i] == b'+' {
            *i += 1;
            let h = term(forms, s, i);
            g = forms.add(g, h, &Budget::unlimited()).unwrap();
        }
        g
    }
    fn list(forms: &mut MisereForms, s: &[u8], i: &mut usize) -> Vec<FormId> {
        let mut items = Vec::new();
        while s[*i] != b']' {
            items.push(expr(forms, s, i));
            if s[*i] == b',' {
                *i += 1;
            }
        }
        *i += 1;
        items
    }
    fn term(forms: &mut MisereForms, s: &[u8], i: &mut usize) -> FormId {
        if s[*i..].starts_with(b"*[") {
            *i += 2;
            let items = list(forms, s, i);
            return if items.len() == 1 { items[0] } else { forms.from_options(items) };
        }
        if s[*i] == b'[' {
            *i += 1;
            let items = list(forms, s, i);
            return forms.from_options(items);
        }
        let start = *i;
        while *i < s.len() && s[*i].is_ascii_digit() {
            *i += 1;
        }
        forms.nim_heap(std::str::from_utf8(&s[start..*i]).unwrap().parse().unwrap())
    }
    let mut i = 0;
    let g = expr(forms, text.as_bytes(), &mut i);
    assert_eq!(i, text.len(), "{text}");
    g
}

#[test]
fn cgsuite_examples_of_genus_and_phylum() {
    // From CGSuite's tests of misère canonical games: input, genus,
    // misère value, normal-play value, and the phylum they imply.
    let cases: &[(&str, &str, u32, u32, Phylum)] = &[
        ("*[0]", "0", 1, 0, Phylum::NimHeap),
        ("*[1]", "1", 0, 1, Phylum::NimHeap),
        ("*[2]", "2", 2, 2, Phylum::NimHeap),
        ("*[[2]]", "0^0", 0, 0, Phylum::HereditarilyTame),
        ("*[[[2]]]", "1^1", 1, 1, Phylum::HereditarilyTame),
        ("*[2]+*[2]", "0^0", 0, 0, Phylum::HereditarilyTame),
        ("*[[*[2]+*[[2]]]]", "0^0", 0, 0, Phylum::HereditarilyTame),
        ("*[[2],0]", "1^2", 2, 1, Phylum::HereditarilyRestive),
        ("*[[2],1]", "2^1420", 1, 2, Phylum::Restless),
        ("*[[*[4]+*[2]]]", "0^0", 0, 0, Phylum::HereditarilyTame),
        ("*[[[2]],[[2],1]]", "0^0", 0, 0, Phylum::ReversiblyTame),
        ("*[[[2]],[[[2],0],0,1]]", "0^0", 0, 0, Phylum::ReversiblyTame),
        ("*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "0^120", 1, 0, Phylum::Tameable),
        ("*[[[2],2,0],[[2],3],1]", "0^2", 2, 0, Phylum::ReversiblyRestive),
    ];
    let rule: TakeAndBreak = "0.7".parse().unwrap();
    let mut solver = MisereSolver::new(&rule);
    let budget = Budget::unlimited();
    for &(text, genus, minus, plus, phylum) in cases {
        let g = parse(solver.forms_mut(), text);
        let forms = solver.forms();
        assert_eq!((forms.misere_value(g), forms.nim_value(g)), (minus, plus), "{text}");
        assert_eq!(forms.phylum(g), phylum, "{text}");
        assert_eq!(solver.genus_of_form(g, &budget).unwrap().to_string(), genus, "{text}");
    }
    // Birthdays CGSuite reports for some of them.
    let forms = solver.forms_mut();
    let two_sharp = parse(forms, "*[[2]]");
    assert_eq!(forms.birthday(two_sharp), 3);
    let sum = parse(forms, "*[2]+*[2]");
    assert_eq!(forms.birthday(sum), 4);
    let multiple = parse(forms, "*[[*[4]+*[2]]]");
    assert_eq!(forms.birthday(multiple), 7);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Sums of games born by day 3 and random explicit games: commutative,
    /// associative, with 0 as identity and simplest forms unchanged by
    /// rebuilding them from their own options.
    #[test]
    fn sums_are_commutative_and_associative(seed in 0u64..1000, picks in prop::collection::vec(0usize..64, 3)) {
        let bank = Bank::random(seed, 10);
        let mut forms = MisereForms::new();
        let mut pool = born_by(&mut forms, 3);
        pool.extend(bank.forms(&mut forms));
        let b = Budget::unlimited();
        let [x, y, z] = [pool[picks[0] % pool.len()], pool[picks[1] % pool.len()], pool[picks[2] % pool.len()]];
        prop_assert_eq!(forms.add(x, y, &b).unwrap(), forms.add(y, x, &b).unwrap());
        let xy = forms.add(x, y, &b).unwrap();
        let yz = forms.add(y, z, &b).unwrap();
        prop_assert_eq!(forms.add(xy, z, &b).unwrap(), forms.add(x, yz, &b).unwrap());
        prop_assert_eq!(forms.add(x, 0, &b).unwrap(), x);
        let rebuilt = forms.from_options(forms.options(xy).to_vec());
        prop_assert_eq!(rebuilt, xy);
    }
}

#[test]
fn adding_a_star_keeps_the_phylum() {
    // G + *1 is recognised as such (whichever of the two is older is
    // classified, the other shares its phylum), and both of its mex values
    // are G's XOR 1.
    let mut forms = MisereForms::new();
    let mut pool = born_by(&mut forms, 4);
    for seed in 30..34 {
        pool.extend(Bank::random(seed, 16).forms(&mut forms));
    }
    let star = forms.nim_heap(1);
    let b = Budget::unlimited();
    for &g in &pool {
        let h = forms.add(g, star, &b).unwrap();
        assert_eq!(forms.phylum(h), forms.phylum(g), "form {g}");
        assert_eq!(forms.nim_value(h), forms.nim_value(g) ^ 1);
        assert_eq!(forms.misere_value(h), forms.misere_value(g) ^ 1);
    }
}
