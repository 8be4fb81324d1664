//! Thermographs and Grundy sequences drawn by the library's picture module,
//! for the page's main thread: the module measures its text with the page's
//! DOM, which a worker has not, so the page draws with a second instance of
//! the module there.

use onag::lang::{Session, Value};
use onag::number::Dyadic;

use crate::calc::{DEFAULT_MAX_POSITIONS, EVAL_STACK, error_text};
use crate::limits::Limits;

/// The SVG picture of the thermograph of `game`, a game in the calculator's
/// notation (a report's value: `{1|-7/4}`, `3/2`), within `limits`; or the
/// line `error: ...`.
pub fn thermograph(game: &str, limits: &Limits) -> Result<String, String> {
    let fail = |e: onag::Error| format!("error: {}", error_text(&e, 1));
    let mut session = Session::new();
    session.set_stack_limit(EVAL_STACK);
    let mut budget = limits.budget();
    if limits.max_positions.is_none() {
        budget = budget.with_max_positions(DEFAULT_MAX_POSITIONS);
    }
    let id = match session.run(game, &budget).map_err(fail)? {
        Some(Value::Game(g)) => g,
        Some(Value::Number(q)) => {
            let x = Dyadic::from_rational(&q.to_big())
                .ok_or_else(|| format!("error: {q} is not a dyadic rational"))?;
            session.arena().dyadic(&x).map_err(fail)?
        }
        Some(other) => return Err(format!("error: {} is not a game", other.kind_name())),
        None => return Err(format!("error: '{game}' has no value")),
    };
    let arena = session.arena();
    let thermograph = arena.thermograph(id).map_err(fail)?;
    let printed = arena.print(id).map_err(fail)?;
    onag::picture::thermograph_svg(&thermograph, &printed).map_err(fail)
}

/// An SVG scatter plot of the Grundy values `list` (a list of natural
/// numbers in the calculator's notation, such as an answer of
/// `NimValueSequence`), titled "Grundy values of `title`"; or the line
/// `error: ...`.
pub fn grundy(title: &str, list: &str, limits: &Limits) -> Result<String, String> {
    let fail = |e: onag::Error| format!("error: {}", error_text(&e, 1));
    let mut session = Session::new();
    session.set_stack_limit(EVAL_STACK);
    let budget = limits.budget().with_max_positions(DEFAULT_MAX_POSITIONS);
    let not_values = || "error: a Grundy sequence is a list of natural numbers".to_string();
    let Some(Value::List(items)) = session.run(list, &budget).map_err(fail)? else {
        return Err(not_values());
    };
    let mut values = Vec::with_capacity(items.len());
    for item in &items {
        let Value::Number(n) = item else { return Err(not_values()) };
        let v = n.as_i64().and_then(|v| u32::try_from(v).ok()).ok_or_else(not_values)?;
        values.push(v);
    }
    onag::picture::grundy_svg(title, &values).map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thermograph_is_drawn_with_its_game_escaped() {
        let svg = thermograph("{3||2*|1*}", &Limits::default()).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..40]);
        assert!(svg.contains("Thermograph of {3||2*|1*}"));
        let svg = thermograph("^<2>", &Limits::default()).unwrap();
        assert!(svg.contains("Thermograph of ^&lt;2&gt;"));
        assert!(thermograph("3/2", &Limits::default()).unwrap().contains("Thermograph of 3/2"));
    }

    #[test]
    fn a_grundy_sequence_is_plotted() {
        let svg = grundy("Kayles", "[0,1,2,3,1,4]", &Limits::default()).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("Grundy values of Kayles"));
        for bad in ["[1,-1]", "[1/2]", "3", "[*]"] {
            assert_eq!(
                grundy("x", bad, &Limits::default()).unwrap_err(),
                "error: a Grundy sequence is a list of natural numbers",
                "{bad}"
            );
        }
    }

    #[test]
    fn what_is_not_a_game_is_an_error() {
        assert_eq!(
            thermograph("[1]", &Limits::default()).unwrap_err(),
            "error: a list is not a game"
        );
        assert!(thermograph("{1|", &Limits::default()).unwrap_err().starts_with("error: 1:"));
        assert_eq!(
            thermograph("1/3", &Limits::default()).unwrap_err(),
            "error: 1/3 is not a dyadic rational"
        );
    }
}
