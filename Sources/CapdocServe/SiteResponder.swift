import Foundation
import Hummingbird

/// Answers every request: a file of the current snapshot, or the event stream that tells open pages
/// to reload. Read-only: GET and HEAD, nothing else.
struct SiteResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    static let eventsPath = "/_capdoc/events"
    /// Longer paths are refused before they are decoded: no page of the site has a name near it.
    static let longestPath = 4096

    let state: SiteState
    /// How often an event stream sends a comment: a page that has gone is then noticed (the write
    /// fails) and its connection freed for another.
    var heartbeat: Duration = .seconds(15)

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Self.plain(.methodNotAllowed, "capdoc serve only reads: GET and HEAD\n", extra: [.allow: "GET, HEAD"], head: false)
        }
        let head = request.method == .head
        // A GET has no body; one that announces a body is refused rather than read.
        if let length = request.headers[.contentLength], length != "0" {
            return Self.plain(.contentTooLarge, "a GET or HEAD request has no body\n", head: head)
        }
        if request.headers[.transferEncoding] != nil {
            return Self.plain(.contentTooLarge, "a GET or HEAD request has no body\n", head: head)
        }
        let path = request.uri.path
        guard path.utf8.count <= Self.longestPath else {
            return Self.plain(.uriTooLong, "the path is too long\n", head: head)
        }
        if path == Self.eventsPath {
            return events(head: head)
        }
        guard case .file(let name) = SitePath.resolve(path) else {
            return Self.plain(.badRequest, "that path is outside the site\n", head: head)
        }
        let snapshot = state.snapshot
        // A page asked for the first time since an edit is made now (`SiteOnDemand`): off the concurrency threads.
        guard let bytes = await RebuildLoop.offThePool({ snapshot.served(name) }) else {
            return Self.plain(.notFound, "no file '\(name)' in the site\n", head: head)
        }
        let tag = ETag.of(bytes)
        var headers: HTTPFields = [
            .contentType: ContentType.of(path: name),
            // Always asked again: the site changes under the page as Content is edited.
            .cacheControl: "no-cache",
            .eTag: tag,
        ]
        if request.headers[.ifNoneMatch].map({ ETag.matches($0, tag) }) == true {
            return Response(status: .notModified, headers: headers, body: ResponseBody())
        }
        headers[.contentLength] = String(bytes.count)
        // HEAD: the headers of the GET, its length included, and no body.
        let body = head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        return Response(status: .ok, headers: headers, body: body)
    }

    /// Server-sent events: `event: reload` with the current generation at once, then one per rebuild.
    private func events(head: Bool) -> Response {
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-cache"]
        guard !head else { return Response(status: .ok, headers: headers, body: ResponseBody()) }
        let generations = state.generations()
        let heartbeat = heartbeat
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                // Ticks and generations in one stream, so that one loop writes both and ends with either.
                let (merged, input) = AsyncStream.makeStream(of: String.self)
                let forward = Task {
                    for await generation in generations { input.yield("event: reload\ndata: \(generation)\n\n") }
                    input.finish()
                }
                let tick = Task {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: heartbeat)
                        input.yield(": still here\n\n")
                    }
                }
                defer {
                    forward.cancel()
                    tick.cancel()
                }
                for await message in merged {
                    try await writer.write(ByteBuffer(string: message))
                }
                try await writer.finish(nil)
            })
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:], head: Bool) -> Response {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-cache", .contentLength: String(text.utf8.count)]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

/// A strong ETag from the bytes served (FNV-1a, 64 bits): computed per request, so that a rebuild
/// costs nothing for the pages nobody asks for.
enum ETag {
    static func of(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return "\"\(String(hash, radix: 16))-\(bytes.count)\""
    }

    /// `If-None-Match` lists tags separated by commas, or is `*`.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == tag || $0.trimmingCharacters(in: .whitespaces) == "*" }
    }
}
