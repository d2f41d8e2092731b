// Code in the style of Firebase's "Cloud Storage on Apple platforms" guides,
// written against FirebaseStorage's API. The only change from an app is the
// import: `import StorageSimulator` where the app has `import FirebaseStorage`.
// Each function reports what happened through its completion (or returns
// it), so that FirebaseGuideTests can assert what the guides say happens.
import Foundation
import StorageSimulator

enum FirebaseGuide {
    // MARK: - Create a reference

    static func references() -> [String: String?] {
        let storage = Storage.storage()
        let storageRef = storage.reference()
        var imagesRef = storageRef.child("images")
        let spaceRef = storageRef.child("images/space.jpg")
        let spaceRefFromImages = imagesRef.child("space.jpg")
        let gsReference = storage.reference(forURL: "gs://default-bucket/images/stars.jpg")
        let httpsReference = storage.reference(
            forURL: "https://firebasestorage.googleapis.com/v0/b/default-bucket/o/images%2Fstars.jpg")

        // Navigate with parent() and root().
        imagesRef = spaceRef.parent()!
        let rootRef = spaceRef.root()
        let earthRef = spaceRef.parent()?.child("earth.jpg")
        let nullRef = spaceRef.root().parent()

        return [
            "fullPath": spaceRef.fullPath, "name": spaceRef.name, "bucket": spaceRef.bucket,
            "images": imagesRef.fullPath, "root": rootRef.description, "earth": earthRef?.fullPath,
            "null": nullRef?.fullPath, "gs": gsReference.fullPath, "https": httpsReference.fullPath,
            "sameSpace": spaceRef == spaceRefFromImages ? "yes" : "no",
        ]
    }

    // MARK: - Upload files

    static func uploadInMemory(path: String, completion: @escaping (Int64?, URL?, Error?) -> Void) {
        let storageRef = Storage.storage().reference()
        let data = Data("a picture of a river".utf8)
        let riversRef = storageRef.child(path)
        riversRef.putData(data, metadata: nil) { (metadata, error) in
            guard let metadata = metadata else {
                completion(nil, nil, error)
                return
            }
            let size = metadata.size
            riversRef.downloadURL { (url, error) in
                guard let downloadURL = url else {
                    completion(size, nil, error)
                    return
                }
                completion(size, downloadURL, nil)
            }
        }
    }

    static func uploadLocalFile(_ localFile: URL, path: String, completion: @escaping (StorageMetadata?, Error?) -> Void) {
        let storageRef = Storage.storage().reference()
        let riversRef = storageRef.child(path)
        let uploadTask = riversRef.putFile(from: localFile, metadata: nil) { metadata, error in
            completion(metadata, error)
        }
        _ = uploadTask
    }

    static func uploadWithMetadata(path: String, completion: @escaping (StorageMetadata?, Error?) -> Void) {
        let storageRef = Storage.storage().reference()
        let mountainsRef = storageRef.child(path)
        let metadata = StorageMetadata()
        metadata.contentType = "image/jpeg"
        metadata.customMetadata = ["location": "Yosemite, CA, USA", "activity": "Hiking"]
        mountainsRef.putData(Data([0xFF, 0xD8, 0xFF]), metadata: metadata) { metadata, error in
            completion(metadata, error)
        }
    }

    /// Monitors an upload: every status, with `snapshot.progress!` counts.
    /// The first progress event pauses the upload, the pause resumes it.
    static func monitoredUpload(path: String, bytes: Int, completion: @escaping ([String]) -> Void) {
        let storageRef = Storage.storage().reference()
        let uploadTask = storageRef.child(path).putData(Data(count: bytes))
        var events: [String] = []
        var paused = false
        uploadTask.observe(.resume) { snapshot in
            events.append("resume")
        }
        uploadTask.observe(.pause) { snapshot in
            events.append("pause")
            uploadTask.resume()
        }
        uploadTask.observe(.progress) { snapshot in
            let percentComplete = 100.0 * Double(snapshot.progress!.completedUnitCount)
                / Double(snapshot.progress!.totalUnitCount)
            events.append("progress \(snapshot.progress!.completedUnitCount) \(Int(percentComplete))%")
            if !paused {
                paused = true
                uploadTask.pause()
            }
        }
        uploadTask.observe(.success) { snapshot in
            events.append("success \(snapshot.metadata?.size ?? -1)")
            uploadTask.removeAllObservers()
            completion(events)
        }
        uploadTask.observe(.failure) { snapshot in
            events.append("failure")
            completion(events)
        }
    }

    /// Cancels an upload from its first progress event and reports the
    /// error code as the guides' error switch does.
    static func cancelledUpload(path: String, completion: @escaping (String) -> Void) {
        let storageRef = Storage.storage().reference()
        let uploadTask = storageRef.child(path).putData(Data(count: 600_000))
        uploadTask.observe(.progress) { snapshot in
            uploadTask.cancel()
        }
        uploadTask.observe(.failure) { snapshot in
            if let error = snapshot.error as NSError? {
                completion(describe(error))
            }
        }
    }

    /// The guides' error handling switch.
    static func describe(_ error: NSError) -> String {
        switch StorageErrorCode(rawValue: error.code)! {
        case .objectNotFound:
            return "File doesn't exist"
        case .unauthorized:
            return "User doesn't have permission to access file"
        case .cancelled:
            return "User canceled the upload"
        case .downloadSizeExceeded:
            return "Download larger than the maximum size"
        case .unknown:
            return "Unknown error occurred, inspect the server response"
        default:
            return "A separate error occurred. This is a good place to retry the upload."
        }
    }

    // MARK: - Download files

    static func downloadInMemory(path: String, maxSize: Int64, completion: @escaping (Data?, String?) -> Void) {
        let islandRef = Storage.storage().reference().child(path)
        islandRef.getData(maxSize: maxSize) { data, error in
            if let error = error {
                completion(nil, describe(error as NSError))
            } else {
                completion(data, nil)
            }
        }
    }

    static func downloadToLocalFile(path: String, localURL: URL, completion: @escaping (URL?, [String]) -> Void) {
        let islandRef = Storage.storage().reference().child(path)
        var events: [String] = []
        let downloadTask = islandRef.write(toFile: localURL) { url, error in
            completion(url, events)
        }
        downloadTask.observe(.progress) { snapshot in
            events.append("progress \(snapshot.progress!.completedUnitCount)/\(snapshot.progress!.totalUnitCount)")
        }
    }

    // MARK: - File metadata

    static func metadataWithCompletionHandlers(path: String, completion: @escaping ([String: String?]) -> Void) {
        let forestRef = Storage.storage().reference().child(path)
        forestRef.getMetadata { metadata, error in
            let before = metadata?.contentType
            let newMetadata = StorageMetadata()
            newMetadata.cacheControl = "public,max-age=300"
            newMetadata.contentType = "image/jpeg"
            forestRef.updateMetadata(newMetadata) { metadata, error in
                completion([
                    "before": before, "contentType": metadata?.contentType, "cacheControl": metadata?.cacheControl,
                    "error": error?.localizedDescription,
                ])
            }
        }
    }

    static func metadataAsync(path: String) async throws -> (read: StorageMetadata, updated: StorageMetadata, cleared: StorageMetadata) {
        let forestRef = Storage.storage().reference().child(path)
        let metadata = try await forestRef.getMetadata()

        let newMetadata = StorageMetadata()
        newMetadata.customMetadata = ["location": "Yosemite, CA, USA", "activity": "Hiking"]
        newMetadata.contentLanguage = "en"
        let updatedMetadata = try await forestRef.updateMetadata(newMetadata)

        // Delete a property: read it, set it to nil, write it back.
        let current = try await forestRef.getMetadata()
        current.contentLanguage = nil
        current.customMetadata?["activity"] = nil
        let clearedMetadata = try await forestRef.updateMetadata(current)
        return (metadata, updatedMetadata, clearedMetadata)
    }

    // MARK: - List files

    static func listAllAsync(path: String) async throws -> (prefixes: [String], items: [String]) {
        let storageReference = Storage.storage().reference().child(path)
        let result = try await storageReference.listAll()
        var prefixes: [String] = []
        var items: [String] = []
        for prefix in result.prefixes {
            prefixes.append(prefix.name)
        }
        for item in result.items {
            items.append(item.name)
        }
        return (prefixes, items)
    }

    static func listAllWithCompletion(path: String, completion: @escaping ([String], Error?) -> Void) {
        let storageReference = Storage.storage().reference().child(path)
        storageReference.listAll { (result, error) in
            if let error = error {
                completion([], error)
                return
            }
            completion(result!.items.map(\.fullPath), nil)
        }
    }

    static func listAllPaginated(path: String, pageToken: String? = nil, pages: [[String]] = []) async throws -> [[String]] {
        let storage = Storage.storage()
        let listRef = storage.reference(withPath: path)
        let listResult: StorageListResult
        if let pageToken = pageToken {
            listResult = try await listRef.list(maxResults: 2, pageToken: pageToken)
        } else {
            listResult = try await listRef.list(maxResults: 2)
        }
        let pages = pages + [listResult.prefixes.map(\.name) + listResult.items.map(\.name)]
        if let token = listResult.pageToken {
            return try await listAllPaginated(path: path, pageToken: token, pages: pages)
        }
        return pages
    }

    static func listPaginatedWithCompletion(path: String, completion: @escaping ([[String]]) -> Void) {
        let listRef = Storage.storage().reference(withPath: path)
        var pages: [[String]] = []
        func listPage(pageToken: String?) {
            let handler: (StorageListResult?, Error?) -> Void = { result, error in
                guard let result = result else {
                    completion(pages)
                    return
                }
                pages.append(result.items.map(\.name))
                if let token = result.pageToken {
                    listPage(pageToken: token)
                } else {
                    completion(pages)
                }
            }
            if let pageToken = pageToken {
                listRef.list(maxResults: 2, pageToken: pageToken, completion: handler)
            } else {
                listRef.list(maxResults: 2, completion: handler)
            }
        }
        listPage(pageToken: nil)
    }

    // MARK: - Delete files

    static func deleteWithCompletion(path: String, completion: @escaping (String) -> Void) {
        let desertRef = Storage.storage().reference().child(path)
        desertRef.delete { error in
            if let error = error {
                completion(describe(error as NSError))
            } else {
                completion("deleted")
            }
        }
    }

    static func deleteAsync(path: String) async -> String {
        let desertRef = Storage.storage().reference().child(path)
        do {
            try await desertRef.delete()
            return "deleted"
        } catch {
            return describe(error as NSError)
        }
    }
}
