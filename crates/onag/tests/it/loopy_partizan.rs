//! Loopy partizan games: printing as CGSuite, known identities, and the
//! retrograde solver as an oracle for comparison, sums and simplification.

use onag::Budget;
use onag::game::Arena;
use onag::loopy::partizan::parse::{Literal, parse_literal};
use onag::loopy::partizan::print::print_value;
use onag::loopy::partizan::{LoopyGame, SidedValue};

fn value(text: &str, arena: &mut Arena) -> SidedValue {
    let b = Budget::unlimited();
    match parse_literal(text, arena, &b).unwrap() {
        Literal::Game(g) => SidedValue::of(&g, &b).unwrap(),
        Literal::Sided(v) => v,
    }
}

fn show(text: &str) -> String {
    let mut arena = Arena::new();
    let v = value(text, &mut arena);
    print_value(&v, &mut arena, &Budget::unlimited()).unwrap()
}

#[test]
fn prints_as_cgsuite() {
    for (input, want) in [
        ("on", "on"),
        ("off", "off"),
        ("over", "over"),
        ("under", "under"),
        ("{pass|}", "on"),
        ("{0|pass}", "over"),
        ("{pass|3/2}", "3/2under"),
        ("{-1/4+*|pass}", "-1/4v[on]"),
        ("upon", "^[on]"),
        ("{pass|*}", "^[on]"),
        ("{pass,0|0}", "^[on]*"),
        ("uponth", "^<on>"),
        ("{0||0|0,pass}", "^<on>"),
        ("-upon", "v[on]"),
    ] {
        assert_eq!(show(input), want, "{input}");
    }
    assert_eq!(show("{0|uponth||-uponth}"), "{0|^<on>||v<on>}");
    assert_eq!(show("+-{0|pass}"), "+-over");
    assert_eq!(show("{{0|pass}|{pass|0}}"), "+-over");
    assert_eq!(show("{5over|-(5over)}"), "+-(5over)");
    assert_eq!(show("a{0||||0|||a|*||*}"), "a{0||||0|||a|*||*}");
    assert_eq!(show("a{0|{0||||0,*2|||a|0||0}||0}"), "a{0|{0||||0,*2|||a|0||0}||0}");
    assert_eq!(
        show("{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}"),
        "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}"
    );
    assert_eq!(show("a{0|a}"), "over");
    assert_eq!(show("{1|0}"), "{1|0}");
    assert_eq!(show("{0|*}"), "^");
}

#[test]
fn sided_values_print_as_cgsuite() {
    assert_eq!(show("dud"), "dud");
    assert_eq!(show("{pass|pass}"), "dud");
    assert_eq!(show("on + off"), "dud");
    // The onside of over + under is over (Right's passes in over are
    // harmless to Left), not on: over + under is not dud.
    assert_eq!(show("over + under"), "over & under");
    assert_eq!(show("a{{|a}|}"), "1 & 0");
    assert_eq!(show("{0|{dud|},*}"), "^ & v*");
    assert_eq!(show("2 & {1|-1}"), "2 & +-1");
    assert_eq!(show("over - over"), show("over + under"));
}

/// Bach's Carousel is not stopper-sided: its sides, simplified, print as
/// CGSuite prints them (its `SidedValueTestCase`), and its outcome is N.
#[test]
fn bachs_carousel_keeps_simplified_sides() {
    let mut arena = Arena::new();
    let b = Budget::unlimited();
    let v = value("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}", &mut arena);
    assert!(!v.is_stopper_sided());
    assert!(!v.is_stopper(&b).unwrap());
    assert_eq!(
        print_value(&v, &mut arena, &b).unwrap(),
        "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}"
    );
    assert_eq!(v.outcome(&b).unwrap().to_string(), "N");
    // Adding 1 moves both sides up by 1, as CGSuite's sum does.
    let one = value("1", &mut arena);
    let w = v.sum(&one, 1 << 16, &b).unwrap();
    assert_eq!(
        print_value(&w, &mut arena, &b).unwrap(),
        "a{2|2,{2*|a||1*}||1} & a{1,{2|||2*|a||1*}|1}"
    );
    assert!(v.leq(&w, &b).unwrap() && !w.leq(&v, &b).unwrap());
}

/// Small strips valued by hand: a lone toad with room shuttles forever
/// (`t.`: Left always has a move, Right never: `on`), a frog likewise
/// (`off`), blocked pieces are 0.
#[test]
fn backsliding_toads_and_frogs_values() {
    use onag::loopy::partizan::backsliding::Backsliding;
    let b = Budget::unlimited();
    let mut arena = Arena::new();
    for (strip, want) in
        [("t.", "on"), (".f", "off"), ("tf", "0"), ("ft", "0"), ("t.t", "on"), ("..f", "off")]
    {
        let (g, _) = Backsliding::parse(strip).unwrap().graph(&b).unwrap();
        let v = SidedValue::of(&g, &b).unwrap();
        let text = onag::loopy::partizan::print::print_value(&v, &mut arena, &b).unwrap();
        assert_eq!(text, want, "{strip}");
    }
}

#[test]
fn known_identities() {
    let mut arena = Arena::new();
    let b = Budget::unlimited();
    let on = value("on", &mut arena);
    let upon = value("upon", &mut arena);
    let zero = value("0", &mut arena);
    // on ≥ every short game; upon is positive and infinitesimal.
    for short in ["0", "5", "{100|-100}", "^", "-7/8", "*3"] {
        let s = value(short, &mut arena);
        assert!(s.leq(&on, &b).unwrap(), "{short} <= on");
        assert!(!on.leq(&s, &b).unwrap(), "on > {short}");
    }
    assert!(zero.leq(&upon, &b).unwrap() && !upon.leq(&zero, &b).unwrap());
    for x in ["1/64", "1/1024", "1"] {
        let small = value(x, &mut arena);
        assert!(upon.leq(&small, &b).unwrap(), "upon < {x}");
        let neg = small.negative();
        assert!(neg.leq(&upon, &b).unwrap());
    }
    // upon + upon = ^[on] + ^[on] is a stopper greater than upon.
    let two = upon.sum(&upon, 1 << 20, &b).unwrap();
    assert!(two.is_stopper(&b).unwrap());
    assert!(upon.leq(&two, &b).unwrap() && !two.leq(&upon, &b).unwrap());
    // on + off = dud, and dud + anything short is dud.
    let dud = value("dud", &mut arena);
    assert!(value("on + off", &mut arena).equals(&dud, &b).unwrap());
    assert!(!value("over + under", &mut arena).equals(&dud, &b).unwrap());
    assert!(value("dud + 5", &mut arena).equals(&dud, &b).unwrap());
    // on + on = on; over + over = over.
    assert!(value("on + on", &mut arena).equals(&on, &b).unwrap());
    assert!(value("over + over", &mut arena).equals(&value("over", &mut arena), &b).unwrap());
}

#[test]
fn bad_literals_are_errors() {
    let mut arena = Arena::new();
    let b = Budget::unlimited();
    for (text, want) in [
        ("pass", "Unexpected pass."),
        ("{0|x}", "unknown name `x`"),
        ("{0|", "unclosed"),
        ("{0 1}", "needs `|`"),
        ("off & on", "onside must be"),
        ("1/3", "dyadic"),
    ] {
        let e = parse_literal(text, &mut arena, &b).unwrap_err().to_string();
        assert!(e.contains(want), "{text}: {e}");
    }
    let _ = LoopyGame::on();
}

mod oracle {
    //! The retrograde solver of `onag::loopy` on explicit state graphs is
    //! the oracle: it knows nothing of stoppers, sides or simplification.

    use onag::Budget;
    use onag::loopy::partizan::canonical::{canonical_stopper, side};
    use onag::loopy::partizan::solve::{PlayResult, Rule, leq};
    use onag::loopy::partizan::{LoopyGame, LoopyOutcome, SidedValue};
    use onag::loopy::{ExplicitGraph, Side, TerminalRule, Value, solve_successors};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn random_game(rng: &mut StdRng, max_nodes: usize) -> LoopyGame {
        let n = rng.gen_range(1..=max_nodes);
        let mut edges = || -> Vec<Vec<u32>> {
            (0..n)
                .map(|_| {
                    let k = rng.gen_range(0..=2);
                    (0..k).map(|_| rng.gen_range(0..n as u32)).collect()
                })
                .collect()
        };
        let left = edges();
        let right = edges();
        LoopyGame::new(left, right, 0).unwrap()
    }

    fn random_stopper(rng: &mut StdRng, max_nodes: usize) -> LoopyGame {
        loop {
            let g = random_game(rng, max_nodes);
            if g.is_stopper() {
                return g;
            }
        }
    }

    /// The explicit graph of `h − g` (or `g + h` with `negate_g` false):
    /// state `2(x·|h| + y) + (Right to move)`.
    fn sum_graph(g: &LoopyGame, h: &LoopyGame, negate_g: bool) -> ExplicitGraph {
        let g = if negate_g { g.negative() } else { g.clone() };
        let m = h.len();
        let mut succ = Vec::new();
        let mut sides = Vec::new();
        for x in 0..g.len() as u32 {
            for y in 0..m as u32 {
                for right in [false, true] {
                    let (gm, hm) =
                        if right { (g.right(x), h.right(y)) } else { (g.left(x), h.left(y)) };
                    let to = |a: u32, b: u32| 2 * (a * m as u32 + b) + (!right) as u32;
                    let mut row: Vec<u32> = gm.iter().map(|&a| to(a, y)).collect();
                    row.extend(hm.iter().map(|&b| to(x, b)));
                    succ.push(row);
                    sides.push(if right { Side::Right } else { Side::Left });
                }
            }
        }
        ExplicitGraph::new(&succ, Some(sides), Vec::new()).unwrap()
    }

    fn result(v: Value, mover: Side) -> PlayResult {
        match v.winner(mover) {
            Some(Side::Left) => PlayResult::LeftWins,
            Some(Side::Right) => PlayResult::RightWins,
            None => PlayResult::Draw,
        }
    }

    /// `g ≤ h` for stoppers: Left survives `h − g` with Right moving first.
    fn oracle_leq(g: &LoopyGame, h: &LoopyGame) -> bool {
        let graph = sum_graph(g, h, true);
        let sol = solve_successors(&graph, TerminalRule::MoverLoses, &Budget::unlimited()).unwrap();
        !matches!(sol.value(1), Value::Win(_))
    }

    /// The outcome of play of `g + h` (draws for infinite play).
    fn oracle_outcome(g: &LoopyGame, h: &LoopyGame) -> LoopyOutcome {
        let graph = sum_graph(g, h, false);
        let sol = solve_successors(&graph, TerminalRule::MoverLoses, &Budget::unlimited()).unwrap();
        LoopyOutcome::from_results(
            result(sol.value(0), Side::Left),
            result(sol.value(1), Side::Right),
        )
    }

    /// Stops keep the order of canonical stoppers: when a stop of `g`
    /// exceeds `h`'s, the survival game says `g ≰ h` (the shortcut of
    /// `SidedValue::leq`), and `SidedValue::leq` agrees with the oracle.
    #[test]
    fn stops_keep_the_order_of_stoppers() {
        use onag::loopy::partizan::canonical::stops_exceed;
        let mut rng = StdRng::seed_from_u64(1717);
        let b = Budget::unlimited();
        let mut refuted = 0;
        for _ in 0..300 {
            let g = canonical_stopper(&random_stopper(&mut rng, 7), &b).unwrap();
            let h = canonical_stopper(&random_stopper(&mut rng, 7), &b).unwrap();
            let want = oracle_leq(&g, &h);
            if stops_exceed(&g, &h, &Budget::unlimited()).unwrap() {
                refuted += 1;
                assert!(!want, "stops refute {g:?} <= {h:?}, the oracle does not");
            }
            let (sg, sh) = (SidedValue::of(&g, &b).unwrap(), SidedValue::of(&h, &b).unwrap());
            assert_eq!(sg.leq(&sh, &b).unwrap(), want, "{g:?} <= {h:?}");
        }
        assert!(refuted > 30, "only {refuted} pairs refuted by stops");
    }

    #[test]
    fn stopper_comparison_agrees_with_retrograde_survival() {
        let mut rng = StdRng::seed_from_u64(16);
        let b = Budget::unlimited();
        for _ in 0..400 {
            let g = random_stopper(&mut rng, 6);
            let h = random_stopper(&mut rng, 6);
            assert_eq!(
                leq(&g, 0, &h, 0, Rule::Stopper, &b).unwrap(),
                oracle_leq(&g, &h),
                "{g:?} <= {h:?}"
            );
        }
    }

    /// The lazy survival search against the whole survival graph, on larger
    /// stoppers and from every pair of start nodes (the `on`/`off` checks
    /// and the search both take part).
    #[test]
    fn lazy_comparison_agrees_with_retrograde_survival_from_every_start() {
        let mut rng = StdRng::seed_from_u64(1616);
        let b = Budget::unlimited();
        let (mut yes, mut no) = (0, 0);
        for _ in 0..60 {
            let g = random_stopper(&mut rng, 12);
            let h = random_stopper(&mut rng, 12);
            for x in 0..g.len() as u32 {
                for y in 0..h.len() as u32 {
                    let (gx, hy) = (g.at(x), h.at(y));
                    let want = oracle_leq(&gx, &hy);
                    assert_eq!(
                        leq(&g, x, &h, y, Rule::Stopper, &b).unwrap(),
                        want,
                        "{g:?} from {x} <= {h:?} from {y}"
                    );
                    if want { yes += 1 } else { no += 1 }
                }
            }
        }
        assert!(yes > 200 && no > 200, "{yes} true and {no} false comparisons");
    }

    /// Every Backsliding Toads and Frogs strip of up to 4 cells: the outcome
    /// read from its value agrees with the retrograde solver on the graph of
    /// its positions.
    #[test]
    fn backsliding_toads_and_frogs_outcomes_agree_with_retrograde_play() {
        use onag::loopy::partizan::backsliding::Backsliding;
        let b = Budget::unlimited();
        let zero = LoopyGame::new(vec![vec![]], vec![vec![]], 0).unwrap();
        let (mut valued, mut loopy) = (0, 0);
        for len in 1..=4u32 {
            for code in 0..3u32.pow(len) {
                let text: String =
                    (0..len).map(|i| ['.', 't', 'f'][(code / 3u32.pow(i) % 3) as usize]).collect();
                let (g, _) = Backsliding::parse(&text).unwrap().graph(&b).unwrap();
                let v = SidedValue::of(&g, &b).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(v.outcome(&b).unwrap(), oracle_outcome(&g, &zero), "{text}");
                valued += 1;
                if !g.is_loopfree() {
                    loopy += 1;
                }
            }
        }
        assert!(valued == 120 && loopy > 40, "{valued} strips, {loopy} loopy");
    }

    #[test]
    fn outcomes_of_sums_agree_with_retrograde_play() {
        let mut rng = StdRng::seed_from_u64(61);
        let b = Budget::unlimited();
        let mut sided = 0;
        for _ in 0..300 {
            let g = random_stopper(&mut rng, 5);
            let h = random_stopper(&mut rng, 5);
            let s = g.sum(&h, 1 << 16).unwrap();
            let want = oracle_outcome(&g, &h);
            // Through the value (sides when the sum is not a stopper).
            let v = match SidedValue::of(&s, &b) {
                Ok(v) => v,
                Err(e) => panic!("{g:?} + {h:?}: {e}"),
            };
            if !s.is_stopper() {
                sided += 1;
            }
            assert_eq!(v.outcome(&b).unwrap(), want, "{g:?} + {h:?}");
            // And by the library's own play solver on the sum graph.
            let r = onag::loopy::partizan::play_results(&s);
            assert_eq!(LoopyOutcome::from_results(r[0][0], r[0][1]), want);
        }
        assert!(sided > 20, "only {sided} sums were not stoppers");
    }

    #[test]
    fn canonical_stoppers_keep_every_comparison() {
        let mut rng = StdRng::seed_from_u64(7);
        let b = Budget::unlimited();
        for _ in 0..200 {
            let g = random_stopper(&mut rng, 7);
            let c = canonical_stopper(&g, &b).unwrap();
            assert!(c.len() <= g.len());
            // Canonical forms are fixed points.
            let cc = canonical_stopper(&c, &b).unwrap();
            assert_eq!(cc, c, "{g:?}");
            for _ in 0..5 {
                let x = random_stopper(&mut rng, 5);
                assert_eq!(oracle_leq(&g, &x), oracle_leq(&c, &x), "{g:?} vs {x:?}");
                assert_eq!(oracle_leq(&x, &g), oracle_leq(&x, &c), "{x:?} vs {g:?}");
            }
        }
    }

    #[test]
    fn sides_keep_sided_comparisons_and_outcomes() {
        let mut rng = StdRng::seed_from_u64(11);
        let b = Budget::unlimited();
        let (mut done, mut failed) = (0, 0);
        for _ in 0..300 {
            let g = random_game(&mut rng, 5);
            if g.is_stopper() {
                continue;
            }
            let (on, off) = match (side(&g, true, &b), side(&g, false, &b)) {
                (Ok(on), Ok(off)) => (on, off),
                _ => {
                    failed += 1;
                    continue;
                }
            };
            done += 1;
            for _ in 0..4 {
                let x = random_stopper(&mut rng, 4);
                assert_eq!(leq(&g, 0, &x, 0, Rule::Onside, &b).unwrap(), oracle_leq(&on, &x));
                assert_eq!(leq(&x, 0, &g, 0, Rule::Onside, &b).unwrap(), oracle_leq(&x, &on));
                assert_eq!(leq(&g, 0, &x, 0, Rule::Offside, &b).unwrap(), oracle_leq(&off, &x));
                assert_eq!(leq(&x, 0, &g, 0, Rule::Offside, &b).unwrap(), oracle_leq(&x, &off));
            }
            // Outcome of play of g itself (g + 0).
            let zero = LoopyGame::new(vec![vec![]], vec![vec![]], 0).unwrap();
            let v = SidedValue { onside: on, offside: off };
            assert_eq!(v.outcome(&b).unwrap(), oracle_outcome(&g, &zero), "{g:?}");
        }
        assert!(done > 50, "{done} done, {failed} not stopper-sided");
    }

    /// Every game has a value now: sides that are not stoppers are kept
    /// simplified. Each simplified side compares with stoppers as the game
    /// does under its rule, bisimilar nodes merged keep every comparison,
    /// and the value's outcome is that of play (the oracle), stopper-sided
    /// or not. Random small games are nearly always stopper-sided, so sums
    /// of Bach's Carousel with random stoppers are checked too.
    #[test]
    fn simplified_sides_of_any_game_keep_comparisons_and_outcomes() {
        use onag::game::Arena;
        use onag::loopy::partizan::canonical::{merge_bisimilar, simplified_side};
        use onag::loopy::partizan::parse::{Literal, parse_literal};
        let mut rng = StdRng::seed_from_u64(23);
        let b = Budget::unlimited();
        let zero = LoopyGame::new(vec![vec![]], vec![vec![]], 0).unwrap();
        let mut arena = Arena::new();
        let Literal::Game(bach) =
            parse_literal("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}", &mut arena, &b).unwrap()
        else {
            panic!("Bach's Carousel is a game literal")
        };
        let mut not_sided = 0;
        for i in 0..240 {
            let (g, h) = if i % 4 == 0 {
                (bach.clone(), random_stopper(&mut rng, 3))
            } else {
                (random_game(&mut rng, 5), zero.clone())
            };
            let g = g.sum(&h, 1 << 16).unwrap();
            let on = simplified_side(&g, true, &b).unwrap();
            let off = simplified_side(&g, false, &b).unwrap();
            if !(on.is_stopper() && off.is_stopper()) {
                not_sided += 1;
            }
            let merged = merge_bisimilar(&g);
            assert!(merged.len() <= g.len());
            for _ in 0..2 {
                let x = random_stopper(&mut rng, 4);
                for (side_game, rule) in [(&on, Rule::Onside), (&off, Rule::Offside)] {
                    let want = leq(&g, 0, &x, 0, rule, &b).unwrap();
                    assert_eq!(leq(side_game, 0, &x, 0, rule, &b).unwrap(), want, "{g:?}");
                    assert_eq!(leq(&merged, 0, &x, 0, rule, &b).unwrap(), want, "{g:?}");
                    let want = leq(&x, 0, &g, 0, rule, &b).unwrap();
                    assert_eq!(leq(&x, 0, side_game, 0, rule, &b).unwrap(), want, "{g:?}");
                }
            }
            let v = SidedValue::of(&g, &b).unwrap();
            assert_eq!(v.is_stopper_sided(), on.is_stopper() && off.is_stopper());
            assert_eq!(v.outcome(&b).unwrap(), oracle_outcome(&g, &zero), "{g:?}");
        }
        assert!(not_sided > 10, "only {not_sided} games were not stopper-sided");
    }
}

mod fox_and_geese {
    use onag::Budget;
    use onag::game::Arena;
    use onag::loopy::partizan::canonical::{SidedValue, canonical_stopper, stoppers_equal};
    use onag::loopy::partizan::fox_geese::{FoxAndGeese, Position};
    use onag::loopy::partizan::position::build_graph;
    use onag::loopy::partizan::print::print_stopper;
    use onag::loopy::partizan::{LoopyOutcome, play_results};

    /// The layered solver against the whole game graph built through the
    /// ruleset trait and simplified at once, and the outcome of the value
    /// against play on that graph.
    #[test]
    fn layers_agree_with_the_whole_graph_and_with_play() {
        let b = Budget::unlimited();
        for (width, geese) in [
            (4u32, vec![(4u32, 2u32), (4, 4)]),
            (4, vec![(5, 1), (5, 3)]),
            (5, vec![(5, 1), (5, 3), (5, 5)]),
            (6, vec![(4, 2), (4, 4), (4, 6)]),
        ] {
            let mut solver = FoxAndGeese::new(width).unwrap();
            let top = geese.iter().map(|g| g.0).max().unwrap();
            for r in 1..top {
                for c in 1..=width {
                    if (r + c) % 2 != 0 || geese.contains(&(r, c)) {
                        continue;
                    }
                    let fast = solver.value(&geese, (r, c), &b).unwrap();
                    let start = Position::new(width, &geese, (r, c)).unwrap();
                    let (graph, _) = build_graph(&start, &b).unwrap();
                    assert!(graph.is_stopper());
                    let whole = canonical_stopper(&graph, &b).unwrap();
                    assert!(stoppers_equal(&fast, &whole, &b).unwrap(), "{geese:?} fox {r},{c}");
                    let v = SidedValue { onside: fast.clone(), offside: fast };
                    let p = play_results(&graph);
                    assert_eq!(
                        v.outcome(&b).unwrap(),
                        LoopyOutcome::from_results(p[0][0], p[0][1])
                    );
                }
            }
        }
    }

    /// Geese on row 4 of the 8×8 board (the example of CGSuite's
    /// documentation): the values by fox square. The opening position of
    /// Winning Ways (2 + over on the 8×8 board) takes a minute unoptimised and
    /// is checked in the `loopy_partizan` bench.
    #[test]
    fn values_table_with_geese_on_row_four() {
        let b = Budget::unlimited();
        let mut arena = Arena::new();
        let mut solver = FoxAndGeese::new(8).unwrap();
        let table = solver.values_table(&[(4, 2), (4, 4), (4, 6), (4, 8)], &b).unwrap();
        let mut printed = Vec::new();
        for row in &table {
            let mut line = Vec::new();
            for v in row {
                line.push(match v {
                    Some(v) => print_stopper(v, &mut arena, &b).unwrap(),
                    None => "-".to_string(),
                });
            }
            printed.push(line.join(" "));
        }
        assert_eq!(printed.len(), 4);
        // CGSuite's documentation singles out the fox on (2, 8) as the one
        // explicitly loopy value of this table.
        for (i, line) in printed.iter().enumerate() {
            let row = 4 - i as u32;
            for (j, entry) in line.split(' ').enumerate() {
                let loopy = ["over", "under", "on", "off"].iter().any(|w| entry.contains(w));
                assert_eq!(
                    loopy,
                    (row, j as u32 + 1) == (2, 8),
                    "fox on ({row}, {}): {entry}",
                    j + 1
                );
            }
        }
        assert_eq!(printed[2].split(' ').nth(7), Some("{6over||3|2}"));
    }
}
