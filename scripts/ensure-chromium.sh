#!/usr/bin/env bash
# Browser tests use Debian's Chromium: Playwright's own browser download cannot reach its host here.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
cat >&2 <<MSG
The browser tests need Chromium at $CHROMIUM and it is not there.
Install it (Debian/Ubuntu: sudo apt-get install -y chromium), or point CHROMIUM_PATH at a Chromium binary.
MSG
exit 1
