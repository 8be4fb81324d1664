//! Syntax trees back to text, as CGSuite prints a function: its parameters,
//! `->` and its body written out again from the tree, one line, with a
//! space around each binary operator (`x -> x + 1` for `x->x+1`), `; `
//! between statements and `begin … end` around a sequence that needs it.
//!
//! Each operator has CGScript's precedence level ([`prec`], 1 binds
//! tightest); an expression is put in parentheses when its operator binds
//! more loosely than the place it stands in allows. Both operands of a
//! binary operator are written at the operator's own level, as CGSuite
//! writes them, except where that would change the meaning (`a - (b - c)`
//! keeps its parentheses). Named infix operators are member calls (`a Max b` is
//! `a.Max(b)`), an `elseif` is an `if` inside `else`, and a loop lists its
//! clauses before `do` or `yield`.

use crate::lang::syntax::ast::{
    Arg, BinOp, Collect, Expr, ExprKind, FunctionDef, Logic, LoopClause, Source, UnOp, UpKind,
};

/// CGScript's operator precedence levels (`OperatorPrecedence`), tightest
/// first.
mod prec {
    pub const POSTFIX: u32 = 3;
    pub const EXP: u32 = 4;
    pub const NEG: u32 = 5;
    pub const MULT: u32 = 6;
    pub const ORDINAL_SUM: u32 = 7;
    pub const SIDLE: u32 = 8;
    pub const PLUS: u32 = 9;
    pub const RANGE: u32 = 10;
    pub const RELATIONAL: u32 = 12;
    pub const IS: u32 = 13;
    pub const NOT: u32 = 14;
    pub const AND: u32 = 15;
    pub const OR: u32 = 16;
    pub const FUNCTION_DEF: u32 = 17;
    pub const ASSIGN: u32 = 18;
    pub const STATEMENT_SEQ: u32 = 19;
    /// An element of a list, set or map, an argument, a condition or an
    /// index: an assignment stands there as it is, a sequence of
    /// statements inside `begin … end`.
    pub const ELEMENT: u32 = ASSIGN;
    /// Any place: nothing needs parentheses.
    pub const ANY: u32 = u32::MAX;
}

/// The text of a function as CGSuite prints it: `x -> x + 1`,
/// `(x, y) -> begin var s := x; s + y end` (a `def` prints as the function
/// it names).
pub(crate) fn function_text(def: &FunctionDef, source: &str) -> String {
    let mut out = String::new();
    function(&mut out, def, source);
    out
}

/// Writes the parameters, `->` and the body of `def`.
fn function(out: &mut String, def: &FunctionDef, source: &str) {
    let names: Vec<&str> = def.params.iter().map(|p| p.name.as_str()).collect();
    match names.as_slice() {
        [one] => out.push_str(one),
        many => out.push_str(&format!("({})", many.join(", "))),
    }
    out.push_str(" -> ");
    write(out, &def.body, prec::FUNCTION_DEF, source);
}

/// The symbol and level of a binary operator other than a named one.
fn binary_symbol(op: &BinOp) -> (&'static str, u32) {
    match op {
        BinOp::Add => ("+", prec::PLUS),
        BinOp::Sub => ("-", prec::PLUS),
        BinOp::PlusMinus => ("+-", prec::PLUS),
        BinOp::Mul => ("*", prec::MULT),
        BinOp::Div => ("/", prec::MULT),
        BinOp::Mod => ("%", prec::MULT),
        BinOp::Pow => ("^", prec::EXP),
        BinOp::Eq => ("==", prec::RELATIONAL),
        BinOp::Ne => ("!=", prec::RELATIONAL),
        BinOp::Lt => ("<", prec::RELATIONAL),
        BinOp::Le => ("<=", prec::RELATIONAL),
        BinOp::Gt => (">", prec::RELATIONAL),
        BinOp::Ge => (">=", prec::RELATIONAL),
        BinOp::Confused => ("<>", prec::RELATIONAL),
        BinOp::LessOrConfused => ("<|", prec::RELATIONAL),
        BinOp::GreaterOrConfused => ("|>", prec::RELATIONAL),
        BinOp::Sided => ("&", prec::SIDLE),
        BinOp::Range => ("..", prec::RANGE),
        BinOp::Is => ("is", prec::IS),
        BinOp::Named(_) => (":", prec::ORDINAL_SUM),
    }
}

/// Writes `parts` separated by `sep`, each at any level.
fn list(out: &mut String, parts: &[Expr], sep: &str, source: &str) {
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        write(out, p, prec::ELEMENT, source);
    }
}

/// Writes `parts` separated by `sep` between the two `brackets`.
fn bracketed(out: &mut String, brackets: (&str, &str), parts: &[Expr], sep: &str, source: &str) {
    out.push_str(brackets.0);
    list(out, parts, sep, source);
    out.push_str(brackets.1);
}

/// Writes call arguments: `a, name => b`.
fn args(out: &mut String, args: &[Arg], source: &str) {
    out.push('(');
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if let Some(name) = &a.name {
            out.push_str(name);
            out.push_str(" => ");
        }
        write(out, &a.value, prec::ELEMENT, source);
    }
    out.push(')');
}

/// Writes `text` made at `level`, in parentheses when the place allows only
/// tighter operators than `level`.
fn wrapped(out: &mut String, level: u32, enclosing: u32, text: impl FnOnce(&mut String)) {
    let paren = level > enclosing;
    if paren {
        out.push('(');
    }
    text(out);
    if paren {
        out.push(')');
    }
}

/// `e` written as an element ([`prec::ELEMENT`]).
fn element(e: &Expr, source: &str) -> String {
    let mut out = String::new();
    write(&mut out, e, prec::ELEMENT, source);
    out
}

/// Writes one loop clause: `for x in L`, `from a to b by c`, `while`,
/// `where`.
fn clause(out: &mut String, c: &LoopClause, source: &str) {
    let mut words: Vec<String> = Vec::new();
    if let Some(var) = &c.var {
        words.push(format!("for {var}"));
    }
    match &c.source {
        Source::In(list) => words.push(format!("in {}", element(list, source))),
        Source::Range { from, to, by } => {
            words.push(format!("from {}", element(from, source)));
            if let Some(to) = to {
                words.push(format!("to {}", element(to, source)));
            }
            if let Some(by) = by {
                words.push(format!("by {}", element(by, source)));
            }
        }
        Source::Repeat => {}
    }
    if let Some(w) = &c.while_cond {
        words.push(format!("while {}", element(w, source)));
    }
    if let Some(w) = &c.where_cond {
        words.push(format!("where {}", element(w, source)));
    }
    out.push_str(&words.join(" "));
}

/// Writes a loop: each clause, then `do` or `yield` and the body, then
/// `end`; further clauses are loops inside the first one's body.
fn loop_text(
    out: &mut String,
    clauses: &[LoopClause],
    body: &Expr,
    collect: Collect,
    source: &str,
) {
    let Some((first, rest)) = clauses.split_first() else {
        write(out, body, prec::ANY, source);
        return;
    };
    clause(out, first, source);
    out.push_str(match collect {
        Collect::Nothing => " do ",
        Collect::List => " yield ",
        Collect::Set => " yield as Set ",
        Collect::Map => " yield as Map ",
    });
    if rest.is_empty() {
        write(out, body, prec::ANY, source);
    } else {
        loop_text(out, rest, body, collect, source);
    }
    out.push_str(" end");
}

/// Writes `if c then a else if d then b end end` for the branches.
fn if_text(out: &mut String, branches: &[(Expr, Expr)], otherwise: Option<&Expr>, source: &str) {
    let Some(((cond, then), rest)) = branches.split_first() else {
        if let Some(e) = otherwise {
            write(out, e, prec::ANY, source);
        }
        return;
    };
    out.push_str("if ");
    write(out, cond, prec::ELEMENT, source);
    out.push_str(" then ");
    write(out, then, prec::ANY, source);
    if !rest.is_empty() || otherwise.is_some() {
        out.push_str(" else ");
        if_text(out, rest, otherwise, source);
    }
    out.push_str(" end");
}

/// Writes statements separated by `; `, inside `begin … end` when the
/// place needs it.
fn sequence(out: &mut String, statements: &[Expr], enclosing: u32, source: &str) {
    let block = prec::STATEMENT_SEQ > enclosing;
    if block {
        out.push_str("begin ");
    }
    for (i, s) in statements.iter().enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        write(out, s, prec::STATEMENT_SEQ, source);
    }
    if block {
        out.push_str(" end");
    }
}

/// Writes `e` standing in a place that allows operators up to `enclosing`.
fn write(out: &mut String, e: &Expr, enclosing: u32, source: &str) {
    match &e.kind {
        // A negative literal is a negation to the operators around it.
        ExprKind::Int(n) => {
            let level = if n.sign() == num_bigint::Sign::Minus { prec::NEG } else { 0 };
            wrapped(out, level, enclosing, |out| out.push_str(&n.to_string()));
        }
        ExprKind::Fraction(n, d) => {
            let level = if n.sign() == num_bigint::Sign::Minus { prec::NEG } else { 0 };
            wrapped(out, level, enclosing, |out| out.push_str(&format!("{n}/{d}")));
        }
        ExprKind::Str(s) => write_string(out, s),
        ExprKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        ExprKind::Var(name) => out.push_str(name),
        ExprKind::Up(kind, n) => {
            let arrow = if n.sign() == num_bigint::Sign::Minus { "v" } else { "^" };
            let count = n.magnitude().to_string();
            out.push_str(&match kind {
                UpKind::Multiple if count == "1" => arrow.to_string(),
                UpKind::Multiple if count == "2" => arrow.repeat(2),
                UpKind::Multiple => format!("{arrow}{count}"),
                UpKind::Power => format!("{arrow}<{count}>"),
                UpKind::PowerSum => format!("{arrow}[{count}]"),
            });
        }
        ExprKind::Star(operand) => {
            out.push('*');
            match &operand.kind {
                ExprKind::Int(n) if *n == 1.into() => {}
                ExprKind::Int(n) if n.sign() != num_bigint::Sign::Minus => {
                    out.push_str(&n.to_string());
                }
                ExprKind::Var(_) => write(out, operand, prec::ANY, source),
                _ => {
                    out.push('(');
                    write(out, operand, prec::ANY, source);
                    out.push(')');
                }
            }
        }
        ExprKind::Game(left, right) => {
            out.push('{');
            list(out, left, ",", source);
            out.push_str(" | ");
            list(out, right, ",", source);
            out.push('}');
        }
        ExprKind::PlusMinusSet(options) => bracketed(out, ("+-{", "}"), options, ",", source),
        ExprKind::List(items) => bracketed(out, ("[", "]"), items, ", ", source),
        ExprKind::Set(items) => bracketed(out, ("{", "}"), items, ", ", source),
        ExprKind::Map(entries) if entries.is_empty() => out.push_str("{=>}"),
        ExprKind::Map(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(out, k, prec::ELEMENT, source);
                out.push_str(" => ");
                write(out, v, prec::ELEMENT, source);
            }
            out.push('}');
        }
        ExprKind::Pair(a, b) => {
            out.push('(');
            write(out, a, prec::ELEMENT, source);
            out.push_str(", ");
            write(out, b, prec::ELEMENT, source);
            out.push(')');
        }
        ExprKind::Loop { clauses, body, collect } => {
            loop_text(out, clauses, body, *collect, source)
        }
        ExprKind::If(branches, otherwise) => if_text(out, branches, otherwise.as_deref(), source),
        ExprKind::Block(statements) => sequence(out, statements, enclosing, source),
        ExprKind::Seq(statements, _) => sequence(out, statements, enclosing, source),
        ExprKind::Declare(name, value) => wrapped(out, prec::ASSIGN, enclosing, |out| {
            out.push_str("var ");
            out.push_str(name);
            if let Some(v) = value {
                out.push_str(" := ");
                write(out, v, prec::ASSIGN, source);
            }
        }),
        ExprKind::Assign(name, value) => wrapped(out, prec::ASSIGN, enclosing, |out| {
            out.push_str(name);
            out.push_str(" := ");
            write(out, value, prec::ASSIGN, source);
        }),
        ExprKind::Function(def) => match &def.name {
            // `def f(x) := e` inside a body assigns the function.
            Some(name) => wrapped(out, prec::ASSIGN, enclosing, |out| {
                out.push_str(name);
                out.push_str(" := ");
                function(out, def, source);
            }),
            None => wrapped(out, prec::FUNCTION_DEF, enclosing, |out| function(out, def, source)),
        },
        ExprKind::Index(target, index) => wrapped(out, prec::POSTFIX, enclosing, |out| {
            write(out, target, prec::POSTFIX, source);
            out.push('[');
            write(out, index, prec::ELEMENT, source);
            out.push(']');
        }),
        ExprKind::Logic(logic, a, b) => {
            let (word, level) = match logic {
                Logic::And => ("and", prec::AND),
                Logic::Or => ("or", prec::OR),
            };
            wrapped(out, level, enclosing, |out| {
                write(out, a, level, source);
                out.push_str(&format!(" {word} "));
                write(out, b, level, source);
            });
        }
        ExprKind::Not(a) => wrapped(out, prec::NOT, enclosing, |out| {
            out.push_str("not ");
            write(out, a, prec::NOT, source);
        }),
        ExprKind::Unary(op, a) => wrapped(out, prec::NEG, enclosing, |out| {
            out.push_str(match op {
                UnOp::Neg => "-",
                UnOp::Plus => "+",
                UnOp::PlusMinus => "+-",
            });
            // `-(-x)`, not `--x`: signs that touch read as one literal.
            let mut operand = String::new();
            write(&mut operand, a, prec::NEG, source);
            if operand.starts_with(['-', '+']) {
                out.push_str(&format!("({operand})"));
            } else {
                out.push_str(&operand);
            }
        }),
        // `a Max b` is the member call `a.Max(b)`; `G : H` is an operator.
        ExprKind::Binary(BinOp::Named(name), a, b) if name != "OrdinalSum" => {
            wrapped(out, prec::POSTFIX, enclosing, |out| {
                write(out, a, prec::POSTFIX, source);
                out.push_str(&format!(".{name}("));
                write(out, b, prec::ELEMENT, source);
                out.push(')');
            });
        }
        ExprKind::Binary(op, a, b) => {
            let (symbol, level) = binary_symbol(op);
            // Where grouping changes the meaning, the operand on the other
            // side of the operator's associativity must bind tighter:
            // `a - (b - c)` keeps its parentheses, and so does `(2^3)^2`.
            let (left, right) = match op {
                // Sums regroup freely: `a + (b + c)` is `a + b + c`, as
                // CGSuite writes it.
                BinOp::Add => (level, level),
                BinOp::Pow => (level - 1, level),
                _ => (level, level - 1),
            };
            wrapped(out, level, enclosing, |out| {
                write(out, a, left, source);
                out.push_str(&format!(" {symbol} "));
                write(out, b, right, source);
            });
        }
        ExprKind::Member { target, name, args: given, .. } => {
            wrapped(out, prec::POSTFIX, enclosing, |out| {
                write(out, target, prec::POSTFIX, source);
                out.push('.');
                out.push_str(name);
                if let Some(given) = given {
                    args(out, given, source);
                }
            });
        }
        ExprKind::Call(callee, given) => wrapped(out, prec::POSTFIX, enclosing, |out| {
            write(out, callee, prec::POSTFIX, source);
            args(out, given, source);
        }),
        ExprKind::Loopy => out.push_str(source.get(e.span.start..e.span.end).unwrap_or("")),
        ExprKind::Explicit(game) => {
            out.push('\'');
            write(out, game, prec::ANY, source);
            out.push('\'');
        }
        ExprKind::Break => out.push_str("break"),
        ExprKind::Continue => out.push_str("continue"),
        ExprKind::This => out.push_str("this"),
        ExprKind::Yields(parts) => {
            for (i, part) in parts.iter().enumerate() {
                if i > 0 {
                    out.push_str(" yield ");
                }
                write(out, part, prec::ANY, source);
            }
        }
        ExprKind::Return(value) => {
            out.push_str("return");
            if let Some(v) = value {
                out.push(' ');
                write(out, v, prec::ANY, source);
            }
        }
    }
}

/// Writes a string literal in double quotes, escaping `"` and `\`.
pub fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            _ => out.push(ch),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::budget::Budget;
    use crate::lang::session::Session;
    use crate::lang::syntax::parser::parse;

    /// The text of `source` written out again.
    fn again(source: &str) -> String {
        let mut out = String::new();
        write(&mut out, &parse(source).unwrap(), prec::ANY, source);
        out
    }

    #[test]
    fn functions_print_as_cgsuite_prints_them() {
        for (typed, printed) in [
            ("x->x+1", "x -> x + 1"),
            ("(x,y)->[x*y,-x,{x|y}]", "(x, y) -> [x * y, -x, {x | y}]"),
            ("x -> begin y := x + 4; y; end", "x -> begin y := x + 4; y end"),
            ("x -> x Max 3", "x -> x.Max(3)"),
            (
                "x -> if x then 1 elseif x then 2 else 3 end",
                "x -> if x then 1 else if x then 2 else 3 end end",
            ),
            (
                "n -> [k for k from 1 to n by 2 where k > 1]",
                "n -> for k from 1 to n by 2 where k > 1 yield k end",
            ),
            ("x -> x - (1 - 2)", "x -> x - (1 - 2)"),
            ("x -> (2^x)^2", "x -> (2 ^ x) ^ 2"),
            ("x -> (y := x)", "x -> (y := x)"),
            ("x -> [begin 1; x end, 2]", "x -> [begin 1; x end, 2]"),
            ("x -> *(-1) + *3", "x -> *(-1) + *3"),
            ("x -> \"a\\\"b\"", "x -> \"a\\\"b\""),
            ("x -> -(-x)", "x -> -(-x)"),
        ] {
            assert_eq!(again(typed), printed, "{typed}");
        }
    }

    /// Arithmetic on `x` and `y` from a small grammar, written with every
    /// parenthesis.
    fn arithmetic() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            (0u8..10).prop_map(|n| n.to_string()),
            Just("x".to_string()),
            Just("y".to_string()),
        ];
        leaf.prop_recursive(4, 24, 2, |inner| {
            prop_oneof![
                (inner.clone(), prop::sample::select(vec!["+", "-", "*", "%", "^"]), inner.clone())
                    .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
                inner.prop_map(|a| format!("(-{a})")),
            ]
        })
    }

    /// Nested negations are written once each, not once per level.
    #[test]
    fn deep_negations_are_written_in_linear_time() {
        let deep = format!("x -> {}x", "-x^".repeat(45));
        assert!(again(&deep).len() < 2_000);
    }

    /// A function of thousands of terms prints on the default 2 MiB stack
    /// of a library user's thread.
    #[test]
    fn a_long_function_prints_on_a_small_stack() {
        let text = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(|| again(&format!("x -> {}", vec!["x"; 4_000].join("+"))))
            .unwrap()
            .join()
            .unwrap();
        assert!(text.starts_with("x -> x + x"));
    }

    proptest::proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Written out again (and again), an expression reads back to one
        /// with the same value.
        #[test]
        fn written_out_again_reads_back_to_the_same_value(e in arithmetic()) {
            // A literal like `-(3)` may read back as the number -3, so the
            // text may change when written out again, but never the value.
            let printed = again(&e);
            let twice = again(&printed);
            let mut session = Session::new();
            let budget = Budget::unlimited();
            let value = |session: &mut Session, text: &str| {
                session.run_to_string(&format!("x := 3; y := -2; {text}"), &budget)
                    .map_err(|err| err.message().to_string())
            };
            let original = value(&mut session, &e);
            prop_assert_eq!(&original, &value(&mut session, &printed), "{}", printed);
            prop_assert_eq!(&original, &value(&mut session, &twice), "{}", twice);
        }
    }
}
