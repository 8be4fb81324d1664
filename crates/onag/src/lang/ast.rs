//! The calculator's syntax tree: what the parser builds and the evaluator walks.
//!
//! Every node carries the byte span of the text it came from, so evaluation
//! errors point at the right column. The parser bounds the tree's height
//! (see [`crate::lang::parser::MAX_DEPTH`]), so walking it recursively is safe.

use num_bigint::BigInt;

use super::lexer::Span;

/// An expression and where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    /// What the expression is.
    pub kind: ExprKind,
    /// Its text in the source.
    pub span: Span,
    /// The height of the tree below and including this node (a leaf has 1).
    pub height: u32,
}

/// Which part of the up family an up literal names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpKind {
    /// n·↑ (`^`, `^^`, `^5`).
    Multiple,
    /// ↑ⁿ (`^<n>`).
    Power,
    /// ↑+↑²+…+↑ⁿ (`^[n]`).
    PowerSum,
}

/// A binary operator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `+-`: x ± y = x + {y | −y}
    PlusMinus,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `^` (power of numbers)
    Pow,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `<>`
    Confused,
    /// `<|`
    LessOrConfused,
    /// `|>`
    GreaterOrConfused,
    /// A named infix operator (`a NimSum b`, `G : H` is `OrdinalSum`): the
    /// member of that name on the left operand, called with the right one.
    Named(String),
}

/// A unary prefix operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    /// `-x`
    Neg,
    /// `+x`
    Plus,
    /// `+-x`: the switch {x | −x}
    PlusMinus,
}

/// An argument of a call: positional or `name => value`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    /// The name of a named argument.
    pub name: Option<String>,
    /// The value.
    pub value: Expr,
}

/// Where a list comprehension's variable takes its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// `from a to b`: the integers a, a+1, …, b.
    Range(Box<Expr>, Box<Expr>),
    /// `in L`: the elements of a list (or set).
    In(Box<Expr>),
}

/// The kinds of expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExprKind {
    /// An integer literal (negative when a minus sign touches the digits of a
    /// compact literal such as `-1^`).
    Int(BigInt),
    /// `a/b` written as part of a compact literal (`73/16v9*8`).
    Fraction(BigInt, BigInt),
    /// A string literal.
    Str(String),
    /// `true` or `false`.
    Bool(bool),
    /// A name: a variable, a constant or a ruleset.
    Var(String),
    /// An up literal: `count` of `kind` (negative count for downs).
    Up(UpKind, BigInt),
    /// `*`, `*5`, `*(e)`: the nimber of the operand.
    Star(Box<Expr>),
    /// `{L|R}`: a game with the given Left and Right options.
    Game(Vec<Expr>, Vec<Expr>),
    /// `+-{a,b}`: the game {a,b | −a,−b}.
    PlusMinusSet(Vec<Expr>),
    /// `[a, b, c]`.
    List(Vec<Expr>),
    /// Coordinates `(a, b)`.
    Pair(Box<Expr>, Box<Expr>),
    /// `[body for var from a to b]` or `[body for var in L]`.
    Comprehension {
        /// The element expression.
        body: Box<Expr>,
        /// The loop variable.
        var: String,
        /// Its values.
        source: Source,
    },
    /// A prefix operator.
    Unary(UnOp, Box<Expr>),
    /// A binary operator.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `target.Name` or `target.Name(args)`.
    Member {
        /// What the member is asked of.
        target: Box<Expr>,
        /// The member's name.
        name: String,
        /// Where the name is written.
        name_span: Span,
        /// The arguments, if written with parentheses.
        args: Option<Vec<Arg>>,
    },
    /// `callee(args)`: `Tiny(1)`, `Kayles(20)`, `Turning("1-3")("htth")`.
    Call(Box<Expr>, Vec<Arg>),
    /// `name := value`.
    Assign(String, Box<Expr>),
    /// A named node `a{0|a}` (and any brace literal around one): a loopy
    /// game read from its source text.
    Loopy,
    /// `e1; e2; …`; the flag says the sequence ended with `;` (no value shown).
    Seq(Vec<Expr>, bool),
}

impl Expr {
    /// An expression of `kind` at `span`; its height is one more than its
    /// tallest child's.
    pub fn new(kind: ExprKind, span: Span) -> Self {
        let height = 1 + kind.children().map(|c| c.height).max().unwrap_or(0);
        Expr { kind, span, height }
    }
}

impl ExprKind {
    /// The direct sub-expressions.
    pub fn children(&self) -> Box<dyn Iterator<Item = &Expr> + '_> {
        match self {
            ExprKind::Int(_)
            | ExprKind::Fraction(..)
            | ExprKind::Str(_)
            | ExprKind::Bool(_)
            | ExprKind::Var(_)
            | ExprKind::Loopy
            | ExprKind::Up(..) => Box::new(std::iter::empty()),
            ExprKind::Star(e) | ExprKind::Unary(_, e) | ExprKind::Assign(_, e) => {
                Box::new(std::iter::once(&**e))
            }
            ExprKind::Game(l, r) => Box::new(l.iter().chain(r.iter())),
            ExprKind::PlusMinusSet(v) | ExprKind::List(v) | ExprKind::Seq(v, _) => {
                Box::new(v.iter())
            }
            ExprKind::Comprehension { body, source, .. } => match source {
                Source::Range(a, b) => Box::new([&**body, &**a, &**b].into_iter()),
                Source::In(l) => Box::new([&**body, &**l].into_iter()),
            },
            ExprKind::Binary(_, a, b) | ExprKind::Pair(a, b) => Box::new([&**a, &**b].into_iter()),
            ExprKind::Member { target, args, .. } => Box::new(
                std::iter::once(&**target)
                    .chain(args.iter().flat_map(|a| a.iter().map(|arg| &arg.value))),
            ),
            ExprKind::Call(f, args) => {
                Box::new(std::iter::once(&**f).chain(args.iter().map(|a| &a.value)))
            }
        }
    }
}
