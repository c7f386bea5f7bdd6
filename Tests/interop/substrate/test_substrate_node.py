"""A fixture Substrate node (JSON-RPC over HTTP) for the watch's --rpc, finalize and submit.

- Our metadata reader (airsign-testkit `substrate_metadata`) is checked against V14 and V15 blobs
  built with scalecodec's own encoder (metadata_fixture.py): pallets, call indices, extensions.
- The node serves chain_getBlockHash, state_getRuntimeVersion, system_accountNextIndex,
  chain_getFinalizedHead, chain_getHeader, state_getMetadata, system_properties (when given) and
  author_submitExtrinsic (mode 0, or mode 1 when given the metadata hash). A
  submitted extrinsic is decoded with scalecodec, its signing payload rebuilt from the node's own
  state (genesis, runtime version, the finalized head as the era's checkpoint) and its sr25519
  signature verified with py-sr25519-bindings; only then is it accepted.
- End to end: `airsign-watch substrate transfer --rpc` → QR → `airsign-signer sign --scan` → QR →
  `airsign-watch finalize --scan` → `airsign-watch substrate submit --rpc` is accepted.
"""
import hashlib
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
import sr25519
from codec_support import Metadata, shared_blob
from conftest import run_program
from metadata_fixture import CALLS, PALLETS, RELAY_EXTENSIONS, STAKING_CALLS, Runtime, decoded_v15, metadata_v14, metadata_v15
from scalecodec.base import RuntimeConfiguration, ScaleBytes
from scalecodec.type_registry import load_type_registry_preset
from scalecodec.utils.ss58 import ss58_encode

GENESIS = hashlib.blake2b(b"airsign fixture chain", digest_size=32).digest()
HEAD = hashlib.blake2b(b"airsign fixture head", digest_size=32).digest()
HEAD_NUMBER = 123_456
SPEC, TX = 1_234, 7
DEV_SEED = "0xfac7959dbfe72f052e5a0c3c8d6530f202b02fd8f9f5ca3580ec8deb7797479e"
ALICE = bytes.fromhex("d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d")
BOB = bytes.fromhex("8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48")

RC = RuntimeConfiguration()
RC.update_type_registry(load_type_registry_preset("legacy"))


def dec(type_string, data, offset=0):
    obj = RC.create_scale_object(type_string, ScaleBytes(data[offset:]))
    return obj.decode(check_remaining=False), offset + obj.data.offset


def enc(type_string, value) -> bytes:
    return bytes(RC.create_scale_object(type_string).encode(value).data)


@pytest.mark.parametrize("version", [14, 15])
def test_metadata_reader_matches_scalecodec_built_metadata(testkit, version):
    blob = metadata_v14() if version == 14 else metadata_v15()
    out = testkit.call("substrate_metadata", metadata=blob.hex())
    assert "error" not in out, out
    assert out["version"] == version
    assert out["extensions"] == RELAY_EXTENSIONS
    assert {p["name"]: p["index"] for p in out["pallets"]} == PALLETS
    assert {p["name"]: p["calls"] for p in out["pallets"]} == CALLS
    # The runtime API's Option<Vec<u8>> wrapper is accepted too; truncations and junk are not.
    wrapped = b"\x01" + enc("Compact<u32>", len(blob)) + blob
    assert testkit.call("substrate_metadata", metadata=wrapped.hex()).get("version") == version
    bad = [blob[:n] for n in range(0, len(blob), 37)] + [blob + b"\x00", b"meta\x0d" + blob[5:]]
    for out in testkit.batch([{"op": "substrate_metadata", "metadata": b.hex()} for b in bad]):
        assert "error" in out


def extension_shapes(types, extensions):
    """Each signed extension's (extra, additional signed) types as nested shapes, ids left out."""
    def shape(id_):
        (kind, body), = types[id_]["def"].items()
        if kind == "composite":
            return [shape(f["type"]) for f in body["fields"]]
        if kind == "variant":
            return {v["name"]: [shape(f["type"]) for f in v["fields"]] for v in body["variants"]}
        if kind == "compact":
            return "Compact<" + shape(body["type"]) + ">"
        if kind == "array":
            return f"[{shape(body['type'])}; {body['len']}]"
        if kind == "tuple":
            return [shape(t) for t in body]
        return body if kind == "primitive" else kind
    return {e["identifier"]: (shape(e["ty"]), shape(e["additional_signed"])) for e in extensions}


def fuller_runtime():
    return metadata_v15(runtime=Runtime("polkadot", 1_003_000, 26, ss58_prefix=0))


def test_fuller_runtime_has_the_real_extension_types(testkit):
    """The docs' fixture runtime (metadata_v15(runtime=…)): scalecodec reads back each signed
    extension's extra and additional-signed types with Polkadot's layouts, and our reader reads it."""
    blob = fuller_runtime()
    value = decoded_v15(blob)
    extensions = extension_shapes({t["id"]: t["type"] for t in value["types"]["types"]}, value["extrinsic"]["signed_extensions"])
    hash32 = ["[u8; 32]"]
    assert extensions["CheckSpecVersion"] == extensions["CheckTxVersion"] == ([], "u32")
    assert extensions["CheckGenesis"] == ([], hash32)
    (era,), checkpoint = extensions["CheckMortality"]
    assert checkpoint == hash32 and len(era) == 256 and era["Immortal"] == [] and era["Mortal1"] == era["Mortal255"] == ["u8"]
    assert extensions["CheckNonce"] == (["Compact<u32>"], [])
    assert extensions["ChargeTransactionPayment"] == (["Compact<u128>"], [])
    assert extensions["CheckMetadataHash"] == ([{"Disabled": [], "Enabled": []}], {"None": [], "Some": ["[u8; 32]"]})
    for name in ["CheckNonZeroSender", "CheckWeight", "PrevalidateAttests"]:
        assert extensions[name] == ([], []), name
    out = testkit.call("substrate_metadata", metadata=blob.hex())
    assert "error" not in out, out
    assert out["extensions"] == RELAY_EXTENSIONS
    assert {p["name"]: p["calls"] for p in out["pallets"]} == dict(CALLS, Staking=STAKING_CALLS)


def test_fuller_runtime_extensions_are_laid_out_as_polkadots():
    """Each extension of the fixture runtime that Polkadot's real V15 metadata also has, with the
    same extra and additional-signed shapes (ids aside)."""
    blob = shared_blob("polkadot-metadata-v15.hex")
    if blob is None:
        pytest.skip("../shared/data/polkadot-metadata-v15.hex is absent: the comparison with Polkadot's extension types is SKIPPED")
    real = Metadata(blob)
    theirs = extension_shapes(real.types, real.extensions)
    value = decoded_v15(fuller_runtime())
    ours = extension_shapes({t["id"]: t["type"] for t in value["types"]["types"]}, value["extrinsic"]["signed_extensions"])
    common = [name for name in ours if name in theirs]
    assert len(common) >= 9, common
    for name in common:
        assert ours[name] == theirs[name], name


class Node:
    """The fixture node's state and its verification of submitted extrinsics."""

    def __init__(self, metadata: bytes, properties=None, metadata_hash: bytes = None):
        self.metadata = metadata
        # system_properties' answer (None: the method is unknown), and the runtime's RFC-0078
        # metadata hash, which a mode-1 extrinsic signs (None: mode 1 is refused).
        self.properties, self.metadata_hash = properties, metadata_hash
        self.nonce = 7
        self.accepted = []
        self.rejected = []

    def rpc(self, method, params):
        if method == "chain_getBlockHash":
            return "0x" + GENESIS.hex()
        if method == "state_getRuntimeVersion":
            return {"specName": "fixture", "specVersion": SPEC, "transactionVersion": TX}
        if method == "system_accountNextIndex":
            return self.nonce
        if method == "chain_getFinalizedHead":
            return "0x" + HEAD.hex()
        if method == "chain_getHeader":
            return {"number": hex(HEAD_NUMBER), "parentHash": "0x" + "00" * 32}
        if method == "state_getMetadata":
            return "0x" + self.metadata.hex()
        if method == "system_properties" and self.properties is not None:
            return self.properties
        if method == "author_submitExtrinsic":
            return self.submit(bytes.fromhex(params[0][2:]))
        raise KeyError(method)

    def submit(self, data: bytes):
        length, offset = dec("Compact<u32>", data)
        assert length == len(data) - offset and data[offset] == 0x84
        address, offset = dec("MultiAddress", data, offset + 1)
        signature, offset = dec("MultiSignature", data, offset)
        era_start = offset
        era, offset = dec("Era", data, offset)
        nonce, offset = dec("Compact<u32>", data, offset)
        tip, offset = dec("Compact<Balance>", data, offset)
        mode, offset = dec("u8", data, offset)
        extra, call = data[era_start:offset], data[offset:]
        (kind, raw), = signature.items()
        assert kind == "Sr25519" and nonce == self.nonce and (mode == 0 or mode == 1 and self.metadata_hash)
        pallet, index = call[0], call[1]
        assert (pallet, index) == (PALLETS["Balances"], CALLS["Balances"]["transfer_keep_alive"])
        dest, at = dec("MultiAddress", call, 2)
        amount, at = dec("Compact<Balance>", call, at)
        assert at == len(call)
        period, phase = era if isinstance(era, tuple) else (0, 0)
        assert period and HEAD_NUMBER % period == phase, "the era's checkpoint is not the finalized head"
        additional = enc("u32", SPEC) + enc("u32", TX) + GENESIS + HEAD + (b"\x01" + self.metadata_hash if mode else b"\x00")
        payload = call + extra + additional
        message = hashlib.blake2b(payload, digest_size=32).digest() if len(payload) > 256 else payload
        public = bytes.fromhex(address[2:])
        if not sr25519.verify(bytes.fromhex(raw[2:]), message, public):
            self.rejected.append(data)
            raise ValueError("bad signature")
        self.accepted.append({"from": public, "to": bytes.fromhex(dest[2:]), "amount": amount, "tip": tip})
        self.nonce += 1
        return "0x" + hashlib.blake2b(data, digest_size=32).hexdigest()


def serve(node):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            try:
                reply = {"jsonrpc": "2.0", "id": request["id"], "result": node.rpc(request["method"], request["params"])}
            except Exception as error:  # the node's refusal, as a JSON-RPC error
                reply = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": 1010, "message": str(error)}}
            body = json.dumps(reply).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def signer_and_watch_with_alice(tmp_path, prefix=42, genesis=None):
    """A signer holding the dev seed's //Alice (sr25519, on the fixture chain with prefix 42
    unless told otherwise) and a watch that imported it; returns the environment and the PIN file."""
    env = dict(os.environ, AIRSIGN_SIGNER_HOME=str(tmp_path / "signer"), AIRSIGN_WATCH_HOME=str(tmp_path / "watch"))
    pin, seed = tmp_path / "pin", tmp_path / "seed"
    pin.write_text("correct horse\n")
    seed.write_text(DEV_SEED + "\n")
    os.chmod(pin, 0o600)
    os.chmod(seed, 0o600)
    for args in [["init", "--kdf", "interactive", "--pin-file", str(pin)],
                 ["key", "import", "dev", "--kind", "substrate-seed", "--from", str(seed), "--pin-file", str(pin)],
                 ["account", "add", "dev", "--chain", "substrate", "--path", "//Alice", "--network", str(prefix),
                  "--genesis", "0x" + (genesis or GENESIS).hex(), "--pin-file", str(pin)],
                 ["account", "export", "dev", "--out", str(tmp_path / "accounts.json")]]:
        out = run_program("airsign-signer", *args, env=env)
        assert out.returncode == 0, (args, out.stderr)
    assert run_program("airsign-watch", "account", "import", str(tmp_path / "accounts.json"), env=env).returncode == 0
    return env, pin


@pytest.mark.parametrize("version", [14, 15])
def test_transfer_rpc_sign_via_qr_submit(tmp_path, version):
    node = Node(metadata_v14() if version == 14 else metadata_v15())
    server = serve(node)
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        env, pin = signer_and_watch_with_alice(tmp_path)
        alice, bob = ss58_encode(ALICE, 42), ss58_encode(BOB, 42)
        out = run_program("airsign-watch", "substrate", "transfer", "--rpc", url, "--from", alice, "--to", bob, "--amount", "1.5",
                          "--ss58", "42", "--decimals", "12", "--tip", "0.001", "--qr", str(tmp_path / "request") + "/", env=env)
        assert out.returncode == 0, out.stderr
        out = run_program("airsign-signer", "sign", "--scan", str(tmp_path / "request") + "/", "--yes", "--blind", "--pin-file", str(pin),
                          "--qr", str(tmp_path / "response") + "/", env=env)
        assert out.returncode == 0, out.stderr
        assert "pallet 5, call 3" in out.stderr  # an unknown network: the call is shown raw
        out = run_program("airsign-watch", "finalize", "--scan", str(tmp_path / "response") + "/", "--out", str(tmp_path / "final.json"), env=env)
        assert out.returncode == 0, out.stderr
        out = run_program("airsign-watch", "substrate", "submit", str(tmp_path / "final.json"), "--rpc", url, env=env)
        assert out.returncode == 0, out.stderr
        assert node.accepted == [{"from": ALICE, "to": BOB, "amount": 1_500_000_000_000, "tip": 1_000_000_000}]
        extrinsic = json.loads((tmp_path / "final.json").read_text())["result"]["extrinsic"]
        assert out.stdout.strip() == "0x" + hashlib.blake2b(bytes.fromhex(extrinsic[2:]), digest_size=32).hexdigest()
        # Submitting again: the node now expects the next nonce and refuses; exit 9 (network).
        again = run_program("airsign-watch", "substrate", "submit", str(tmp_path / "final.json"), "--rpc", url, env=env)
        assert again.returncode == 9, again.stderr
    finally:
        server.shutdown()


def test_metadata_that_does_not_read_is_a_network_error(tmp_path):
    """The node's metadata is its reply: one that does not decode is exit 9 (a reply that does
    not read), not 3, and nothing is written or stored."""
    node = Node(metadata_v14()[:-1])
    server = serve(node)
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        env, _ = signer_and_watch_with_alice(tmp_path)
        out = run_program("airsign-watch", "substrate", "transfer", "--rpc", url, "--from", ss58_encode(ALICE, 42),
                          "--to", ss58_encode(BOB, 42), "--amount", "1", "--ss58", "42", "--decimals", "12",
                          "--out", str(tmp_path / "request.json"), env=env)
        assert out.returncode == 9, out.stderr
        assert "state_getMetadata" in out.stderr and out.stderr.count("\n") == 1, out.stderr
        assert not (tmp_path / "request.json").exists()
        assert run_program("airsign-watch", "requests", "list", "--json", env=env).stdout.strip() in ("", "[]")
    finally:
        server.shutdown()
