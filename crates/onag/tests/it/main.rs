//! Integration tests of the onag library against independent computations.

mod atomic;
mod classic;
mod coins;
mod game_brute;
mod game_laws;
mod game_print;
mod graph;
mod hackenbush;
mod lang;
mod lang_heaps;
mod loopy;
mod misere_forms;
mod nimber;
mod octal;
mod octal_theory;
mod octal_threads;
mod pins;
mod random_games;
mod ruleset_brute;
mod ruleset_graph;
mod ruleset_grid;
mod ruleset_hackenbush;
mod subtraction;
mod thermo;
mod tidy;
mod uptimal;
