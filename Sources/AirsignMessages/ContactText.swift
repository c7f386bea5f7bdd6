/// How `contact list` shows contacts. Names are shown escaped (`MessageText.escaped`): a
/// name read from a file edited by hand, which the name rules did not vet, cannot hide a
/// character or pass a blank one off as a space.
public enum ContactText {
    /// One line per contact: chain, name and address in aligned columns.
    public static func lines(_ contacts: [Contact]) -> [String] {
        let names = contacts.map { MessageText.escaped($0.name) }
        let width = names.map(MessageText.columns(of:)).max() ?? 0
        return zip(contacts, names).map { contact, name in
            let padding = String(repeating: " ", count: max(0, width - MessageText.columns(of: name)))
            return contact.chain.rawValue + String(repeating: " ", count: max(0, 9 - contact.chain.rawValue.count))
                + "  " + name + padding + "  " + contact.address
        }
    }

    /// The contacts as the address book file holds them, on one line. When a name has a
    /// character `lines` would escape, every character beyond ASCII is written as a JSON
    /// `\u` escape: the same value for a program, nothing hidden on a terminal.
    public static func json(_ contacts: [Contact]) -> String {
        var members = MessageHeader.members(AddressBook.kind)
        members.append((key: "contacts", value: .array(contacts.map(\.json))))
        let text = String(decoding: MessageFile.serialize([.object(members)]), as: UTF8.self)
        guard contacts.contains(where: { MessageText.escaped($0.name) != $0.name }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard scalar.value >= 0x7f else {
                out.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(Character(scalar)).utf16 {
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out
    }
}
