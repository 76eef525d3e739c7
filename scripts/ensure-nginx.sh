#!/usr/bin/env bash
# The deployment smoke test (tests/built/nginx.test.ts) runs the promo config through Debian's nginx (NGINX_PATH to use another).
exec bash "$(dirname "$0")/ensure-debian-tool.sh" "${NGINX_PATH:-/usr/sbin/nginx}" nginx "the deployment smoke test"
