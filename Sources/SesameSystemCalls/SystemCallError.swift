#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: its name and `errno`. The description is `strerror`'s text, never data.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    public var function: String
    public var code: Int32

    public init(_ function: String, code: Int32 = errno) {
        self.function = function
        self.code = code
    }

    public var description: String { "\(function): \(String(cString: strerror(code)))" }
}

/// Runs a system call that returns -1 on failure, retrying `EINTR`.
@discardableResult
public func retryingInterrupts(_ function: String, _ call: () -> Int32) throws(SystemCallError) -> Int32 {
    while true {
        let result = call()
        if result >= 0 { return result }
        if errno == EINTR { continue }
        throw SystemCallError(function)
    }
}

/// Same for calls returning `ssize_t`.
@discardableResult
public func retryingInterrupts(_ function: String, _ call: () -> Int) throws(SystemCallError) -> Int {
    while true {
        let result = call()
        if result >= 0 { return result }
        if errno == EINTR { continue }
        throw SystemCallError(function)
    }
}
