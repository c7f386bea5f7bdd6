"""Our QR PNGs, degraded the way a camera degrades them (Pillow: scaled 0.5× and 2×, rotated 5°,
Gaussian blur σ = 1, 2 % salt-and-pepper noise, low contrast), still decode with our scanner in at
least 95 % of cases. The rate is reported per degradation and overall."""

from PIL import Image, ImageFilter

from transport_support import report


def scaled(factor):
    def apply(img, rng):
        return img.resize((round(img.width * factor), round(img.height * factor)), Image.BILINEAR)
    return apply


def rotated(img, rng):
    return img.rotate(5, resample=Image.BICUBIC, expand=True, fillcolor=255)


def blurred(img, rng):
    return img.filter(ImageFilter.GaussianBlur(radius=1))  # Pillow's radius is the standard deviation


def salt_and_pepper(img, rng):
    out = img.copy()
    px = out.load()
    for _ in range(int(0.02 * img.width * img.height)):
        px[rng.randrange(img.width), rng.randrange(img.height)] = rng.choice((0, 255))
    return out


def low_contrast(img, rng):
    return img.point(lambda v: 100 + v * 60 // 255)  # black → 100, white → 160


DEGRADATIONS = {
    "scaled 0.5x": scaled(0.5), "scaled 2x": scaled(2.0), "rotated 5deg": rotated,
    "gaussian blur s=1": blurred, "salt-and-pepper 2%": salt_and_pepper, "low contrast": low_contrast,
}


def test_degraded_pngs_still_decode(testkit, rng, tmp_path, capsys):
    # Frames as `qr encode` writes them by default (8 px a module): two single QR codes and the
    # frames of two UR sequences.
    sources = []
    for i, (size, options) in enumerate([(60, {}), (280, {}), (2000, {}), (6000, {"ec": "Q"})]):
        out = testkit.call("qr_write_frames", hex=rng.randbytes(size).hex(), dir=str(tmp_path / f"m{i}"),
                           frames=12, **options)
        assert "error" not in out, out
        sources += list(zip(out["files"], out["payloads"]))
    cases, requests = [], []
    for n, (path, payload) in enumerate(sources):
        img = Image.open(path).convert("L")
        for name, degrade in DEGRADATIONS.items():
            target = tmp_path / f"degraded-{n}-{name.replace(' ', '_')}.png"
            degrade(img, rng).save(target)
            cases.append((name, payload))
            requests.append({"op": "qr_scan", "path": str(target)})
    answers = testkit.batch(requests)
    ok = {name: 0 for name in DEGRADATIONS}
    total = {name: 0 for name in DEGRADATIONS}
    for (name, payload), answer in zip(cases, answers):
        total[name] += 1
        found = answer.get("payloads", [])
        assert all(p == payload for p in found), "a degraded image decoded to different bytes"
        ok[name] += payload in found
    rate = sum(ok.values()) / len(cases)
    detail = ", ".join(f"{name} {ok[name]}/{total[name]}" for name in DEGRADATIONS)
    report(capsys, f"robustness: {sum(ok.values())}/{len(cases)} degraded frames decoded ({rate:.1%}): {detail}")
    assert rate >= 0.95
