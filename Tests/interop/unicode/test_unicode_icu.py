"""Contact-name rules (UTS #39) against ICU, through PyICU built on Debian's ICU 72.1.

Airsign's tables (Sources/AirsignUnicode/*Data.swift, from scripts/gen-unicode-security) are
Unicode 15.0, and so is ICU 72.1, which compiles in the same confusables.txt. So the tables are
compared on every scalar value, assigned or not: Script and Script_Extensions, NFD,
toNFKC_Casefold and both confusable skeletons, byte for byte. Random texts then hold the whole
algorithms to ICU's: the skeletons, the restriction level (uspoof's RESTRICTION_LEVEL check at
each level), mixed digit systems (MIXED_NUMBERS) and repeated marks (INVISIBLE).

Two rules read Swift's own character properties (general category, numeric value), which are
of a later Unicode version (Swift 6.3: 17.0); random texts are therefore drawn only from code
points ICU 72 knows as assigned, where the versions agree.
"""
import icu
import pytest

ICU_UNICODE = "15.0"
LEVELS = [
    ("ascii", icu.URestrictionLevel.ASCII),
    ("singleScript", icu.URestrictionLevel.SINGLE_SCRIPT_RESTRICTIVE),
    ("highlyRestrictive", icu.URestrictionLevel.HIGHLY_RESTRICTIVE),
    ("moderatelyRestrictive", icu.URestrictionLevel.MODERATELY_RESTRICTIVE),
    ("minimallyRestrictive", icu.URestrictionLevel.MINIMALLY_RESTRICTIVE),
]
NFD = icu.Normalizer2.getNFDInstance()
NFKC_CF = icu.Normalizer2.getNFKCCasefoldInstance()
SPOOF = icu.SpoofChecker()
SCALARS = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF]


def hexed(text: str) -> str:
    return text.encode("utf-8").hex()


def checker(checks, level=None):
    spoof = icu.SpoofChecker()
    spoof.setChecks(checks)
    if level is not None:
        spoof.setRestrictionLevel(level)
    return spoof


LEVEL_CHECKERS = [(name, checker(icu.USpoofChecks.RESTRICTION_LEVEL, level)) for name, level in LEVELS]
NUMBERS = checker(icu.USpoofChecks.MIXED_NUMBERS)
INVISIBLE = checker(icu.USpoofChecks.INVISIBLE)


def icu_level(text: str) -> str:
    """The lowest level ICU does not flag the text above."""
    for name, spoof in LEVEL_CHECKERS:
        if not spoof.check(text) & icu.USpoofChecks.RESTRICTION_LEVEL:
            return name
    raise AssertionError(f"ICU flags {text!r} at every level")


def icu_skeleton(text: str) -> str:
    return SPOOF.getSkeleton(0, text)


def icu_folded(text: str) -> str:
    return NFD.normalize(NFKC_CF.normalize(text))


@pytest.fixture(scope="module")
def versions(testkit):
    ours = testkit.call("unicode_scripts")
    assert icu.UNICODE_VERSION == ICU_UNICODE, (
        f"PyICU uses Unicode {icu.UNICODE_VERSION}, the tables are {ours['version']}: build PyICU against "
        "Debian 12's libicu-dev (ICU 72.1) or regenerate the tables for that version")
    assert ours["version"] == ICU_UNICODE + ".0"
    return ours


def test_script_and_script_extensions_of_every_scalar(versions):
    short = {}

    def name(code):
        if code not in short:
            short[code] = icu.Script(code).getShortName()
        return short[code]

    ours = {}
    for first, last, script, extensions in versions["runs"]:
        for cp in range(first, last + 1):
            ours[cp] = (script, tuple(sorted(extensions.split())))
    assert len(ours) == len(SCALARS)
    mismatches = []
    for cp in SCALARS:
        theirs = (icu.Script.getScript(cp).getShortName(),
                  tuple(sorted(name(code) for code in icu.Script.getScriptExtensions(cp))))
        if ours[cp] != theirs:
            mismatches.append((hex(cp), ours[cp], theirs))
    assert not mismatches, f"{len(mismatches)} scalars differ, first: {mismatches[:5]}"


def test_nfd_casefold_and_skeletons_of_every_scalar(testkit, versions):
    ours = {kind: {cp: bytes.fromhex(h).decode("utf-8") for cp, h in pairs}
            for kind, pairs in testkit.call("unicode_mappings").items()}
    reference = {
        "nfd": NFD.normalize,
        "casefold": icu_folded,
        "skeleton": icu_skeleton,
        "folded_skeleton": lambda text: icu_skeleton(NFKC_CF.normalize(text)),
    }
    for kind, function in reference.items():
        theirs = {}
        for cp in SCALARS:
            text = chr(cp)
            result = function(text)
            if result != text:
                theirs[cp] = result
        mismatches = sorted(set(ours[kind].items()) ^ set(theirs.items()))
        assert not mismatches, f"{kind}: {len(mismatches)} differences, first: {[(hex(c), t) for c, t in mismatches[:5]]}"
        assert len(theirs) > 1000, f"{kind}: ICU changed only {len(theirs)} scalars"
    # Every source code point of confusables.txt was compared.
    assert len(ours["skeleton"]) >= 6000


def assigned_pools():
    """Scalars ICU 72 knows as assigned, by kind, so random texts mix scripts, digits,
    marks, spaces and emoji the way names could."""
    def assigned(cp):
        return icu.Char.charType(cp) != icu.UCharCategory.UNASSIGNED and not 0xD800 <= cp <= 0xDFFF

    def script_pool(code):
        return [cp for cp in range(0x30000) if assigned(cp) and icu.Script.getScript(cp).getShortName() == code][:400]

    pools = [script_pool(code) for code in ["Latn", "Cyrl", "Grek", "Hani", "Hira", "Kana", "Hang", "Bopo", "Arab", "Hebr", "Deva", "Beng", "Thai", "Cher", "Armn"]]
    pools.append([cp for cp in range(0x20000) if assigned(cp) and icu.Char.charType(cp) == icu.UCharCategory.DECIMAL_DIGIT_NUMBER])
    pools.append([cp for cp in range(0x20000) if assigned(cp) and icu.Char.charType(cp) == icu.UCharCategory.NON_SPACING_MARK])
    pools.append([0x20, 0x2D, 0x2E, 0x27, 0x22, 0x5F, 0xB7, 0x30FB, 0x30FC, 0x3005, 0x2019, 0x1F600, 0x2764, 0xFE0F, 0x3164, 0x200D])
    pools.append([cp for cp in range(0x30000) if assigned(cp)])
    return pools


def random_text(rng, pools):
    chosen = rng.sample(pools, rng.randint(1, 3))
    return "".join(chr(rng.choice(rng.choice(chosen))) for _ in range(rng.randint(1, 12)))


def test_random_texts_agree_with_icu(testkit, versions, rng):
    pools = assigned_pools()
    texts = [random_text(rng, pools) for _ in range(4000)]
    # Cases named in the rules: homoglyphs, "rn" and "m", case, full-width letters, fillers, marks.
    texts += ["Alice", "\u0430lice", "Al\u0456ce", "rnallory", "mallory", "alice", "\uff21lice", "Alice\u3164",
              "Alice\u0301", "i\u0307\u0307", "8\u09ea", "Bob \u65e5\u672c\u3072\u3089\u304c\u306a", "\u0391\u03b2c"]
    results = testkit.call("unicode_texts", texts=[hexed(t) for t in texts])["results"]
    for text, ours in zip(texts, results):
        assert bytes.fromhex(ours["nfd"]).decode() == NFD.normalize(text), text
        assert bytes.fromhex(ours["casefold"]).decode() == icu_folded(text), text
        assert bytes.fromhex(ours["skeleton"]).decode() == icu_skeleton(text), text
        assert bytes.fromhex(ours["folded_skeleton"]).decode() == icu_skeleton(NFKC_CF.normalize(text)), text
        assert ours["level"] == icu_level(text), text
        assert (ours["number_systems"] > 1) == bool(NUMBERS.check(text) & icu.USpoofChecks.MIXED_NUMBERS), text
        assert (ours["repeated_mark"] >= 0) == bool(INVISIBLE.check(text) & icu.USpoofChecks.INVISIBLE), text
        # A name is refused whenever ICU flags it on any of the three.
        flagged = (icu_level(text) not in ("ascii", "singleScript", "highlyRestrictive")
                   or ours["number_systems"] > 1 or ours["repeated_mark"] >= 0)
        if flagged:
            assert ours["contact"] != "accepted", text


def test_named_confusables_share_a_skeleton_with_icu(testkit, versions):
    pairs = [("Alice", "\u0430lice"), ("mallory", "rnallory"), ("BOB", "B0B"), ("Ian", "lan"),
             ("alice", "Alice"), ("Alice", "\uff21\uff4c\uff49\uff43\uff45"), ("paypal", "p\u0430yp\u0430l")]
    texts = [t for pair in pairs for t in pair]
    results = testkit.call("unicode_texts", texts=[hexed(t) for t in texts])["results"]
    for (a, b), ra, rb in zip(pairs, results[0::2], results[1::2]):
        plain = icu_skeleton(a) == icu_skeleton(b)
        folded = icu_skeleton(NFKC_CF.normalize(a)) == icu_skeleton(NFKC_CF.normalize(b))
        assert plain or folded, (a, b)
        assert (ra["skeleton"] == rb["skeleton"]) == plain, (a, b)
        assert (ra["folded_skeleton"] == rb["folded_skeleton"]) == folded, (a, b)
