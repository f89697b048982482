import Testing

@testable import CellscapePictures

/// The workers' shared state: an animation's frames go to the worker that decodes it alone (its decoder
/// lives on that thread), and a stopped or forgotten animation is let go by that worker first.
@Suite struct LoaderStateTests {
    typealias State = LoaderCore.State

    static func state() -> State {
        var state = State(paths: ["a.gif", "b.gif"], workers: 2, paused: false)
        state.headersPending = []
        return state
    }

    static func askFrames(_ id: Int, _ state: inout State) {
        let key = LoaderCore.key(PictureID(id), 100)
        state.waitingFrames[key] = state.queue.enqueue(
            LoaderCore.Request(id: PictureID(id), side: 100, forWindow: false, frames: 4), at: .onScreen)
    }

    static func frames(of step: LoaderCore.Step) -> Int? {
        guard case .job(.frames(let id, _, _)) = step else { return nil }
        return id.rawValue
    }

    @Test func anAnimationsFramesGoToTheWorkerThatDecodesIt() {
        var state = Self.state()
        Self.askFrames(0, &state)
        #expect(Self.frames(of: state.nextStep(of: 1)) == 0)
        Self.askFrames(0, &state)
        Self.askFrames(1, &state)
        // Worker 0 passes over animation 0 (worker 1's) and takes animation 1, then has nothing.
        #expect(Self.frames(of: state.nextStep(of: 0)) == 1)
        guard case .wait = state.nextStep(of: 0) else {
            Issue.record("worker 0 took another worker's animation")
            return
        }
        #expect(Self.frames(of: state.nextStep(of: 1)) == 0)
        #expect(state.animationWorkers == [LoaderCore.key(PictureID(0), 100): 1, LoaderCore.key(PictureID(1), 100): 0])
    }

    @Test func aStoppedAnimationIsLetGoByItsWorkerBeforeAnythingElse() {
        var state = Self.state()
        let key = LoaderCore.key(PictureID(0), 100)
        Self.askFrames(0, &state)
        #expect(Self.frames(of: state.nextStep(of: 1)) == 0)
        Self.askFrames(0, &state)
        state.stopAnimation(key)
        #expect(state.waitingFrames.isEmpty && state.animationWorkers.isEmpty)
        Self.askFrames(0, &state)
        guard case .job(.dropAnimations(let keys)) = state.nextStep(of: 1) else {
            Issue.record("worker 1 kept a stopped animation's decoder")
            return
        }
        #expect(keys == [key])
        // Asked again after the stop, it starts over on whichever worker is free.
        #expect(Self.frames(of: state.nextStep(of: 0)) == 0)
        #expect(state.animationWorkers == [key: 0])
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
}
