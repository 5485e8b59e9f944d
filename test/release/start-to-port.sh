#!/usr/bin/env bash
# Starts a plugin executable and exits as soon as it prints its port (its first line), stopping it:
# the time of this script is the plugin's start time as the engine sees it. docs/release.md times it
# (e.g. `/usr/bin/time -f %e test/release/start-to-port.sh <plugin>`).
set -euo pipefail
coproc PLUGIN { exec "$@"; }
read -r port <&"${PLUGIN[0]}"
kill "$PLUGIN_PID" 2>/dev/null || true
[[ "$port" =~ ^[0-9]+$ ]] || { echo "not a port: $port" >&2; exit 1; }
