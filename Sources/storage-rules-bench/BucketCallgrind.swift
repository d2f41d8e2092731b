import StorageSimulator

/// Bucket operations for instruction counting (`bucket-callgrind` group),
/// at 100,000 objects (100 folders × 1,000) so that valgrind finishes:
///
///     valgrind --tool=callgrind --toggle-collect='*callgrindInserts*' \
///         --toggle-collect='*callgrindLookups*' --toggle-collect='*callgrindPages*' \
///         --toggle-collect='*callgrindRootPages*' --toggle-collect='*callgrindSeekPages*' \
///         .build/release/storage-rules-bench bucket-callgrind
///     callgrind_annotate --inclusive=yes callgrind.out.<pid> | grep callgrind
///
/// Each function's inclusive count over its operation count is the
/// instruction count per operation. Instruction counts leave out cache
/// misses, which dominate at a million objects: compare wall-clock there.
func runBucketCallgrind() {
    print("== bucket-callgrind (100,000 objects)")
    let count = 100_000
    var names = (0..<count).map { "folder\($0 % 100 + 1000)/file\($0 + 1_000_000)" }
    var state: UInt64 = 42
    for index in stride(from: names.count - 1, to: 0, by: -1) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        names.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
    }
    let admin = StorageSimulator().admin
    callgrindInserts(admin, names)
    let found = callgrindLookups(admin, names)
    let listed = callgrindPages(admin) + callgrindRootPages(admin) + callgrindSeekPages(admin)
    print("inserted \(admin.count()), found \(found) of \(names.count), listed \(listed) entries")
}

/// Puts every name (empty objects), in the given order.
@inline(never)
func callgrindInserts(_ admin: StorageAdmin, _ names: [String]) {
    for name in names { _ = try? admin.put([], path: name) }
}

/// Looks every name up once.
@inline(never)
func callgrindLookups(_ admin: StorageAdmin, _ names: [String]) -> Int {
    var found = 0
    for name in names where admin.object(path: name) != nil { found += 1 }
    return found
}

/// 100 folder pages of 1,000 items.
@inline(never)
func callgrindPages(_ admin: StorageAdmin) -> Int {
    var listed = 0
    for folder in 0..<100 {
        let page = try? admin.list(ListingQuery(prefix: "folder\(folder + 1000)/", delimiter: "/", maxResults: 1000))
        listed += page?.itemCount ?? 0
    }
    return listed
}

/// 10 root pages of 100 prefixes, read from the bucket's directory summary.
@inline(never)
func callgrindRootPages(_ admin: StorageAdmin) -> Int {
    var listed = 0
    for _ in 0..<10 {
        listed += (try? admin.list(ListingQuery(delimiter: "/", maxResults: 1000)))?.prefixes.count ?? 0
    }
    return listed
}

/// 10 pages of the same 100 prefixes under the prefix `folder`, which is
/// not a folder: one seek past each folder of 1,000 objects. (It counts
/// items too, so that the compiler does not merge it with the function above.)
@inline(never)
func callgrindSeekPages(_ admin: StorageAdmin) -> Int {
    var listed = 0
    for _ in 0..<10 {
        let page = try? admin.list(ListingQuery(prefix: "folder", delimiter: "/", maxResults: 1000))
        listed += (page?.prefixes.count ?? 0) + (page?.itemCount ?? 0)
    }
    return listed
}
