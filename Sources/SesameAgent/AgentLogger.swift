import Foundation
import Glibc

/// A small logger in swift-log's shape: constant messages, variable data in metadata, levels. The agent logs ids,
/// paths, pids and request kinds, never a password, an item's contents or a request's arguments.
///
/// ```swift
/// logger.info("Refused a connection from another user", metadata: ["peer.uid": "\(uid)"])
/// ```
public struct AgentLogger: Sendable {
    public enum Level: Int, Comparable, Sendable, CustomStringConvertible {
        case debug, info, warning, error

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }
    }

    /// Receives every entry at or above `level`.
    public typealias Handler = @Sendable (_ level: Level, _ message: String, _ metadata: [String: String]) -> Void

    public var level: Level
    private let handler: Handler

    public init(level: Level = .info, handler: @escaping Handler) {
        self.level = level
        self.handler = handler
    }

    /// Lines like `2025-01-02T03:04:05Z sesame-agent[1234] info: Unlocked vault.path=/home/a/vault.sqlite` on
    /// standard error.
    public static func standardError(level: Level = .info) -> AgentLogger {
        AgentLogger(level: level) { level, message, metadata in
            let details = metadata.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
            let line = "\(Date().formatted(.iso8601)) sesame-agent[\(getpid())] \(level): \(message)\(details)\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        }
    }

    /// Drops everything.
    public static let disabled = AgentLogger(level: .error) { _, _, _ in }

    public func log(
        _ level: Level, _ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:]
    ) {
        guard level >= self.level else { return }
        handler(level, message(), metadata())
    }

    public func debug(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:]) {
        log(.debug, message(), metadata: metadata())
    }

    public func info(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:]) {
        log(.info, message(), metadata: metadata())
    }

    public func warning(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:]) {
        log(.warning, message(), metadata: metadata())
    }

    public func error(_ message: @autoclosure () -> String, metadata: @autoclosure () -> [String: String] = [:]) {
        log(.error, message(), metadata: metadata())
    }
}
