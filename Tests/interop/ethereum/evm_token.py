"""A minimal ERC-20 token written directly in EVM assembly (nothing is compiled): enough of
ERC-20 for the end-to-end test to send tokens and read balances, small enough to read whole.

Storage: the balance of an address is kept in the slot whose number is the address.
Runtime (dispatch on the first 4 calldata bytes; anything else reverts):
  transfer(address,uint256)  a9059cbb  revert if balance[caller] < amount; move; return true
  balanceOf(address)         70a08231  return balance[addr]
  decimals()                 313ce567  return DECIMALS
  symbol()                   95d89b41  return the ABI string SYMBOL
Init code: balance[deployer] = SUPPLY, then return the runtime.
"""

OPS = {
    "STOP": 0x00, "ADD": 0x01, "SUB": 0x03, "LT": 0x10, "EQ": 0x14, "AND": 0x16, "SHR": 0x1C,
    "CALLER": 0x33, "CALLDATALOAD": 0x35, "CODECOPY": 0x39, "MSTORE": 0x52, "SLOAD": 0x54, "SSTORE": 0x55,
    "JUMPI": 0x57, "JUMPDEST": 0x5B, "DUP1": 0x80, "DUP2": 0x81, "DUP3": 0x82, "SWAP1": 0x90,
    "RETURN": 0xF3, "REVERT": 0xFD,
}

DECIMALS = 6
SYMBOL = b"TST"


def assemble(program):
    """program: mnemonics, ("PUSH", bytes), (":label",) definitions and ("PUSH2", "label")
    references. Two passes: label offsets, then bytes."""
    def size(item):
        if isinstance(item, str):
            return 1
        if item[0].startswith(":"):
            return 1  # a JUMPDEST
        if item[0] == "PUSH2":
            return 3
        return 1 + len(item[1])

    labels, offset = {}, 0
    for item in program:
        if isinstance(item, tuple) and item[0].startswith(":"):
            labels[item[0][1:]] = offset
        offset += size(item)
    out = bytearray()
    for item in program:
        if isinstance(item, str):
            out.append(OPS[item])
        elif item[0].startswith(":"):
            out.append(OPS["JUMPDEST"])
        elif item[0] == "PUSH2":
            out += bytes([0x61]) + labels[item[1]].to_bytes(2, "big")
        else:
            data = item[1]
            assert 1 <= len(data) <= 32
            out += bytes([0x5F + len(data)]) + data
    return bytes(out)


def push(value, width=None):
    if isinstance(value, bytes):
        return ("PUSH", value)
    width = width or max(1, (value.bit_length() + 7) // 8)
    return ("PUSH", value.to_bytes(width, "big"))


def ret_word():
    """Return the word on top of the stack."""
    return [push(0), "MSTORE", push(32), push(0), "RETURN"]


def runtime():
    mask = push((1 << 160) - 1, 20)
    selector = [push(0), "CALLDATALOAD", push(0xE0), "SHR"]
    dispatch = []
    for sel, label in ((0xA9059CBB, "transfer"), (0x70A08231, "balanceOf"), (0x313CE567, "decimals"), (0x95D89B41, "symbol")):
        dispatch += ["DUP1", push(sel, 4), "EQ", ("PUSH2", label), "JUMPI"]
    fail = [(":fail",), push(0), "DUP1", "REVERT"]
    balance_of = [(":balanceOf",), push(4), "CALLDATALOAD", mask, "AND", "SLOAD"] + ret_word()
    decimals = [(":decimals",), push(DECIMALS)] + ret_word()
    symbol = [(":symbol",), push(32), push(0), "MSTORE", push(len(SYMBOL)), push(32), "MSTORE",
              push(SYMBOL.ljust(32, b"\0")), push(64), "MSTORE", push(96), push(0), "RETURN"]
    transfer = [
        (":transfer",),
        "CALLER", "SLOAD",                        # [sel, bal]
        push(0x24), "CALLDATALOAD",               # [sel, bal, amt]
        "DUP1", "DUP3", "LT", ("PUSH2", "fail"), "JUMPI",  # bal < amt -> revert
        "DUP1", "DUP3", "SUB", "CALLER", "SSTORE",  # balance[caller] = bal - amt
        push(4), "CALLDATALOAD", mask, "AND",     # [sel, bal, amt, to]
        "DUP1", "SLOAD", "DUP3", "ADD",           # [sel, bal, amt, to, balance[to] + amt]
        "SWAP1", "SSTORE",                        # balance[to] += amt
        push(1),
    ] + ret_word()
    return assemble(selector + dispatch + [push(0), "DUP1", "REVERT"] + balance_of + decimals + symbol + transfer + fail)


def init_code(supply):
    code = runtime()
    # The header has a fixed size (the pushes below have fixed widths), so the runtime's
    # offset is known before assembling it.
    header = lambda offset: assemble([push(supply, 32), "CALLER", "SSTORE", push(len(code), 2), "DUP1",
                                      push(offset, 2), push(0), "CODECOPY", push(0), "RETURN"])
    offset = len(header(0))
    return header(offset) + code
