#!/usr/bin/env bash
# npm run publish moves files with rsync (RSYNC_PATH is not read: rsync must be on PATH, here and on a remote host).
exec bash "$(dirname "$0")/ensure-debian-tool.sh" /usr/bin/rsync rsync "publishing (npm run publish)"
