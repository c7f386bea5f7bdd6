"""RFC-0078 end to end on Kusama runtime 1002006 (../shared/data/rfc78/ksm.bin; skipped, and said
so, when it is absent).

A fixture node serves the runtime's V15 metadata (state_call Metadata_metadata_at_version) and
its token (system_properties). `airsign-watch substrate call --rpc` builds a staking `bond` +
`nominate` in `Utility.batch_all` by name → QR → `airsign-signer sign --scan` (the review is
checked for every argument) → QR → `airsign-watch finalize`. Then, with nothing of ours:
- the metadata hash the request signs is Kusama 1002006's published one (vectors/rfc78.json);
- the signing payload is rebuilt from the request's fields (mode 1, Some(hash)) and the
  extrinsic's sr25519 signature verifies over it with py-sr25519-bindings;
- scalecodec decodes the extrinsic's call with the runtime's metadata into the same arguments.
A tampered proof (one leaf changed, one node dropped, one extra node) and a request whose hash
disagrees are each refused by the signer with exit 3, and nothing is written.
"""
import hashlib
import json
import os
from pathlib import Path

import pytest
import sr25519
from codec_support import SHARED, Metadata, from_scalecodec
from conftest import run_program
from scalecodec.utils.ss58 import ss58_decode, ss58_encode
from test_substrate_node import ALICE, BOB, serve, signer_and_watch_with_alice

KUSAMA_GENESIS = bytes.fromhex("b0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe")
HEAD = hashlib.blake2b(b"airsign kusama head", digest_size=32).digest()
HEAD_NUMBER = 25_000_000
VECTORS = Path(__file__).resolve().parents[3] / "vectors" / "rfc78.json"


def kusama_metadata():
    path = SHARED / "rfc78" / "ksm.bin"
    if not path.exists():
        pytest.skip(f"{path} is absent: the RFC-0078 end-to-end test is SKIPPED")
    return path.read_bytes()


def compact(n):
    if n < 1 << 6:
        return bytes([n << 2])
    if n < 1 << 14:
        return (n << 2 | 1).to_bytes(2, "little")
    if n < 1 << 30:
        return (n << 2 | 2).to_bytes(4, "little")
    raw = n.to_bytes((n.bit_length() + 7) // 8, "little")
    return bytes([(len(raw) - 4) << 2 | 3]) + raw


class KusamaNode:
    def __init__(self, metadata):
        self.metadata = metadata

    def rpc(self, method, params):
        if method == "chain_getBlockHash":
            return "0x" + KUSAMA_GENESIS.hex()
        if method == "state_getRuntimeVersion":
            return {"specName": "kusama", "specVersion": 1_002_006, "transactionVersion": 26}
        if method == "system_accountNextIndex":
            return 11
        if method == "chain_getFinalizedHead":
            return "0x" + HEAD.hex()
        if method == "chain_getHeader":
            return {"number": hex(HEAD_NUMBER), "parentHash": "0x" + "00" * 32}
        if method == "state_call" and params == ["Metadata_metadata_at_version", "0x0f000000"]:
            return "0x01" + (compact(len(self.metadata)) + self.metadata).hex()
        if method == "system_properties":
            return {"ss58Format": 2, "tokenDecimals": 12, "tokenSymbol": "KSM"}
        raise KeyError(method)


def unwrap(text):
    """The review with its continuation lines joined ("| " after a space, "|" mid-word)."""
    lines = []
    for line in text.splitlines():
        stripped = line.lstrip(" ")
        if stripped.startswith("| ") and lines:
            lines[-1] += " " + stripped[2:]
        elif stripped.startswith("|") and lines:
            lines[-1] += stripped[1:]
        else:
            lines.append(line)
    return "\n".join(lines)


class Reader:
    """Just enough SCALE to find a proof's leaves and nodes (rfc78.md §1.2, §3)."""

    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, n):
        out = self.data[self.at:self.at + n]
        assert len(out) == n
        self.at += n
        return out

    def compact(self):
        mode = self.data[self.at] & 3
        if mode == 0:
            return self.take(1)[0] >> 2
        if mode == 1:
            return int.from_bytes(self.take(2), "little") >> 2
        if mode == 2:
            return int.from_bytes(self.take(4), "little") >> 2
        return int.from_bytes(self.take((self.take(1)[0] >> 2) + 4), "little")

    def string(self):
        return self.take(self.compact())

    def option(self, item):
        return item() if self.take(1)[0] else None

    def vec(self, item):
        return [item() for _ in range(self.compact())]

    def type_ref(self):
        if self.take(1)[0] == 22:
            self.compact()

    def field(self):
        self.option(self.string)
        self.type_ref()
        self.option(self.string)

    def leaf(self):
        self.vec(self.string)
        kind = self.take(1)[0]
        if kind == 0:
            self.vec(self.field)
        elif kind == 1:
            self.string()
            self.vec(self.field)
            self.compact()
        elif kind == 2:
            self.type_ref()
        elif kind == 3:
            self.take(4)
            self.type_ref()
        elif kind == 4:
            self.vec(self.type_ref)
        else:
            self.take(2)
        self.compact()


def proof_parts(proof):
    """(bytes before the nodes, the nodes, the bytes after them) and each leaf's span."""
    r = Reader(proof)
    spans = []
    for _ in range(r.compact()):
        start = r.at
        r.leaf()
        spans.append((start, r.at))
    r.vec(lambda: r.take(4))
    head_end = r.at
    nodes = r.vec(lambda: r.take(32))
    return proof[:head_end], nodes, proof[r.at:], spans


def with_nodes(proof, nodes):
    head, _, tail, _ = proof_parts(proof)
    # head ends with the leaf indices; the nodes' count prefix is rebuilt.
    return head + compact(len(nodes)) + b"".join(nodes) + tail


def setup_accounts(tmp_path):
    return signer_and_watch_with_alice(tmp_path, prefix=2, genesis=KUSAMA_GENESIS)


def test_staking_batch_by_name_end_to_end(tmp_path):
    metadata = kusama_metadata()
    published = json.loads(VECTORS.read_text())["kusama_1002006"]["metadata_hash_published"]
    server = serve(KusamaNode(metadata))
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        env, pin = setup_accounts(tmp_path)
        alice, bob = ss58_encode(ALICE, 2), ss58_encode(BOB, 2)
        args = {"calls": [
            {"pallet": "Staking", "call": "bond", "args": {"value": "1500000000000", "payee": "Staked"}},
            {"pallet": "Staking", "call": "nominate", "args": {"targets": [{"Id": bob}, {"Id": "0x" + "42" * 32}]}},
        ]}
        (tmp_path / "args.json").write_text(json.dumps(args))
        out = run_program("airsign-watch", "substrate", "call", "--rpc", url, "--from", alice, "--pallet", "Utility", "--call", "batch_all",
                          "--args-file", str(tmp_path / "args.json"), "--out", str(tmp_path / "request.json"),
                          "--qr", str(tmp_path / "request") + "/", env=env)
        assert out.returncode == 0, out.stderr
        frames = sorted((tmp_path / "request").iterdir())
        print(f"batch_all(bond, nominate): request {len((tmp_path / 'request.json').read_bytes())} bytes, {len(frames)} QR frames")
        request = json.loads((tmp_path / "request.json").read_text())
        payload = request["payload"]["signerPayload"]
        assert payload["mode"] == 1 and payload["metadataHash"] == "0x" + published

        out = run_program("airsign-signer", "sign", "--scan", str(tmp_path / "request") + "/", "--yes", "--pin-file", str(pin),
                          "--qr", str(tmp_path / "response") + "/", env=env)
        assert out.returncode == 0, out.stderr
        review = unwrap(out.stderr)
        for expected in ["call      Utility.batch_all", "calls     2 items", "calls 1   Staking.bond", "value     1.5 KSM",
                         "payee     Staked", "calls 2   Staking.nominate", "targets   2 items", f"targets 1 Id {bob}",
                         f"targets 2 Id {ss58_encode(bytes([0x42] * 32), 2)}",
                         "decoded with the chain's metadata (kusama spec 1002006), guaranteed by CheckMetadataHash",
                         f"metadata hash enabled (mode 1), 0x{published}", "nonce     11"]:
            assert expected in review, (expected, review)

        out = run_program("airsign-watch", "finalize", "--scan", str(tmp_path / "response") + "/", "--out", str(tmp_path / "final.json"), env=env)
        assert out.returncode == 0, out.stderr
        extrinsic = bytes.fromhex(json.loads((tmp_path / "final.json").read_text())["result"]["extrinsic"][2:])

        # The extrinsic: length, 0x84, MultiAddress::Id(Alice), MultiSignature::Sr25519, extra, call.
        r = Reader(extrinsic)
        assert r.compact() == len(extrinsic) - r.at and r.take(1) == b"\x84" and r.take(1) == b"\x00" and r.take(32) == ALICE
        assert r.take(1) == b"\x01"
        signature = r.take(64)
        method = bytes.fromhex(payload["method"][2:])
        assert extrinsic.endswith(method)
        extra = extrinsic[r.at:len(extrinsic) - len(method)]
        era = bytes.fromhex(payload["era"][2:])
        assert extra == era + compact(int(payload["nonce"], 16)) + compact(int(payload["tip"], 16)) + b"\x01"
        additional = (int(payload["specVersion"], 16).to_bytes(4, "little") + int(payload["transactionVersion"], 16).to_bytes(4, "little")
                      + KUSAMA_GENESIS + HEAD + b"\x01" + bytes.fromhex(published))
        signed = method + extra + additional
        message = hashlib.blake2b(signed, digest_size=32).digest() if len(signed) > 256 else signed
        assert sr25519.verify(signature, message, ALICE)

        # scalecodec reads the same call out of the extrinsic with the runtime's metadata.
        m = Metadata(metadata)
        decoded = from_scalecodec(m, m.call_type, m.decode(m.call_type, method))
        expected_args = json.loads(json.dumps(args))
        expected_args["calls"][0]["args"]["value"] = 1_500_000_000_000
        expected_args["calls"][1]["args"]["targets"][0] = {"Id": "0x" + ss58_decode(bob)}
        assert decoded == {"pallet": "Utility", "call": "batch_all", "args": expected_args}
    finally:
        server.shutdown()


def test_lying_proofs_and_hashes_are_refused(tmp_path):
    metadata = kusama_metadata()
    server = serve(KusamaNode(metadata))
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        env, pin = setup_accounts(tmp_path)
        out = run_program("airsign-watch", "substrate", "transfer", "--rpc", url, "--from", ss58_encode(ALICE, 2), "--to", ss58_encode(BOB, 2),
                          "--amount", "0.25", "--out", str(tmp_path / "request.json"), env=env)
        assert out.returncode == 0, out.stderr
        request = json.loads((tmp_path / "request.json").read_text())
        proof = bytes.fromhex(request["payload"]["metadataProof"][2:])
        _, nodes, _, spans = proof_parts(proof)
        start, end = spans[0]
        leaf = bytearray(proof)
        letter = next(i for i in range(start, end) if chr(leaf[i]).isalpha())
        leaf[letter] ^= 0x20  # one letter of one leaf's name, upper ↔ lower case
        tampered = {
            "one leaf changed": ("proof", bytes(leaf), "is not the digest of its metadata proof"),
            "one node dropped": ("proof", with_nodes(proof, nodes[:-1]), "node hash is missing"),
            "one extra node": ("proof", with_nodes(proof, nodes + [b"\x07" * 32]), "left over"),
            "another hash": ("hash", "0x" + "ab" * 32, "is not the digest of its metadata proof"),
        }
        assert with_nodes(proof, nodes) == proof
        for name, (kind, value, message) in tampered.items():
            bad = json.loads(json.dumps(request))
            if kind == "proof":
                bad["payload"]["metadataProof"] = "0x" + value.hex()
            else:
                bad["payload"]["signerPayload"]["metadataHash"] = value
            (tmp_path / "bad.json").write_text(json.dumps(bad))
            response = tmp_path / f"response-{kind}.json"
            out = run_program("airsign-signer", "sign", str(tmp_path / "bad.json"), "--yes", "--pin-file", str(pin), "--out", str(response), env=env)
            assert out.returncode == 3, (name, out.stderr)
            assert message in out.stderr, (name, out.stderr)
            assert not response.exists(), name
        # The watch's metadata hash, from the file and from the node, is the published one.
        published = json.loads(VECTORS.read_text())["kusama_1002006"]["metadata_hash_published"]
        for source in (["--metadata", str(SHARED / "rfc78" / "ksm.bin"), "--decimals", "12", "--token-symbol", "KSM"], ["--rpc", url]):
            out = run_program("airsign-watch", "substrate", "metadata-hash", *source, env=env)
            assert out.returncode == 0 and out.stdout.strip() == "0x" + published, (source, out.stderr)
        # The untampered request signs.
        out = run_program("airsign-signer", "sign", str(tmp_path / "request.json"), "--yes", "--pin-file", str(pin),
                          "--out", str(tmp_path / "good.json"), env=env)
        assert out.returncode == 0, out.stderr
    finally:
        server.shutdown()
