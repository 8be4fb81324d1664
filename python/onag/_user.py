"""Games defined in Python, valued by onag's engine.

Subclass ``PartizanGame`` and define ``left_options()`` and
``right_options()`` (or subclass ``ImpartialGame`` and define
``options()``), plus ``__eq__`` and ``__hash__`` so that equal positions
are found again, and optionally ``components()``, the parts whose
disjunctive sum the position is (each valued once). An option may be a
position, a sum of positions (``a + b``, ``sum([...])``) or an
``onag.Game``::

    class Nim(onag.ImpartialGame):
        def __init__(self, n):
            self.n = n
        def options(self):
            return [Nim(k) for k in range(self.n)]
        def __eq__(self, other):
            return isinstance(other, Nim) and self.n == other.n
        def __hash__(self):
            return hash(self.n)

    Nim(5).nim_value   # 5

Positions are met once for the whole process: every region's value is
kept, so asking again, or for a position that shares regions, costs
little. Exceptions raised in the methods reach the caller as they are;
Ctrl-C raises ``KeyboardInterrupt``.
"""

from typing import Any, Dict, List, Optional, Union

from . import _onag

_LIMITS = ("max_positions", "max_memory", "timeout")


def _limits(kwargs: Dict[str, Any]) -> Dict[str, Any]:
    unknown = sorted(set(kwargs) - set(_LIMITS))
    if unknown:
        raise TypeError(
            f"unexpected keyword argument {unknown[0]!r} (the limits are "
            "max_positions=, max_memory= and timeout=)"
        )
    return kwargs


class PartizanGame:
    """A position of a partizan game defined in Python (see the module)."""

    def left_options(self) -> List[Any]:
        raise NotImplementedError(
            f"{type(self).__name__} must define left_options() (it extends onag.PartizanGame)"
        )

    def right_options(self) -> List[Any]:
        raise NotImplementedError(
            f"{type(self).__name__} must define right_options() (it extends onag.PartizanGame)"
        )

    def components(self) -> List[Any]:
        """The parts whose disjunctive sum this position is (itself alone
        unless a subclass says otherwise)."""
        return [self]

    def __add__(self, other: Any) -> "Sum":
        return Sum(self, other)

    def __radd__(self, other: Any) -> Any:
        # `sum([...])` starts from 0.
        if isinstance(other, int) and other == 0:
            return self
        return Sum(other, self)

    @property
    def _impartial(self) -> bool:
        return False

    def value(self, **limits: Any) -> _onag.Game:
        """The canonical form, within limits (``max_positions=``,
        ``max_memory=``, ``timeout=``)."""
        return _onag.user_value(self, self._impartial, **_limits(limits))

    @property
    def canonical_form(self) -> _onag.Game:
        """The canonical form (an ``onag.Game``); a game whose positions
        repeat is ``onag.CycleError``."""
        return self.value()

    @property
    def game_value(self) -> Union[_onag.Game, _onag.LoopyValue]:
        """The value: the canonical form of a game that ends (an
        ``onag.Game``), else its loopy value (an ``onag.LoopyValue``, a
        stopper or ``onside & offside``)."""
        if self._impartial:
            return self.value()
        return _onag.user_game_value(self)

    @property
    def outcome(self) -> str:
        """The outcome class: ``"L"``, ``"R"``, ``"N"`` or ``"P"``; for a
        game whose positions repeat, also ``"D"`` (a draw) and CGSuite's
        other loopy classes."""
        return self.game_value.outcome

    @property
    def nim_value(self) -> Optional[int]:
        """The nim value, when the canonical form is a nimber."""
        return self.canonical_form.nim_value

    def _winning(self, options: List[Any], left: bool) -> List[Any]:
        values = _onag.user_values(list(options), self._impartial)
        zero = _onag.Game(0)
        return [o for o, v in zip(options, values) if (v >= zero if left else v <= zero)]

    @property
    def left_winning_moves(self) -> List[Any]:
        """Left's options after which Left wins moving second, as listed."""
        return self._winning(self.left_options(), True)

    @property
    def right_winning_moves(self) -> List[Any]:
        """Right's options after which Right wins moving second, as listed."""
        return self._winning(self.right_options(), False)

    def analyse(self, **limits: Any) -> Dict[str, Any]:
        """The value, outcome and both players' winning moves, within limits."""
        value = self.value(**limits)
        return {
            "value": value,
            "outcome": value.outcome,
            "left_winning_moves": self.left_winning_moves,
            "right_winning_moves": self.right_winning_moves,
        }


class ImpartialGame(PartizanGame):
    """A position of an impartial game defined in Python: both players have
    the moves ``options()`` lists."""

    def options(self) -> List[Any]:
        raise NotImplementedError(
            f"{type(self).__name__} must define options() (it extends onag.ImpartialGame)"
        )

    def left_options(self) -> List[Any]:
        return self.options()

    def right_options(self) -> List[Any]:
        return self.options()

    @property
    def _impartial(self) -> bool:
        return True

    @property
    def nim_value(self) -> int:  # type: ignore[override]
        """The nim value (Sprague-Grundy), without building canonical forms."""
        return _onag.user_nim_value(self)

    def nim_value_within(self, **limits: Any) -> int:
        """The nim value within limits (``max_positions=``, ...)."""
        return _onag.user_nim_value(self, **_limits(limits))

    @property
    def winning_moves(self) -> List[Any]:
        """The options of nim value 0, as listed."""
        return self.left_winning_moves


class Sum(PartizanGame):
    """The disjunctive sum of positions (and games): what ``a + b`` of two
    positions is. Equal when the parts are, in order."""

    def __init__(self, *parts: Any) -> None:
        flat: List[Any] = []
        for p in parts:
            flat.extend(p.parts if isinstance(p, Sum) else [p])
        self.parts = tuple(flat)

    @property
    def _impartial(self) -> bool:
        return all(isinstance(p, ImpartialGame) for p in self.parts)

    def left_options(self) -> List[Any]:
        return [self._replace(i, o) for i, p in enumerate(self.parts) for o in _left(p)]

    def right_options(self) -> List[Any]:
        return [self._replace(i, o) for i, p in enumerate(self.parts) for o in _right(p)]

    def components(self) -> List[Any]:
        return list(self.parts)

    def _replace(self, i: int, option: Any) -> "Sum":
        return Sum(*self.parts[:i], option, *self.parts[i + 1 :])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sum) and self.parts == other.parts

    def __hash__(self) -> int:
        return hash(self.parts)

    def __repr__(self) -> str:
        return " + ".join(repr(p) for p in self.parts)


def _left(p: Any) -> List[Any]:
    return p.left_options() if isinstance(p, PartizanGame) else p.left_options


def _right(p: Any) -> List[Any]:
    return p.right_options() if isinstance(p, PartizanGame) else p.right_options
