"""A local stand-in for an IC boundary node, for `airsign-watch icp send` (test fixture only).

/api/v2/canister/<id>/call accepts a call envelope only when its CBOR decodes, its request id
(computed here from the spec) and secp256k1/Ed25519 signature verify, its sender is the key's
principal, its canister is the URL's, and its expiry lies within 5 minutes of this node's clock
(which `clock_offset` moves); it then answers 202 and marks the request replied with
`variant { Ok = 42 : nat64 }`. /read_state answers a verified read_state envelope for
`request_status` with a certificate whose tree holds the status and reply; the certificate's
signature is zeros (nothing verifies it)."""
import hashlib
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import cbor2
import coincurve
import nacl.signing
from coincurve.ecdsa import cdata_to_der, deserialize_compact
from ic.candid import Types, encode

sys.path.insert(0, str(Path(__file__).parent))
from ic_spec import h, hash_of_map, principal_text  # noqa: E402

SECP_DER = bytes.fromhex("3056301006072a8648ce3d020106052b8104000a034200")
ED_DER = bytes.fromhex("302a300506032b6570032100")
DOMAIN = b"\x0aic-request"
MAX_AHEAD = 300 * 10**9


def verify_envelope(body, clock_ns):
    """(content, request id) of a valid envelope; raises ValueError with the reason otherwise."""
    if body[:3] != b"\xd9\xd9\xf7":
        raise ValueError("no self-describe tag")
    envelope = cbor2.loads(body)
    if set(envelope) != {"content", "sender_pubkey", "sender_sig"}:
        raise ValueError("envelope keys")
    content, der, sig = envelope["content"], envelope["sender_pubkey"], envelope["sender_sig"]
    if content["sender"] != hashlib.sha224(der).digest() + b"\x02":
        raise ValueError("sender is not the key's principal")
    rid = hash_of_map(content)
    message = DOMAIN + rid
    if der.startswith(SECP_DER) and len(der) == 88:
        if not coincurve.PublicKey(der[-65:]).verify(cdata_to_der(deserialize_compact(sig)), message, hasher=h):
            raise ValueError("bad signature")
    elif der.startswith(ED_DER) and len(der) == 44:
        nacl.signing.VerifyKey(der[-32:]).verify(message, sig)
    else:
        raise ValueError("unknown key type")
    expiry = content["ingress_expiry"]
    if not clock_ns < expiry <= clock_ns + MAX_AHEAD:
        raise ValueError(f"ingress_expiry {expiry} is not within 5 minutes after {clock_ns}")
    return content, rid


def labeled(label, tree):
    return [2, label, tree]


def fork(left, right):
    return [1, left, right]


def leaf(value):
    return [3, value]


class BoundaryNode:
    REPLY = encode([{"type": Types.Variant({"Ok": Types.Nat64}), "value": {"Ok": 42}}])

    def __init__(self, clock, clock_offset=0):
        self.clock = clock  # seconds, a callable
        self.clock_offset = clock_offset
        self.replied = {}  # request id -> sender
        self.accepted = []  # (request id, ingress_expiry)
        self.refused = []  # reasons
        node = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                parts = self.path.strip("/").split("/")
                if len(parts) != 5 or parts[:3] != ["api", "v2", "canister"] or parts[4] not in ("call", "read_state"):
                    return self.answer(404, b"")
                status, payload = node.handle(parts[3], parts[4], body)
                self.answer(status, payload)

            def answer(self, status, payload):
                self.send_response(status)
                self.send_header("Content-Type", "application/cbor")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def now_ns(self):
        return int((self.clock() + self.clock_offset) * 10**9)

    def handle(self, canister, endpoint, body):
        try:
            content, rid = verify_envelope(body, self.now_ns())
        except Exception as error:  # every refusal is a 400 with the reason, as a replica's would be
            self.refused.append(str(error))
            return 400, str(error).encode()
        if endpoint == "call":
            if content.get("request_type") != "call" or principal_text(content["canister_id"]) != canister:
                self.refused.append("not a call to this canister")
                return 400, b"not a call to this canister"
            self.accepted.append((rid, content["ingress_expiry"]))
            self.replied[rid] = content["sender"]
            return 202, b""
        if content.get("request_type") != "read_state":
            return 400, b"not a read_state"
        [[label, wanted]] = content["paths"]
        if label != b"request_status":
            return 400, b"only request_status"
        if wanted in self.replied and self.replied[wanted] == content["sender"]:
            status = labeled(wanted, fork(labeled(b"reply", leaf(self.REPLY)), labeled(b"status", leaf(b"replied"))))
            tree = labeled(b"request_status", status)
        else:
            tree = [0]
        certificate = cbor2.dumps(cbor2.CBORTag(55799, {"tree": tree, "signature": bytes(48)}))
        return 200, cbor2.dumps({"certificate": certificate})

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
