#!/usr/bin/env bash
# The pull-request workflow's logic, kept out of the YAML so it runs the same on a laptop, in
# GitHub Actions and in this repository's tests (test/e2e/pull-request-workflow.test.ts).
#
#   ci.sh preview   preview every stack, post or edit one summary comment per stack on the pull
#                   request, and fail (exit 1) when any preview failed
#   ci.sh up        pulumi up every stack (after a merge to main)
#
# Run it in the directory of the Pulumi program. Environment:
#   STACKS         the stacks, space-separated (default: every stack of the backend, `pulumi stack ls`)
#   PR_NUMBER, GITHUB_REPOSITORY   where comments go (with `gh api`; GH_TOKEN authenticates gh)
#   COMMENT_STORE  a directory to keep comments in instead of a pull request (one file per stack;
#                  for local runs and tests)
#   POLICY_PACKS   policy pack directories, space-separated (e.g. examples/policy): previews and
#                  ups run them (`--policy-pack`); their violations are shown in the comment
# The Pulumi backend (PULUMI_BACKEND_URL), PULUMI_CONFIG_PASSPHRASE and the provider's
# DOCS_PLATFORM_API_URL / DOCS_PLATFORM_TOKEN come from the environment; nothing here prints them.
set -uo pipefail

# However this script ends, what it started ends with it. The body runs again as a job in a
# process group of its own, which this shell waits for: bash runs a trap only once the command in
# the foreground returns, but it interrupts `wait` at once, so a signal here is passed on right
# away to the whole group (pulumi, its plugins and language host, the package's CLI), waited for,
# and the script exits with the shell's code for it. A SIGKILL runs no trap: the command then
# running finishes on its own.
if [ -z "${DOCS_PLATFORM_SCRIPT_BODY:-}" ]; then
  export DOCS_PLATFORM_SCRIPT_BODY=$$
  set -m
  bash "$0" "$@" &
  body=$!
  set +m
  pass_on() { kill "-$1" -- "-$body" 2>/dev/null; wait "$body"; exit "$2"; }
  trap 'pass_on INT 130' INT
  trap 'pass_on TERM 143' TERM
  trap 'pass_on HUP 129' HUP
  wait "$body"
  exit $?
fi

summary() { npx --no-install pulumi-docs-platform pr-summary "$@"; }

stacks() {
  if [ -n "${STACKS:-}" ]; then echo "$STACKS"; else pulumi stack ls --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).map(x=>x.name).join(" ")))'; fi
}

# post_comment <stack> <markdown file>: edit this stack's comment (found by the summary's marker)
# or add it.
post_comment() {
  local stack="$1" file="$2" marker="<!-- pulumi-docs-platform:pr-summary stack=$1 -->"
  if [ -n "${COMMENT_STORE:-}" ]; then
    mkdir -p "$COMMENT_STORE"
    local existing
    existing=$(grep -lxF "$marker" "$COMMENT_STORE"/*.md 2>/dev/null | head -n 1)
    if [ -n "$existing" ]; then cp "$file" "$existing"; echo "edited the comment of stack $stack"; else cp "$file" "$COMMENT_STORE/comment-$(date +%s%N).md"; echo "added a comment for stack $stack"; fi
    return
  fi
  local id
  id=$(gh api "repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" --paginate --jq ".[] | select(.body | startswith(\"$marker\")) | .id" | head -n 1)
  if [ -n "$id" ]; then
    gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$id" -F body=@"$file" > /dev/null && echo "edited the comment of stack $stack"
  else
    gh api --method POST "repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" -F body=@"$file" > /dev/null && echo "added a comment for stack $stack"
  fi
}

policy_args() {
  for pack in ${POLICY_PACKS:-}; do printf -- '--policy-pack\n%s\n' "$pack"; done
}

preview_all() {
  local failed=0 work
  work=$(mktemp -d)
  local policy=()
  mapfile -t policy < <(policy_args)
  for stack in $(stacks); do
    # The JSON leaves policy violations out; the event log (offered with PULUMI_DEBUG_COMMANDS)
    # holds them, and the summary reads them from it.
    # --show-sames: the unchanged resources too, so the summary names what a reorder moves.
    PULUMI_DEBUG_COMMANDS=true pulumi preview --stack "$stack" --json --show-sames --non-interactive --event-log "$work/$stack.events" "${policy[@]}" > "$work/$stack.json"
    local preview_status=$?
    local events=()
    [ -s "$work/$stack.events" ] && events=(--events "$work/$stack.events")
    summary "$work/$stack.json" --stack "$stack" "${events[@]}" --exit-code > "$work/$stack.md"
    local summary_status=$?
    if [ "$summary_status" -eq 1 ]; then echo "stack $stack: the preview printed no JSON (exit $preview_status)" >&2; failed=1; continue; fi
    # No change: edit an earlier comment to say so, but do not add one.
    if [ "$summary_status" -eq 2 ] && [ -z "$(comment_exists "$stack")" ]; then echo "stack $stack: no changes"; else post_comment "$stack" "$work/$stack.md"; fi
    # pr-summary exits 3 when the preview reported errors (the comment is written first).
    if [ "$preview_status" -ne 0 ] || [ "$summary_status" -eq 3 ]; then echo "stack $stack: the preview failed (exit $preview_status)" >&2; failed=1; fi
  done
  rm -rf "$work"
  return $failed
}

comment_exists() {
  local marker="<!-- pulumi-docs-platform:pr-summary stack=$1 -->"
  if [ -n "${COMMENT_STORE:-}" ]; then grep -lxF "$marker" "$COMMENT_STORE"/*.md 2>/dev/null | head -n 1; return; fi
  gh api "repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" --paginate --jq ".[] | select(.body | startswith(\"$marker\")) | .id" | head -n 1
}

up_all() {
  local policy=()
  mapfile -t policy < <(policy_args)
  for stack in $(stacks); do
    pulumi up --stack "$stack" --yes --skip-preview --non-interactive "${policy[@]}" || return 1
  done
}

case "${1:-}" in
  preview) preview_all ;;
  up) up_all ;;
  *) echo "usage: ci.sh preview|up" >&2; exit 2 ;;
esac
