"""Random TransactionMeta (versions 3 and 4, as Stellar RPC's getTransaction returns them in
`resultMetaXdr`) built with stellar-sdk's own XDR classes, for test_soroban.py, the fixture RPC
server and gen_meta_vectors.py.

Ledger entry changes hold entries of every type the watch must read past (account with every
extension, trust line, offer, data, claimable balance, liquidity pool, contract data, contract
code with cost inputs, TTL), removed keys, contract, transaction and diagnostic events, the
Soroban return value and the resource fee split.
"""
from stellar_sdk import Asset, Keypair
from stellar_sdk import xdr as x

from soroban_random import MAX_DEPTH, account_id, ledger_key, sc_address, scv, symbol, xdr_asset

EXT = x.ExtensionPoint(0)


def _u32(rng):
    return x.Uint32(rng.randrange(2**32))


def _i64(rng):
    return x.Int64(rng.randrange(2**63))


def _pick(rng, a, b):
    return a() if rng.randrange(2) else b()


def _credit(rng):
    a = xdr_asset(rng)
    while a.is_native():
        a = xdr_asset(rng)
    return a


def _account(rng):
    ext = x.AccountEntryExt(0)
    v = rng.randrange(4)
    if v:
        inner = x.AccountEntryExtensionV1Ext(0)
        if v >= 2:
            v3 = x.AccountEntryExtensionV2Ext(0)
            if v == 3:
                v3 = x.AccountEntryExtensionV2Ext(3, v3=x.AccountEntryExtensionV3(EXT, _u32(rng), x.TimePoint(x.Uint64(rng.randrange(2**64)))))
            sponsors = [x.SponsorshipDescriptor(_pick(rng, lambda: account_id(rng), lambda: None)) for _ in range(rng.randrange(3))]
            inner = x.AccountEntryExtensionV1Ext(2, v2=x.AccountEntryExtensionV2(_u32(rng), _u32(rng), sponsors, v3))
        ext = x.AccountEntryExt(1, v1=x.AccountEntryExtensionV1(x.Liabilities(_i64(rng), _i64(rng)), inner))
    signers = [x.Signer(x.SignerKey(x.SignerKeyType.SIGNER_KEY_TYPE_ED25519, ed25519=x.Uint256(rng.randbytes(32))), _u32(rng))
               for _ in range(rng.randrange(3))]
    return x.AccountEntry(account_id(rng), _i64(rng), x.SequenceNumber(_i64(rng)), _u32(rng),
                          _pick(rng, lambda: account_id(rng), lambda: None), _u32(rng), x.String32(symbol(rng, 0, 32).encode()),
                          x.Thresholds(rng.randbytes(4)), signers, ext)


def _trust_line(rng):
    ext = x.TrustLineEntryExt(0)
    v = rng.randrange(3)
    if v:
        inner = x.TrustLineEntryV1Ext(0)
        if v == 2:
            inner = x.TrustLineEntryV1Ext(2, v2=x.TrustLineEntryExtensionV2(x.Int32(rng.randrange(2**31)), x.TrustLineEntryExtensionV2Ext(0)))
        ext = x.TrustLineEntryExt(1, v1=x.TrustLineEntryV1(x.Liabilities(_i64(rng), _i64(rng)), inner))
    return x.TrustLineEntry(account_id(rng), _credit(rng).to_trust_line_asset_xdr_object(), _i64(rng), _i64(rng), _u32(rng), ext)


def _claimable_balance(rng):
    predicates = [x.ClaimPredicate(x.ClaimPredicateType.CLAIM_PREDICATE_UNCONDITIONAL),
                  x.ClaimPredicate(x.ClaimPredicateType.CLAIM_PREDICATE_BEFORE_ABSOLUTE_TIME, abs_before=_i64(rng))]
    claimants = [x.Claimant(x.ClaimantType.CLAIMANT_TYPE_V0, v0=x.ClaimantV0(account_id(rng), rng.choice(predicates)))
                 for _ in range(rng.randint(1, 10))]
    ext = _pick(rng, lambda: x.ClaimableBalanceEntryExt(0), lambda: x.ClaimableBalanceEntryExt(
        1, v1=x.ClaimableBalanceEntryExtensionV1(x.ClaimableBalanceEntryExtensionV1Ext(0), _u32(rng))))
    balance = x.ClaimableBalanceID(x.ClaimableBalanceIDType.CLAIMABLE_BALANCE_ID_TYPE_V0, v0=x.Hash(rng.randbytes(32)))
    return x.ClaimableBalanceEntry(balance, claimants, xdr_asset(rng).to_xdr_object(), _i64(rng), ext)


def _pool(rng):
    a, b = sorted([xdr_asset(rng), _credit(rng)], key=lambda asset: asset.to_xdr_object().to_xdr_bytes())
    params = x.LiquidityPoolConstantProductParameters(a.to_xdr_object(), b.to_xdr_object(), x.Int32(30))
    body = x.LiquidityPoolEntryBody(x.LiquidityPoolType.LIQUIDITY_POOL_CONSTANT_PRODUCT, constant_product=x.LiquidityPoolEntryConstantProduct(
        params, _i64(rng), _i64(rng), _i64(rng), _i64(rng)))
    return x.LiquidityPoolEntry(x.PoolID(x.Hash(rng.randbytes(32))), body)


def _contract_code(rng):
    ext = x.ContractCodeEntryExt(0)
    if rng.randrange(2):
        ext = x.ContractCodeEntryExt(1, v1=x.ContractCodeEntryV1(EXT, x.ContractCodeCostInputs(EXT, *[_u32(rng) for _ in range(10)])))
    return x.ContractCodeEntry(ext, x.Hash(rng.randbytes(32)), rng.randbytes(rng.randrange(200)))


def ledger_entry(rng):
    """A LedgerEntry of any type but CONFIG_SETTING (only network upgrades change those)."""
    L = x.LedgerEntryType
    k = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 9])
    if k == 0:
        data = x.LedgerEntryData(L.ACCOUNT, account=_account(rng))
    elif k == 1:
        data = x.LedgerEntryData(L.TRUSTLINE, trust_line=_trust_line(rng))
    elif k == 2:
        data = x.LedgerEntryData(L.OFFER, offer=x.OfferEntry(account_id(rng), _i64(rng), xdr_asset(rng).to_xdr_object(), xdr_asset(rng).to_xdr_object(),
                                                             _i64(rng), x.Price(x.Int32(rng.randint(1, 2**31 - 1)), x.Int32(rng.randint(1, 2**31 - 1))),
                                                             _u32(rng), x.OfferEntryExt(0)))
    elif k == 3:
        data = x.LedgerEntryData(L.DATA, data=x.DataEntry(account_id(rng), x.String64(symbol(rng, 1, 64).encode()),
                                                          x.DataValue(rng.randbytes(rng.randrange(65))), x.DataEntryExt(0)))
    elif k == 4:
        data = x.LedgerEntryData(L.CLAIMABLE_BALANCE, claimable_balance=_claimable_balance(rng))
    elif k == 5:
        data = x.LedgerEntryData(L.LIQUIDITY_POOL, liquidity_pool=_pool(rng))
    elif k == 6:
        data = x.LedgerEntryData(L.CONTRACT_DATA, contract_data=x.ContractDataEntry(
            EXT, sc_address(rng, 2), scv(rng, MAX_DEPTH - 1), x.ContractDataDurability(rng.randrange(2)), scv(rng)))
    elif k == 7:
        data = x.LedgerEntryData(L.CONTRACT_CODE, contract_code=_contract_code(rng))
    else:
        data = x.LedgerEntryData(L.TTL, ttl=x.TTLEntry(x.Hash(rng.randbytes(32)), _u32(rng)))
    ext = _pick(rng, lambda: x.LedgerEntryExt(0), lambda: x.LedgerEntryExt(1, v1=x.LedgerEntryExtensionV1(
        x.SponsorshipDescriptor(_pick(rng, lambda: account_id(rng), lambda: None)), x.LedgerEntryExtensionV1Ext(0))))
    return x.LedgerEntry(_u32(rng), data, ext)


def changes(rng, most=3):
    T = x.LedgerEntryChangeType
    out = []
    for _ in range(rng.randrange(most + 1)):
        t = rng.randrange(5)
        if t == 2:
            out.append(x.LedgerEntryChange(T.LEDGER_ENTRY_REMOVED, removed=ledger_key(rng)))
        else:
            entry = ledger_entry(rng)
            out.append(x.LedgerEntryChange(T(t), **{["created", "updated", "", "state", "restored"][t]: entry}))
    return x.LedgerEntryChanges(out)


def contract_event(rng):
    contract = _pick(rng, lambda: x.ContractID(x.Hash(rng.randbytes(32))), lambda: None)
    body = x.ContractEventBody(0, v0=x.ContractEventV0([scv(rng, MAX_DEPTH - 1) for _ in range(rng.randrange(4))], scv(rng, MAX_DEPTH - 2)))
    return x.ContractEvent(EXT, contract, x.ContractEventType(rng.randrange(3)), body)


def diagnostic(rng):
    return x.DiagnosticEvent(bool(rng.randrange(2)), contract_event(rng))


def fee_ext(rng, fees=None):
    """`fees` = (non-refundable, refundable, rent) stroops, or random; ext v0 half the time when random."""
    if fees is None:
        if rng.randrange(2):
            return x.SorobanTransactionMetaExt(0)
        fees = (rng.randrange(2**40), rng.randrange(2**40), rng.randrange(2**40))
    return x.SorobanTransactionMetaExt(1, v1=x.SorobanTransactionMetaExtV1(EXT, *[x.Int64(f) for f in fees]))


def meta(rng, version=None, value="random", fees=None, soroban=True):
    """A TransactionMeta of `version` (3 or 4, random when None); `value` the return value
    (an SCVal, None for none in v4, "random"); `soroban=False` leaves sorobanMeta out."""
    version = version or rng.choice([3, 4])
    if value == "random":
        value = scv(rng) if version == 3 or rng.randrange(4) else None
    ops = rng.randint(1, 2)
    if version == 3:
        body = x.SorobanTransactionMeta(fee_ext(rng, fees), [contract_event(rng) for _ in range(rng.randrange(3))], value,
                                        [diagnostic(rng) for _ in range(rng.randrange(3))]) if soroban else None
        v3 = x.TransactionMetaV3(EXT, changes(rng), [x.OperationMeta(changes(rng)) for _ in range(ops)], changes(rng), body)
        return x.TransactionMeta(3, v3=v3)
    body = x.SorobanTransactionMetaV2(fee_ext(rng, fees), value) if soroban else None
    operations = [x.OperationMetaV2(EXT, changes(rng), [contract_event(rng) for _ in range(rng.randrange(3))]) for _ in range(ops)]
    events = [x.TransactionEvent(x.TransactionEventStage(rng.randrange(3)), contract_event(rng)) for _ in range(rng.randrange(3))]
    v4 = x.TransactionMetaV4(EXT, changes(rng), operations, changes(rng), body, events, [diagnostic(rng) for _ in range(rng.randrange(3))])
    return x.TransactionMeta(4, v4=v4)


def contract_events(m):
    """How many contract events the operations emitted (what the watch counts)."""
    if m.v == 3:
        return len(m.v3.soroban_meta.events) if m.v3.soroban_meta else 0
    return sum(len(op.events) for op in m.v4.operations)
