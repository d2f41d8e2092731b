import Foundation
import StorageSimulator
import Testing

/// Where the SDK traps, the simulator traps too (with a message that says
/// what to change). Each case runs in a child process, one after another.
@Suite("SDK traps")
struct SDKTrapTests {
    @Test("upload to the root, another bucket in reference(forURL:), an object path in storage(url:), late useEmulator, observing .unknown")
    func traps() async {
        await #expect(processExitsWith: .failure, "an upload to the root reference") {
            _ = StorageSimulator().storage().reference().putData(Data("x".utf8))
        }
        await #expect(processExitsWith: .failure, "reference(forURL:) naming another bucket") {
            _ = StorageSimulator().storage().reference(forURL: "gs://someone-else/a.txt")
        }
        await #expect(processExitsWith: .failure, "storage(url:) with an object path") {
            _ = StorageSimulator().storage(url: "gs://bucket/images/a.png")
        }
        await #expect(processExitsWith: .failure, "useEmulator after the first reference") {
            let storage = StorageSimulator().storage()
            _ = storage.reference()
            storage.useEmulator(withHost: "localhost", port: 9199)
        }
        await #expect(processExitsWith: .failure, "observing .unknown") {
            let simulator = StorageSimulator(configuration: .init(startsUploadsAutomatically: false))
            simulator.storage().reference(withPath: "a").putData(Data()).observe(.unknown) { _ in }
        }
    }
}
