/// Switches that choose between the production service's behaviour and
/// the emulator's where the two differ.
public struct EngineOptions: Sendable, Hashable {
    /// Whether `debug(x)` exists (the emulator's identity-and-log function).
    /// Production has no such function: calls fail with `Function not found`.
    public var enablesDebugFunction: Bool

    /// Creates options; the defaults follow the production service.
    public init(enablesDebugFunction: Bool = false) {
        self.enablesDebugFunction = enablesDebugFunction
    }

    /// The production service's behaviour.
    public static let production = EngineOptions()
    /// The Firebase emulator's behaviour.
    public static let emulator = EngineOptions(enablesDebugFunction: true)
}
