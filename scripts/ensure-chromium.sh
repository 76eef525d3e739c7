#!/usr/bin/env bash
# Browser tests (the Playwright suite, and tests/built/third-parties-csp.test.ts) use Debian's Chromium (CHROMIUM_PATH to use another).
exec bash "$(dirname "$0")/ensure-debian-tool.sh" "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium "the browser tests"
