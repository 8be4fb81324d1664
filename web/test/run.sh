#!/usr/bin/env bash
# Builds the site (web/build.sh) and drives it in headless Chromium
# (web/test/browser_test.py), checking its answers against the `onag`
# command (ONAG_CLI, default target/debug/onag). Needs Debian's chromium
# and chromium-driver.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash web/build.sh
python3 web/test/browser_test.py
