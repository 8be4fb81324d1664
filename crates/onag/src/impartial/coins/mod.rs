//! Coin-turning games and their Tartan products.
//!
//! A row of coins shows heads or tails; a move turns over a set of coins the
//! rule allows, whose rightmost coin goes from heads to tails. The value of a
//! position is the nim-sum of the values of its heads coins, each computed as
//! if it were alone ([`coin_values`]); products of rules ([`solve_product`])
//! multiply those values with the nim product (the Tartan theorem).
//!
//! ```
//! use onag::Budget;
//! use onag::impartial::coins::{CoinRule, coin_values};
//! let mock = CoinRule::parse("mock").unwrap();
//! // Mock Turtles: the odious numbers.
//! assert_eq!(coin_values(&mock, 6, &Budget::unlimited()).unwrap(), [1, 2, 4, 7, 8, 11]);
//! ```

mod product;
mod rule;
mod strip;
mod values;

pub use product::{
    Board, MAX_SIDE, ProductMove, ProductSolution, coin_value, parse_board, solve_product,
};
pub use rule::{CoinRule, Element, MAX_RULE_NUMBER, NAMED_RULES, Spacing};
pub use strip::{MAX_COINS, StripSolution, parse_strip, solve_strip};
pub use values::{coin_values, for_each_move, for_each_move_with_sum};
