#!/usr/bin/env bash
# The browser tests' "firefox" project uses Debian's Firefox ESR (FIREFOX_PATH to use another).
exec bash "$(dirname "$0")/ensure-debian-tool.sh" "${FIREFOX_PATH:-/usr/bin/firefox-esr}" firefox-esr "the browser tests in Firefox"
