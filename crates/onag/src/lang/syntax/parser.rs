//! The calculator's parser: tokens to a syntax tree, never panicking.
//!
//! A Pratt parser over the tokens of [`crate::lang::syntax::lexer`]. Operators, loosest
//! first, as CGScript's grammar orders them (CALCULATOR.md's table; the
//! binding powers are in `bp`): `:=`; comparisons; named infix operators
//! (`a Max b`, any name but a keyword); `+ - +-`; `:`; `* / %`; unary `-`
//! and `+`; `^` (right-associative); member access and calls. Unary `+-`
//! takes a product as its operand (`+-1/2` is the switch ±½).
//!
//! Two things are not ordinary operator parsing:
//! - **Compact literals.** A number touching an up/down/star suffix is one
//!   value: `6^*`, `73/16v9*8`, `3/4v[3]*`, `2Tiny(2)`. After a number literal,
//!   `^` is a power when an operand follows it (`2^3`, `2^(x)`), except in
//!   `1^3*` (1 + 3·↑ + *, as CGSuite prints it), and `*` right after a
//!   number is a product whenever an operand follows it (CALCULATOR.md: for
//!   integers `*` is multiplication, and CGScript reads `3*2` as 6 too):
//!   `3*` is 3 + *, `3*2` is 6. After ups the star is a nimber again:
//!   `1^3*2` is 1 + 3·↑ + *2 and `^*6` is ↑ + *6.
//! - **Slash notation.** Inside `{…}` a run of `n` bars separates at level
//!   `n`; more bars bind more loosely, and each level's bar must be unique:
//!   `{3||2|1}` is `{3|{2|1}}`, `{3|2|1}` is an error at the second bar.
//!
//! Invariant: recursion depth is bounded by [`MAX_DEPTH`] and every tree the
//! parser returns has height at most [`MAX_HEIGHT`], so no input can overflow
//! the stack here or in the evaluator.

use num_bigint::BigInt;

use std::sync::Arc;

use crate::error::Result;
use crate::lang::syntax::ast::{
    Arg, BinOp, ClassDecl, ClassFile, Collect, Decl, Expr, ExprKind, FunctionDef, Logic,
    LoopClause, MethodDecl, Modifiers, Param, Source, UnOp, UpKind,
};
use crate::lang::syntax::lexer::{Span, Tok, Token, syntax_error, tokenize};

/// How deeply brackets and prefix operators may nest.
pub const MAX_DEPTH: u32 = 100;
/// The tallest syntax tree accepted (a chain `1+1+…` of n terms has height n).
pub const MAX_HEIGHT: u32 = 4096;

/// Names that work as infix operators: `a NAME b` means `a.NAME(b)`.
pub const NAMED_OPERATORS: &[&str] = &[
    "NimSum",
    "NimProduct",
    "NimDiv",
    "ConwayProduct",
    "OrdinalSum",
    "Heat",
    "Cool",
    "Max",
    "Min",
];

/// Reserved words: never a variable, a member or a named infix operator.
pub const KEYWORDS: &[&str] = &[
    "for", "from", "to", "in", "by", "while", "where", "do", "yield", "if", "then", "elseif",
    "else", "end", "begin", "var", "def", "and", "or", "not", "true", "false", "break", "continue",
    "return", "is", "class", "extends", "this", "as",
];

/// The words that may stand before `class` in a declaration.
const DECLARATION_MODIFIERS: &[&str] =
    &["override", "static", "external", "mutable", "private", "singleton", "system"];

/// Keywords that end an expression: a clause or block follows them, so none
/// of them starts an operand.
const STOP_WORDS: &[&str] = &[
    "for", "from", "to", "in", "by", "while", "where", "do", "yield", "then", "elseif", "else",
    "end", "and", "or",
];

/// Binding powers, loosest first, as CGScript's grammar orders them (the
/// table in CALCULATOR.md). An infix operator of power `p` is
/// left-associative with right power `p + 1`; `^` is right-associative.
mod bp {
    /// `or`
    pub const OR: u8 = 4;
    /// `and`
    pub const AND: u8 = 6;
    /// The operand of `not`: `x is C`, a comparison or anything tighter.
    pub const NOT: u8 = 8;
    /// `x is C` (whether `x` is an instance of the class `C`).
    pub const IS: u8 = 9;
    /// `==` `!=` `<` `<=` `>` `>=` `<>` `<|` `|>`
    pub const COMPARE: u8 = 10;
    /// Named infix operators: `a Max b`, `G Heat t` (looser than `+`).
    pub const NAMED: u8 = 14;
    /// `..` (a range; `a..b..c` is `(a..b)..c`, the step).
    pub const RANGE: u8 = 17;
    /// `+` `-` and binary `+-`.
    pub const ADD: u8 = 20;
    /// `&` (a sided value from its onside and offside).
    pub const SIDED: u8 = 22;
    /// `:` (ordinal sum).
    pub const ORDINAL: u8 = 24;
    /// `*` `/` `%`.
    pub const MUL: u8 = 30;
    /// The operand of unary `-` and `+`: only `^` and postfix bind tighter.
    pub const UNARY: u8 = 35;
    /// `^` (power of numbers).
    pub const POW: u8 = 40;
}

/// Whether an identifier after a complete operand is a named infix operator:
/// any name but a keyword or a down literal (`a NimSum b` is `a.NimSum(b)`).
fn is_infix_name(name: &str) -> bool {
    !KEYWORDS.contains(&name) && down_count(name).is_none()
}

/// Parses a whole input: statements separated by `;`.
pub fn parse(source: &str) -> Result<Expr> {
    let tokens = tokenize(source)?;
    let mut parser = Parser::new(source, tokens);
    parser.program()
}

/// The name of the method `def op[](index)` declares: what `x[index]`
/// gives for an instance.
pub const INDEX_METHOD: &str = "op[]";

/// Parses a `.cgs` file: `import` lines, then one class declaration.
pub fn parse_class_file(source: &str) -> Result<ClassFile> {
    let tokens = tokenize(source)?;
    let mut parser = Parser::new(source, tokens);
    parser.class_file()
}

/// Whether `source` stops in the middle of a construct: a `/*` comment, an
/// open bracket,
/// `begin`, `if` or loop without its `end`, an operator without its right
/// operand. Such an input goes on on the next line at the prompt and in
/// worksheets; a complete input or one with an error elsewhere does not.
pub fn is_incomplete(source: &str) -> bool {
    if crate::lang::syntax::lexer::comment_is_open(source) {
        return true;
    }
    let Ok(tokens) = tokenize(source) else { return false };
    let mut parser = Parser::new(source, tokens);
    parser.program().is_err() && parser.at_end
}

/// The keyword (`begin`, `def`, `if`, `for`, `class`, ...) of a block that
/// `source` opens and leaves unfinished, the outermost if several: such an
/// input goes on past its last line, where one with only unclosed brackets
/// might be a mistake on that line.
pub fn unfinished_block(source: &str) -> Option<String> {
    if crate::lang::syntax::lexer::comment_is_open(source) {
        return None;
    }
    let tokens = tokenize(source).ok()?;
    let mut parser = Parser::new(source, tokens);
    if parser.program().is_ok() || !parser.at_end {
        return None;
    }
    parser.opens.iter().find_map(|open| {
        let word = source.get(open.start..open.end)?;
        word.starts_with(|c: char| c.is_ascii_alphabetic()).then(|| word.to_string())
    })
}

/// Whether a statement is a control expression, after which the next
/// statement needs no `;`.
fn is_control(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::If(..) | ExprKind::Loop { .. } => true,
        ExprKind::Function(def) => {
            def.name.is_some() && matches!(def.body.kind, ExprKind::Block(_))
        }
        _ => false,
    }
}

/// Whether `name` is written like a down literal: `v`, `vv`, …, or `v` and digits.
pub(crate) fn down_count(name: &str) -> Option<BigInt> {
    let rest = name.strip_prefix('v')?;
    if rest.bytes().all(|b| b == b'v') {
        Some(BigInt::from(name.len()))
    } else if rest.bytes().all(|b| b.is_ascii_digit()) {
        rest.parse().ok()
    } else {
        None
    }
}

enum Brace {
    Game(Expr),
    Set(Vec<Expr>, Span),
}

struct Parser<'a> {
    source: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    depth: u32,
    /// The brackets open at this point, innermost last.
    opens: Vec<Span>,
    /// Set when parsing failed because the input ended too early.
    at_end: bool,
    /// The parameters of the functions whose bodies are being parsed,
    /// outermost first: a nested function may not reuse one (CGScript's
    /// duplicate variable).
    enclosing: Vec<String>,
}

impl<'a> Parser<'a> {
    /// A parser at the start of `tokens`, read from `source`.
    fn new(source: &'a str, tokens: Vec<Token>) -> Self {
        Parser {
            source,
            tokens,
            pos: 0,
            depth: 0,
            opens: Vec::new(),
            at_end: false,
            enclosing: Vec::new(),
        }
    }
}

impl Parser<'_> {
    fn tok_at(&self, i: usize) -> &Tok {
        self.tokens.get(i).map_or(&Tok::Eof, |t| &t.tok)
    }

    fn peek(&self) -> &Tok {
        self.tok_at(self.pos)
    }

    fn peek_n(&self, n: usize) -> &Tok {
        self.tok_at(self.pos + n)
    }

    fn span_at(&self, i: usize) -> Span {
        match self.tokens.get(i) {
            Some(t) => t.span,
            None => self.tokens.last().map_or(Span::default(), |t| t.span),
        }
    }

    fn span(&self) -> Span {
        self.span_at(self.pos)
    }

    /// The span of the last consumed token.
    fn prev_span(&self) -> Span {
        self.span_at(self.pos.saturating_sub(1))
    }

    fn bump(&mut self) -> Span {
        let span = self.span();
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
        span
    }

    /// Whether token `i` starts exactly where token `i - 1` ends.
    fn touching(&self, i: usize) -> bool {
        i > 0 && i < self.tokens.len() && self.span_at(i - 1).end == self.span_at(i).start
    }

    fn error<T>(&self, offset: usize, message: impl Into<String>) -> Result<T> {
        Err(syntax_error(self.source, offset, message))
    }

    fn unexpected<T>(&mut self, expected: &str) -> Result<T> {
        if *self.peek() == Tok::Eof {
            self.at_end = true;
            if let Some(open) = self.opens.last() {
                return self.unclosed(*open);
            }
        }
        self.error(
            self.span().start,
            format!("expected {expected}, found {}", self.peek().describe()),
        )
    }

    fn node(&self, kind: ExprKind, span: Span) -> Result<Expr> {
        let expr = Expr::new(kind, span);
        if expr.height > MAX_HEIGHT {
            return self.error(
                span.start,
                format!(
                    "expression nested too deeply (more than {MAX_HEIGHT} levels; each term of a chain like 1+1+… is a level)"
                ),
            );
        }
        Ok(expr)
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.error(
                self.span().start,
                format!(
                    "brackets or operators nested too deeply (at most {} brackets or {MAX_DEPTH} signs inside one another)",
                    MAX_DEPTH / 2
                ),
            );
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn is_ident(&self, i: usize, word: &str) -> bool {
        matches!(self.tok_at(i), Tok::Ident(name) if name == word)
    }

    fn program(&mut self) -> Result<Expr> {
        let start = self.span().start;
        let (mut statements, trailing) = self.sequence(&[])?;
        if statements.len() == 1 && !trailing {
            return Ok(statements
                .pop()
                .unwrap_or_else(|| Expr::new(ExprKind::Bool(false), Span::default())));
        }
        let end = self.prev_span().end.max(start);
        self.node(ExprKind::Seq(statements, true), Span::new(start, end)).map(|mut e| {
            if let ExprKind::Seq(_, flag) = &mut e.kind {
                *flag = trailing;
            }
            e
        })
    }

    /// Statements separated by `;` up to the end of the input or one of the
    /// keywords `until`; a control expression (`if`, a loop, `begin`, a
    /// `def … begin … end`) needs no `;` after it. Returns the statements
    /// and whether the last one was followed by `;`.
    fn sequence(&mut self, until: &[&str]) -> Result<(Vec<Expr>, bool)> {
        let mut statements: Vec<Expr> = Vec::new();
        let mut trailing = false;
        let mut separated = true;
        loop {
            match self.peek() {
                Tok::Eof => break,
                Tok::Ident(word) if until.contains(&word.as_str()) => break,
                Tok::Semi => {
                    if (statements.is_empty() || trailing) && until.is_empty() {
                        return self.error(self.span().start, "expected a statement before ';'");
                    }
                    self.bump();
                    trailing = true;
                    separated = true;
                    continue;
                }
                _ => {}
            }
            if !separated {
                let expected = if until.is_empty() {
                    "an operator, ';' or the end of the input".to_string()
                } else {
                    let words: Vec<String> = until.iter().map(|w| format!("'{w}'")).collect();
                    format!("an operator, ';' or {}", words.join(", "))
                };
                return self.unexpected(&expected);
            }
            let statement = self.statement_in_sequence()?;
            separated = is_control(&statement);
            statements.push(statement);
            trailing = false;
        }
        Ok((statements, trailing))
    }

    /// A block's statements up to one of `until` (not consumed), as one
    /// expression whose value is the last statement's.
    fn block(&mut self, until: &[&str]) -> Result<Expr> {
        let start = self.span().start;
        let (statements, _) = self.sequence(until)?;
        let end = self.prev_span().end.max(start);
        self.node(ExprKind::Block(statements), Span::new(start, end))
    }

    /// Consumes keyword `word` or fails saying it was expected.
    fn keyword(&mut self, word: &str) -> Result<Span> {
        if self.is_ident(self.pos, word) {
            Ok(self.bump())
        } else {
            self.unexpected(&format!("'{word}'"))
        }
    }

    /// A variable name (not a keyword or a down literal), consumed.
    fn name(&mut self, what: &str) -> Result<String> {
        match self.peek().clone() {
            Tok::Ident(name)
                if !KEYWORDS.contains(&name.as_str()) && down_count(&name).is_none() =>
            {
                self.bump();
                Ok(name)
            }
            _ => self.unexpected(what),
        }
    }

    /// The kind and name of what is declared at the current token when it
    /// starts a class or enum declaration (`class Foo ... end`, `singleton
    /// class Foo`, `enum E`), which only class files may hold.
    fn declaration_here(&self) -> Option<(&'static str, String)> {
        let mut at = self.pos;
        while let Tok::Ident(word) = self.tok_at(at)
            && DECLARATION_MODIFIERS.contains(&word.as_str())
        {
            at += 1;
        }
        let what = match self.tok_at(at) {
            Tok::Ident(word) if word == "class" => "a class",
            // `enum` is no keyword: a declaration only after a modifier or
            // before a name and the end of the line or a `(`.
            Tok::Ident(word)
                if word == "enum"
                    && (at > self.pos || matches!(self.tok_at(at + 1), Tok::Ident(_))) =>
            {
                "an enum"
            }
            _ => return None,
        };
        let name = match self.tok_at(at + 1) {
            Tok::Ident(name) => name.clone(),
            _ => "Foo".to_string(),
        };
        Some((what, name))
    }

    /// A statement of a sequence. One that starts with `if`, a loop or
    /// `begin` ends with that construct when a name follows it, as in
    /// CGScript: the name starts the next statement (`for ... end a` is the
    /// loop, then `a`), where elsewhere it would be a named operator.
    fn statement_in_sequence(&mut self) -> Result<Expr> {
        if ["if", "for", "while", "begin"].iter().any(|w| self.is_ident(self.pos, w)) {
            let control = self.primary()?;
            if matches!(self.peek(), Tok::Ident(name) if is_infix_name(name)) {
                return Ok(control);
            }
            return self.continue_expr(control);
        }
        self.statement()
    }

    /// An expression, an assignment `name := statement`, a declaration
    /// `var x := e`, a definition `def f(x) := e` or `def f(x) begin … end`,
    /// or a lambda `x -> e`.
    fn statement(&mut self) -> Result<Expr> {
        if let Some((what, name)) = self.declaration_here() {
            // Read the whole declaration first, so that one unfinished on
            // this line is reported as unfinished (the prompt goes on).
            let start = self.span().start;
            let modifiers = self.modifiers();
            if what == "a class" {
                self.class_decl(modifiers)?;
            } else {
                self.enum_decl(modifiers)?;
            }
            return self.error(
                start,
                format!(
                    "declaring {what} in an input or a worksheet is not supported yet: \
                     put it in {name}.cgs in a folder of the library path (the current \
                     folder, --lib DIR or ONAG_PATH), then use it by its name"
                ),
            );
        }
        if self.is_ident(self.pos, "var") {
            let start = self.bump();
            let name = self.name("a variable name after 'var'")?;
            let value = if *self.peek() == Tok::Assign {
                self.bump();
                self.enter()?;
                let value = self.statement()?;
                self.leave();
                Some(Box::new(value))
            } else {
                None
            };
            let span = start.to(self.prev_span());
            return self.node(ExprKind::Declare(name, value), span);
        }
        if self.is_ident(self.pos, "def") {
            return self.definition();
        }
        if let Tok::Ident(name) = self.peek().clone()
            && *self.peek_n(1) == Tok::Assign
        {
            if KEYWORDS.contains(&name.as_str()) || down_count(&name).is_some() {
                return self.error(self.span().start, format!("cannot assign to '{name}'"));
            }
            let start = self.bump();
            self.bump();
            self.enter()?;
            let value = self.statement()?;
            self.leave();
            let span = start.to(value.span);
            return self.node(ExprKind::Assign(name, Box::new(value)), span);
        }
        self.expr(0)
    }

    /// A whole class file (see [`parse_class_file`]).
    fn class_file(&mut self) -> Result<ClassFile> {
        let mut imports = Vec::new();
        while self.is_ident(self.pos, "import") {
            self.bump();
            let (mut path, mut span) = self.dotted_name("a class or package after 'import'")?;
            if *self.peek() == Tok::Dot && *self.peek_n(1) == Tok::Star {
                self.bump();
                span = span.to(self.bump());
                path.push_str(".*");
            }
            if *self.peek() != Tok::Semi {
                return self.unexpected("';' after the import");
            }
            self.bump();
            imports.push((path, span));
        }
        let modifiers = self.modifiers();
        let class = if self.is_ident(self.pos, "enum") {
            self.enum_decl(modifiers)?
        } else if self.is_ident(self.pos, "class") {
            self.class_decl(modifiers)?
        } else {
            return self.unexpected("'class' or 'enum' (a .cgs file declares one class)");
        };
        if *self.peek() != Tok::Eof {
            return self.unexpected("the end of the file after the class's 'end'");
        }
        Ok(ClassFile { imports, class })
    }

    /// The modifiers before a declaration in a class file (`override`,
    /// `static`, `singleton`, ...): each is a modifier only when a
    /// declaration (`class`, `def`, `var` or another modifier) follows it.
    fn modifiers(&mut self) -> Modifiers {
        const WORDS: &[&str] = DECLARATION_MODIFIERS;
        let mut modifiers = Modifiers::default();
        while let Tok::Ident(word) = self.peek().clone() {
            if !WORDS.contains(&word.as_str()) {
                break;
            }
            let next_is_declaration = matches!(
                self.peek_n(1),
                Tok::Ident(next) if ["class", "enum", "def", "var"].contains(&next.as_str())
                    || WORDS.contains(&next.as_str())
            );
            if !next_is_declaration {
                break;
            }
            self.bump();
            match word.as_str() {
                "override" => modifiers.overrides = true,
                "static" => modifiers.is_static = true,
                "external" => modifiers.external = true,
                "mutable" => modifiers.mutable = true,
                "private" => modifiers.private = true,
                "singleton" => modifiers.singleton = true,
                _ => modifiers.system = true,
            }
        }
        modifiers
    }

    /// `class Name(params) extends A, B` and its body up to `end` (the
    /// modifiers already read; `class` is next).
    fn class_decl(&mut self, modifiers: Modifiers) -> Result<ClassDecl> {
        let start = self.bump();
        self.open(start);
        self.enter()?;
        let name_span = self.span();
        let name = self.name("the class's name after 'class'")?;
        let params = if *self.peek() == Tok::LParen {
            let open = self.bump();
            Some(self.params(open)?)
        } else {
            None
        };
        let mut extends = Vec::new();
        if self.is_ident(self.pos, "extends") {
            self.bump();
            loop {
                extends.push(self.dotted_name("a class name after 'extends'")?);
                if *self.peek() == Tok::Comma {
                    self.bump();
                } else {
                    break;
                }
            }
        }
        let body = self.class_body(start)?;
        Ok(ClassDecl {
            name,
            name_span,
            modifiers,
            params,
            extends,
            body,
            elements: None,
            span: start.to(self.prev_span()),
        })
    }

    /// `enum Name A, B, C;` and its body up to `end` (the modifiers
    /// already read; `enum` is next).
    fn enum_decl(&mut self, modifiers: Modifiers) -> Result<ClassDecl> {
        let start = self.bump();
        self.open(start);
        self.enter()?;
        let name_span = self.span();
        let name = self.name("the enum's name after 'enum'")?;
        let mut elements = Vec::new();
        loop {
            let span = self.span();
            elements.push((self.name("an element of the enum")?, span));
            match self.peek() {
                Tok::Comma => {
                    self.bump();
                }
                Tok::Semi => {
                    self.bump();
                    break;
                }
                _ => return self.unexpected("',' or ';' after an element of the enum"),
            }
        }
        let body = self.class_body(start)?;
        Ok(ClassDecl {
            name,
            name_span,
            modifiers,
            params: None,
            extends: Vec::new(),
            body,
            elements: Some(elements),
            span: start.to(self.prev_span()),
        })
    }

    /// The declarations of a class or enum body and its `end` (`start`:
    /// where the declaration began).
    fn class_body(&mut self, start: Span) -> Result<Vec<Decl>> {
        let mut body = Vec::new();
        loop {
            match self.peek() {
                Tok::Ident(word) if word == "end" => break,
                Tok::Eof => return self.unclosed(start),
                Tok::Semi => {
                    self.bump();
                    continue;
                }
                _ => {}
            }
            body.push(self.declaration()?);
        }
        self.end(start)?;
        self.leave();
        Ok(body)
    }

    /// One declaration of a class body.
    fn declaration(&mut self) -> Result<Decl> {
        let at = self.span();
        let modifiers = self.modifiers();
        if self.is_ident(self.pos, "class") {
            return Ok(Decl::Class(self.class_decl(modifiers)?));
        }
        if self.is_ident(self.pos, "def") {
            return self.method_decl(modifiers, at).map(Decl::Method);
        }
        if self.is_ident(self.pos, "var") {
            self.bump();
            let mut vars = Vec::new();
            loop {
                let span = self.span();
                let name = self.name("a variable name after 'var'")?;
                let value = if *self.peek() == Tok::Assign {
                    self.bump();
                    Some(self.statement()?)
                } else {
                    None
                };
                vars.push((name, value, span));
                if *self.peek() == Tok::Comma {
                    self.bump();
                } else {
                    break;
                }
            }
            self.semicolon("the variable declaration")?;
            return Ok(Decl::Var(modifiers, vars));
        }
        if modifiers != Modifiers::default() {
            return self.unexpected("'class', 'def' or 'var' after the modifiers");
        }
        if self.is_ident(self.pos, "static") {
            let start = self.bump();
            self.open(start);
            let body = self.block(&["end"])?;
            self.end(start)?;
            return Ok(Decl::Static(body));
        }
        let statement = self.statement_in_sequence()?;
        if !is_control(&statement) {
            self.semicolon("the statement")?;
        }
        Ok(Decl::Statement(statement))
    }

    /// `;` after `what`.
    fn semicolon(&mut self, what: &str) -> Result<()> {
        if *self.peek() == Tok::Semi {
            self.bump();
            Ok(())
        } else {
            self.unexpected(&format!("';' after {what}"))
        }
    }

    /// `def Name(params) := e;`, `def Name := e;`, `def Name(params) begin
    /// … end` or `external def Name(params);` (the modifiers already read;
    /// `def` is next).
    fn method_decl(&mut self, modifiers: Modifiers, start: Span) -> Result<MethodDecl> {
        self.bump();
        let name_span = self.span();
        let name = if self.is_ident(self.pos, "op") {
            // `def op[](index)`: what `x[index]` gives; no other operator.
            if *self.peek_n(1) != Tok::LBracket || *self.peek_n(2) != Tok::RBracket {
                return self.error(
                    self.span().start,
                    "operator methods ('def op') are not supported, but for 'def op[]'",
                );
            }
            self.bump();
            self.bump();
            self.bump();
            INDEX_METHOD.to_string()
        } else {
            self.name("a method name after 'def'")?
        };
        let params = if *self.peek() == Tok::LParen {
            let open = self.bump();
            Some(self.params(open)?)
        } else {
            None
        };
        if self.is_ident(self.pos, "as") {
            self.bump();
            self.dotted_name("a class name after 'as'")?;
        }
        let own = params.clone().unwrap_or_default();
        let body = if *self.peek() == Tok::Semi {
            self.bump();
            None
        } else if *self.peek() == Tok::Assign {
            self.bump();
            self.enter_function(&own, name_span)?;
            let body = self.statement()?;
            self.leave_function(own.len());
            self.semicolon("the method")?;
            Some(body)
        } else if self.is_ident(self.pos, "begin") {
            let begin = self.bump();
            self.open(begin);
            self.enter_function(&own, name_span)?;
            let body = self.block(&["end"])?;
            self.leave_function(own.len());
            self.end(begin)?;
            Some(body)
        } else {
            return self.unexpected("':=', 'begin' or ';'");
        };
        let body = body.map(|body| {
            Arc::new(FunctionDef { name: Some(name.clone()), params: own.clone(), body })
        });
        Ok(MethodDecl {
            name,
            name_span,
            modifiers,
            params,
            body,
            span: start.to(self.prev_span()),
        })
    }

    /// `def f(x, y) := e` or `def f(x, y) begin … end`.
    fn definition(&mut self) -> Result<Expr> {
        let start = self.bump();
        let name = self.name("a function name after 'def'")?;
        if *self.peek() != Tok::LParen {
            return self.unexpected("'(' and the parameters");
        }
        let open = self.bump();
        let params = self.params(open)?;
        self.enter_function(&params, open)?;
        let body = if *self.peek() == Tok::Assign {
            self.bump();
            self.statement()?
        } else if self.is_ident(self.pos, "begin") {
            let begin = self.bump();
            self.open(begin);
            let body = self.block(&["end"])?;
            self.end(begin)?;
            body
        } else {
            return self.unexpected("':=' or 'begin'");
        };
        self.leave_function(params.len());
        let span = start.to(self.prev_span());
        let def = FunctionDef { name: Some(name), params, body };
        self.node(ExprKind::Function(Arc::new(def)), span)
    }

    /// Parameters up to `)` (the `(` at `open` already consumed): `x`,
    /// `x as Class`, `x ? default` (or `x ?`), `args...` (last only).
    fn params(&mut self, open: Span) -> Result<Vec<Param>> {
        self.open(open);
        let mut params: Vec<Param> = Vec::new();
        if *self.peek() != Tok::RParen {
            loop {
                let at = self.span();
                let name = self.name("a parameter name")?;
                if params.iter().any(|p| p.name == name) {
                    return self.error(at.start, format!("parameter '{name}' is given twice"));
                }
                if let Some(last) = params.last().filter(|p| p.expand) {
                    let name = last.name.clone();
                    return self.error(
                        last.span.start,
                        format!("'{name}...' takes the remaining arguments, so it must come last"),
                    );
                }
                let class = if self.is_ident(self.pos, "as") {
                    self.bump();
                    Some(self.dotted_name("a class name after 'as'")?.0)
                } else {
                    None
                };
                let mut param = Param::plain(name, at);
                param.class = class;
                if *self.peek() == Tok::Ellipsis {
                    self.bump();
                    param.expand = true;
                } else if *self.peek() == Tok::Question {
                    self.bump();
                    let default = if matches!(self.peek(), Tok::Comma | Tok::RParen) {
                        None
                    } else {
                        Some(Box::new(self.expr(0)?))
                    };
                    param.default = Some(default);
                }
                param.span = at.to(self.prev_span());
                params.push(param);
                if *self.peek() == Tok::Comma {
                    self.bump();
                } else {
                    break;
                }
            }
        }
        self.close(Tok::RParen, open, "')'")?;
        Ok(params)
    }

    /// A name or a dotted path of names (`game.grid.GridRuleset`), and where
    /// it is written.
    fn dotted_name(&mut self, what: &str) -> Result<(String, Span)> {
        let start = self.span();
        let mut path = self.name(what)?;
        while *self.peek() == Tok::Dot && matches!(self.peek_n(1), Tok::Ident(_)) {
            self.bump();
            path.push('.');
            path.push_str(&self.name("a name after '.'")?);
        }
        Ok((path, start.to(self.prev_span())))
    }

    /// Enters the body of a function with `params` (written at `at`): a
    /// parameter that is already one of an enclosing function is an error.
    fn enter_function(&mut self, params: &[Param], at: Span) -> Result<()> {
        if let Some(p) = params.iter().find(|p| self.enclosing.contains(&p.name)) {
            return self.error(
                at.start,
                format!("parameter '{}' is already a parameter of an enclosing function", p.name),
            );
        }
        self.enter()?;
        self.enclosing.extend(params.iter().map(|p| p.name.clone()));
        Ok(())
    }

    /// Leaves the body of a function of `count` parameters.
    fn leave_function(&mut self, count: usize) {
        self.leave();
        self.enclosing.truncate(self.enclosing.len() - count);
    }

    /// Consumes the `end` of the construct opened at `open`.
    fn end(&mut self, open: Span) -> Result<()> {
        if self.is_ident(self.pos, "end") {
            self.bump();
            self.opens.pop();
            Ok(())
        } else if *self.peek() == Tok::Eof {
            self.unclosed(open)
        } else {
            self.unexpected("'end'")
        }
    }

    /// A lambda's body after `->`, with its parameters: the function.
    fn lambda(&mut self, params: Vec<Param>, start: Span) -> Result<Expr> {
        self.bump();
        self.enter_function(&params, start)?;
        let body = self.expr(0)?;
        self.leave_function(params.len());
        let span = start.to(body.span);
        let def = FunctionDef { name: None, params, body };
        self.node(ExprKind::Function(Arc::new(def)), span)
    }

    /// `if c then … elseif c then … else … end` (the `if` is next).
    fn if_expr(&mut self) -> Result<Expr> {
        let start = self.bump();
        self.open(start);
        self.enter()?;
        let mut branches = Vec::new();
        let mut otherwise = None;
        loop {
            let cond = self.expr(0)?;
            self.keyword("then")?;
            let body = self.block(&["elseif", "else", "end"])?;
            branches.push((cond, body));
            if self.is_ident(self.pos, "elseif") {
                self.bump();
                continue;
            }
            if self.is_ident(self.pos, "else") {
                self.bump();
                otherwise = Some(Box::new(self.block(&["end"])?));
            }
            break;
        }
        self.end(start)?;
        self.leave();
        let span = start.to(self.prev_span());
        self.node(ExprKind::If(branches, otherwise), span)
    }

    /// `begin … end` (the `begin` is next).
    fn begin_expr(&mut self) -> Result<Expr> {
        let start = self.bump();
        self.open(start);
        self.enter()?;
        let body = self.block(&["end"])?;
        self.end(start)?;
        self.leave();
        Ok(Expr { span: start.to(self.prev_span()), ..body })
    }

    /// Loop clauses: `for x from a to b by c`, `for x in L`, `while c`, each
    /// with optional `while c` and `where c`, as many as are written.
    fn clauses(&mut self) -> Result<Vec<LoopClause>> {
        let mut clauses = Vec::new();
        loop {
            let (var, source) = if self.is_ident(self.pos, "for") {
                self.bump();
                let var = self.name("a variable name after 'for'")?;
                let source = if self.is_ident(self.pos, "from") {
                    self.bump();
                    let from = Box::new(self.expr(0)?);
                    let to = if self.is_ident(self.pos, "to") {
                        self.bump();
                        Some(Box::new(self.expr(0)?))
                    } else {
                        None
                    };
                    let by = if self.is_ident(self.pos, "by") {
                        self.bump();
                        Some(Box::new(self.expr(0)?))
                    } else {
                        None
                    };
                    Source::Range { from, to, by }
                } else if self.is_ident(self.pos, "in") {
                    self.bump();
                    Source::In(Box::new(self.expr(0)?))
                } else {
                    return self.unexpected("'from' or 'in'");
                };
                (Some(var), source)
            } else if self.is_ident(self.pos, "while") {
                (None, Source::Repeat)
            } else {
                break;
            };
            let while_cond = if self.is_ident(self.pos, "while") {
                self.bump();
                Some(Box::new(self.expr(0)?))
            } else {
                None
            };
            let where_cond = if self.is_ident(self.pos, "where") {
                self.bump();
                Some(Box::new(self.expr(0)?))
            } else {
                None
            };
            clauses.push(LoopClause { var, source, while_cond, where_cond });
        }
        Ok(clauses)
    }

    /// A loop statement: clauses, then `do … end` or `yield … end`.
    fn loop_expr(&mut self) -> Result<Expr> {
        let start = self.span();
        self.open(start);
        self.enter()?;
        let clauses = self.clauses()?;
        let collect = if self.is_ident(self.pos, "do") {
            Collect::Nothing
        } else if self.is_ident(self.pos, "yield") {
            Collect::List
        } else {
            return self.unexpected("'do' or 'yield'");
        };
        self.bump();
        let mut body = if collect == Collect::List {
            self.block(&["end", "yield"])?
        } else {
            self.block(&["end"])?
        };
        if self.is_ident(self.pos, "yield") {
            // `yield a yield b end`: each part's value is yielded in turn.
            let mut parts = vec![body];
            while self.is_ident(self.pos, "yield") {
                self.bump();
                parts.push(self.block(&["end", "yield"])?);
            }
            let span = parts[0].span.to(self.prev_span());
            body = self.node(ExprKind::Yields(parts), span)?;
        }
        self.end(start)?;
        self.leave();
        let span = start.to(self.prev_span());
        self.node(ExprKind::Loop { clauses, body: Box::new(body), collect }, span)
    }

    /// After the first element of a bracket: `for` clauses make it a
    /// comprehension collecting `collect`.
    fn comprehension(&mut self, body: Expr, collect: Collect, open: Span) -> Result<Expr> {
        let clauses = self.clauses()?;
        let span = open.to(self.prev_span());
        self.node(ExprKind::Loop { clauses, body: Box::new(body), collect }, span)
    }

    fn infix(&self) -> Option<(BinOp, u8, u8)> {
        let op = match self.peek() {
            Tok::EqEq => BinOp::Eq,
            Tok::NotEq => BinOp::Ne,
            Tok::Lt => BinOp::Lt,
            Tok::Le => BinOp::Le,
            Tok::Gt => BinOp::Gt,
            Tok::Ge => BinOp::Ge,
            Tok::Confused => BinOp::Confused,
            Tok::LessConfused => BinOp::LessOrConfused,
            Tok::GreaterConfused => BinOp::GreaterOrConfused,
            Tok::Ident(name) if name == "or" => {
                return Some((BinOp::Named("or".into()), bp::OR, bp::OR + 1));
            }
            Tok::Ident(name) if name == "and" => {
                return Some((BinOp::Named("and".into()), bp::AND, bp::AND + 1));
            }
            // Its operands are comparisons or tighter; `x is A is B` groups
            // to the left.
            Tok::Ident(name) if name == "is" => return Some((BinOp::Is, bp::IS, bp::COMPARE)),
            Tok::Ident(name) if is_infix_name(name) => {
                return Some((BinOp::Named(name.clone()), bp::NAMED, bp::NAMED + 1));
            }
            Tok::DotDot => return Some((BinOp::Range, bp::RANGE, bp::RANGE + 1)),
            Tok::Plus => return Some((BinOp::Add, bp::ADD, bp::ADD + 1)),
            Tok::Minus => return Some((BinOp::Sub, bp::ADD, bp::ADD + 1)),
            Tok::PlusMinus => return Some((BinOp::PlusMinus, bp::ADD, bp::ADD + 1)),
            Tok::Amp => return Some((BinOp::Sided, bp::SIDED, bp::SIDED + 1)),
            Tok::Colon => {
                return Some((BinOp::Named("OrdinalSum".into()), bp::ORDINAL, bp::ORDINAL + 1));
            }
            Tok::Star => return Some((BinOp::Mul, bp::MUL, bp::MUL + 1)),
            Tok::Slash => return Some((BinOp::Div, bp::MUL, bp::MUL + 1)),
            Tok::Percent => return Some((BinOp::Mod, bp::MUL, bp::MUL + 1)),
            Tok::Caret => return Some((BinOp::Pow, bp::POW, bp::POW)),
            _ => return None,
        };
        Some((op, bp::COMPARE, bp::COMPARE + 1))
    }

    fn expr(&mut self, min_bp: u8) -> Result<Expr> {
        self.enter()?;
        let left = self.prefix()?;
        let result = self.infix_loop(left, min_bp);
        self.leave();
        result
    }

    /// A statement's expression after its first operand `left` (a control
    /// construct): its postfix members and operators.
    fn continue_expr(&mut self, left: Expr) -> Result<Expr> {
        self.enter()?;
        let result = self.postfix(left).and_then(|left| self.infix_loop(left, 0));
        self.leave();
        result
    }

    /// The binary operators after the operand `left`, binding at least
    /// `min_bp`.
    fn infix_loop(&mut self, mut left: Expr, min_bp: u8) -> Result<Expr> {
        while let Some((op, lbp, rbp)) = self.infix() {
            if lbp < min_bp {
                break;
            }
            self.bump();
            let right = self.expr(rbp)?;
            let span = left.span.to(right.span);
            let kind = match op {
                BinOp::Named(name) if name == "and" || name == "or" => {
                    let logic = if name == "and" { Logic::And } else { Logic::Or };
                    ExprKind::Logic(logic, Box::new(left), Box::new(right))
                }
                op => ExprKind::Binary(op, Box::new(left), Box::new(right)),
            };
            left = self.node(kind, span)?;
        }
        Ok(left)
    }

    fn prefix(&mut self) -> Result<Expr> {
        if self.is_ident(self.pos, "not") {
            let start = self.bump();
            let operand = self.expr(bp::NOT)?;
            let span = start.to(operand.span);
            return self.node(ExprKind::Not(Box::new(operand)), span);
        }
        if matches!(self.peek(), Tok::Ident(_)) && *self.peek_n(1) == Tok::RArrow {
            let start = self.span();
            let param = self.name("a parameter name before '->'")?;
            return self.lambda(vec![Param::plain(param, start)], start);
        }
        match self.peek() {
            Tok::Minus
                if matches!(self.peek_n(1), Tok::Int(_))
                    && self.touching(self.pos + 1)
                    && self.negative_literal_is_compact(self.pos + 2) =>
            {
                let start = self.bump();
                let expr = self.number(true, start)?;
                self.postfix(expr)
            }
            Tok::Minus | Tok::Plus => {
                let op = if *self.peek() == Tok::Minus { UnOp::Neg } else { UnOp::Plus };
                let start = self.bump();
                let operand = self.expr(bp::UNARY)?;
                let span = start.to(operand.span);
                self.node(ExprKind::Unary(op, Box::new(operand)), span)
            }
            Tok::PlusMinus => {
                let start = self.bump();
                if *self.peek() == Tok::LBrace {
                    self.enter()?;
                    let brace = self.brace()?;
                    self.leave();
                    return match brace {
                        Brace::Set(options, span) => {
                            self.node(ExprKind::PlusMinusSet(options), start.to(span))
                        }
                        Brace::Game(game) => {
                            let span = start.to(game.span);
                            self.node(ExprKind::Unary(UnOp::PlusMinus, Box::new(game)), span)
                        }
                    };
                }
                let operand = self.expr(bp::MUL)?;
                let span = start.to(operand.span);
                self.node(ExprKind::Unary(UnOp::PlusMinus, Box::new(operand)), span)
            }
            _ => {
                let expr = self.primary()?;
                self.postfix(expr)
            }
        }
    }

    fn postfix(&mut self, mut expr: Expr) -> Result<Expr> {
        loop {
            match self.peek() {
                Tok::Dot => {
                    self.bump();
                    let Tok::Ident(name) = self.peek().clone() else {
                        return self.unexpected("a member name after '.'");
                    };
                    let name_span = self.bump();
                    let args = if *self.peek() == Tok::LParen { Some(self.args()?) } else { None };
                    let span = expr.span.to(self.prev_span());
                    expr = self.node(
                        ExprKind::Member { target: Box::new(expr), name, name_span, args },
                        span,
                    )?;
                }
                Tok::LParen => {
                    let args = self.args()?;
                    let span = expr.span.to(self.prev_span());
                    expr = self.node(ExprKind::Call(Box::new(expr), args), span)?;
                }
                Tok::LBracket => {
                    let open = self.bump();
                    self.open(open);
                    self.enter()?;
                    let index = self.statement()?;
                    if *self.peek() == Tok::Comma {
                        // `g[r, c]`: an index is one value, coordinates a pair.
                        return self.error(
                            self.span().start,
                            "an index is one value: for coordinates write g[(r, c)], not g[r, c]",
                        );
                    }
                    self.close(Tok::RBracket, open, "']'")?;
                    self.leave();
                    let span = expr.span.to(self.prev_span());
                    expr = self.node(ExprKind::Index(Box::new(expr), Box::new(index)), span)?;
                }
                _ => return Ok(expr),
            }
        }
    }

    /// `( arg, name => arg, … )`
    fn args(&mut self) -> Result<Vec<Arg>> {
        let open = self.bump();
        self.open(open);
        self.enter()?;
        let mut args = Vec::new();
        if *self.peek() != Tok::RParen {
            loop {
                let name = match (self.peek().clone(), self.peek_n(1)) {
                    (Tok::Ident(name), Tok::Arrow) => {
                        self.bump();
                        self.bump();
                        Some(name)
                    }
                    _ => None,
                };
                let mut value = self.statement()?;
                if name.is_none() && args.is_empty() && self.is_ident(self.pos, "for") {
                    // `f(e for x in L)`: one argument, the list of the values.
                    let at = value.span;
                    value = self.comprehension(value, Collect::List, at)?;
                }
                args.push(Arg { name, value });
                if *self.peek() == Tok::Comma {
                    self.bump();
                } else {
                    break;
                }
            }
        }
        self.close(Tok::RParen, open, "')'")?;
        self.leave();
        Ok(args)
    }

    fn unclosed<T>(&mut self, open: Span) -> Result<T> {
        self.at_end = true;
        let opener = self.source.get(open.start..open.end).unwrap_or("(");
        let closer = match opener {
            "{" => "}",
            "[" => "]",
            "(" => ")",
            _ => "end",
        };
        self.error(open.start, format!("unclosed '{opener}': missing '{closer}'"))
    }

    /// Records that the bracket at `open` is open until [`Parser::close`].
    fn open(&mut self, open: Span) {
        self.opens.push(open);
    }

    /// Consumes the closing token or reports which opening one is unclosed.
    fn close(&mut self, tok: Tok, open: Span, what: &str) -> Result<()> {
        if *self.peek() == tok {
            self.bump();
            self.opens.pop();
            Ok(())
        } else if *self.peek() == Tok::Eof {
            self.unclosed(open)
        } else {
            self.unexpected(&format!("',' or {what}"))
        }
    }

    fn primary(&mut self) -> Result<Expr> {
        let start = self.span();
        match self.peek().clone() {
            Tok::Int(_) => self.number(false, start),
            Tok::Caret => self.up_star(start, false),
            Tok::Ident(name) if down_count(&name).is_some() => self.up_star(start, false),
            Tok::Star => {
                self.bump();
                let operand = self.star_operand()?;
                let span = start.to(self.prev_span());
                self.node(ExprKind::Star(Box::new(operand)), span)
            }
            Tok::Str(text) => {
                self.bump();
                self.node(ExprKind::Str(text), start)
            }
            Tok::Ident(name) => {
                if name == "true" || name == "false" {
                    self.bump();
                    return self.node(ExprKind::Bool(name == "true"), start);
                }
                match name.as_str() {
                    "this" => {
                        self.bump();
                        return self.node(ExprKind::This, start);
                    }
                    "class" => {
                        return self.error(
                            start.start,
                            "declaring a class in an input or a worksheet is not supported yet: \
                             put it in NAME.cgs in a folder of the library path (the current \
                             folder, --lib DIR or ONAG_PATH), then use it by its name",
                        );
                    }
                    "if" => return self.if_expr(),
                    "for" | "while" => return self.loop_expr(),
                    "begin" => return self.begin_expr(),
                    "break" => {
                        self.bump();
                        return self.node(ExprKind::Break, start);
                    }
                    "continue" => {
                        self.bump();
                        return self.node(ExprKind::Continue, start);
                    }
                    "return" => {
                        self.bump();
                        let value = if self.starts_operand(self.pos) {
                            self.enter()?;
                            let value = self.statement()?;
                            self.leave();
                            Some(Box::new(value))
                        } else {
                            None
                        };
                        let span = start.to(self.prev_span());
                        return self.node(ExprKind::Return(value), span);
                    }
                    _ => {}
                }
                if KEYWORDS.contains(&name.as_str()) {
                    return self.unexpected("a value");
                }
                if *self.peek_n(1) == Tok::LBrace && self.touching(self.pos + 1) {
                    // A named node of a loopy game: `a{0|a}`.
                    self.bump();
                    self.enter()?;
                    self.brace()?;
                    self.leave();
                    return self.node(ExprKind::Loopy, start.to(self.prev_span()));
                }
                self.bump();
                self.node(ExprKind::Var(name), start)
            }
            Tok::LParen => {
                self.bump();
                self.open(start);
                self.enter()?;
                if *self.peek() == Tok::RParen && *self.peek_n(1) == Tok::RArrow {
                    // `() -> e`
                    self.close(Tok::RParen, start, "')'")?;
                    self.leave();
                    return self.lambda(Vec::new(), start);
                }
                let mut items = vec![self.statement()?];
                while *self.peek() == Tok::Comma {
                    self.bump();
                    items.push(self.statement()?);
                }
                self.close(Tok::RParen, start, "')'")?;
                self.leave();
                let span = start.to(self.prev_span());
                if *self.peek() == Tok::RArrow {
                    // `(x, y) -> e`
                    let mut params: Vec<Param> = Vec::new();
                    for item in &items {
                        match &item.kind {
                            ExprKind::Var(name) if !params.iter().any(|p| &p.name == name) => {
                                params.push(Param::plain(name.clone(), item.span))
                            }
                            _ => {
                                return self.error(
                                    item.span.start,
                                    "expected a parameter name before '->'",
                                );
                            }
                        }
                    }
                    return self.lambda(params, start);
                }
                match items.len() {
                    1 => {
                        let inner =
                            items.pop().unwrap_or_else(|| Expr::new(ExprKind::Bool(false), span));
                        Ok(Expr { span, ..inner })
                    }
                    2 => {
                        let second = items.pop().map(Box::new);
                        let first = items.pop().map(Box::new);
                        match (first, second) {
                            (Some(a), Some(b)) => self.node(ExprKind::Pair(a, b), span),
                            _ => self.unexpected("a value"),
                        }
                    }
                    _ => self.error(start.start, "coordinates have two entries: (a, b)"),
                }
            }
            Tok::LBracket => self.list(start),
            Tok::Quote => {
                // `'{L|R}'`: an explicit game.
                self.bump();
                if *self.peek() != Tok::LBrace {
                    return self.unexpected("'{' after ' (an explicit game is written '{L|R}')");
                }
                self.enter()?;
                let brace = self.brace()?;
                self.leave();
                let Brace::Game(game) = brace else {
                    return self
                        .error(start.start, "an explicit game is written '{L|R}', with a bar");
                };
                if *self.peek() != Tok::Quote {
                    return self.unexpected("the closing ' of the explicit game");
                }
                self.bump();
                let span = start.to(self.prev_span());
                self.node(ExprKind::Explicit(Box::new(game)), span)
            }
            Tok::LBrace => {
                if let Some(expr) = self.map_or_set_comprehension()? {
                    return Ok(expr);
                }
                self.enter()?;
                let brace = self.brace()?;
                self.leave();
                match brace {
                    Brace::Game(game) => Ok(game),
                    Brace::Set(items, span) => self.node(ExprKind::Set(items), span),
                }
            }
            _ => self.unexpected("a value"),
        }
    }

    /// What follows a prefix `*`: a number, a parenthesised expression, a name
    /// or a string; none of these means `*` alone (the nimber 1).
    fn star_operand(&mut self) -> Result<Expr> {
        let span = self.span();
        match self.peek().clone() {
            Tok::Int(n) => {
                self.bump();
                self.node(ExprKind::Int(n), span)
            }
            Tok::Str(text) => {
                self.bump();
                self.node(ExprKind::Str(text), span)
            }
            Tok::Ident(name)
                if !KEYWORDS.contains(&name.as_str())
                    && !NAMED_OPERATORS.contains(&name.as_str())
                    && down_count(&name).is_none() =>
            {
                self.bump();
                self.node(ExprKind::Var(name), span)
            }
            Tok::LParen | Tok::LBracket => self.primary(),
            _ => self.node(ExprKind::Int(1.into()), Span::new(span.start, span.start)),
        }
    }

    /// Whether token `i` could start an operand of a binary operator.
    fn starts_operand(&self, i: usize) -> bool {
        match self.tok_at(i) {
            Tok::Int(_)
            | Tok::Str(_)
            | Tok::LParen
            | Tok::LBrace
            | Tok::LBracket
            | Tok::Minus
            | Tok::Plus
            | Tok::PlusMinus
            | Tok::Caret
            | Tok::Star => true,
            Tok::Ident(name) => {
                !STOP_WORDS.contains(&name.as_str()) && !NAMED_OPERATORS.contains(&name.as_str())
            }
            _ => false,
        }
    }

    /// Whether the `*` at token `i`, right after a number, is a star rather
    /// than a product: nothing that starts an operand follows it (`3*` is
    /// 3 + *, `3*2` is 6).
    fn star_is_compact(&self, i: usize) -> bool {
        !self.starts_operand(i + 1)
    }

    /// Whether the `*` at token `i`, after a number and a count of ups, ends
    /// the compact literal: a number touching it is its nimber (`1^3*2` is
    /// 1 + 3·↑ + *2, as CGSuite prints it).
    fn star_after_ups_is_compact(&self, i: usize) -> bool {
        self.star_is_compact(i)
            || (matches!(self.tok_at(i + 1), Tok::Int(_)) && self.touching(i + 1))
    }

    /// Whether token `i` touches the previous token and starts the up/star/Tiny
    /// suffix of a compact literal that begins with a number.
    fn compact_after_number(&self, i: usize) -> bool {
        if !self.touching(i) {
            return false;
        }
        match self.tok_at(i) {
            Tok::Caret => {
                let ups_then_star = matches!(self.tok_at(i + 1), Tok::Int(_))
                    && self.touching(i + 1)
                    && *self.tok_at(i + 2) == Tok::Star
                    && self.touching(i + 2)
                    && self.star_after_ups_is_compact(i + 2);
                ups_then_star
                    || !(self.starts_operand(i + 1)
                        && !matches!(self.tok_at(i + 1), Tok::Caret | Tok::Star | Tok::LBracket)
                        && !matches!(self.tok_at(i + 1), Tok::Ident(n) if down_count(n).is_some()))
            }
            Tok::Star => self.star_is_compact(i),
            Tok::Ident(name) => {
                down_count(name).is_some()
                    || matches!(name.as_str(), "Tiny" | "Miny" | "over" | "under")
            }
            _ => false,
        }
    }

    /// Whether a minus sign touching the integer before token `i` belongs to
    /// the literal: when they make one compact literal (`-1^`, `-3/4*`) or
    /// nothing that binds tighter than unary minus follows (`-1`, `-1/2`).
    /// Otherwise it is unary minus, looser than `^` and postfix: `-3^2` is
    /// −9 and `-2^40.Lb` is −(2^(40.Lb)).
    fn negative_literal_is_compact(&self, i: usize) -> bool {
        !matches!(self.tok_at(i), Tok::Caret | Tok::Dot | Tok::LParen | Tok::LBracket)
            || self.compact_after_number(i)
            || (*self.tok_at(i) == Tok::Slash
                && self.touching(i)
                && matches!(self.tok_at(i + 1), Tok::Int(_))
                && self.touching(i + 1)
                && self.compact_after_number(i + 2))
    }

    /// A number literal and any compact suffix touching it.
    fn number(&mut self, negative: bool, start: Span) -> Result<Expr> {
        let Tok::Int(mut n) = self.peek().clone() else {
            return self.unexpected("a number");
        };
        if negative {
            n = -n;
        }
        let int_span = self.bump();
        let at = self.pos;
        let mut number = self.node(ExprKind::Int(n.clone()), start.to(int_span))?;
        if *self.peek() == Tok::Slash
            && self.touching(at)
            && matches!(self.tok_at(at + 1), Tok::Int(_))
            && self.touching(at + 1)
            && self.compact_after_number(at + 2)
        {
            self.bump();
            let Tok::Int(d) = self.peek().clone() else {
                return self.unexpected("a denominator");
            };
            let end = self.bump();
            number = self.node(ExprKind::Fraction(n, d), start.to(end))?;
        }
        if !self.compact_after_number(self.pos) {
            return Ok(number);
        }
        if let Tok::Ident(name) = self.peek().clone()
            && (name == "over" || name == "under")
        {
            // `5over` is 5 + over, `-1/2under` is −1/2 + under.
            let name_span = self.bump();
            let word = self.node(ExprKind::Var(name), name_span)?;
            let span = number.span.to(word.span);
            return self.node(ExprKind::Binary(BinOp::Add, Box::new(number), Box::new(word)), span);
        }
        if let Tok::Ident(name) = self.peek().clone()
            && (name == "Tiny" || name == "Miny")
        {
            let name_span = self.bump();
            let callee = self.node(ExprKind::Var(name), name_span)?;
            let tiny = self.postfix(callee)?;
            let span = number.span.to(tiny.span);
            return self.node(ExprKind::Binary(BinOp::Add, Box::new(number), Box::new(tiny)), span);
        }
        let suffix = self.up_star(self.span(), true)?;
        let span = number.span.to(suffix.span);
        self.node(ExprKind::Binary(BinOp::Add, Box::new(number), Box::new(suffix)), span)
    }

    /// An up part (`^`, `^^`, `^5`, `^<n>`, `^[n]`, `v…`) and/or a star part
    /// (`*`, `*n`, `*(e)`) written together: `^*`, `v9*8`, `^<2>*`.
    fn up_star(&mut self, start: Span, after_number: bool) -> Result<Expr> {
        let mut parts: Vec<Expr> = Vec::new();
        let up_start = self.span();
        let mut up: Option<(UpKind, BigInt)> = None;
        let mut upon: Option<Expr> = None;
        if *self.peek() == Tok::Caret {
            self.bump();
            let mut count = 1u32;
            while *self.peek() == Tok::Caret && self.touching(self.pos) {
                self.bump();
                count += 1;
            }
            if count == 1
                && let Some(name) = self.upon_bracket()
            {
                let span = up_start.to(self.prev_span());
                upon = Some(self.node(ExprKind::Var(name.to_string()), span)?);
            } else if count == 1
                && let Some(counted) = self.up_operand(up_start, 1, after_number)?
            {
                upon = Some(counted);
            } else {
                up = Some(match self.bracketed_count()? {
                    Some((kind, n)) if count == 1 => (kind, n),
                    _ => match self.peek().clone() {
                        Tok::Int(n)
                            if count == 1
                                && self.touching(self.pos)
                                && (!after_number
                                    || (*self.peek_n(1) == Tok::Star
                                        && self.touching(self.pos + 1))) =>
                        {
                            self.bump();
                            (UpKind::Multiple, n)
                        }
                        _ => (UpKind::Multiple, BigInt::from(count)),
                    },
                });
            }
        } else if let Tok::Ident(name) = self.peek().clone()
            && let Some(count) = down_count(&name)
        {
            self.bump();
            if name == "v"
                && let Some(upon_name) = self.upon_bracket()
            {
                // `v[on]` is −upon, `v<on>` −uponth.
                let span = up_start.to(self.prev_span());
                let var = self.node(ExprKind::Var(upon_name.to_string()), span)?;
                upon = Some(self.node(ExprKind::Unary(UnOp::Neg, Box::new(var)), span)?);
            } else if name == "v"
                && let Some(counted) = self.up_operand(up_start, -1, after_number)?
            {
                upon = Some(counted);
            } else {
                up = Some(match self.bracketed_count()? {
                    Some((kind, n)) if name == "v" => (kind, -n),
                    _ => (UpKind::Multiple, -count),
                });
            }
        }
        if let Some((kind, n)) = up {
            let span = up_start.to(self.prev_span());
            parts.push(self.node(ExprKind::Up(kind, n), span)?);
        }
        parts.extend(upon);
        if *self.peek() == Tok::Star && (self.touching(self.pos) || parts.is_empty()) {
            let star_start = self.bump();
            let operand = match self.peek().clone() {
                Tok::Int(n) if self.touching(self.pos) => {
                    let span = self.bump();
                    self.node(ExprKind::Int(n), span)?
                }
                Tok::LParen if self.touching(self.pos) => self.primary()?,
                _ => self.node(ExprKind::Int(1.into()), star_start)?,
            };
            let span = star_start.to(self.prev_span());
            parts.push(self.node(ExprKind::Star(Box::new(operand)), span)?);
        }
        let mut parts = parts.into_iter();
        let Some(mut expr) = parts.next() else {
            return self.unexpected("'^', 'v' or '*'");
        };
        for part in parts {
            let span = start.to(part.span);
            expr = self.node(ExprKind::Binary(BinOp::Add, Box::new(expr), Box::new(part)), span)?;
        }
        Ok(expr)
    }

    /// An up part whose count is an expression, as CGScript reads `^` or `v`
    /// followed by a primary expression: `^(k+1)` and `^k` are k·↑, `v(2)`
    /// is 2·↓, `^<k>` is ↑ to the k-th power (`^.Pow(k)`), `^[k]` is
    /// `^.PowTo(k)`. `sign` is 1 after `^`, −1 after `v`. `None` (nothing
    /// read) when no such operand touches the arrow, or after a number,
    /// where `2^k` is a power.
    fn up_operand(&mut self, start: Span, sign: i32, after_number: bool) -> Result<Option<Expr>> {
        if after_number || !self.touching(self.pos) {
            return Ok(None);
        }
        let arrow = self.node(ExprKind::Up(UpKind::Multiple, BigInt::from(sign)), start)?;
        // A literal count (`^<2>`, `^[-1]`) is read by `bracketed_count`.
        let close_at = |k: usize| matches!(self.tok_at(self.pos + k), Tok::Gt | Tok::RBracket);
        let literal = match self.tok_at(self.pos + 1) {
            Tok::Int(_) => close_at(2),
            Tok::Minus => matches!(self.tok_at(self.pos + 2), Tok::Int(_)) && close_at(3),
            _ => false,
        };
        let power = match self.peek() {
            Tok::Lt if !literal => Some(("Pow", Tok::Gt)),
            Tok::LBracket if !literal => Some(("PowTo", Tok::RBracket)),
            _ => None,
        };
        if let Some((member, close)) = power {
            // Without its closing bracket `^<x` is a comparison: read the
            // count, and go back to the arrow when no bracket closes it.
            let saved = (self.pos, self.depth, self.opens.len(), self.at_end);
            let enclosing = self.enclosing.len();
            let open = self.bump();
            // Comparisons are looser than the count: `^<k>` ends at `>`.
            let count = match self.expr(bp::NAMED) {
                Ok(count) if *self.peek() == close => count,
                _ => {
                    (self.pos, self.depth) = (saved.0, saved.1);
                    self.opens.truncate(saved.2);
                    self.enclosing.truncate(enclosing);
                    self.at_end = saved.3;
                    return Ok(None);
                }
            };
            let name_span = open.to(self.bump());
            let up = self.node(ExprKind::Up(UpKind::Multiple, BigInt::from(1)), start)?;
            let kind = ExprKind::Member {
                target: Box::new(up),
                name: member.to_string(),
                name_span,
                args: Some(vec![Arg { name: None, value: count }]),
            };
            let value = self.node(kind, start.to(self.prev_span()))?;
            if sign > 0 {
                return Ok(Some(value));
            }
            let span = value.span;
            return Ok(Some(self.node(ExprKind::Unary(UnOp::Neg, Box::new(value)), span)?));
        }
        let operand = match self.peek() {
            Tok::LParen => true,
            Tok::Ident(name) => !KEYWORDS.contains(&name.as_str()) && down_count(name).is_none(),
            _ => false,
        };
        if !operand {
            return Ok(None);
        }
        let count = self.primary()?;
        let span = start.to(count.span);
        let kind = ExprKind::Binary(BinOp::Mul, Box::new(count), Box::new(arrow));
        Ok(Some(self.node(kind, span)?))
    }

    /// `[on]` or `<on>` touching the previous token, after `^` or `v`: the
    /// loopy game it names (`^[on]` is `upon`, `^<on>` is `uponth`).
    fn upon_bracket(&mut self) -> Option<&'static str> {
        let at = self.pos;
        if !self.touching(at) {
            return None;
        }
        let name = match (self.tok_at(at), self.tok_at(at + 1), self.tok_at(at + 2)) {
            (Tok::LBracket, Tok::Ident(n), Tok::RBracket) if n == "on" => "upon",
            (Tok::Lt, Tok::Ident(n), Tok::Gt) if n == "on" => "uponth",
            _ => return None,
        };
        for _ in 0..3 {
            self.bump();
        }
        Some(name)
    }

    /// `<n>` or `[n]` touching the previous token, after `^` or `v`.
    fn bracketed_count(&mut self) -> Result<Option<(UpKind, BigInt)>> {
        let (open, close, kind) = match self.peek() {
            Tok::Lt => (Tok::Lt, Tok::Gt, UpKind::Power),
            Tok::LBracket => (Tok::LBracket, Tok::RBracket, UpKind::PowerSum),
            _ => return Ok(None),
        };
        let _ = open;
        let at = self.pos;
        if !self.touching(at) {
            return Ok(None);
        }
        if *self.tok_at(at + 1) == Tok::Minus
            && matches!(self.tok_at(at + 2), Tok::Int(_))
            && *self.tok_at(at + 3) == close
        {
            return self.error(
                self.span_at(at + 1).start,
                "the exponent of ^<n> and ^[n] must be at least 1",
            );
        }
        let Tok::Int(n) = self.tok_at(at + 1).clone() else {
            return Ok(None);
        };
        if *self.tok_at(at + 2) != close {
            if kind == UpKind::Power {
                return Ok(None);
            }
            return self
                .error(self.span_at(at + 2).start, "expected ']' after the count in '^[n]'");
        }
        self.bump();
        self.bump();
        self.bump();
        Ok(Some((kind, n)))
    }

    /// `[a, b]`, `[]`, `[e for x from a to b]`, `[e for x in L]`.
    fn list(&mut self, open: Span) -> Result<Expr> {
        self.bump();
        self.open(open);
        self.enter()?;
        let mut items = Vec::new();
        if *self.peek() != Tok::RBracket {
            let first = self.statement()?;
            if self.is_ident(self.pos, "for") {
                let expr = self.comprehension(first, Collect::List, open)?;
                self.close(Tok::RBracket, open, "']'")?;
                self.leave();
                return Ok(Expr { span: open.to(self.prev_span()), ..expr });
            }
            items.push(first);
            while *self.peek() == Tok::Comma {
                self.bump();
                items.push(self.statement()?);
            }
        }
        self.close(Tok::RBracket, open, "']'")?;
        self.leave();
        let span = open.to(self.prev_span());
        self.node(ExprKind::List(items), span)
    }

    /// `{=>}`, `{k => v, …}`, `{k => v for …}`, `{e for …}`, and games and
    /// sets with a first option; `None` (and nothing consumed) for `{|…}`
    /// and `{}`, which [`Parser::brace`] reads.
    fn map_or_set_comprehension(&mut self) -> Result<Option<Expr>> {
        let open = self.span();
        if *self.peek_n(1) == Tok::Arrow && *self.peek_n(2) == Tok::RBrace {
            self.bump();
            self.bump();
            self.bump();
            return self.node(ExprKind::Map(Vec::new()), open.to(self.prev_span())).map(Some);
        }
        let saved = self.pos;
        self.bump();
        self.open(open);
        self.enter()?;
        if matches!(self.peek(), Tok::RBrace | Tok::Bars(_)) {
            self.opens.pop();
            self.leave();
            self.pos = saved;
            return Ok(None);
        }
        let first = self.statement()?;
        let entry = if *self.peek() == Tok::Arrow {
            self.bump();
            let value = self.statement()?;
            let span = first.span.to(value.span);
            Some(self.node(ExprKind::Pair(Box::new(first.clone()), Box::new(value)), span)?)
        } else {
            None
        };
        let expr = match entry {
            Some(entry) if self.is_ident(self.pos, "for") => {
                self.comprehension(entry, Collect::Map, open)?
            }
            Some(entry) => {
                let mut entries = Vec::new();
                let mut entry = entry;
                loop {
                    if let ExprKind::Pair(k, v) = entry.kind {
                        entries.push((*k, *v));
                    }
                    if *self.peek() != Tok::Comma {
                        break;
                    }
                    self.bump();
                    let key = self.statement()?;
                    if *self.peek() != Tok::Arrow {
                        return self.unexpected("'=>' in a map entry");
                    }
                    self.bump();
                    let value = self.statement()?;
                    let span = key.span.to(value.span);
                    entry = Expr::new(ExprKind::Pair(Box::new(key), Box::new(value)), span);
                }
                self.node(ExprKind::Map(entries), open)?
            }
            None if self.is_ident(self.pos, "for") => {
                self.comprehension(first, Collect::Set, open)?
            }
            None => {
                // A game or a set whose first option is `first`.
                let brace = self.brace_body(open, Some(first))?;
                self.leave();
                return match brace {
                    Brace::Game(game) => Ok(Some(game)),
                    Brace::Set(items, span) => self.node(ExprKind::Set(items), span).map(Some),
                };
            }
        };
        self.close(Tok::RBrace, open, "'}'")?;
        self.leave();
        Ok(Some(Expr { span: open.to(self.prev_span()), ..expr }))
    }

    /// `{…}`: options separated by `,` and runs of bars.
    fn brace(&mut self) -> Result<Brace> {
        let open = self.bump();
        self.open(open);
        self.brace_body(open, None)
    }

    /// The rest of `{…}` after the `{` at `open` (already recorded as
    /// open) and, if given, its first option (already parsed: each option
    /// is parsed once, so nested braces take linear time).
    fn brace_body(&mut self, open: Span, first: Option<Expr>) -> Result<Brace> {
        let mut slots: Vec<(Vec<Expr>, Span)> = Vec::new();
        let mut seps: Vec<(usize, Span)> = Vec::new();
        let mut current: Vec<Expr> = Vec::new();
        let mut slot_start = self.span().start;
        if let Some(first) = first {
            slot_start = first.span.start;
            current.push(first);
            self.after_option()?;
        }
        loop {
            match self.peek().clone() {
                Tok::RBrace => {
                    let end = self.prev_span().end.max(slot_start);
                    slots.push((std::mem::take(&mut current), Span::new(slot_start, end)));
                    self.bump();
                    self.opens.pop();
                    break;
                }
                Tok::Bars(n) => {
                    let end = self.prev_span().end.max(slot_start);
                    slots.push((std::mem::take(&mut current), Span::new(slot_start, end)));
                    let span = self.bump();
                    seps.push((n, span));
                    slot_start = self.span().start;
                }
                Tok::Eof => return self.unclosed(open),
                Tok::Comma => {
                    return self.error(self.span().start, "expected an option before ','");
                }
                _ => {
                    current.push(self.statement()?);
                    self.after_option()?;
                }
            }
        }
        let span = open.to(self.prev_span());
        if seps.is_empty() {
            let options = slots.pop().map(|(o, _)| o).unwrap_or_default();
            return Ok(Brace::Set(options, span));
        }
        let max = seps.iter().map(|s| s.0).max().unwrap_or(1);
        if max as u64 > u64::from(MAX_DEPTH) {
            return self.error(open.start, format!("more than {MAX_DEPTH} bars in a row"));
        }
        self.slashes(slots, seps, span).map(Brace::Game)
    }

    /// What may follow an option inside braces: `,` and another option, a
    /// bar or the closing brace.
    fn after_option(&mut self) -> Result<()> {
        match self.peek() {
            Tok::Comma => {
                self.bump();
                if matches!(self.peek(), Tok::Bars(_) | Tok::RBrace) {
                    return self.unexpected("an option after ','");
                }
                Ok(())
            }
            Tok::Bars(_) | Tok::RBrace | Tok::Eof => Ok(()),
            _ => self.unexpected("',', '|' or '}'"),
        }
    }

    /// Builds a game from slots of options separated by bars: splits at the
    /// loosest (longest) bar, which must be unique, and recurses into each side.
    fn slashes(
        &self,
        mut slots: Vec<(Vec<Expr>, Span)>,
        mut seps: Vec<(usize, Span)>,
        span: Span,
    ) -> Result<Expr> {
        let max = seps.iter().map(|s| s.0).max().unwrap_or(1);
        let mut at_max = seps.iter().enumerate().filter(|(_, s)| s.0 == max);
        let Some((k, _)) = at_max.next() else {
            return self.error(span.start, "a game needs '|'");
        };
        if let Some((_, (n, second))) = at_max.next() {
            let bars = "|".repeat(*n);
            return self.error(
                second.start,
                format!(
                    "a second '{bars}' at the same level: more bars bind more loosely, \
                     write {{3||2|1}} for {{3|{{2|1}}}}"
                ),
            );
        }
        let right_slots = slots.split_off(k + 1);
        let right_seps = seps.split_off(k + 1);
        seps.pop();
        let left = self.side(slots, seps)?;
        let right = self.side(right_slots, right_seps)?;
        self.node(ExprKind::Game(left, right), span)
    }

    fn side(
        &self,
        mut slots: Vec<(Vec<Expr>, Span)>,
        seps: Vec<(usize, Span)>,
    ) -> Result<Vec<Expr>> {
        if seps.is_empty() {
            return Ok(slots.pop().map(|(o, _)| o).unwrap_or_default());
        }
        let start = slots.first().map_or(0, |s| s.1.start);
        let end = slots.last().map_or(start, |s| s.1.end);
        Ok(vec![self.slashes(slots, seps, Span::new(start, end))?])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compact rendering of the tree, for tests.
    fn show(e: &Expr) -> String {
        let list = |v: &[Expr]| v.iter().map(show).collect::<Vec<_>>().join(",");
        match &e.kind {
            ExprKind::Int(n) => n.to_string(),
            ExprKind::Fraction(a, b) => format!("{a}/{b}"),
            ExprKind::Str(s) => format!("{s:?}"),
            ExprKind::Bool(b) => b.to_string(),
            ExprKind::Var(v) => v.clone(),
            ExprKind::Loopy => "loopy".to_string(),
            ExprKind::Break => "break".to_string(),
            ExprKind::This => "this".to_string(),
            ExprKind::Yields(parts) => format!("yields({})", list(parts)),
            ExprKind::Explicit(e) => format!("'{}'", show(e)),
            ExprKind::Continue => "continue".to_string(),
            ExprKind::Return(e) => {
                format!("return {}", e.as_ref().map_or(String::new(), |e| show(e)))
            }
            ExprKind::Up(k, n) => format!("up{k:?}({n})"),
            ExprKind::Star(x) => format!("*({})", show(x)),
            ExprKind::Game(l, r) => format!("{{{}|{}}}", list(l), list(r)),
            ExprKind::PlusMinusSet(v) => format!("+-{{{}}}", list(v)),
            ExprKind::List(v) => format!("[{}]", list(v)),
            ExprKind::Pair(a, b) => format!("({},{})", show(a), show(b)),
            ExprKind::Loop { clauses, body, collect } => {
                let clauses: Vec<String> = clauses
                    .iter()
                    .map(|c| {
                        let mut t = match (&c.var, &c.source) {
                            (Some(v), Source::Range { from, to, by }) => format!(
                                "for {v} from {}{}{}",
                                show(from),
                                to.as_ref().map(|e| format!(" to {}", show(e))).unwrap_or_default(),
                                by.as_ref().map(|e| format!(" by {}", show(e))).unwrap_or_default()
                            ),
                            (Some(v), Source::In(l)) => format!("for {v} in {}", show(l)),
                            _ => "loop".to_string(),
                        };
                        if let Some(w) = &c.while_cond {
                            t += &format!(" while {}", show(w));
                        }
                        if let Some(w) = &c.where_cond {
                            t += &format!(" where {}", show(w));
                        }
                        t
                    })
                    .collect();
                format!("{collect:?}[{} {}]", show(body), clauses.join(" "))
            }
            ExprKind::Set(v) => format!("set{{{}}}", list(v)),
            ExprKind::Map(entries) => format!(
                "map{{{}}}",
                entries
                    .iter()
                    .map(|(k, v)| format!("{}=>{}", show(k), show(v)))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            ExprKind::If(branches, other) => format!(
                "if({}{})",
                branches
                    .iter()
                    .map(|(c, b)| format!("{} then {}", show(c), show(b)))
                    .collect::<Vec<_>>()
                    .join(" elseif "),
                other.as_ref().map(|e| format!(" else {}", show(e))).unwrap_or_default()
            ),
            ExprKind::Block(v) => format!("block({})", list(v)),
            ExprKind::Declare(n, v) => match v {
                Some(v) => format!("var {n}:={}", show(v)),
                None => format!("var {n}"),
            },
            ExprKind::Function(def) => format!(
                "fn {}({}) {}",
                def.name.as_deref().unwrap_or(""),
                def.params.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(","),
                show(&def.body)
            ),
            ExprKind::Index(a, b) => format!("{}[{}]", show(a), show(b)),
            ExprKind::Logic(l, a, b) => format!("({} {l:?} {})", show(a), show(b)),
            ExprKind::Not(a) => format!("not({})", show(a)),
            ExprKind::Unary(op, x) => format!("{op:?}({})", show(x)),
            ExprKind::Binary(op, a, b) => format!("({} {op:?} {})", show(a), show(b)),
            ExprKind::Member { target, name, args, .. } => match args {
                Some(args) => format!(
                    "{}.{name}({})",
                    show(target),
                    args.iter().map(|a| show(&a.value)).collect::<Vec<_>>().join(",")
                ),
                None => format!("{}.{name}", show(target)),
            },
            ExprKind::Call(f, args) => format!(
                "{}({})",
                show(f),
                args.iter()
                    .map(|a| match &a.name {
                        Some(n) => format!("{n}=>{}", show(&a.value)),
                        None => show(&a.value),
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            ExprKind::Assign(n, v) => format!("{n}:={}", show(v)),
            ExprKind::Seq(v, t) => format!("seq({}{})", list(v), if *t { ";" } else { "" }),
        }
    }

    fn p(s: &str) -> String {
        match parse(s) {
            Ok(e) => show(&e),
            Err(e) => format!("error {e}"),
        }
    }

    #[test]
    fn slash_notation() {
        assert_eq!(p("{3||2|1}"), "{3|{2|1}}");
        assert_eq!(p("{3|2||1}"), "{{3|2}|1}");
        assert_eq!(p("{0|||0||-1|-3}"), "{0|{0|{-1|-3}}}");
        assert_eq!(p("{|}"), "{|}");
        assert_eq!(p("{1,2|}"), "{1,2|}");
        assert!(p("{3|2|1}").starts_with("error 1:5: a second '|'"), "{}", p("{3|2|1}"));
    }

    #[test]
    fn precedence() {
        assert_eq!(p("1+2 * 3"), "(1 Add (2 Mul 3))");
        assert_eq!(p("3^2^2"), "(3 Pow (2 Pow 2))");
        assert_eq!(p("1-2-3"), "((1 Sub 2) Sub 3)");
        assert_eq!(p("- 2^2"), "Neg((2 Pow 2))");
        assert_eq!(p("-3^22/2^72"), "(Neg((3 Pow 22)) Div (2 Pow 72))");
        assert_eq!(p("(-2^40).Lb"), "Neg((2 Pow 40)).Lb");
        assert_eq!(p("-2^40.Lb"), "Neg((2 Pow 40.Lb))");
        assert_eq!(p("4 Max 3 + 5"), "(4 Named(\"Max\") (3 Add 5))");
        assert_eq!(p("G : H + K"), "((G Named(\"OrdinalSum\") H) Add K)");
        assert_eq!(p("a Max b Min c"), "((a Named(\"Max\") b) Named(\"Min\") c)");
        assert_eq!(p("1 < 2 Max 3"), "(1 Lt (2 Named(\"Max\") 3))");
        assert_eq!(p("G Foo 2"), "(G Named(\"Foo\") 2)");
        assert_eq!(p("1 < 2 + 3"), "(1 Lt (2 Add 3))");
        assert_eq!(p("x := 1 + 2; x"), "seq(x:=(1 Add 2),x)");
        assert_eq!(p("8 NimProduct n"), "(8 Named(\"NimProduct\") n)");
        assert_eq!(p("G : H"), "(G Named(\"OrdinalSum\") H)");
    }

    #[test]
    fn compact_literals() {
        assert_eq!(p("6^*"), "(6 Add (upMultiple(1) Add *(1)))");
        assert_eq!(p("73/16v9*8"), "(73/16 Add (upMultiple(-9) Add *(8)))");
        assert_eq!(p("3/4v[3]*"), "(3/4 Add (upPowerSum(-3) Add *(1)))");
        assert_eq!(p("^<2>*"), "(upPower(2) Add *(1))");
        assert_eq!(p("^*6"), "(upMultiple(1) Add *(6))");
        assert_eq!(p("^^^"), "upMultiple(3)");
        assert_eq!(p("^5"), "upMultiple(5)");
        assert_eq!(p("vv"), "upMultiple(-2)");
        assert_eq!(p("9/8*"), "(9/8 Add *(1))");
        assert_eq!(p("2Tiny(2)"), "(2 Add Tiny(2))");
        assert_eq!(p("-1^"), "(-1 Add upMultiple(1))");
        assert_eq!(p("*(3+5)"), "*((3 Add 5))");
        assert_eq!(p("*"), "*(1)");
    }

    #[test]
    fn numbers_followed_by_operators() {
        assert_eq!(p("2^3"), "(2 Pow 3)");
        assert_eq!(p("1^3*"), "(1 Add (upMultiple(3) Add *(1)))");
        assert_eq!(p("1^3*2"), "(1 Add (upMultiple(3) Add *(2)))");
        assert_eq!(p("2^62*^"), "((2 Pow 62) Mul upMultiple(1))");
        assert_eq!(p("3 * 2"), "(3 Mul 2)");
        assert_eq!(p("3*2"), "(3 Mul 2)");
        assert_eq!(p("-2*2"), "(-2 Mul 2)");
        assert_eq!(p("1+2*3"), "(1 Add (2 Mul 3))");
        assert_eq!(p("1/2*3"), "((1 Div 2) Mul 3)");
        assert_eq!(p("3*"), "(3 Add *(1))");
        assert_eq!(p("3*(2)"), "(3 Mul 2)");
        assert_eq!(p("n*2"), "(n Mul 2)");
        assert_eq!(p("3 * ^"), "(3 Mul upMultiple(1))");
        assert_eq!(p("1/2"), "(1 Div 2)");
        assert_eq!(p("-1/2"), "(-1 Div 2)");
        assert_eq!(p("-3/4*"), "(-3/4 Add *(1))");
        assert_eq!(p("2^-1"), "(2 Pow -1)");
        assert_eq!(p("-1.Sign"), "Neg(1.Sign)");
        assert_eq!(p("-1^"), "(-1 Add upMultiple(1))");
    }

    #[test]
    fn plus_minus() {
        assert_eq!(p("3+-1"), "(3 PlusMinus 1)");
        assert_eq!(p("+-1/2"), "PlusMinus((1 Div 2))");
        assert_eq!(p("+-{1,1*}"), "+-{1,(1 Add *(1))}");
        assert_eq!(p("+-{3|2}"), "PlusMinus({3|2})");
    }

    #[test]
    fn lists_members_and_calls() {
        assert_eq!(p("[1,2,3]"), "[1,2,3]");
        assert_eq!(p("[]"), "[]");
        assert_eq!(p("[n*n for n from 1 to 4]"), "List[(n Mul n) for n from 1 to 4]");
        assert_eq!(p("[x for x in L]"), "List[x for x in L]");
        assert_eq!(p("game.heap.Kayles(20).NimValue"), "game.heap.Kayles(20).NimValue");
        assert_eq!(p("Subtraction([2,3,7], allbut => true)"), "Subtraction([2,3,7],allbut=>true)");
        assert_eq!(p("Turning(\"1-3\")(\"htth\")"), "Turning(\"1-3\")(\"htth\")");
        assert_eq!(p("{3||2*|1*}.Mean"), "{3|{(2 Add *(1))|(1 Add *(1))}}.Mean");
    }

    #[test]
    fn syntax_errors_have_columns() {
        assert_eq!(
            p("1|0"),
            "error 1:2: expected an operator, ';' or the end of the input, found '|'"
        );
        assert_eq!(p("{1|0"), "error 1:1: unclosed '{': missing '}'");
        assert_eq!(p("(1+2"), "error 1:1: unclosed '(': missing ')'");
        assert_eq!(p("[1,2"), "error 1:1: unclosed '[': missing ']'");
        assert_eq!(p("1 +"), "error 1:4: expected a value, found the end of the input");
        assert_eq!(p("{1,2}"), "set{1,2}");
        assert!(p("1 2").starts_with("error 1:3:"));
        assert!(p("{1,|0}").starts_with("error 1:4:"));
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let deep = "(".repeat(100_000);
        assert!(p(&deep).contains("nested too deeply"));
        // Each option inside braces is parsed once: nested braces are linear.
        let nested = format!("{}{}", "{".repeat(45), "}".repeat(45));
        assert!(p(&nested).starts_with("set{set{"), "{}", p(&nested));
        let nested = format!("{}0{}", "{0|".repeat(30), "}".repeat(30));
        assert!(!p(&nested).starts_with("error"), "{}", p(&nested));
        let braces = "{".repeat(100_000);
        assert!(p(&braces).contains("nested too deeply"));
        let chain = vec!["1"; 10_000].join("+");
        assert!(p(&chain).contains("nested too deeply"), "{}", p(&chain));
        // A sum of a few thousand terms is an input people write.
        let chain = vec!["*1"; 4_000].join("+");
        assert!(parse(&chain).is_ok());
        let minus = "-".repeat(100_000) + "1";
        assert!(p(&minus).contains("nested too deeply"));
        let members = "x".to_string() + &".a".repeat(100_000);
        assert!(p(&members).contains("nested too deeply"));
        let bars = format!("{{0{}0}}", "|".repeat(1000));
        assert!(p(&bars).starts_with("error"));
        let wide = format!("[{}]", vec!["1"; 100_000].join(","));
        assert!(!p(&wide).starts_with("error"));
    }

    #[test]
    fn a_control_statement_ends_before_a_name() {
        // At the start of a statement, `for ... end a` is the loop and then
        // `a`; elsewhere a name after `end` is a named operator.
        assert_eq!(
            p("begin for n from 1 to 3 do 1 end a end"),
            p("begin for n from 1 to 3 do 1 end; a end")
        );
        assert_eq!(
            p("x := if true then 1 else 2 end Max 5"),
            p("x := (if true then 1 else 2 end) Max 5")
        );
        assert!(!p("x := if true then 1 else 2 end Max 5").starts_with("error"));
    }

    #[test]
    fn statements() {
        assert_eq!(p("1;2"), "seq(1,2)");
        assert_eq!(p("1;"), "seq(1;)");
        assert_eq!(p(""), "seq()");
        assert!(p(";").starts_with("error"));
        assert_eq!(p("a := b := 2"), "a:=b:=2");
    }

    #[test]
    fn script_constructs() {
        assert_eq!(
            p("if a then 1 elseif b then 2 else 3 end"),
            "if(a then block(1) elseif b then block(2) else block(3))"
        );
        assert_eq!(
            p("while x < 3 do x := x + 1 end"),
            "Nothing[block(x:=(x Add 1)) loop while (x Lt 3)]"
        );
        assert_eq!(
            p("for n from 1 to 9 by 2 where n > 3 yield n end"),
            "List[block(n) for n from 1 to 9 by 2 where (n Gt 3)]"
        );
        assert_eq!(p("begin var y := 2; y end"), "block(var y:=2,y)");
        assert_eq!(p("def f(x, y) := x"), "fn f(x,y) x");
        assert_eq!(p("x -> x + 1"), "fn (x) (x Add 1)");
        assert_eq!(p("(x, y) -> x"), "fn (x,y) x");
        assert_eq!(p("{1 => 2}"), "map{1=>2}");
        assert_eq!(p("{=>}"), "map{}");
        assert_eq!(p("{x for x in L}"), "Set[x for x in L]");
        assert_eq!(p("sumof(n for n from 1 to 3)"), "sumof(List[n for n from 1 to 3])");
        assert_eq!(p("L[2]"), "L[2]");
        assert_eq!(p("not a or b and c"), "(not(a) Or (b And c))");
        assert_eq!(p("if a then 1 end 2"), "seq(if(a then block(1)),2)");
        assert_eq!(p("[x for x in L for y in M]"), "List[x for x in L for y in M]");
    }

    #[test]
    fn incomplete_inputs_continue() {
        for text in [
            "begin",
            "if x then",
            "for n from 1 to 3 do",
            "(1,",
            "x := ",
            "def f(x) begin",
            "[1,",
            "if a then 1 else",
            "1 + /* a comment",
        ] {
            assert!(is_incomplete(text), "{text}");
        }
        for text in ["begin end", "1 +* 2", "{3|2|1}", "x", "if a then 1 end", "end", "1)"] {
            assert!(!is_incomplete(text), "{text}");
        }
    }
}
