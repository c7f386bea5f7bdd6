"""A local stand-in for a Stellar RPC server, for end-to-end tests of `airsign-watch stellar`
with Soroban transactions.

It speaks JSON-RPC 2.0 with named parameters and answers the four methods the watch calls with
the reply shapes of the Stellar RPC documentation
(https://developers.stellar.org/docs/data/apis/rpc/api-reference/methods/{simulateTransaction,
getLedgerEntries,sendTransaction,getTransaction}); every XDR value in a reply is built with
stellar-sdk's XDR classes:
- getLedgerEntries: `{"entries":[{"key","xdr","lastModifiedLedgerSeq","liveUntilLedgerSeq"}],
  "latestLedger"}` for the accounts it holds (the entry's `xdr` is the account's LedgerEntryData);
- simulateTransaction: `{"transactionData","minResourceFee","events","results":[{"auth","xdr"}],
  "cost","latestLedger"}`: the footprint is the called contract's instance (read-only) and the
  account entries of the call's account arguments (read-write); each account argument other
  than the source gets an address-credentials authorization (nonce, expiration latest+100), the
  source's own one source-account credentials; a TTL extension or restore keeps its footprint;
- sendTransaction: stellar-sdk parses the envelope, checks the sequence number and the source's
  signature, and every signed address-credentials authorization against its address; `PENDING`
  with the hash, or `ERROR` with `errorResultXdr`;
- getTransaction: `NOT_FOUND` on the first poll of a hash, then `SUCCESS` with `ledger`,
  `resultXdr` (the operation's success result, the fee charged) and `resultMetaXdr` (a
  TransactionMeta v4 from meta_random.py: ledger entry changes and events around the call's
  return value, `RETURN_VALUE` for a contract call, and the resource fee split `FEES`).
"""
import base64
import hashlib
import json
import random
import sys
import threading
from http.server import BaseHTTPRequestHandler
from pathlib import Path

from stellar_sdk import Keypair, StrKey, parse_transaction_envelope_from_xdr, xdr as x
from stellar_sdk.exceptions import BadSignatureError

import meta_random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from loopback import LoopbackServer  # noqa: E402

RESOURCE_FEE = 52_381
# What a contract call "returns" here, and the resource fee split charged
# (non-refundable, refundable, rent).
RETURN_VALUE = x.SCVal(x.SCValType.SCV_U32, u32=x.Uint32(7))
FEES = (41_000, 1_381, 500)


def account_entry(account_id: str, sequence: int) -> x.LedgerEntryData:
    return x.LedgerEntryData(x.LedgerEntryType.ACCOUNT, account=x.AccountEntry(
        account_id=Keypair.from_public_key(account_id).xdr_account_id(), balance=x.Int64(10**10),
        seq_num=x.SequenceNumber(x.Int64(sequence)), num_sub_entries=x.Uint32(0), inflation_dest=None, flags=x.Uint32(0),
        home_domain=x.String32(b""), thresholds=x.Thresholds(bytes([1, 0, 0, 0])), signers=[], ext=x.AccountEntryExt(0)))


def account_key(account_id: str) -> x.LedgerKey:
    return x.LedgerKey(x.LedgerEntryType.ACCOUNT, account=x.LedgerKeyAccount(Keypair.from_public_key(account_id).xdr_account_id()))


class FixtureRPC(LoopbackServer):
    """`accounts` maps account ids to sequence numbers (the fixture Horizon passes a view of its
    own accounts, so both serve one ledger); `serve=False` makes no HTTP server of its own (the
    fixture Horizon answers JSON-RPC at /rpc with `handle`)."""

    def __init__(self, network_passphrase: str, accounts=None, serve=True):
        self.passphrase = network_passphrase
        self.network_id = hashlib.sha256(network_passphrase.encode()).digest()
        self.accounts = {} if accounts is None else accounts
        self.ledger = 2_552_990
        self.sent = {}
        self.polled = set()
        self.calls = []
        self.lock = threading.Lock()
        fixture = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                data = json.dumps(fixture.handle(self.rfile.read(length))).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        if serve:
            self.serve(Handler)

    def handle(self, body: bytes) -> dict:
        """One JSON-RPC request's reply object."""
        request = json.loads(body)
        with self.lock:
            self.calls.append(request["method"])
            try:
                reply = {"jsonrpc": "2.0", "id": request["id"], "result": self.answer(request["method"], request["params"])}
            except KeyError as missing:
                reply = {"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32602, "message": f"invalid params: {missing}"}}
        return reply

    def add_account(self, account_id, sequence):
        self.accounts[account_id] = sequence

    def answer(self, method, params):
        return {"getLedgerEntries": self.get_ledger_entries, "simulateTransaction": self.simulate,
                "sendTransaction": self.send, "getTransaction": self.get_transaction}[method](params)

    def get_ledger_entries(self, params):
        entries = []
        for key_xdr in params["keys"]:
            key = x.LedgerKey.from_xdr(key_xdr)
            if key.type == x.LedgerEntryType.ACCOUNT:
                account_id = StrKey.encode_ed25519_public_key(key.account.account_id.account_id.ed25519.uint256)
                if account_id in self.accounts:
                    entries.append({"key": key_xdr, "xdr": account_entry(account_id, self.accounts[account_id]).to_xdr(),
                                    "lastModifiedLedgerSeq": self.ledger - 10})
        return {"entries": entries, "latestLedger": self.ledger}

    def simulate(self, params):
        envelope = parse_transaction_envelope_from_xdr(params["transaction"], self.passphrase)
        tx = envelope.transaction
        op = tx.operations[0].to_xdr_object().body
        source = tx.source.account_id
        auth = []
        if op.type == x.OperationType.INVOKE_HOST_FUNCTION:
            function = op.invoke_host_function_op.host_function
            call = function.invoke_contract
            read_only = [x.LedgerKey(x.LedgerEntryType.CONTRACT_DATA, contract_data=x.LedgerKeyContractData(
                contract=call.contract_address, key=x.SCVal(x.SCValType.SCV_LEDGER_KEY_CONTRACT_INSTANCE),
                durability=x.ContractDataDurability.PERSISTENT))]
            read_write = []
            for arg in call.args:
                if arg.type == x.SCValType.SCV_ADDRESS and arg.address.type == x.SCAddressType.SC_ADDRESS_TYPE_ACCOUNT:
                    account_id = StrKey.encode_ed25519_public_key(arg.address.account_id.account_id.ed25519.uint256)
                    read_write.append(account_key(account_id))
            invocation = x.SorobanAuthorizedInvocation(
                function=x.SorobanAuthorizedFunction(x.SorobanAuthorizedFunctionType.SOROBAN_AUTHORIZED_FUNCTION_TYPE_CONTRACT_FN,
                                                     contract_fn=call), sub_invocations=[])
            first = call.args[0] if call.args else None
            if first is not None and first.type == x.SCValType.SCV_ADDRESS:
                if first.address.type == x.SCAddressType.SC_ADDRESS_TYPE_ACCOUNT and \
                        StrKey.encode_ed25519_public_key(first.address.account_id.account_id.ed25519.uint256) == source:
                    credentials = x.SorobanCredentials(x.SorobanCredentialsType.SOROBAN_CREDENTIALS_SOURCE_ACCOUNT)
                else:
                    credentials = x.SorobanCredentials(x.SorobanCredentialsType.SOROBAN_CREDENTIALS_ADDRESS, address=x.SorobanAddressCredentials(
                        address=first.address, nonce=x.Int64(1_234_567), signature_expiration_ledger=x.Uint32(self.ledger + 100),
                        signature=x.SCVal(x.SCValType.SCV_VOID)))
                auth.append(x.SorobanAuthorizationEntry(credentials=credentials, root_invocation=invocation).to_xdr())
            footprint = x.LedgerFootprint(read_only=read_only, read_write=read_write)
        else:
            footprint = tx.soroban_data.resources.footprint
        data = x.SorobanTransactionData(ext=x.SorobanTransactionDataExt(0), resources=x.SorobanResources(
            footprint=footprint, instructions=x.Uint32(1_234_567), disk_read_bytes=x.Uint32(0), write_bytes=x.Uint32(264)),
            resource_fee=x.Int64(RESOURCE_FEE))
        return {"transactionData": data.to_xdr(), "minResourceFee": str(RESOURCE_FEE), "events": [],
                "results": [{"auth": auth, "xdr": x.SCVal(x.SCValType.SCV_VOID).to_xdr()}],
                "cost": {"cpuInsns": "1234567", "memBytes": "2048"}, "latestLedger": self.ledger}

    def result_xdr(self, fee, code, op_type=None):
        results = None
        if code == x.TransactionResultCode.txSUCCESS:
            if op_type == x.OperationType.INVOKE_HOST_FUNCTION:
                tr = x.OperationResultTr(op_type, invoke_host_function_result=x.InvokeHostFunctionResult(
                    x.InvokeHostFunctionResultCode.INVOKE_HOST_FUNCTION_SUCCESS, success=x.Hash(bytes(32))))
            elif op_type == x.OperationType.EXTEND_FOOTPRINT_TTL:
                tr = x.OperationResultTr(op_type, extend_footprint_ttl_result=x.ExtendFootprintTTLResult(
                    x.ExtendFootprintTTLResultCode.EXTEND_FOOTPRINT_TTL_SUCCESS))
            else:
                tr = x.OperationResultTr(op_type, restore_footprint_result=x.RestoreFootprintResult(
                    x.RestoreFootprintResultCode.RESTORE_FOOTPRINT_SUCCESS))
            results = [x.OperationResult(code=x.OperationResultCode.opINNER, tr=tr)]
        return x.TransactionResult(fee_charged=x.Int64(fee), result=x.TransactionResultResult(code=code, results=results),
                                   ext=x.TransactionResultExt(0)).to_xdr()

    def auth_verifies(self, entry):
        """A signed address-credentials entry: its signature (vec of one map {public_key,
        signature}) verifies over the SHA-256 of its HashIdPreimage on this network."""
        credentials = entry.credentials.address
        preimage = x.HashIDPreimage(x.EnvelopeType.ENVELOPE_TYPE_SOROBAN_AUTHORIZATION, soroban_authorization=x.HashIDPreimageSorobanAuthorization(
            network_id=x.Hash(self.network_id), nonce=credentials.nonce, signature_expiration_ledger=credentials.signature_expiration_ledger,
            invocation=entry.root_invocation))
        payload = hashlib.sha256(preimage.to_xdr_bytes()).digest()
        fields = {e.key.sym.sc_symbol.decode(): e.val for e in credentials.signature.vec.sc_vec[0].map.sc_map}
        key = Keypair.from_raw_ed25519_public_key(fields["public_key"].bytes.sc_bytes)
        if StrKey.encode_ed25519_public_key(credentials.address.account_id.account_id.ed25519.uint256) != key.public_key:
            return False
        try:
            key.verify(payload, fields["signature"].bytes.sc_bytes)
            return True
        except BadSignatureError:
            return False

    def send(self, params):
        envelope = parse_transaction_envelope_from_xdr(params["transaction"], self.passphrase)
        tx = envelope.transaction
        tx_hash = envelope.hash_hex()
        source = tx.source.account_id
        op = tx.operations[0].to_xdr_object().body

        def error(code):
            return {"status": "ERROR", "hash": tx_hash, "latestLedger": self.ledger, "latestLedgerCloseTime": "1700159337",
                    "errorResultXdr": self.result_xdr(tx.fee, code)}

        if source not in self.accounts:
            return error(x.TransactionResultCode.txNO_ACCOUNT)
        if tx.sequence != self.accounts[source] + 1:
            return error(x.TransactionResultCode.txBAD_SEQ)
        keypair = Keypair.from_public_key(source)
        if not any(s.signature_hint == keypair.signature_hint() and self.verifies(keypair, envelope.hash(), s.signature)
                   for s in envelope.signatures):
            return error(x.TransactionResultCode.txBAD_AUTH)
        if op.type == x.OperationType.INVOKE_HOST_FUNCTION:
            for entry in op.invoke_host_function_op.auth:
                if entry.credentials.type == x.SorobanCredentialsType.SOROBAN_CREDENTIALS_ADDRESS and not self.auth_verifies(entry):
                    return error(x.TransactionResultCode.txBAD_AUTH)
        self.accounts[source] = tx.sequence
        self.ledger += 1
        value = RETURN_VALUE if op.type == x.OperationType.INVOKE_HOST_FUNCTION else None
        meta = meta_random.meta(random.Random(self.ledger), version=4, value=value, fees=FEES).to_xdr()
        self.sent[tx_hash] = (self.ledger, self.result_xdr(tx.fee, x.TransactionResultCode.txSUCCESS, op.type), params["transaction"], meta)
        return {"status": "PENDING", "hash": tx_hash, "latestLedger": self.ledger, "latestLedgerCloseTime": "1700159337"}

    @staticmethod
    def verifies(keypair, message, signature):
        try:
            keypair.verify(message, signature)
            return True
        except BadSignatureError:
            return False

    def get_transaction(self, params):
        tx_hash = params["hash"]
        if tx_hash not in self.sent or tx_hash not in self.polled:
            self.polled.add(tx_hash)
            return {"status": "NOT_FOUND", "latestLedger": self.ledger, "latestLedgerCloseTime": "1700159337",
                    "oldestLedger": self.ledger - 17280, "oldestLedgerCloseTime": "1700072937"}
        ledger, result, envelope, meta = self.sent[tx_hash]
        return {"status": "SUCCESS", "latestLedger": self.ledger, "latestLedgerCloseTime": "1700159337",
                "oldestLedger": self.ledger - 17280, "oldestLedgerCloseTime": "1700072937", "applicationOrder": 1,
                "feeBump": False, "envelopeXdr": envelope, "resultXdr": result, "resultMetaXdr": meta, "ledger": ledger, "createdAt": "1700159337"}
