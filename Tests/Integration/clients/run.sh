#!/usr/bin/env bash
# Runs the real-client tests: a temporary virtual environment with
# google-cloud-storage and firebase-admin from PyPI, then pytest against the
# release-built `storage-rules serve`. Skips (exit 0, with a message) only
# when PyPI cannot be reached.
set -euo pipefail

binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
venv=$(mktemp -d "${TMPDIR:-/tmp}/storage-rules-clients-venv.XXXXXX")
trap 'rm -rf "$venv"' EXIT

if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    echo "python3 -m venv failed; installing python3-venv"
    SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq python3-venv >/dev/null
    rm -rf "$venv" && python3 -m venv "$venv"
fi

if ! "$venv/bin/python" -c 'import urllib.request; urllib.request.urlopen("https://pypi.org/simple/pip/", timeout=15)' 2>/dev/null; then
    echo "SKIPPED: PyPI cannot be reached, so the google-cloud-storage / firebase-admin client tests did not run."
    exit 0
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check google-cloud-storage firebase-admin gcsfs pytest requests

cd "$here"
# Not `exec`: the EXIT trap removes the virtual environment afterwards.
STORAGE_RULES_BIN="$binary" "$venv/bin/python" -m pytest -p no:cacheprovider "$here"
