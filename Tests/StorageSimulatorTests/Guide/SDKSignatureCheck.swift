// Compile-only: every public member of FirebaseStorage's Swift API (as
// /work/shared/spec/apple-sdk-api.md lists it) referenced with its full
// signature. If a name, label, optionality, `throws`/`async`, `open`ness or
// `@discardableResult` changes, this file stops compiling (or warns).
import Foundation
import StorageSimulator

/// Subclassing the SDK's classes and overriding their `open` members, as
/// apps do to mock them.
final class MockStorage: Storage {
    override class func storage() -> Storage { super.storage() }
    override class func storage(url: String) -> Storage { super.storage(url: url) }
    override func reference() -> StorageReference { super.reference() }
    override func reference(forURL url: String) -> StorageReference { super.reference(forURL: url) }
    override func reference(for url: URL) throws -> StorageReference { try super.reference(for: url) }
    override func reference(withPath path: String) -> StorageReference { super.reference(withPath: path) }
    override func useEmulator(withHost host: String, port: Int) { super.useEmulator(withHost: host, port: port) }
}

final class MockReference: StorageReference {
    override func root() -> StorageReference { super.root() }
    override func parent() -> StorageReference? { super.parent() }
    override func child(_ path: String) -> StorageReference { super.child(path) }
    override func putData(_ uploadData: Data, metadata: StorageMetadata? = nil) -> StorageUploadTask {
        super.putData(uploadData, metadata: metadata)
    }
    override func __putData(_ uploadData: Data) -> StorageUploadTask { super.__putData(uploadData) }
    override func putData(
        _ uploadData: Data, metadata: StorageMetadata? = nil, completion: ((_: StorageMetadata?, _: Error?) -> Void)?
    ) -> StorageUploadTask {
        super.putData(uploadData, metadata: metadata, completion: completion)
    }
    override func putFile(from fileURL: URL, metadata: StorageMetadata? = nil) -> StorageUploadTask {
        super.putFile(from: fileURL, metadata: metadata)
    }
    override func __putFile(from fileURL: URL) -> StorageUploadTask { super.__putFile(from: fileURL) }
    override func putFile(
        from fileURL: URL, metadata: StorageMetadata? = nil, completion: ((_: StorageMetadata?, _: Error?) -> Void)?
    ) -> StorageUploadTask {
        super.putFile(from: fileURL, metadata: metadata, completion: completion)
    }
    override func getData(maxSize: Int64, completion: @escaping ((_: Data?, _: Error?) -> Void)) -> StorageDownloadTask {
        super.getData(maxSize: maxSize, completion: completion)
    }
    override func write(toFile fileURL: URL) -> StorageDownloadTask { super.write(toFile: fileURL) }
    override func write(toFile fileURL: URL, completion: ((_: URL?, _: Error?) -> Void)?) -> StorageDownloadTask {
        super.write(toFile: fileURL, completion: completion)
    }
    override func downloadURL(completion: @escaping ((_: URL?, _: Error?) -> Void)) { super.downloadURL(completion: completion) }
    override func downloadURL() async throws -> URL { try await super.downloadURL() }
    override func list(maxResults: Int64, completion: @escaping ((_: StorageListResult?, _: Error?) -> Void)) {
        super.list(maxResults: maxResults, completion: completion)
    }
    override func list(
        maxResults: Int64, pageToken: String, completion: @escaping ((_: StorageListResult?, _: Error?) -> Void)
    ) {
        super.list(maxResults: maxResults, pageToken: pageToken, completion: completion)
    }
    override func listAll(completion: @escaping ((_: StorageListResult?, _: Error?) -> Void)) {
        super.listAll(completion: completion)
    }
    override func listAll() async throws -> StorageListResult { try await super.listAll() }
    override func getMetadata(completion: @escaping ((_: StorageMetadata?, _: Error?) -> Void)) {
        super.getMetadata(completion: completion)
    }
    override func getMetadata() async throws -> StorageMetadata { try await super.getMetadata() }
    override func updateMetadata(_ metadata: StorageMetadata, completion: ((_: StorageMetadata?, _: Error?) -> Void)?) {
        super.updateMetadata(metadata, completion: completion)
    }
    override func updateMetadata(_ metadata: StorageMetadata) async throws -> StorageMetadata {
        try await super.updateMetadata(metadata)
    }
    override func delete(completion: ((_: Error?) -> Void)?) { super.delete(completion: completion) }
    override func delete() async throws { try await super.delete() }
}

final class MockMetadata: StorageMetadata {
    override func dictionaryRepresentation() -> [String: AnyHashable] { super.dictionaryRepresentation() }
}

final class MockUploadTask: StorageUploadTask, @unchecked Sendable {
    override func observe(_ status: StorageTaskStatus, handler: @escaping (StorageTaskSnapshot) -> Void) -> String {
        super.observe(status, handler: handler)
    }
    override func removeObserver(withHandle handle: String) { super.removeObserver(withHandle: handle) }
    override func removeAllObservers(for status: StorageTaskStatus) { super.removeAllObservers(for: status) }
    override func removeAllObservers() { super.removeAllObservers() }
    override func enqueue() { super.enqueue() }
    override func pause() { super.pause() }
    override func cancel() { super.cancel() }
    override func resume() { super.resume() }
}

final class MockDownloadTask: StorageDownloadTask, @unchecked Sendable {
    override func enqueue() { super.enqueue() }
    override func pause() { super.pause() }
    override func cancel() { super.cancel() }
    override func resume() { super.resume() }
}

/// Members referenced by type; never called.
enum SDKSignatureCheck {
    static func storage(_ storage: Storage) {
        let _: () -> Storage = Storage.storage
        let _: (String) -> Storage = Storage.storage(url:)
        let _: ReferenceWritableKeyPath<Storage, TimeInterval> = \Storage.maxUploadRetryTime
        let _: ReferenceWritableKeyPath<Storage, TimeInterval> = \Storage.maxDownloadRetryTime
        let _: ReferenceWritableKeyPath<Storage, TimeInterval> = \Storage.maxOperationRetryTime
        let _: ReferenceWritableKeyPath<Storage, Int64> = \Storage.uploadChunkSizeBytes
        let _: ReferenceWritableKeyPath<Storage, DispatchQueue> = \Storage.callbackQueue
        let _: () -> StorageReference = storage.reference as () -> StorageReference
        let _: (String) -> StorageReference = storage.reference(forURL:)
        let _: (URL) throws -> StorageReference = storage.reference(for:)
        let _: (String) -> StorageReference = storage.reference(withPath:)
        let _: (String, Int) -> Void = storage.useEmulator(withHost:port:)
        let _: NSObject = storage
        let _: Any = storage.copy()
        let _: Bool = storage.isEqual(storage)
        let _: Int = storage.hash
    }

    static func reference(_ ref: StorageReference, metadata: StorageMetadata, url: URL) {
        let _: KeyPath<StorageReference, Storage> = \StorageReference.storage
        let _: KeyPath<StorageReference, String> = \StorageReference.bucket
        let _: KeyPath<StorageReference, String> = \StorageReference.fullPath
        let _: KeyPath<StorageReference, String> = \StorageReference.name
        let _: KeyPath<StorageReference, String> = \StorageReference.description
        let _: () -> StorageReference = ref.root
        let _: () -> StorageReference? = ref.parent
        let _: (String) -> StorageReference = ref.child(_:)
        // Upload, with the SDK's default arguments and discardable results.
        ref.putData(Data())
        ref.putData(Data(), metadata: metadata)
        ref.__putData(Data())
        ref.putData(Data(), metadata: nil, completion: nil)
        ref.putData(Data()) { (_: StorageMetadata?, _: Error?) in }
        ref.putFile(from: url)
        ref.putFile(from: url, metadata: metadata)
        ref.__putFile(from: url)
        ref.putFile(from: url, metadata: nil, completion: nil)
        ref.putFile(from: url) { (_: StorageMetadata?, _: Error?) in }
        // Download.
        ref.getData(maxSize: 1) { (_: Data?, _: Error?) in }
        ref.write(toFile: url)
        ref.write(toFile: url, completion: nil)
        ref.write(toFile: url) { (_: URL?, _: Error?) in }
        let _: (@escaping (URL?, Error?) -> Void) -> Void = ref.downloadURL(completion:)
        // List, metadata, delete.
        let _: (Int64, @escaping (StorageListResult?, Error?) -> Void) -> Void = ref.list(maxResults:completion:)
        let _: (Int64, String, @escaping (StorageListResult?, Error?) -> Void) -> Void = ref.list(maxResults:pageToken:completion:)
        let _: (@escaping (StorageListResult?, Error?) -> Void) -> Void = ref.listAll(completion:)
        let _: (@escaping (StorageMetadata?, Error?) -> Void) -> Void = ref.getMetadata(completion:)
        let _: (StorageMetadata, ((StorageMetadata?, Error?) -> Void)?) -> Void = ref.updateMetadata(_:completion:)
        let _: (((Error?) -> Void)?) -> Void = ref.delete(completion:)
        ref.delete { (_: Error?) in }
        // Result forms (picked by a one-parameter closure).
        ref.downloadURL { (_: Result<URL, Error>) in }
        ref.getData(maxSize: 1) { (_: Result<Data, Error>) in }
        ref.getMetadata { (_: Result<StorageMetadata, Error>) in }
        ref.list(maxResults: 1, pageToken: "") { (_: Result<StorageListResult, Error>) in }
        ref.list(maxResults: 1) { (_: Result<StorageListResult, Error>) in }
        ref.listAll { (_: Result<StorageListResult, Error>) in }
        ref.putData(Data(), metadata: nil) { (_: Result<StorageMetadata, Error>) in }
        ref.putFile(from: url, metadata: nil) { (_: Result<StorageMetadata, Error>) in }
        ref.updateMetadata(metadata) { (_: Result<StorageMetadata, Error>) in }
        ref.write(toFile: url) { (_: Result<URL, Error>) in }
    }

    static func asyncForms(_ ref: StorageReference, metadata: StorageMetadata, url: URL) async throws {
        let _: URL = try await ref.downloadURL()
        let _: StorageListResult = try await ref.listAll()
        let _: StorageMetadata = try await ref.getMetadata()
        let _: StorageMetadata = try await ref.updateMetadata(metadata)
        try await ref.delete()
        let _: Data = try await ref.data(maxSize: 1)
        let _: StorageMetadata = try await ref.putDataAsync(Data())
        let _: StorageMetadata = try await ref.putDataAsync(Data(), metadata: nil, onProgress: { (_: Progress?) in })
        let _: StorageMetadata = try await ref.putFileAsync(from: url)
        let _: StorageMetadata = try await ref.putFileAsync(from: url, metadata: nil, onProgress: { (_: Progress?) in })
        let _: URL = try await ref.writeAsync(toFile: url)
        let _: URL = try await ref.writeAsync(toFile: url, onProgress: { (_: Progress?) in })
        let _: StorageListResult = try await ref.list(maxResults: 1)
        let _: StorageListResult = try await ref.list(maxResults: 1, pageToken: "")
    }

    static func metadata() {
        let metadata = StorageMetadata()
        let _: StorageMetadata = StorageMetadata(dictionary: ["contentType": "text/plain"])
        let _: KeyPath<StorageMetadata, String> = \StorageMetadata.bucket
        let _: ReferenceWritableKeyPath<StorageMetadata, String?> = \StorageMetadata.cacheControl
        let _: ReferenceWritableKeyPath<StorageMetadata, String?> = \StorageMetadata.contentDisposition
        let _: ReferenceWritableKeyPath<StorageMetadata, String?> = \StorageMetadata.contentEncoding
        let _: ReferenceWritableKeyPath<StorageMetadata, String?> = \StorageMetadata.contentLanguage
        let _: ReferenceWritableKeyPath<StorageMetadata, String?> = \StorageMetadata.contentType
        let _: KeyPath<StorageMetadata, String?> = \StorageMetadata.md5Hash
        let _: KeyPath<StorageMetadata, Int64> = \StorageMetadata.generation
        let _: ReferenceWritableKeyPath<StorageMetadata, [String: String]?> = \StorageMetadata.customMetadata
        let _: KeyPath<StorageMetadata, Int64> = \StorageMetadata.metageneration
        let _: KeyPath<StorageMetadata, String?> = \StorageMetadata.name
        let _: KeyPath<StorageMetadata, String?> = \StorageMetadata.path
        let _: KeyPath<StorageMetadata, Int64> = \StorageMetadata.size
        let _: KeyPath<StorageMetadata, Date?> = \StorageMetadata.timeCreated
        let _: KeyPath<StorageMetadata, Date?> = \StorageMetadata.updated
        let _: KeyPath<StorageMetadata, Bool> = \StorageMetadata.isFile
        let _: KeyPath<StorageMetadata, Bool> = \StorageMetadata.isFolder
        let _: () -> [String: AnyHashable] = metadata.dictionaryRepresentation
        let _: Any = metadata.copy()
        let _: String = metadata.description
    }

    static func listResult(_ result: StorageListResult) {
        let _: KeyPath<StorageListResult, [StorageReference]> = \StorageListResult.prefixes
        let _: KeyPath<StorageListResult, [StorageReference]> = \StorageListResult.items
        let _: KeyPath<StorageListResult, String?> = \StorageListResult.pageToken
        let _: Any = result.copy()
    }

    static func errors(_ error: StorageError) {
        let _: String = StorageErrorDomain
        let codes: [(StorageErrorCode, Int)] = [
            (.unknown, -13000), (.objectNotFound, -13010), (.bucketNotFound, -13011), (.projectNotFound, -13012),
            (.quotaExceeded, -13013), (.unauthenticated, -13020), (.unauthorized, -13021),
            (.retryLimitExceeded, -13030), (.nonMatchingChecksum, -13031), (.downloadSizeExceeded, -13032),
            (.cancelled, -13040), (.invalidArgument, -13050), (.bucketMismatch, -13051), (.internalError, -13052),
            (.pathError, -13053),
        ]
        let _: Error = StorageErrorCode.unknown
        let _: StorageErrorCode? = StorageErrorCode(rawValue: codes[0].1)
        let cases: [StorageError] = [
            .unknown(message: "", serverError: [:]), .objectNotFound(object: "", serverError: [:]),
            .bucketNotFound(bucket: ""), .projectNotFound(project: ""), .quotaExceeded(bucket: "", serverError: [:]),
            .unauthenticated(serverError: [:]), .unauthorized(bucket: "", object: "", serverError: [:]),
            .retryLimitExceeded, .nonMatchingChecksum, .downloadSizeExceeded(total: 0, maxSize: 0), .cancelled,
            .invalidArgument(message: ""), .internalError(message: ""), .bucketMismatch(message: ""),
            .pathError(message: ""),
        ]
        let _: any CustomNSError = cases[0]
        let _: String = StorageError.errorDomain
        let _: Int = error.errorCode
        let _: [String: Any] = error.errorUserInfo
    }

    static func tasks(_ upload: StorageUploadTask, _ download: StorageDownloadTask) {
        let _: StorageTask = upload
        let _: StorageObservableTask = download
        let _: any StorageTaskManagement = upload
        let _: any StorageTaskManagement = download
        let _: any Sendable = upload
        let _: KeyPath<StorageTask, StorageTaskSnapshot> = \StorageTask.snapshot
        // Handlers are not @Sendable: they may count into a local var.
        var count = 0
        upload.observe(.progress) { _ in count += 1 }
        let handle: String = download.observe(.success) { _ in count += 1 }
        let _: (String) -> Void = upload.removeObserver(withHandle:)
        let _: (StorageTaskStatus) -> Void = upload.removeAllObservers(for:)
        let _: () -> Void = upload.removeAllObservers
        let _: [() -> Void] = [upload.enqueue, upload.pause, upload.cancel, upload.resume]
        let _: [() -> Void] = [download.enqueue, download.pause, download.cancel, download.resume]
        let statuses: [(StorageTaskStatus, Int)] = [
            (.unknown, 0), (.resume, 1), (.progress, 2), (.pause, 3), (.success, 4), (.failure, 5),
        ]
        _ = (handle, statuses)
    }

    static func snapshot(_ snapshot: StorageTaskSnapshot) {
        let _: KeyPath<StorageTaskSnapshot, StorageTask> = \StorageTaskSnapshot.task
        let _: KeyPath<StorageTaskSnapshot, StorageMetadata?> = \StorageTaskSnapshot.metadata
        let _: KeyPath<StorageTaskSnapshot, StorageReference> = \StorageTaskSnapshot.reference
        let _: KeyPath<StorageTaskSnapshot, Progress?> = \StorageTaskSnapshot.progress
        let _: KeyPath<StorageTaskSnapshot, Error?> = \StorageTaskSnapshot.error
        let _: KeyPath<StorageTaskSnapshot, StorageTaskStatus> = \StorageTaskSnapshot.status
        let _: String = snapshot.description
    }
}
