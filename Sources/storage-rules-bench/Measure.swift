/// Times `body` over `iterations` runs after a warm-up and prints one line:
/// the name, the time per operation and operations per second.
func measure(_ name: String, iterations: Int, _ body: () -> Void) {
    for _ in 0..<max(1, iterations / 10) { body() }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for _ in 0..<iterations { body() }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let perOperation = seconds / Double(iterations)
    let rate = Double(iterations) / seconds
    print(pad(name, 58) + pad(format(perOperation), 14) + formatRate(rate) + " ops/s")
}

/// `1.23 µs`, `45.6 ms`.
func format(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-6: return String(format3(seconds * 1e9)) + " ns"
    case ..<1e-3: return String(format3(seconds * 1e6)) + " µs"
    case ..<1: return String(format3(seconds * 1e3)) + " ms"
    default: return String(format3(seconds)) + " s"
    }
}

func formatRate(_ rate: Double) -> String {
    rate >= 1e6 ? format3(rate / 1e6) + "M" : rate >= 1e3 ? format3(rate / 1e3) + "k" : format3(rate)
}

func format3(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return String(scaled)
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
