#!/usr/bin/env bash
# The scheduled drift check's logic, kept out of the YAML so it runs the same on a laptop, in
# GitHub Actions and in this repository's tests (test/e2e/drift-workflow.test.ts).
#
#   drift.sh   for every stack: `pulumi preview --refresh --json` of the deployed program, a drift
#              report (`pulumi-docs-platform drift`), and one issue per stack: opened on drift,
#              updated while drift stays, closed once the stack is in sync again. Exits 1 when a
#              refresh failed, 0 otherwise (drift is reported in the issue, not as a failed job).
#
# Run it in the directory of the Pulumi program, at the commit that was last applied. Environment:
#   STACKS             the stacks, space-separated (default: every stack of the backend)
#   GITHUB_REPOSITORY  where issues go (with `gh api`; GH_TOKEN authenticates gh)
#   ISSUE_AUTHOR       the login this workflow opens issues as (default: the token's user, or
#                      github-actions[bot] for a GitHub Actions token): only its issues are updated or closed
#   ISSUE_STORE        a directory to keep issues in instead of GitHub (one file per issue, its
#                      first line `state: open|closed`; for local runs and tests)
# The Pulumi backend, PULUMI_CONFIG_PASSPHRASE and DOCS_PLATFORM_* come from the environment.
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

report() { npx --no-install pulumi-docs-platform drift "$@"; }

stacks() {
  if [ -n "${STACKS:-}" ]; then echo "$STACKS"; else pulumi stack ls --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).map(x=>x.name).join(" ")))'; fi
}

marker() { echo "<!-- pulumi-docs-platform:drift stack=$1 -->"; }

# open_issue <stack>: the open issue of this stack (a file of ISSUE_STORE, or a GitHub issue number), or nothing.
open_issue() {
  local marker; marker=$(marker "$1")
  if [ -n "${ISSUE_STORE:-}" ]; then
    for file in "$ISSUE_STORE"/*.md; do
      [ -e "$file" ] || continue
      if [ "$(head -n 1 "$file")" = "state: open" ] && grep -qxF "$marker" "$file"; then echo "$file"; return; fi
    done
    return
  fi
  # Only an issue this workflow opened: anyone can write the marker, and an issue of theirs taken
  # for ours would be updated in vain, or closed to hide drift.
  gh api "repos/$GITHUB_REPOSITORY/issues?state=open&labels=docs-platform-drift" --paginate \
    --jq ".[] | select((.user.login == \"$(issue_author)\") and (.body | startswith(\"$marker\"))) | .number" | head -n 1
}

# issue_author: ISSUE_AUTHOR, else the user the token belongs to; a GitHub Actions token may not
# ask (`/user` refuses it) and opens issues as github-actions[bot].
issue_author() {
  local login="${ISSUE_AUTHOR:-}"
  [ -n "$login" ] || login=$(gh api user --jq .login 2>/dev/null) || login=""
  echo "${login:-github-actions[bot]}"
}

# file_issue <stack> <report>: open this stack's drift issue, or update the open one.
file_issue() {
  local stack="$1" file="$2" existing; existing=$(open_issue "$stack")
  if [ -n "${ISSUE_STORE:-}" ]; then
    mkdir -p "$ISSUE_STORE"
    # A fully-qualified stack name (org/project/stack) holds slashes: not in a file name.
    local target="${existing:-$ISSUE_STORE/drift-${stack//\//-}-$(date +%s%N).md}"
    { echo "state: open"; echo "title: Drift in stack $stack"; cat "$file"; } > "$target"
    if [ -n "$existing" ]; then echo "stack $stack: drift, issue updated"; else echo "stack $stack: drift, issue opened"; fi
    return
  fi
  if [ -n "$existing" ]; then
    if gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/$existing" -F body=@"$file" > /dev/null; then echo "stack $stack: drift, issue #$existing updated"; return 0; fi
    echo "stack $stack: could not update issue #$existing; opening a new one" >&2
  fi
  gh api --method POST "repos/$GITHUB_REPOSITORY/issues" -f title="Drift in stack $stack" -f labels[]=docs-platform-drift -F body=@"$file" > /dev/null || { echo "stack $stack: could not open the drift issue" >&2; return 1; }
  echo "stack $stack: drift, issue opened"
}

# close_issue <stack>: close the open drift issue of a stack back in sync.
close_issue() {
  local stack="$1" existing; existing=$(open_issue "$stack")
  [ -n "$existing" ] || { echo "stack $stack: in sync"; return; }
  if [ -n "${ISSUE_STORE:-}" ]; then
    sed -i '1s/^state: open$/state: closed/' "$existing"
  else
    gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/$existing" -f state=closed > /dev/null || { echo "stack $stack: in sync again, but could not close issue #$existing" >&2; return 1; }
  fi
  echo "stack $stack: in sync again, issue closed"
}

failed=0
work=$(mktemp -d)
count=0
for stack in $(stacks); do
  # Numbered, not named after the stack: a fully-qualified name (org/project/stack) holds slashes.
  count=$((count + 1))
  file="$work/stack-$count"
  pulumi preview --refresh --stack "$stack" --json --non-interactive > "$file.json"
  report "$file.json" --stack "$stack" > "$file.md"
  case $? in
    0) close_issue "$stack" || failed=1 ;;
    2) file_issue "$stack" "$file.md" || failed=1 ;;
    3) echo "stack $stack: the refresh failed" >&2; file_issue "$stack" "$file.md"; failed=1 ;;
    *) echo "stack $stack: the preview printed no JSON" >&2; failed=1 ;;
  esac
done
rm -rf "$work"
exit $failed
