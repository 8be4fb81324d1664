//! Misère canonical games `*[...]` in the calculator: CGSuite's expected
//! outputs (its misère test cases and documentation), printed forms, parts,
//! partitions, links and distinguishers, and errors.

use super::calc::{check, run_all};

#[test]
fn games_print_in_cgsuite_notation() {
    check(&[
        ("*[0]", "*[0]"),
        ("*[]", "*[0]"),
        ("*[[1]]", "*[0]"),
        ("*[0,1,2]", "*[3]"),
        ("*[4,2]", "*[42]"),
        ("*[[2]]", "*[2#]"),
        ("*[[[2]]]", "*[2##]"),
        ("*[2]+*[2]", "*[2[2]]"),
        ("*[2]+*[2]+*[2]", "*[2[22]]"),
        ("*[[*[2]+*[[2]]]]", "*[2[#2#]]"),
        ("*[[2],0]", "*[2#0]"),
        ("*[[2],1]", "*[2#1]"),
        ("*[[*[4]+*[2]]]", "*[4[2#]]"),
        ("*[[[2]],[[2],1]]", "*[(2#1)2##]"),
        ("*[[[2]],[[[2],0],0,1]]", "*[((2#0)10)2##]"),
        ("*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "*[((2#0)2[#1]2#)(2#1)[1]]"),
        ("*[[[2],2,0],[[2],3],1]", "*[(2#20)2[#1]1]"),
        ("*[[4,2],4,3,1]", "*[(42)431]"),
        ("*[10]", "*[&10;]"),
        ("*[10]+*[2]", "*[&10;[2]]"),
        ("*[[2]]+*[1]", "*[2[#1]]"),
        ("*[[2],0]+*[[2],0]", "*[((2#0)[2]2[#2#]2#)(2#0)]"),
        ("*[[2],1]+*[[2],1]", "*[((2#1)[2]2[#2#]2[#1])(2#1)[1]]"),
        ("*[[2],1,2,3]", "*[2#321]"),
        (
            "game.heap.GrundysGame(22).MisereCanonicalForm",
            "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]",
        ),
        ("game.heap.Kayles(5).MisereCanonicalForm.Genus", "4^146"),
        ("game.heap.Kayles(9).MisereOutcomeClass", "P"),
        ("game.heap.Kayles(5).MisereOutcomeClass", "N"),
        ("(*3).MisereCanonicalForm", "*[3]"),
        ("(*1).MisereNimValue", "0"),
        ("0.MisereNimValue", "1"),
        ("(*3).Genus", "3"),
        (
            "^.Genus",
            "error: 1:3: Genus needs an impartial game: a nimber, a heap or an impartial position",
        ),
        // CGSuite's test: misère play of a partizan position follows its
        // own moves (its canonical form, {1|-1}-like, would say L).
        ("game.grid.Domineering(\"....|....\").MisereOutcomeClass", "N"),
        ("game.grid.Domineering(\"....|....\").CanonicalForm.MisereOutcomeClass", "L"),
        ("game.grid.Clobber(\"xo\").MisereOutcomeClass", "P"),
        // CGSuite's grid test.
        ("game.grid.Cram(\".........|##.######\").MisereCanonicalForm", "*[2[2]321]"),
        ("game.grid.Cram(\".........|##.######\").CanonicalForm", "*4"),
        ("game.grid.Cram(\"...\").Genus", "1"),
        ("game.grid.Cram(\"..|..\").MisereNimValue", "1"),
        (
            "game.grid.Cram(\"..|..\").Options",
            "[ImpartialVariantGame(Domineering.Position(\"#.|#.\")),ImpartialVariantGame(Domineering.Position(\".#|.#\")),ImpartialVariantGame(Domineering.Position(\"##|..\")),ImpartialVariantGame(Domineering.Position(\"..|##\"))]",
        ),
        (
            "game.grid.Domineering(\"..|..\").Options(Right)",
            "[Domineering.Position(\"##|..\"),Domineering.Position(\"..|##\")]",
        ),
        (
            "game.grid.Domineering(\"..|..\").MisereCanonicalForm",
            "error: 1:32: Domineering is not impartial: misère values need an impartial game",
        ),
    ]);
}

#[test]
fn members_match_cgsuite() {
    check(&[
        ("*[[2],0].Options", "[*[0],*[2#]]"),
        ("(*[2]+*[2]).Options", "[*[2],*[3]]"),
        ("*[[2],1].Genus", "2^1420"),
        ("*[[2],0].Genus", "1^2"),
        ("*[[2],1].Mate", "*[2#0]"),
        ("*[[2],1].MisereNimValue", "1"),
        ("*[[2],1].NimValue", "2"),
        ("*[1].MisereOutcomeClass", "P"),
        ("*[[[2]]].Birthday", "4"),
        ("(*[[[2]]]).Parts", "[*[2],*[2[##-2]],*[2#],*[2[##-2]0],*[2[#-2]],*[(2[##-2]0)[2]]]"),
        (
            "(*[[*[2]+*[[2]]]]).Parts",
            "[*[2],*[2[#2#-2]],*[2#],*[2[2]],*[2[#2#-2-2]],*[2[#-2]],*[2[#2]]]",
        ),
        ("(*[[*[4]+*[2]]]).Partitions", "[[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]]"),
        ("*[0].Partitions", "[[]]"),
        ("(*[2]+*[3]).Partitions", "[[*[2],*[2],*[1]]]"),
        ("*[[[2]]] MisereMinus *[[2]]", "*[2[##-2]0]"),
        ("*[3] MisereMinus *[2]", "*[1]"),
        ("*[[2]] Distinguisher *[2]+*[2]", "*[(2#1)21]"),
        ("*[[[2]]] Link *[2]+*[2]", "*[((2#1)21)32]"),
        ("*[[[2]]] IsLinkedTo *[2]+*[2]", "true"),
        ("*[[[2]]] IsLinkedTo *[[2]]", "false"),
        ("*[2].IsNimHeap", "true"),
        ("*[[2],1].IsRestless", "true"),
        ("(*[1,2,3,[2]] + *[1,2,3,[2]]).IsTameable", "true"),
        ("game.misere.MisereCanonicalGame.DayN(2)", "[*[0],*[2]]"),
        (
            "game.misere.MisereCanonicalGame.DayN(4)",
            "[*[0],*[2],*[2#],*[3#],*[2##],*[2[2]],*[2#2],*[2#0],*[2#1],*[2#32],*[2#30],*[2#20],*[2#31],*[2#21],*[2#320],*[2#210],*[2#321],*[4],*[2#3210]]",
        ),
        (
            "game.misere.MisereCanonicalGame.DayN(4, maxOptions => 3)",
            "[*[0],*[2],*[2#],*[3#],*[2##],*[2[2]],*[2#2],*[2#0],*[2#1],*[2#32],*[2#30],*[2#20],*[2#31],*[2#21]]",
        ),
        (
            "game.misere.MisereCanonicalGame.DayN(4, 10)",
            "error: 1:33: DayN: more than 10 games are born by day 4 (maxGames)",
        ),
        ("(*[1,2,3,[2]] + *[1,2,3,[2]]).IsGenerallyTame", "false"),
        ("(*[1,2,3,[2]] + *[1,2,3,[2]]).Genus", "0^120"),
        ("*[[2],0].IsRestive", "true"),
        ("*[0,[2]].IsHalfTame", "true"),
        ("*[[2]].IsPrime", "false"),
        ("*[[2],0].IsPrime", "true"),
        ("(*[2]+*[2]).IsPrime", "false"),
        ("*[[2],0].IsExtraverted", "false"),
        ("*[1].IsEven", "false"),
        ("*[[2]] + *[[2]] == *[[*[2]+*[[2]]]]", "true"),
        ("*[2] + *[2] == *[[2],[3]]", "false"),
        ("*[2] + *[3] + *[1] == *[2] + *[2]", "true"),
    ]);
}

#[test]
fn bad_misere_input_is_one_error() {
    let out = run_all(&[
        "*[[[2]]] Link *[[2]]",
        "*[0] MisereMinus *[2]",
        "*[\"foo\"]",
        "*[-1]",
        "*[2] + [1]",
        "*[2] < *",
        "*[2] - *[2]",
        "*[2].LeftStop",
    ]);
    assert_eq!(out[0], "error: 1:10: Those misere games are not linked: *[2##], *[2#]");
    assert_eq!(out[1], "error: 1:6: Those misere games are not subtractable: *[0], *[2]");
    for line in &out[2..] {
        assert!(line.starts_with("error: 1:"), "{line}");
    }
}

/// CGSuite's printed form, genus and phylum members of 142 games whose
/// options are games born by day 4 or sums of two of them; 43 of them are
/// tameable but not tame.
#[test]
fn phyla_match_cgsuite() {
    const MEMBERS: [&str; 7] = [
        "Genus",
        "IsTame",
        "IsGenerallyTame",
        "IsTameable",
        "IsRestive",
        "IsGenerallyRestive",
        "IsRestless",
    ];
    let table = include_str!("data/misere_phyla.tsv");
    let mut inputs = Vec::new();
    let mut wants = Vec::new();
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 2 + MEMBERS.len(), "{line}");
        inputs.push(fields[0].to_string());
        wants.push(fields[1]);
        for (member, want) in MEMBERS.iter().zip(&fields[2..]) {
            inputs.push(format!("({}).{member}", fields[0]));
            wants.push(want);
        }
    }
    assert_eq!(inputs.len(), 142 * 8);
    let refs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    for ((input, want), got) in refs.iter().zip(&wants).zip(run_all(&refs)) {
        assert_eq!(&got, want, "{input}");
    }
}

/// CGSuite's expected genus rows (its heap tests) for Wythoff, Fibonacci
/// Nim, TakeAway and Mem positions, and the misère members of positions
/// of a user's ruleset.
#[test]
fn misere_members_of_classic_positions_match_cgsuite() {
    check(&[
        (
            "[game.heap.Wythoff((10,n)).Genus for n from 0 to 20]",
            "[10,11,9,8^8,13^(13),12^(12),0^0,15^(15),16^(16),17^(17),14^(14),18^(18),7^7,6^6,2^2,3^3,1^1,4^4,5^5,23^(23),28^(28)]",
        ),
        (
            "[game.heap.FibonacciNim((10,n)).Genus for n from 0 to 20]",
            "[0,2,2,2,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5]",
        ),
        (
            "[game.heap.TakeAway(3)((10,n)).Genus for n from 0 to 20]",
            "[0,2,2,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6]",
        ),
        (
            "[game.heap.Mem((10,n)).Genus for n from 0 to 20]",
            "[3,3,3,3,2,2,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0]",
        ),
        ("(-1823437481924).Onside", "-1823437481924"),
        ("(-1823437481924).Stop(Left)", "-1823437481924"),
        ("(-1823437481924).IsIdempotent", "false"),
        ("game.heap.HeapRuleset(k -> [[a] for a from 0 to k-1])(3).MisereCanonicalForm", "*[3]"),
        ("game.heap.Wythoff(1,1).MisereOutcomeClass", "N"),
    ]);
}

/// Misère nim values of Wythoff positions against the misère mex rule on
/// the moves written out (take from one heap, or the same from both).
#[test]
fn wythoff_misere_values_by_brute_force() {
    const N: usize = 8;
    let mut m = [[0u32; N]; N];
    for a in 0..N {
        for b in 0..N {
            let mut s: Vec<u32> = (0..a).map(|x| m[x][b]).collect();
            s.extend((0..b).map(|y| m[a][y]));
            s.extend((1..=a.min(b)).map(|k| m[a - k][b - k]));
            m[a][b] = if s.is_empty() { 1 } else { (0..).find(|v| !s.contains(v)).unwrap() };
        }
    }
    let mut inputs = Vec::new();
    let mut wants = Vec::new();
    for (a, row) in m.iter().enumerate() {
        for (b, v) in row.iter().enumerate() {
            inputs.push(format!("game.heap.Wythoff({a},{b}).MisereNimValue"));
            wants.push(v.to_string());
        }
    }
    let refs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    for ((input, want), got) in refs.iter().zip(&wants).zip(run_all(&refs)) {
        assert_eq!(&got, want, "{input}");
    }
}

/// CGSuite's expected outputs (its heap tests) for GenMem and GenWythoff,
/// and GenWythoff(k -> k + 1) against the built-in Wythoff.
#[test]
fn gen_mem_and_gen_wythoff_match_cgsuite() {
    check(&[
        ("game.heap.GenMem((memory, j) -> j != memory)((10,10)).Options.Size", "9"),
        (
            "[game.heap.GenMem((memory, j) -> j != memory)((10,n)).NimValue for n from 0 to 20]",
            "[6,6,6,4,6,6,3,6,6,6,6,6,6,6,6,6,6,6,6,6,6]",
        ),
        (
            "[game.heap.GenMem((memory, j) -> j != memory)((10,n)).Genus for n from 0 to 20]",
            "[6,6,6,4,6,6,3,6,6,6,6,6,6,6,6,6,6,6,6,6,6]",
        ),
        ("game.heap.GenWythoff(x -> x + 2)((10,10)).Options.Size", "48"),
        (
            "[game.heap.GenWythoff(x -> x + 2)((10,n)).NimValue for n from 0 to 20]",
            "[10,11,12,13,0,14,9,17,18,19,20,21,22,23,24,25,26,15,28,29,30]",
        ),
        (
            "[game.heap.GenWythoff(x -> x + 2)((10,n)).Genus for n from 0 to 20]",
            "[10,11,12,13,0,14,9,17,18,19,20,21,22,23,24,25,26,15,28,29,30]",
        ),
        (
            "[game.heap.GenWythoff(k -> k + 1)((5,n)).NimValue for n from 0 to 8] == [game.heap.Wythoff(5,n).NimValue for n from 0 to 8]",
            "true",
        ),
    ]);
}
