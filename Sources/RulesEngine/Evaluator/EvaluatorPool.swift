import Synchronization

/// Idle evaluators of one ruleset, so that a decision reuses an evaluator
/// and the capacity of its buffers instead of allocating them again.
///
/// The pool is eight slots, each an atomic word that holds an idle
/// evaluator or nothing: taking one is an exchange and giving it back a
/// compare-and-exchange, with no lock. When every slot is empty (more
/// decisions in flight than slots) a decision makes a new evaluator, and
/// when every slot is full on return the evaluator is released.
final class EvaluatorPool: Sendable {
    /// One slot: a retained evaluator's address, or 0 when empty. (A class,
    /// because an array cannot hold the non-copyable `Atomic` itself.)
    private final class Slot: Sendable {
        let address = Atomic<UInt>(0)
    }

    private let options: EngineOptions
    /// How many wildcard captures one match of the ruleset can hold.
    private let captureCapacity: Int
    /// The slot tried first, stored inline: one decision at a time (the
    /// usual case) never reaches the others.
    private let first = Atomic<UInt>(0)
    private let others: [Slot]

    init(options: EngineOptions, captureCapacity: Int) {
        self.options = options
        self.captureCapacity = captureCapacity
        others = (0..<7).map { _ in Slot() }
    }

    deinit {
        release(first.exchange(0, ordering: .acquiring))
        for slot in others {
            release(slot.address.exchange(0, ordering: .acquiring))
        }
    }

    /// Runs `body` with an evaluator serving `request`, then takes the
    /// evaluator back (without the request's values).
    @inline(__always)
    func withEvaluator<Result>(for request: AuthorizationRequest, _ body: (Evaluator) -> Result) -> Result {
        let evaluator = take()
        defer { giveBack(evaluator) }
        return withUnsafePointer(to: request) { address in
            evaluator.begin(address)
            defer { evaluator.end() }
            return body(evaluator)
        }
    }

    /// An idle evaluator, serving no request: the caller begins and ends
    /// each request and gives the evaluator back.
    @inline(__always)
    func take() -> Evaluator {
        if let evaluator = Self.evaluator(at: first.exchange(0, ordering: .acquiring)) { return evaluator }
        for slot in others {
            if let evaluator = Self.evaluator(at: slot.address.exchange(0, ordering: .acquiring)) { return evaluator }
        }
        return Evaluator(options: options, captureCapacity: captureCapacity)
    }

    /// Takes back an evaluator from ``take()``, serving no request.
    @inline(__always)
    func giveBack(_ evaluator: Evaluator) {
        let address = UInt(bitPattern: Unmanaged.passRetained(evaluator).toOpaque())
        if first.compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged { return }
        for slot in others where slot.address.compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged {
            return
        }
        release(address)
    }

    /// The evaluator a slot held (its retain now the caller's), if any.
    private static func evaluator(at address: UInt) -> Evaluator? {
        UnsafeRawPointer(bitPattern: address).map { Unmanaged<Evaluator>.fromOpaque($0).takeRetainedValue() }
    }

    /// Releases the evaluator a slot held, if any.
    private func release(_ address: UInt) {
        if let pointer = UnsafeRawPointer(bitPattern: address) {
            Unmanaged<Evaluator>.fromOpaque(pointer).release()
        }
    }
}
