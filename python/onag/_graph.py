"""Game graphs from a ``networkx.DiGraph`` or an edge list."""

from typing import Any, Dict, Hashable, Iterable, List, Optional, Tuple

from . import _onag


class GameGraph:
    """An impartial game graph: an edge ``(u, v)`` is a move from ``u`` to ``v``.

    ``GameGraph(nx_digraph)`` or ``GameGraph([(u, v), ...], nodes=[...])``
    (``nodes`` adds positions without moves and fixes the order). Positions
    may be any hashable values.
    """

    def __init__(self, graph: Any, nodes: Optional[Iterable[Hashable]] = None) -> None:
        if hasattr(graph, "is_directed") and hasattr(graph, "nodes"):
            if not graph.is_directed():
                raise TypeError("GameGraph: a networkx graph must be directed (a DiGraph)")
            order = list(graph.nodes) if nodes is None else list(nodes)
            edges = list(graph.edges())
        else:
            try:
                edges = [tuple(e) for e in graph]
            except TypeError:
                raise TypeError(
                    "GameGraph: expected a networkx.DiGraph or a list of (u, v) edges"
                ) from None
            if any(len(e) != 2 for e in edges):
                raise TypeError("GameGraph: every edge must be a pair (u, v)")
            order = [] if nodes is None else list(nodes)
        self.nodes: List[Hashable] = []
        self._index: Dict[Hashable, int] = {}
        for node in order:
            self._add(node)
        for u, v in edges:
            self._add(u)
            self._add(v)
        self._successors: List[List[int]] = [[] for _ in self.nodes]
        for u, v in edges:
            self._successors[self._index[u]].append(self._index[v])
        self._grundy: Optional[Tuple[List[int], List[List[int]]]] = None

    def _add(self, node: Hashable) -> None:
        if node not in self._index:
            self._index[node] = len(self.nodes)
            self.nodes.append(node)

    def _position(self, node: Hashable) -> int:
        try:
            return self._index[node]
        except KeyError:
            raise KeyError(f"{node!r} is not a position of the graph") from None

    def _solve(self, **limits: Any) -> Tuple[List[int], List[List[int]]]:
        if self._grundy is None or limits:
            # The positions' own names, for errors (a cycle names its
            # positions); onag uses p0, p1, ... instead when two print alike
            # or one holds a space.
            names = [str(node) for node in self.nodes]
            self._grundy = _onag.graph_grundy(self._successors, names=names, **limits)
        return self._grundy

    def grundy_values(self, **limits: Any) -> Dict[Hashable, int]:
        """The Grundy value of every position (an acyclic graph)."""
        values, _ = self._solve(**limits)
        return dict(zip(self.nodes, values))

    def outcome(self, node: Hashable) -> str:
        """``"P"`` (the player to move loses) or ``"N"``."""
        values, _ = self._solve()
        return "P" if values[self._position(node)] == 0 else "N"

    def winning_moves(self, node: Hashable) -> List[Hashable]:
        """The moves from ``node`` to a position of value 0."""
        _, moves = self._solve()
        return [self.nodes[i] for i in moves[self._position(node)]]

    def retrograde(
        self, *, misere: bool = False, **limits: Any
    ) -> Dict[Hashable, Tuple[str, Optional[int], Optional[Hashable]]]:
        """Win, loss or draw of every position of a graph that may have cycles,
        with the number of moves to the end under best play and a best move:
        ``{node: ("win", 3, next_node), ...}``."""
        solved = _onag.graph_retrograde(self._successors, misere=misere, **limits)
        return {
            node: (word, distance, None if best is None else self.nodes[best])
            for node, (word, distance, best) in zip(self.nodes, solved)
        }
