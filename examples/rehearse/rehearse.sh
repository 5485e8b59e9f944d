#!/usr/bin/env bash
# Rehearses a pull request's `pulumi up` against the offline twin of the organization, kept out of
# the workflow's YAML so it runs the same on a laptop, in GitHub Actions and in this repository's
# tests (test/e2e/rehearse.test.ts).
#
#   rehearse.sh <snapshot.json>     starts the twin from the snapshot (a free port, in memory)
#   rehearse.sh                     with a twin's printed lines pasted (docs/twin.md): uses that twin
#
# Run it in the directory of the pull request's Pulumi program. It starts the twin from the
# snapshot (`docs-platform-emulator --seed`, in memory, on a free port), brings the program up on a
# stack of its own in a throwaway local backend, previews once more (which must show no change),
# and writes a Markdown comment: what was applied (the pull-request summary of the rehearsal's
# preview), anything that failed, and whether the second preview was clean. Nothing reaches the
# real organization: the API URL and token are the twin's, and the program's directory is left as
# it was (the stack's config file lives in the throwaway directory).
#
# Environment:
#   STACK              the rehearsal stack's name (default: rehearsal); with STATE_FROM, the name of
#                      the stack the state comes from (its resources are named after it)
#   STATE_FROM         that stack's state (`pulumi stack export --show-secrets --file state.json`):
#                      the rehearsal then starts where production is, and `up` applies only the
#                      pull request's change. Without it the stack starts empty (a program that
#                      adopts what exists, like the one `export` writes, needs none). It holds
#                      production's secrets in plain text: only for code you trust (the workflow
#                      gives none).
#   CONFIG_FROM        a stack config file to start from (default: Pulumi.<STACK>.yaml in the
#                      program's directory when there is one, so the rehearsal runs the program
#                      with the stack's own config and changes only what the pull request
#                      changes; an empty CONFIG_FROM= starts from no config); its
#                      docs-platform:apiUrl and docs-platform:token are dropped (the twin's are
#                      used), and so are its secrets and encryption settings: they are under that
#                      stack's passphrase, which the rehearsal (running the pull request's code)
#                      never gets. PULUMI_CONFIG_PASSPHRASE is the throwaway stack's own (default:
#                      rehearsal).
#   REHEARSAL_COMMENT  where the comment goes (default: rehearsal.md)
#   EMULATOR, DOCS_PLATFORM_CLI
#                      how to run the twin and the package's command line (default: `npx
#                      --no-install docs-platform-emulator` and `npx --no-install
#                      pulumi-docs-platform`, the project's installed packages)
# Exit code: 0 the change applies cleanly and a second preview shows no change; 1 it does not.
set -uo pipefail

snapshot="${1:-}"
comment="${REHEARSAL_COMMENT:-rehearsal.md}"
work=$(mktemp -d)
twin_token="rehearsal-$(date +%s)-$$"

# However the script ends, the twin ends with it. It runs in a process group of its own (set -m),
# and the whole group is stopped: $! is npx's pid, and the emulator is npx's child. Ctrl-C, TERM
# and HUP end the script through the EXIT trap (once the command running then returns); SIGKILL
# runs no trap, so the twin also watches this script's pid (--exit-with-pid) and exits after it.
twin=""
stop_twin() {
  [ -n "$twin" ] || return 0
  kill -TERM -- "-$twin" 2>/dev/null && wait "$twin" 2>/dev/null
  twin=""
}
trap 'stop_twin; rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# 1. The twin, from the snapshot: the organization's ids and members, a token of its own. A twin
# already running, whose printed lines were pasted into this shell (DOCS_PLATFORM_REHEARSAL set,
# docs/twin.md), is used as it is.
if [ -n "${DOCS_PLATFORM_REHEARSAL:-}" ]; then
  twin_token=${DOCS_PLATFORM_TOKEN:?rehearse: DOCS_PLATFORM_REHEARSAL is set but DOCS_PLATFORM_TOKEN is not: paste every line the twin printed}
  echo "rehearse: using the twin already running at $DOCS_PLATFORM_REHEARSAL"
else
  [ -n "$snapshot" ] || { echo "usage: rehearse.sh <snapshot.json> (or, with a twin's printed lines pasted, no argument)" >&2; exit 2; }
  set -m
  ${EMULATOR:-npx --no-install docs-platform-emulator} --seed "$snapshot" --token "$twin_token" --port 0 --db :memory: --exit-with-pid $$ > "$work/twin.log" 2>&1 &
  twin=$!
  set +m
  for _ in $(seq 1 100); do
    grep -q '^export DOCS_PLATFORM_ORGANIZATION_ID=' "$work/twin.log" && break
    kill -0 "$twin" 2>/dev/null || { cat "$work/twin.log" >&2; echo "rehearse: the twin did not start" >&2; exit 1; }
    sleep 0.1
  done
  # The printed lines are quoted for sh, so evaluating them sets exactly the printed values
  # (DOCS_PLATFORM_REHEARSAL too: the package then refuses any other API).
  eval "$(grep '^export DOCS_PLATFORM_' "$work/twin.log")"
fi
api_url=$DOCS_PLATFORM_API_URL
organization=$DOCS_PLATFORM_ORGANIZATION_ID
echo "rehearse: twin of $organization at $api_url"

# without_secrets: a stack config file (stdin) without its secure values and the settings that
# encrypt them (encryptionsalt, encryptedkey, secretsprovider): a config entry with a `secure:`
# anywhere in it is left out whole.
without_secrets() {
  awk '
    function flush() { if (!secret) printf "%s", entry; entry = ""; secret = 0 }
    /^(encryptionsalt|encryptedkey|secretsprovider):/ { flush(); in_config = 0; next }
    /^config:/ { flush(); in_config = 1; print; next }
    /^[^ ]/ { flush(); in_config = 0; print; next }
    in_config && /^  [^ ]/ { flush(); entry = $0 "\n"; secret = ($0 ~ /secure:/); next }
    in_config { entry = entry $0 "\n"; if ($0 ~ /^[ -]*secure:/) secret = 1; next }
    { print }
    END { flush() }
  '
}

# inline_code <text>: the text as an inert Markdown code span. It comes from the snapshot (the
# organization's id), so it must not become markup, a mention or a link, or close its span: the
# span's fence is longer than any run of backticks in it; control characters and the ones that
# reorder text (U+202A-U+202E, U+2066-U+2069) are dropped.
inline_code() {
  local text fence='`' pad=""
  text=$(printf '%s' "$1" | tr -d '\000-\037\177' | LC_ALL=C sed -e $'s/\xe2\x80[\xaa-\xae]//g' -e $'s/\xe2\x81[\xa6-\xa9]//g')
  while [[ "$text" == *"$fence"* ]]; do fence+='`'; done
  if [[ "$text" == '`'* || "$text" == *'`' || "$text" == ' '* ]]; then pad=" "; fi
  printf '%s%s%s%s%s' "$fence" "$pad" "$text" "$pad" "$fence"
}

# 2. A stack of its own in a throwaway backend, pointed at the twin.
export PULUMI_BACKEND_URL="file://$work/state" PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE:-rehearsal}"
export DOCS_PLATFORM_API_URL="$api_url" DOCS_PLATFORM_TOKEN="$twin_token"
mkdir -p "$work/state"
# The stack is made in a copy of the project, so its config file (started from CONFIG_FROM) stays
# in the throwaway directory; every command then names it.
name="${STACK:-rehearsal}"
mkdir -p "$work/project"
cp Pulumi.yaml "$work/project/"
config="$work/project/Pulumi.$name.yaml"
# The stack's own config by default: without it the program would run with its defaults, and the
# rehearsal would apply (and report as clean) a change the pull request does not make.
config_from="${CONFIG_FROM-}"
if [ -z "${CONFIG_FROM+set}" ] && [ -f "Pulumi.$name.yaml" ]; then config_from="Pulumi.$name.yaml"; fi
if [ -n "$config_from" ]; then
  echo "rehearse: starting from the config of $config_from (without its API URL, token and secrets)"
  without_secrets < "$config_from" > "$config"
fi
(cd "$work/project" && pulumi stack init "$name" > /dev/null) || exit 1
stack=(--stack "$name" --config-file "$config")
if [ -n "${STATE_FROM:-}" ]; then
  # The state's secrets provider is the source stack's (its passphrase's salt): replaced by the
  # rehearsal stack's (the salt `stack init` wrote), so the rehearsal's own passphrase encrypts the
  # state's secrets (plain text in an export --show-secrets).
  node -e '
    const fs = require("fs");
    const [from, config, to] = process.argv.slice(1);
    const state = JSON.parse(fs.readFileSync(from, "utf8"));
    const salt = /^encryptionsalt: *(\S+)/m.exec(fs.readFileSync(config, "utf8"))?.[1];
    if (state.deployment && salt) state.deployment.secrets_providers = { type: "passphrase", state: { salt } };
    fs.writeFileSync(to, JSON.stringify(state));
  ' "$STATE_FROM" "$config" "$work/imported-state.json" || exit 1
  pulumi stack import --stack "$name" --file "$work/imported-state.json" > /dev/null || exit 1
fi
for key in docs-platform:apiUrl docs-platform:token; do pulumi config rm "$key" "${stack[@]}" > /dev/null 2>&1 || true; done
pulumi config set docs-platform:organizationId "$organization" "${stack[@]}" > /dev/null

# 3. What the change would do, then the change itself, then a preview that must be empty.
pulumi preview "${stack[@]}" --json --show-sames > "$work/preview.json" 2> "$work/preview.err"
preview_status=$?
pulumi up "${stack[@]}" --yes --skip-preview > "$work/up.log" 2>&1
up_status=$?
second_status=1
if [ "$up_status" -eq 0 ]; then
  pulumi preview "${stack[@]}" --expect-no-changes > "$work/second.log" 2>&1
  second_status=$?
fi

# 4. The comment.
{
  echo "## Rehearsal against the twin of $(inline_code "$organization")"
  echo
  if [ "$up_status" -eq 0 ] && [ "$second_status" -eq 0 ]; then
    echo "The change applied cleanly to a copy of the organization, and a second preview showed no change."
  elif [ "$up_status" -ne 0 ]; then
    echo "**The change failed in the rehearsal**: \`pulumi up\` against the twin stopped with:"
    echo
    echo '```'
    grep -E '^\s*(error|warning):' "$work/up.log" | sed 's/^ *//' | sort -u | head -n 20
    echo '```'
  else
    echo "**The change applied, but a second preview still shows changes** (it would not converge):"
    echo
    echo '```'
    tail -n 20 "$work/second.log"
    echo '```'
  fi
  echo
  echo "### What the rehearsal applied"
  echo
  if [ "$preview_status" -eq 0 ] || [ -s "$work/preview.json" ]; then
    ${DOCS_PLATFORM_CLI:-npx --no-install pulumi-docs-platform} pr-summary "$work/preview.json" --stack "$name" || true
  else
    echo '```'
    tail -n 20 "$work/preview.err"
    echo '```'
  fi
} > "$comment"

echo "rehearse: wrote $comment"
if [ "$up_status" -eq 0 ] && [ "$second_status" -eq 0 ]; then exit 0; fi
exit 1
