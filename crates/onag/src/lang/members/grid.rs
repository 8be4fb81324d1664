//! Members of grids (`cgsuite.util.Grid`).

use crate::error::ErrorKind;
use crate::lang::classes::coordinates::pair;
use crate::lang::classes::grid;
use crate::lang::runtime::table::{Table, member, member_optional};
use crate::lang::value::Value;
use crate::lang::value::grid::Grid;

/// The members of grids.
pub(crate) const TABLE: Table<Grid> = Table {
    on: "grid",
    members: &[
        member("RowCount", 0, "the number of rows", "Grid.Empty(3, 4).RowCount", |_, g, _, _| {
            Ok(Value::int(g.rows()))
        }),
        member(
            "ColCount",
            0,
            "the number of columns",
            "Grid.Empty(3, 4).ColCount",
            |_, g, _, _| Ok(Value::int(g.cols())),
        ),
        member(
            "FindAll",
            1,
            "the coordinates holding v, row by row",
            "Grid.Parse(\".x.|x..\", \".x\").FindAll(1)",
            |ev, g, a, _| {
                let v = crate::lang::runtime::table::integer(ev, "FindAll", a, 0)?;
                let v = v.try_into().unwrap_or(i64::MAX);
                Ok(Value::List(grid::find_all(g, v).into_iter().map(|(r, c)| pair(r, c)).collect()))
            },
        ),
        member(
            "IsInBounds",
            1,
            "whether coordinates (row, col) are on the grid",
            "Grid.Empty(3, 4).IsInBounds((3, 5))",
            |_, g, a, _| {
                Ok(Value::Bool(
                    grid::coordinates(&a[0].0).is_some_and(|(r, c)| g.get(r, c).is_some()),
                ))
            },
        ),
        member(
            "Subgrid",
            2,
            "the part from one corner (row, col) to another, both included",
            "Grid.Parse(\".abb|.ba.|.a..\", \".ab\").Subgrid((1,2),(3,3))",
            |ev, g, a, s| {
                let (Some(from), Some(to)) =
                    (grid::coordinates(&a[0].0), grid::coordinates(&a[1].0))
                else {
                    return Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        "Subgrid takes two coordinates (row, col)",
                    ));
                };
                Ok(Value::Grid(std::sync::Arc::new(grid::subgrid(g, from, to))))
            },
        ),
        member(
            "Permuted",
            1,
            "the grid under a symmetry: Symmetry.Inversion (a half turn), ClockwiseRotation, Transpose, …",
            "Grid.Parse(\".ab|...\", \".ab\").Permuted(Symmetry.ClockwiseRotation)",
            |ev, g, a, s| match grid::permuted(g, &a[0].0) {
                Some(p) => Ok(Value::Grid(std::sync::Arc::new(p))),
                None => Err(ev.error(
                    s,
                    ErrorKind::InvalidInput,
                    format!(
                        "Permuted needs a symmetry such as Symmetry.Inversion, not {}",
                        a[0].0.kind_name()
                    ),
                )),
            },
        ),
        member_optional(
            "Decomposition",
            1,
            1,
            "Decomposition(boundary), Decomposition(boundary, directions): the connected regions of cells other than boundary, each as its own grid (neighbours: Coordinates.Orthogonal unless given)",
            "Grid.Parse(\"..#.|..#.\", \".#\").Decomposition(1)",
            |ev, g, a, s| {
                let boundary = crate::lang::runtime::table::integer(ev, "Decomposition", a, 0)?;
                let Ok(boundary) = i8::try_from(boundary) else {
                    return Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        "a grid's values are from -128 to 127",
                    ));
                };
                let directions = match a.get(1) {
                    None => vec![(-1, 0), (0, 1), (1, 0), (0, -1)],
                    Some((Value::List(items), at)) => {
                        let mut out = Vec::with_capacity(items.len());
                        for item in items {
                            match grid::coordinates(item) {
                                Some(d) => out.push(d),
                                None => {
                                    return Err(ev.error(
                                        *at,
                                        ErrorKind::InvalidInput,
                                        "the directions are a list of coordinates",
                                    ));
                                }
                            }
                        }
                        out
                    }
                    Some((_, at)) => {
                        return Err(ev.error(
                            *at,
                            ErrorKind::InvalidInput,
                            "the directions are a list of coordinates",
                        ));
                    }
                };
                let parts = grid::decomposition(g, boundary, &directions);
                Ok(Value::List(
                    parts.into_iter().map(|p| Value::Grid(std::sync::Arc::new(p))).collect(),
                ))
            },
        ),
        member(
            "SymmetryInvariant",
            1,
            "the least of the grid's images under a list of symmetries (Symmetry.Flip): equal for grids that are images of each other",
            "Grid.Parse(\"#.|..\", \".#\").SymmetryInvariant(Symmetry.Flip)",
            |ev, g, a, s| {
                let symmetries = match &a[0].0 {
                    Value::List(items) => items.clone(),
                    one => vec![one.clone()],
                };
                match grid::symmetry_invariant(g, &symmetries) {
                    Some(p) => Ok(Value::Grid(std::sync::Arc::new(p))),
                    None => Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        "SymmetryInvariant needs a list of symmetries such as Symmetry.Flip",
                    )),
                }
            },
        ),
        member_optional(
            "ToString",
            0,
            1,
            "ToString(charMap): the grid written with a character map (value v as its v-th character); without one, as it prints",
            "Grid.Parse(\".abb|.ba.\", \".ab\").ToString(\".ab\")",
            |ev, g, a, s| {
                let Some((arg, _)) = a.first() else {
                    return Ok(Value::Str(crate::lang::value::grid::show(g)));
                };
                let Value::Str(map) = arg else {
                    return Err(ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        "ToString takes a character map, e.g. \".xo\"",
                    ));
                };
                let map: Vec<char> = map.chars().collect();
                g.write(&map).map(Value::Str).ok_or_else(|| {
                    ev.error(
                        s,
                        ErrorKind::InvalidInput,
                        "the grid holds a value the character map has no character for",
                    )
                })
            },
        ),
        member_optional(
            "Updated",
            1,
            1,
            "Updated((row, col), v), or Updated({(row, col) => v, …}): the grid with those cells changed",
            "Grid.Empty(2, 3).Updated((1, 2), 4)",
            |ev, g, a, s| match a {
                [(Value::Map(entries), _)] => grid::updated(ev, g, &mut entries.iter(), s),
                [(at, _), (v, _)] => grid::updated(ev, g, &mut std::iter::once((at, v)), s),
                _ => Err(ev.error(
                    s,
                    ErrorKind::InvalidInput,
                    "Updated takes coordinates and a value, or a map",
                )),
            },
        ),
    ],
};
