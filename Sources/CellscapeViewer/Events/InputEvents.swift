import CellscapeLayout
import CellscapeRender

/// The left button went down at a window point (a cell is added there, or the cell under it is grabbed).
public struct PointerPressed: Event, Hashable { public var point: Point }
/// The pointer moved with the left button held (a grabbed cell follows; the waterfall scrolls).
public struct PointerDragged: Event, Hashable { public var point: Point }
/// The left button went up.
public struct PointerReleased: Event, Hashable { public var point: Point }
/// The right button went down: the cell under the pointer is removed.
public struct RemoveRequested: Event, Hashable { public var point: Point }
/// The wheel turned by this many notches (positive: down).
public struct WheelScrolled: Event, Hashable { public var notches: Int }
/// The window took a new size.
public struct WindowResized: Event, Hashable { public var size: Size }
/// A key gave a command (reset, clear, scrolling keys, quit, ...); view switches and pauses have their own events.
public struct KeyCommanded: Event, Hashable { public var command: KeyCommand }
/// The viewer switched between the force and the waterfall view (Tab).
public struct ViewSwitched: Event, Hashable {}
/// The simulation was paused or resumed (space).
public struct PauseToggled: Event, Hashable {}

extension ViewerCommand {
    /// The typed event that carries this command on the bus.
    public var event: any Event {
        switch self {
        case .press(let point): PointerPressed(point: point)
        case .drag(let point): PointerDragged(point: point)
        case .release(let point): PointerReleased(point: point)
        case .remove(let point): RemoveRequested(point: point)
        case .wheel(let notches): WheelScrolled(notches: notches)
        case .resize(let size): WindowResized(size: size)
        case .key(.switchView): ViewSwitched()
        case .key(.togglePause): PauseToggled()
        case .key(let command): KeyCommanded(command: command)
        }
    }
}

extension EventBus {
    /// Calls `handler` with the command of every input event, whatever its type, until the returned
    /// subscriptions are released: how the views and the recorder listen.
    public func subscribeToInput(_ handler: @escaping (ViewerCommand) -> Void) -> [EventSubscription] {
        [
            subscribe { (event: PointerPressed) in handler(.press(event.point)) },
            subscribe { (event: PointerDragged) in handler(.drag(event.point)) },
            subscribe { (event: PointerReleased) in handler(.release(event.point)) },
            subscribe { (event: RemoveRequested) in handler(.remove(event.point)) },
            subscribe { (event: WheelScrolled) in handler(.wheel(event.notches)) },
            subscribe { (event: WindowResized) in handler(.resize(event.size)) },
            subscribe { (event: KeyCommanded) in handler(.key(event.command)) },
            subscribe { (_: ViewSwitched) in handler(.key(.switchView)) },
            subscribe { (_: PauseToggled) in handler(.key(.togglePause)) },
        ]
    }
}
