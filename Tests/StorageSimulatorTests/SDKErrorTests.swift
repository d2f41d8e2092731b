import Foundation
import RulesEngine
import StorageSimulator
import Testing

@Suite("SDK errors and NSError bridging")
struct SDKErrorTests {
    @Test("every StorageErrorCode has the SDK's raw value", arguments: [
        (StorageErrorCode.unknown, -13000), (.objectNotFound, -13010), (.bucketNotFound, -13011),
        (.projectNotFound, -13012), (.quotaExceeded, -13013), (.unauthenticated, -13020), (.unauthorized, -13021),
        (.retryLimitExceeded, -13030), (.nonMatchingChecksum, -13031), (.downloadSizeExceeded, -13032),
        (.cancelled, -13040), (.invalidArgument, -13050), (.bucketMismatch, -13051), (.internalError, -13052),
        (.pathError, -13053),
    ])
    func rawValues(_ example: (StorageErrorCode, Int)) {
        #expect(example.0.rawValue == example.1)
        #expect(StorageErrorCode(rawValue: example.1) == example.0)
    }

    @Test("every code's name is its case's name, and names find their codes")
    func names() {
        for code in StorageErrorCode.allCases {
            #expect(code.name == String(describing: code))
            #expect(StorageErrorCode(name: code.name) == code)
        }
        #expect(StorageErrorCode(name: "ObjectNotFound") == nil)
    }

    @Test("each StorageError bridges with its code, the domain and its message", arguments: [
        (StorageError.unknown(message: "m", serverError: [:]), StorageErrorCode.unknown, "m"),
        (.objectNotFound(object: "a/b", serverError: [:]), .objectNotFound, "Object a/b does not exist."),
        (.bucketNotFound(bucket: "b"), .bucketNotFound, "Bucket b does not exist."),
        (.projectNotFound(project: "p"), .projectNotFound, "Project p does not exist."),
        (.unauthorized(bucket: "b", object: "o", serverError: [:]), .unauthorized,
            "User does not have permission to access gs://b/o."),
        (.cancelled, .cancelled, "User cancelled the upload/download."),
        (.invalidArgument(message: "bad"), .invalidArgument, "bad"),
        (.bucketMismatch(message: "other"), .bucketMismatch, "other"),
        (.internalError(message: "inner"), .internalError, "inner"),
        (.pathError(message: "path"), .pathError, "path"),
    ])
    func bridging(_ example: (StorageError, StorageErrorCode, String)) {
        let error: Error = example.0
        let bridged = error as NSError
        #expect(bridged.domain == "FIRStorageErrorDomain")
        #expect(bridged.domain == StorageErrorDomain)
        #expect(bridged.code == example.1.rawValue)
        #expect(bridged.localizedDescription == example.2)
        #expect(bridged.userInfo[NSLocalizedDescriptionKey] as? String == example.2)
        #expect((error as? StorageError)?.code == example.1)
    }

    @Test("downloadSizeExceeded carries totalSize and maxAllowedSize")
    func sizeExceeded() {
        let bridged = StorageError.downloadSizeExceeded(total: 11, maxSize: 10) as NSError
        #expect(bridged.userInfo["totalSize"] as? Int64 == 11)
        #expect(bridged.userInfo["maxAllowedSize"] as? Int64 == 10)
        #expect(bridged.localizedDescription.hasPrefix("Attempted to download object with size of 11 bytes"))
    }

    @Test("a rules denial is unauthorized with the 403 server error and the decision in userInfo")
    func denial() async throws {
        let simulator = try TestRules.simulator(TestRules.storage("match /{f} { allow read: if false; }"))
        try simulator.admin.put(text: "x", path: "secret")
        let ref = simulator.storage().reference(withPath: "secret")
        do {
            _ = try await ref.getMetadata()
            Issue.record("read allowed")
        } catch {
            let bridged = error as NSError
            #expect(StorageErrorCode(rawValue: bridged.code) == .unauthorized)
            #expect(bridged.userInfo["ResponseErrorCode"] as? Int == 403)
            #expect(bridged.userInfo["bucket"] as? String == "default-bucket")
            #expect(bridged.userInfo["object"] as? String == "secret")
            #expect((bridged.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == 403)
            #expect((bridged.userInfo[StorageErrorDecisionKey] as? Decision)?.allowed == false)
            guard case .unauthorized(let bucket, let object, _)? = error as? StorageError else {
                Issue.record("not .unauthorized: \(error)")
                return
            }
            #expect(bucket == "default-bucket" && object == "secret")
            #expect((error as? StorageError)?.decision?.allowed == false)
        }
    }

    @Test("a missing object is objectNotFound with the 404 server error and the grant")
    func missing() async throws {
        let simulator = try TestRules.simulator(TestRules.open)
        let error = await storageError { try await simulator.storage().reference(withPath: "gone").delete() }
        #expect((error as NSError?)?.userInfo["ResponseErrorCode"] as? Int == 404)
        #expect(error?.decision?.allowed == true)
        guard case .objectNotFound(let object, _)? = error else {
            Issue.record("not .objectNotFound: \(String(describing: error))")
            return
        }
        #expect(object == "gone")
    }

    @Test("list with maxResults out of 1...1000 reports invalidArgument at once, on the calling thread")
    func listArgument() throws {
        let simulator = try TestRules.simulator(TestRules.open)
        var code: StorageErrorCode?
        simulator.storage().reference().list(maxResults: 0) { result, error in
            code = storageCode(error)
        }
        #expect(code == .invalidArgument)
    }
}
