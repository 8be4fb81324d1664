//! CGSuite's `Graph` in the calculator: its constructors and members
//! against the strings CGSuite's own graph tests expect, and a graph
//! ruleset declared in CGScript (`tests/it/data/classes/mine/ArcKayles.cgs`)
//! against the built-in Arc Kayles on random graphs and against Dawson's
//! Kayles (OEIS A002187), which Arc Kayles on a path is.

use std::path::PathBuf;

use expect_test::expect;
use onag::Budget;
use onag::lang::Session;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn session() -> Session {
    let mut session = Session::new();
    let library = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/classes");
    session.set_library_path(vec![library]);
    session
}

fn eval(session: &mut Session, input: &str) -> String {
    let budget = Budget::unlimited().with_max_positions(1_000_000);
    session.run_to_string(input, &budget).unwrap_or_else(|e| format!("error: {e}"))
}

fn transcript(inputs: &[&str]) -> String {
    let mut session = session();
    inputs.iter().map(|input| format!("{input} => {}\n", eval(&mut session, input))).collect()
}

#[test]
fn graphs_are_made_changed_and_written_as_cgsuite_does() {
    let inputs = [
        "Graph.Path(5)",
        "Graph.Cycle(5)",
        "Graph.Star(5)",
        "Graph.Clique(5)",
        "Graph.Clique(5).DeleteEdge(Graph.Clique(5)[1][1])",
        "Graph.Clique(5).DeleteVertices([1, 2])",
        "Graph.Clique(5).UpdatedVertexLabels({ 1 => Left })",
        "Graph(\":A--:A\").AdjacencyList",
        "Graph(\":A--:A\").DeleteEdgeByIndex(1, 1)",
        "[Graph(\":A-:A\").IsSimple, Graph(\":A-:A\").Edges[1], Graph(\":A-:A\").Vertices[1]]",
        "Graph.Cycle(5).Vertices[1]",
        "Graph.Star(5).DeleteEdge(Graph.Star(5)[1][1])",
        "Graph.FromAdjacencyList([[2,5],[1,3],[2,4],[3,5],[1,4]])",
        "g := Graph.Parse(\".-.-L-L-.-.-L\", vertexLabels => { \"\" => Nothing, \"L\" => Left })",
        "[g.VertexCount, g.EdgeCount, g.IsConnected]",
        "g.Decomposition(Left)",
        "g.DeleteEdge(g[1][1])",
        "g.ToString({ Left => \"L\" })",
        "Graph(\"-;--\").ConnectedComponents",
        "Graph(\"\").ConnectedComponent(1)",
        "Graph(\".\").DeleteVertices([1, 2])",
        "Graph(\".\")[1][1]",
        "Graph.FromAdjacencyList([[2], []])",
        "Graph(\"-(-\")",
    ];
    expect![[r#"
        Graph.Path(5) => Graph("----")
        Graph.Cycle(5) => Graph(":A-----:A")
        Graph.Star(5) => Graph("(-;-;-;-)")
        Graph.Clique(5) => Graph(":A-:B-:C(-:A;-(-:A;-:B;-(-:A;-:B;-:C)))")
        Graph.Clique(5).DeleteEdge(Graph.Clique(5)[1][1]) => Graph(":A-:B-:C-(-:A;-:B;-(-:A;-:C;-:B))")
        Graph.Clique(5).DeleteVertices([1, 2]) => Graph(":A---:A")
        Graph.Clique(5).UpdatedVertexLabels({ 1 => Left }) => Graph("{Left}:A-:B-:C(-{Left}:A;-(-{Left}:A;-:B;-(-{Left}:A;-:B;-:C)))")
        Graph(":A--:A").AdjacencyList => [[2,2],[1,1]]
        Graph(":A--:A").DeleteEdgeByIndex(1, 1) => Graph("-")
        [Graph(":A-:A").IsSimple, Graph(":A-:A").Edges[1], Graph(":A-:A").Vertices[1]] => [false,Edge(Nothing, 1, 1),Vertex(Nothing, [1])]
        Graph.Cycle(5).Vertices[1] => Vertex(Nothing, [2,5])
        Graph.Star(5).DeleteEdge(Graph.Star(5)[1][1]) => Graph("(-;-;-);.")
        Graph.FromAdjacencyList([[2,5],[1,3],[2,4],[3,5],[1,4]]) => Graph(":A-----:A")
        g := Graph.Parse(".-.-L-L-.-.-L", vertexLabels => { "" => Nothing, "L" => Left }) => Graph("--{Left}-{Left}---{Left}")
        [g.VertexCount, g.EdgeCount, g.IsConnected] => [7,6,true]
        g.Decomposition(Left) => [Graph("-"),Graph("-")]
        g.DeleteEdge(g[1][1]) => Graph(".;-{Left}-{Left}---{Left}")
        g.ToString({ Left => "L" }) => "--L-L---L"
        Graph("-;--").ConnectedComponents => [Graph("-"),Graph("--")]
        Graph("").ConnectedComponent(1) => error: 1:30: Vertex is out of bounds: 1
        Graph(".").DeleteVertices([1, 2]) => error: 1:27: Vertex is out of bounds: 2
        Graph(".")[1][1] => error: 1:1: Edge is out of bounds: 1 (at <onag>/cgsuite/util/Vertex.cgs:17:10)
        Graph.FromAdjacencyList([[2], []]) => error: 1:25: the adjacency list must list each edge at both ends (vertex 2 does not agree with its neighbours)
        Graph("-(-") => error: 1:7: invalid graph: unmatched '('
    "#]]
    .assert_eq(&transcript(&inputs));
}

/// Arc Kayles on a path of n vertices is Dawson's Kayles on n − 1 pins
/// (OEIS A002187).
#[test]
fn a_graph_ruleset_declared_in_cgscript_agrees_with_arc_kayles() {
    let mut session = session();
    let paths = eval(&mut session, "[mine.ArcKayles()(Graph.Path(n)).NimValue for n from 1 to 30]");
    let dawson =
        [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4];
    let expected: Vec<String> = dawson.iter().map(|v: &i32| v.to_string()).collect();
    assert_eq!(paths, format!("[{}]", expected.join(",")));
    let mut rng = StdRng::seed_from_u64(39);
    for _ in 0..30 {
        let n = rng.gen_range(1..=7);
        let mut lists = vec![Vec::new(); n];
        for a in 0..n {
            for b in a + 1..n {
                if rng.gen_bool(0.35) {
                    lists[a].push(b + 1);
                    lists[b].push(a + 1);
                }
            }
        }
        let adjacency: Vec<String> = lists
            .iter()
            .map(|l| {
                format!("[{}]", l.iter().map(ToString::to_string).collect::<Vec<_>>().join(","))
            })
            .collect();
        let graph = format!("Graph.FromAdjacencyList([{}])", adjacency.join(","));
        let user = eval(&mut session, &format!("mine.ArcKayles()({graph}).NimValue"));
        let built_in = eval(&mut session, &format!("game.graph.ArcKayles({graph}).NimValue"));
        assert!(user.parse::<u64>().is_ok(), "{graph}: {user}");
        assert_eq!(user, built_in, "{graph}");
        // With one counter on each vertex, weighted Arc Kayles is Arc Kayles.
        let weighted = eval(
            &mut session,
            &format!(
                "mine.ArcKayles(weighted => true)(Graph.FromAdjacencyList([{}], 1)).NimValue",
                adjacency.join(",")
            ),
        );
        assert_eq!(weighted, user, "weighted {graph}");
    }
}
