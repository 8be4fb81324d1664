//! The boards: every ruleset of the catalog, a position's value, outcome,
//! temperature and winning moves as `onag NAME --json POSITION` gives them,
//! and the options of a position, each with its value, for the explorer and
//! for play.

use onag::game::{Arena, GameId, PartizanOutcome};
use onag::ruleset::analysis::analyse;
use onag::ruleset::catalog::{self, Arg, Family, Ruleset};
use onag::ruleset::{AnyPosition, Player, Solvers};
use serde::Serialize;

use crate::limits::Limits;

/// A parameter of a ruleset, for the page's form.
#[derive(Debug, Serialize)]
pub struct ParamInfo {
    /// Its name (`--param NAME=VALUE`).
    pub name: &'static str,
    /// Its default, if it has one.
    pub default: Option<&'static str>,
    /// A value to show as an example.
    pub example: &'static str,
    /// What it means.
    pub about: &'static str,
}

/// A ruleset as the page lists it.
#[derive(Debug, Serialize)]
pub struct RulesetInfo {
    /// The command-line name (`domineering`), the one `#play=` links use.
    pub command: String,
    /// CGSuite's name (`Domineering`).
    pub name: &'static str,
    /// The calculator's path (`game.grid.Domineering`).
    pub path: String,
    /// Its package: `Grid`, `Strip`, `Graph` or `Heap`.
    pub family: Family,
    /// One line: who moves how.
    pub about: &'static str,
    /// A position to start from.
    pub example: &'static str,
    /// Whether both players always have the same moves.
    pub impartial: bool,
    /// Its parameters.
    pub params: Vec<ParamInfo>,
    /// The `--param NAME=VALUE` arguments the example needs (those
    /// parameters without a default).
    pub example_params: Vec<String>,
    /// For a board or a strip, the characters a cell may hold, the empty
    /// cell first when there is one (found by parsing the example with each
    /// character in its first cell); empty for other rulesets.
    pub cells: String,
}

/// Every ruleset, in the order `onag rulesets` lists them.
pub fn rulesets() -> Vec<RulesetInfo> {
    catalog::rulesets()
        .map(|r| RulesetInfo {
            command: r.command(),
            name: r.name,
            path: r.path(),
            family: r.family,
            about: r.about,
            example: r.example,
            impartial: r.impartial,
            params: r
                .params
                .iter()
                .map(|p| ParamInfo {
                    name: p.name,
                    default: p.default,
                    example: p.example,
                    about: p.about,
                })
                .collect(),
            example_params: example_params(r),
            cells: cells(r),
        })
        .collect()
}

/// The `NAME=VALUE` arguments the example of `r` needs.
fn example_params(r: &Ruleset) -> Vec<String> {
    r.params
        .iter()
        .filter(|p| p.default.is_none())
        .map(|p| format!("{}={}", p.name, p.example))
        .collect()
}

/// The characters a cell of `r`'s boards may hold (see [`RulesetInfo::cells`]).
fn cells(r: &'static Ruleset) -> String {
    if !matches!(r.family, Family::Grid | Family::Strip) {
        return String::new();
    }
    let Ok(params) = params(r, &example_params(r)) else { return String::new() };
    let mut found = String::new();
    for c in (b'!'..=b'~').map(char::from).filter(|&c| c != '|') {
        let mut chars = r.example.chars();
        chars.next();
        let text: String = std::iter::once(c).chain(chars).collect();
        let Ok(arg) = Arg::from_text(&text, r.argument) else { continue };
        let Ok(p) = r.position(&params, &arg) else { continue };
        if let Some(shown) = p.notation().chars().next()
            && !found.contains(shown)
        {
            found.push(shown);
        }
    }
    if let Some(i) = found.find('.') {
        found.remove(i);
        found.insert(0, '.');
    }
    found
}

/// Reads `NAME=VALUE` arguments into the parameters of `r`, with the
/// command line's messages for `--param`.
pub fn params(r: &Ruleset, given: &[String]) -> Result<catalog::Params, String> {
    let mut named = Vec::new();
    for text in given {
        let Some((name, value)) = text.split_once('=') else {
            return Err(format!("--param {text}: expected NAME=VALUE"));
        };
        let Some(p) = r.params.iter().find(|p| p.name.eq_ignore_ascii_case(name.trim())) else {
            // The catalog's message lists the parameters there are.
            return Err(r
                .params(&[], &[(name.trim().to_string(), Arg::Bool(false))])
                .err()
                .map_or_else(|| format!("{} has no parameter {name}", r.name), |e| e.to_string()));
        };
        let arg = Arg::from_text(value.trim(), p.kind)
            .map_err(|e| format!("--param {}: {}", p.name, e.message()))?;
        named.push((p.name.to_string(), arg));
    }
    r.params(&[], &named).map_err(|e| e.to_string())
}

/// The ruleset called `name` and its position written `text` with the
/// parameters `given` (`NAME=VALUE`), or the one-line error the command
/// line gives for them (without its `error: `).
pub fn position(name: &str, text: &str, given: &[String]) -> Result<Box<dyn AnyPosition>, String> {
    let r = catalog::find(name).ok_or_else(|| catalog::unknown(name).to_string())?;
    let params = params(r, given)?;
    let arg = Arg::from_text(text, r.argument).map_err(|e| e.to_string())?;
    r.position(&params, &arg).map_err(|e| {
        if let Some(name) = e.parameter() {
            return format!("--param {name}: {}", e.message());
        }
        match e.location() {
            Some(_) => e.in_source("position").to_string(),
            None => format!("position: {}", e.message()),
        }
    })
}

/// One winning move, as `onag NAME --json` writes it.
#[derive(Debug, Serialize)]
pub struct MoveJson {
    /// The component moved in (1-based; always 1 here, one position).
    pub component: usize,
    /// The position after the move, as written.
    pub position: String,
    /// The value after the move.
    pub value: String,
}

/// A position's value and winning moves: the fields of `onag NAME --json
/// POSITION`, in its order.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The ruleset's path.
    pub ruleset: String,
    /// The position, as written.
    pub positions: Vec<String>,
    /// Its canonical form.
    pub value: String,
    /// Its outcome class.
    pub outcome: PartizanOutcome,
    /// Its mean.
    pub mean: String,
    /// Its temperature.
    pub temperature: String,
    /// Its nim value, for an impartial ruleset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nim_value: Option<u64>,
    /// Left's winning moves.
    pub left_winning_moves: Vec<MoveJson>,
    /// Right's winning moves.
    pub right_winning_moves: Vec<MoveJson>,
}

/// A fresh arena and solvers within `limits`, as `onag NAME` has for its
/// one position.
fn engine(limits: &Limits) -> (Arena, Solvers) {
    let budget = limits.budget();
    let arena = Arena::new().with_budget(budget.clone());
    let mut solvers = Solvers::new();
    solvers.set_budget(budget);
    (arena, solvers)
}

/// The one-line form of an error: line breaks become spaces and control
/// characters escapes, as the command line prints its errors.
fn one_line(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.replace('\n', " ").chars() {
        match c {
            '\0' => out.push_str("\\0"),
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    out
}

/// Values `position` of the ruleset `name` (parameters `given`) within
/// `limits`: what `onag NAME --json POSITION` prints, or the line `error:
/// ...` it prints on its standard error.
pub fn report(name: &str, text: &str, given: &[String], limits: &Limits) -> Result<Report, String> {
    let p = position(name, text, given).map_err(|e| format!("error: {}", one_line(&e)))?;
    report_of(p, limits).map_err(|e| format!("error: {}", one_line(&e.to_string())))
}

fn report_of(p: Box<dyn AnyPosition>, limits: &Limits) -> onag::Result<Report> {
    let (mut arena, mut solvers) = engine(limits);
    let positions = [p];
    let a = analyse(&positions, &mut arena, &mut solvers)?;
    let mean = arena.mean(a.value)?.to_string();
    let temperature = arena.temperature(a.value)?.to_string();
    let value = arena.print(a.value)?;
    let mut moves = [Vec::new(), Vec::new()];
    for (side, list) in [&a.left, &a.right].into_iter().enumerate() {
        for m in list {
            moves[side].push(MoveJson {
                component: m.component + 1,
                position: m.position.notation(),
                value: arena.print(m.value)?,
            });
        }
    }
    let [left_winning_moves, right_winning_moves] = moves;
    Ok(Report {
        ruleset: positions[0].ruleset().path(),
        positions: vec![positions[0].notation()],
        value,
        outcome: a.outcome,
        mean,
        temperature,
        nim_value: a.nim_value,
        left_winning_moves,
        right_winning_moves,
    })
}

/// An option of a position and its value.
#[derive(Debug, Serialize)]
pub struct OptionJson {
    /// The position after the move, as written.
    pub position: String,
    /// Its canonical form.
    pub value: String,
}

/// Each player's options of a position, in the ruleset's order, the same
/// position listed once.
#[derive(Debug, Serialize)]
pub struct Options {
    /// The position, as written.
    pub position: String,
    /// Its canonical form.
    pub value: String,
    /// Left's options.
    pub left: Vec<OptionJson>,
    /// Right's options.
    pub right: Vec<OptionJson>,
}

/// The options of `position` for both players, each valued within
/// `limits` (one arena for them all), or the line `error: ...`.
pub fn options(
    name: &str,
    text: &str,
    given: &[String],
    limits: &Limits,
) -> Result<Options, String> {
    let p = position(name, text, given).map_err(|e| format!("error: {}", one_line(&e)))?;
    options_of(&*p, limits).map_err(|e| format!("error: {}", one_line(&e.to_string())))
}

fn options_of(p: &dyn AnyPosition, limits: &Limits) -> onag::Result<Options> {
    let (mut arena, mut solvers) = engine(limits);
    let value: GameId = p.value(&mut arena, &mut solvers)?;
    let mut sides = [Vec::new(), Vec::new()];
    for (side, player) in Player::BOTH.into_iter().enumerate() {
        let mut listed = Vec::new();
        for option in p.options(player) {
            let position = option.notation();
            if listed.contains(&position) {
                continue;
            }
            let v = option.value(&mut arena, &mut solvers)?;
            listed.push(position.clone());
            sides[side].push(OptionJson { position, value: arena.print(v)? });
        }
    }
    let [left, right] = sides;
    Ok(Options { position: p.notation(), value: arena.print(value)?, left, right })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ruleset_is_listed_with_its_cells() {
        let all = rulesets();
        assert_eq!(all.len(), catalog::rulesets().count());
        let cells = |name: &str| all.iter().find(|r| r.command == name).unwrap().cells.clone();
        assert_eq!(cells("domineering"), ".#");
        assert_eq!(cells("clobber"), ".ox");
        assert_eq!(cells("toads-and-frogs"), ".ft");
        assert_eq!(cells("hackenbush"), "");
        // Every board ruleset has a cell of its own example and more than one.
        for r in all.iter().filter(|r| matches!(r.family, Family::Grid | Family::Strip)) {
            assert!(r.cells.len() >= 2, "{}: {}", r.command, r.cells);
            assert!(r.cells.contains(r.example.chars().next().unwrap()), "{}", r.command);
        }
    }

    #[test]
    fn a_report_has_the_value_and_the_winning_moves() {
        let r = report("domineering", "..|..", &[], &Limits::default()).unwrap();
        assert_eq!(r.value, "+-1");
        assert_eq!(r.outcome, PartizanOutcome::N);
        assert_eq!(r.temperature, "1");
        assert_eq!(r.left_winning_moves.len(), 2);
        assert!(r.left_winning_moves.iter().all(|m| m.value == "1"));
        let json = serde_json::to_string(&r).unwrap();
        assert!(json.starts_with(r#"{"ruleset":"game.grid.Domineering","positions":["..|.."]"#));
    }

    #[test]
    fn bad_input_is_one_line_error() {
        let limits = Limits::default();
        let few = Limits { max_positions: Some(3), ..Limits::default() };
        let err = |name: &str, text: &str, given: &[&str], limits: &Limits| {
            let given: Vec<String> = given.iter().map(|s| s.to_string()).collect();
            let err = report(name, text, &given, limits).unwrap_err();
            assert!(!err.contains('\n'), "{err}");
            err
        };
        assert_eq!(
            err("domineering", "..|...", &[], &limits),
            "error: position:1:4: rows must have equal lengths: this row has 3 cells, the first 2"
        );
        let unknown = err("nosuchgame", "..", &[], &limits);
        assert!(unknown.starts_with("error: no ruleset is called 'nosuchgame'"), "{unknown}");
        assert_eq!(
            err("domineering", "..", &["x"], &limits),
            "error: --param x: expected NAME=VALUE"
        );
        let limited = err("domineering", "....|....|....|....", &[], &few);
        assert!(limited.ends_with("(raise --max-positions)"), "{limited}");
    }

    #[test]
    fn options_are_listed_once_with_their_values() {
        let o = options("domineering", "...", &[], &Limits::default()).unwrap();
        assert_eq!(o.value, "-1");
        assert!(o.left.is_empty());
        let shown: Vec<(&str, &str)> =
            o.right.iter().map(|m| (m.position.as_str(), m.value.as_str())).collect();
        assert_eq!(shown, [("##.", "0"), (".##", "0")]);
    }
}
