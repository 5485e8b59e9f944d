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
#   COMMENT_AUTHOR the login this workflow comments as (default: the token's user, or
#                  github-actions[bot] for a GitHub Actions token): only its comments are edited
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

# own_comment <stack>: the id of this stack's comment, which this workflow wrote: a comment that
# starts with the summary's marker counts only when its author is this workflow's own identity.
# Anyone can write the marker; a comment of theirs taken for ours would be edited in vain (the
# token may not edit it) and the review silenced.
own_comment() {
  local marker="<!-- pulumi-docs-platform:pr-summary stack=$1 -->"
  if [ -n "${COMMENT_STORE:-}" ]; then grep -lxF "$marker" "$COMMENT_STORE"/*.md 2>/dev/null | head -n 1; return; fi
  gh api "repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" --paginate \
    --jq ".[] | select((.user.login == \"$(comment_author)\") and (.body | startswith(\"$marker\"))) | .id" | head -n 1
}

# comment_author: who this workflow's comments are by: COMMENT_AUTHOR, else the user the token
# belongs to; a GitHub Actions token (GITHUB_TOKEN) may not ask (`/user` refuses it) and comments
# as github-actions[bot].
comment_author() {
  local login="${COMMENT_AUTHOR:-}"
  [ -n "$login" ] || login=$(gh api user --jq .login 2>/dev/null) || login=""
  echo "${login:-github-actions[bot]}"
}

# post_comment <stack> <markdown file>: edit this stack's comment (own_comment) or add it; when the
# edit fails, add a new one. Fails (non-zero) only when nothing could be posted.
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
  id=$(own_comment "$stack")
  if [ -n "$id" ]; then
    if gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$id" -F body=@"$file" > /dev/null; then echo "edited the comment of stack $stack"; return 0; fi
    echo "stack $stack: could not edit comment $id; adding a new one" >&2
  fi
  gh api --method POST "repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER/comments" -F body=@"$file" > /dev/null || { echo "stack $stack: could not post the comment" >&2; return 1; }
  echo "added a comment for stack $stack"
}

policy_args() {
  for pack in ${POLICY_PACKS:-}; do printf -- '--policy-pack\n%s\n' "$pack"; done
}

preview_all() {
  local failed=0 work
  work=$(mktemp -d)
  local policy=()
  mapfile -t policy < <(policy_args)
  local count=0
  for stack in $(stacks); do
    # Files are numbered, not named after the stack: a fully-qualified name (org/project/stack)
    # holds slashes.
    count=$((count + 1))
    local file="$work/stack-$count"
    # The JSON leaves policy violations out; the event log (offered with PULUMI_DEBUG_COMMANDS)
    # holds them, and the summary reads them from it.
    # --show-sames: the unchanged resources too, so the summary names what a reorder moves.
    PULUMI_DEBUG_COMMANDS=true pulumi preview --stack "$stack" --json --show-sames --non-interactive --event-log "$file.events" "${policy[@]}" > "$file.json"
    local preview_status=$?
    local events=()
    [ -s "$file.events" ] && events=(--events "$file.events")
    summary "$file.json" --stack "$stack" "${events[@]}" --exit-code > "$file.md"
    local summary_status=$?
    if [ "$summary_status" -eq 1 ]; then echo "stack $stack: the preview printed no JSON (exit $preview_status)" >&2; failed=1; continue; fi
    # No change: edit an earlier comment to say so, but do not add one.
    if [ "$summary_status" -eq 2 ] && [ -z "$(own_comment "$stack")" ]; then echo "stack $stack: no changes"; else post_comment "$stack" "$file.md" || failed=1; fi
    # pr-summary exits 3 when the preview reported errors (the comment is written first).
    if [ "$preview_status" -ne 0 ] || [ "$summary_status" -eq 3 ]; then echo "stack $stack: the preview failed (exit $preview_status)" >&2; failed=1; fi
  done
  rm -rf "$work"
  return $failed
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
