import Foundation

/// One page of a listing: sub-folders and objects directly below a folder.
open class StorageListResult: NSObject {
    /// Sub-folders ("folders"), in name order.
    public let prefixes: [StorageReference]
    /// Objects ("files"), in name order.
    public let items: [StorageReference]
    /// The token for the next page; `nil` on the last page.
    public let pageToken: String?

    init(prefixes: [StorageReference], items: [StorageReference], pageToken: String?) {
        self.prefixes = prefixes
        self.items = items
        self.pageToken = pageToken
        super.init()
    }

    /// A result with the same references and token.
    open override func copy() -> Any {
        StorageListResult(prefixes: prefixes, items: items, pageToken: pageToken)
    }
}

extension StorageReference {
    /// Checks `maxResults` as the SDK does before any request (1 to 1000).
    func validatedPageSize(_ maxResults: Int64) throws(StorageError) -> Int {
        guard (1...1000).contains(maxResults) else { throw .maxResultsOutOfRange(maxResults) }
        return Int(maxResults)
    }

    /// One page of the folder's content (rules method `list` on this path).
    /// `maxResults` bounds items plus prefixes together. Names containing
    /// `//` or ending in `/` are left out, as the service does.
    func fetchPage(maxResults: Int, pageToken: String?) throws(StorageError) -> StorageListResult {
        let listing = try storage.simulator.listFolder(
            bucket: bucket, folder: fullPath, maxResults: maxResults, pageToken: pageToken)
        return StorageListResult(
            prefixes: listing.prefixes.map(listed), items: listing.itemNames.map(listed),
            pageToken: listing.nextPageToken)
    }

    /// Every page, concatenated (rules method `list`, asked once per page).
    func fetchAll() throws(StorageError) -> StorageListResult {
        var prefixes: [StorageReference] = []
        var items: [StorageReference] = []
        var token: String?
        repeat {
            let page = try fetchPage(maxResults: 1000, pageToken: token)
            prefixes += page.prefixes
            items += page.items
            token = page.pageToken
        } while token != nil
        return StorageListResult(prefixes: prefixes, items: items, pageToken: nil)
    }

    /// The completion forms of `list`: a bad `maxResults` is reported at once
    /// on the calling thread, as the SDK does; anything else on the callback queue.
    func replyPage(
        maxResults: Int64, pageToken: String?, _ completion: @escaping (_: StorageListResult?, _: Error?) -> Void
    ) {
        do throws(StorageError) {
            let size = try validatedPageSize(maxResults)
            reply(completion) { () throws(StorageError) in try fetchPage(maxResults: size, pageToken: pageToken) }
        } catch {
            completion(nil, error)
        }
    }
}
