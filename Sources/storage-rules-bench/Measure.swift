/// Times `body` over `iterations` runs after a warm-up and prints one line:
/// the name, the time per operation (p50) and operations per second.
///
/// The runs are timed in 20 batches and the median batch mean is reported,
/// which keeps a burst of load from another process out of the figure.
@discardableResult
func measure(_ name: String, iterations: Int, _ body: () -> Void) -> Double {
    for _ in 0..<max(1, iterations / 10) { body() }
    let clock = ContinuousClock()
    let batches = min(20, iterations)
    let perBatch = max(1, iterations / batches)
    var means: [Double] = []
    for _ in 0..<batches {
        let elapsed = clock.measure {
            for _ in 0..<perBatch { body() }
        }
        means.append(seconds(elapsed) / Double(perBatch))
    }
    means.sort()
    let perOperation = means[means.count / 2]
    print(pad(name, 58) + pad(format(perOperation), 14) + formatRate(1 / perOperation) + " ops/s")
    return perOperation
}

/// `1.23 µs`, `45.6 ms`.
func format(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-6: return twoDecimals(seconds * 1e9) + " ns"
    case ..<1e-3: return twoDecimals(seconds * 1e6) + " µs"
    case ..<1: return twoDecimals(seconds * 1e3) + " ms"
    default: return twoDecimals(seconds) + " s"
    }
}

/// A duration in seconds.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// `12.5`, `3.4k`, `1.2M`.
func formatRate(_ rate: Double) -> String {
    rate >= 1e6 ? twoDecimals(rate / 1e6) + "M" : rate >= 1e3 ? twoDecimals(rate / 1e3) + "k" : twoDecimals(rate)
}

/// The value rounded to hundredths.
func twoDecimals(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return String(scaled)
}

/// The text padded with spaces to `width` characters (or followed by one space when longer).
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
