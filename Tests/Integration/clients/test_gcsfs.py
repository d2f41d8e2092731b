"""`gcsfs` (fsspec) against `storage-rules serve`."""

import os

import pytest

from conftest import BUCKET, PROJECT


def test_gcsfs_write_read_list_delete(server):
    gcsfs = pytest.importorskip("gcsfs")
    # The plain file system: gcsfs's extended one first probes the bucket
    # type over gRPC, which an emulator (like the Firebase one) does not serve.
    fs = gcsfs.core.GCSFileSystem(project=PROJECT, token="anon", endpoint_url=server.url)
    data = os.urandom(300_000)
    fs.pipe(f"{BUCKET}/gcsfs/one.bin", data)
    with fs.open(f"{BUCKET}/gcsfs/two.txt", "wb", block_size=256 * 1024) as handle:
        handle.write(b"x" * 600_000)
    assert fs.cat(f"{BUCKET}/gcsfs/one.bin") == data
    assert fs.cat_file(f"{BUCKET}/gcsfs/one.bin", start=1000, end=1010) == data[1000:1010]
    assert sorted(fs.ls(f"{BUCKET}/gcsfs", detail=False)) == [f"{BUCKET}/gcsfs/one.bin", f"{BUCKET}/gcsfs/two.txt"]
    assert fs.info(f"{BUCKET}/gcsfs/two.txt")["size"] == 600_000
    assert fs.cat(f"{BUCKET}/gcsfs/two.txt") == b"x" * 600_000
    fs.rm(f"{BUCKET}/gcsfs/one.bin")
    fs.invalidate_cache()
    assert not fs.exists(f"{BUCKET}/gcsfs/one.bin")
