import AirsignEncoding
import AirsignTestSupport
import Testing

@testable import AirsignICP

@Suite struct AccountTextTests {
    @Test func icrc1TextVectors() throws {
        let cases = ICPVectorFile.cases("icrc1_account_text")
        #expect(cases.count == 4)
        for v in cases {
            let owner = try Principal(text: ICPVectorFile.string(v, "owner"))
            let sub = testBytes(ICPVectorFile.string(v, "subaccount_hex"))
            let text = ICPVectorFile.string(v, "text")
            let account = try ICRC1Account(owner: owner, subaccount: sub)
            #expect(account.text == text)
            let parsed = try ICRC1Account(text: text)
            #expect(parsed.owner == owner)
            #expect(parsed.effectiveSubaccount == sub)
        }
    }

    @Test func accountIdentifiersWithSubaccounts() throws {
        for v in ICPVectorFile.cases("account_identifier") {
            let account = try ICRC1Account(
                owner: try Principal(text: ICPVectorFile.string(v, "principal_text")),
                subaccount: testBytes(ICPVectorFile.string(v, "subaccount_hex")))
            #expect(try account.accountIdentifier().hex == ICPVectorFile.string(v, "account_id"))
        }
    }

    @Test func refusesNonCanonicalAndCorruptTexts() {
        let good = "k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627i.1"
        let bad = [
            "k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627i.01",  // leading zero
            "k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627j.1",  // checksum
            "k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627i.2",  // other subaccount
            "k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae.1",  // no checksum
            "k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627i.",  // empty subaccount
            "k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6ae-6cc627i.A",  // upper case
            "k2t6j-2nvnp-4zjm3-25dtz-6xhaa-c7boj-5gayf-oj3xs-i43lp-teztq-6af",  // principal checksum
            "2vxsx-fae-aaaaaaa.0",  // all-zero subaccount spelled out
        ]
        #expect((try? ICRC1Account(text: good)) != nil)
        for text in bad {
            #expect(throws: ICPError.self, "\(text)") { try ICRC1Account(text: text) }
        }
    }

    @Test func selfAuthenticatingPrincipalsOfBothKeyKinds() throws {
        // quill's test identity (vectors/icp.json signed_envelope_example, source quill e2e/assets/identity.pem).
        let der = testBytes(
            "3056301006072a8648ce3d020106052b8104000a03420004cbb34e3b863720ac396e16aa61b58951d6fc8d01482a14bfda0cafb592cd1080014814004efa5b077fddbc805775d11a88cad004b1c027d68e6765ae990172ab"
        )
        let identity = try ICPIdentity(publicKey: Array(der.suffix(65)))
        #expect(identity.der == der)
        #expect(identity.principal.text == "fdsgv-62ihb-nbiqv-xgic5-iefsv-3cscz-tmbzv-63qd5-vh43v-dqfrt-pae")
        let ed = try ICPIdentity(publicKey: [UInt8](repeating: 7, count: 32))
        #expect(ed.der.count == 44 && ed.scheme == .ed25519)
        #expect(ed.principal.bytes.count == 29 && ed.principal.bytes.last == 2)
        #expect(throws: ICPError.self) { try ICPIdentity(publicKey: [UInt8](repeating: 7, count: 33)) }
    }
}
