"""onag: exact combinatorial game theory from Python.

Games in the calculator's notation (``Game("{2|1}")``), calculator sessions
(``Calculator()``), Grundy sequences as NumPy arrays (``octal``,
``subtraction``), nim arithmetic over ``uint64`` arrays, game graphs
(``GameGraph``, from a ``networkx.DiGraph`` or an edge list), the retrograde
solver, every ruleset of the catalog (``Domineering("....|....")``), games
of your own (subclasses of ``PartizanGame`` and ``ImpartialGame``),
thermographs drawn as SVG, and sweeps on Dask (``onag.sweep``).

Long calls release the GIL, take ``max_positions=``, ``max_memory=`` and
``timeout=`` and stop on Ctrl-C with ``KeyboardInterrupt``; errors are
``onag.Error`` subclasses carrying the command's one-line messages.
"""

from ._onag import (
    ArithmeticOverflow,
    Calculator,
    Cancelled,
    CycleError,
    Error,
    FileError,
    Game,
    GrundySequence,
    InvalidInput,
    LimitExceeded,
    LoopyValue,
    ParseError,
    Position,
    Thermograph,
    Undefined,
    nim_inv,
    nim_mul,
    nim_pow,
    nim_sqrt,
    octal,
    rulesets,
    solve,
    subtraction,
)
from ._graph import GameGraph
from ._user import ImpartialGame, PartizanGame, Sum
from ._sweep import octal_codes, read_table, rectangles, sweep
from . import _onag

#: The package's version: that of the ``onag`` command built from the same
#: sources (``onag --version``).
__version__ = _onag.__version__


def _ruleset_constructor(name, package, about, example):
    def make(position, **params):
        return Position(name, position, **params)

    make.__name__ = make.__qualname__ = name
    make.__doc__ = f"A position of {package}.{name}: {about} (e.g. {name}({example!r}))."
    return make


_RULESETS = {}
for _name, _package, _about, _example in _onag.rulesets():
    _RULESETS[_name] = _ruleset_constructor(_name, _package, _about, _example)
    globals()[_name] = _RULESETS[_name]

__all__ = [
    "ArithmeticOverflow",
    "Calculator",
    "Cancelled",
    "CycleError",
    "Error",
    "FileError",
    "Game",
    "GameGraph",
    "GrundySequence",
    "ImpartialGame",
    "InvalidInput",
    "LimitExceeded",
    "LoopyValue",
    "ParseError",
    "PartizanGame",
    "Position",
    "Thermograph",
    "Undefined",
    "nim_inv",
    "nim_mul",
    "nim_pow",
    "nim_sqrt",
    "octal",
    "rulesets",
    "solve",
    "subtraction",
    "Sum",
    "octal_codes",
    "read_table",
    "rectangles",
    "sweep",
] + sorted(_RULESETS)

