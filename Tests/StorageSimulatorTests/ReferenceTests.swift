import Foundation
import StorageSimulator
import Testing

@Suite("References")
struct ReferenceTests {
    let storage = StorageSimulator(configuration: .init(defaultBucket: "my-app.appspot.com"))

    @Test("root reference properties")
    func root() {
        let root = storage.storage().reference()
        #expect(root.bucket == "my-app.appspot.com")
        #expect(root.fullPath == "")
        #expect(root.name == "")
        #expect(root.parent() == nil)
        #expect(root.root() == root)
        #expect(root.description == "gs://my-app.appspot.com/")
    }

    @Test("child, parent, root and name as in the Firebase docs")
    func navigation() throws {
        let images = storage.storage().reference().child("images")
        let space = images.child("space.jpg")
        #expect(space.fullPath == "images/space.jpg")
        #expect(space.name == "space.jpg")
        #expect(space.bucket == "my-app.appspot.com")
        #expect(space.parent() == images)
        #expect(try #require(images.parent()).fullPath == "")
        #expect(space.root() == storage.storage().reference())
        #expect(storage.storage().reference(withPath: "images/space.jpg") == space)
        // Chaining parent and child.
        let earth = try #require(space.parent()).child("earth.jpg")
        #expect(earth.fullPath == "images/earth.jpg")
        let parent = try #require(space.parent())
        let grandparent = try #require(parent.parent())
        #expect(grandparent.child("videos").fullPath == "videos")
    }

    @Test("child normalizes slashes as the SDK does", arguments: [
        ("a//b", "a/b"), ("/a/b/", "a/b"), ("a///", "a"), ("//", ""), ("a/./b", "a/./b"),
    ])
    func childNormalization(input: String, expected: String) {
        #expect(storage.storage().reference().child(input).fullPath == expected)
    }

    @Test("references from gs:// and https URLs of the instance's bucket; another bucket's storage for other buckets")
    func fromURL() throws {
        let other = storage.storage(url: "gs://other-bucket")
        let ref = other.reference(forURL: "gs://other-bucket/images/stars.jpg")
        #expect(ref.bucket == "other-bucket")
        #expect(ref.fullPath == "images/stars.jpg")
        let root = other.reference(forURL: "gs://other-bucket")
        #expect(root.fullPath == "" && root.bucket == "other-bucket")
        let https = storage.storage(url: "gs://b1").reference(
            forURL: "https://firebasestorage.googleapis.com/v0/b/b1/o/images%2Fa%20b.jpg?alt=media&token=x")
        #expect(https.bucket == "b1")
        #expect(https.fullPath == "images/a b.jpg")
        let thrown = try storage.storage().reference(for: URL(string: "gs://my-app.appspot.com/a/b")!)
        #expect(thrown.fullPath == "a/b")
    }

    @Test("reference(for:) throws pathError for bad URLs", arguments: ["http://example.com/x", "gs://", "s3://b/x", "https://h/v0/b/b/x/y"])
    func badURL(_ url: String) throws {
        let parsed = try #require(URL(string: url))
        #expect {
            _ = try storage.storage().reference(for: parsed)
        } throws: { error in
            StorageErrorCode(rawValue: (error as NSError).code) == .pathError
        }
    }

    @Test("reference(for:) throws bucketMismatch for another bucket")
    func foreignBucket() throws {
        #expect {
            _ = try storage.storage().reference(for: URL(string: "gs://elsewhere/a")!)
        } throws: { error in
            (error as? StorageError)?.code == .bucketMismatch && (error as NSError).domain == StorageErrorDomain
        }
    }

    @Test("object path rules: 1 to 1024 bytes, no CR or LF")
    func pathRules() throws {
        try ObjectPath.validate(String(repeating: "é", count: 512))
        #expect(throws: StorageError.self) { try ObjectPath.validate(String(repeating: "é", count: 512) + "x") }
        #expect(throws: StorageError.self) { try ObjectPath.validate("") }
        #expect(throws: StorageError.self) { try ObjectPath.validate("a\nb") }
        #expect(throws: StorageError.self) { try ObjectPath.validate("a\rb") }
    }

    @Test("error codes carry the SDK's names and numbers")
    func errorCodes() {
        #expect(StorageErrorCode.objectNotFound.rawValue == -13010)
        #expect(StorageErrorCode.unauthorized.rawValue == -13021)
        #expect(StorageErrorCode.cancelled.rawValue == -13040)
        for code in StorageErrorCode.allCases { #expect(StorageErrorCode(name: code.name) == code) }
        #expect(StorageErrorCode(name: "nope") == nil)
    }

    @Test("content types from extensions")
    func contentTypes() {
        #expect(ContentTypes.type(forExtension: "JPG") == "image/jpeg")
        #expect(ContentTypes.type(forName: "dir/cat.png") == "image/png")
        #expect(ContentTypes.type(forName: "dir.d/README") == nil)
        #expect(ContentTypes.type(forName: ".hidden") == nil)
        #expect(ContentTypes.type(forName: "a/b.tar.GZ/") == "application/gzip")
        #expect(ContentTypes.type(forName: "x.JpEg") == "image/jpeg")
        #expect(ContentTypes.type(forName: "x/a.7Z//") == "application/x-7z-compressed")
        #expect(ContentTypes.type(forName: "file.") == nil)
        #expect(ContentTypes.type(forName: "") == nil)
        #expect(ContentTypes.type(forName: "//") == nil)
        // Non-ASCII extensions take Unicode's lowercasing, and none is in the table.
        #expect(ContentTypes.type(forName: "x.ＰＮＧ") == nil)
        #expect(ContentTypes.type(forName: "x.p\u{212A}g") == nil)
        #expect(ContentTypes.type(forName: "dir.png/file") == nil)
        #expect(ContentTypes.type(forName: "é.jpeg") == "image/jpeg")
        // A dot that begins a larger character (a combining mark follows) is no extension dot.
        #expect(ContentTypes.type(forName: "a.\u{301}png") == nil)
        #expect(ContentTypes.type(forName: "a.png\u{301}") == nil)
        #expect(ContentTypes.type(forName: "") == nil)
    }
}
