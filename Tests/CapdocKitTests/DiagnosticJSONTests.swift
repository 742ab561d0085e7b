import Testing
@testable import CapdocKit

/// `check --diagnostics-format json` is written by `JSONValue`, in the one layout every JSON output
/// of capdoc has (lint-plist's JSON and SARIF, query's answers, the dataset).
@Suite("Diagnostics as JSON")
struct DiagnosticJSONTests {
    @Test("diagnostics JSON has JSONValue's layout: sorted keys, \"key\": value, [] for no notes")
    func layout() {
        let diagnostic = Diagnostic(
            .warning, "no claim decides it", at: SourceLocation(path: "Content/services.yaml", line: 3, column: 7),
            check: UndecidedCellCheck.id)
        let json = DiagnosticRenderer.json([diagnostic], summary: ["errors": 0, "warnings": 1])
        #expect(
            json == """
                {
                  "diagnostics": [
                    {
                      "check": "\(UndecidedCellCheck.id)",
                      "location": {
                        "column": 7,
                        "file": "Content/services.yaml",
                        "line": 3
                      },
                      "message": "no claim decides it",
                      "notes": [],
                      "severity": "warning"
                    }
                  ],
                  "summary": {
                    "errors": 0,
                    "warnings": 1
                  }
                }

                """)
        #expect(DiagnosticRenderer.json([], summary: [:]) == "{\n  \"diagnostics\": [],\n  \"summary\": {}\n}\n")
    }
}
