// Stand-in for UIKit on Linux (see UIViewController.swift for why it cannot reach a Mac).
//
// The SDK's UIKit module re-exports Foundation (UIKit.framework's module map exports every module its headers
// import), so a file that imports UIKit sees Foundation's Apple-only declarations too: file coordination, file
// presenters, security-scoped URLs and bookmarks. Linux's Foundation lacks those; this stand-in declares them in
// Foundation/ (each file names the Foundation header it follows) and re-exports Linux's Foundation beside them.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

@_exported import Foundation
