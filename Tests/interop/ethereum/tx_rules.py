"""eth-account's reading of raw transaction bytes, in the testkit's JSON form, and the named
places where the signer is deliberately stricter than eth-account (whose RLP sedes take any
integer width, any chain id and any signature that decodes).

Readings: a signed transaction is what `TypedTransaction.from_bytes` (typed) or
`rlp.decode(raw, Transaction)` (legacy) decodes and `Account.recover_transaction` recovers a
sender for; an unsigned one is what the type's unsigned serializer decodes, the legacy one being
EIP-155's nine-field signing data (nonce, gasPrice, gas, to, value, data, chainId, 0, 0).
"""
import rlp
from eth_account import Account
from eth_account._utils.legacy_transactions import Transaction
from eth_account.typed_transactions import AccessListTransaction, DynamicFeeTransaction, TypedTransaction
from eth_utils import keccak, to_checksum_address
from hexbytes import HexBytes

from tx_mutations import SECP256K1_N

SERIALIZERS = {1: AccessListTransaction, 2: DynamicFeeTransaction}
LAYOUTS = {  # (type, signed): field names in RLP order
    (0, False): ["nonce", "gasPrice", "gas", "to", "value", "data", "chainId", "zero1", "zero2"],
    (0, True): ["nonce", "gasPrice", "gas", "to", "value", "data", "v", "r", "s"],
    (1, False): ["chainId", "nonce", "gasPrice", "gas", "to", "value", "data", "accessList"],
    (2, False): ["chainId", "nonce", "maxPriorityFeePerGas", "maxFeePerGas", "gas", "to", "value", "data", "accessList"],
}
LAYOUTS[(1, True)] = LAYOUTS[(1, False)] + ["v", "r", "s"]
LAYOUTS[(2, True)] = LAYOUTS[(2, False)] + ["v", "r", "s"]
INTEGERS = {"nonce", "gasPrice", "gas", "value", "chainId", "zero1", "zero2", "maxPriorityFeePerGas", "maxFeePerGas", "v", "r", "s"}

RULES = {
    "type the signer does not review":
        "EIP-2718 types other than legacy, 2930 and 1559 (blob, set-code, unknown) are refused, never guessed",
    "unsigned legacy without an EIP-155 chain id":
        "EIP-155: the signer signs legacy transactions only with replay protection (the nine-field form)",
    "signed legacy without an EIP-155 chain id":
        "EIP-155: a legacy v below 35 carries no chain id (27/28 before EIP-155; eth-account also reads 0/1 "
        "as a bare parity); the signer neither makes nor accepts them",
    "chain id 0":
        "EIP-155 chain ids name a network, from 1; the signer signs for eip155:N networks only",
    "integer wider than 256 bits":
        "Yellow Paper: transaction integers are below 2^256 (eth-account's big_endian_int is unbounded), "
        "and a legacy v = 2·chainId + 35/36 must be one too",
    "integer written as a list":
        "Yellow Paper appendix B: an RLP integer is a byte string (geth refuses a list); pyrlp's big_endian_int "
        "reads an empty list as 0",
    "nonce or gas limit wider than 64 bits":
        "EIP-2681 bounds the nonce at 2^64-1, and clients (geth, reth) read the gas limit as a uint64",
    "typed yParity other than 0 or 1":
        "EIP-2930 / EIP-1559: signatureYParity is one bit (eth-account also reads v of 27/28 as a parity)",
    "s above n/2":
        "EIP-2: signatures with s > secp256k1n/2 are invalid",
}


def structure(raw):
    """(transaction type, top-level fields) of bytes that are RLP, None otherwise."""
    if not raw or 0x80 <= raw[0] < 0xC0:
        return None
    type_byte, payload = (0, raw) if raw[0] >= 0xC0 else (raw[0], raw[1:])
    try:
        fields = rlp.decode(payload)
    except Exception:  # not RLP: refused by both, no rule needed
        return None
    return (type_byte, fields) if isinstance(fields, list) else None


def as_int(item):
    return int.from_bytes(item, "big") if isinstance(item, bytes) else None


def broken_rules(raw, signed):
    """The RULES `raw` breaks (the signer must refuse it)."""
    found = structure(raw)
    if found is None:
        return set()
    type_byte, fields = found
    if type_byte not in (0, 1, 2):
        return {"type the signer does not review"}
    if type_byte == 0 and not signed and len(fields) == 6:
        return {"unsigned legacy without an EIP-155 chain id"}
    names = LAYOUTS[(type_byte, signed)]
    if len(fields) != len(names):
        return set()  # eth-account's sedes count the fields too
    f = dict(zip(names, fields))
    broken = set()
    for name in INTEGERS & set(f):
        if isinstance(f[name], list):
            broken.add("integer written as a list")
        if isinstance(f[name], bytes) and len(f[name]) > 32:
            broken.add("integer wider than 256 bits")
        if name in ("nonce", "gas") and isinstance(f[name], bytes) and len(f[name]) > 8:
            broken.add("nonce or gas limit wider than 64 bits")
    chain_id = as_int(f.get("chainId"))
    if type_byte == 0 and signed:
        v = as_int(f["v"])
        if v is not None and v < 35:
            broken.add("signed legacy without an EIP-155 chain id")
        chain_id = (v - 35) // 2 if v is not None and v >= 35 else None
    if chain_id == 0:
        broken.add("chain id 0")
    if type_byte == 0 and chain_id is not None and 2 * chain_id + 36 >= 2**256:
        broken.add("integer wider than 256 bits")
    if type_byte in (1, 2) and signed and as_int(f["v"]) not in (None, 0, 1):
        broken.add("typed yParity other than 0 or 1")
    s = as_int(f.get("s"))
    if signed and s is not None and SECP256K1_N // 2 < s < 2**256:
        broken.add("s above n/2")
    return broken


def json_form(tx_type, d):
    """A decoded field dict (RLP-structured) in the testkit's JSON form."""
    out = {"type": tx_type, "chainId": hex(d["chainId"]), "nonce": hex(d["nonce"]), "gas": hex(d["gas"]),
           "to": to_checksum_address(d["to"]) if d["to"] else "", "value": hex(d["value"]), "data": "0x" + bytes(d["data"]).hex(),
           "accessList": [{"address": to_checksum_address(address), "storageKeys": ["0x" + k.to_bytes(32, "big").hex() for k in keys]}
                          for address, keys in d.get("accessList", ())]}
    if tx_type == 2:
        out["maxPriorityFeePerGas"], out["maxFeePerGas"] = hex(d["maxPriorityFeePerGas"]), hex(d["maxFeePerGas"])
    else:
        out["gasPrice"] = hex(d["gasPrice"])
    return out


def unsigned_reading(raw):
    """eth-account's reading of an unsigned transaction (JSON form), None when it refuses."""
    try:
        if raw[0] >= 0xC0:
            t = rlp.decode(raw, Transaction)
            if t.r != 0 or t.s != 0:  # not EIP-155 signing data
                return None
            return json_form(0, dict(t.as_dict(), chainId=t.v))
        cls = SERIALIZERS[raw[0]]
        return json_form(raw[0], cls._unsigned_transaction_serializer.from_bytes(raw[1:]).as_dict())
    except Exception:  # any refusal by the reference
        return None


def signed_reading(raw):
    """(JSON form, sender, hash) as eth-account decodes and recovers a signed transaction,
    None when it refuses."""
    try:
        if raw[0] >= 0xC0:
            t = rlp.decode(raw, Transaction)
            fields = dict(t.as_dict(), chainId=(t.v - 35) // 2)
            tx_type = 0
        else:
            TypedTransaction.from_bytes(HexBytes(raw))  # its own checks, beyond the RLP
            tx_type = raw[0]
            fields = SERIALIZERS[tx_type]._signed_transaction_serializer.from_bytes(raw[1:]).as_dict()
        sender = Account.recover_transaction(raw)
    except Exception:  # any refusal by the reference
        return None
    return json_form(tx_type, fields), sender, "0x" + keccak(raw).hex()
