"""ERC-4527 from the MetaMask side (issue 23): the signer as MetaMask's "QR-based hardware wallet".

Requests are built here as MetaMask's QR keyring builds them (../shared/specs/ethereum/erc4527.md
§3.1): cbor2 encodes `eth-sign-request` with a tag-37 request id, the data type, the chain id
(left out for messages, as the keyrings do), a tag-304 keypath under m/44'/60'/0' and the
address; the sign-data is eth-account's own unsigned serialization, EIP-712 JSON or message
bytes. The UR text is written by this file's own bytewords (`ur_support`) for single-part
requests and by our fountain encoder for multi-part ones (shuffled, with mixed parts), one part
a line, as `airsign-signer sign FILE` reads them. The answer `ur:eth-signature` is decoded here,
its request id must be echoed, and what MetaMask does with the signature is checked with
eth-account: the signed transaction assembled from r, s, v (v minimal big-endian) must give
the account from `Account.recover_transaction`, messages and typed data from `recover_message`.
Bad inputs are refused with one line and no answer is written.
"""
import json
import random
import uuid
from pathlib import Path

import cbor2
import pytest
import rlp
from eth_account import Account
from eth_account.messages import encode_defunct, encode_typed_data
from eth_utils import keccak, to_checksum_address

import ur_support
from conftest import make_machines, run_program, zbar_qr
from eth_support import unsigned_preimage

PHRASE = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
MASTER_FINGERPRINT = 0x73C5DA0A
CHAINS = [1, 10, 137, 11155111]
# m/44'/60'/0'/0/i of the phrase (eth-account's own derivation, checked in the fixture).
Account.enable_unaudited_hdwallet_features()
ADDRESSES = [Account.from_mnemonic(PHRASE, account_path=f"m/44'/60'/0'/0/{i}").address for i in range(2)]


run = run_program


@pytest.fixture(scope="module")
def signer(tmp_path_factory):
    """A signer holding the phrase's accounts 0 (on every chain of CHAINS) and 1 (mainnet), and
    a watch that imported them: (environment, PIN file)."""
    steps = [["account", "add", "main", "--chain", "ethereum", "--index", "1"]]
    steps += [["account", "add", "main", "--chain", "ethereum", "--network", str(c)] for c in CHAINS if c != 1]
    env, pin, accounts = make_machines(tmp_path_factory.mktemp("erc4527"), "main", "phrase", PHRASE, steps=steps)
    assert {a["address"] for a in accounts if a["chain"] == "ethereum"} == set(ADDRESSES)
    return env, pin


def keypath(index, fingerprint=MASTER_FINGERPRINT):
    """MetaMask's keyring sends the pairing's source fingerprint; other wallets may leave it out (None)."""
    body = {1: [44, True, 60, True, 0, True, 0, False, index, False]}
    if fingerprint is not None:
        body[2] = fingerprint
    return cbor2.CBORTag(304, body)


def sign_request(request_id, data, data_type, chain_id, index, address, origin="metamask", extra=None, fingerprint=MASTER_FINGERPRINT):
    body = {1: cbor2.CBORTag(37, request_id), 2: data, 3: data_type}
    if chain_id is not None:
        body[4] = chain_id
    body[5] = keypath(index, fingerprint)
    if address is not None:
        body[6] = bytes.fromhex(address[2:])
    body[7] = origin
    body.update(extra or {})
    return cbor2.dumps(body)


def rand_address(rng):
    return to_checksum_address(rng.randbytes(20))


def random_transaction(rng, chain_id, legacy):
    tx = {"chainId": chain_id, "nonce": rng.randrange(0, 1 << 20), "gas": rng.randrange(21_000, 3_000_000),
          "to": rand_address(rng), "value": rng.randrange(0, 10**21),
          "data": rng.randbytes(rng.choice([0, 0, 4, 68, rng.randrange(1, 300)]))}
    if legacy:
        tx["gasPrice"] = rng.randrange(1, 10**12)
    elif rng.random() < 0.8:
        tx.update(type=2, maxPriorityFeePerGas=rng.randrange(0, 10**10), maxFeePerGas=rng.randrange(10**10, 10**12))
    else:
        tx.update(type=1, gasPrice=rng.randrange(1, 10**12),
                  accessList=[{"address": rand_address(rng), "storageKeys": ["0x" + rng.randbytes(32).hex()]}])
    return tx


def random_typed_data(rng, chain_id):
    typed = {
        "types": {"EIP712Domain": [{"name": "name", "type": "string"}, {"name": "version", "type": "string"},
                                   {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}],
                  "Person": [{"name": "name", "type": "string"}, {"name": "wallet", "type": "address"}],
                  "Mail": [{"name": "from", "type": "Person"}, {"name": "to", "type": "Person"},
                           {"name": "contents", "type": "string"}, {"name": "amount", "type": "uint256"}]},
        "primaryType": "Mail",
        "domain": {"name": "Ether Mail", "version": str(rng.randrange(1, 9)), "chainId": chain_id,
                   "verifyingContract": "0x" + rng.randbytes(20).hex()},
        "message": {"from": {"name": "Cow", "wallet": "0x" + rng.randbytes(20).hex()},
                    "to": {"name": "Bob", "wallet": "0x" + rng.randbytes(20).hex()},
                    "contents": "Hello, Bob! #" + str(rng.randrange(10**6)), "amount": rng.randrange(0, 1 << 200)},
    }
    return typed


def ur_lines(testkit, rng, cbor):
    """The UR text of a request: single-part (our own bytewords, either case) or multi-part from
    our fountain encoder, shuffled with mixed parts, as a wallet's animated QR gives them."""
    if len(cbor) < 300 and rng.random() < 0.6:
        text = ur_support.encode("eth-sign-request", cbor)
        return [text.upper() if rng.random() < 0.5 else text]
    fragment = rng.choice([40, 100, 200])
    seq_len = -(-len(cbor) // fragment)
    parts = testkit.call("ur_encode_parts", hex=cbor.hex(), type="eth-sign-request", maxFragmentLen=fragment, count=3 * seq_len)["parts"]
    # The plain fragments plus some mixed parts, shuffled; the decoder needs no particular order.
    chosen = parts[:seq_len] + rng.sample(parts[seq_len:], k=rng.randrange(0, seq_len + 1))
    rng.shuffle(chosen)
    return [p.upper() for p in chosen]


def sign(signer, tmp_path, lines, name="req"):
    env, pin = signer
    request, answer = tmp_path / f"{name}.txt", tmp_path / f"{name}-answer.txt"
    request.write_text("\n".join(lines) + "\n")
    # --blind: random calldata is, rightly, data no descriptor describes.
    out = run("airsign-signer", "sign", str(request), "--yes", "--blind", "--pin-file", str(pin), "--out", str(answer), env=env)
    return out, answer


def read_answer(path):
    ur_type, cbor = ur_support.decode(path.read_text())
    assert ur_type == "eth-signature"
    answer = cbor2.loads(cbor)
    assert set(answer) <= {1, 2, 3}
    # cbor2 reads tag 37 as a UUID: the request id came back as one.
    assert isinstance(answer[1], uuid.UUID)
    return answer[1].bytes, answer[2]


def recover_transaction(preimage, signature):
    """What MetaMask's keyring does with the answer: r, s and v = signature[64:] put into the
    transaction, then the sender recovered by eth-account."""
    r, s, v = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:64], "big"), int.from_bytes(signature[64:], "big")
    if preimage[0] >= 0xC0:
        fields = rlp.decode(preimage)[:6]
        raw = rlp.encode(fields + [v, r, s])
    else:
        raw = preimage[:1] + rlp.encode(rlp.decode(preimage[1:]) + [v, r, s])
    return Account.recover_transaction(raw)


def test_metamask_simulation(signer, testkit, rng, tmp_path):
    kinds = {1: 0, 2: 0, 3: 0, 4: 0}
    for case in range(200):
        data_type = [1, 2, 3, 4, 4][case % 5]
        chain_id = rng.choice(CHAINS)
        index = 1 if data_type != 1 and rng.random() < 0.3 else 0
        if index == 1:
            chain_id = 1
        request_id = rng.randbytes(16)
        if data_type in (1, 4):
            tx = random_transaction(rng, chain_id, legacy=data_type == 1)
            data = unsigned_preimage(tx)
            cbor = sign_request(request_id, data, data_type, chain_id, index, ADDRESSES[index])
        elif data_type == 2:
            typed = random_typed_data(rng, chain_id)
            data = json.dumps(typed).encode()
            # The keyrings leave the chain id out for typed data and messages.
            cbor = sign_request(request_id, data, 2, None, index, ADDRESSES[index])
        else:
            data = rng.choice([b"Sign in to example.org\nNonce: " + str(rng.randrange(10**9)).encode(), rng.randbytes(rng.randrange(1, 200))])
            cbor = sign_request(request_id, data, 3, None, index, ADDRESSES[index] if rng.random() < 0.7 else None)
        out, answer_file = sign(signer, tmp_path, ur_lines(testkit, rng, cbor), name=f"r{case}")
        assert out.returncode == 0, (case, data_type, out.stderr[-2000:])
        assert "Format: ERC-4527" in out.stderr
        echoed, signature = read_answer(answer_file)
        assert echoed == request_id
        if data_type in (1, 4):
            assert recover_transaction(data, signature) == ADDRESSES[index], case
        elif data_type == 2:
            assert Account.recover_message(encode_typed_data(full_message=typed), signature=signature) == ADDRESSES[index], case
        else:
            assert Account.recover_message(encode_defunct(primitive=data), signature=signature) == ADDRESSES[index], case
        kinds[data_type] += 1
    assert all(kinds.values()), kinds


def test_answer_qr_reads_back_with_zbar(signer, tmp_path, rng):
    """The answer as the wallet's camera sees it: our PNG, read by zbarimg, is the same UR."""
    env, pin = signer
    tx = random_transaction(rng, 1, legacy=False)
    request = tmp_path / "req.txt"
    request.write_text(ur_support.encode("eth-sign-request", sign_request(rng.randbytes(16), unsigned_preimage(tx), 4, 1, 0, ADDRESSES[0])))
    answer, png = tmp_path / "answer.txt", tmp_path / "answer.png"
    out = run("airsign-signer", "sign", str(request), "--yes", "--blind", "--pin-file", str(pin), "--out", str(answer), "--qr", str(png), env=env)
    assert out.returncode == 0, out.stderr
    assert zbar_qr(png).decode().strip().lower() == answer.read_text().strip()
    assert recover_transaction(unsigned_preimage(tx), read_answer(answer)[1]) == ADDRESSES[0]


def test_a_request_without_a_source_fingerprint_is_signed(signer, tmp_path, rng):
    """Wallets other than MetaMask may leave the keypath's source fingerprint out: nothing to compare."""
    tx = random_transaction(rng, 1, legacy=False)
    request_id = rng.randbytes(16)
    cbor = sign_request(request_id, unsigned_preimage(tx), 4, 1, 0, ADDRESSES[0], fingerprint=None)
    assert 2 not in cbor2.loads(cbor)[5].value
    out, answer = sign(signer, tmp_path, [ur_support.encode("eth-sign-request", cbor)])
    assert out.returncode == 0, out.stderr
    echoed, signature = read_answer(answer)
    assert echoed == request_id and recover_transaction(unsigned_preimage(tx), signature) == ADDRESSES[0]


@pytest.mark.parametrize("case", ["path not ours", "address not ours", "chain id mismatch", "unknown data type",
                                  "truncated CBOR", "unknown key", "pre-EIP-155 legacy", "another wallet's fingerprint"])
def test_bad_requests_are_refused_with_one_line(signer, tmp_path, rng, case):
    tx = random_transaction(rng, 1, legacy=False)
    data = unsigned_preimage(tx)
    cbor, phrase = {
        "path not ours": (sign_request(rng.randbytes(16), data, 4, 1, 7, None), "not an account of this keystore"),
        "address not ours": (sign_request(rng.randbytes(16), data, 4, 1, 0, ADDRESSES[1]), "not ours"),
        "chain id mismatch": (sign_request(rng.randbytes(16), data, 4, 10, 0, ADDRESSES[0]), "chain id 1"),
        "unknown data type": (sign_request(rng.randbytes(16), data, 5, 1, 0, ADDRESSES[0]), "data-type (key 3) is 5"),
        "truncated CBOR": (sign_request(rng.randbytes(16), data, 4, 1, 0, ADDRESSES[0])[:-3], "eth-sign-request"),
        "unknown key": (sign_request(rng.randbytes(16), data, 4, 1, 0, ADDRESSES[0], extra={9: 1}), "unknown key 9"),
        "pre-EIP-155 legacy": (sign_request(rng.randbytes(16), rlp.encode(rlp.decode(unsigned_preimage(random_transaction(rng, 1, legacy=True)))[:6]),
                                            1, 1, 0, ADDRESSES[0]), "EIP-155"),
        # Our account's path and address, but the pairing of another phrase (its master fingerprint).
        "another wallet's fingerprint": (sign_request(rng.randbytes(16), data, 4, 1, 0, ADDRESSES[0], fingerprint=0xE9181CF3),
                                         "this request is for the wallet with fingerprint e9181cf3; this signer's is 73c5da0a"),
    }[case]
    out, answer = sign(signer, tmp_path, [ur_support.encode("eth-sign-request", cbor)])
    assert out.returncode != 0
    errors = [line for line in out.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and phrase in errors[0], out.stderr
    assert "Signed" not in out.stderr
    assert not answer.exists()


def test_pairing_export_is_the_account_level_key(signer):
    """`account export --format crypto-hdkey`, read as MetaMask reads it (cbor2): the key at
    m/44'/60'/0' of the phrase (as the published fixtures have it), with the real master and
    parent fingerprints, children 0/*, and Keystone's note."""
    env, pin = signer
    vectors = json.loads((Path(__file__).resolve().parents[3] / "vectors" / "erc4527.json").read_text())
    expected = vectors["abandon_about_account"]
    out = run("airsign-signer", "account", "export", "main", "--format", "crypto-hdkey", "--pin-file", str(pin), env=env)
    assert out.returncode == 0, out.stderr
    ur_type, cbor = ur_support.decode(out.stdout)
    assert ur_type == "crypto-hdkey"
    key = cbor2.loads(cbor)
    assert key[3].hex() == expected["key"] and key[4].hex() == expected["chain_code"]
    assert key[8] == expected["parent_fingerprint"]
    assert key[6].tag == 304 and key[6].value == {1: (44, True, 60, True, 0, True), 2: expected["master_fingerprint"], 3: 3}
    assert key[7].tag == 304 and key[7].value[1] == (0, False, (), False)
    assert key[5].tag == 305 and key[5].value[1] == 60
    assert key[9] == "main" and key[10] == "account.standard"
    # A key the keystore lacks: refused with one line, nothing written.
    out = run("airsign-signer", "account", "export", "nope", "--format", "crypto-hdkey", "--pin-file", str(pin), env=env)
    assert out.returncode != 0 and len([l for l in out.stderr.splitlines() if "error:" in l]) == 1


@pytest.mark.parametrize("kind", ["transfer", "legacy", "message", "typed data"])
def test_watch_drives_a_keystone_style_signer(signer, tmp_path, kind):
    """The other direction: our watch emits `ur:eth-sign-request` for a request it built; a
    Keystone-style signer simulated here (cbor2 reads the request, eth-account signs what the
    data type says, cbor2 and this file's bytewords write the `eth-signature` with v as
    Keystone writes it) answers; `ethereum finalize` reads the UR and verifies it."""
    env, pin = signer
    request = tmp_path / "request.json"
    common = ["--from", ADDRESSES[0], "--out", str(request)]
    if kind == "transfer":
        args = ["transfer", "--to", "0x4242424242424242424242424242424242424242", "--value", "0.5ether", "--chain-id", "10",
                "--nonce", "3", "--max-fee", "30gwei", "--priority-fee", "1gwei"]
    elif kind == "legacy":
        args = ["transfer", "--to", "0x4242424242424242424242424242424242424242", "--value", "1wei", "--chain-id", "1337",
                "--nonce", "3", "--legacy", "--gas-price", "3gwei"]
    elif kind == "message":
        args = ["sign-message", "--chain-id", "1", "--message", "Sign in to example.org"]
    else:
        typed = tmp_path / "typed.json"
        typed.write_text(json.dumps(random_typed_data(random.Random(7), 1)))
        args = ["sign-typed-data", str(typed)]
    if kind == "legacy":
        assert run("airsign-signer", "account", "add", "main", "--chain", "ethereum", "--network", "1337",
                   "--pin-file", str(pin), env=env).returncode == 0
        exported = tmp_path / "acc.jsonl"
        assert run("airsign-signer", "account", "export", "main", "--out", str(exported), env=env).returncode == 0
        assert run("airsign-watch", "account", "import", str(exported), env=env).returncode == 0
    out = run("airsign-watch", "ethereum", *args, *common, env=env)
    assert out.returncode == 0, out.stderr
    request_id = uuid.UUID(json.loads(request.read_text())["id"])
    # With the signer's pairing the request names its wallet; without (legacy here), it names none.
    pairing = [] if kind == "legacy" else ["--pairing", str(export_pairing(signer, tmp_path))]
    out = run("airsign-watch", "ethereum", "erc4527", str(request_id), *pairing, env=env)
    assert out.returncode == 0, out.stderr
    ur_type, cbor = ur_support.decode(out.stdout)
    assert ur_type == "eth-sign-request"
    sign_request = cbor2.loads(cbor)
    assert sign_request[1] == request_id
    assert sign_request[5].tag == 304 and sign_request[5].value[1] == (44, True, 60, True, 0, True, 0, False, 0, False)
    assert sign_request[5].value.get(2) == (None if kind == "legacy" else MASTER_FINGERPRINT)
    assert sign_request[6] == bytes.fromhex(ADDRESSES[0][2:]) and sign_request[7] == "airsign"
    key = Account.from_mnemonic(PHRASE).key
    data, data_type = sign_request[2], sign_request[3]
    if data_type in (1, 4):
        signed = Account.unsafe_sign_hash(keccak(data), key)
        recid = signed.v - 27
        v = recid if data_type == 4 else sign_request[4] * 2 + 35 + recid
        assert data_type == (1 if kind == "legacy" else 4)
    elif data_type == 3:
        signed = Account.sign_message(encode_defunct(primitive=data), key)
        v = signed.v
    else:
        signed = Account.sign_message(encode_typed_data(full_message=json.loads(data)), key)
        v = signed.v
    signature = signed.r.to_bytes(32, "big") + signed.s.to_bytes(32, "big") + v.to_bytes((v.bit_length() + 7) // 8 or 1, "big")
    answer = tmp_path / "answer.txt"
    answer.write_text(ur_support.encode("eth-signature", cbor2.dumps({1: cbor2.CBORTag(37, request_id.bytes), 2: signature, 3: "keystone"})).upper())
    final = tmp_path / "final.json"
    out = run("airsign-watch", "ethereum", "finalize", str(answer), "--out", str(final), env=env)
    assert out.returncode == 0, out.stderr
    response = json.loads(final.read_text())
    # What finalize wrote is checked as a verifier would: the transaction's sender, or the
    # signer of the message or typed data, recovered by eth-account from the written signature.
    if data_type in (1, 4):
        assert Account.recover_transaction(response["result"]["rawTransaction"]) == ADDRESSES[0]
    elif data_type == 3:
        assert data == b"Sign in to example.org"
        assert Account.recover_message(encode_defunct(primitive=data), signature=response["signature"]) == ADDRESSES[0]
    else:
        typed = json.loads((tmp_path / "typed.json").read_text())
        assert json.loads(data) == typed
        assert Account.recover_message(encode_typed_data(full_message=typed), signature=response["signature"]) == ADDRESSES[0]


def test_a_malformed_eth_signature_is_bad_input(signer, tmp_path):
    """A scanned eth-signature whose fields are not what ERC-4527 says (a signature that is
    not bytes) is refused by `ethereum finalize` as bad input: exit 3, one error line."""
    env, _ = signer
    request = tmp_path / "request.json"
    out = run("airsign-watch", "ethereum", "sign-message", "--chain-id", "1", "--message", "hello", "--from", ADDRESSES[0],
              "--out", str(request), env=env)
    assert out.returncode == 0, out.stderr
    request_id = uuid.UUID(json.loads(request.read_text())["id"])
    answer = tmp_path / "answer.txt"
    answer.write_text(ur_support.encode("eth-signature", cbor2.dumps({1: cbor2.CBORTag(37, request_id.bytes), 2: "not bytes"})))
    out = run("airsign-watch", "ethereum", "finalize", str(answer), "--out", str(tmp_path / "final.json"), env=env)
    assert out.returncode == 3, out.stderr
    errors = [line for line in out.stderr.splitlines() if line.startswith("airsign-watch: error:")]
    assert len(errors) == 1 and "eth-signature" in errors[0], out.stderr
    assert not (tmp_path / "final.json").exists()


def export_pairing(signer, tmp_path):
    """The signer's ur:crypto-hdkey pairing, as a file of its text."""
    env, pin = signer
    path = tmp_path / "pairing.txt"
    out = run("airsign-signer", "account", "export", "main", "--format", "crypto-hdkey", "--pin-file", str(pin), "--out", str(path), env=env)
    assert out.returncode == 0, out.stderr
    return path


def test_airsigns_signer_checks_the_wallet_the_watch_names(signer, tmp_path):
    """The watch's request, paired with the signer's export, is signed by Airsign's signer; the
    same request naming another wallet's fingerprint is refused; a pairing that does not derive
    the account (its chain code changed) is refused by the watch, not sent."""
    env, pin = signer
    request = tmp_path / "request.json"
    out = run("airsign-watch", "ethereum", "sign-message", "--chain-id", "1", "--message", "hello", "--from", ADDRESSES[1],
              "--out", str(request), env=env)
    assert out.returncode == 0, out.stderr
    request_id = json.loads(request.read_text())["id"]
    pairing = export_pairing(signer, tmp_path)
    out = run("airsign-watch", "ethereum", "erc4527", request_id, "--pairing", str(pairing), env=env)
    assert out.returncode == 0, out.stderr
    assert "of the wallet with fingerprint 73c5da0a" in out.stderr
    ur_type, cbor = ur_support.decode(out.stdout)
    assert cbor2.loads(cbor)[5].value[2] == MASTER_FINGERPRINT
    signed, answer = sign(signer, tmp_path, [out.stdout.strip()], name="watch")
    assert signed.returncode == 0, signed.stderr
    assert Account.recover_message(encode_defunct(text="hello"), signature=read_answer(answer)[1]) == ADDRESSES[1]

    body = cbor2.loads(cbor)
    body[5] = cbor2.CBORTag(304, {**body[5].value, 2: 0x0BADF00D})
    refused, answer = sign(signer, tmp_path, [ur_support.encode("eth-sign-request", cbor2.dumps(body))], name="other")
    assert refused.returncode == 7, refused.stderr
    errors = [line for line in refused.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and "the wallet with fingerprint 0badf00d; this signer's is 73c5da0a" in errors[0], refused.stderr
    assert not answer.exists()

    key = cbor2.loads(ur_support.decode(pairing.read_text())[1])
    key[4] = bytes(32)
    wrong = tmp_path / "wrong-pairing.txt"
    wrong.write_text(ur_support.encode("crypto-hdkey", cbor2.dumps(key)))
    out = run("airsign-watch", "ethereum", "erc4527", request_id, "--pairing", str(wrong), env=env)
    assert out.returncode == 3 and "another wallet's pairing" in out.stderr and out.stdout == "", out.stderr
