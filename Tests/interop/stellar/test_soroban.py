"""Soroban transactions and authorization entries against stellar-sdk 16.1.1 (py-stellar-base).

stellar-sdk builds random Soroban transactions with its own XDR classes (soroban_random.py:
every SCVal type in random trees, every address kind, host functions, authorization entries
with invocation trees, footprints of every ledger key type, resources and resource fees), and:
- our decoder reads each and re-encodes it byte for byte, with the same hash;
- our review lists the operation, every argument and every authorization, or refuses;
- our signature of the envelope is stellar-sdk's (Ed25519 is deterministic);
- authorization entries we sign equal `stellar_sdk.auth.authorize_entry` for the same entry,
  key, expiration and network, alone and inside a transaction the signer signs as a whole;
- our order of values (map keys) is stellar-sdk's `scval` order; our Stellar Asset Contract
  ids and liquidity pool ids are stellar-sdk's;
- bad input (unsorted or repeated map keys, values nested past the limit, an authorization for
  another network, a footprint that does not decode) is refused.
"""
import base64
import copy

import pytest
from stellar_sdk import (
    Asset, ExtendFootprintTTL, FeeBumpTransaction, FeeBumpTransactionEnvelope, InvokeHostFunction, Keypair,
    LiquidityPoolAsset, Network, RestoreFootprint, Transaction, TransactionEnvelope, scval,
)
from stellar_sdk import xdr as x
from stellar_sdk.auth import authorize_entry
from stellar_sdk.scval import _compare_sc_val

import soroban_random as sr

NETWORKS = [Network.PUBLIC_NETWORK_PASSPHRASE, Network.TESTNET_NETWORK_PASSPHRASE,
            "Test SDF Future Network ; October 2022"]
CASES = 1500
TYPE_NAMES = ("bool", "void", "error", "u32", "i32", "u64", "i64", "timepoint", "duration", "u128", "i128", "u256",
              "i256", "bytes", "string", "symbol", "vec", "map", "address", "contract instance", "instance key", "nonce key")


def random_envelope(rng, network, auth=None):
    """A Soroban transaction: one Soroban operation and its Soroban data; sometimes in a fee bump."""
    k = rng.randrange(10)
    source = sr.muxed(rng) if rng.random() < 0.3 else None
    if k < 7:
        entries = auth if auth is not None else [sr.auth_entry(rng, signed=rng.random() < 0.3) for _ in range(rng.randint(0, 3))]
        op = InvokeHostFunction(sr.host_function(rng), entries, source=source)
    elif k < 9:
        op = ExtendFootprintTTL(rng.randrange(2**32), source=source)
    else:
        op = RestoreFootprint(source=source)
    fee = rng.randint(100, 2**32 - 1)
    tx = Transaction(sr.muxed(rng), rng.randint(1, 2**63 - 1), fee, [op], soroban_data=sr.soroban_data(rng, fee))
    env = TransactionEnvelope(tx, network)
    if auth is None and rng.random() < 0.2:
        env.sign(Keypair.from_raw_ed25519_seed(rng.randbytes(32)))
        return FeeBumpTransactionEnvelope(FeeBumpTransaction(sr.muxed(rng), rng.randint(10**6, 2**63 - 1), env), network)
    return env


def ops_of(env):
    tx = env.transaction.inner_transaction_envelope.transaction if isinstance(env, FeeBumpTransactionEnvelope) else env.transaction
    return tx.operations


def typed_lines(review):
    """Argument lines at level 1: `  label (type): value`."""
    return [line for line in review if line.startswith("  ") and not line.startswith("   ")
            and any(line.split(": ", 1)[0].endswith(f"({t})") for t in TYPE_NAMES)]


def test_random_soroban_transactions_round_trip_and_review(testkit, rng):
    cases = [(random_envelope(rng, n), n) for n in (rng.choice(NETWORKS) for _ in range(CASES))]
    got = testkit.batch([{"op": "stellar_soroban_roundtrip", "xdr": e.to_xdr(), "network_passphrase": n} for e, n in cases])
    kinds = {}
    for (env, network), ours in zip(cases, got):
        assert "error" not in ours, ours
        assert ours["xdr"] == env.to_xdr()
        assert ours["hash"] == env.hash().hex()
        assert "review_error" not in ours, ours["review_error"]
        review = ours["review"]
        (op,) = ops_of(env)
        kind = type(op).__name__
        kinds[kind] = kinds.get(kind, 0) + 1
        assert any(line.startswith("Operation 1 of 1: ") for line in review)
        assert any(line.startswith("fee split: inclusion fee ") for line in review)
        assert any(line.startswith("footprint: ") for line in review)
        if isinstance(op, InvokeHostFunction):
            hf = op.host_function
            if hf.type == x.HostFunctionType.HOST_FUNCTION_TYPE_INVOKE_CONTRACT:
                fn = hf.invoke_contract.function_name.sc_symbol.decode()
                assert f"  function: {fn}" in review
                assert len(typed_lines(review)) == len(hf.invoke_contract.args), review
            elif hf.type == x.HostFunctionType.HOST_FUNCTION_TYPE_CREATE_CONTRACT_V2:
                assert len(typed_lines(review)) == len(hf.create_contract_v2.constructor_args), review
            auth = [line for line in review if line.startswith("  authorization ")]
            assert len(auth) == len(op.auth), review
    print(f"{CASES} Soroban transactions decoded, re-encoded and reviewed: {kinds}")


def test_our_signatures_equal_sdk(testkit, rng):
    cases = []
    for _ in range(CASES // 3):
        network = rng.choice(NETWORKS)
        cases.append((random_envelope(rng, network), network, Keypair.from_raw_ed25519_seed(rng.randbytes(32))))
    got = testkit.batch([{"op": "stellar_sign", "xdr": e.to_xdr(), "network_passphrase": n, "seed": k.raw_secret_key().hex()}
                         for e, n, k in cases])
    for (env, network, key), ours in zip(cases, got):
        assert "error" not in ours, ours
        env.sign(key)
        assert ours["xdr"] == env.to_xdr()


def test_value_order_is_the_sdks(testkit, rng):
    pairs = []
    for _ in range(3000):
        a = sr.scv(rng)
        # Same-type pairs are where the order is subtle.
        b = sr.scv(rng) if rng.random() < 0.3 else next(v for v in iter(lambda: sr.scv(rng), None) if v.type == a.type)
        pairs.append((a, b))
    got = testkit.batch([{"op": "stellar_scval_compare", "a": a.to_xdr(), "b": b.to_xdr()} for a, b in pairs])
    for (a, b), ours in zip(pairs, got):
        assert "error" not in ours, ours
        want = _compare_sc_val(a, b)
        assert ours["order"] == (want > 0) - (want < 0), (a, b)


def test_asset_contract_and_pool_ids(testkit, rng):
    assets = [sr.xdr_asset(rng) for _ in range(200)]
    text = lambda a: "native" if a.is_native() else f"{a.code}:{a.issuer}"  # noqa: E731
    networks = [rng.choice(NETWORKS) for _ in assets]
    got = testkit.batch([{"op": "stellar_contract_id", "asset": text(a), "network_passphrase": n} for a, n in zip(assets, networks)])
    for asset, network, ours in zip(assets, networks, got):
        assert ours["contract"] == asset.contract_id(network)
    pools = []
    for _ in range(100):
        a, b = sr.xdr_asset(rng), sr.xdr_asset(rng)
        if a == b:
            continue
        if not LiquidityPoolAsset.is_valid_lexicographic_order(a, b):
            a, b = b, a
        pools.append((a, b))
    got = testkit.batch([{"op": "stellar_pool_id", "a": text(a), "b": text(b)} for a, b in pools])
    for (a, b), ours in zip(pools, got):
        assert ours["pool"] == LiquidityPoolAsset(a, b).liquidity_pool_id


def test_auth_entries_signed_like_authorize_entry(testkit, rng):
    cases = []
    for _ in range(600):
        key = Keypair.from_raw_ed25519_seed(rng.randbytes(32))
        # Usually the key's own address; authorize_entry also signs for another (a multisig signer).
        address = x.SCAddress(x.SCAddressType.SC_ADDRESS_TYPE_ACCOUNT, account_id=key.xdr_account_id()) if rng.random() < 0.8 else None
        entry = sr.auth_entry(rng, address=address or sr.sc_address(rng, 2))
        cases.append((entry, key, rng.randrange(2**32), rng.choice(NETWORKS)))
    got = testkit.batch([{"op": "stellar_auth_sign", "entry": e.to_xdr(), "seed": k.raw_secret_key().hex(), "expiration": ex,
                          "network_passphrase": n} for e, k, ex, n in cases])
    for (entry, key, expiration, network), ours in zip(cases, got):
        assert "error" not in ours, ours
        assert ours["entry"] == authorize_entry(entry, key, expiration, network).to_xdr()


def test_signer_signs_its_authorizations_inside_the_transaction(testkit, rng):
    """The whole signer path: the review queues the request key's unsigned address entries, the
    signature of each equals authorize_entry's, the others stay as they were, and the
    transaction signature is over the transaction with them in."""
    cases = []
    for _ in range(150):
        network = rng.choice(NETWORKS[1:])  # sign requests name pubnet, testnet or futurenet; two of them suffice
        key = Keypair.from_raw_ed25519_seed(rng.randbytes(32))
        own = x.SCAddress(x.SCAddressType.SC_ADDRESS_TYPE_ACCOUNT, account_id=key.xdr_account_id())
        entries = [sr.auth_entry(rng, address=own) if rng.random() < 0.5 else sr.auth_entry(rng) for _ in range(rng.randint(1, 4))]
        env = random_envelope(rng, network, auth=entries)
        cases.append((env, network, key, entries))
    got = testkit.batch([{"op": "stellar_sign_request", "xdr": e.to_xdr(), "network_passphrase": n, "seed": k.raw_secret_key().hex()}
                         for e, n, k, _ in cases])
    signed_entries = 0
    for (env, network, key, entries), ours in zip(cases, got):
        if not isinstance(ops_of(env)[0], InvokeHostFunction):
            continue
        assert "error" not in ours, ours
        own_address = key.public_key
        expected = []
        for entry in entries:
            creds = entry.credentials.address
            mine = (creds is not None and creds.address.type == x.SCAddressType.SC_ADDRESS_TYPE_ACCOUNT
                    and creds.address.account_id.account_id.ed25519.uint256 == key.raw_public_key()
                    and creds.signature.type == x.SCValType.SCV_VOID)
            expected.append(authorize_entry(entry, key, creds.signature_expiration_ledger.uint32, network) if mine else entry)
            signed_entries += mine
        assert len(ours["signatures"]) == sum(e is not f for e, f in zip(expected, entries)) + 1
        assert ours["signing"][-1] == "transaction"
        back = TransactionEnvelope.from_xdr(ours["envelope"], network)
        assert [e.to_xdr() for e in back.transaction.operations[0].auth] == [e.to_xdr() for e in expected]
        # The transaction signature is stellar-sdk's over the transaction with the entries in.
        want = copy.deepcopy(env)
        want.transaction.operations[0].auth = expected
        want.sign(key)
        assert ours["envelope"] == want.to_xdr()
        if len(ours["signatures"]) > 1:
            assert f"by {own_address} (not in your contacts): signed now with this request's key" in "\n".join(ours["lines"])
    print(f"{signed_entries} authorization entries signed inside {len(cases)} transactions")


def test_standalone_authorization_request(testkit, rng):
    cases = []
    for _ in range(150):
        key = Keypair.from_raw_ed25519_seed(rng.randbytes(32))
        own = x.SCAddress(x.SCAddressType.SC_ADDRESS_TYPE_ACCOUNT, account_id=key.xdr_account_id())
        cases.append((sr.auth_entry(rng, address=own), key, rng.choice(NETWORKS)))
    got = testkit.batch([{"op": "stellar_sign_request", "entry": e.to_xdr(), "network_passphrase": n, "seed": k.raw_secret_key().hex()}
                         for e, k, n in cases])
    for (entry, key, network), ours in zip(cases, got):
        assert "error" not in ours, ours
        expiration = entry.credentials.address.signature_expiration_ledger.uint32
        assert ours["entry"] == authorize_entry(entry, key, expiration, network).to_xdr()
        assert ours["signing"] == ["authorization"] and len(ours["signatures"]) == 1


# ---- bad input ---------------------------------------------------------------------------

def with_args(rng, args):
    """An envelope invoking a random contract with exactly `args` (which may be invalid)."""
    hf = x.HostFunction(x.HostFunctionType.HOST_FUNCTION_TYPE_INVOKE_CONTRACT, invoke_contract=sr.invoke_args(rng, args=args))
    tx = Transaction(sr.g(rng), 1, 10_000, [InvokeHostFunction(hf, [])], soroban_data=sr.soroban_data(rng, 10_000))
    return TransactionEnvelope(tx, Network.TESTNET_NETWORK_PASSPHRASE).to_xdr()


def refused(testkit, xdrs, op="stellar_soroban_roundtrip", **extra):
    got = testkit.batch([{"op": op, "xdr": v, "network_passphrase": Network.TESTNET_NETWORK_PASSPHRASE, **extra} for v in xdrs])
    return [g.get("error") for g in got]


def test_bad_input_is_refused(testkit, rng):
    # A map out of order and one with a repeated key (stellar-sdk's XDR classes write what they are given).
    ordered = scval.to_map({scval.to_symbol("a"): scval.to_uint32(1), scval.to_symbol("b"): scval.to_uint32(2)})
    swapped = copy.deepcopy(ordered)
    swapped.map.sc_map.reverse()
    repeated = copy.deepcopy(ordered)
    repeated.map.sc_map[1].key = scval.to_symbol("a")
    # Vectors nested past the limit (32 levels, docs/chains/stellar.md).
    deep = scval.to_uint32(0)
    for _ in range(40):
        deep = scval.to_vec([deep])
    # A symbol the host refuses.
    bad_symbol = x.SCVal(x.SCValType.SCV_SYMBOL, sym=x.SCSymbol(b"no-dash"))
    errors = refused(testkit, [with_args(rng, [v]) for v in (swapped, repeated, deep, bad_symbol)])
    assert "map keys out of order" in errors[0], errors[0]
    assert "repeats key" in errors[1], errors[1]
    assert "nested deeper than 32" in errors[2], errors[2]
    assert "a-z A-Z 0-9 _" in errors[3], errors[3]
    assert refused(testkit, [with_args(rng, [ordered])]) == [None]

    # A footprint that does not decode: its first key's type made unknown.
    env = TransactionEnvelope(Transaction(sr.g(rng), 1, 10_000, [RestoreFootprint()], soroban_data=x.SorobanTransactionData(
        ext=x.SorobanTransactionDataExt(0), resources=x.SorobanResources(
            footprint=x.LedgerFootprint(read_only=[], read_write=[sr.ledger_key(rng)]), instructions=x.Uint32(1),
            disk_read_bytes=x.Uint32(1), write_bytes=x.Uint32(1)), resource_fee=x.Int64(100))), Network.TESTNET_NETWORK_PASSPHRASE)
    raw = bytearray(base64.b64decode(env.to_xdr()))
    ledger_key_type = len(raw) - 4 - 8 - 12 - len(env.transaction.soroban_data.resources.footprint.read_write[0].to_xdr_bytes())
    assert raw[ledger_key_type:ledger_key_type + 4] == env.transaction.soroban_data.resources.footprint.read_write[0].to_xdr_bytes()[:4]
    raw[ledger_key_type:ledger_key_type + 4] = b"\0\0\0\x0b"
    (error,) = refused(testkit, [base64.b64encode(bytes(raw)).decode()])
    assert "Soroban transaction data" in error and "LedgerEntryType discriminant 11" in error, error

    # An authorization of this request's account already signed for another network.
    key = Keypair.from_raw_ed25519_seed(rng.randbytes(32))
    own = x.SCAddress(x.SCAddressType.SC_ADDRESS_TYPE_ACCOUNT, account_id=key.xdr_account_id())
    entry = sr.auth_entry(rng, address=own)
    for_pubnet = authorize_entry(entry, key, 1000, Network.PUBLIC_NETWORK_PASSPHRASE)
    tx = Transaction(sr.g(rng), 1, 10_000, [InvokeHostFunction(sr.host_function(rng), [for_pubnet])],
                     soroban_data=sr.soroban_data(rng, 10_000))
    (error,) = [g.get("error") for g in testkit.batch([{
        "op": "stellar_sign_request", "xdr": TransactionEnvelope(tx, Network.TESTNET_NETWORK_PASSPHRASE).to_xdr(),
        "network_passphrase": Network.TESTNET_NETWORK_PASSPHRASE, "seed": key.raw_secret_key().hex()}])]
    assert error and "does not verify on testnet" in error, error

    # CAP-71 credentials (protocol 27) are reviewed and signed: test_cap71_cap85.py.
