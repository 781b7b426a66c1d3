import Foundation
import Glibc
import SesameCrypto
import SesameTerminal
import Testing

private func text(_ secret: SecureBytes) -> String {
    secret.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
}

/// `--password-stdin`: lines read on demand from a pipe standing in for standard input.
@Suite struct StdinSecretsTests {
    @Test func readsSuccessiveLinesWithoutTheirLineEnds() throws {
        let pipe = FilePipe()
        pipe.write("master\nnew one\r\nlast without newline")
        pipe.closeWriteEnd()
        let input = StdinSecrets(fileDescriptor: blocking(pipe.readEnd))
        #expect(text(try input.next(expecting: "the master password")) == "master")
        #expect(text(try input.next(expecting: "the new password")) == "new one")
        #expect(text(try input.next(expecting: "the new password again")) == "last without newline")
        #expect(throws: SecretInputError.endOfStandardInput(expecting: "the item's password")) {
            try input.next(expecting: "the item's password")
        }
    }

    @Test func endOfInputNamesWhatWasExpected() throws {
        let pipe = FilePipe()
        pipe.closeWriteEnd()
        let input = StdinSecrets(fileDescriptor: blocking(pipe.readEnd))
        let error = #expect(throws: SecretInputError.self) { try input.next(expecting: "the master password") }
        #expect(error?.message == "Expected the master password on standard input.")
        #expect(error?.code == .endOfInput)
        // Once input has ended, it stays ended (a terminal would otherwise wait again).
        #expect(throws: SecretInputError.self) { try input.next(expecting: "the master password") }
    }

    @Test func anEmptyLineIsAnEmptySecret() throws {
        let pipe = FilePipe()
        pipe.write("\n\r\nx\n")
        pipe.closeWriteEnd()
        let input = StdinSecrets(fileDescriptor: blocking(pipe.readEnd))
        #expect(try input.next(expecting: "a").count == 0)
        #expect(try input.next(expecting: "b").count == 0)
        #expect(text(try input.next(expecting: "c")) == "x")
    }

    @Test func consumesNothingBeyondTheLineItReturns() throws {
        let pipe = FilePipe()
        pipe.write("secret\n{\"items\": []}\n")
        pipe.closeWriteEnd()
        let fd = blocking(pipe.readEnd)
        _ = try StdinSecrets(fileDescriptor: fd).next(expecting: "the master password")
        // Whoever reads standard input next (an import, say) finds the rest intact.
        #expect(pipe.drain() == "{\"items\": []}\n")
    }

    @Test func keepsArbitraryBytes() throws {
        let pipe = FilePipe()
        let bytes: [UInt8] = [0x00, 0xFF, 0x80, 0x20, 0x0D, 0x41]
        bytes.withUnsafeBytes { _ = write(pipe.writeEnd, $0.baseAddress!, $0.count) }
        pipe.write("\n")
        pipe.closeWriteEnd()
        let secret = try StdinSecrets(fileDescriptor: blocking(pipe.readEnd)).next(expecting: "bytes")
        // A "\r" is only removed right before the newline; this one is not.
        #expect(secret.withUnsafeBytes { Array($0) } == bytes)
    }

    @Test func rejectsAnOverlongLineAsSoonAsItOverflows() throws {
        let pipe = FilePipe()
        // Larger than a pipe's buffer, so it is written while the reader reads.
        let writer = writeInBackground(
            String(repeating: "x", count: SecretPrompt.maximumLength + 100) + "\nnext\n", to: pipe)
        let input = StdinSecrets(fileDescriptor: blocking(pipe.readEnd))
        #expect(throws: SecretInputError.tooLong(onStandardInput: "the master password")) {
            try input.next(expecting: "the master password")
        }
        // Reading stopped one byte past the limit: the rest of the line is still in the pipe.
        let rest = StdinSecrets(fileDescriptor: blocking(pipe.readEnd))
        #expect(text(try rest.next(expecting: "the rest")) == String(repeating: "x", count: 99))
        writer.wait()
        pipe.closeWriteEnd()
        // Where the next secret starts is unknown, so nothing more is taken from this input.
        #expect(throws: SecretInputError.tooLong(onStandardInput: "b")) { try input.next(expecting: "b") }
        #expect(SecretInputError.tooLong(onStandardInput: "the master password").message
            == "The master password on standard input is longer than 16384 bytes.")
    }

    @Test func acceptsALineOfExactlyTheMaximumLength() throws {
        let pipe = FilePipe()
        let writer = writeInBackground(String(repeating: "y", count: SecretPrompt.maximumLength) + "\n", to: pipe)
        let secret = try StdinSecrets(fileDescriptor: blocking(pipe.readEnd)).next(expecting: "a")
        writer.wait()
        #expect(secret.count == SecretPrompt.maximumLength)
    }

    /// Writes on a thread of its own: the reader blocks in read(2), and a blocked task could starve the
    /// concurrency pool's few threads of the writer.
    private func writeInBackground(_ text: String, to pipe: FilePipe) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let fd = pipe.writeEnd
        Thread.detachNewThread {
            FilePipe.write(text, to: fd)
            done.signal()
        }
        return done
    }

    /// The pipe's read end is non-blocking for draining; a real standard input blocks.
    private func blocking(_ fd: Int32) -> Int32 {
        _ = fcntl(fd, F_SETFL, 0)
        return fd
    }
}
