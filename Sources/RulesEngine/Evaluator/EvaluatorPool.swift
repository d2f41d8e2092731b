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
        withIdleEvaluator { evaluator in
            withUnsafePointer(to: request) { address in
                evaluator.begin(address)
                defer { evaluator.end() }
                return body(evaluator)
            }
        }
    }

    /// Runs `body` with an idle evaluator, serving no request: the body
    /// begins and ends each request it serves. The evaluator is lent, not
    /// retained: the pool's reference keeps it alive meanwhile.
    @inline(__always)
    func withIdleEvaluator<Result>(_ body: (Evaluator) -> Result) -> Result {
        let address = take()
        let result = Unmanaged<Evaluator>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
        giveBack(address)
        return result
    }

    /// The address of an idle evaluator with its retain, taken from a slot
    /// or made.
    @inline(__always)
    private func take() -> UnsafeMutableRawPointer {
        if let address = UnsafeMutableRawPointer(bitPattern: first.exchange(0, ordering: .acquiring)) { return address }
        return takeFromOtherSlots()
    }

    @inline(never)
    private func takeFromOtherSlots() -> UnsafeMutableRawPointer {
        for slot in others {
            if let address = UnsafeMutableRawPointer(bitPattern: slot.address.exchange(0, ordering: .acquiring)) {
                return address
            }
        }
        return Unmanaged.passRetained(Evaluator(options: options, captureCapacity: captureCapacity)).toOpaque()
    }

    /// Puts an evaluator from ``take()`` back in a free slot, with its
    /// retain, or releases it when every slot is full.
    @inline(__always)
    private func giveBack(_ address: UnsafeMutableRawPointer) {
        let word = UInt(bitPattern: address)
        if first.compareExchange(expected: 0, desired: word, ordering: .releasing).exchanged { return }
        giveBackToOtherSlots(word)
    }

    @inline(never)
    private func giveBackToOtherSlots(_ word: UInt) {
        for slot in others where slot.address.compareExchange(expected: 0, desired: word, ordering: .releasing).exchanged {
            return
        }
        release(word)
    }

    /// Releases the evaluator a slot held, if any.
    private func release(_ address: UInt) {
        if let pointer = UnsafeRawPointer(bitPattern: address) {
            Unmanaged<Evaluator>.fromOpaque(pointer).release()
        }
    }
}
