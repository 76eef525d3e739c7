#!/usr/bin/env bash
# The deployment smoke test (tests/build/nginx.test.ts) runs the promo config through Debian's nginx.
set -euo pipefail
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"
if [ -x "$NGINX" ]; then
  exit 0
fi
if [ -z "${NGINX_PATH:-}" ] && command -v nginx >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's nginx for the deployment smoke test…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # The package's own service is not started here (no init in containers); the test starts its own nginx.
  apt-get install -y -qq nginx >/dev/null
  exit 0
fi
cat >&2 <<MSG
The deployment smoke test needs nginx at $NGINX and it is not there.
Install it (Debian/Ubuntu: sudo apt-get install -y nginx), or point NGINX_PATH at an nginx binary.
MSG
exit 1
