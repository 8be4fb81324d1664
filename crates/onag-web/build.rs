//! Gives the WebAssembly module a larger stack than the linker's 1 MiB (the
//! calculator's evaluation may use half a megabyte of it, and what it calls
//! more), so that it never runs into the module's data; the size reaches
//! the crate as `ONAG_WEB_STACK` (`onag_web::WASM_STACK`).

/// The stack of the WebAssembly module, in bytes.
const WASM_STACK: usize = 4 << 20;

fn main() {
    println!("cargo:rustc-env=ONAG_WEB_STACK={WASM_STACK}");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-cdylib=-zstack-size={WASM_STACK}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
