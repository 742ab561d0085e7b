// A structural check: the loader reports it before reading a file.

/// A Content file that is a symbolic link, not a regular file, or too large to be a hand-edited file.
enum UnsafeFileCheck: Check {
    public static let id = CheckID.unsafeFile
    public static let summary = "A Content file is a symbolic link, not a regular file, larger than 8 MiB, or a source with another extension than .yaml."
    static let documentation = """
        capdoc reads only real files inside the content folder: a symbolic link could lead anywhere on the \
        machine (out of `Content/`, into a device), so links are refused rather than followed. A folder, FIFO \
        or device where a file belongs is refused without being opened (a FIFO would block the read). A file larger \
        than 8 MiB is refused before it is read, so that a mistake or a hostile file cannot make capdoc use \
        unbounded memory or time; split large sources into several files. A file in `sources/` named \
        `.yml` (or another spelling of `.yaml`) is reported rather than skipped, because its claims would \
        otherwise never be checked or published.
        """
}
