/// A subscription to an ``EventBus``: delivery stops when it is cancelled or released.
///
/// The same contract as Combine's `EventSubscription`, without the dependency.
public final class EventSubscription: Hashable {
    private var onCancel: (() -> Void)?

    init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    deinit {
        cancel()
    }

    /// Stops delivery; the bus then keeps nothing of the handler. Cancelling twice does nothing.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }

    /// Whether the two are the same subscription.
    public static func == (lhs: EventSubscription, rhs: EventSubscription) -> Bool { lhs === rhs }

    /// Hashes the subscription's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
