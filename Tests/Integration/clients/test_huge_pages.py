"""`serve` starts itself again with glibc's huge-page tunable where the
kernel gives huge pages only to advised memory: the same process (the pid a
supervisor holds), serving, its heap advised. A tunable the user named is
left as it is."""

import os

import pytest
import requests

from conftest import BUCKET, Server

POLICY_FILE = "/sys/kernel/mm/transparent_hugepage/enabled"


def kernel_policy():
    try:
        with open(POLICY_FILE) as handle:
            text = handle.read()
    except OSError:
        return None
    return text[text.index("[") + 1:text.index("]")] if "[" in text else None


def environment_of(pid):
    with open(f"/proc/{pid}/environ", "rb") as handle:
        return [entry.decode() for entry in handle.read().split(b"\0") if entry]


def heap_is_advised(pid):
    """Whether the `[heap]` mapping carries the `hg` (MADV_HUGEPAGE) flag."""
    in_heap = False
    with open(f"/proc/{pid}/smaps") as handle:
        for line in handle:
            if not line[0].isupper() or ":" not in line.split()[0]:
                in_heap = line.rstrip().endswith("[heap]")
            elif in_heap and line.startswith("VmFlags:"):
                if "hg" in line.split()[1:]:
                    return True
    return False


def uploads_and_reads(server):
    response = requests.post(
        f"{server.url}/upload/storage/v1/b/{BUCKET}/o", params={"name": "public/huge.txt"},
        data=b"x" * 100_000, headers={"Content-Type": "text/plain"}, timeout=30)
    assert response.status_code == 200
    media = requests.get(f"{server.url}/storage/v1/b/{BUCKET}/o/public%2Fhuge.txt?alt=media", timeout=30)
    assert media.content == b"x" * 100_000


@pytest.mark.skipif(kernel_policy() != "madvise", reason="the kernel's huge-page policy is not madvise")
def test_serve_relaunches_with_the_tunable(workdir):
    server = Server(workdir)
    try:
        environment = environment_of(server.process.pid)
        assert "GLIBC_TUNABLES=glibc.malloc.hugetlb=1" in environment
        uploads_and_reads(server)
        assert heap_is_advised(server.process.pid)
    finally:
        server.stop()


def test_serve_keeps_a_chosen_tunable(workdir, monkeypatch):
    monkeypatch.setenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=0")
    server = Server(workdir)
    try:
        assert "GLIBC_TUNABLES=glibc.malloc.hugetlb=0" in environment_of(server.process.pid)
        uploads_and_reads(server)
        assert not heap_is_advised(server.process.pid)
    finally:
        server.stop()
