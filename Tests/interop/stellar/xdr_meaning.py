"""What a decoded Stellar XDR value means, computed from stellar-sdk's XDR objects, in the same
compact form airsign-testkit's `stellar_xdr_decode` computes from ours
(Sources/airsign-testkit/StellarDecodeHandlers.swift): accounts and addresses as StrKeys,
amounts and 64-bit numbers as decimal strings, bytes as hex, Soroban values as `type:value`.

The re-encodings already have to be equal; the meaning checks that each side reads the bytes
as the same fields (who pays whom how much, which contract and function, which numbers), which
an encoder and a decoder wrong in the same way would not show.
"""
from stellar_sdk import Address, MuxedAccount, SignerKey, StrKey
from stellar_sdk import xdr as x

T = x.SCValType


def account(a: x.AccountID) -> str:
    return StrKey.encode_ed25519_public_key(a.account_id.ed25519.uint256)


def muxed(m: x.MuxedAccount) -> str:
    return MuxedAccount.from_xdr_object(m).universal_account_id


def address(a: x.SCAddress) -> str:
    return Address.from_xdr_sc_address(a).address


def signer_key(k: x.SignerKey) -> str:
    return SignerKey.from_xdr_object(k).encoded_signer_key


def asset(a) -> str:
    """An Asset (or the asset arm of a ChangeTrustAsset / TrustLineAsset)."""
    if a.type == x.AssetType.ASSET_TYPE_NATIVE:
        return "native"
    if a.type == x.AssetType.ASSET_TYPE_CREDIT_ALPHANUM4:
        code, issuer = a.alpha_num4.asset_code.asset_code4, a.alpha_num4.issuer
    else:
        code, issuer = a.alpha_num12.asset_code.asset_code12, a.alpha_num12.issuer
    return code_text(code) + ":" + account(issuer)


def code_text(raw: bytes) -> str:
    """An asset code's characters, without the zero padding."""
    return raw.split(b"\0")[0].decode("latin-1")


def price(p: x.Price) -> str:
    return f"{p.n.int32}/{p.d.int32}"


def scval(v: x.SCVal) -> str:
    t = v.type.value
    if v.type in (T.SCV_VOID, T.SCV_LEDGER_KEY_CONTRACT_INSTANCE):
        return str(t)
    if v.type == T.SCV_BOOL:
        body = "1" if v.b else "0"
    elif v.type == T.SCV_ERROR:
        e = v.error
        body = f"{e.type.value}:{e.contract_code.uint32 if e.contract_code is not None else e.code.value}"
    elif v.type in (T.SCV_U32, T.SCV_I32, T.SCV_U64, T.SCV_I64):
        field = {T.SCV_U32: "u32", T.SCV_I32: "i32", T.SCV_U64: "u64", T.SCV_I64: "i64"}[v.type]
        number = getattr(v, field)
        body = str(getattr(number, {"u32": "uint32", "i32": "int32", "u64": "uint64", "i64": "int64"}[field]))
    elif v.type == T.SCV_TIMEPOINT:
        body = str(v.timepoint.time_point.uint64)
    elif v.type == T.SCV_DURATION:
        body = str(v.duration.duration.uint64)
    elif v.type == T.SCV_U128:
        body = str(v.u128.hi.uint64 << 64 | v.u128.lo.uint64)
    elif v.type == T.SCV_I128:
        body = str((v.i128.hi.int64 << 64) + v.i128.lo.uint64)
    elif v.type == T.SCV_U256:
        p = v.u256
        body = str(p.hi_hi.uint64 << 192 | p.hi_lo.uint64 << 128 | p.lo_hi.uint64 << 64 | p.lo_lo.uint64)
    elif v.type == T.SCV_I256:
        p = v.i256
        body = str((p.hi_hi.int64 << 192) + (p.hi_lo.uint64 << 128 | p.lo_hi.uint64 << 64 | p.lo_lo.uint64))
    elif v.type == T.SCV_BYTES:
        body = v.bytes.sc_bytes.hex()
    elif v.type == T.SCV_STRING:
        body = v.str.sc_string.hex()
    elif v.type == T.SCV_SYMBOL:
        body = v.sym.sc_symbol.decode("latin-1")
    elif v.type == T.SCV_VEC:
        body = "[" + ",".join(scval(i) for i in v.vec.sc_vec) + "]"
    elif v.type == T.SCV_MAP:
        body = scmap(v.map)
    elif v.type == T.SCV_ADDRESS:
        body = address(v.address)
    elif v.type == T.SCV_CONTRACT_INSTANCE:
        i = v.instance
        e = i.executable
        if e.wasm_hash is not None:
            executable = "0:" + e.wasm_hash.hash.hex()
        elif e.external_ref is not None:
            executable = "2:" + address(e.external_ref.executable_owner) + ":" + e.external_ref.tag.sc_string.hex()
        else:
            executable = "1"
        body = executable + ";" + (scmap(i.storage) if i.storage is not None else "none")
    elif v.type == T.SCV_LEDGER_KEY_NONCE:
        body = str(v.nonce_key.nonce.int64)
    elif v.type == T.SCV_EXECUTABLE_TAG:
        body = v.executable_tag.sc_string.hex()
    else:
        raise AssertionError(f"no meaning for SCVal type {v.type}")
    return f"{t}:{body}"


def scmap(m: x.SCMap) -> str:
    return "{" + ",".join(scval(e.key) + "=" + scval(e.val) for e in m.sc_map) + "}"


def invoke(call: x.InvokeContractArgs) -> dict:
    return {"contract": address(call.contract_address), "function": call.function_name.sc_symbol.decode("latin-1"),
            "args": [scval(a) for a in call.args]}


def create(args) -> dict:
    p = args.contract_id_preimage
    if p.from_address is not None:
        origin = address(p.from_address.address) + ":" + p.from_address.salt.uint256.hex()
    else:
        origin = asset(p.from_asset)
    e = args.executable
    if e.wasm_hash is not None:
        executable = e.wasm_hash.hash.hex()
    elif e.external_ref is not None:
        executable = "external:" + address(e.external_ref.executable_owner) + ":" + e.external_ref.tag.sc_string.hex()
    else:
        executable = "stellar_asset"
    m = {"from": origin, "executable": executable}
    if isinstance(args, x.CreateContractArgsV2):
        m["args"] = [scval(a) for a in args.constructor_args]
    return m


def invocation(i: x.SorobanAuthorizedInvocation) -> dict:
    f = i.function
    m = {"fn": f.type.value, "subs": [invocation(s) for s in i.sub_invocations]}
    if f.contract_fn is not None:
        m["call"] = invoke(f.contract_fn)
    else:
        m["create"] = create(f.create_contract_host_fn or f.create_contract_v2_host_fn)
    return m


def delegate(d: x.SorobanDelegateSignature) -> dict:
    """A CAP-71 delegate: address, signature, nested delegates."""
    return {"address": address(d.address), "signature": scval(d.signature), "nested": [delegate(n) for n in d.nested_delegates]}


def auth_entry(e: x.SorobanAuthorizationEntry) -> dict:
    c = e.credentials
    if c.type == x.SorobanCredentialsType.SOROBAN_CREDENTIALS_SOURCE_ACCOUNT:
        credentials = "source"
    else:
        kinds = x.SorobanCredentialsType
        a = {kinds.SOROBAN_CREDENTIALS_ADDRESS: c.address, kinds.SOROBAN_CREDENTIALS_ADDRESS_V2: c.address_v2,
             kinds.SOROBAN_CREDENTIALS_ADDRESS_WITH_DELEGATES:
                 c.address_with_delegates.address_credentials if c.address_with_delegates is not None else None}[c.type]
        credentials = {"address": address(a.address), "nonce": str(a.nonce.int64),
                       "expiration": a.signature_expiration_ledger.uint32, "signature": scval(a.signature)}
        if c.type != kinds.SOROBAN_CREDENTIALS_ADDRESS:
            credentials["kind"] = c.type.value
        if c.type == kinds.SOROBAN_CREDENTIALS_ADDRESS_WITH_DELEGATES:
            credentials["delegates"] = [delegate(d) for d in c.address_with_delegates.delegates]
    return {"credentials": credentials, "root": invocation(e.root_invocation)}


def ledger_key(k: x.LedgerKey) -> str:
    L = x.LedgerEntryType
    if k.type == L.ACCOUNT:
        return f"0:{account(k.account.account_id)}"
    if k.type == L.TRUSTLINE:
        line = k.trust_line.asset
        what = f"pool:{line.liquidity_pool_id.pool_id.hash.hex()}" if line.liquidity_pool_id is not None else asset(line)
        return f"1:{account(k.trust_line.account_id)}:{what}"
    if k.type == L.OFFER:
        return f"2:{account(k.offer.seller_id)}:{k.offer.offer_id.int64}"
    if k.type == L.DATA:
        return f"3:{account(k.data.account_id)}:{k.data.data_name.string64.hex()}"
    if k.type == L.CLAIMABLE_BALANCE:
        return f"4:{k.claimable_balance.balance_id.v0.hash.hex()}"
    if k.type == L.LIQUIDITY_POOL:
        return f"5:{k.liquidity_pool.liquidity_pool_id.pool_id.hash.hex()}"
    if k.type == L.CONTRACT_DATA:
        d = k.contract_data
        return f"6:{address(d.contract)}:{scval(d.key)}:{d.durability.value}"
    if k.type == L.CONTRACT_CODE:
        return f"7:{k.contract_code.hash.hash.hex()}"
    if k.type == L.CONFIG_SETTING:
        return f"8:{k.config_setting.config_setting_id.value}"
    return f"9:{k.ttl.key_hash.hash.hex()}"


def _path_payment(p, send_amount, dest_amount) -> dict:
    return {"send_asset": asset(p.send_asset), "send_amount": str(send_amount.int64), "destination": muxed(p.destination),
            "dest_asset": asset(p.dest_asset), "dest_amount": str(dest_amount.int64), "path": [asset(a) for a in p.path]}


def _offer(o, amount, with_id) -> dict:
    m = {"selling": asset(o.selling), "buying": asset(o.buying), "amount": str(amount.int64), "price": price(o.price)}
    if with_id:
        m["offer_id"] = str(o.offer_id.int64)
    return m


def operation(op: x.Operation) -> dict:
    b = op.body
    O = x.OperationType
    m = {"type": b.type.value}
    if op.source_account is not None:
        m["source"] = muxed(op.source_account)
    t = b.type
    if t == O.CREATE_ACCOUNT:
        m.update(destination=account(b.create_account_op.destination), amount=str(b.create_account_op.starting_balance.int64))
    elif t == O.PAYMENT:
        p = b.payment_op
        m.update(destination=muxed(p.destination), asset=asset(p.asset), amount=str(p.amount.int64))
    elif t == O.PATH_PAYMENT_STRICT_RECEIVE:
        p = b.path_payment_strict_receive_op
        m.update(_path_payment(p, p.send_max, p.dest_amount))
    elif t == O.PATH_PAYMENT_STRICT_SEND:
        p = b.path_payment_strict_send_op
        m.update(_path_payment(p, p.send_amount, p.dest_min))
    elif t == O.MANAGE_SELL_OFFER:
        m.update(_offer(b.manage_sell_offer_op, b.manage_sell_offer_op.amount, True))
    elif t == O.MANAGE_BUY_OFFER:
        m.update(_offer(b.manage_buy_offer_op, b.manage_buy_offer_op.buy_amount, True))
    elif t == O.CREATE_PASSIVE_SELL_OFFER:
        m.update(_offer(b.create_passive_sell_offer_op, b.create_passive_sell_offer_op.amount, False))
    elif t == O.SET_OPTIONS:
        s = b.set_options_op
        m["numbers"] = [None if n is None else n.uint32 for n in
                        (s.clear_flags, s.set_flags, s.master_weight, s.low_threshold, s.med_threshold, s.high_threshold)]
        if s.inflation_dest is not None:
            m["inflation_dest"] = account(s.inflation_dest)
        if s.home_domain is not None:
            m["home_domain"] = s.home_domain.string32.hex()
        if s.signer is not None:
            m["signer"] = f"{signer_key(s.signer.key)}:{s.signer.weight.uint32}"
    elif t == O.CHANGE_TRUST:
        line = b.change_trust_op.line
        if line.liquidity_pool is not None:
            cp = line.liquidity_pool.constant_product
            m["pool"] = f"{asset(cp.asset_a)}/{asset(cp.asset_b)}/{cp.fee.int32}"
        else:
            m["asset"] = asset(line)
        m["amount"] = str(b.change_trust_op.limit.int64)
    elif t == O.ALLOW_TRUST:
        a = b.allow_trust_op
        code = a.asset.asset_code4.asset_code4 if a.asset.asset_code4 is not None else a.asset.asset_code12.asset_code12
        m.update(destination=account(a.trustor), code=code_text(code), flags=a.authorize.uint32)
    elif t == O.ACCOUNT_MERGE:
        m["destination"] = muxed(b.destination)
    elif t == O.MANAGE_DATA:
        d = b.manage_data_op
        m["name"] = d.data_name.string64.hex()
        if d.data_value is not None:
            m["value"] = d.data_value.data_value.hex()
    elif t == O.BUMP_SEQUENCE:
        m["amount"] = str(b.bump_sequence_op.bump_to.sequence_number.int64)
    elif t == O.CREATE_CLAIMABLE_BALANCE:
        c = b.create_claimable_balance_op
        m.update(asset=asset(c.asset), amount=str(c.amount.int64), claimants=[account(k.v0.destination) for k in c.claimants])
    elif t == O.CLAIM_CLAIMABLE_BALANCE:
        m["balance"] = b.claim_claimable_balance_op.balance_id.v0.hash.hex()
    elif t == O.CLAWBACK_CLAIMABLE_BALANCE:
        m["balance"] = b.clawback_claimable_balance_op.balance_id.v0.hash.hex()
    elif t == O.BEGIN_SPONSORING_FUTURE_RESERVES:
        m["destination"] = account(b.begin_sponsoring_future_reserves_op.sponsored_id)
    elif t == O.REVOKE_SPONSORSHIP:
        r = b.revoke_sponsorship_op
        if r.ledger_key is not None:
            m["ledger_key"] = ledger_key(r.ledger_key)
        else:
            m.update(destination=account(r.signer.account_id), signer=signer_key(r.signer.signer_key))
    elif t == O.CLAWBACK:
        c = b.clawback_op
        m.update(asset=asset(c.asset), destination=muxed(c.from_), amount=str(c.amount.int64))
    elif t == O.SET_TRUST_LINE_FLAGS:
        s = b.set_trust_line_flags_op
        m.update(destination=account(s.trustor), asset=asset(s.asset), flags=f"{s.clear_flags.uint32}/{s.set_flags.uint32}")
    elif t == O.LIQUIDITY_POOL_DEPOSIT:
        d = b.liquidity_pool_deposit_op
        m.update(pool=d.liquidity_pool_id.pool_id.hash.hex(), amount=f"{d.max_amount_a.int64}/{d.max_amount_b.int64}",
                 price=f"{price(d.min_price)}-{price(d.max_price)}")
    elif t == O.LIQUIDITY_POOL_WITHDRAW:
        d = b.liquidity_pool_withdraw_op
        m.update(pool=d.liquidity_pool_id.pool_id.hash.hex(),
                 amount=f"{d.amount.int64}/{d.min_amount_a.int64}/{d.min_amount_b.int64}")
    elif t == O.INVOKE_HOST_FUNCTION:
        h = b.invoke_host_function_op.host_function
        m["host"] = h.type.value
        if h.invoke_contract is not None:
            m["call"] = invoke(h.invoke_contract)
        elif h.wasm is not None:
            m["wasm"] = h.wasm.hex()
        else:
            m["create"] = create(h.create_contract or h.create_contract_v2)
        m["auth"] = [auth_entry(e) for e in b.invoke_host_function_op.auth]
    elif t == O.EXTEND_FOOTPRINT_TTL:
        m["amount"] = str(b.extend_footprint_ttl_op.extend_to.uint32)
    return m


def memo(m: x.Memo) -> str:
    M = x.MemoType
    if m.type == M.MEMO_NONE:
        return "none"
    if m.type == M.MEMO_TEXT:
        return "text:" + m.text.hex()
    if m.type == M.MEMO_ID:
        return f"id:{m.id.uint64}"
    if m.type == M.MEMO_HASH:
        return "hash:" + m.hash.hash.hex()
    return "return:" + m.ret_hash.hash.hex()


def _time(t) -> str:
    return "-" if t is None else f"{t.min_time.time_point.uint64}-{t.max_time.time_point.uint64}"


def preconditions(p: x.Preconditions) -> str:
    if p.type == x.PreconditionType.PRECOND_NONE:
        return "none"
    if p.type == x.PreconditionType.PRECOND_TIME:
        return "time:" + _time(p.time_bounds)
    v = p.v2
    ledger = "-" if v.ledger_bounds is None else f"{v.ledger_bounds.min_ledger.uint32}-{v.ledger_bounds.max_ledger.uint32}"
    seq = "-" if v.min_seq_num is None else str(v.min_seq_num.sequence_number.int64)
    return (f"v2:{_time(v.time_bounds)}:{ledger}:{seq}:{v.min_seq_age.duration.uint64}:{v.min_seq_ledger_gap.uint32}:"
            + ",".join(signer_key(k) for k in v.extra_signers))


def soroban(ext: x.TransactionExt):
    d = ext.soroban_data
    if d is None:
        return None
    r = d.resources
    archived = None if d.ext.resource_ext is None else [i.uint32 for i in d.ext.resource_ext.archived_soroban_entries]
    return {"resource_fee": str(d.resource_fee.int64), "read_only": [ledger_key(k) for k in r.footprint.read_only],
            "read_write": [ledger_key(k) for k in r.footprint.read_write],
            "resources": f"{r.instructions.uint32}/{r.disk_read_bytes.uint32}/{r.write_bytes.uint32}", "archived": archived}


def transaction(tx) -> dict:
    if isinstance(tx, x.TransactionV0):
        # Signed as the v1 transaction it becomes: a G source and PRECOND_TIME (or none).
        source = StrKey.encode_ed25519_public_key(tx.source_account_ed25519.uint256)
        cond = "none" if tx.time_bounds is None else "time:" + _time(tx.time_bounds)
        return {"source": source, "fee": tx.fee.uint32, "seq": str(tx.seq_num.sequence_number.int64), "memo": memo(tx.memo),
                "cond": cond, "ops": [operation(o) for o in tx.operations], "soroban": None}
    return {"source": muxed(tx.source_account), "fee": tx.fee.uint32, "seq": str(tx.seq_num.sequence_number.int64),
            "memo": memo(tx.memo), "cond": preconditions(tx.cond), "ops": [operation(o) for o in tx.operations],
            "soroban": soroban(tx.ext)}


def signatures(sigs) -> list:
    return [s.hint.signature_hint.hex() + ":" + s.signature.signature.hex() for s in sigs]


def envelope(e: x.TransactionEnvelope) -> dict:
    E = x.EnvelopeType
    if e.type == E.ENVELOPE_TYPE_TX_V0:
        return {"kind": "v0", "signatures": signatures(e.v0.signatures), "tx": transaction(e.v0.tx)}
    if e.type == E.ENVELOPE_TYPE_TX:
        return {"kind": "v1", "signatures": signatures(e.v1.signatures), "tx": transaction(e.v1.tx)}
    f = e.fee_bump.tx
    inner = f.inner_tx.v1
    return {"kind": "fee_bump", "signatures": signatures(e.fee_bump.signatures), "fee_source": muxed(f.fee_source),
            "fee": str(f.fee.int64), "inner_signatures": signatures(inner.signatures), "tx": transaction(inner.tx)}
