"""A local stand-in for Horizon, for end-to-end tests of `airsign-watch stellar`.

It keeps accounts (sequence number, signers with weights, medium threshold) and answers the
three things the watch asks, the way Horizon does:
- GET /accounts/<G…>: the account with `sequence` as a decimal string (404 when unknown);
- GET /fee_stats: `last_ledger_base_fee`;
- POST /transactions (form field `tx`): stellar-sdk parses the envelope for the network, checks
  the sequence number against the source account's and the signatures against its signers'
  weights; on success the account's sequence moves on and the reply carries hash, ledger and
  result XDR; on failure a 400 problem document with `extras.result_codes` and `result_xdr`,
  both built with stellar-sdk's XDR types.
- POST /rpc: a Stellar RPC server over the same accounts (rpc_fixture.py), where Stellar's
  quickstart image serves its RPC.
"""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs

from stellar_sdk import Keypair, parse_transaction_envelope_from_xdr, xdr
from stellar_sdk.exceptions import BadSignatureError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from loopback import LoopbackServer  # noqa: E402
from rpc_fixture import FixtureRPC  # noqa: E402


class Sequences:
    """The fixture Horizon's accounts as the RPC fixture reads them: id → sequence number."""

    def __init__(self, accounts):
        self.accounts = accounts

    def __contains__(self, account_id):
        return account_id in self.accounts

    def __getitem__(self, account_id):
        return self.accounts[account_id]["sequence"]

    def __setitem__(self, account_id, sequence):
        self.accounts[account_id]["sequence"] = sequence


def horizon_name(code: xdr.TransactionResultCode) -> str:
    """Horizon's result code text for a transaction result code (txBAD_SEQ → tx_bad_seq)."""
    if code == xdr.TransactionResultCode.txNO_ACCOUNT:
        return "tx_no_source_account"
    return "tx_" + code.name[2:].lower()


def result_xdr(fee: int, code: xdr.TransactionResultCode, op_types=()) -> str:
    results = None
    if code in (xdr.TransactionResultCode.txSUCCESS, xdr.TransactionResultCode.txFAILED):
        results = []
        for t in op_types:
            # Every operation this fixture accepts is a payment or a bump; both succeed with a void body.
            if t == xdr.OperationType.PAYMENT:
                tr = xdr.OperationResultTr(type=t, payment_result=xdr.PaymentResult(xdr.PaymentResultCode.PAYMENT_SUCCESS))
            elif t == xdr.OperationType.BUMP_SEQUENCE:
                tr = xdr.OperationResultTr(type=t, bump_seq_result=xdr.BumpSequenceResult(xdr.BumpSequenceResultCode.BUMP_SEQUENCE_SUCCESS))
            else:
                raise ValueError(f"fixture does not apply {t}")
            results.append(xdr.OperationResult(code=xdr.OperationResultCode.opINNER, tr=tr))
    result = xdr.TransactionResult(
        fee_charged=xdr.Int64(fee), result=xdr.TransactionResultResult(code=code, results=results),
        ext=xdr.TransactionResultExt(0))
    return result.to_xdr()


class FixtureHorizon(LoopbackServer):
    def __init__(self, network_passphrase: str, base_fee: int = 100):
        self.passphrase = network_passphrase
        self.base_fee = base_fee
        self.accounts = {}
        self.ledger = 1000
        self.submitted = []
        # When set, every submission is refused with this TransactionResultCode.
        self.force_code = None
        self.lock = threading.Lock()
        self.rpc = FixtureRPC(network_passphrase, accounts=Sequences(self.accounts), serve=False)
        fixture = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def reply(self, status, body):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/hal+json" if status == 200 else "application/problem+json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                with fixture.lock:
                    status, body = fixture.get(self.path)
                self.reply(status, body)

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                if self.path == "/rpc":
                    with fixture.lock:
                        body = fixture.rpc.handle(self.rfile.read(length))
                    self.reply(200, body)
                    return
                form = parse_qs(self.rfile.read(length).decode())
                with fixture.lock:
                    status, body = fixture.post(self.path, self.headers.get("Content-Type", ""), form)
                self.reply(status, body)

        self.serve(Handler)

    def add_account(self, account_id, sequence, signers=None, med_threshold=0):
        self.accounts[account_id] = {
            "sequence": sequence,
            "signers": signers if signers is not None else {account_id: 1},
            "med": med_threshold,
        }

    def get(self, path):
        if path.startswith("/accounts/"):
            account_id = path[len("/accounts/"):]
            account = self.accounts.get(account_id)
            if account is None:
                return 404, {"type": "https://stellar.org/horizon-errors/not_found", "title": "Resource Missing", "status": 404}
            return 200, {
                "id": account_id, "account_id": account_id, "sequence": str(account["sequence"]),
                "thresholds": {"low_threshold": 0, "med_threshold": account["med"], "high_threshold": 0},
                "signers": [{"key": k, "weight": w, "type": "ed25519_public_key"} for k, w in account["signers"].items()],
            }
        if path == "/fee_stats":
            return 200, {"last_ledger": str(self.ledger), "last_ledger_base_fee": str(self.base_fee),
                         "fee_charged": {"mode": str(self.base_fee)}}
        return 404, {"title": "Resource Missing", "status": 404}

    def failure(self, envelope_xdr, fee, code, tx_hash):
        return 400, {
            "type": "https://stellar.org/horizon-errors/transaction_failed", "title": "Transaction Failed", "status": 400,
            "extras": {"envelope_xdr": envelope_xdr, "hash": tx_hash,
                       "result_codes": {"transaction": horizon_name(code)}, "result_xdr": result_xdr(fee, code)},
        }

    def post(self, path, content_type, form):
        if path != "/transactions" or not content_type.startswith("application/x-www-form-urlencoded") or list(form) != ["tx"]:
            return 400, {"title": "Transaction Malformed", "status": 400}
        envelope_xdr = form["tx"][0]
        try:
            envelope = parse_transaction_envelope_from_xdr(envelope_xdr, self.passphrase)
        except Exception:
            return 400, {"title": "Transaction Malformed", "status": 400, "extras": {"envelope_xdr": envelope_xdr}}
        self.submitted.append(envelope_xdr)
        tx = envelope.transaction
        tx_hash = envelope.hash_hex()
        if self.force_code is not None:
            return self.failure(envelope_xdr, tx.fee, self.force_code, tx_hash)
        source = tx.source.account_id
        account = self.accounts.get(source)
        if account is None:
            return self.failure(envelope_xdr, tx.fee, xdr.TransactionResultCode.txNO_ACCOUNT, tx_hash)
        if tx.sequence != account["sequence"] + 1:
            return self.failure(envelope_xdr, tx.fee, xdr.TransactionResultCode.txBAD_SEQ, tx_hash)
        weight = 0
        used = set()
        for signature in envelope.signatures:
            for key, w in account["signers"].items():
                keypair = Keypair.from_public_key(key)
                if key in used or keypair.signature_hint() != signature.signature_hint:
                    continue
                try:
                    keypair.verify(envelope.hash(), signature.signature)
                except BadSignatureError:
                    continue
                used.add(key)
                weight += w
        if weight == 0 or weight < account["med"]:
            return self.failure(envelope_xdr, tx.fee, xdr.TransactionResultCode.txBAD_AUTH, tx_hash)
        account["sequence"] = tx.sequence
        self.ledger += 1
        op_types = [op.to_xdr_object().body.type for op in tx.operations]
        return 200, {
            "hash": tx_hash, "ledger": self.ledger, "successful": True, "envelope_xdr": envelope_xdr,
            "result_xdr": result_xdr(tx.fee, xdr.TransactionResultCode.txSUCCESS, op_types),
        }
