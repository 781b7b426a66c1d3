import Foundation
import Glibc
import SesameAgent
import SesameAgentLink
import SesameBrowser
import SesameTerminal

// The native-messaging host the browser starts for the KeePassXC-Browser extension (manifest name
// org.keepassxc.keepassxc_browser, installed by `sesame setup browser`). Passwords pass through it: no core file,
// no ptrace by other processes.
AgentProcess.forbidDumps()
umask(0o077)
// The browser may close the pipe first; that ends the host quietly.
signal(SIGPIPE, SIG_IGN)

// Firefox passes the manifest's path and the extension's id; Chromium passes the extension's origin.
let arguments = Array(CommandLine.arguments.dropFirst())
let origin = arguments.count >= 2 ? arguments[1] : (arguments.first ?? "unknown")
let environment = ProcessInfo.processInfo.environment
let backend = AgentBrowserBackend(
    vaultPath: AgentVaultPath.canonical(VaultLocation.path(environment: environment)), location: AgentSocketLocation.resolve(environment: environment))
// A page's passkey request waits for a yes through pinentry, on the browser's display.
let consent = PinentryPasskeyConsent(pinentry: Pinentry(environment: environment))
let host = BrowserHost(backend: backend, consent: consent, origin: origin) { NativeMessageReader.write($0, to: STDOUT_FILENO) }
do {
    try NativeMessageReader.readMessages(from: STDIN_FILENO) { host.handle($0) }
} catch {
    NativeMessageReader.write(Array("sesame-browser-host: the browser sent a malformed message; closing.\n".utf8), to: STDERR_FILENO)
    exit(1)
}
exit(0)
