import Foundation
import Glibc
import SesameSystemCalls
import Synchronization
import Testing

/// Signals delivered to the writing thread, counted by the handler (which may touch nothing else).
private let interruptions = Atomic<Int>(0)

/// `writeAll` against a real pipe: a slow reader forces short writes, and a signal without `SA_RESTART` keeps
/// interrupting the blocked write, so a loop that gave up on `EINTR` or on a short write would lose bytes.
@Suite(.serialized) struct FileDescriptorTests {
    @Test func everyByteArrivesThroughShortWritesAndInterruptions() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptions.add(1, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a blocked write returns early (EINTR or short)
        var previous = sigaction()
        #expect(sigaction(SIGUSR1, &action, &previous) == 0)
        defer { sigaction(SIGUSR1, &previous, nil) }

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let sent = (0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        let writer = Mutex<(thread: pthread_t?, done: Bool, error: SystemCallError?)>((nil, false, nil))
        let mayExit = DispatchSemaphore(value: 0)
        let started = interruptions.load(ordering: .relaxed)
        Thread.detachNewThread {
            // The thread may inherit a mask that blocks the signal (a test runner's); it must arrive mid-write.
            var unblock = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, SIGUSR1)
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
            writer.withLock { $0.thread = pthread_self() }
            var failure: SystemCallError?
            do throws(SystemCallError) { try FileDescriptor(rawValue: writeEnd).writeAll(sent) } catch { failure = error }
            close(writeEnd)
            writer.withLock { $0.done = true; $0.error = failure }
            mayExit.wait()  // alive until the reader stops signalling it
        }

        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            // Signalled only while it is still writing, and it stays alive until told: the id stays valid.
            writer.withLock { state in
                if let thread = state.thread, !state.done { pthread_kill(thread, SIGUSR1) }
            }
            let count = read(readEnd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            try #require(count >= 0)
            if count == 0 { break }
            received += chunk[0..<count]
            usleep(20)
        }
        mayExit.signal()
        close(readEnd)
        #expect(writer.withLock { $0.error } == nil)
        #expect(received.count == sent.count)
        let same = received == sent  // compared apart: a failed #expect would diff two 2 MB arrays for minutes
        #expect(same)
        #expect(interruptions.load(ordering: .relaxed) > started)
    }

    @Test func aReaderThatWentAwayIsReportedAsTheWriteThatFailed() throws {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        #expect(throws: SystemCallError("write", code: EPIPE)) { try FileDescriptor(rawValue: ends[1]).writeAll([1, 2, 3]) }
    }

    @Test func nothingToWriteTouchesNoDescriptor() throws {
        try FileDescriptor(rawValue: -1).writeAll([])
        #expect(throws: SystemCallError("write", code: EBADF)) { try FileDescriptor(rawValue: -1).writeAll([0]) }
    }
}
