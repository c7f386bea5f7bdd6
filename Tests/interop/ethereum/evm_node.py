"""A small Ethereum JSON-RPC node for the end-to-end tests: Python's http.server in front of
eth-tester's py-evm backend, a real EVM that validates signatures, nonces, fees and balances and
executes contract code. Every answer is computed from that chain; nothing is canned.

The node mines each transaction into its own block as it arrives (eth-tester's auto-mining).
Fee suggestions are the node's own policy, computed from its blocks like a client would:
`eth_feeHistory` reports each block's base fee and the given percentiles of the tips its
transactions paid, `eth_maxPriorityFeePerGas` the median tip of the last 20 blocks (at least
1 gwei). With `max_priority_fee=False` the node answers that method with "method not found", as
some nodes do, so the watch's fallback to `eth_feeHistory` is exercised.
"""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler
from pathlib import Path

from eth_tester import EthereumTester, PyEVMBackend
from eth_tester.exceptions import TransactionNotFound

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from loopback import LoopbackServer  # noqa: E402

GWEI = 10**9


def qty(value: int) -> str:
    return hex(value)


def parse_qty(text) -> int:
    if isinstance(text, int):
        return text
    if not (isinstance(text, str) and text.startswith("0x")):
        raise ValueError(f"not a hex quantity: {text!r}")
    return int(text, 16)


class RPCError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class EVMNode(LoopbackServer):
    def __init__(self, max_priority_fee=True):
        self.tester = EthereumTester(PyEVMBackend())
        self.chain_id = self.tester.backend.chain.chain_id
        self.max_priority_fee = max_priority_fee
        self.lock = threading.Lock()
        self.calls = []  # method names, in order (the tests check what the watch asked)
        node = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                try:
                    request = json.loads(body)
                    reply = {"jsonrpc": "2.0", "id": request.get("id")}
                    try:
                        with node.lock:
                            node.calls.append(request["method"])
                            reply["result"] = node.dispatch(request["method"], request.get("params", []))
                    except RPCError as e:
                        reply["error"] = {"code": e.code, "message": e.message}
                    except Exception as e:  # the EVM refused: report it as nodes do
                        reply["error"] = {"code": -32000, "message": f"{type(e).__name__}: {e}"}
                    out = json.dumps(reply).encode()
                    self.send_response(200)
                except ValueError:
                    out = b'{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}'
                    self.send_response(400)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(out)))
                self.end_headers()
                self.wfile.write(out)

            def log_message(self, *args):
                pass

        self.serve(Handler, trailing_slash=True)

    # --- chain helpers for the tests -------------------------------------------------------

    def fund(self, address, wei):
        """Sends `wei` from one of eth-tester's funded accounts; returns the receipt."""
        with self.lock:
            source = self.tester.get_accounts()[0]
            tx = self.tester.send_transaction({"from": source, "to": address, "value": wei, "gas": 21000,
                                               "max_fee_per_gas": 100 * GWEI, "max_priority_fee_per_gas": GWEI})
            return self.tester.get_transaction_receipt(tx)

    def balance(self, address):
        with self.lock:
            return self.tester.get_balance(address)

    # --- JSON-RPC ------------------------------------------------------------------------

    def block_tips(self, block):
        tips = []
        for tx_hash in block["transactions"]:
            receipt = self.tester.get_transaction_receipt(tx_hash)
            tips.append(receipt["effective_gas_price"] - block["base_fee_per_gas"])
        return sorted(tips)

    def fee_history(self, count, newest, percentiles):
        latest = self.tester.get_block_by_number("latest")["number"]
        last = latest if newest in ("latest", "pending") else parse_qty(newest)
        first = max(0, last - count + 1)
        base_fees, ratios, rewards = [], [], []
        for number in range(first, last + 1):
            block = self.tester.get_block_by_number(number)
            base_fees.append(qty(block["base_fee_per_gas"]))
            ratios.append(block["gas_used"] / block["gas_limit"])
            tips = self.block_tips(block)
            rewards.append([qty(tips[min(len(tips) - 1, int(len(tips) * p / 100))] if tips else 0) for p in percentiles])
        # The base fee of the block after `last` is what the next transaction pays.
        base_fees.append(qty(self.tester.get_block_by_number("pending")["base_fee_per_gas"]))
        return {"oldestBlock": qty(first), "baseFeePerGas": base_fees, "gasUsedRatio": ratios, "reward": rewards}

    def suggested_tip(self):
        tips = [parse_qty(r[0]) for r in self.fee_history(20, "latest", [50])["reward"]]
        tips = sorted(t for t in tips if t > 0)
        return max(GWEI, tips[len(tips) // 2] if tips else 0)

    def call_params(self, obj):
        # eth-tester wants a sender even for eth_call, where nodes default to the zero address;
        # it charges the call's gas, so a funded account of its own stands in (a call changes
        # no state).
        tx = {"from": self.tester.get_accounts()[0]}
        for key, name in (("from", "from"), ("to", "to"), ("data", "data")):
            if obj.get(key) is not None:
                tx[name] = obj[key]
        if obj.get("accessList"):
            tx["access_list"] = [{"address": e["address"], "storage_keys": e["storageKeys"]} for e in obj["accessList"]]
        if obj.get("value") is not None:
            tx["value"] = parse_qty(obj["value"])
        return tx

    def dispatch(self, method, params):
        t = self.tester
        if method == "eth_chainId":
            return qty(self.chain_id)
        if method == "eth_blockNumber":
            return qty(t.get_block_by_number("latest")["number"])
        if method == "eth_getTransactionCount":
            return qty(t.get_nonce(params[0], params[1] if len(params) > 1 else "latest"))
        if method == "eth_getBalance":
            return qty(t.get_balance(params[0], params[1] if len(params) > 1 else "latest"))
        if method == "eth_getBlockByNumber":
            block = t.get_block_by_number(params[0])
            return {"number": qty(block["number"]), "hash": block["hash"], "baseFeePerGas": qty(block["base_fee_per_gas"]),
                    "gasLimit": qty(block["gas_limit"]), "gasUsed": qty(block["gas_used"]),
                    "transactions": list(block["transactions"])}
        if method == "eth_maxPriorityFeePerGas":
            if not self.max_priority_fee:
                raise RPCError(-32601, "the method eth_maxPriorityFeePerGas does not exist/is not available")
            return qty(self.suggested_tip())
        if method == "eth_feeHistory":
            return self.fee_history(parse_qty(params[0]), params[1], params[2])
        if method == "eth_gasPrice":
            return qty(t.get_block_by_number("pending")["base_fee_per_gas"] + self.suggested_tip())
        if method == "eth_estimateGas":
            return qty(t.estimate_gas(self.call_params(params[0]), "latest"))
        if method == "eth_call":
            return t.call(self.call_params(params[0]), params[1] if len(params) > 1 else "latest")
        if method == "eth_sendRawTransaction":
            return t.send_raw_transaction(params[0])
        if method == "eth_getTransactionReceipt":
            try:
                r = t.get_transaction_receipt(params[0])
            except TransactionNotFound:
                return None
            return {"transactionHash": r["transaction_hash"], "blockHash": r["block_hash"], "blockNumber": qty(r["block_number"]),
                    "status": qty(r["status"]), "gasUsed": qty(r["gas_used"]), "effectiveGasPrice": qty(r["effective_gas_price"]),
                    "contractAddress": r["contract_address"]}
        raise RPCError(-32601, f"the method {method} does not exist/is not available")
