"""QR and UR transport against independent implementations: zxing-cpp reads every QR PNG we
write; QR PNGs from segno and the `qrencode` CLI are read by our scanner; the BC-UR reference
parts (bc-ur test vectors) decode with ours; frames of another message are refused; and the
fountain code's overhead with frames dropped at random."""
import fcntl
import json
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import termios
import time

import pytest
import segno
import zxingcpp
from PIL import Image

from conftest import ROOT, bin_dir
from transport_support import cli, report


def zxing_payloads(path):
    return [bytes(b.bytes) for b in zxingcpp.read_barcodes(Image.open(path)) if b.format == zxingcpp.BarcodeFormat.QRCode]


@pytest.mark.parametrize("size,options", [
    (1, {}), (100, {}), (287, {}),                       # single QR at the default version 12
    (1000, {"maxVersion": 40}), (2300, {"maxVersion": 40, "ec": "M", "moduleSize": 4}),  # large single QRs
    (1000, {}), (10000, {}),                            # UR fountain frames at the default policy
    (3000, {"ec": "H"}), (3000, {"ec": "L", "fragmentSize": 400, "maxVersion": 20}),
])
def test_zxing_reads_every_png_we_write(testkit, rng, tmp_path, size, options):
    message = rng.randbytes(size)
    out = testkit.call("qr_write_frames", hex=message.hex(), dir=str(tmp_path / "frames"), **options)
    assert "error" not in out, out
    for path, payload in zip(out["files"], out["payloads"]):
        assert zxing_payloads(path) == [bytes.fromhex(payload)], path
    # And ours reads the whole set back.
    back = testkit.call("qr_decode_files", paths=[str(tmp_path / "frames")])
    assert back.get("hex") == message.hex()


def test_segno_pngs_are_read_by_our_scanner(testkit, rng, tmp_path):
    cases = []
    for i in range(40):
        data = rng.randbytes(rng.randint(1, 600))
        error = rng.choice("lmqh")
        path = tmp_path / f"segno-{i}.png"
        segno.make(data, mode="byte", error=error, micro=False, boost_error=False).save(
            str(path), scale=rng.randint(3, 8), border=4)
        cases.append((path, data))
    for i, text in enumerate(["HELLO WORLD 123", "1234567890", "ur:bytes/aeadaolazmjendeoti", "Grüße, 世界"]):
        path = tmp_path / f"segno-text-{i}.png"
        segno.make(text, micro=False).save(str(path), scale=5, border=4)
        cases.append((path, text.encode()))
    answers = testkit.batch([{"op": "qr_scan", "path": str(p)} for p, _ in cases])
    for (path, data), answer in zip(cases, answers):
        assert answer.get("payloads") == [data.hex()], path


def test_qrencode_cli_pngs_are_read_by_our_scanner(testkit, rng, tmp_path):
    cases = []
    for i in range(30):
        data = rng.randbytes(rng.randint(1, 800))
        src, png = tmp_path / f"in-{i}", tmp_path / f"qrencode-{i}.png"
        src.write_bytes(data)
        subprocess.run(["qrencode", "-8", "-l", rng.choice("LMQH"), "-s", "4", "-m", "4", "-r", str(src), "-o", str(png)],
                       check=True)
        cases.append((png, data))
    answers = testkit.batch([{"op": "qr_scan", "path": str(p)} for p, _ in cases])
    for (path, data), answer in zip(cases, answers):
        assert answer.get("payloads") == [data.hex()], path


def load_ur_vectors():
    return json.loads((ROOT / "vectors" / "ur.json").read_text())


def test_reference_ur_parts_decode_with_ours(testkit, rng, capsys):
    """No maintained UR v2 implementation is on PyPI (urtypes has only the registry types, buidl
    only UR v1), so the reference sequence is bc-ur's published one: 20 parts, seqLen 9."""
    v = load_ur_vectors()
    parts = v["urEncoder_bytes_makeMessage_256_maxFragmentLen_30"]["parts"]
    expected = v["makeMessage_256_hex"]
    # Every part, in random orders, with duplicates, in either case: must decode.
    requests = []
    for _ in range(30):
        order = list(range(20)) + rng.sample(range(20), 5)
        rng.shuffle(order)
        requests.append({"op": "ur_decode_parts", "parts": [parts[i].upper() if rng.random() < 0.5 else parts[i] for i in order]})
    for answer in testkit.batch(requests):
        assert answer.get("hex") == expected, answer
    # Random subsets: some cannot determine the message and must answer "incomplete"; whatever
    # decodes must be exact.
    subsets = [rng.sample(range(20), rng.randint(9, 16)) for _ in range(60)] + [list(range(9, 20))]
    answers = testkit.batch([{"op": "ur_decode_parts", "parts": [parts[i] for i in s]} for s in subsets])
    solved = 0
    for subset, answer in zip(subsets, answers):
        if "hex" in answer:
            assert answer["hex"] == expected
            solved += 1
        else:
            assert "incomplete" in answer["error"]
    report(capsys, f"bc-ur reference parts: {solved} of {len(subsets)} random subsets of 9–16 parts decoded")
    single = v["singlePart_bytes_makeMessage_50"]["ur"]
    answer = testkit.call("ur_decode_parts", parts=[single.upper()])
    assert answer["hex"] == expected[:100]


def test_our_parts_match_the_reference_encoder(testkit):
    v = load_ur_vectors()
    out = testkit.call("ur_encode_parts", hex=v["makeMessage_256_hex"], maxFragmentLen=30, count=20)
    assert out["parts"] == v["urEncoder_bytes_makeMessage_256_maxFragmentLen_30"]["parts"]


def test_frames_of_another_message_are_refused(testkit, rng):
    a, b = rng.randbytes(2000), rng.randbytes(2000)
    pa = testkit.call("ur_encode_parts", hex=a.hex(), maxFragmentLen=100, count=60)["parts"]
    pb = testkit.call("ur_encode_parts", hex=b.hex(), maxFragmentLen=100, count=60)["parts"]
    mixed = [pa[0]] + [x for pair in zip(pb, pa[1:]) for x in pair]
    answer = testkit.call("ur_decode_parts", parts=mixed)
    assert answer["hex"] == a.hex()
    assert answer["refused"] > 0
    assert all("different message" in e for e in answer["errors"])


def test_cli_refuses_a_foreign_frame_and_reports_it(rng, tmp_path):
    a, b = tmp_path / "a.bin", tmp_path / "b.bin"
    a.write_bytes(rng.randbytes(1500))
    b.write_bytes(rng.randbytes(1500))
    cli("qr", "encode", str(a), "--qr", str(tmp_path / "fa") + "/", "--module-size", "3")
    cli("qr", "encode", str(b), "--qr", str(tmp_path / "fb") + "/", "--module-size", "3")
    # Half of a's frames (the mixed ones) with one of b's second: the first frame fixes which
    # message is being read, so b's is named as foreign (placed last, it could go unread when
    # a's mixed frames already complete the message); the result is a's message or incomplete.
    files = sorted((tmp_path / "fa").glob("frame-*.png"))
    half = [str(f) for f in files[len(files) // 2:]]
    scan = half[:1] + [str(tmp_path / "fb" / "frame-0002.png")] + half[1:]
    out = cli("qr", "decode", "--scan", *scan, "--out", str(tmp_path / "out"), check=False)
    err = out.stderr.decode()
    assert "frame-0002.png: frame from a different message" in err
    if out.returncode == 0:
        assert (tmp_path / "out").read_bytes() == a.read_bytes()
    else:
        assert out.returncode == 3 and "incomplete message" in err
        assert not (tmp_path / "out").exists()
    # All of a's frames: complete, byte for byte, despite b's frame in the middle.
    scan = [str(f) for f in files[:3]] + [str(tmp_path / "fb" / "frame-0001.png")] + [str(f) for f in files[3:]]
    cli("qr", "decode", "--scan", *scan, "--out", str(tmp_path / "out2"))
    assert (tmp_path / "out2").read_bytes() == a.read_bytes()


def test_cli_round_trip_and_exit_codes(rng, tmp_path):
    message = rng.randbytes(100)
    cli("qr", "encode", "-", "--qr", str(tmp_path / "one.png"), input_bytes=message)
    out = cli("qr", "decode", "--scan", str(tmp_path / "one.png"))
    assert out.stdout == message
    garbage = tmp_path / "garbage.png"
    garbage.write_bytes(b"\x89PNG\r\n\x1a\n" + rng.randbytes(100))
    bad = cli("qr", "decode", "--scan", str(garbage), "--out", str(tmp_path / "x"), check=False)
    assert bad.returncode == 3 and b"not a readable PNG" in bad.stderr and not (tmp_path / "x").exists()
    usage = cli("qr", "encode", str(garbage), check=False)
    assert usage.returncode == 2  # no output given: a usage error
    big = tmp_path / "big"
    big.write_bytes(rng.randbytes(2000))
    single = cli("qr", "encode", str(big), "--qr", str(tmp_path / "big.png"), check=False)
    assert single.returncode == 1 and b"--qr DIR/" in single.stderr and not (tmp_path / "big.png").exists()


@pytest.mark.parametrize("drop", [0.0, 0.1, 0.3])
def test_fountain_overhead(testkit, rng, drop, capsys):
    """Mean frames needed ÷ k over 100 trials with frames dropped at random, for the parts a
    screen shows: 'received' counts the frames the decoder was given, 'shown' also counts the
    dropped ones a display went through. The targets (issue 11): shown ÷ k at most 1.05 without
    loss and 1.6 at 30% loss."""
    requests, ks, shown = [], [], []
    for _ in range(100):
        message = rng.randbytes(rng.randint(3000, 6000))
        requests.append({"op": "ur_encode_parts", "hex": message.hex(), "maxFragmentLen": 100, "count": 400,
                         "shown": True})
    encoded = testkit.batch(requests)
    decode_requests = []
    for enc in encoded:
        kept, positions = [], []
        for i, part in enumerate(enc["parts"]):
            if rng.random() >= drop:
                kept.append(part)
                positions.append(i + 1)
        decode_requests.append({"op": "ur_decode_parts", "parts": kept})
        ks.append(enc["seqLen"])
        shown.append(positions)
    answers = testkit.batch(decode_requests)
    received_ratio, shown_ratio = [], []
    for answer, k, pos in zip(answers, ks, shown):
        assert "hex" in answer, answer
        received_ratio.append(answer["used"] / k)
        shown_ratio.append(pos[answer["used"] - 1] / k)
    mean_received, mean_shown = statistics.mean(received_ratio), statistics.mean(shown_ratio)
    report(capsys, f"fountain, {int(drop * 100)}% of frames dropped, 100 trials, k = {min(ks)}…{max(ks)}: "
           f"frames received ÷ k = {mean_received:.3f} (max {max(received_ratio):.2f}), "
           f"frames shown ÷ k = {mean_shown:.3f}")
    assert mean_received < (1.01 if drop == 0 else 1.3)
    assert mean_shown <= {0.0: 1.05, 0.1: 1.3, 0.3: 1.6}[drop]


def test_gif_frames_decode_and_animate(rng, tmp_path):
    message = rng.randbytes(1200)
    (tmp_path / "m").write_bytes(message)
    cli("qr", "encode", str(tmp_path / "m"), "--gif", str(tmp_path / "m.gif"), "--fps", "5", "--qr", str(tmp_path / "f") + "/")
    index = json.loads((tmp_path / "f" / "index.json").read_text())
    gif = Image.open(tmp_path / "m.gif")
    assert gif.n_frames == len(index["frames"]) and gif.info.get("loop") == 0
    for n, entry in enumerate(index["frames"]):
        gif.seek(n)
        assert gif.info["duration"] == 200
        assert zxing_payloads_image(gif.convert("L")) == [entry["ur"].encode()]


def zxing_payloads_image(img):
    return [bytes(b.bytes) for b in zxingcpp.read_barcodes(img) if b.format == zxingcpp.BarcodeFormat.QRCode]


def run_in_terminal(args, columns, rows, seconds, until=None):
    """Runs airsign-watch on a pseudo-terminal of the given size until it exits, `until` has
    been printed, or `seconds` pass (a slow start on a busy runner only waits longer), then
    interrupts it; returns its exit code and output."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    proc = subprocess.Popen([str(bin_dir() / "airsign-watch"), *args], stdin=slave, stdout=slave, stderr=slave,
                            start_new_session=True)
    os.close(slave)
    out, deadline = b"", time.time() + seconds
    while time.time() < deadline and proc.poll() is None and not (until and until.encode() in out):
        time.sleep(0.1)
        try:
            while select.select([master], [], [], 0)[0]:
                out += os.read(master, 65536)
        except OSError:
            break
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)
    code = proc.wait(timeout=10)
    try:
        while True:
            chunk = os.read(master, 65536)
            if not chunk:
                break
            out += chunk
    except OSError:
        pass
    os.close(master)
    return code, out.decode(errors="replace")


def test_terminal_display(rng, tmp_path):
    (tmp_path / "m").write_bytes(rng.randbytes(3000))
    code, out = run_in_terminal(["qr", "encode", str(tmp_path / "m"), "--show"], 80, 24, 3)
    assert code == 1 and "terminal too small" in out and "need 73×38" in out
    code, out = run_in_terminal(["qr", "encode", str(tmp_path / "m"), "--show", "--fps", "10"], 100, 45, 30, until="UR frame 3-")
    assert "UR frame 1-" in out and "UR frame 2-" in out and "█" in out and "▀" in out
    assert "\x1b[?25h" in out  # the cursor is shown again after Ctrl-C
    assert code == 130
