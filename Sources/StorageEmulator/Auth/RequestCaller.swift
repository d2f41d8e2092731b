import Foundation
import RulesEngine
import StorageSimulator

/// The caller of a request, from its `Authorization` header, decoded the way
/// the Firebase emulator decodes it (storage-service.md §4.3).
public enum RequestCaller {
    /// `Bearer owner` or `Firebase owner` is the admin; otherwise the second
    /// word is an ID token, decoded without verifying its signature, issuer,
    /// audience or expiry. A missing or undecodable token is anonymous.
    public static func caller(authorization: String?) -> ServiceCaller {
        guard let authorization else { return .anonymous }
        let words = authorization.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2 else { return .anonymous }
        if words.count == 2, words[1] == "owner", words[0] == "Bearer" || words[0] == "Firebase" { return .admin }
        guard let identity = identity(fromToken: String(words[1])) else { return .anonymous }
        return .user(identity)
    }

    /// The identity in a JWT's payload: `uid` from `user_id`, else `sub`;
    /// every claim in `token`. `nil` if the token is not a decodable JWT.
    public static func identity(fromToken token: String) -> AuthIdentity? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 || parts.count == 2 else { return nil }
        guard let header = base64URLDecode(parts[0]), (try? JSONSerialization.jsonObject(with: header)) is [String: Any],
            let payload = base64URLDecode(parts[1]), let text = String(data: payload, encoding: .utf8),
            let value = try? ValueJSON.parse(text), case .map(let claims) = value
        else { return nil }
        var uid = ""
        if case .string(let userID)? = claims["user_id"] {
            uid = userID
        } else if case .string(let subject)? = claims["sub"] {
            uid = subject
        }
        var identity = AuthIdentity(uid: uid)
        identity.token = claims
        return identity
    }

    static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 = base64.trimmingCharacters(in: CharacterSet(charactersIn: "="))
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
