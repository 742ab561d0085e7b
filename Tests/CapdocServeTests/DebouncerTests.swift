import Testing

@testable import CapdocServe

@Suite("the watcher's debounce")
struct DebouncerTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test("nothing is due before a change")
    func idle() {
        let debouncer = Debouncer(quiet: .milliseconds(100), longest: .seconds(2))
        #expect(!debouncer.isPending)
        #expect(!debouncer.isDue(at: at(10_000)))
    }

    @Test("a burst of changes rebuilds once, when it has been quiet for the interval")
    func burst() {
        var debouncer = Debouncer(quiet: .milliseconds(100), longest: .seconds(2))
        for milliseconds in stride(from: 0, through: 400, by: 50) { debouncer.changed(at: at(milliseconds)) }
        #expect(!debouncer.isDue(at: at(450)))
        #expect(!debouncer.isDue(at: at(499)))
        #expect(debouncer.isDue(at: at(500)))
        debouncer.fired()
        #expect(!debouncer.isPending)
        #expect(!debouncer.isDue(at: at(5_000)))
    }

    @Test("changes that never pause still rebuild every `longest`")
    func neverQuiet() {
        var debouncer = Debouncer(quiet: .milliseconds(100), longest: .seconds(1))
        var fired: [Int] = []
        for milliseconds in stride(from: 0, through: 2_500, by: 50) {
            debouncer.changed(at: at(milliseconds))
            if debouncer.isDue(at: at(milliseconds)) {
                fired.append(milliseconds)
                debouncer.fired()
            }
        }
        #expect(fired == [1_000, 2_050])
    }

    @Test("a change during a rebuild waits for the next one")
    func changeAfterFiring() {
        var debouncer = Debouncer(quiet: .milliseconds(100), longest: .seconds(2))
        debouncer.changed(at: at(0))
        #expect(debouncer.isDue(at: at(100)))
        debouncer.fired()
        debouncer.changed(at: at(150))
        #expect(!debouncer.isDue(at: at(200)))
        #expect(debouncer.isDue(at: at(250)))
    }
}
