/// One page of a listing: sub-folders and objects directly below a folder.
public struct StorageListResult: Sendable {
    /// Sub-folders, in name order.
    public var prefixes: [StorageReference]
    /// Objects, in name order.
    public var items: [StorageReference]
    /// The token for the next page; `nil` on the last page.
    public var pageToken: String?

    /// Creates a result.
    public init(prefixes: [StorageReference], items: [StorageReference], pageToken: String?) {
        self.prefixes = prefixes
        self.items = items
        self.pageToken = pageToken
    }
}

extension StorageReference {
    /// One page of the folder's content (rules method `list` on this path).
    /// `maxResults` (1 to 1000) bounds items plus prefixes together. Names
    /// containing `//` or ending in `/` are left out, as the service does.
    public func list(maxResults: Int64) async throws(StorageError) -> StorageListResult {
        try page(maxResults: maxResults, pageToken: nil)
    }

    /// The page after `pageToken`.
    public func list(maxResults: Int64, pageToken: String) async throws(StorageError) -> StorageListResult {
        try page(maxResults: maxResults, pageToken: pageToken)
    }

    /// Every page, concatenated (rules method `list`, asked once per page).
    public func listAll() async throws(StorageError) -> StorageListResult {
        var prefixes: [StorageReference] = []
        var items: [StorageReference] = []
        var token: String?
        repeat {
            let result = try page(maxResults: 1000, pageToken: token)
            prefixes += result.prefixes
            items += result.items
            token = result.pageToken
        } while token != nil
        return StorageListResult(prefixes: prefixes, items: items, pageToken: nil)
    }

    private func page(maxResults: Int64, pageToken: String?) throws(StorageError) -> StorageListResult {
        let clamped = Int(clamping: maxResults)
        let listing = try storage.listFolder(bucket: bucket, folder: fullPath, maxResults: clamped, pageToken: pageToken)
        // Listed names are already normalized but for one leading and one trailing slash.
        func reference(_ name: String) -> StorageReference {
            StorageReference(storage: storage, bucket: bucket, fullPath: ObjectPath.normalizedListed(name))
        }
        return StorageListResult(
            prefixes: listing.prefixes.map(reference), items: listing.itemNames.map(reference),
            pageToken: listing.nextPageToken)
    }
}
