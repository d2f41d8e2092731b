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
    private let options: EngineOptions
    /// Each slot holds a retained evaluator's address, or 0 when empty.
    private let slots: InlineArray<8, Atomic<UInt>>

    init(options: EngineOptions) {
        self.options = options
        slots = InlineArray { _ in Atomic(0) }
    }

    deinit {
        for index in slots.indices {
            let address = slots[index].exchange(0, ordering: .acquiring)
            if let pointer = UnsafeRawPointer(bitPattern: address) {
                Unmanaged<Evaluator>.fromOpaque(pointer).release()
            }
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
    func take() -> Evaluator {
        for index in slots.indices {
            let address = slots[index].exchange(0, ordering: .acquiring)
            if let pointer = UnsafeRawPointer(bitPattern: address) {
                return Unmanaged<Evaluator>.fromOpaque(pointer).takeRetainedValue()
            }
        }
        return Evaluator(options: options)
    }

    /// Takes back an evaluator from ``take()``, serving no request.
    func giveBack(_ evaluator: Evaluator) {
        let address = UInt(bitPattern: Unmanaged.passRetained(evaluator).toOpaque())
        for index in slots.indices {
            if slots[index].compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged { return }
        }
        Unmanaged<Evaluator>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
    }
}
