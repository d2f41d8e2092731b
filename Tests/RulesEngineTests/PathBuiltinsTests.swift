import Testing

@testable import RulesEngine

private typealias V = CollectionsValues

@Suite struct PathBuiltinsTests {
    static let cases: [CollectionsCase] = [
        .method(V.path("users/{uid}"), "bind", [["uid": "alice"]], returns: V.path("users/alice"), "fact 89"),
        .method(V.path("/a/{x}/b/{y}"), "bind", [["x": "1", "y": "2"]], returns: V.path("a/1/b/2")),
        .method(V.path("users/{uid}"), "bind", [[:]], returns: V.path("users/{uid}"), "unbound placeholder stays"),
        .method(V.path("users/alice"), "bind", [["uid": "bob"]], returns: V.path("users/alice"), "no placeholder"),
        .method(V.path("users/{uid}"), "bind", [["uid": "x", "extra": 1]], returns: V.path("users/x"), "unused keys"),
        .method(
            V.path("files/{rest=**}"), "bind", [["rest": V.path("a/b")]], returns: V.path("files/a/b"),
            "path value splices segments"),
        .method(V.path("files/{rest=**}"), "bind", [["rest": "a"]], returns: V.path("files/a")),
        .method(V.path("x/{}"), "bind", [["": "y"]], returns: V.path("x/{}"), "empty name is not a placeholder"),
        .method(
            V.path("users/{uid}"), "bind", [["uid": 1]],
            throws:
                "Unsupported operation error. Received: path.bind(map<string, int>). Expected: path.bind(map<string, string>), path.bind(map<string, path>)."
        ),
        .method(
            V.path("users/{uid}"), "bind", ["uid"],
            throws: "Unsupported operation error. Received: path.bind(string). Expected: path.bind(map)."),
        .method(V.path("a"), "size", throws: "Function not found error: Name: [size]."),
    ]

    @Test(arguments: cases)
    func pathMethod(_ testCase: CollectionsCase) {
        testCase.check()
    }
}
