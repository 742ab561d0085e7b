import CapdocKit
import Foundation

/// Where output goes, and whether it may be coloured. Every byte capdoc prints goes through
/// `Terminal.write` and `Terminal.error`, which
/// - show control characters and bidi overrides visibly (`DisplayText`): text from Content, Info.plists,
///   file names and the command line must not retitle, clear or recolour the reader's terminal, and
/// - end the command with `ExitStatus.couldNotWrite` and a one-line message when a stream cannot be
///   written (closed, a full disk, a pipe whose reader left while SIGPIPE is ignored), rather than
///   trap: Foundation's `FileHandle.write` crashes with a backtrace on any error.
enum Terminal {
    /// What a piece of output is, which decides how it is made safe.
    enum Kind {
        /// Text for people: control characters escaped, newlines and tabs kept.
        case text
        /// Text a renderer coloured (diagnostics, lint findings) after escaping every value in it: as
        /// `text`, but its colour and bold escapes (SGR) are kept on a stream that may be coloured.
        case styled
        /// JSON (or SARIF) from capdoc's JSON writers, which already escape every control character
        /// as `\u001B`: written as it is, since another escape would break the document.
        case json
    }

    static func write(_ text: String, _ kind: Kind = .text) { put(text, kind, to: StandardStreams.output) }

    static func error(_ text: String, _ kind: Kind = .text) { put(text, kind, to: StandardStreams.error) }

    /// A message of one line on standard error: every value in it (a path, an id, an error's text)
    /// is shown on that line, a newline in it escaped too, so that no value can forge a line.
    static func errorLine(_ message: String) { error(DisplayText.line(message) + "\n") }

    private static func put(_ text: String, _ kind: Kind, to descriptor: Int32) {
        guard !text.isEmpty else { return }
        let safe =
            switch kind {
            case .json: text
            case .text: DisplayText.lines(text)
            case .styled: colourAllowed(for: descriptor) ? DisplayText.linesKeepingStyles(text) : DisplayText.lines(text)
            }
        do {
            try StandardStreams.write(safe, to: descriptor)
        } catch {
            couldNotWrite(descriptor, error)
        }
    }

    /// Ends the command: the output is incomplete, and the caller must not take it for whole.
    private static func couldNotWrite(_ descriptor: Int32, _ error: StandardStreams.WriteError) -> Never {
        if descriptor != StandardStreams.error {
            // Standard error may be broken as well; then the exit status alone tells.
            let reason = error.code == EBADF ? "it is closed" : "\(error)"
            try? StandardStreams.write(
                "capdoc: error: could not write to standard output (\(reason)); the output is incomplete\n",
                to: StandardStreams.error)
        }
        exit(ExitStatus.couldNotWrite)
    }

    /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
    static func colourAllowed(for descriptor: Int32) -> Bool {
        if let noColour = ProcessInfo.processInfo.environment["NO_COLOR"], !noColour.isEmpty { return false }
        return isatty(descriptor) == 1
    }
}

extension Terminal {
    /// Ends the process now. Output goes through `write(2)` unbuffered, so nothing is lost; the
    /// memory of a large model is returned to the system at once instead of freed object by object.
    static func exitWithoutCleanup(_ status: Int32) -> Never {
        exit(status)
    }
}

/// Exit codes shared by every command: 0 ok, 1 errors in the content or plist, 2 (lint-plist) an
/// input could not be linted, 64 usage, 74 the output could not be written.
enum ExitStatus {
    static let contentErrors: Int32 = 1
    /// `lint-plist`: an input could not be linted (unreadable plist, project, strings file or sources).
    static let couldNotLint: Int32 = 2
    static let usage: Int32 = 64
    /// Standard output or standard error could not be written (closed, disk full, broken pipe with
    /// SIGPIPE ignored): EX_IOERR from sysexits(3).
    static let couldNotWrite: Int32 = 74
}
