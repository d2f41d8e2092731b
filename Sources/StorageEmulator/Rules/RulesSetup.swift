/// Where the emulator's rules come from.
public enum RulesSetup: Sendable, Equatable {
    /// Built-in open rules (a `demo-*` project with no storage configuration).
    case open
    /// One rules file for every bucket.
    case shared(path: String)
    /// One rules file per bucket (deploy targets); other buckets have no ruleset.
    case perBucket([String: String])

    /// The rules a `demo-*` project gets without configuration: everything allowed.
    static let openRulesText = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /{allPaths=**} {
              allow read, write;
            }
          }
        }

        """
}
