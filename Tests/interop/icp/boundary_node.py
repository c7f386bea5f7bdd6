"""A local stand-in for an IC boundary node, for `airsign-watch icp send` (test fixture only).

/api/v2/canister/<id>/call accepts a call envelope only when its CBOR decodes, its request id
(computed here from the spec) and secp256k1/Ed25519 signature verify, its sender is the key's
principal, its canister is the URL's, and its expiry lies within 5 minutes of this node's clock
(which `clock_offset` moves); it then answers 202 and marks the request replied with
`variant { Ok = 42 : nat64 }`. /read_state answers a verified read_state envelope for
`request_status` with a certificate whose tree holds the status and reply, signed as a subnet
the test root key delegates to (certification.py; the watch is given that key with
`--root-key` or AIRSIGN_ICP_ROOT_KEY). `certifier` can make the answers lie: `forge` (the tree
sent is not the tree signed), `time_offset_s` (a stale /time), other `ranges` (a subnet that
may not certify for the canister), another `root_secret` (a delegation the root did not sign).

Unsigned envelopes from the anonymous principal (what `icp account-balance` and `icp call
--args` without `--did` send) get public answers only: /query for the ledgers' balance methods
(the balances in `balances`, by 64-hex account id or principal text) and /read_state of
`/canister/<id>/metadata/candid:service` (the interfaces in `metadata`, by canister text) and of
`/subnet` (the certified Ed25519 key of the subnet's one node, at
`/subnet/<subnet>/node/<node>/public_key`). Query answers carry that node's signature over
`"\x0Bic-response" ‖ hash_of_map({status, reply…, timestamp, request_id})` (interface spec,
"Query call"); `query_signing` can make them lie: `none` (no signatures), `forge` (the reply sent
is not the reply signed), `unknown_node` (signed by a key the subnet does not list),
`bad_signature` (a signature that does not verify). `reject_calls` answers every valid call with
a v2 synchronous reject, which no certificate covers.

A canister in `consent` (canister text -> a function of the method and argument bytes that
returns the consent message's text) speaks ICRC-21: its `icrc10_supported_standards` query lists
ICRC-21, and an anonymous update call of `icrc21_canister_call_consent_message` (decoded here
by ic-py) is accepted with 202 and replied with `variant { Ok = record { consent_message =
variant { GenericDisplayMessage = <text> }; metadata } }`, read back by an anonymous read_state
of its request status in a certificate. `ranges_layout = "sharded"` certifies the delegation's
canister ranges at `/canister_ranges/<subnet>/<shard>` instead of `/subnet/<subnet>/canister_ranges`."""
import hashlib
import sys
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import cbor2
import coincurve
import nacl.signing
from coincurve.ecdsa import cdata_to_der, deserialize_compact
from ic.candid import Types, decode, encode, labelHash

sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parent.parent)]
from certification import Certifier, empty, fork, labeled, leaf  # noqa: E402
from ic_spec import h, hash_of_map, principal_text  # noqa: E402
from loopback import LoopbackServer  # noqa: E402

SECP_DER = bytes.fromhex("3056301006072a8648ce3d020106052b8104000a034200")
ED_DER = bytes.fromhex("302a300506032b6570032100")
DOMAIN = b"\x0aic-request"
MAX_AHEAD = 300 * 10**9
RESPONSE_DOMAIN = b"\x0bic-response"
NODE_KEY = nacl.signing.SigningKey(hashlib.sha256(b"airsign boundary-node fixture: node key").digest())
STRANGER_KEY = nacl.signing.SigningKey(hashlib.sha256(b"airsign boundary-node fixture: not a node").digest())


def node_der(key):
    return ED_DER + bytes(key.verify_key)


def node_id(key):
    return hashlib.sha224(node_der(key)).digest() + b"\x02"


def signed_query(answer, request_id, now_ns, mode="ok"):
    """The query answer with its node signature as the spec describes (or a lie, per `mode`)."""
    if mode == "none":
        return answer
    key = STRANGER_KEY if mode == "unknown_node" else NODE_KEY
    signature = key.sign(RESPONSE_DOMAIN + hash_of_map({**answer, "timestamp": now_ns, "request_id": request_id})).signature
    if mode == "bad_signature":
        signature = bytes([signature[0] ^ 1]) + signature[1:]
    sent = dict(answer)
    if mode == "forge":
        sent["reply"] = {"arg": encode([{"type": Types.Record({"e8s": Types.Nat64}), "value": {"e8s": 10**15}}])}
    return {**sent, "signatures": [{"timestamp": now_ns, "signature": signature, "identity": node_id(key)}]}


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


def field(record, name):
    return record["_%d" % labelHash(name)]


def consent_reply(text):
    """An ICRC-21 `Ok` answer with `text` as the generic display message, language "en"."""
    info = Types.Record({
        "consent_message": Types.Variant({"GenericDisplayMessage": Types.Text}),
        "metadata": Types.Record({"language": Types.Text, "utc_offset_minutes": Types.Opt(Types.Int16)}),
    })
    value = {"Ok": {"consent_message": {"GenericDisplayMessage": text}, "metadata": {"language": "en", "utc_offset_minutes": []}}}
    return encode([{"type": Types.Variant({"Ok": info, "Err": Types.Null}), "value": value}])


class BoundaryNode(LoopbackServer):
    REPLY = encode([{"type": Types.Variant({"Ok": Types.Nat64}), "value": {"Ok": 42}}])

    def __init__(self, clock, clock_offset=0):
        self.clock = clock  # seconds, a callable
        self.clock_offset = clock_offset
        self.replied = {}  # request id -> sender
        self.accepted = []  # (request id, ingress_expiry)
        self.refused = []  # reasons
        self.balances = {}  # 64-hex account id or principal text -> e8s / token units
        self.metadata = {}  # canister text -> candid:service text
        self.certifier = Certifier()
        self.query_signing = "ok"
        self.reject_calls = False  # answer calls with a v2 synchronous reject (no certificate covers it)
        self.consent = {}  # canister text -> (method, arg bytes) -> consent message text
        self.consent_replies = {}  # request id of an anonymous consent call -> reply bytes
        node = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                parts = self.path.strip("/").split("/")
                if len(parts) != 5 or parts[:3] != ["api", "v2", "canister"] or parts[4] not in ("call", "read_state", "query"):
                    return self.answer(404, b"")
                status, payload = node.handle(parts[3], parts[4], body)
                self.answer(status, payload)

            def answer(self, status, payload):
                self.send_response(status)
                self.send_header("Content-Type", "application/cbor")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self.serve(Handler)

    def now_ns(self):
        return int((self.clock() + self.clock_offset) * 10**9)

    def handle(self, canister, endpoint, body):
        if body[:3] == b"\xd9\xd9\xf7" and set(cbor2.loads(body)) == {"content"}:
            return self.handle_anonymous(canister, endpoint, cbor2.loads(body)["content"])
        try:
            content, rid = verify_envelope(body, self.now_ns())
        except Exception as error:  # every refusal is a 400 with the reason, as a replica's would be
            self.refused.append(str(error))
            return 400, str(error).encode()
        if endpoint == "call":
            if content.get("request_type") != "call" or principal_text(content["canister_id"]) != canister:
                self.refused.append("not a call to this canister")
                return 400, b"not a call to this canister"
            if self.reject_calls:
                return 200, cbor2.dumps({"reject_code": 5, "reject_message": "canister trapped", "error_code": "IC0503"})
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
            tree = labeled(b"request_status", empty())
        return 200, cbor2.dumps({"certificate": self.certifier.certificate(tree, self.now_ns())})

    def handle_anonymous(self, canister, endpoint, content):
        """Public reads by the anonymous principal: balance queries and candid:service."""
        if content.get("sender") != b"\x04" or not self.now_ns() < content.get("ingress_expiry", 0) <= self.now_ns() + MAX_AHEAD:
            self.refused.append("an unsigned envelope must come from the anonymous principal, within 5 minutes")
            return 400, b"bad anonymous envelope"
        if endpoint == "call" and content.get("request_type") == "call":
            if canister not in self.consent or content.get("method_name") != "icrc21_canister_call_consent_message":
                return 400, b"only ICRC-21 consent calls may be anonymous here"
            [request] = decode(content["arg"])
            method, arg = field(request["value"], "method"), bytes(field(request["value"], "arg"))
            self.consent_replies[hash_of_map(content)] = consent_reply(self.consent[canister](method, arg))
            return 202, b""
        if endpoint == "query" and content.get("request_type") == "query" and content["method_name"] == "icrc10_supported_standards":
            if canister not in self.consent:
                answer = {"status": "rejected", "reject_code": 3, "reject_message": "no such query method"}
            else:
                standards = Types.Vec(Types.Record({"name": Types.Text, "url": Types.Text}))
                listed = [{"name": "ICRC-10", "url": "https://github.com/dfinity/ICRC/ICRCs/ICRC-10"},
                          {"name": "ICRC-21", "url": "https://github.com/dfinity/wg-identity-authentication/blob/main/topics/ICRC-21/icrc_21_consent_msg.md"}]
                answer = {"status": "replied", "reply": {"arg": encode([{"type": standards, "value": listed}])}}
            return 200, cbor2.dumps(signed_query(answer, hash_of_map(content), self.now_ns(), self.query_signing))
        if endpoint == "query" and content.get("request_type") == "query":
            [arg] = decode(content["arg"])
            if content["method_name"] == "account_balance":
                key = bytes(arg["value"]["_%d" % labelHash("account")]).hex()
                reply = encode([{"type": Types.Record({"e8s": Types.Nat64}), "value": {"e8s": self.balances.get(key, 0)}}])
            elif content["method_name"] == "icrc1_balance_of":
                key = arg["value"]["_%d" % labelHash("owner")].to_str()
                reply = encode([{"type": Types.Nat, "value": self.balances.get(key, 0)}])
            else:
                answer = {"status": "rejected", "reject_code": 3, "reject_message": "no such query method"}
                return 200, cbor2.dumps(signed_query(answer, hash_of_map(content), self.now_ns(), self.query_signing))
            answer = {"status": "replied", "reply": {"arg": reply}}
            return 200, cbor2.dumps(signed_query(answer, hash_of_map(content), self.now_ns(), self.query_signing))
        if endpoint == "read_state" and content.get("request_type") == "read_state":
            [path] = [list(p) for p in content["paths"]]
            if len(path) == 2 and path[0] == b"request_status" and bytes(path[1]) in self.consent_replies:
                rid = bytes(path[1])
                status = labeled(rid, fork(labeled(b"reply", leaf(self.consent_replies[rid])), labeled(b"status", leaf(b"replied"))))
                return 200, cbor2.dumps({"certificate": self.certifier.certificate(labeled(b"request_status", status), self.now_ns())})
            if path == [b"subnet"]:
                node = labeled(node_id(NODE_KEY), labeled(b"public_key", leaf(node_der(NODE_KEY))))
                tree = labeled(b"subnet", labeled(self.certifier.SUBNET_ID, labeled(b"node", node)))
                return 200, cbor2.dumps({"certificate": self.certifier.certificate(tree, self.now_ns())})
            canister_id = bytes(path[1]) if len(path) == 4 else b""
            if path[0] != b"canister" or path[2:] != [b"metadata", b"candid:service"] or principal_text(canister_id) != canister:
                return 403, b"only candid:service metadata is public here"
            did = self.metadata.get(canister)
            inner = labeled(b"metadata", labeled(b"candid:service", leaf(did.encode()))) if did is not None else empty()
            tree = labeled(b"canister", labeled(canister_id, inner))
            return 200, cbor2.dumps({"certificate": self.certifier.certificate(tree, self.now_ns())})
        return 400, b"not a public read"
