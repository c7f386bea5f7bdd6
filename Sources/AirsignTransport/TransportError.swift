/// Everything that can go wrong while moving a message across the air gap, one case per cause,
/// each with a one-line message for the person at the screen (`description`).
///
/// Decoders of untrusted input (images, UR strings, bytewords, fountain parts) report only these
/// errors and never trap. `isInvalidInput` tells input that was refused (exit code 3 in the CLIs)
/// apart from failures of the machine or the request (exit code 1).
public enum TransportError: Error, Equatable, CustomStringConvertible, Sendable {
    // MARK: Text encodings

    /// Bytewords text that is not a sequence of known words, or whose 4-byte CRC-32 does not match.
    case invalidBytewords(String)
    /// A string that is not a well-formed `ur:type/…` or `ur:type/n-m/…` UR.
    case invalidUR(String)
    /// A multi-part UR whose fountain part (the CBOR `[seqNum, seqLen, messageLen, checksum, data]`)
    /// is malformed or inconsistent.
    case invalidFountainPart(String)

    // MARK: Assembling a message from frames

    /// A frame that belongs to another message than the frames before it; it is not mixed in.
    case differentMessage(String)
    /// A frame a foreign framing (UOS multipart) refuses: it cannot belong to the message
    /// being read. Unlike `differentMessage` it ends the scan.
    case refusedFrame(String)
    /// Every fragment arrived, but the reassembled message fails its CRC-32.
    case messageChecksumMismatch
    /// The frames ran out before the message was complete: distinct frames read, and about how
    /// many the message needs.
    case incompleteMessage(received: Int, expected: Int)
    /// No QR code was found in any of the inputs.
    case noQRCodeFound
    /// An empty message: there is nothing to send.
    case emptyMessage
    /// A message longer than the configured limit.
    case messageTooLong(length: Int, limit: Int)

    // MARK: Images

    /// A file that is not a PNG, PGM or PPM image we can read.
    case unreadableImage(path: String, reason: String)
    /// An image whose pixel count is beyond the decoder's limit (guards memory).
    case imageTooLarge(width: Int, height: Int, limit: Int)

    // MARK: Producing QR codes and files

    /// The QR encoder refused the input (for example, it does not fit version 40 at this level).
    case qrEncodingFailed(String)
    /// A multi-frame message written to a single `.png` file.
    case needsSeveralFrames(count: Int)
    /// An option value out of range (module size, fragment size, version, fps …).
    case invalidOption(String)
    /// Reading or writing a file failed.
    case fileError(path: String, reason: String)
    /// The terminal cannot show a whole QR code.
    case terminalTooSmall(needColumns: Int, needRows: Int, columns: Int, rows: Int)
    /// The camera could not be opened or read (best effort; see docs/transport.md).
    case cameraUnavailable(device: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidBytewords(why): return "invalid bytewords: \(why)"
        case let .invalidUR(why): return "invalid UR: \(why)"
        case let .invalidFountainPart(why): return "invalid UR fountain part: \(why)"
        case let .differentMessage(why): return "frame from a different message, ignored: \(why)"
        case let .refusedFrame(why): return "QR frames refused: \(why)"
        case .messageChecksumMismatch:
            return "the reassembled message fails its CRC-32 checksum (corrupted frames)"
        case let .incompleteMessage(received, expected) where received < expected:
            return "incomplete message: \(received) frames read, about \(expected) needed; scan the missing frames"
        case let .incompleteMessage(received, expected):
            // RaptorQ frames (UOS): enough in number, but not independent enough yet.
            return
                "incomplete message: \(received) frames read do not decode yet (about \(expected) are needed, more when frames overlap); scan more frames"
        case .noQRCodeFound: return "no QR code found in the input"
        case .emptyMessage: return "the message is empty"
        case let .messageTooLong(length, limit):
            return "message of \(length) bytes exceeds the limit of \(limit) bytes"
        case let .unreadableImage(path, why): return "\(path): not a readable PNG/PGM/PPM image: \(why)"
        case let .imageTooLarge(width, height, limit):
            return "image of \(width)×\(height) pixels exceeds the limit of \(limit) pixels"
        case let .qrEncodingFailed(why): return "cannot encode the QR code: \(why)"
        case let .needsSeveralFrames(count):
            return "the message needs \(count) QR frames: write them with --qr DIR/, --gif or --html"
        case let .invalidOption(why): return why
        case let .fileError(path, why): return "\(path): \(why)"
        case let .terminalTooSmall(needColumns, needRows, columns, rows):
            return
                "terminal too small for the QR code: need \(needColumns)×\(needRows) characters, have \(columns)×\(rows); enlarge the window or lower --max-version"
        case let .cameraUnavailable(device, why): return "camera \(device): \(why)"
        }
    }

    /// True when the input was refused (bad image, UR, frame or checksum), false when the
    /// machine or the request failed (files, terminal, camera, encoder limits).
    public var isInvalidInput: Bool {
        switch self {
        case .invalidBytewords, .invalidUR, .invalidFountainPart, .differentMessage, .refusedFrame,
            .messageChecksumMismatch, .incompleteMessage, .noQRCodeFound, .emptyMessage,
            .messageTooLong, .unreadableImage, .imageTooLarge:
            return true
        case .qrEncodingFailed, .needsSeveralFrames, .invalidOption, .fileError,
            .terminalTooSmall, .cameraUnavailable:
            return false
        }
    }
}
