import Foundation
import StorageSimulator

/// Bucket index and listing costs at a million objects.
///
/// The bucket holds `folder0000/file0000000` … (1,000 folders × 1,000
/// objects), inserted in a shuffled order. A page of 1,000 must cost
/// microseconds: one O(log n) seek plus the page (and one seek per
/// rolled-up prefix with a delimiter, until a folder's items are placed),
/// never a scan of the bucket.
func runBucketBenchmarks() {
    print("== bucket (in-memory index, 1,000,000 objects)")
    let count = 1_000_000
    var names = (0..<count).map { index in
        "folder" + digits(index % 1000, 4) + "/file" + digits(index, 7)
    }
    var generator = SplitMix(state: 42)
    for index in stride(from: names.count - 1, to: 0, by: -1) {
        names.swapAt(index, Int(generator.next() % UInt64(index + 1)))
    }

    // Each name inserted is a fresh copy laid out in insertion order, as an
    // emulator's request path is (parsed just before the write, so in
    // cache). The shuffle moved only the names' references: reading each
    // one's storage in shuffled order would add a cache miss per insert
    // that belongs to the caller, not to the bucket (as for the lookups below).
    let arriving = names.map { String(decoding: Array($0.utf8), as: UTF8.self) }
    let storage = StorageSimulator()
    let admin = storage.admin
    let clock = ContinuousClock()
    let insertTime = clock.measure {
        for name in arriving { _ = try? admin.put([], path: name) }
    }
    report("insert 1,000,000 objects in random order (admin put)", insertTime, operations: count)
    TargetTable.record("bucket 1M: insert one object", seconds(insertTime) / Double(count))
    // An insert leaves the name out of the ordered index until something
    // reads in order: the first listing pays for the million names at once.
    let orderingTime = clock.measure { _ = try? admin.list(ListingQuery(maxResults: 1)) }
    report("first listing after them: order 1,000,000 new names", orderingTime, operations: count)
    report("insert + ordering, per object", insertTime + orderingTime, operations: count)

    let sorted = StorageSimulator()
    let sortedInsertTime = clock.measure {
        for index in 0..<count { _ = try? sorted.admin.put([], path: "object" + digits(index, 7)) }
    }
    report("insert 1,000,000 objects in name order (admin put)", sortedInsertTime, operations: count)
    // Interleaved with listings, each insert is placed in the tree on its
    // own, as it was before insertions were deferred.
    let interleaved = StorageSimulator()
    for name in arriving.prefix(count / 2) { _ = try? interleaved.admin.put([], path: name) }
    _ = try? interleaved.admin.list(ListingQuery(maxResults: 1))
    var interleavedName = count / 2
    measure("insert one object, then list 1 (bucket of 500,000+)", iterations: 100_000) {
        _ = try? interleaved.admin.put([], path: arriving[interleavedName])
        _ = try? interleaved.admin.list(ListingQuery(maxResults: 1))
        interleavedName += 1
    }

    // The names looked up are random, but each is a fresh copy laid out in
    // lookup order, as an emulator's request path is (parsed just before, so
    // in cache). Reading them from the shuffled million-name array would add
    // two cache misses per lookup (the array slot, then the string) that
    // belong to the caller, not to the bucket.
    var lookup = SplitMix(state: 7)
    let lookupCount = 220_000
    let probes = (0..<lookupCount).map { _ in
        String(decoding: Array(names[Int(lookup.next() % UInt64(count))].utf8), as: UTF8.self)
    }
    var probe = 0
    let lookupTime = measure("look up one object by name", iterations: lookupCount * 10 / 11) {
        _ = admin.object(path: probes[probe])
        probe += 1
    }
    TargetTable.record("bucket 1M: look up one object", lookupTime)
    // The same lookups where every object is in cache: what is left is the
    // lookup's own work (locks, hashing, reference counts), not the memory's.
    let small = StorageSimulator()
    for name in names.prefix(1000) { _ = try? small.admin.put([], path: name) }
    let cached = names.prefix(1000).map { String(decoding: Array($0.utf8), as: UTF8.self) }
    var cachedProbe = 0
    measure("look up one object by name in a bucket of 1,000 (in cache)", iterations: 200_000) {
        _ = small.admin.object(path: cached[cachedProbe % 1000])
        cachedProbe += 1
    }

    var folder = SplitMix(state: 9)
    let folderPage = measure("list one folder: page of 1,000 items (prefix, delimiter /)", iterations: 2_000) {
        let prefix = "folder" + digits(Int(folder.next() % 1000), 4) + "/"
        _ = try? admin.list(ListingQuery(prefix: prefix, delimiter: "/", maxResults: 1000))
    }
    TargetTable.record("bucket 1M: folder page of 1,000 items", folderPage)
    let rootPage = measure("list bucket root: page of 1,000 prefixes (directory summary)", iterations: 500) {
        _ = try? admin.list(ListingQuery(delimiter: "/", maxResults: 1000))
    }
    TargetTable.record("bucket 1M: root page of 1,000 prefixes", rootPage)
    // The same 1,000 prefixes under a prefix that is not a folder: the
    // summary does not apply, and each prefix is found by a seek.
    measure("list prefix \"folder\": page of 1,000 prefixes (1,000 seeks)", iterations: 500) {
        _ = try? admin.list(ListingQuery(prefix: "folder", delimiter: "/", maxResults: 1000))
    }
    let enumeration = measure("enumerate every object: 1,000 pages of 1,000 by page token", iterations: 5) {
        var token: String?
        var seen = 0
        repeat {
            guard let page = try? admin.list(ListingQuery(maxResults: 1000, pageToken: token)) else { return }
            seen += page.itemCount
            token = page.nextPageToken
        } while token != nil
        precondition(seen == count, "the enumeration saw \(seen) objects")
    }
    TargetTable.record("bucket 1M: enumerate every object", enumeration)
    var tokens: [String] = []
    var token: String?
    for _ in 0..<200 {
        guard let page = try? admin.list(ListingQuery(maxResults: 1000, pageToken: token)) else { break }
        token = page.nextPageToken
        if let token { tokens.append(token) } else { break }
    }
    var pageIndex = 0
    measure("list from a page token: page of 1,000 items (no delimiter)", iterations: 2_000) {
        _ = try? admin.list(ListingQuery(maxResults: 1000, pageToken: tokens[pageIndex % tokens.count]))
        pageIndex += 1
    }
    measure("list: page of 10 items deep inside the bucket", iterations: 100_000) {
        _ = try? admin.list(ListingQuery(prefix: "folder0777/file0", maxResults: 10))
    }

    // What every case of a suite with seeded objects does before it runs.
    let seeded = StorageSimulator()
    for index in 0..<10_000 { _ = try? seeded.admin.put([], path: "seed/" + digits(index, 5)) }
    let snapshot = seeded.admin.snapshot()
    measure("restore a snapshot of 10,000 objects into a new simulator", iterations: 200) {
        StorageSimulator().admin.restore(snapshot)
    }
}

private func report(_ name: String, _ elapsed: Duration, operations: Int) {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(pad(name, 58) + pad(format(seconds), 14) + "total, " + format(seconds / Double(operations)) + " each")
}

private func digits(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
}

/// A small deterministic generator (SplitMix64) for shuffles and picks.
private struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
