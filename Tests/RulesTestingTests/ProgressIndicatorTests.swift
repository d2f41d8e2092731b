import Foundation
import Testing

@testable import RulesTesting

/// The `running N/M cases` line: drawn only when enabled and after the delay, erased at the end.
struct ProgressIndicatorTests {
    /// Collects what the indicator writes.
    final class Sink: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [String] = []
        var text: String { lock.withLock { parts.joined() } }
        func append(_ part: String) { lock.withLock { parts.append(part) } }
    }

    @Test func drawsProgressAndErasesItWhenDone() {
        let sink = Sink()
        let indicator = ProgressIndicator(enabled: true, delay: 0, write: sink.append)
        indicator.update(finished: 1, total: 4)
        indicator.update(finished: 4, total: 4)
        indicator.finish()
        #expect(sink.text.hasPrefix("\r\u{1B}[2Krunning 1/4 cases (25%)"))
        #expect(sink.text.contains("running 4/4 cases (100%)"))
        #expect(sink.text.hasSuffix("\r\u{1B}[2K"))
    }

    @Test func drawsNothingWhenDisabled() {
        let sink = Sink()
        let indicator = ProgressIndicator(enabled: false, delay: 0, write: sink.append)
        indicator.update(finished: 4, total: 4)
        indicator.finish()
        #expect(sink.text.isEmpty)
    }

    @Test func aQuickRunDrawsNothing() {
        let sink = Sink()
        let indicator = ProgressIndicator(enabled: true, delay: 3600, write: sink.append)
        indicator.update(finished: 4, total: 4)
        indicator.finish()
        #expect(sink.text.isEmpty)
    }
}
