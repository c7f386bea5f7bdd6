"""The offline signer links no networking code, and the online watch cannot reach keystore code:
checked on the built binary and on the package's module graph, so a dependency added later
cannot slip either in."""
import json
import subprocess

from conftest import ROOT, bin_dir

# libX11/libxcb talk to a display server over a socket, libdbus-1 to the D-Bus daemon (and
# brings libsystemd and libgcrypt); libzbar's shared library would bring them in, so
# AirsignTransport links libzbar.a, and CZBarNoDBus completes its image scanner's link without
# libdbus-1 (its D-Bus broadcast is never requested; docs/architecture.md).
NETWORK_LIBRARIES = ("FoundationNetworking", "libcurl", "libnghttp", "libssh", "libssl", "libgnutls", "libnss",
                     "libX11", "libxcb", "libzbar.so", "libdbus", "libsystemd", "libgcrypt")
NETWORK_MODULES = ("FoundationNetworking", "NIO", "AsyncHTTPClient", "AirsignOnline", "Network")
# What only the watch may link: the generic watch and every chain's online side, found by path
# (Sources/Chains/<Chain>/Online), so a chain added later is covered without editing this list.
# AirsignBLS12381 is not among them: the signer verifies the certificate of an ICRC-21 consent
# message with it (pure computation, no networking).
WATCH_ONLY_MODULES = ("AirsignWatch", "AirsignWatchChains")
SOCKET_SYMBOLS = {"socket", "connect", "bind", "listen", "accept", "getaddrinfo", "sendto", "recvfrom"}


def test_signer_binary_links_no_networking_library():
    signer = bin_dir() / "airsign-signer"
    libs = subprocess.run(["ldd", str(signer)], capture_output=True, text=True, check=True).stdout
    assert "libqrencode" in libs  # the check reads real output (a C library Debian ships no archive of)
    for name in NETWORK_LIBRARIES:
        assert name not in libs, f"airsign-signer links {name}:\n{libs}"
    # The binary's own undefined symbols: nothing that opens a socket.
    symbols = subprocess.run(["nm", "-D", "--undefined-only", str(signer)], capture_output=True,
                             text=True, check=True).stdout.split()
    assert SOCKET_SYMBOLS.isdisjoint(symbols), sorted(SOCKET_SYMBOLS.intersection(symbols))


def module_closure(root):
    desc = json.loads(subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT,
                                     capture_output=True, text=True, check=True).stdout)
    targets = {t["name"]: t for t in desc["targets"]}
    seen, todo = set(), [root]
    products = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        t = targets[name]
        todo.extend(t.get("target_dependencies", []))
        products.update(t.get("product_dependencies", []))
    return seen, products, targets


def online_targets(targets):
    """The targets under Sources/Chains/<Chain>/Online: a chain's builders, RPC and submit."""
    return {name for name, t in targets.items()
            if t.get("type") != "test" and "/Online" in t["path"] and t["path"].startswith("Sources/Chains/")}


def test_every_chain_has_a_signer_and_an_online_target():
    """Signer/ and Online/ in every chain; SignerCommands/ (the chain's part of airsign-signer's
    commands beside its module) where the chain has one, linked by the signer and never the watch."""
    watch, _, targets = module_closure("airsign-watch")
    signer, _, _ = module_closure("airsign-signer")
    chains = sorted({t["path"].split("/")[2] for t in targets.values() if t["path"].startswith("Sources/Chains/")})
    assert chains == ["Ethereum", "ICP", "Stellar", "Substrate"], chains
    commands = set()
    for chain in chains:
        sides = sorted(t["path"].split("/")[3] for t in targets.values()
                       if t["path"].startswith(f"Sources/Chains/{chain}/") and t.get("type") != "test")
        assert sides in (["Online", "Signer"], ["Online", "Signer", "SignerCommands"]), (chain, sides)
        commands |= {name for name, t in targets.items() if t["path"] == f"Sources/Chains/{chain}/SignerCommands"}
    # Ethereum's descriptors, tokens and pairing; Stellar's tokens; Substrate's account export.
    assert len(commands) == 3, commands
    assert commands <= signer, sorted(commands - signer)
    assert not commands & watch, sorted(commands & watch)


def test_signer_module_graph_has_no_networking():
    modules, products, targets = module_closure("airsign-signer")
    assert "AirsignCrypto" in modules
    online = online_targets(targets)
    assert len(online) == 4, online  # the check reads real paths
    assert not modules & online, f"airsign-signer depends on online targets {sorted(modules & online)}"
    for name in WATCH_ONLY_MODULES:
        assert name not in modules, f"airsign-signer depends on {name}"
    # Every chain's signer side is in the signer (the one table, AirsignChains, links them all).
    signer_sides = {name for name, t in targets.items() if t["path"].startswith("Sources/Chains/") and t["path"].endswith("/Signer")}
    assert signer_sides <= modules, sorted(signer_sides - modules)
    # BigInt is pure arithmetic (exact amounts); anything else from outside needs a look.
    assert products <= {"ArgumentParser", "BigInt"}, f"unexpected external products: {products}"
    for name in modules:
        assert name not in NETWORK_MODULES, f"airsign-signer depends on {name}"
        path = ROOT / targets[name]["path"]
        for source in path.rglob("*.swift"):
            for line in source.read_text().splitlines():
                words = line.split()
                if "import" in words:
                    imported = words[-1]
                    assert imported not in NETWORK_MODULES, f"{source}: {line.strip()}"
                    assert imported not in online and imported not in WATCH_ONLY_MODULES, f"{source}: {line.strip()}"


def test_watch_cannot_reach_keystore_code():
    modules, _, _ = module_closure("airsign-watch")
    assert "AirsignCLI" in modules
    for forbidden in ("AirsignKeystore", "AirsignSignerCLI"):
        assert forbidden not in modules, f"airsign-watch depends on {forbidden}"
