import Foundation

/// Where output goes, and whether it may be coloured.
enum Terminal {
    static func write(_ text: String, to handle: FileHandle = .standardOutput) {
        handle.write(Data(text.utf8))
    }

    static func error(_ text: String) { write(text, to: .standardError) }

    /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
    static func colourAllowed(for descriptor: Int32) -> Bool {
        if let noColour = ProcessInfo.processInfo.environment["NO_COLOR"], !noColour.isEmpty { return false }
        return isatty(descriptor) == 1
    }
}

extension Terminal {
    /// Ends the process now. Output goes through FileHandle, which does not buffer, so nothing is lost;
    /// the memory of a large model is returned to the system at once instead of freed object by object.
    static func exitWithoutCleanup(_ status: Int32) -> Never {
        exit(status)
    }
}

/// Exit codes shared by every command: 0 ok, 1 errors in the content or plist, 64 usage.
enum ExitStatus {
    static let contentErrors: Int32 = 1
    /// `lint-plist`: an input could not be linted (unreadable plist, project, strings file or sources).
    static let couldNotLint: Int32 = 2
    static let usage: Int32 = 64
}
