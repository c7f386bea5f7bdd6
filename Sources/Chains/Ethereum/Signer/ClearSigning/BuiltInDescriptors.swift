import AirsignEncoding

/// The signer's own ERC-7730 descriptors for the standards, matched by selector on any
/// contract: ERC-20 (transfer, approve, transferFrom, increaseAllowance), ERC-721 and ERC-1155
/// (transfers, setApprovalForAll), WETH (deposit, withdraw), ERC-4626 vaults (deposit, mint,
/// withdraw, redeem), Uniswap Permit2 (approve, permit, permitTransferFrom) and the calls that
/// carry other calls, decoded one level down with the same machinery: `multicall` and a Safe's
/// `execTransaction`. Written for Airsign after the ERC texts and the ERC-7730 registry's
/// generic descriptors (CC0); a transaction's own ERC-20 calls keep their dedicated review
/// (CallDataReview), these show them inside other calls.
extension ClearSigningDescriptor {
    /// The JSON of the signer's built-in descriptors, as written (for checks against other
    /// ERC-7730 readers).
    public static var builtInTexts: [String] { BuiltInDescriptors.texts }
}

enum BuiltInDescriptors {
    /// Every built-in calldata descriptor; built once (they are the signer's own, and valid).
    static let calls: [ClearSigningDescriptor] = texts.compactMap { text in
        guard let json = try? JSONParser().parse(Array(text.utf8)) else { return nil }
        return try? ClearSigningDescriptor(document: json, builtIn: true)
    }

    /// The unlimited threshold of `Allowance`, 2^128 − 1, as the descriptors write it.
    private static let unlimited = "0xffffffffffffffffffffffffffffffff"

    static let texts: [String] = [erc20, nfts, weth, erc4626, permit2, batches]

    static let erc20 = """
        {"context": {"$id": "ERC-20", "contract": {}}, "metadata": {"owner": "ERC-20 token"},
         "display": {"formats": {
          "transfer(address to,uint256 value)": {"intent": "Send", "fields": [
            {"path": "value", "label": "Amount", "format": "tokenAmount", "params": {"tokenPath": "@.to"}},
            {"path": "to", "label": "To", "format": "addressName"}]},
          "transferFrom(address from,address to,uint256 value)": {"intent": "Send (transferFrom)", "fields": [
            {"path": "value", "label": "Amount", "format": "tokenAmount", "params": {"tokenPath": "@.to"}},
            {"path": "from", "label": "From", "format": "addressName"},
            {"path": "to", "label": "To", "format": "addressName"}]},
          "approve(address _spender,uint256 _value)": {"intent": "Approve", "fields": [
            {"path": "_spender", "label": "Spender", "format": "addressName"},
            {"path": "_value", "label": "Amount", "format": "tokenAmount", "params": {"tokenPath": "@.to", "threshold": "\(unlimited)"}}]},
          "increaseAllowance(address spender,uint256 addedValue)": {"intent": "Increase allowance", "fields": [
            {"path": "spender", "label": "Spender", "format": "addressName"},
            {"path": "addedValue", "label": "Added amount", "format": "tokenAmount", "params": {"tokenPath": "@.to", "threshold": "\(unlimited)"}}]}
         }}}
        """

    static let nfts = """
        {"context": {"$id": "ERC-721 / ERC-1155", "contract": {}}, "metadata": {"owner": "NFT collection"},
         "display": {"formats": {
          "safeTransferFrom(address from,address to,uint256 tokenId)": {"intent": "Send NFT (ERC-721)", "fields": [
            {"path": "tokenId", "label": "NFT", "format": "nftName", "params": {"collectionPath": "@.to"}},
            {"path": "from", "label": "From", "format": "addressName"},
            {"path": "to", "label": "To", "format": "addressName"}]},
          "safeTransferFrom(address from,address to,uint256 tokenId,bytes data)": {"intent": "Send NFT (ERC-721)", "fields": [
            {"path": "tokenId", "label": "NFT", "format": "nftName", "params": {"collectionPath": "@.to"}},
            {"path": "from", "label": "From", "format": "addressName"},
            {"path": "to", "label": "To", "format": "addressName"},
            {"path": "data", "label": "Data for the recipient", "format": "raw"}]},
          "safeTransferFrom(address from,address to,uint256 id,uint256 value,bytes data)": {"intent": "Send tokens (ERC-1155)", "fields": [
            {"path": "id", "label": "Token", "format": "nftName", "params": {"collectionPath": "@.to"}},
            {"path": "value", "label": "Quantity", "format": "raw"},
            {"path": "from", "label": "From", "format": "addressName"},
            {"path": "to", "label": "To", "format": "addressName"},
            {"path": "data", "label": "Data for the recipient", "format": "raw"}]},
          "safeBatchTransferFrom(address from,address to,uint256[] ids,uint256[] values,bytes data)": {"intent": "Send tokens (ERC-1155 batch)", "fields": [
            {"path": "ids.[]", "label": "Token", "format": "nftName", "params": {"collectionPath": "@.to"}},
            {"path": "values.[]", "label": "Quantity", "format": "raw"},
            {"path": "from", "label": "From", "format": "addressName"},
            {"path": "to", "label": "To", "format": "addressName"},
            {"path": "data", "label": "Data for the recipient", "format": "raw"}]},
          "setApprovalForAll(address operator,bool approved)": {"intent": "Approve every token of the collection", "fields": [
            {"path": "operator", "label": "Operator", "format": "addressName"},
            {"path": "approved", "label": "Approved", "format": "raw"}]}
         }}}
        """

    static let weth = """
        {"context": {"$id": "WETH", "contract": {}}, "metadata": {"owner": "Wrapped ether (WETH-style)"},
         "display": {"formats": {
          "deposit()": {"intent": "Wrap (deposit the value sent)", "fields": [
            {"path": "@.value", "label": "Amount", "format": "amount"}]},
          "withdraw(uint256 wad)": {"intent": "Unwrap (withdraw)", "fields": [
            {"path": "wad", "label": "Amount", "format": "tokenAmount", "params": {"tokenPath": "@.to"}}]}
         }}}
        """

    static let erc4626 = """
        {"context": {"$id": "ERC-4626", "contract": {}}, "metadata": {"owner": "ERC-4626 vault"},
         "display": {"formats": {
          "deposit(uint256 assets,address receiver)": {"intent": "Deposit into the vault (ERC-4626)", "fields": [
            {"path": "assets", "label": "Assets (base units of the vault's asset)", "format": "raw"},
            {"path": "receiver", "label": "Shares to", "format": "addressName"}]},
          "mint(uint256 shares,address receiver)": {"intent": "Mint vault shares (ERC-4626)", "fields": [
            {"path": "shares", "label": "Shares", "format": "tokenAmount", "params": {"tokenPath": "@.to"}},
            {"path": "receiver", "label": "Shares to", "format": "addressName"}]},
          "withdraw(uint256 assets,address receiver,address owner)": {"intent": "Withdraw from the vault (ERC-4626)", "fields": [
            {"path": "assets", "label": "Assets (base units of the vault's asset)", "format": "raw"},
            {"path": "receiver", "label": "Assets to", "format": "addressName"},
            {"path": "owner", "label": "Shares of", "format": "addressName"}]},
          "redeem(uint256 shares,address receiver,address owner)": {"intent": "Redeem vault shares (ERC-4626)", "fields": [
            {"path": "shares", "label": "Shares", "format": "tokenAmount", "params": {"tokenPath": "@.to"}},
            {"path": "receiver", "label": "Assets to", "format": "addressName"},
            {"path": "owner", "label": "Shares of", "format": "addressName"}]}
         }}}
        """

    static let permit2 = """
        {"context": {"$id": "Permit2", "contract": {}}, "metadata": {"owner": "Uniswap Permit2"},
         "display": {"formats": {
          "approve(address token,address spender,uint160 amount,uint48 expiration)": {"intent": "Permit2 allowance", "fields": [
            {"path": "amount", "label": "Amount", "format": "tokenAmount", "params": {"tokenPath": "token", "threshold": "\(unlimited)"}},
            {"path": "spender", "label": "Spender", "format": "addressName"},
            {"path": "expiration", "label": "Expires", "format": "date", "params": {"encoding": "timestamp"}}]},
          "permit(address owner,((address token,uint160 amount,uint48 expiration,uint48 nonce) details,address spender,uint256 sigDeadline) permitSingle,bytes signature)": {
            "intent": "Permit2 allowance, by signature", "fields": [
            {"path": "permitSingle.details.amount", "label": "Amount", "format": "tokenAmount", "params": {"tokenPath": "permitSingle.details.token", "threshold": "\(unlimited)"}},
            {"path": "permitSingle.spender", "label": "Spender", "format": "addressName"},
            {"path": "permitSingle.details.expiration", "label": "Expires", "format": "date", "params": {"encoding": "timestamp"}},
            {"path": "owner", "label": "Owner", "format": "addressName"},
            {"path": "permitSingle.sigDeadline", "label": "Signature deadline", "format": "date", "params": {"encoding": "timestamp"}},
            {"path": "permitSingle.details.nonce", "label": "Nonce", "visible": "never"},
            {"path": "signature", "label": "Signature", "visible": "never"}]},
          "permitTransferFrom(((address token,uint256 amount) permitted,uint256 nonce,uint256 deadline) permit,(address to,uint256 requestedAmount) transferDetails,address owner,bytes signature)": {
            "intent": "Permit2 transfer, by signature", "fields": [
            {"path": "transferDetails.requestedAmount", "label": "Amount", "format": "tokenAmount", "params": {"tokenPath": "permit.permitted.token"}},
            {"path": "transferDetails.to", "label": "To", "format": "addressName"},
            {"path": "owner", "label": "From", "format": "addressName"},
            {"path": "permit.permitted.amount", "label": "Signed for up to", "format": "tokenAmount", "params": {"tokenPath": "permit.permitted.token"}},
            {"path": "permit.deadline", "label": "Deadline", "format": "date", "params": {"encoding": "timestamp"}},
            {"path": "permit.nonce", "label": "Nonce", "visible": "never"},
            {"path": "signature", "label": "Signature", "visible": "never"}]}
         }}}
        """

    static let batches = """
        {"context": {"$id": "Batches", "contract": {}}, "metadata": {"owner": "Batched calls",
          "enums": {"operation": {"0": "Call", "1": "Delegate call (DELEGATECALL)"}},
          "constants": {"addressAsNull": "0x0000000000000000000000000000000000000000"}},
         "display": {"formats": {
          "multicall(bytes[] data)": {"intent": "Multicall", "fields": [
            {"path": "data.[]", "label": "Call", "format": "calldata", "params": {"calleePath": "@.to"}}]},
          "multicall(uint256 deadline,bytes[] data)": {"intent": "Multicall", "fields": [
            {"path": "deadline", "label": "Deadline", "format": "date", "params": {"encoding": "timestamp"}},
            {"path": "data.[]", "label": "Call", "format": "calldata", "params": {"calleePath": "@.to"}}]},
          "execTransaction(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,bytes signatures)": {
            "intent": "Safe transaction", "fields": [
            {"path": "operation", "label": "Operation type", "format": "enum", "params": {"$ref": "$.metadata.enums.operation"}},
            {"path": "@.to", "label": "From Safe", "format": "addressName"},
            {"path": "data", "label": "Transaction", "format": "calldata", "params": {"calleePath": "to", "amountPath": "value", "spenderPath": "@.to"}},
            {"path": "safeTxGas", "label": "Safe transaction gas", "format": "raw"},
            {"path": "baseGas", "label": "Gas amount", "format": "raw"},
            {"path": "gasPrice", "label": "Gas price", "format": "tokenAmount", "params": {"tokenPath": "gasToken", "nativeCurrencyAddress": "$.metadata.constants.addressAsNull"}},
            {"path": "refundReceiver", "label": "Gas receiver", "format": "addressName"},
            {"path": "signatures", "label": "Signatures", "format": "raw"}]}
         }}}
        """
}
