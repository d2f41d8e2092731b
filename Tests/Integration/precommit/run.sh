#!/usr/bin/env bash
# Runs the storage-rules-lint and storage-rules-fmt hooks through the real
# pre-commit framework: a temporary virtual environment with pre-commit from
# PyPI and a clean clone of this project at HEAD, then
#   1. `pre-commit try-repo` on a rules file with a public write and an
#      unformatted one: lint must fail and print the finding, fmt must rewrite
#      the unformatted file;
#   2. a user's .pre-commit-config.yaml naming the clone: a good, formatted
#      file passes both hooks, the public write fails again.
# pre-commit builds the package in release mode itself, once per store (try-repo
# always uses a fresh one), which takes minutes. Skipped, with a message, only
# when PyPI cannot be reached.
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

# The project that uses the hooks: a git repository holding rules files.
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
      allow create: if request.auth != null
        && request.auth.uid == uid
        && request.resource.size < 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*');
    }
  }
}
RULES
printf "rules_version='2';\nservice firebase.storage {\nmatch /b/{bucket}/o {\nmatch /public/{file} { allow read: if true; }\n}\n}\n" > unformatted.rules
cat > unformatted.expected <<'RULES'
rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /public/{file} {
      allow read: if true;
    }
  }
}
RULES
git add . && git commit -q -m "rules"
export PRE_COMMIT_HOME="$WORK/cache"

echo "precommit: try-repo (pre-commit runs swift build -c release; this takes minutes)"
"$PRE_COMMIT" try-repo "$WORK/storage-rules" --files public-write.rules unformatted.rules >"$WORK/try.log" 2>&1
status=$?
if [ "$status" -ne 0 ] && grep -q "lint.public-write" "$WORK/try.log" && grep -q "public-write.rules:5:7" "$WORK/try.log"; then
    pass "try-repo: the lint hook fails on a public write and prints the finding"
else
    cat "$WORK/try.log"
    fail "try-repo: the lint hook exited $status without the lint.public-write finding"
fi
if cmp -s unformatted.rules unformatted.expected && grep -q "files were modified by this hook" "$WORK/try.log"; then
    pass "try-repo: the fmt hook rewrites an unformatted file in the canonical layout"
else
    cat "$WORK/try.log"; diff unformatted.expected unformatted.rules
    fail "try-repo: the fmt hook did not rewrite unformatted.rules as expected"
fi
git checkout -q -- unformatted.rules

# A user's configuration, as the README shows it, pinned to the clone's HEAD.
REV=$(git -C "$WORK/storage-rules" rev-parse HEAD)
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $WORK/storage-rules
    rev: $REV
    hooks:
      - id: storage-rules-lint
      - id: storage-rules-fmt
YAML
git add .pre-commit-config.yaml && git commit -q -m "pre-commit configuration"
echo "precommit: run with a .pre-commit-config.yaml (a second release build, then cached)"
"$PRE_COMMIT" run --files good.rules >"$WORK/good.log" 2>&1
status=$?
if [ "$status" -eq 0 ] && [ "$(grep -c Passed "$WORK/good.log")" -eq 2 ]; then
    pass "both hooks pass on good, formatted rules"
else
    cat "$WORK/good.log"
    fail "the hooks on good.rules exited $status"
fi
"$PRE_COMMIT" run --files public-write.rules >"$WORK/bad.log" 2>&1
status=$?
if [ "$status" -ne 0 ] && grep -q "lint.public-write" "$WORK/bad.log"; then
    pass "the configured lint hook fails on a public write"
else
    cat "$WORK/bad.log"
    fail "the configured hooks on public-write.rules exited $status without the finding"
fi
finish
