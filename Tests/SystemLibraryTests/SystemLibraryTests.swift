import CPNG
import CQREncode
import CZBar
import Testing

/// The transport's C libraries link and answer; the crypto ones are exercised by
/// AirsignCryptoTests.
@Suite struct SystemLibraryTests {
    @Test func qrencodeEncodesAndReportsItsVersion() throws {
        let version = String(cString: QRcode_APIVersionString())
        #expect(version.hasPrefix("4."))
        let code = try #require(QRcode_encodeString8bit("airsign", 0, QR_ECLEVEL_M))
        defer { QRcode_free(code) }
        #expect(code.pointee.version >= 1)
        #expect(code.pointee.width == code.pointee.version * 4 + 17)
    }

    @Test func zbarReportsItsVersion() {
        var major: UInt32 = 0, minor: UInt32 = 0, patch: UInt32 = 0
        #expect(zbar_version(&major, &minor, &patch) == 0)
        #expect(major == 0 && minor >= 23)
    }

    @Test func libpngReportsItsVersion() {
        #expect(png_access_version_number() >= 10600)
    }
}
