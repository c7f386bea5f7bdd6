"""quill's everyday operations end to end through both programs: airsign-watch builds the
request and shows it as a QR PNG, airsign-signer scans it, prints its review (checked here),
signs from its PIN-encrypted keystore and answers with a QR PNG, the watch finalizes. Every
signed envelope's request id is recomputed by ic-py and by the spec's hash (ic_spec.py), its
signature verified by coincurve, and its Candid argument decoded by ic-py to the values asked
for: a neuron stake (ledger transfer + claim), a dissolve-delay increase, an ICRC-2 approve and
a manage_neuron Follow."""
import json
import os
import sys
from pathlib import Path

import cbor2
import coincurve
from coincurve.ecdsa import cdata_to_der, deserialize_compact
from ic.candid import decode as ic_decode
from ic.candid import labelHash
from ic.utils import to_request_id as ic_request_id

sys.path.insert(0, str(Path(__file__).parent))
from conftest import run_program, unwrapped  # noqa: E402
from ic_spec import h, hash_of_map  # noqa: E402

# quill's test identity (its PEM; the private key is the secp256k1 scalar below).
PEM = """-----BEGIN EC PRIVATE KEY-----
MHQCAQEEIJuWMc4BX7LWlt0H384ByBfXIlE5TIRYDQ3VsMH0D5QhoAcGBSuBBAAK
oUQDQgAEy7NOO4Y3IKw5bhaqYbWJUdb8jQFIKhS/2gyvtZLNEIABSBQATvpbB3/d
vIBXddEaiMrQBLHAJ9aOZ2WumQFyqw==
-----END EC PRIVATE KEY-----
"""
KEY = bytes.fromhex("9b9631ce015fb2d696dd07dfce01c817d72251394c84580d0dd5b0c1f40f9421")
PRINCIPAL = "fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae"
GOVERNANCE = bytes.fromhex("00000000000000010101")
LEDGER = bytes.fromhex("00000000000000020101")
DOMAIN = b"\x0aic-request"


def field(value, name):
    return value["_%d" % labelHash(name)]


class Machines:
    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.env = dict(os.environ, AIRSIGN_SIGNER_HOME=str(tmp / "signer"), AIRSIGN_WATCH_HOME=str(tmp / "watch"))
        self.pin = tmp / "pin"
        self.pin.write_text("icp-flows-pin-4711\n")
        os.chmod(self.pin, 0o600)
        pem = tmp / "identity.pem"
        pem.write_text(PEM)
        os.chmod(pem, 0o600)
        self.signer("init", "--pin-file", str(self.pin), "--kdf", "interactive")
        self.signer("key", "import", "quill", "--kind", "icp-pem", "--from", str(pem), "--pin-file", str(self.pin))
        self.signer("account", "export", PRINCIPAL, "--out", str(tmp / "accounts.json"))
        self.watch("account", "import", str(tmp / "accounts.json"))

    def run(self, program, *args):
        return run_program(program, *args, env=self.env, check=True)

    def signer(self, *args):
        return self.run("airsign-signer", *args)

    def watch(self, *args):
        return self.run("airsign-watch", *args)

    def flow(self, name, builder):
        """watch → QR → signer (review returned) → QR → watch finalize; the signed messages."""
        # A directory of frames: a batch (the stake's two requests) needs several QR codes.
        request_frames = self.tmp / f"{name}-request"
        self.watch("icp", *builder, "--out", str(self.tmp / f"{name}-request.json"), "--qr", f"{request_frames}/")
        response_png = self.tmp / f"{name}-response.png"
        signed = self.signer("sign", "--scan", *sorted(str(p) for p in request_frames.glob("*.png")), "--yes", "--pin-file", str(self.pin),
                             "--compact", "--qr", str(response_png), "--out", str(self.tmp / f"{name}-response.json"))
        final = self.tmp / f"{name}-final.json"
        self.watch("finalize", "--scan", str(response_png), "--out", str(final))
        responses = [json.loads(line) for line in final.read_text().splitlines() if line.strip()]
        if len(responses) == 1 and isinstance(responses[0], list):
            responses = responses[0]
        messages = [m for r in responses for m in r["result"]["messages"]]
        return " ".join(unwrapped(signed.stderr).split()), messages


def verified_calls(messages):
    """Each message's call content, after its request id and signature are checked."""
    pub = coincurve.PrivateKey(KEY).public_key.format(compressed=False)
    der = bytes.fromhex("3056301006072a8648ce3d020106052b8104000a034200") + pub
    calls = []
    for message in messages:
        raw = bytes.fromhex(message["ingress"]["content"])
        envelope = cbor2.loads(raw)
        content = dict(envelope["content"])
        rid = hash_of_map(content)
        assert ic_request_id(content) == rid
        assert message["ingress"]["request_id"] == rid.hex()
        assert envelope["sender_pubkey"] == der
        sig = envelope["sender_sig"]
        assert coincurve.PublicKey(pub).verify(cdata_to_der(deserialize_compact(sig)), DOMAIN + rid, hasher=lambda m: h(m))
        calls.append(content)
    return calls


def test_neuron_stake_then_claim(tmp_path):
    machines = Machines(tmp_path)
    review, messages = machines.flow("stake", ["neuron", "stake", "--from", PRINCIPAL, "--amount", "1.5", "--name", "neuron"])
    nonce = int.from_bytes(b"neuron".rjust(8, b"\0"), "big")
    assert f"purpose stake for your neuron with nonce {nonce}: the NNS governance account for it" in review, review
    assert f"summary Claim or refresh the neuron staked with memo {nonce} for controller {PRINCIPAL}" in review, review
    transfer, claim = verified_calls(messages)
    assert transfer["canister_id"] == LEDGER and transfer["method_name"] == "transfer"
    [arg] = ic_decode(transfer["arg"])
    assert field(arg["value"], "amount") == {"_%d" % labelHash("e8s"): 150_000_000}
    assert field(arg["value"], "memo") == nonce
    assert claim["canister_id"] == GOVERNANCE and claim["method_name"] == "manage_neuron"
    [arg] = ic_decode(claim["arg"])
    [command] = field(arg["value"], "command")
    by = field(command, "ClaimOrRefresh")
    [chosen] = field(by, "by")
    memo_and_controller = field(chosen, "MemoAndController")
    assert field(memo_and_controller, "memo") == nonce
    assert field(memo_and_controller, "controller")[0].to_str() == PRINCIPAL


def test_dissolve_delay_and_follow(tmp_path):
    machines = Machines(tmp_path)
    review, messages = machines.flow("manage", ["neuron", "manage", "1234", "--from", PRINCIPAL, "--additional-dissolve-delay", "1y",
                                                "--follow", "4", "--followees", "27,28"])
    assert "summary Increase the dissolve delay of neuron 1234 by 1 year (31_557_600 s)" in review, review
    assert "summary Set neuron 1234 to follow neuron 27, neuron 28 on Governance (topic 4)" in review, review
    delay, follow = verified_calls(messages)
    for content in (delay, follow):
        assert content["canister_id"] == GOVERNANCE and content["method_name"] == "manage_neuron"
    [arg] = ic_decode(delay["arg"])
    assert field(arg["value"], "neuron_id_or_subaccount") == [{"_%d" % labelHash("NeuronId"): {"_%d" % labelHash("id"): 1234}}]
    [command] = field(arg["value"], "command")
    [operation] = field(field(command, "Configure"), "operation")
    assert field(field(operation, "IncreaseDissolveDelay"), "additional_dissolve_delay_seconds") == 31_557_600
    [arg] = ic_decode(follow["arg"])
    [command] = field(arg["value"], "command")
    body = field(command, "Follow")
    assert field(body, "topic") == 4
    assert field(body, "followees") == [{"_%d" % labelHash("id"): 27}, {"_%d" % labelHash("id"): 28}]


def test_icrc2_approve(tmp_path):
    machines = Machines(tmp_path)
    review, messages = machines.flow("approve", ["approve", "--from", PRINCIPAL, "--spender", "2vxsx-fae", "--amount", "2.5",
                                                 "--expected-allowance", "0"])
    assert "ICP spending approval (ICRC-2)" in review, review
    assert "allowance 2.5 ICP" in review and "spender 2vxsx-fae" in review, review
    [approve] = verified_calls(messages)
    assert approve["canister_id"] == LEDGER and approve["method_name"] == "icrc2_approve"
    [arg] = ic_decode(approve["arg"])
    assert field(arg["value"], "amount") == 250_000_000
    assert field(arg["value"], "expected_allowance") == [0]
    assert field(field(arg["value"], "spender"), "owner").to_str() == "2vxsx-fae"
    assert field(arg["value"], "fee") == [10_000]
