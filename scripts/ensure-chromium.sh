#!/usr/bin/env bash
# Browser tests use Debian's Chromium (CHROMIUM_PATH to use another).
exec bash "$(dirname "$0")/ensure-debian-tool.sh" "${CHROMIUM_PATH:-/usr/bin/chromium}" chromium "the browser tests"
