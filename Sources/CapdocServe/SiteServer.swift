import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// `capdoc serve`: builds the site once, serves it, and rebuilds it as Content and the templates
/// change, until Ctrl-C (or SIGTERM) stops it.
public struct SiteServer: Sendable {
    public var compiler: SiteCompiler
    /// The folders whose changes rebuild the site: Content, and the templates when read from disk.
    public var watched: [String]
    public var host: String
    public var port: Int
    /// Open connections at once; event streams (one per open page) count. Beyond it new
    /// connections wait in the listen queue.
    public var maximumConnections = 64
    public var poll: Duration = .milliseconds(50)
    /// One quiet poll ends a burst: an editor's save (written aside, renamed over) and a burst of
    /// saves made together are microseconds to milliseconds apart, and each further poll waited
    /// is added to every save's wait.
    public var debouncer = Debouncer(quiet: .milliseconds(50), longest: .seconds(2))

    public init(compiler: SiteCompiler, watched: [String], host: String, port: Int) {
        self.compiler = compiler
        self.watched = watched
        self.host = host
        self.port = port
    }

    public enum Failure: Error, CustomStringConvertible {
        case addressInUse(host: String, port: Int)
        case cannotListen(host: String, port: Int, reason: String)

        public var description: String {
            switch self {
            case .addressInUse(let host, let port):
                "port \(port) on \(host) is already in use (another `capdoc serve`?); pass another with --port"
            case .cannotListen(let host, let port, let reason):
                "cannot listen on \(host) port \(port): \(reason)"
            }
        }
    }

    /// The first build's outcome is reported before the server listens.
    public func run(report: @escaping @Sendable (ServeEvent) -> Void) async throws {
        let first = await RebuildLoop.offThePool { compiler.compile() }
        let state = SiteState(
            SiteSnapshot(site: first.site, generation: 1, diagnostics: first.diagnostics, hasErrors: first.site == nil))
        report(.rebuilt(first, seconds: 0))
        var logger = Logger(label: "capdoc-serve", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .warning
        let host = host
        let app = Application(
            responder: SiteResponder(state: state),
            server: .http1(
                configuration: .init(
                    idleTimeout: .seconds(60),
                    httpDecoderConfiguration: .init(maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 32 * 1024, maxHeaderFieldCount: 100))),
            configuration: .init(
                address: .hostname(host, port: port), serverName: nil, backlog: 64, reuseAddress: true,
                availableConnectionsDelegate: MaximumAvailableConnections(maximumConnections)),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                let shown = host.contains(":") ? "[\(host)]" : host
                report(.listening(url: "http://\(shown):\(bound)/"))
            },
            logger: logger)
        let loop = RebuildLoop(state: state, compiler: compiler, folders: watched, poll: poll, debouncer: debouncer, report: report)
        // On Ctrl-C the services stop in reverse order: the loop first, which ends the event
        // streams, then the server, which then has no request left that would never end.
        let group = ServiceGroup(
            configuration: .init(services: [app, loop], gracefulShutdownSignals: [.sigint, .sigterm], logger: logger))
        do {
            try await group.run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw Failure.addressInUse(host: host, port: port)
        } catch let error as IOError {
            throw Failure.cannotListen(host: host, port: port, reason: String(cString: strerror(error.errnoCode)))
        }
    }
}
