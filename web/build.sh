#!/usr/bin/env bash
# Builds the static site into web/dist/: the engine as WebAssembly (the
# crate crates/onag-web, the `web` profile), its JavaScript bindings made by
# wasm-bindgen, and the page's files from web/static/. Installs what it needs
# when it is missing: the wasm32-unknown-unknown target and wasm-bindgen-cli
# of the version the crate is built with. Serve the result with
#   python3 -m http.server -d web/dist
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

target=wasm32-unknown-unknown
# The version of the wasm-bindgen crate (pinned with `=` in Cargo.toml):
# the CLI must be the same, or its output does not fit the module.
version="$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' Cargo.toml)"
if [ -z "$version" ]; then
    echo "error: Cargo.toml pins no wasm-bindgen version" >&2
    exit 1
fi

if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx "$target"; then
    rustup target add "$target"
fi
# Without its default features (TLS for the test runner's downloads, which
# the build never makes), it builds in a good part less time.
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    cargo install --quiet --no-default-features wasm-bindgen-cli --version "$version"
fi

cargo build --quiet -p onag-web --profile web --target "$target"
wasm="${CARGO_TARGET_DIR:-target}/$target/web/onag_web.wasm"

dist=web/dist
rm -rf "$dist"
mkdir -p "$dist/pkg"
wasm-bindgen --target web --no-typescript --out-dir "$dist/pkg" "$wasm"
cp web/static/* "$dist/"

raw=$(wc -c <"$dist/pkg/onag_web_bg.wasm")
gz=$(gzip -9 -c "$dist/pkg/onag_web_bg.wasm" | wc -c)
echo "web/dist: onag_web_bg.wasm $raw bytes, $gz gzip-compressed"
# The download the issue allows: 3 MB compressed.
if [ "$gz" -gt 3000000 ]; then
    echo "error: the module is $gz bytes gzip-compressed, more than 3000000" >&2
    exit 1
fi
