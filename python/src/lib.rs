//! The `onag` Python package's native module `onag._onag`: thin layers over
//! the library, each call releasing the GIL, taking the CLI's limits and
//! stopping on Ctrl-C (see `limits`).

mod args;
mod calc;
mod engine;
mod errors;
mod game;
mod graph;
mod impartial;
mod limits;
mod loopy;
mod nimber;
mod rulesets;
mod thermograph;
mod user;

use pyo3::prelude::*;

/// The native module.
/// The system allocator, its live bytes counted so that `max_memory=`
/// limits the memory really in use.
#[global_allocator]
static ALLOCATOR: onag::memory::Counting<std::alloc::System> =
    onag::memory::Counting(std::alloc::System);

#[pymodule]
fn _onag(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    // The version of the command built from the same sources (`onag --version`).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    onag::threads::start_pool().map_err(errors::to_py)?;
    m.add_class::<game::Game>()?;
    m.add_class::<thermograph::Thermograph>()?;
    m.add_class::<loopy::LoopyValue>()?;
    m.add_class::<calc::Calculator>()?;
    m.add_class::<impartial::GrundySequence>()?;
    m.add_class::<rulesets::Position>()?;
    m.add_function(wrap_pyfunction!(impartial::octal, m)?)?;
    m.add_function(wrap_pyfunction!(impartial::subtraction, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nim_mul, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nim_inv, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nim_sqrt, m)?)?;
    m.add_function(wrap_pyfunction!(nimber::nim_pow, m)?)?;
    m.add_function(wrap_pyfunction!(graph::graph_grundy, m)?)?;
    m.add_function(wrap_pyfunction!(graph::graph_retrograde, m)?)?;
    m.add_function(wrap_pyfunction!(rulesets::rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(rulesets::solve, m)?)?;
    m.add_function(wrap_pyfunction!(rulesets::ruleset_rectangle, m)?)?;
    m.add_function(wrap_pyfunction!(user::user_value, m)?)?;
    m.add_function(wrap_pyfunction!(user::user_nim_value, m)?)?;
    m.add_function(wrap_pyfunction!(user::user_values, m)?)?;
    m.add_function(wrap_pyfunction!(user::user_game_value, m)?)?;
    Ok(())
}
