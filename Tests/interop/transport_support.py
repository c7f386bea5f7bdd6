"""Helpers shared by the transport interop tests (not a test module)."""

from conftest import run_program


def report(capsys, line: str) -> None:
    """Prints a result line past pytest's output capture, so the numbers show in every run."""
    with capsys.disabled():
        print(f"\n[transport] {line}")


def cli(*args, input_bytes=None, check=True):
    """Runs `airsign-watch ARGS…`; returns the CompletedProcess (bytes)."""
    return run_program("airsign-watch", *args, input=input_bytes, text=False, timeout=600, check=check)
