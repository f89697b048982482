import CellscapeFixtures
import Testing

@testable import CellscapePictures

/// The workers' shared state: an animation's frames go to one worker at a time, whichever is free, its
/// decoder handed over between jobs; a stopped or forgotten animation's decoder is let go of first.
@Suite struct LoaderStateTests {
    typealias State = LoaderCore.State

    static func state() -> State {
        var state = State(paths: ["a.gif", "b.gif"], paused: false)
        state.headersPending = []
        return state
    }

    static func askFrames(_ id: Int, _ state: inout State) {
        let key = LoaderCore.key(PictureID(id), 100)
        state.waitingFrames[key] = state.queue.enqueue(
            LoaderCore.Request(id: PictureID(id), side: 100, forWindow: false, frames: 4), at: .onScreen)
    }

    static func frames(of step: LoaderCore.Step) -> (id: Int, decoder: ParkedAnimation?)? {
        guard case .job(.frames(let id, _, _, _, let decoder), _, _) = step else { return nil }
        return (id.rawValue, decoder)
    }

    /// A decoder as a worker parks it: an animated GIF of two 4 x 4 frames, opened.
    static func decoder() throws -> ParkedAnimation {
        let gif = try #require(
            FixturePictures.gif(
                indices: [UInt8](repeating: 1, count: 32), width: 4, height: 4, frames: 2,
                palette: [UInt8](repeating: 200, count: 768), transparentIndex: nil, centiseconds: 10))
        let header = try #require(PictureHeader(gif))
        return ParkedAnimation(try AnimationFrames(gif, header: header, side: 4))
    }

    @Test func anAnimationsFramesGoToOneWorkerAtATimeWhicheverIsFree() throws {
        var state = Self.state()
        let (first, second) = (LoaderCore.key(PictureID(0), 100), LoaderCore.key(PictureID(1), 100))
        Self.askFrames(0, &state)
        #expect(Self.frames(of: state.nextStep(of: 1))?.id == 0)
        Self.askFrames(0, &state)
        Self.askFrames(1, &state)
        // Worker 0 passes over animation 0 (worker 1 decodes it now) and takes animation 1.
        #expect(Self.frames(of: state.nextStep(of: 0))?.id == 1)
        guard case .wait = state.nextStep(of: 0) else {
            Issue.record("worker 0 took an animation another worker decodes")
            return
        }
        #expect(state.animationWorkers == [first: 1, second: 0])
        // Worker 1 parks animation 0's decoder; worker 0, done with animation 1, takes its next frames
        // with that decoder.
        let decoder = try Self.decoder()
        #expect(state.park(decoder, key: first, worker: 1) == nil)
        #expect(state.park(nil, key: second, worker: 0) == nil)
        let next = Self.frames(of: state.nextStep(of: 0))
        #expect(next?.id == 0 && next?.decoder === decoder)
        #expect(state.animationWorkers == [first: 0] && state.parkedAnimations.isEmpty)
    }

    @Test func aStoppedAnimationsDecoderIsLetGoOfBeforeAnythingElse() throws {
        var state = Self.state()
        let key = LoaderCore.key(PictureID(0), 100)
        Self.askFrames(0, &state)
        #expect(Self.frames(of: state.nextStep(of: 1))?.id == 0)
        let decoder = try Self.decoder()
        #expect(state.park(decoder, key: key, worker: 1) == nil)
        Self.askFrames(0, &state)
        state.stopAnimation(key)
        #expect(state.waitingFrames.isEmpty && state.animationWorkers.isEmpty && state.parkedAnimations.isEmpty)
        Self.askFrames(0, &state)
        guard case .job(.dropAnimations(let decoders), _, _) = state.nextStep(of: 0) else {
            Issue.record("a stopped animation's decoder was kept")
            return
        }
        #expect(decoders.count == 1 && decoders[0] === decoder)
        // Asked again after the stop, it starts over on whichever worker is free, with a new decoder.
        let next = Self.frames(of: state.nextStep(of: 1))
        #expect(next?.id == 0 && next?.decoder == nil)
        #expect(state.animationWorkers == [key: 1])
    }

    @Test func aDecoderStoppedWhileItDecodesGoesBackToItsWorker() throws {
        var state = Self.state()
        let key = LoaderCore.key(PictureID(0), 100)
        Self.askFrames(0, &state)
        #expect(Self.frames(of: state.nextStep(of: 1))?.id == 0)
        state.stopAnimation(key)
        // Asked again meanwhile, worker 0 opens it anew; worker 1's decoder is not parked.
        Self.askFrames(0, &state)
        #expect(Self.frames(of: state.nextStep(of: 0))?.id == 0)
        let decoder = try Self.decoder()
        #expect(state.park(decoder, key: key, worker: 1) === decoder)
        #expect(state.parkedAnimations.isEmpty && state.animationWorkers == [key: 0])
    }

    @Test func stoppingAWorkerComesFirst() {
        var state = Self.state()
        Self.askFrames(0, &state)
        state.stopping = true
        guard case .stop = state.nextStep(of: 0) else {
            Issue.record("a stopping worker took a job")
            return
        }
    }

    /// Headers read from files go a run at a time once the first screen's have gone one by one, in
    /// the order asked, each with its file's version; a run stops at a picture a source holds.
    @Test func fileHeadersGoInRunsAfterTheFirstScreensOneByOne() {
        let count = LoaderCore.firstHeaders + 2 * LoaderCore.headersAtOnce
        var state = State(paths: (0..<count).map { "/p/\($0).jpg" }, paused: false)
        state.versions[LoaderCore.firstHeaders + 1] = 3
        var runs: [[(id: PictureID, version: Int)]] = []
        while case .job(.headers(let run), _, _) = state.nextStep(of: 0) { runs.append(run) }
        #expect(runs.prefix(LoaderCore.firstHeaders).allSatisfy { $0.count == 1 })
        #expect(runs.dropFirst(LoaderCore.firstHeaders).map(\.count) == [64, 64])
        #expect(runs.flatMap { $0.map(\.id.rawValue) } == Array(0..<count), "in the order asked")
        #expect(runs[LoaderCore.firstHeaders][1].version == 3)
        #expect(state.headersRead == count)
    }
}

/// A header or thumbnail read before the picture's file was read again (rewritten in place, caught
/// while cut short) is let go: its failure must not mark the rewritten picture broken.
@Suite struct LoaderVersionTests {
    @Test func aThumbnailOfAFileSinceReadAgainIsLetGoAndMayBeAskedAgain() {
        let loader = PictureLoader(paths: ["/nonexistent/a.png", "/nonexistent/b.png"], threads: 1, paused: true)
        let core = loader.core
        let id = PictureID(1)
        loader.requestThumbnail(id, side: 64, priority: 0)
        // Taken as a worker takes it, the loader staying paused for its own worker.
        let step = core.locked { state -> LoaderCore.Step in
            state.paused = false
            state.headersRead = LoaderCore.firstHeaders
            defer { state.paused = true }
            return state.nextStep(of: 0)
        }
        guard case .job(.thumbnail(id, side: 64, forWindow: false), let version, _) = step else {
            Issue.record("the thumbnail was not the next job: \(step)")
            return
        }
        loader.reread(id)
        core.deliver(.thumbnail(id: id, side: 64, nil, problem: .empty), version: version)
        #expect(loader.takeResults().isEmpty, "a failure of the version before was delivered")
        #expect(!core.locked { $0.requested.contains(LoaderCore.key(id, 64)) }, "it may be asked for again")
        core.deliver(.thumbnail(id: id, side: 64, nil, problem: .empty), version: version + 1)
        #expect(loader.takeResults().count == 1, "one of the version now is delivered")
    }

    /// A failure delivered before the file was read again, and not yet taken, is let go with it: taken
    /// after the re-read, it marked the rewritten picture broken for good (CI, under AddressSanitizer).
    @Test func whatWasDeliveredBeforeAReReadAndNotTakenIsLetGo() {
        let loader = PictureLoader(paths: ["/nonexistent/a.png", "/nonexistent/b.png"], threads: 1, paused: true)
        let core = loader.core
        let (id, other) = (PictureID(1), PictureID(0))
        core.deliver(.header(id: id, nil, problem: .empty), version: 0)
        core.deliver(.thumbnail(id: id, side: 64, nil, problem: .empty), version: 0)
        core.deliver(.header(id: other, nil, problem: .empty), version: 0)
        loader.reread(id)
        let taken = loader.takeResults()
        #expect(taken.count == 1 && taken.first?.id == other, "\(taken)")
    }
}
