// Stand-in for os (the unified logging system) on Linux (see UIKit/UIViewController.swift for why it cannot reach a
// Mac). It logs nothing: on Linux the shell runs only in tests, and they look at what it answered, not at its log.
//
// Follows os.swiftmodule/arm64e-apple-ios.swiftinterface of the iPhoneOS 26.2 SDK (`Logger`, `OSLogMessage`,
// `OSLogInterpolation`, `OSLogPrivacy`), for the forms the shell uses: a `Logger` is Sendable, and each interpolated
// value takes a `privacy:` argument. What the SDK's compiler additionally enforces (a message must be a literal,
// with constant formatting arguments) cannot be checked here.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

/// `Logger`, iOS 14.0+. https://developer.apple.com/documentation/os/logger
@available(iOS 14.0, *)
public struct Logger: Sendable {
    /// https://developer.apple.com/documentation/os/logger/init(subsystem:category:)
    public init(subsystem: String, category: String) {}

    public func log(_ message: OSLogMessage) {}
    public func debug(_ message: OSLogMessage) {}
    public func info(_ message: OSLogMessage) {}
    public func notice(_ message: OSLogMessage) {}
    public func error(_ message: OSLogMessage) {}
    public func fault(_ message: OSLogMessage) {}
}

/// `OSLogPrivacy`, iOS 14.0+. https://developer.apple.com/documentation/os/oslogprivacy
@available(iOS 14.0, *)
public struct OSLogPrivacy: Sendable {
    public static var auto: OSLogPrivacy { OSLogPrivacy() }
    public static var `public`: OSLogPrivacy { OSLogPrivacy() }
    public static var `private`: OSLogPrivacy { OSLogPrivacy() }
    public static var sensitive: OSLogPrivacy { OSLogPrivacy() }
}

/// `OSLogInterpolation`, iOS 14.0+: strings, integers, Booleans, errors and anything `CustomStringConvertible`,
/// each lazily (an `@autoclosure`), as the SDK's are.
@available(iOS 14.0, *)
public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String,
                                             privacy: OSLogPrivacy = .auto) {}
    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Int,
                                             privacy: OSLogPrivacy = .auto) {}
    public mutating func appendInterpolation(_ boolean: @autoclosure @escaping () -> Bool,
                                             privacy: OSLogPrivacy = .auto) {}
    public mutating func appendInterpolation(_ error: @autoclosure @escaping () -> any Error,
                                             privacy: OSLogPrivacy = .auto) {}
    public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: @autoclosure @escaping () -> T,
                                                                         privacy: OSLogPrivacy = .auto) {}
}

/// `OSLogMessage`, iOS 14.0+. https://developer.apple.com/documentation/os/oslogmessage
@available(iOS 14.0, *)
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public init(stringInterpolation: OSLogInterpolation) {}
    public init(stringLiteral value: String) {}
}
