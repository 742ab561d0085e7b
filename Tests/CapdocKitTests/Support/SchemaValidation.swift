import Foundation

/// Validates a folder's `capdoc.json` against its `capdoc.schema.json` with a real validator
/// (python3 jsonschema, Draft 2020-12), as a tool author's would: the schema itself is checked
/// first. Gives the validator's exit status and what it printed.
enum SchemaValidation {
    static func validate(folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            """
            import json, sys
            from jsonschema import Draft202012Validator
            schema = json.load(open(sys.argv[2]))
            Draft202012Validator.check_schema(schema)
            errors = list(Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[1]))))
            for error in errors: print(error.message)
            sys.exit(1 if errors else 0)
            """, folder.appendingPathComponent("capdoc.json").path, folder.appendingPathComponent("capdoc.schema.json").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
