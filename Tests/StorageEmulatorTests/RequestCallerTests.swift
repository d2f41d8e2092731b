import Foundation
import RulesEngine
import StorageEmulator
import StorageSimulator
import Testing

@Suite struct RequestCallerTests {
    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func token(header: String = #"{"alg":"none","type":"JWT"}"#, payload: String, signature: String = "") -> String {
        base64URL(header) + "." + base64URL(payload) + "." + signature
    }

    enum Expected: Sendable {
        case admin
        case anonymous
        case user(uid: String)
    }

    static let cases: [(String?, Expected)] = [
        (nil, .anonymous),
        ("Bearer owner", .admin),
        ("Firebase owner", .admin),
        ("Bearer  owner", .admin),
        ("owner", .anonymous),
        ("Bearer owner extra", .anonymous),
        ("Bearer not-a-jwt", .anonymous),
        ("Bearer a.b.c", .anonymous),
        ("Firebase " + token(payload: #"{"user_id":"alice","sub":"bob"}"#), .user(uid: "alice")),
        ("Bearer " + token(payload: #"{"sub":"bob"}"#), .user(uid: "bob")),
        // Auth-emulator tokens: alg none, "typ" or "type", expired exp, any signature.
        ("Bearer " + token(header: #"{"alg":"none","typ":"JWT"}"#, payload: #"{"user_id":"u","exp":1}"#), .user(uid: "u")),
        ("Bearer " + token(header: #"{"alg":"HS256"}"#, payload: #"{"user_id":"mock-user"}"#, signature: "c2ln"), .user(uid: "mock-user")),
        ("Bearer " + base64URL(#"{"alg":"none"}"#) + "." + base64URL("not json") + ".", .anonymous),
        ("Bearer " + base64URL(#"{"alg":"none"}"#) + "." + base64URL("[1,2]") + ".", .anonymous),
    ]

    @Test(arguments: cases.indices)
    func decodesTheAuthorizationHeader(_ index: Int) {
        let (header, expected) = Self.cases[index]
        let caller = RequestCaller.caller(authorization: header)
        switch (caller, expected) {
        case (.admin, .admin), (.anonymous, .anonymous): break
        case (.user(let identity), .user(let uid)): #expect(identity.uid == uid)
        default: Issue.record("\(header ?? "nil"): got \(caller), expected \(expected)")
        }
    }

    @Test func everyClaimReachesTheToken() throws {
        let payload = #"{"user_id":"alice","email":"a@example.com","firebase":{"sign_in_provider":"anonymous"},"n":3}"#
        let identity = try #require(RequestCaller.identity(fromToken: Self.token(payload: payload)))
        #expect(identity.token["email"].map { "\($0)" } == "\(Value.string("a@example.com"))")
        guard case .map(let firebase)? = identity.token["firebase"], case .string(let provider)? = firebase["sign_in_provider"]
        else {
            Issue.record("nested claim missing")
            return
        }
        #expect(provider == "anonymous")
        guard case .int(3)? = identity.token["n"] else {
            Issue.record("numeric claim is not an int")
            return
        }
        // No claim is invented: the token has no `sub`.
        #expect(identity.token["sub"] == nil)
    }
}
