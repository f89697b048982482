import CellscapeLayout
import CellscapeRender

/// An input that travels on the ``EventBus``: a value that can be written to a session file.
public protocol Event: Codable {}

/// A typed publish/subscribe bus with a bounded replay buffer; delivery is a list of handlers per event
/// type (Combine's `PassthroughSubject` cost twice the budget of 1 us per send; docs/performance.md).
///
/// Subscribers get only the events of the type they ask for. Cancelling (or dropping) the returned
/// `EventSubscription` stops delivery, and the bus then keeps nothing of the handler. An event sent from
/// inside a handler is delivered after the current one, to everyone, in the order sent. The bus is
/// meant for one thread (the viewer's main loop).
///
/// ```swift
/// let bus = EventBus()
/// let subscription = bus >> { (input: InputReceived) in print(input.command) }
/// bus << InputReceived(command: .key(.reset), frame: 0)
/// ```
public final class EventBus {
    /// The subscribers of each event type.
    private var channels: [ObjectIdentifier: any EventChannel] = [:]
    private var nextNumber = 0
    private var buffer: [any Event] = []
    private var bufferStart = 0
    private var pending: [any Event] = []
    private var isDelivering = false

    /// How many of the latest events the bus keeps for ``replay(count:handler:)``; lowering it drops the
    /// oldest at once.
    public var bufferLength: Int {
        didSet {
            bufferLength = max(0, bufferLength)
            trimBuffer()
        }
    }

    /// Creates a bus that keeps the latest `bufferLength` events (64 by default).
    public init(bufferLength: Int = 64) {
        self.bufferLength = max(0, bufferLength)
    }

    /// Delivers `event` to every subscriber of its type, after any event still being delivered.
    public func send(_ event: any Event) {
        pending.append(event)
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        var next = 0
        while next < pending.count {
            let event = pending[next]
            next += 1
            remember(event)
            channels[ObjectIdentifier(type(of: event))]?.deliver(event)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Calls `handler` with every later event of type `T` until the returned cancellable is cancelled or
    /// released.
    public func subscribe<T: Event>(_ handler: @escaping (T) -> Void) -> EventSubscription {
        let key = ObjectIdentifier(T.self)
        let channel = channels[key] as? Channel<T> ?? Channel<T>()
        channels[key] = channel
        let number = nextNumber
        nextNumber += 1
        channel.handlers.append((number, handler))
        return EventSubscription(onCancel: { [weak channel] in
            channel?.handlers.removeAll { $0.number == number }
        })
    }

    /// Hands the last `count` buffered events of type `T` to `handler`, oldest first.
    public func replay<T: Event>(count: Int, handler: (T) -> Void) {
        let matching = buffer[bufferStart...].compactMap { $0 as? T }
        for event in matching.suffix(max(0, count)) { handler(event) }
    }

    private func remember(_ event: any Event) {
        guard bufferLength > 0 else { return }
        buffer.append(event)
        trimBuffer()
    }

    /// Keeps the last ``bufferLength`` events; compacts the storage now and then, so appending stays O(1).
    private func trimBuffer() {
        let excess = buffer.count - bufferStart - bufferLength
        if excess > 0 { bufferStart += excess }
        if bufferStart > max(64, bufferLength) {
            buffer.removeFirst(bufferStart)
            bufferStart = 0
        }
    }
}

/// The subscribers of one event type.
private protocol EventChannel: AnyObject {
    /// Casts the event once and hands it to every subscriber.
    func deliver(_ event: any Event)
}

private final class Channel<T: Event>: EventChannel {
    /// The handlers in the order they subscribed, each with its subscription number.
    var handlers: [(number: Int, handle: (T) -> Void)] = []

    func deliver(_ event: any Event) {
        guard let event = event as? T else { return }
        // A snapshot: handlers may subscribe or cancel while the event is delivered.
        let receivers = handlers
        for receiver in receivers { receiver.handle(event) }
    }
}

/// Sends an event: `bus << event`.
public func << (bus: EventBus, event: any Event) {
    bus.send(event)
}

/// Subscribes to events of one type: `let subscription = bus >> { (event: T) in ... }`.
public func >> <T: Event>(bus: EventBus, handler: @escaping (T) -> Void) -> EventSubscription {
    bus.subscribe(handler)
}
