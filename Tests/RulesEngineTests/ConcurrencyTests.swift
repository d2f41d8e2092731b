import RulesEngine
import Testing

/// One compiled ruleset answers requests from many tasks at once.
struct ConcurrencyTests {
    @Test func concurrentAuthorizationsAgreeWithSequentialOnes() async {
        let rules = Engine.storageRules("""
            function owns(uid) { return request.auth != null && request.auth.uid == uid; }
            match /users/{uid}/{file=**} {
              allow read: if owns(uid) && file.matches('.*[.](png|jpg)');
              allow get: if firestore.get(/databases/(default)/documents/shares/$(uid)).data.public == true;
            }
            """)
        guard let compiled = Engine.compile(rules) else { return }
        let documents = InMemoryDocuments([
            "shares/u0": RulesMap(["public": true]), "shares/u1": RulesMap(["public": false]),
        ])
        let requests: [AuthorizationRequest] = (0..<64).map { index in
            AuthorizationRequest(
                method: index % 3 == 0 ? .list : .get, bucket: "B",
                objectPath: "users/u\(index % 4)/f\(index).\(index % 2 == 0 ? "png" : "txt")",
                auth: index % 5 == 0 ? nil : AuthIdentity(uid: "u\(index % 3)"), time: Engine.time, documents: documents)
        }
        let expected = requests.map { compiled.authorize($0).allowed }
        #expect(expected.contains(true) && expected.contains(false))
        let mismatches = await withTaskGroup(of: Int.self) { group in
            // More workers than the evaluator pool has slots, half of them
            // asking `isAllowed` untraced, so evaluators are taken, made and
            // given back concurrently.
            for worker in 0..<16 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<200 {
                        let index = (worker * 7 + round) % requests.count
                        var request = requests[index]
                        request.recordsTrace = worker % 2 == 0
                        let allowed = worker % 2 == 0 ? compiled.authorize(request).allowed : compiled.isAllowed(request)
                        if allowed != expected[index] { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
