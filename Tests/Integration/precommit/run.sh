#!/usr/bin/env bash
# Runs the storage-rules-lint hook through the real pre-commit framework:
# a temporary virtual environment with pre-commit from PyPI, a clean clone
# of this project at HEAD, then `pre-commit try-repo` on a rules file with a
# public write (the hook must fail and print the finding) and on a good file
# (the hook must pass). pre-commit builds the package in release mode itself,
# which takes minutes. Skipped, with a message, only when PyPI cannot be reached.
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/storage-rules-precommit.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
passed=0
failed=0
finish() { echo "precommit: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }
fail() { echo "precommit: FAIL: $1"; failed=$((failed + 1)); }
pass() { echo "precommit: ok: $1"; passed=$((passed + 1)); }

if ! python3 -m venv "$WORK/venv" >/dev/null 2>&1; then
    echo "precommit: python3 -m venv failed; installing python3-venv"
    SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
    $SUDO apt-get update -qq >/dev/null 2>&1
    $SUDO apt-get install -y -qq python3-venv >/dev/null 2>&1
    rm -rf "$WORK/venv"
    python3 -m venv "$WORK/venv" >/dev/null 2>&1 || { fail "cannot create a virtual environment"; finish; }
fi

if ! "$WORK/venv/bin/python" -m pip install -q --disable-pip-version-check pre-commit >"$WORK/pip.log" 2>&1; then
    if ! "$WORK/venv/bin/python" -c "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/pre-commit/', timeout=15)" >/dev/null 2>&1; then
        echo "precommit: skipped: PyPI (https://pypi.org) cannot be reached, so pre-commit cannot be installed"
        exit 0
    fi
    cat "$WORK/pip.log"
    fail "pip install pre-commit"
    finish
fi
PRE_COMMIT="$WORK/venv/bin/pre-commit"
echo "precommit: $("$PRE_COMMIT" --version)"

git clone -q "$ROOT" "$WORK/storage-rules" || { fail "git clone of $ROOT"; finish; }

# The project that uses the hook: a git repository holding two rules files.
mkdir -p "$WORK/project" && cd "$WORK/project" || exit 2
git init -q . && git config user.email test@example.com && git config user.name test
cat > public-write.rules <<'RULES'
rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /uploads/{file} {
      allow read, write: if true;
    }
  }
}
RULES
cat > good.rules <<'RULES'
rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{file} {
      allow read: if request.auth != null && request.auth.uid == uid;
      allow create: if request.auth != null && request.auth.uid == uid
        && request.resource.size < 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*');
    }
  }
}
RULES
git add . && git commit -q -m "rules"
export PRE_COMMIT_HOME="$WORK/cache"

echo "precommit: building the hook (pre-commit runs swift build -c release; this takes minutes)"
"$PRE_COMMIT" try-repo "$WORK/storage-rules" storage-rules-lint --files public-write.rules >"$WORK/bad.log" 2>&1
status=$?
if [ "$status" -ne 0 ] && grep -q "lint.public-write" "$WORK/bad.log" && grep -q "public-write.rules:5:7" "$WORK/bad.log"; then
    pass "the hook fails on a public write and prints the finding"
else
    cat "$WORK/bad.log"
    fail "the hook on public-write.rules exited $status without the lint.public-write finding"
fi

"$PRE_COMMIT" try-repo "$WORK/storage-rules" storage-rules-lint --files good.rules >"$WORK/good.log" 2>&1
status=$?
if [ "$status" -eq 0 ] && grep -q "Passed" "$WORK/good.log"; then
    pass "the hook passes on good rules"
else
    cat "$WORK/good.log"
    fail "the hook on good.rules exited $status"
fi
finish
