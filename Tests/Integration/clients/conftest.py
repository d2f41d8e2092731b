"""Starts `storage-rules serve` for the real-client tests.

The binary comes from STORAGE_RULES_BIN (the Makefile passes the release
build). Each server binds 127.0.0.1 on a free port (`--port 0`) and the
address it prints is read back from its log.
"""

import os
import re
import signal
import subprocess
import tempfile
import time

import pytest

PROJECT = "demo-clients"
BUCKET = f"{PROJECT}.appspot.com"

OPEN_RULES = """rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /public/{allPaths=**} { allow read, write: if true; }
    match /{allPaths=**} { allow read, write: if request.auth != null; }
  }
}
"""


class Server:
    """One running `storage-rules serve` process."""

    def __init__(self, workdir, extra_args=()):
        self.workdir = workdir
        rules = os.path.join(workdir, "storage.rules")
        if not os.path.exists(rules):
            with open(rules, "w") as handle:
                handle.write(OPEN_RULES)
        binary = os.environ.get("STORAGE_RULES_BIN", ".build/release/storage-rules")
        self.log_path = os.path.join(workdir, f"server-{time.monotonic_ns()}.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [os.path.abspath(binary), "serve", "--rules", rules, "--project", PROJECT,
             "--host", "127.0.0.1", "--port", "0", *extra_args],
            cwd=workdir, stdout=self.log, stderr=subprocess.STDOUT)
        self.url = self._wait_for_address()

    def _wait_for_address(self):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited early:\n{self.read_log()}")
            match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", self.read_log())
            if match:
                return match.group(1)
            time.sleep(0.02)
        raise RuntimeError(f"server did not start:\n{self.read_log()}")

    def read_log(self):
        with open(self.log_path) as handle:
            return handle.read()

    def kill(self):
        """SIGKILL: no chance to flush or clean up."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self):
        """SIGTERM: a graceful stop (exports first when asked)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


@pytest.fixture(scope="session")
def workdir():
    with tempfile.TemporaryDirectory(prefix="storage-rules-clients-") as path:
        yield path


@pytest.fixture(scope="session")
def server(workdir):
    running = Server(workdir)
    os.environ["STORAGE_EMULATOR_HOST"] = running.url
    yield running
    running.stop()


@pytest.fixture(scope="session")
def gcs(server):
    from google.auth.credentials import AnonymousCredentials
    from google.cloud import storage

    return storage.Client(project=PROJECT, credentials=AnonymousCredentials())


@pytest.fixture
def bucket(gcs):
    return gcs.bucket(BUCKET)
