import CZlib

/// Compresses a stream of bytes into the gzip format with zlib, piece by piece, so that a large file
/// (`capdoc.json.gz`) is never whole in memory. The header carries no time and no name, so the same
/// input gives the same bytes with the same zlib.
final class GzipStream {
    private var stream = z_stream()
    private var finished = false

    init() {
        // 15 window bits + 16: a gzip wrapper rather than zlib's. Level 6, zlib's and gzip's default: level 9
        // made the file 15% smaller and took 30% longer, at the end of the build when nothing else runs.
        let status = deflateInit2_(
            &stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib could not start a stream (\(status))")
    }

    deinit { deflateEnd(&stream) }

    /// The compressed bytes of `input`, and of everything before it that zlib held back.
    func compress(_ input: [UInt8]) -> [UInt8] { run(input, flush: Z_NO_FLUSH) }

    /// The last compressed bytes and the gzip trailer.
    func finish() -> [UInt8] {
        precondition(!finished, "a gzip stream is finished once")
        finished = true
        return run([], flush: Z_FINISH)
    }

    private func run(_ input: [UInt8], flush: Int32) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { target -> Int in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    let status = deflate(&stream, flush)
                    precondition(status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, "zlib failed (\(status))")
                    return target.count - Int(stream.avail_out)
                }
                output += chunk[0..<produced]
            } while stream.avail_out == 0 || (flush == Z_FINISH && stream.avail_in > 0)
            stream.next_in = nil
        }
        return output
    }
}
