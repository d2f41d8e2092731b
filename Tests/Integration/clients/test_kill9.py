"""`serve --data DIR` killed with SIGKILL while uploads are in flight: after a
restart on the same folder, every acknowledged object is intact and no
object is partial (storage-service.md §3.9; issue #9)."""

import hashlib
import os
import threading
import time

import requests

from conftest import BUCKET, Server


def content_for(name):
    """Deterministic bytes per name, so any object can be checked on its own."""
    seed = hashlib.sha256(name.encode()).digest()
    size = 1000 + int.from_bytes(seed[:2], "big") * 8  # up to ~525 KB
    return (seed * (size // len(seed) + 1))[:size]


def upload(url, name, data, resumable):
    if not resumable:
        response = requests.post(
            f"{url}/upload/storage/v1/b/{BUCKET}/o", params={"name": name}, data=data,
            headers={"Content-Type": "application/octet-stream"}, timeout=30)
        return response.status_code == 200
    start = requests.post(
        f"{url}/upload/storage/v1/b/{BUCKET}/o", params={"uploadType": "resumable", "name": name},
        json={"contentType": "application/octet-stream"}, timeout=30)
    if start.status_code != 200:
        return False
    location = start.headers["Location"]
    chunk = 64 * 1024
    offset = 0
    while True:
        piece = data[offset:offset + chunk]
        last = offset + len(piece) >= len(data)
        total = str(len(data)) if last else "*"
        response = requests.put(
            location, data=piece, timeout=30,
            headers={"Content-Range": f"bytes {offset}-{offset + len(piece) - 1}/{total}"})
        if last:
            return response.status_code == 200
        if response.status_code != 308:
            return False
        offset += len(piece)


def test_sigkill_loses_no_acknowledged_object(workdir):
    data_dir = os.path.join(workdir, "kill9-data")
    server = Server(workdir, ["--data", data_dir])
    acknowledged = {}
    lock = threading.Lock()
    stop = threading.Event()

    def worker(index):
        step = 0
        while not stop.is_set():
            name = f"kill9/worker-{index}/object-{step % 25}-{step}"
            data = content_for(name)
            try:
                if upload(server.url, name, data, resumable=step % 3 == 0):
                    with lock:
                        acknowledged[name] = data
            except requests.RequestException:
                return  # the server died under this request
            step += 1

    threads = [threading.Thread(target=worker, args=(index,)) for index in range(8)]
    for thread in threads:
        thread.start()
    # Kill once enough uploads were acknowledged, with more still in flight.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        with lock:
            if len(acknowledged) >= 40:
                break
        time.sleep(0.05)
    server.kill()
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    server.log.close()
    assert len(acknowledged) > 20, "too few uploads finished before the kill to test anything"

    restarted = Server(workdir, ["--data", data_dir])
    try:
        listed = []
        token = None
        while True:
            params = {"prefix": "kill9/"}
            if token:
                params["pageToken"] = token
            page = requests.get(f"{restarted.url}/storage/v1/b/{BUCKET}/o", params=params, timeout=30).json()
            listed += page.get("items", [])
            token = page.get("nextPageToken")
            if not token:
                break
        names = {item["name"] for item in listed}
        missing = sorted(set(acknowledged) - names)
        assert missing == [], f"acknowledged objects lost: {missing[:5]}"
        for item in listed:
            expected = content_for(item["name"])
            body = requests.get(
                f"{restarted.url}/download/storage/v1/b/{BUCKET}/o/{requests.utils.quote(item['name'], safe='')}",
                params={"alt": "media"}, timeout=30).content
            assert body == expected, f"{item['name']} is torn: {len(body)} of {len(expected)} bytes"
            assert int(item["size"]) == len(expected)
    finally:
        restarted.stop()
