"""`--export-on-exit` on SIGTERM, then `--import` of that folder
(storage-service.md §6.10 #79): the object comes back byte for byte."""

import os
import urllib.parse

import requests

from conftest import BUCKET, Server


def test_export_on_sigterm_then_import(workdir):
    export_dir = os.path.join(workdir, "exported-on-exit")
    first = Server(workdir, ["--export-on-exit", export_dir])
    data = os.urandom(70_000)
    name = "exit/ünïcode name.bin"
    response = requests.post(
        f"{first.url}/upload/storage/v1/b/{BUCKET}/o", params={"name": name}, data=data,
        headers={"Content-Type": "application/octet-stream"}, timeout=30)
    assert response.status_code == 200
    first.stop()
    assert first.process.returncode == 0, first.read_log()
    assert os.path.exists(os.path.join(export_dir, "firebase-export-metadata.json"))
    assert len(os.listdir(os.path.join(export_dir, "storage_export", "blobs"))) == 1

    second = Server(workdir, ["--import", export_dir])
    try:
        quoted = urllib.parse.quote(name, safe="")
        body = requests.get(f"{second.url}/v0/b/{BUCKET}/o/{quoted}?alt=media",
                            headers={"Authorization": "Bearer owner"}, timeout=30)
        assert body.status_code == 200
        assert body.content == data
    finally:
        second.stop()
