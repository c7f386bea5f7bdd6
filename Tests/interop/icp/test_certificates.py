"""The published mainnet certificate of vectors/icp_certificates.json (agent-js/agent-rs's),
verified by py_ecc from the interface spec's rules as certification.py writes them: the
delegation's certificate under the IC mainnet root key, the outer one under the subnet key the
delegation names. So the vector the Swift tests verify is checked by a BLS implementation we
did not write, and the fixture's own certificates round-trip through the same verifier."""
import json
import sys
from pathlib import Path

import cbor2

sys.path.insert(0, str(Path(__file__).parent))
import certification as c  # noqa: E402

VECTORS = json.loads((Path(__file__).parents[3] / "vectors" / "icp_certificates.json").read_text())


def test_the_mainnet_certificate_verifies_under_the_root_key():
    root = bytes.fromhex(VECTORS["mainnetRootKey"]["der"])
    assert root[:37] == c.DER_PREFIX
    certificate = cbor2.loads(bytes.fromhex(VECTORS["delegated"]["certificate"]))
    delegation = certificate["delegation"]
    inner = cbor2.loads(delegation["certificate"])
    assert "delegation" not in inner
    assert c.verify(inner["signature"], c.STATE_ROOT + c.reconstruct(inner["tree"]), root[37:])
    subnet_key = c.lookup(inner["tree"], [b"subnet", delegation["subnet_id"], b"public_key"])
    assert subnet_key[:37] == c.DER_PREFIX
    assert c.verify(certificate["signature"], c.STATE_ROOT + c.reconstruct(certificate["tree"]), subnet_key[37:])
    # One flipped bit in the signed tree: the same signature no longer verifies.
    tampered = c.STATE_ROOT + bytes([c.reconstruct(certificate["tree"])[0] ^ 1]) + c.reconstruct(certificate["tree"])[1:]
    assert not c.verify(certificate["signature"], tampered, subnet_key[37:])


def test_the_spec_example_tree_hashes_as_the_spec_says():
    tree = cbor2.loads(bytes.fromhex(VECTORS["hashTree"]["tree"]))
    pruned = cbor2.loads(bytes.fromhex(VECTORS["hashTree"]["pruned"]))
    assert c.reconstruct(tree).hex() == VECTORS["hashTree"]["rootHash"]
    assert c.reconstruct(pruned).hex() == VECTORS["hashTree"]["rootHash"]


def test_the_fixtures_certificates_verify_under_the_test_root_key():
    certifier = c.Certifier()
    state = c.labeled(b"request_status", c.empty())
    certificate = cbor2.loads(certifier.certificate(state, 1_700_000_000 * 10**9))
    inner = cbor2.loads(certificate["delegation"]["certificate"])
    root = bytes.fromhex(c.TEST_ROOT_KEY_DER_HEX)[37:]
    assert c.verify(inner["signature"], c.STATE_ROOT + c.reconstruct(inner["tree"]), root)
    key = c.lookup(inner["tree"], [b"subnet", c.Certifier.SUBNET_ID, b"public_key"])[37:]
    assert c.verify(certificate["signature"], c.STATE_ROOT + c.reconstruct(certificate["tree"]), key)
