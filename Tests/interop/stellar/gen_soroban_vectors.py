"""Writes vectors/stellar_soroban.json: Soroban known answers for the Swift tests, so they run
without the interop venv. Run from the repository root with .venv-stellar/bin/python; the
output is deterministic (fixed keys, Ed25519 is deterministic).

- Stellar Asset Contract ids: published addresses (Stellar docs: native XLM on pubnet and
  testnet; Circle: USDC on pubnet), checked here against stellar-sdk's Asset.contract_id.
- An authorization entry signed by stellar_sdk.auth.authorize_entry, with the inputs of
  py-stellar-base tests/test_auth.py::test_sign_authorize_entry_with_xdr_entry_and_keypair_signer.
- A Stellar Asset Contract transfer of 12.5 XLM as stellar-sdk 16.1.1 builds, hashes and signs it.
"""
import json
import sys

import stellar_sdk
from stellar_sdk import Address, Asset, InvokeHostFunction, Keypair, Network, Transaction, TransactionEnvelope, scval
from stellar_sdk import xdr as x
from stellar_sdk.auth import authorize_entry

SDK = f"stellar-sdk {stellar_sdk.__version__} (PyPI)"
published = [
    ("native", Network.PUBLIC_NETWORK_PASSPHRASE, "CAS3J7GYLGXMF6TDJBBYYSE3HQ6BBSMLNUQ34T6TZMYMW2EVH34XOWMA",
     "developers.stellar.org, Stellar Asset Contract: the native XLM contract on Mainnet"),
    ("native", Network.TESTNET_NETWORK_PASSPHRASE, "CDLZFC3SYJYDZT7K67VZ75HPJVIEUVNIXF47ZG2FB2RMQQVU2HHGCYSC",
     "developers.stellar.org, Stellar Asset Contract: the native XLM contract on Testnet"),
    ("USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN", Network.PUBLIC_NETWORK_PASSPHRASE,
     "CCW67TSZV3SSS2HXMBQ5JFGCKJNXKZM7UQUWUZPUTHXSTZLEO7SJMI75", "Circle, USDC on Stellar: the USDC contract address on Mainnet"),
]
contracts = []
for asset, network, contract, source in published:
    sdk_asset = Asset.native() if asset == "native" else Asset(*asset.split(":"))
    assert sdk_asset.contract_id(network) == contract, asset
    contracts.append({"asset": asset, "network_passphrase": network, "contract": contract, "source": source})

signer = Keypair.from_secret("SAEZSI6DY7AXJFIYA4PM6SIBNEYYXIEM2MSOTHFGKHDW32MBQ7KVO6EN")
contract_id = "CDCYWK73YTYFJZZSJ5V7EDFNHYBG4QN3VUNG2IGD27KJDDPNCZKBCBXK"
entry = x.SorobanAuthorizationEntry(
    x.SorobanCredentials(x.SorobanCredentialsType.SOROBAN_CREDENTIALS_ADDRESS, address=x.SorobanAddressCredentials(
        address=Address(signer.public_key).to_xdr_sc_address(), nonce=x.Int64(123456789),
        signature_expiration_ledger=x.Uint32(0), signature=x.SCVal(x.SCValType.SCV_VOID))),
    x.SorobanAuthorizedInvocation(
        function=x.SorobanAuthorizedFunction(
            x.SorobanAuthorizedFunctionType.SOROBAN_AUTHORIZED_FUNCTION_TYPE_CONTRACT_FN,
            contract_fn=x.InvokeContractArgs(Address(contract_id).to_xdr_sc_address(), x.SCSymbol(b"increment"),
                                             [scval.to_address(signer.public_key), scval.to_uint32(10)])),
        sub_invocations=[]))
authorization = {
    "source": "inputs of StellarCN/py-stellar-base tests/test_auth.py::test_sign_authorize_entry_with_xdr_entry_and_keypair_signer; "
              f"signed entry computed by stellar_sdk.auth.authorize_entry, {SDK}",
    "secret_seed": signer.secret, "network_passphrase": Network.TESTNET_NETWORK_PASSPHRASE, "expiration_ledger": 654656,
    "entry": entry.to_xdr(),
    "signed_entry": authorize_entry(entry, signer, 654656, Network.TESTNET_NETWORK_PASSPHRASE).to_xdr(),
}

# A SAC transfer of 12.5 XLM from the test_auth key to the test phrase's account 1 on testnet, with
# source-account authorization and the footprint a simulation gives it.
sender = Keypair.from_secret("SAEZSI6DY7AXJFIYA4PM6SIBNEYYXIEM2MSOTHFGKHDW32MBQ7KVO6EN")
receiver = "GDVSYYTUAJ3ACHTPQNSTQBDQ4LDHQCMNY4FCEQH5TJUMSSLWQSTG42MV"
sac = Asset.native().contract_id(Network.TESTNET_NETWORK_PASSPHRASE)
call = x.InvokeContractArgs(Address(sac).to_xdr_sc_address(), x.SCSymbol(b"transfer"),
                            [scval.to_address(sender.public_key), scval.to_address(receiver), scval.to_int128(125_000_000)])
host_function = x.HostFunction(x.HostFunctionType.HOST_FUNCTION_TYPE_INVOKE_CONTRACT, invoke_contract=call)
auth = x.SorobanAuthorizationEntry(
    x.SorobanCredentials(x.SorobanCredentialsType.SOROBAN_CREDENTIALS_SOURCE_ACCOUNT),
    x.SorobanAuthorizedInvocation(x.SorobanAuthorizedFunction(
        x.SorobanAuthorizedFunctionType.SOROBAN_AUTHORIZED_FUNCTION_TYPE_CONTRACT_FN, contract_fn=call), []))
def account_key(g):
    return x.LedgerKey(x.LedgerEntryType.ACCOUNT, account=x.LedgerKeyAccount(Keypair.from_public_key(g).xdr_account_id()))
instance = x.LedgerKey(x.LedgerEntryType.CONTRACT_DATA, contract_data=x.LedgerKeyContractData(
    Address(sac).to_xdr_sc_address(), x.SCVal(x.SCValType.SCV_LEDGER_KEY_CONTRACT_INSTANCE), x.ContractDataDurability.PERSISTENT))
data = x.SorobanTransactionData(
    ext=x.SorobanTransactionDataExt(0),
    resources=x.SorobanResources(footprint=x.LedgerFootprint([instance], [account_key(sender.public_key), account_key(receiver)]),
                                 instructions=x.Uint32(213_456), disk_read_bytes=x.Uint32(0), write_bytes=x.Uint32(264)),
    resource_fee=x.Int64(59_143))
tx = Transaction(sender.public_key, 4294967297, 59_243, [InvokeHostFunction(host_function, [auth])], soroban_data=data)
envelope = TransactionEnvelope(tx, Network.TESTNET_NETWORK_PASSPHRASE)
unsigned = envelope.to_xdr()
envelope.sign(sender)
transfer = {
    "source": f"built, hashed and signed with {SDK} (TransactionEnvelope.sign)", "secret_seed": sender.secret,
    "network_passphrase": Network.TESTNET_NETWORK_PASSPHRASE, "contract": sac, "unsigned": unsigned,
    "hash": envelope.hash().hex(), "signed": envelope.to_xdr(),
}

json.dump({"source": "Soroban known answers for Tests/Chains/Stellar; written by Tests/interop/stellar/gen_soroban_vectors.py",
           "asset_contracts": contracts, "authorization": authorization, "sac_transfer": transfer}, sys.stdout, indent=1)
print()
