#!/usr/bin/env bash
# Starts a plugin executable and exits as soon as it prints its port (its first line), stopping it:
# the time of this script is the plugin's start time as the engine sees it. docs/release.md times it
# (e.g. `/usr/bin/time -f %e test/release/start-to-port.sh <plugin>`). With START_TO_PORT_WAIT=1 it
# waits for the stopped plugin before it exits, so that the plugin's CPU time (its start, up to
# the port, and its stop) is counted in the script's (`/usr/bin/time -f %U+%S`).
set -euo pipefail
coproc PLUGIN { exec "$@"; }
read -r port <&"${PLUGIN[0]}"
pid=$PLUGIN_PID
kill "$pid" 2>/dev/null || true
if [[ "${START_TO_PORT_WAIT:-}" == 1 ]]; then wait "$pid" 2>/dev/null || true; fi
[[ "$port" =~ ^[0-9]+$ ]] || { echo "not a port: $port" >&2; exit 1; }
