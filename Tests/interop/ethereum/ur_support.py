"""Single-part Blockchain Commons URs written and read here, independently of Airsign's
transport code (BCR-2020-005 and BCR-2020-012): minimal bytewords (first and last letter of each
word) over the CBOR followed by its big-endian CRC-32. The word list is BCR-2020-012's."""
import zlib

WORDS = """able acid also apex aqua arch atom aunt away axis back bald barn belt beta bias
blue body brag brew bulb buzz calm cash cats chef city claw code cola cook cost
crux curl cusp cyan dark data days deli dice diet door down draw drop drum dull
duty each easy echo edge epic even exam exit eyes fact fair fern figs film fish
fizz flap flew flux foxy free frog fuel fund gala game gear gems gift girl glow
good gray grim guru gush gyro half hang hard hawk heat help high hill holy hope
horn huts iced idea idle inch inky into iris iron item jade jazz join jolt jowl
judo jugs jump junk jury keep keno kept keys kick kiln king kite kiwi knob lamb
lava lazy leaf legs liar limp lion list logo loud love luau luck lung main many
math maze memo menu meow mild mint miss monk nail navy need news next noon note
numb obey oboe omit onyx open oval owls paid part peck play plus poem pool pose
puff puma purr quad quiz race ramp real redo rich road rock roof ruby ruin runs
rust safe saga scar sets silk skew slot soap solo song stub surf swan taco task
taxi tent tied time tiny toil tomb toys trip tuna twin ugly undo unit urge user
vast very veto vial vibe view visa void vows wall wand warm wasp wave waxy webs
what when whiz wolf work yank yawn yell yoga yurt zaps zero zest zinc zone zoom""".split()
assert len(WORDS) == 256
MINIMAL = [w[0] + w[-1] for w in WORDS]
BY_MINIMAL = {m: i for i, m in enumerate(MINIMAL)}


def encode(ur_type: str, cbor: bytes) -> str:
    body = cbor + zlib.crc32(cbor).to_bytes(4, "big")
    return f"ur:{ur_type}/" + "".join(MINIMAL[b] for b in body)


def decode(text: str) -> tuple[str, bytes]:
    """(type, CBOR) of a single-part UR in either case; raises on a bad checksum."""
    text = text.strip().lower()
    assert text.startswith("ur:"), text[:40]
    ur_type, _, words = text[3:].partition("/")
    assert "/" not in words, "a multi-part UR"
    body = bytes(BY_MINIMAL[words[i:i + 2]] for i in range(0, len(words), 2))
    cbor, crc = body[:-4], body[-4:]
    assert zlib.crc32(cbor).to_bytes(4, "big") == crc, "bad bytewords checksum"
    return ur_type, cbor
