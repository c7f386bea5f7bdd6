"""Stellar transaction envelopes against stellar-sdk 16.1.1 (py-stellar-base).

For random transactions covering every operation type Airsign decodes:
- stellar-sdk builds the same envelope bytes from the same parameters as our encoder;
- stellar-sdk parses our signed envelope, computes the same hash and verifies our signature for
  the network (and not for another);
- our decoder reads stellar-sdk's envelopes and re-encodes them byte for byte;
- SEP-7 `web+stellar:tx` URIs round-trip both ways with stellar-sdk's TransactionStellarUri.
Parameters travel as JSON; 64-bit integers as decimal strings, amounts as 7-decimal strings.
"""
import base64

import pytest
from stellar_sdk import (
    AccountMerge, AllowTrust, Asset, BeginSponsoringFutureReserves, BumpSequence, ChangeTrust,
    ClaimClaimableBalance, Claimant, ClaimPredicate, Clawback, ClawbackClaimableBalance,
    CreateAccount, CreateClaimableBalance, CreatePassiveSellOffer, EndSponsoringFutureReserves,
    FeeBumpTransaction, FeeBumpTransactionEnvelope, Keypair, LedgerBounds, LiquidityPoolAsset,
    LiquidityPoolDeposit, LiquidityPoolId, LiquidityPoolWithdraw, ManageBuyOffer, ManageData, ManageSellOffer, MuxedAccount, Network,
    PathPaymentStrictReceive, PathPaymentStrictSend, Payment, Preconditions, Price,
    RevokeSponsorship, SetOptions, SetTrustLineFlags, Signer, SignerKey, TimeBounds, Transaction,
    TransactionEnvelope, parse_transaction_envelope_from_xdr,
)
from stellar_sdk import StrKey
from stellar_sdk.memo import HashMemo, IdMemo, NoneMemo, ReturnHashMemo, TextMemo
from stellar_sdk.operation.allow_trust import TrustLineEntryFlag
from stellar_sdk.operation.set_trust_line_flags import TrustLineFlags
from stellar_sdk.sep.stellar_uri import TransactionStellarUri

# AllowTrust, integer flags and parse_transaction_envelope_from_xdr are deprecated in stellar-sdk
# but still valid on the network and exactly what we cross-check.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

OP_TYPES = [
    "create_account", "payment", "path_payment_strict_receive", "path_payment_strict_send",
    "manage_sell_offer", "manage_buy_offer", "create_passive_sell_offer", "set_options",
    "change_trust", "allow_trust", "account_merge", "manage_data", "bump_sequence",
    "create_claimable_balance", "claim_claimable_balance", "begin_sponsoring_future_reserves",
    "end_sponsoring_future_reserves", "revoke_sponsorship", "clawback",
    "clawback_claimable_balance", "set_trust_line_flags", "liquidity_pool_deposit",
    "liquidity_pool_withdraw",
]
PER_TYPE = 25
NETWORKS = [Network.PUBLIC_NETWORK_PASSPHRASE, Network.TESTNET_NETWORK_PASSPHRASE,
            "Test SDF Future Network ; October 2022"]
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
INT64_MAX = 2**63 - 1


# ---- random parameters -------------------------------------------------------------------

def g(rng):
    return StrKey.encode_ed25519_public_key(rng.randbytes(32))


def muxed(rng):
    if rng.random() < 0.5:
        return g(rng)
    return MuxedAccount(g(rng), rng.randrange(2**64)).account_muxed


def stroops(n: int) -> str:
    """An amount of `n` stroops as plain decimal text (str() of a Decimal writes 1 to 9 stroops
    as "1E-7", which is no amount text)."""
    return f"{n // 10**7}.{n % 10**7:07d}"


def amount(rng, lo=1):
    return stroops(rng.choice([rng.randint(lo, 10**7), rng.randint(lo, INT64_MAX)]))


def code(rng, twelve):
    n = rng.randint(5, 12) if twelve else rng.randint(1, 4)
    return "".join(rng.choice(ALNUM) for _ in range(n))


def asset(rng):
    k = rng.randrange(3)
    return "native" if k == 0 else f"{code(rng, k == 2)}:{g(rng)}"


def signer_key(rng):
    k = rng.randrange(4)
    raw = rng.randbytes(32)
    if k == 0:
        return StrKey.encode_ed25519_public_key(raw)
    if k == 1:
        return StrKey.encode_pre_auth_tx(raw)
    if k == 2:
        return StrKey.encode_sha256_hash(raw)
    return StrKey.encode_ed25519_signed_payload(raw + len(p := rng.randbytes(rng.randint(1, 64))).to_bytes(4, "big") + p + bytes(-len(p) % 4))


def predicate(rng, depth=0):
    k = rng.randrange(6 if depth < 3 else 3)
    if k == 0:
        return ["unconditional"]
    if k in (1, 2):
        return ["abs" if k == 1 else "rel", str(rng.randrange(-2**63, 2**63))]
    if k == 5:
        return ["not", predicate(rng, depth + 1)]
    return ["and" if k == 3 else "or", predicate(rng, depth + 1), predicate(rng, depth + 1)]


def text(rng, lo, hi):
    return "".join(rng.choice(ALNUM + " -_.") for _ in range(rng.randint(lo, hi)))


def maybe(rng, make):
    return make() if rng.random() < 0.5 else None


def price(rng):
    return [rng.randint(1, 2**31 - 1), rng.randint(1, 2**31 - 1)]


def balance_id(rng):
    return "00000000" + rng.randbytes(32).hex()


def random_op(rng, t):
    op = {"type": t, "source": maybe(rng, lambda: muxed(rng))}
    if t == "create_account":
        op.update(destination=g(rng), starting_balance=amount(rng))
    elif t == "payment":
        op.update(destination=muxed(rng), asset=asset(rng), amount=amount(rng))
    elif t in ("path_payment_strict_receive", "path_payment_strict_send"):
        send, dest = ("send_max", "dest_amount") if t.endswith("receive") else ("send_amount", "dest_min")
        op.update({"send_asset": asset(rng), send: amount(rng), "destination": muxed(rng),
                   "dest_asset": asset(rng), dest: amount(rng),
                   "path": [asset(rng) for _ in range(rng.randint(0, 5))]})
    elif t in ("manage_sell_offer", "manage_buy_offer"):
        op.update(selling=asset(rng), buying=asset(rng), amount=amount(rng, 0), price=price(rng),
                  offer_id=str(rng.randint(0, INT64_MAX)))
    elif t == "create_passive_sell_offer":
        op.update(selling=asset(rng), buying=asset(rng), amount=amount(rng), price=price(rng))
    elif t == "set_options":
        op.update(inflation_dest=maybe(rng, lambda: g(rng)),
                  **{k: maybe(rng, lambda: str(rng.randrange(16 if "flags" in k else 256)))
                     for k in ("clear_flags", "set_flags", "master_weight", "low_threshold",
                               "med_threshold", "high_threshold")},
                  home_domain=maybe(rng, lambda: text(rng, 0, 32)),
                  signer=maybe(rng, lambda: {"key": signer_key(rng), "weight": str(rng.randrange(256))}))
    elif t == "change_trust":
        if rng.random() < 0.25:
            a, b = asset(rng), asset(rng)
            while a == b:
                b = asset(rng)
            if not LiquidityPoolAsset.is_valid_lexicographic_order(sdk_asset(a), sdk_asset(b)):
                a, b = b, a
            op["pool"] = [a, b]
        else:
            op["asset"] = asset(rng)
        op["limit"] = amount(rng, 0)
    elif t == "allow_trust":
        op.update(trustor=g(rng), code=code(rng, rng.random() < 0.5), authorize=str(rng.randrange(3)))
    elif t == "account_merge":
        op.update(destination=muxed(rng))
    elif t == "manage_data":
        op.update(name=text(rng, 1, 64), value=maybe(rng, lambda: rng.randbytes(rng.randint(1, 64)).hex()))
    elif t == "bump_sequence":
        op.update(bump_to=str(rng.randint(0, INT64_MAX)))
    elif t == "create_claimable_balance":
        op.update(asset=asset(rng), amount=amount(rng),
                  claimants=[{"destination": g(rng), "predicate": predicate(rng)} for _ in range(rng.randint(1, 10))])
    elif t in ("claim_claimable_balance", "clawback_claimable_balance"):
        op.update(balance_id=balance_id(rng))
    elif t == "begin_sponsoring_future_reserves":
        op.update(sponsored_id=g(rng))
    elif t == "revoke_sponsorship":
        kind = rng.choice(["account", "trustline", "trustline_pool", "offer", "data",
                           "claimable_balance", "liquidity_pool", "signer"])
        op.update(kind=kind.replace("_pool", "") if kind == "trustline_pool" else kind, account_id=g(rng))
        if kind == "trustline":
            op["asset"] = asset(rng)
            if op["asset"] == "native":
                op["asset"] = f"USD:{g(rng)}"
        elif kind in ("trustline_pool", "liquidity_pool"):
            op["pool_id"] = rng.randbytes(32).hex()
        elif kind == "offer":
            op["offer_id"] = str(rng.randint(1, INT64_MAX))
        elif kind == "data":
            op["data_name"] = text(rng, 1, 64)
        elif kind == "claimable_balance":
            op["balance_id"] = balance_id(rng)
        elif kind == "signer":
            op["signer_key"] = signer_key(rng)
    elif t == "clawback":
        op.update(asset=f"{code(rng, rng.random() < 0.5)}:{g(rng)}", **{"from": muxed(rng)}, amount=amount(rng))
    elif t == "set_trust_line_flags":
        op.update(trustor=g(rng), asset=f"{code(rng, rng.random() < 0.5)}:{g(rng)}",
                  clear_flags=str(rng.randrange(8)), set_flags=str(rng.randrange(8)))
    elif t == "liquidity_pool_deposit":
        op.update(pool_id=rng.randbytes(32).hex(), max_a=amount(rng), max_b=amount(rng), prices=sorted([price(rng), price(rng)]))
    elif t == "liquidity_pool_withdraw":
        op.update(pool_id=rng.randbytes(32).hex(), amount=amount(rng), min_a=amount(rng, 0), min_b=amount(rng, 0))
    return op


def random_tx(rng, t):
    ops = [random_op(rng, t)] + [random_op(rng, rng.choice(OP_TYPES)) for _ in range(rng.randint(0, 3))]
    rng.shuffle(ops)
    k = rng.randrange(5)
    memo = [{"type": "none"}, {"type": "text", "value": text(rng, 0, 28)},
            {"type": "id", "value": str(rng.randrange(2**64))},
            {"type": "hash", "value": rng.randbytes(32).hex()},
            {"type": "return", "value": rng.randbytes(32).hex()}][k]
    c = rng.randrange(3)
    # stellar-sdk insists on min <= max (or max 0, no limit).
    bounds = lambda bits: [str(v) for v in sorted([rng.randrange(2**bits), rng.randrange(2**bits)])]  # noqa: E731
    if c == 0:
        cond = {"type": "none"}
    elif c == 1:
        cond = {"type": "time", "time": bounds(64)}
    else:
        cond = {"type": "v2", "time": maybe(rng, lambda: bounds(64)), "ledger": maybe(rng, lambda: bounds(32)),
                "min_seq": maybe(rng, lambda: str(rng.randint(0, INT64_MAX))),
                "min_seq_age": str(rng.randrange(2**64)), "min_seq_ledger_gap": str(rng.randrange(2**32)),
                "extra_signers": [signer_key(rng) for _ in range(rng.randint(0, 2))]}
    tx = {"source": muxed(rng), "fee": str(rng.randint(100, 2**32 - 1)), "seq": str(rng.randint(1, INT64_MAX)),
          "cond": cond, "memo": memo, "ops": ops}
    if rng.random() < 0.25:
        tx.update(fee_source=muxed(rng), fee_bump_fee=str(rng.randint(10**6, INT64_MAX)))
    return tx


# ---- the same parameters through stellar-sdk ----------------------------------------------

def sdk_asset(text):
    if text == "native":
        return Asset.native()
    c, issuer = text.split(":")
    return Asset(c, issuer)


def sdk_predicate(p):
    tag = p[0]
    if tag == "unconditional":
        return ClaimPredicate.predicate_unconditional()
    if tag == "abs":
        return ClaimPredicate.predicate_before_absolute_time(int(p[1]))
    if tag == "rel":
        return ClaimPredicate.predicate_before_relative_time(int(p[1]))
    if tag == "not":
        return ClaimPredicate.predicate_not(sdk_predicate(p[1]))
    make = ClaimPredicate.predicate_and if tag == "and" else ClaimPredicate.predicate_or
    return make(sdk_predicate(p[1]), sdk_predicate(p[2]))


def opt_int(v):
    return None if v is None else int(v)


def sdk_op(op):
    t, src = op["type"], op["source"]
    if t == "create_account":
        return CreateAccount(op["destination"], op["starting_balance"], source=src)
    if t == "payment":
        return Payment(op["destination"], sdk_asset(op["asset"]), op["amount"], source=src)
    if t == "path_payment_strict_receive":
        return PathPaymentStrictReceive(op["destination"], sdk_asset(op["send_asset"]), op["send_max"],
                                        sdk_asset(op["dest_asset"]), op["dest_amount"],
                                        [sdk_asset(a) for a in op["path"]], source=src)
    if t == "path_payment_strict_send":
        return PathPaymentStrictSend(op["destination"], sdk_asset(op["send_asset"]), op["send_amount"],
                                     sdk_asset(op["dest_asset"]), op["dest_min"],
                                     [sdk_asset(a) for a in op["path"]], source=src)
    if t in ("manage_sell_offer", "manage_buy_offer"):
        cls = ManageSellOffer if t == "manage_sell_offer" else ManageBuyOffer
        return cls(sdk_asset(op["selling"]), sdk_asset(op["buying"]), op["amount"], Price(*op["price"]),
                   int(op["offer_id"]), source=src)
    if t == "create_passive_sell_offer":
        return CreatePassiveSellOffer(sdk_asset(op["selling"]), sdk_asset(op["buying"]), op["amount"],
                                      Price(*op["price"]), source=src)
    if t == "set_options":
        signer = None
        if op["signer"]:
            signer = Signer(SignerKey.from_encoded_signer_key(op["signer"]["key"]), int(op["signer"]["weight"]))
        return SetOptions(op["inflation_dest"], opt_int(op["clear_flags"]), opt_int(op["set_flags"]),
                          opt_int(op["master_weight"]), opt_int(op["low_threshold"]), opt_int(op["med_threshold"]),
                          opt_int(op["high_threshold"]), signer, op["home_domain"], source=src)
    if t == "change_trust":
        line = LiquidityPoolAsset(*map(sdk_asset, op["pool"])) if "pool" in op else sdk_asset(op["asset"])
        return ChangeTrust(line, op["limit"], source=src)
    if t == "allow_trust":
        a = int(op["authorize"])
        return AllowTrust(op["trustor"], op["code"], TrustLineEntryFlag(a) if a else False, source=src)
    if t == "account_merge":
        return AccountMerge(op["destination"], source=src)
    if t == "manage_data":
        value = None if op["value"] is None else bytes.fromhex(op["value"])
        return ManageData(op["name"], value, source=src)
    if t == "bump_sequence":
        return BumpSequence(int(op["bump_to"]), source=src)
    if t == "create_claimable_balance":
        return CreateClaimableBalance(sdk_asset(op["asset"]), op["amount"],
                                      [Claimant(c["destination"], sdk_predicate(c["predicate"])) for c in op["claimants"]],
                                      source=src)
    if t == "claim_claimable_balance":
        return ClaimClaimableBalance(op["balance_id"], source=src)
    if t == "clawback_claimable_balance":
        return ClawbackClaimableBalance(op["balance_id"], source=src)
    if t == "begin_sponsoring_future_reserves":
        return BeginSponsoringFutureReserves(op["sponsored_id"], source=src)
    if t == "end_sponsoring_future_reserves":
        return EndSponsoringFutureReserves(source=src)
    if t == "revoke_sponsorship":
        k, acct = op["kind"], op["account_id"]
        if k == "account":
            return RevokeSponsorship.revoke_account_sponsorship(acct, source=src)
        if k == "trustline":
            a = LiquidityPoolId(op["pool_id"]) if "pool_id" in op else sdk_asset(op["asset"])
            return RevokeSponsorship.revoke_trustline_sponsorship(acct, a, source=src)
        if k == "offer":
            return RevokeSponsorship.revoke_offer_sponsorship(acct, int(op["offer_id"]), source=src)
        if k == "data":
            return RevokeSponsorship.revoke_data_sponsorship(acct, op["data_name"], source=src)
        if k == "claimable_balance":
            return RevokeSponsorship.revoke_claimable_balance_sponsorship(op["balance_id"], source=src)
        if k == "liquidity_pool":
            return RevokeSponsorship.revoke_liquidity_pool_sponsorship(op["pool_id"], source=src)
        return RevokeSponsorship.revoke_signer_sponsorship(acct, SignerKey.from_encoded_signer_key(op["signer_key"]), source=src)
    if t == "clawback":
        return Clawback(sdk_asset(op["asset"]), op["from"], op["amount"], source=src)
    if t == "set_trust_line_flags":
        return SetTrustLineFlags(op["trustor"], sdk_asset(op["asset"]), TrustLineFlags(int(op["clear_flags"])),
                                 TrustLineFlags(int(op["set_flags"])), source=src)
    if t == "liquidity_pool_deposit":
        return LiquidityPoolDeposit(op["pool_id"], op["max_a"], op["max_b"], Price(*op["prices"][0]), Price(*op["prices"][1]),
                                    source=src)
    if t == "liquidity_pool_withdraw":
        return LiquidityPoolWithdraw(op["pool_id"], op["amount"], op["min_a"], op["min_b"], source=src)
    raise AssertionError(t)


def sdk_memo(m):
    t = m["type"]
    if t == "none":
        return NoneMemo()
    if t == "text":
        return TextMemo(m["value"])
    if t == "id":
        return IdMemo(int(m["value"]))
    return (HashMemo if t == "hash" else ReturnHashMemo)(bytes.fromhex(m["value"]))


def sdk_cond(c):
    if c["type"] == "none":
        return None
    tb = TimeBounds(*map(int, c["time"])) if c.get("time") else None
    if c["type"] == "time":
        return Preconditions(time_bounds=tb)
    return Preconditions(
        time_bounds=tb, ledger_bounds=LedgerBounds(*map(int, c["ledger"])) if c["ledger"] else None,
        min_sequence_number=opt_int(c["min_seq"]), min_sequence_age=int(c["min_seq_age"]),
        min_sequence_ledger_gap=int(c["min_seq_ledger_gap"]),
        extra_signers=[SignerKey.from_encoded_signer_key(s) for s in c["extra_signers"]])


def sdk_envelope(tx, network):
    t = Transaction(tx["source"], int(tx["seq"]), int(tx["fee"]), [sdk_op(o) for o in tx["ops"]],
                    sdk_memo(tx["memo"]), sdk_cond(tx["cond"]))
    env = TransactionEnvelope(t, network)
    if "fee_source" in tx:
        return FeeBumpTransactionEnvelope(FeeBumpTransaction(tx["fee_source"], int(tx["fee_bump_fee"]), env), network)
    return env


def cases(rng):
    out = []
    for t in OP_TYPES:
        for _ in range(PER_TYPE):
            out.append((t, random_tx(rng, t), rng.choice(NETWORKS)))
    return out


# ---- tests --------------------------------------------------------------------------------

def test_sdk_builds_the_same_bytes(testkit, rng):
    cs = cases(rng)
    ours = testkit.batch([{"op": "stellar_build", "tx": tx} for _, tx, _ in cs])
    for (t, tx, network), got in zip(cs, ours):
        assert "error" not in got, (t, got)
        want = sdk_envelope(tx, network).to_xdr()
        assert got["xdr"] == want, f"{t}: our envelope differs from stellar-sdk's"
    print(f"{len(cs)} envelopes ({PER_TYPE} per operation type, {len(OP_TYPES)} types) identical")


def test_sdk_verifies_our_signatures(testkit, rng):
    cs = cases(rng)
    keys = [Keypair.from_raw_ed25519_seed(rng.randbytes(32)) for _ in cs]
    reqs = [{"op": "stellar_sign", "xdr": sdk_envelope(tx, n).to_xdr(), "network_passphrase": n,
             "seed": k.raw_secret_key().hex()} for (_, tx, n), k in zip(cs, keys)]
    for (t, tx, network), key, got in zip(cs, keys, testkit.batch(reqs)):
        assert "error" not in got, (t, got)
        parsed = parse_transaction_envelope_from_xdr(got["xdr"], network)
        assert parsed.hash().hex() == got["hash"]
        assert len(parsed.signatures) == 1
        sig = parsed.signatures[0]
        assert sig.signature_hint == key.signature_hint()
        key.verify(parsed.hash(), sig.signature)  # raises if invalid
        # The same signature is not valid for another network.
        other = next(n for n in NETWORKS if n != network)
        with pytest.raises(Exception):
            key.verify(parse_transaction_envelope_from_xdr(got["xdr"], other).hash(), sig.signature)
        # stellar-sdk signing the same envelope gives the same bytes (Ed25519 is deterministic).
        mine = sdk_envelope(tx, network)
        mine.sign(key)
        assert mine.to_xdr() == got["xdr"], t


def test_we_reencode_sdk_envelopes(testkit, rng):
    cs = cases(rng)
    xdrs = []
    for _, tx, network in cs:
        env = sdk_envelope(tx, network)
        for _ in range(rng.randint(0, 2)):
            env.sign(Keypair.from_raw_ed25519_seed(rng.randbytes(32)))
        xdrs.append((env.to_xdr(), network))
    got = testkit.batch([{"op": "stellar_roundtrip", "xdr": x, "network_passphrase": n} for x, n in xdrs])
    for (t, _, _), (x, _), g_ in zip(cs, xdrs, got):
        assert "error" not in g_, (t, g_)
        assert g_["xdr"] == x, t
        assert any(line.startswith("Transaction hash: ") for line in g_["review"])


def test_v0_envelopes_from_sdk(testkit, rng):
    """Legacy v0 envelopes: decoded, re-encoded, and signed with the v1 hash, as stellar-sdk does."""
    reqs, envs = [], []
    for _ in range(40):
        tx = random_tx(rng, rng.choice(["payment", "create_account", "manage_data", "change_trust"]))
        tx["source"] = g(rng)
        tx["cond"] = rng.choice([{"type": "none"}, {"type": "time", "time": [str(v) for v in sorted([rng.randrange(2**64), rng.randrange(2**64)])]}])
        tx.pop("fee_source", None)
        t = Transaction(tx["source"], int(tx["seq"]), int(tx["fee"]), [sdk_op(o) for o in tx["ops"]],
                        sdk_memo(tx["memo"]), sdk_cond(tx["cond"]), v1=False)
        env = TransactionEnvelope(t, Network.TESTNET_NETWORK_PASSPHRASE)
        key = Keypair.from_raw_ed25519_seed(rng.randbytes(32))
        envs.append((env, key))
        reqs.append({"op": "stellar_sign", "xdr": env.to_xdr(), "network_passphrase": Network.TESTNET_NETWORK_PASSPHRASE,
                     "seed": key.raw_secret_key().hex()})
    for (env, key), got in zip(envs, testkit.batch(reqs)):
        assert "error" not in got, got
        assert base64.b64decode(env.to_xdr())[:4] == b"\0\0\0\0"
        assert got["hash"] == env.hash().hex()
        env.sign(key)
        assert got["xdr"] == env.to_xdr()


def test_sep7_round_trips(testkit, rng):
    cs = cases(rng)[::3]
    reqs, uris = [], []
    for _, tx, network in cs:
        env = sdk_envelope(tx, network)
        passphrase = None if network == Network.PUBLIC_NETWORK_PASSPHRASE else network
        msg = maybe(rng, lambda: text(rng, 0, 290) + " é&=%+?")
        callback = maybe(rng, lambda: "https://example.com/cb?x=" + text(rng, 1, 20))
        pubkey = maybe(rng, lambda: g(rng))
        theirs = TransactionStellarUri(env, callback=callback, pubkey=pubkey, message=msg, network_passphrase=passphrase)
        uris.append((theirs, network))
        req = {"op": "stellar_uri_build", "xdr": env.to_xdr()}
        for k, v in (("network_passphrase", passphrase), ("callback", callback), ("pubkey", pubkey), ("msg", msg)):
            if v is not None:
                req[k] = v
        reqs.append(req)
    built = testkit.batch(reqs)
    parsed = testkit.batch([{"op": "stellar_uri_parse", "uri": u.to_uri()} for u, _ in uris])
    for (theirs, network), b, p in zip(uris, built, parsed):
        assert "error" not in b and "error" not in p, (b, p)
        # Our URI is the same text stellar-sdk writes, and stellar-sdk reads it back.
        assert b["uri"] == theirs.to_uri()
        back = TransactionStellarUri.from_uri(b["uri"], network)
        assert back.transaction_envelope.to_xdr() == theirs.transaction_envelope.to_xdr()
        assert back.msg == theirs.msg and back.callback == theirs.callback and back.pubkey == theirs.pubkey
        # We read stellar-sdk's URI: same envelope, network and parameters.
        assert p["xdr"] == theirs.transaction_envelope.to_xdr()
        assert p["network_passphrase"] == network
        assert p.get("msg") == theirs.msg and p.get("callback") == theirs.callback and p.get("pubkey") == theirs.pubkey


def test_bad_input_is_refused(testkit, rng):
    env = sdk_envelope(random_tx(rng, "payment"), Network.TESTNET_NETWORK_PASSPHRASE)
    raw = base64.b64decode(env.to_xdr())
    bad = [
        base64.b64encode(raw[:-3]).decode(),                  # truncated
        base64.b64encode(raw + b"\0\0\0\0").decode(),         # trailing bytes
        base64.b64encode(b"\0\0\0\x07" + raw[4:]).decode(),   # unknown envelope type
    ]
    got = testkit.batch([{"op": "stellar_roundtrip", "xdr": x, "network_passphrase": Network.TESTNET_NETWORK_PASSPHRASE} for x in bad])
    assert all("error" in g_ for g_ in got), got
    over_long = random_tx(rng, "payment")
    over_long["memo"] = {"type": "text", "value": "x" * 29}
    precise = random_tx(rng, "payment")
    next(o for o in precise["ops"] if o["type"] == "payment")["amount"] = "1.00000001"
    negative = random_tx(rng, "payment")
    next(o for o in negative["ops"] if o["type"] == "payment")["amount"] = "-1"
    checksum = random_tx(rng, "payment")
    good = g(rng)
    checksum["source"] = good[:-1] + ("A" if good[-1] != "A" else "B")  # the CRC no longer matches
    got = testkit.batch([{"op": "stellar_build", "tx": t} for t in (over_long, precise, negative, checksum)])
    assert "28" in got[0]["error"] and "7 decimal" in got[1]["error"] and "negative" in got[2]["error"], got
    assert "invalid Stellar address" in got[3]["error"], got
