"""`google-cloud-storage` and `firebase-admin` against `storage-rules serve`,
and objects crossing between the Cloud Storage JSON API and the Firebase v0
API (storage-service.md §6.8-§6.10)."""

import base64
import hashlib
import os
import urllib.parse

import pytest
import requests
from google.api_core import exceptions

from conftest import BUCKET, PROJECT

OWNER = {"Authorization": "Bearer owner"}


def md5_base64(data):
    return base64.b64encode(hashlib.md5(data).digest()).decode()


def v0_url(server, name, **query):
    url = f"{server.url}/v0/b/{BUCKET}/o/{urllib.parse.quote(name, safe='')}"
    return url + ("?" + urllib.parse.urlencode(query) if query else "")


def test_simple_upload_whole_and_ranged_download(bucket):
    data = bytes(range(256)) * 4
    blob = bucket.blob("simple/bytes.bin")
    blob.upload_from_string(data, content_type="application/x-test")
    assert blob.size == len(data)
    assert blob.md5_hash == md5_base64(data)
    assert blob.crc32c is not None

    fresh = bucket.blob("simple/bytes.bin")
    assert fresh.download_as_bytes() == data
    assert fresh.download_as_bytes(start=10, end=19) == data[10:20]
    assert fresh.download_as_bytes(start=1000) == data[1000:]
    reloaded = bucket.get_blob("simple/bytes.bin")
    assert reloaded.content_type == "application/x-test"
    assert reloaded.metageneration == 1


def test_resumable_upload_in_several_chunks(bucket):
    data = os.urandom(600_000)
    blob = bucket.blob("resumable/big.bin", chunk_size=256 * 1024)
    blob.upload_from_string(data, content_type="application/octet-stream")
    reloaded = bucket.get_blob("resumable/big.bin")
    assert reloaded.size == len(data)
    assert reloaded.md5_hash == md5_base64(data)
    assert reloaded.download_as_bytes() == data
    assert reloaded.download_as_bytes(start=300_000, end=300_099) == data[300_000:300_100]


def test_list_with_prefixes_and_pages(bucket):
    names = ["list/a.txt", "list/b.txt", "list/c.txt", "list/dir/d.txt", "list/dir/e.txt", "list/other/f.txt"]
    for name in names:
        bucket.blob(name).upload_from_string(name)
    iterator = bucket.client.list_blobs(bucket, prefix="list/", delimiter="/")
    items = [blob.name for blob in iterator]
    assert items == ["list/a.txt", "list/b.txt", "list/c.txt"]
    assert sorted(iterator.prefixes) == ["list/dir/", "list/other/"]

    pages = bucket.client.list_blobs(bucket, prefix="list/", max_results=None, page_size=2).pages
    seen = [[blob.name for blob in page] for page in pages]
    assert seen == [names[0:2], names[2:4], names[4:6]]
    assert [b.name for b in bucket.client.list_blobs(bucket, prefix="list/dir/")] == names[3:5]


def test_metadata_patch_sets_and_deletes_keys(bucket):
    blob = bucket.blob("meta/object.txt")
    blob.metadata = {"keep": "1", "drop": "2"}
    blob.upload_from_string("metadata", content_type="text/plain")
    blob.metadata = {"drop": None, "added": "3"}
    blob.cache_control = "no-store"
    blob.content_language = "fr"
    blob.patch()
    reloaded = bucket.get_blob("meta/object.txt")
    assert reloaded.metadata == {"keep": "1", "added": "3"}
    assert reloaded.cache_control == "no-store"
    assert reloaded.content_language == "fr"
    assert reloaded.metageneration == 2
    assert reloaded.content_type == "text/plain"


def test_generation_preconditions(bucket):
    blob = bucket.blob("preconditions/object.txt")
    blob.upload_from_string("first", if_generation_match=0)
    with pytest.raises(exceptions.PreconditionFailed):
        bucket.blob("preconditions/object.txt").upload_from_string("second", if_generation_match=0)
    generation = bucket.get_blob("preconditions/object.txt").generation
    bucket.blob("preconditions/object.txt").upload_from_string("third", if_generation_match=generation)
    assert bucket.blob("preconditions/object.txt").download_as_bytes() == b"third"
    current = bucket.get_blob("preconditions/object.txt")
    with pytest.raises(exceptions.PreconditionFailed):
        current.patch(if_metageneration_match=current.metageneration + 5)
    with pytest.raises(exceptions.PreconditionFailed):
        current.delete(if_generation_match=generation)
    with pytest.raises(exceptions.PreconditionFailed):
        resumable = bucket.blob("preconditions/object.txt", chunk_size=256 * 1024)
        resumable.upload_from_string(os.urandom(300_000), if_generation_match=0)
    assert bucket.blob("preconditions/object.txt").download_as_bytes() == b"third"
    current.delete(if_generation_match=current.generation)
    assert not bucket.blob("preconditions/object.txt").exists()


def test_copy_and_rewrite(gcs, bucket):
    source = bucket.blob("copy/source.txt")
    source.metadata = {"colour": "blue"}
    source.cache_control = "public, max-age=60"
    source.upload_from_string("copied bytes", content_type="text/plain")
    other = gcs.bucket("other-bucket")
    copied = bucket.copy_blob(source, other, "copy/destination.txt")
    assert copied.bucket.name == "other-bucket"
    reloaded = other.get_blob("copy/destination.txt")
    assert reloaded.download_as_bytes() == b"copied bytes"
    assert reloaded.content_type == "text/plain"
    assert reloaded.cache_control == "public, max-age=60"
    assert reloaded.metadata == {"colour": "blue"}
    assert reloaded.crc32c == source.crc32c

    target = bucket.blob("copy/rewritten.txt")
    token, written, total = target.rewrite(source)
    assert token is None and written == total == len(b"copied bytes")
    assert target.download_as_bytes() == b"copied bytes"


def test_buckets(gcs):
    created = gcs.create_bucket("created-by-client")
    assert created.name == "created-by-client"
    assert gcs.get_bucket("created-by-client").name == "created-by-client"
    assert "created-by-client" in [b.name for b in gcs.list_buckets()]


def test_delete_and_not_found(bucket):
    blob = bucket.blob("delete/me.txt")
    blob.upload_from_string("bye")
    assert blob.exists()
    blob.delete()
    assert not blob.exists()
    with pytest.raises(exceptions.NotFound) as raised:
        blob.delete()
    assert f"No such object: {BUCKET}/delete/me.txt" in str(raised.value)
    with pytest.raises(exceptions.NotFound):
        bucket.blob("delete/me.txt").download_as_bytes()


def test_gcs_upload_reads_through_firebase_v0(server, bucket):
    data = os.urandom(4096)
    bucket.blob("public/from-gcs.bin").upload_from_string(data, content_type="image/png")

    media = requests.get(v0_url(server, "public/from-gcs.bin", alt="media"), headers=OWNER, timeout=30)
    assert media.status_code == 200
    assert media.content == data
    metadata = requests.get(v0_url(server, "public/from-gcs.bin"), headers=OWNER, timeout=30).json()
    assert metadata["name"] == "public/from-gcs.bin"
    assert metadata["contentType"] == "image/png"
    assert metadata["size"] == "4096"
    token = metadata["downloadTokens"].split(",")[0]

    # The download token alone (no Authorization) reads it, as a download URL does.
    by_token = requests.get(v0_url(server, "public/from-gcs.bin", alt="media", token=token), timeout=30)
    assert by_token.content == data
    # The token created on the v0 read is visible to the GCS client.
    tokens = bucket.get_blob("public/from-gcs.bin").metadata["firebaseStorageDownloadTokens"]
    assert token in tokens.split(",")


def test_firebase_v0_upload_reads_through_gcs(server, bucket):
    data = b"written through the Firebase API\r\n" * 100
    response = requests.post(
        f"{server.url}/v0/b/{BUCKET}/o?name={urllib.parse.quote('public/from-v0.txt', safe='')}",
        data=data, headers={**OWNER, "Content-Type": "text/plain"}, timeout=30)
    assert response.status_code == 200, response.text
    blob = bucket.get_blob("public/from-v0.txt")
    assert blob.content_type == "text/plain"
    assert blob.download_as_bytes() == data
    assert blob.md5_hash == md5_base64(data)
    assert "firebaseStorageDownloadTokens" in blob.metadata


def test_firebase_admin_bucket(server):
    import firebase_admin
    from firebase_admin import credentials, storage
    from google.auth.credentials import AnonymousCredentials

    class EmulatorCredential(credentials.Base):
        def get_credential(self):
            return AnonymousCredentials()

    app = firebase_admin.initialize_app(
        EmulatorCredential(), {"projectId": PROJECT, "storageBucket": BUCKET}, name="emulator-test")
    try:
        admin_bucket = storage.bucket(app=app)
        assert admin_bucket.name == BUCKET
        blob = admin_bucket.blob("admin/hello.txt")
        blob.upload_from_string("from firebase-admin", content_type="text/plain")
        assert admin_bucket.blob("admin/hello.txt").download_as_bytes() == b"from firebase-admin"
        assert [b.name for b in admin_bucket.list_blobs(prefix="admin/")] == ["admin/hello.txt"]
    finally:
        firebase_admin.delete_app(app)
