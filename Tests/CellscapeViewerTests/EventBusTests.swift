import Testing

@testable import CellscapeLayout
@testable import CellscapeRender
@testable import CellscapeViewer

/// The typed event bus.
@Suite struct EventBusTests {
    struct Tapped: Event, Equatable {
        var number: Int
    }

    struct Typed: Event, Equatable {
        var text: String
    }

    final class Box {
        var seen: [Int] = []
    }

    @Test func subscribersGetOnlyTheirType() {
        let bus = EventBus()
        var taps: [Int] = []
        var texts: [String] = []
        let first = bus.subscribe { (event: Tapped) in taps.append(event.number) }
        let second = bus.subscribe { (event: Typed) in texts.append(event.text) }
        bus.send(Tapped(number: 1))
        bus.send(Typed(text: "a"))
        bus.send(Tapped(number: 2))
        #expect(taps == [1, 2] && texts == ["a"])
        withExtendedLifetime((first, second)) {}
    }

    @Test func cancellingStopsDeliveryAndReleasesTheHandler() {
        let bus = EventBus()
        weak var weakBox: Box?
        var subscription: EventSubscription?
        do {
            let box = Box()
            weakBox = box
            subscription = bus.subscribe { (event: Tapped) in box.seen.append(event.number) }
            bus.send(Tapped(number: 1))
            #expect(box.seen == [1])
        }
        #expect(weakBox != nil)
        subscription?.cancel()
        bus.send(Tapped(number: 2))
        subscription = nil
        #expect(weakBox == nil, "the bus must not keep the handler or what it captured")
        var dropped = [Int]()
        do {
            let temporary = bus.subscribe { (event: Tapped) in dropped.append(event.number) }
            bus.send(Tapped(number: 3))
            withExtendedLifetime(temporary) {}
        }
        bus.send(Tapped(number: 4))
        #expect(dropped == [3], "dropping the cancellable cancels")
    }

    @Test func replayHandsOverTheLastEventsOfATypeOldestFirst() {
        let bus = EventBus(bufferLength: 5)
        for number in 0..<4 { bus << Tapped(number: number) }
        bus << Typed(text: "x")
        bus << Tapped(number: 4)
        var replayed: [Int] = []
        bus.replay(count: 3) { (event: Tapped) in replayed.append(event.number) }
        #expect(replayed == [2, 3, 4])
        replayed = []
        bus.replay(count: 10) { (event: Tapped) in replayed.append(event.number) }
        #expect(replayed == [1, 2, 3, 4], "the buffer holds the last 5 events of any type")
        bus.bufferLength = 2
        replayed = []
        bus.replay(count: 10) { (event: Tapped) in replayed.append(event.number) }
        #expect(replayed == [4], "lowering the length truncates at once")
        var texts: [String] = []
        bus.replay(count: 10) { (event: Typed) in texts.append(event.text) }
        #expect(texts == ["x"])
        for number in 5..<200 { bus << Tapped(number: number) }
        replayed = []
        bus.replay(count: 10) { (event: Tapped) in replayed.append(event.number) }
        #expect(replayed == [198, 199])
    }

    @Test func eventsSentFromAHandlerComeAfterTheCurrentOne() {
        let bus = EventBus()
        var log: [String] = []
        let first =
            bus >> { (event: Tapped) in
                log.append("first \(event.number)")
                if event.number == 1 {
                    bus << Tapped(number: 2)
                    bus << Typed(text: "b")
                }
            }
        let second = bus >> { (event: Tapped) in log.append("second \(event.number)") }
        let third = bus >> { (event: Typed) in log.append("typed \(event.text)") }
        bus << Tapped(number: 1)
        #expect(log == ["first 1", "second 1", "first 2", "second 2", "typed b"])
        withExtendedLifetime((first, second, third)) {}
    }
}
