import Foundation

// The SDK's `Result`-callback forms. A one-parameter closure (`{ result in }`)
// picks these; `{ value, error in }` the optional-pair forms.
extension StorageReference {
    /// The download URL, or the error, on the callback queue.
    public func downloadURL(completion: @escaping (Result<URL, Error>) -> Void) {
        reply(completion) { () throws(StorageError) in try fetchDownloadURL() }
    }

    /// Downloads into memory; the bytes or the error on the callback queue.
    @discardableResult
    public func getData(maxSize: Int64, completion: @escaping (Result<Data, Error>) -> Void) -> StorageDownloadTask {
        startDataDownload(maxSize: maxSize) { completion(Self.result($0, $1)) }
    }

    /// The metadata, or the error, on the callback queue.
    public func getMetadata(completion: @escaping (Result<StorageMetadata, Error>) -> Void) {
        reply(completion) { () throws(StorageError) in try fetchMetadata() }
    }

    /// The page after `pageToken`, or the error.
    public func list(maxResults: Int64, pageToken: String, completion: @escaping (Result<StorageListResult, Error>) -> Void) {
        replyPage(maxResults: maxResults, pageToken: pageToken) { completion(Self.result($0, $1)) }
    }

    /// The first page, or the error.
    public func list(maxResults: Int64, completion: @escaping (Result<StorageListResult, Error>) -> Void) {
        replyPage(maxResults: maxResults, pageToken: nil) { completion(Self.result($0, $1)) }
    }

    /// Every page, or the first error.
    public func listAll(completion: @escaping (Result<StorageListResult, Error>) -> Void) {
        reply(completion) { () throws(StorageError) in try fetchAll() }
    }

    /// Uploads `uploadData`; the stored metadata or the error on the callback queue.
    @discardableResult
    public func putData(
        _ uploadData: Data, metadata: StorageMetadata? = nil,
        completion: @escaping (Result<StorageMetadata, Error>) -> Void
    ) -> StorageUploadTask {
        putData(uploadData, metadata: metadata) { completion(Self.result($0, $1)) }
    }

    /// Uploads the file at `from`; the stored metadata or the error.
    @discardableResult
    public func putFile(
        from: URL, metadata: StorageMetadata? = nil, completion: @escaping (Result<StorageMetadata, Error>) -> Void
    ) -> StorageUploadTask {
        putFile(from: from, metadata: metadata) { completion(Self.result($0, $1)) }
    }

    /// Updates the metadata; the new metadata or the error.
    public func updateMetadata(_ metadata: StorageMetadata, completion: @escaping (Result<StorageMetadata, Error>) -> Void) {
        updateMetadata(metadata) { completion(Self.result($0, $1)) }
    }

    /// Downloads into `toFile`; its URL or the error.
    @discardableResult
    public func write(toFile: URL, completion: @escaping (Result<URL, Error>) -> Void) -> StorageDownloadTask {
        write(toFile: toFile) { completion(Self.result($0, $1)) }
    }

    /// The adapter rule: a value is success, else an error is failure, else an internal error.
    static func result<Value>(_ value: Value?, _ error: Error?) -> Result<Value, Error> {
        if let value { return .success(value) }
        return .failure(error ?? StorageError.neitherValueNorError)
    }
}
