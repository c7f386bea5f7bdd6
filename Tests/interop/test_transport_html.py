"""The offline HTML page renders in headless Chromium (Debian's `chromium`), and screenshots of it
decode with our scanner: a single QR message from one screenshot, a UR sequence from one
screenshot per frame (`page.html#frame=N` holds frame N still)."""
import re
import shutil
import subprocess

import pytest

from transport_support import cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (scripts/install-deps installs it)")


def screenshot(html, png, fragment=""):
    # --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--window-size=800,900", f"--screenshot={png}", f"file://{html}{fragment}"],
                   check=True, capture_output=True, timeout=120)
    assert png.exists() and png.stat().st_size > 0


def test_single_qr_page_screenshot_decodes(testkit, rng, tmp_path):
    message = rng.randbytes(200)
    (tmp_path / "m").write_bytes(message)
    cli("qr", "encode", str(tmp_path / "m"), "--html", str(tmp_path / "page.html"))
    page = (tmp_path / "page.html").read_text()
    assert "http:" not in page and "https:" not in page
    screenshot(tmp_path / "page.html", tmp_path / "shot.png")
    answer = testkit.call("qr_decode_files", paths=[str(tmp_path / "shot.png")])
    assert answer.get("hex") == message.hex(), answer


def test_multipart_page_screenshots_decode(testkit, rng, tmp_path):
    message = rng.randbytes(700)
    (tmp_path / "m").write_bytes(message)
    out = cli("qr", "encode", str(tmp_path / "m"), "--html", str(tmp_path / "page.html"), "--fps", "2")
    fragments = int(re.search(rb"UR fountain: (\d+) fragments", out.stderr).group(1))
    shots = []
    for n in range(1, fragments + 1):
        shot = tmp_path / f"shot-{n}.png"
        screenshot(tmp_path / "page.html", shot, f"#frame={n}")
        shots.append(str(shot))
    # The fragments were shown in order, so the first frames hold the whole message.
    answer = testkit.call("qr_decode_files", paths=shots)
    assert answer.get("hex") == message.hex(), answer
