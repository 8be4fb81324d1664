//! Heap games: subtraction games, take-and-break games, and their Grundy
//! sequences (computed once into a table; a sum of heaps is the XOR of entries).

pub mod subtraction;
