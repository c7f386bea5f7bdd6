"""Random Soroban XDR built with stellar-sdk's own XDR classes, for test_soroban.py.

Every SCVal type of the current protocol (maps sorted by stellar-sdk's `scval.to_map`, which
follows the host's order), every SCAddress kind, host functions (invoke, create v1/v2 with
constructor arguments, upload Wasm), authorization entries with invocation trees, footprints of
every ledger key type and Soroban transaction data (ext v0 and v1). The CAP-71 credentials and
the protocol-27 SCVal/executable kinds stellar-sdk 16 also knows are left out: the network does
not accept them yet, and Airsign refuses them by name (test_soroban checks that).
"""
import functools

from stellar_sdk import Asset, Keypair, MuxedAccount, StrKey, scval
from stellar_sdk import xdr as x
from stellar_sdk.scval import _compare_sc_val

SYMBOL_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
MAX_DEPTH = 4


def g(rng):
    return StrKey.encode_ed25519_public_key(rng.randbytes(32))


def account_id(rng, key=None):
    return Keypair.from_raw_ed25519_public_key(key or rng.randbytes(32)).xdr_account_id()


def sc_address(rng, kinds=5):
    k = rng.randrange(kinds)
    if k == 0:
        return x.SCAddress(x.SCAddressType.SC_ADDRESS_TYPE_ACCOUNT, account_id=account_id(rng))
    if k == 1:
        return x.SCAddress(x.SCAddressType.SC_ADDRESS_TYPE_CONTRACT, contract_id=x.ContractID(x.Hash(rng.randbytes(32))))
    if k == 2:
        muxed = x.MuxedEd25519Account(id=x.Uint64(rng.randrange(2**64)), ed25519=x.Uint256(rng.randbytes(32)))
        return x.SCAddress(x.SCAddressType.SC_ADDRESS_TYPE_MUXED_ACCOUNT, muxed_account=muxed)
    if k == 3:
        balance = x.ClaimableBalanceID(x.ClaimableBalanceIDType.CLAIMABLE_BALANCE_ID_TYPE_V0, v0=x.Hash(rng.randbytes(32)))
        return x.SCAddress(x.SCAddressType.SC_ADDRESS_TYPE_CLAIMABLE_BALANCE, claimable_balance_id=balance)
    return x.SCAddress(x.SCAddressType.SC_ADDRESS_TYPE_LIQUIDITY_POOL, liquidity_pool_id=x.PoolID(x.Hash(rng.randbytes(32))))


def sc_map(pairs):
    """An SCMap of distinct keys in stellar-sdk's order (to_map cannot hash vec or map keys)."""
    entries, seen = [], set()
    for key, val in pairs:
        if key.to_xdr() not in seen:
            seen.add(key.to_xdr())
            entries.append(x.SCMapEntry(key=key, val=val))
    entries.sort(key=functools.cmp_to_key(lambda a, b: _compare_sc_val(a.key, b.key)))
    return x.SCMap(entries)


def symbol(rng, lo=0, hi=32):
    return "".join(rng.choice(SYMBOL_CHARS) for _ in range(rng.randint(lo, hi)))


def executable(rng):
    if rng.random() < 0.5:
        return x.ContractExecutable(x.ContractExecutableType.CONTRACT_EXECUTABLE_WASM, wasm_hash=x.Hash(rng.randbytes(32)))
    return x.ContractExecutable(x.ContractExecutableType.CONTRACT_EXECUTABLE_STELLAR_ASSET)


def integer(rng, bits, signed):
    lo, hi = (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if signed else (0, 2**bits - 1)
    return rng.choice([lo, hi, 0, rng.randint(lo, hi), rng.randint(-1000, 1000) if signed else rng.randint(0, 1000)])


def scv(rng, depth=0):
    """A random SCVal of any type (containers only while depth allows)."""
    t = rng.randrange(22 if depth < MAX_DEPTH else 16)
    if t >= 16:
        t = [16, 17, 18, 19, 20, 21][t - 16]
    T = x.SCValType
    if t == 0:
        return scval.to_bool(rng.random() < 0.5)
    if t == 1:
        return scval.to_void()
    if t == 2:
        et = rng.randrange(10)
        if et == 0:
            err = x.SCError(x.SCErrorType(0), contract_code=x.Uint32(rng.randrange(2**32)))
        else:
            err = x.SCError(x.SCErrorType(et), code=x.SCErrorCode(rng.randrange(10)))
        return x.SCVal(T.SCV_ERROR, error=err)
    if t == 3:
        return scval.to_uint32(integer(rng, 32, False))
    if t == 4:
        return scval.to_int32(integer(rng, 32, True))
    if t == 5:
        return scval.to_uint64(integer(rng, 64, False))
    if t == 6:
        return scval.to_int64(integer(rng, 64, True))
    if t == 7:
        return scval.to_timepoint(integer(rng, 64, False))
    if t == 8:
        return scval.to_duration(integer(rng, 64, False))
    if t == 9:
        return scval.to_uint128(integer(rng, 128, False))
    if t == 10:
        return scval.to_int128(integer(rng, 128, True))
    if t == 11:
        return scval.to_uint256(integer(rng, 256, False))
    if t == 12:
        return scval.to_int256(integer(rng, 256, True))
    if t == 13:
        return scval.to_bytes(rng.randbytes(rng.randint(0, 40)))
    if t == 14:
        # Any bytes: a Soroban string need not be UTF-8.
        return scval.to_string(rng.randbytes(rng.randint(0, 20)) if rng.random() < 0.3 else symbol(rng, 0, 20) + " é")
    if t == 15:
        return scval.to_symbol(symbol(rng))
    if t == 16:
        return scval.to_vec([scv(rng, depth + 1) for _ in range(rng.randint(0, 4))])
    if t == 17:
        return x.SCVal(T.SCV_MAP, map=sc_map([(scv(rng, depth + 1), scv(rng, depth + 1)) for _ in range(rng.randint(0, 4))]))
    if t == 18:
        return x.SCVal(T.SCV_ADDRESS, address=sc_address(rng))
    if t == 19:
        storage = None
        if rng.random() < 0.5:
            storage = sc_map([(scv(rng, depth + 1), scv(rng, depth + 1)) for _ in range(rng.randint(0, 3))])
        return x.SCVal(T.SCV_CONTRACT_INSTANCE, instance=x.SCContractInstance(executable=executable(rng), storage=storage))
    if t == 20:
        return x.SCVal(T.SCV_LEDGER_KEY_CONTRACT_INSTANCE)
    return x.SCVal(T.SCV_LEDGER_KEY_NONCE, nonce_key=x.SCNonceKey(x.Int64(integer(rng, 64, True))))


def xdr_asset(rng):
    k = rng.randrange(3)
    if k == 0:
        return Asset.native()
    n = rng.randint(1, 4) if k == 1 else rng.randint(5, 12)
    return Asset("".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(n)), g(rng))


def invoke_args(rng, args=None, contract=None, function=None):
    return x.InvokeContractArgs(
        contract_address=contract or sc_address(rng, 2),
        function_name=x.SCSymbol((function or symbol(rng, 1, 32)).encode()),
        args=args if args is not None else [scv(rng) for _ in range(rng.randint(0, 5))])


def contract_id_preimage(rng):
    if rng.random() < 0.5:
        return x.ContractIDPreimage(
            x.ContractIDPreimageType.CONTRACT_ID_PREIMAGE_FROM_ADDRESS,
            from_address=x.ContractIDPreimageFromAddress(address=sc_address(rng, 2), salt=x.Uint256(rng.randbytes(32))))
    return x.ContractIDPreimage(x.ContractIDPreimageType.CONTRACT_ID_PREIMAGE_FROM_ASSET, from_asset=xdr_asset(rng).to_xdr_object())


def create_args(rng, v2):
    if v2:
        return x.CreateContractArgsV2(contract_id_preimage=contract_id_preimage(rng), executable=executable(rng),
                                      constructor_args=[scv(rng) for _ in range(rng.randint(0, 3))])
    return x.CreateContractArgs(contract_id_preimage=contract_id_preimage(rng), executable=executable(rng))


def host_function(rng):
    k = rng.randrange(4)
    H = x.HostFunctionType
    if k == 0:
        return x.HostFunction(H.HOST_FUNCTION_TYPE_INVOKE_CONTRACT, invoke_contract=invoke_args(rng))
    if k == 1:
        return x.HostFunction(H.HOST_FUNCTION_TYPE_CREATE_CONTRACT, create_contract=create_args(rng, False))
    if k == 2:
        return x.HostFunction(H.HOST_FUNCTION_TYPE_UPLOAD_CONTRACT_WASM, wasm=rng.randbytes(rng.randint(0, 300)))
    return x.HostFunction(H.HOST_FUNCTION_TYPE_CREATE_CONTRACT_V2, create_contract_v2=create_args(rng, True))


def invocation(rng, depth=0):
    k = rng.randrange(3)
    F = x.SorobanAuthorizedFunctionType
    if k == 0:
        fn = x.SorobanAuthorizedFunction(F.SOROBAN_AUTHORIZED_FUNCTION_TYPE_CONTRACT_FN, contract_fn=invoke_args(rng))
    elif k == 1:
        fn = x.SorobanAuthorizedFunction(F.SOROBAN_AUTHORIZED_FUNCTION_TYPE_CREATE_CONTRACT_HOST_FN,
                                         create_contract_host_fn=create_args(rng, False))
    else:
        fn = x.SorobanAuthorizedFunction(F.SOROBAN_AUTHORIZED_FUNCTION_TYPE_CREATE_CONTRACT_V2_HOST_FN,
                                         create_contract_v2_host_fn=create_args(rng, True))
    subs = [invocation(rng, depth + 1) for _ in range(rng.randint(0, 2 if depth < 3 else 0))]
    return x.SorobanAuthorizedInvocation(function=fn, sub_invocations=subs)


def auth_entry(rng, address=None, signed=None):
    """Source-account credentials, or address credentials (for `address` when given) whose
    signature is void, or a random value standing in for someone else's signature."""
    if address is None and rng.random() < 0.3:
        credentials = x.SorobanCredentials(x.SorobanCredentialsType.SOROBAN_CREDENTIALS_SOURCE_ACCOUNT)
    else:
        signature = scval.to_void() if not signed else scv(rng)
        credentials = x.SorobanCredentials(
            x.SorobanCredentialsType.SOROBAN_CREDENTIALS_ADDRESS,
            address=x.SorobanAddressCredentials(
                address=address or sc_address(rng, 2), nonce=x.Int64(integer(rng, 64, True)),
                signature_expiration_ledger=x.Uint32(rng.randrange(2**32)), signature=signature))
    return x.SorobanAuthorizationEntry(credentials=credentials, root_invocation=invocation(rng))


def ledger_key(rng):
    k = rng.randrange(10)
    L = x.LedgerEntryType
    if k == 0:
        return x.LedgerKey(L.ACCOUNT, account=x.LedgerKeyAccount(account_id(rng)))
    if k == 1:
        a = xdr_asset(rng)
        while a.is_native():
            a = xdr_asset(rng)
        return x.LedgerKey(L.TRUSTLINE, trust_line=x.LedgerKeyTrustLine(account_id(rng), a.to_trust_line_asset_xdr_object()))
    if k == 2:
        return x.LedgerKey(L.OFFER, offer=x.LedgerKeyOffer(account_id(rng), x.Int64(rng.randrange(2**63))))
    if k == 3:
        return x.LedgerKey(L.DATA, data=x.LedgerKeyData(account_id(rng), x.String64(symbol(rng, 1, 64).encode())))
    if k == 4:
        balance = x.ClaimableBalanceID(x.ClaimableBalanceIDType.CLAIMABLE_BALANCE_ID_TYPE_V0, v0=x.Hash(rng.randbytes(32)))
        return x.LedgerKey(L.CLAIMABLE_BALANCE, claimable_balance=x.LedgerKeyClaimableBalance(balance))
    if k == 5:
        return x.LedgerKey(L.LIQUIDITY_POOL, liquidity_pool=x.LedgerKeyLiquidityPool(x.PoolID(x.Hash(rng.randbytes(32)))))
    if k == 6:
        key = rng.choice([scv(rng, MAX_DEPTH - 1), x.SCVal(x.SCValType.SCV_LEDGER_KEY_CONTRACT_INSTANCE)])
        return x.LedgerKey(L.CONTRACT_DATA, contract_data=x.LedgerKeyContractData(
            contract=sc_address(rng, 2), key=key, durability=x.ContractDataDurability(rng.randrange(2))))
    if k == 7:
        return x.LedgerKey(L.CONTRACT_CODE, contract_code=x.LedgerKeyContractCode(x.Hash(rng.randbytes(32))))
    if k == 8:
        return x.LedgerKey(L.CONFIG_SETTING, config_setting=x.LedgerKeyConfigSetting(x.ConfigSettingID(rng.randrange(21))))
    return x.LedgerKey(L.TTL, ttl=x.LedgerKeyTtl(x.Hash(rng.randbytes(32))))


def soroban_data(rng, fee):
    read_write = [ledger_key(rng) for _ in range(rng.randint(0, 4))]
    if rng.random() < 0.5:
        ext = x.SorobanTransactionDataExt(0)
    else:
        archived = sorted(rng.sample(range(len(read_write)), rng.randint(0, len(read_write))))
        ext = x.SorobanTransactionDataExt(1, resource_ext=x.SorobanResourcesExtV0([x.Uint32(i) for i in archived]))
    resources = x.SorobanResources(
        footprint=x.LedgerFootprint(read_only=[ledger_key(rng) for _ in range(rng.randint(0, 4))], read_write=read_write),
        instructions=x.Uint32(rng.randrange(2**32)), disk_read_bytes=x.Uint32(rng.randrange(2**32)),
        write_bytes=x.Uint32(rng.randrange(2**32)))
    return x.SorobanTransactionData(ext=ext, resources=resources, resource_fee=x.Int64(rng.randint(0, fee)))


def muxed(rng):
    if rng.random() < 0.5:
        return g(rng)
    return MuxedAccount(g(rng), rng.randrange(2**64)).account_muxed
