#!/usr/bin/env bash
# ensure-debian-tool.sh BINARY PACKAGE PURPOSE: the tests use Debian's packages (Playwright's and other
# downloads cannot reach their hosts here). Installs PACKAGE when BINARY is missing and we are root;
# otherwise says what to install.
set -euo pipefail
BINARY="$1"
PACKAGE="$2"
PURPOSE="$3"
if [ -x "$BINARY" ] || command -v "$(basename "$BINARY")" >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's $PACKAGE for $PURPOSE…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # A package's own service is not started here (no init in containers); the tests start their own.
  apt-get install -y -qq "$PACKAGE" >/dev/null
  exit 0
fi
cat >&2 <<MSG
$PURPOSE needs $BINARY and it is not there.
Install it (Debian/Ubuntu: sudo apt-get install -y $PACKAGE), or point the path variable at another binary.
MSG
exit 1
