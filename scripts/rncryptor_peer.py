#!/usr/bin/env python3
"""An independent RNCryptor implementation (the `rncryptor` package on PyPI) for the sealed
workspace tests: `encrypt IN OUT` and `decrypt IN OUT`, the password in COURIER_PASSWORD.
Run it with .build/peers-venv/bin/python (scripts/setup.sh installs it)."""
import os
import sys

import rncryptor


def main() -> int:
    action, source, target = sys.argv[1:4]
    password = os.environ["COURIER_PASSWORD"]
    data = open(source, "rb").read()
    cryptor = rncryptor.RNCryptor()
    try:
        result = cryptor.encrypt(data, password) if action == "encrypt" else cryptor.decrypt(data, password)
    except rncryptor.DecryptionError as error:
        print(f"decrypt failed: {error}", file=sys.stderr)
        return 1
    if isinstance(result, str):
        result = result.encode("utf-8")
    open(target, "wb").write(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
