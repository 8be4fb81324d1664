//! The calculator's syntax tree: what the parser builds and the evaluator walks.
//!
//! Every node carries the byte span of the text it came from, so evaluation
//! errors point at the right column. The parser bounds the tree's height
//! (see [`crate::lang::syntax::parser::MAX_DEPTH`]), so walking it recursively is safe.

use num_bigint::BigInt;

use crate::lang::syntax::lexer::Span;

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
    /// `&`: the sided value `onside & offside` of two stoppers
    Sided,
    /// `is`: whether the left operand is an instance of the class on the right
    Is,
    /// `..`: a range of integers (`1..10`; `1..10..2` sets the step)
    Range,
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

/// Where a loop's variable takes its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// `from a to b by c`: a, a+c, a+2c, … while not past b (`to` and `by`
    /// optional; `by` is 1 when absent, and without `to` the loop runs until
    /// its `while` fails).
    Range {
        /// The first value.
        from: Box<Expr>,
        /// The last value, if bounded.
        to: Option<Box<Expr>>,
        /// The step (1 when absent).
        by: Option<Box<Expr>>,
    },
    /// `in L`: the elements of a list or set.
    In(Box<Expr>),
    /// No variable: a `while` loop.
    Repeat,
}

/// One clause of a loop: `for x from a to b by c`, `for x in L` or `while`,
/// each with optional `while` and `where` conditions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopClause {
    /// The loop variable (`None` for a bare `while` loop).
    pub var: Option<String>,
    /// Its values.
    pub source: Source,
    /// `while c`: the loop stops as soon as `c` is false.
    pub while_cond: Option<Box<Expr>>,
    /// `where c`: the body runs only when `c` is true.
    pub where_cond: Option<Box<Expr>>,
}

/// What a loop gives back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collect {
    /// `do`: nothing (the loop is run for its effects).
    Nothing,
    /// `yield`, `[e for …]`, `listof(e for …)`: the list of the body's values.
    List,
    /// `{e for …}`, `setof(e for …)`: the set of the body's values.
    Set,
    /// `{k => v for …}`: the map of the body's entries.
    Map,
}

/// A function: its parameters and body (shared by every value made from it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionDef {
    /// The name given by `def` (`None` for a lambda).
    pub name: Option<String>,
    /// The parameters.
    pub params: Vec<Param>,
    /// The body.
    pub body: Expr,
}

/// A parameter of a function, a method or a class: `x`, `x as Integer`,
/// `x ? 0` (optional, with its default), `args...` (the remaining
/// arguments, as a list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    /// Its name.
    pub name: String,
    /// The class its argument must be an instance of (`as Integer`), as
    /// written: a name or a dotted path.
    pub class: Option<String>,
    /// `? default`: the parameter may be left out; its value is then the
    /// default's (or `Nothing`, when `?` has no expression).
    pub default: Option<Option<Box<Expr>>>,
    /// `...`: the parameter takes every remaining argument, as a list.
    pub expand: bool,
    /// Where it is written.
    pub span: Span,
}

impl Param {
    /// A plain parameter `name` (no class, no default) written at `span`.
    pub fn plain(name: String, span: Span) -> Param {
        Param { name, class: None, default: None, expand: false, span }
    }
}

/// The modifiers written before a declaration in a class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Modifiers {
    /// `override`: the member replaces one of a superclass.
    pub overrides: bool,
    /// `static`: the member belongs to the class, not to its instances.
    pub is_static: bool,
    /// `external`: the member is computed by onag itself (system classes).
    pub external: bool,
    /// `mutable`.
    pub mutable: bool,
    /// `private`.
    pub private: bool,
    /// `singleton` (classes): the class has exactly one instance.
    pub singleton: bool,
    /// `system` (classes): a class of onag's own whose `external` members
    /// onag computes.
    pub system: bool,
}

/// A class declaration: `[singleton] class Name(params) extends A, B ... end`,
/// or an enumerated type: `enum Name A, B, C; ... end`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassDecl {
    /// The class's name.
    pub name: String,
    /// Where the name is written.
    pub name_span: Span,
    /// Its modifiers.
    pub modifiers: Modifiers,
    /// The constructor's parameters (`None`: the class has no constructor).
    pub params: Option<Vec<Param>>,
    /// The superclasses as written (names or dotted paths), with where each is.
    pub extends: Vec<(String, Span)>,
    /// The declarations of its body, in order.
    pub body: Vec<Decl>,
    /// An `enum`'s elements, in order, with where each is written (`None`
    /// for a class).
    pub elements: Option<Vec<(String, Span)>>,
    /// The whole declaration.
    pub span: Span,
}

/// One declaration in a class body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decl {
    /// A nested class.
    Class(ClassDecl),
    /// `def Name(params) := e;`, `def Name := e;` (no parentheses: the
    /// method is invoked when named), `def Name(params) begin ... end`, or
    /// `external def Name(params);`.
    Method(MethodDecl),
    /// `var x := e, y := f;`: the instance's (or with `static`, the
    /// class's) variables, assigned in order when it is made.
    Var(Modifiers, Vec<(String, Option<Expr>, Span)>),
    /// `static ... end`: statements run once, when the class is first used.
    Static(Expr),
    /// A statement of the body: run when an instance is made, in order
    /// with the variables' initialisers.
    Statement(Expr),
}

/// A method declaration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodDecl {
    /// Its name.
    pub name: String,
    /// Where the name is written.
    pub name_span: Span,
    /// Its modifiers.
    pub modifiers: Modifiers,
    /// Its parameters (`None`: declared without parentheses, invoked when
    /// named).
    pub params: Option<Vec<Param>>,
    /// Its body (`None` for an `external` method).
    pub body: Option<std::sync::Arc<FunctionDef>>,
    /// The whole declaration.
    pub span: Span,
}

/// A `.cgs` file: its `import` lines and the one class it declares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassFile {
    /// `import a.b.C;` and `import a.b.*;`, as written (`a.b.*` for a package).
    pub imports: Vec<(String, Span)>,
    /// The class.
    pub class: ClassDecl,
}

/// `and` or `or`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Logic {
    /// `a and b`
    And,
    /// `a or b`
    Or,
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
    /// A set literal `{a, b}` (a game literal has bars).
    Set(Vec<Expr>),
    /// A map literal `{k => v, …}` (`{=>}` is the empty map).
    Map(Vec<(Expr, Expr)>),
    /// A loop: clauses (`for …`, `while …`; the first is outermost), the
    /// body and what the loop gives back.
    Loop {
        /// The clauses, outermost first.
        clauses: Vec<LoopClause>,
        /// The body (a map entry `k => v` is a [`ExprKind::Pair`]).
        body: Box<Expr>,
        /// What the loop gives back.
        collect: Collect,
    },
    /// `if c then … elseif c then … else … end`: the branches in order, and
    /// the `else` branch.
    If(Vec<(Expr, Expr)>, Option<Box<Expr>>),
    /// `begin … end` and the bodies of control expressions: statements in
    /// order; the value is the last one's (`Nothing` when empty).
    Block(Vec<Expr>),
    /// `var x` or `var x := e`: a variable of the current scope.
    Declare(String, Option<Box<Expr>>),
    /// `x -> e`, `(x, y) -> e`, or `def f(x) := e` (a definition assigns the
    /// function to its name).
    Function(std::sync::Arc<FunctionDef>),
    /// `target[index]`: a list's element (from 1) or a map's value.
    Index(Box<Expr>, Box<Expr>),
    /// `a and b`, `a or b` (the right side is evaluated only when needed).
    Logic(Logic, Box<Expr>, Box<Expr>),
    /// `not a`.
    Not(Box<Expr>),
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
    /// `'{L|R}'`: an explicit game (the inner expression is a game literal).
    Explicit(Box<Expr>),
    /// `break`: leaves the innermost loop statement.
    Break,
    /// `continue`: goes on with the next iteration of the innermost loop.
    Continue,
    /// `return e` (or `return` alone, giving `Nothing`): leaves the function.
    Return(Option<Box<Expr>>),
    /// `this`: the instance whose method is running.
    This,
    /// The parts of a loop body `yield a yield b end`: each one's value is
    /// yielded in turn.
    Yields(Vec<Expr>),
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
            | ExprKind::Break
            | ExprKind::Continue
            | ExprKind::This
            | ExprKind::Up(..) => Box::new(std::iter::empty()),
            ExprKind::Return(e) => Box::new(e.iter().map(|e| &**e)),
            ExprKind::Star(e)
            | ExprKind::Explicit(e)
            | ExprKind::Unary(_, e)
            | ExprKind::Assign(_, e)
            | ExprKind::Not(e) => Box::new(std::iter::once(&**e)),
            ExprKind::Declare(_, e) => Box::new(e.iter().map(|e| &**e)),
            ExprKind::Game(l, r) => Box::new(l.iter().chain(r.iter())),
            ExprKind::PlusMinusSet(v)
            | ExprKind::List(v)
            | ExprKind::Seq(v, _)
            | ExprKind::Set(v)
            | ExprKind::Yields(v)
            | ExprKind::Block(v) => Box::new(v.iter()),
            ExprKind::Map(entries) => Box::new(entries.iter().flat_map(|(k, v)| [k, v])),
            ExprKind::Loop { clauses, body, .. } => Box::new(
                clauses.iter().flat_map(LoopClause::children).chain(std::iter::once(&**body)),
            ),
            ExprKind::If(branches, other) => Box::new(
                branches.iter().flat_map(|(c, b)| [c, b]).chain(other.iter().map(|e| &**e)),
            ),
            ExprKind::Function(f) => Box::new(std::iter::once(&f.body)),
            ExprKind::Binary(_, a, b)
            | ExprKind::Pair(a, b)
            | ExprKind::Index(a, b)
            | ExprKind::Logic(_, a, b) => Box::new([&**a, &**b].into_iter()),
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

impl LoopClause {
    /// The clause's sub-expressions.
    pub fn children(&self) -> impl Iterator<Item = &Expr> {
        let source: Vec<&Expr> = match &self.source {
            Source::Range { from, to, by } => std::iter::once(&**from)
                .chain(to.iter().map(|e| &**e))
                .chain(by.iter().map(|e| &**e))
                .collect(),
            Source::In(list) => vec![&**list],
            Source::Repeat => Vec::new(),
        };
        source
            .into_iter()
            .chain(self.while_cond.iter().map(|e| &**e))
            .chain(self.where_cond.iter().map(|e| &**e))
    }
}
